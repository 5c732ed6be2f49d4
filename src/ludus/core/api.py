"""The game API: :class:`Game`, :class:`State`, :class:`GameInfo`, :class:`Outcome`.

A game package subclasses :class:`Game` and :class:`State`::

    game = ludus.load("glory-to-rome", players=3, rules="classic")
    state = game.new_state(seed=7)
    while not state.is_terminal():
        seat = state.to_move()[0]
        action = state.legal_actions(seat)[0]   # only a seat's own actions are safe to show it
        events = state.apply(action)
    state.outcome()

``Game`` is immutable: the player count and the validated options. ``State`` is
mutable, plain data, with a hand-written :meth:`State.clone`.

This module gathers the API from the modules that hold it, by what they hold:

- :mod:`ludus.core.info`: :class:`GameInfo`, :class:`Outcome`, :func:`rank_by`;
  :mod:`ludus.core.options`: :class:`OptionSpec`, :class:`FrozenOptions`;
- :mod:`ludus.core.game`: :class:`Game` and :class:`State` (each names the other);
  :mod:`ludus.core.seat_check`: :func:`check_seat`; :mod:`ludus.core.facets`: the Protocols of the
  game's rooms that ``Game`` reaches (words, pictures, board, knowledge, spaces, checks);
- :mod:`ludus.core.search`: :class:`Search`, the search the agents lend a game's bot.

>>> from ludus.core.api import Game, State, rank_by
>>> Game.__module__, State.__module__, rank_by([(3,), (5,)])
('ludus.core.game', 'ludus.core.game', (2, 1))
"""

from __future__ import annotations

from ludus.core.facets import Board, Checks, Knowledge, Pictures, Spaces, Views, Words
from ludus.core.game import Game, GameT, State, StateT, _rebuild_game
from ludus.core.info import ACTION_CAP_FACTOR, GameInfo, Outcome, rank_by
from ludus.core.options import FrozenOptions, OptionSpec, OptionValue
from ludus.core.search import Search
from ludus.core.seat_check import check_seat

__all__ = [
    "ACTION_CAP_FACTOR",
    "Board",
    "Checks",
    "FrozenOptions",
    "Game",
    "GameInfo",
    "GameT",
    "Knowledge",
    "OptionSpec",
    "OptionValue",
    "Outcome",
    "Pictures",
    "Search",
    "Spaces",
    "State",
    "StateT",
    "Views",
    "Words",
    "_rebuild_game",
    "check_seat",
    "rank_by",
]
