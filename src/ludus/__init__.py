"""ludus: Roman-era board games with their complete printed rules.

>>> import ludus
>>> isinstance(ludus.games(), list)
True
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.api import Game, GameInfo, OptionSpec, Outcome, State
from ludus.core.board import draw as svg
from ludus.core.errors import (
    IllegalActionError,
    LudusError,
    NotationError,
    OptionError,
    RecordError,
    StateError,
    UnknownGameError,
)
from ludus.core.events import Event
from ludus.core.record import ENGINE_VERSION, GameRecord, replay
from ludus.core.registry import games, load, register
from ludus.core.rng import Rng

__version__ = ENGINE_VERSION

__all__ = [
    "Action",
    "Event",
    "Game",
    "GameInfo",
    "GameRecord",
    "IllegalActionError",
    "LudusError",
    "NotationError",
    "OptionError",
    "OptionSpec",
    "Outcome",
    "RecordError",
    "Rng",
    "State",
    "StateError",
    "UnknownGameError",
    "games",
    "load",
    "register",
    "replay",
    "svg",
]
