"""The state of a game of Pandemic: Fall of Rome: its data, each field declared once.

Board arrays are indexed by city (``legions``, ``forts``) or by ``city * 5 + tribe``
(``cubes``). Decks are lists with the top card last. ``pending`` is a stack of typed
sub-decisions (:mod:`~ludus.games.fall_of_rome.decisions`; the last one is decided first).
``clone``/``to_json``/``from_json`` are generated from the annotations
(:func:`ludus.core.fields.plain_state`); the JSON keeps the key order of ludus 0.1.0.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any

from ludus.core.api import Game
from ludus.core.decisions import Decision
from ludus.core.errors import StateError
from ludus.core.fields import LoadWith, PlainData, SavedByName, Shared, plain_state
from ludus.core.i18n import N_
from ludus.core.rng import Rng
from ludus.games.fall_of_rome.components import DOMAIN, Phase
from ludus.games.fall_of_rome.config import FallOfRomeConfig

DecisionLoader = Callable[[Mapping[str, Any]], Decision]
_LOADERS: dict[str, DecisionLoader] = {}


def register_decision_loader(kind: str, loader: DecisionLoader) -> None:
    """How a pending decision of JSON kind ``k`` is rebuilt (decisions.py registers each kind)."""
    _LOADERS[kind] = loader


class PendingJson:
    """The JSON codec of ``pending`` entries (the decision classes sit above this module)."""

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Decision:
        """Rebuild a decision from its ``to_json`` dict."""
        loader = _LOADERS.get(str(data["k"])[:40])
        if loader is None:
            raise StateError(N_("state field 'pending': unknown sub-decision {kind!r}"), domain=DOMAIN,
                             kind=str(data["k"])[:40])
        return loader(data)


@plain_state
class FallOfRomeData(PlainData):
    """The fields of a game of Pandemic: Fall of Rome (behaviour lives in ``rules/``).

    Declared in the key order of the JSON saved by ludus 0.1.0 (the phase by its name).
    """

    game: Shared[Game[Any]]
    cfg: Shared[FallOfRomeConfig]
    rng: Rng
    roles: list[int]
    pawn_city: list[int]
    treasury: list[int]
    cubes: list[int]
    legions: list[int]
    forts: list[int]
    supply: list[int]
    allied: list[int]
    pdeck: list[int]
    piles: list[int]
    pdiscard: list[int]
    bdeck: list[int]
    bdiscard: list[int]
    bremoved: list[int]
    vdeck: list[int]
    box_events: list[int]
    pbox: list[int]
    refused: list[str]
    seats: int
    solo: bool
    caput: bool
    reserve: int
    fort_supply: int
    rate: int
    decline: int
    pknown: int
    box_revolts: int
    phase: SavedByName[Phase]
    cur: int
    setup_seat: int
    actions_left: int
    mercator_used: bool
    regina_used: bool
    alea: int
    alea_seat: int
    """Who played Alea Iacta Est (sets the dice); -1: the battling player."""
    inv_reduce: int
    inv_skip: bool
    drawn: bool
    invasions_left: int
    pending_revolts: int
    battle_city: int
    battle_removed: int
    result: str
    turn: int
    actions_taken: int
    hands: list[list[int]]
    bsegs: list[list[int]]
    pending: Annotated[list[Decision], LoadWith(PendingJson.from_json)]
