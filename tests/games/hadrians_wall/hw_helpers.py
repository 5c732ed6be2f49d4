"""Scenario helpers shared by the Hadrian's Wall tests."""

from __future__ import annotations

import ludus
from ludus.core.actions import Action
from ludus.games.hadrians_wall.rules import BUILDING_IDS
from ludus.games.hadrians_wall.state import Board, HadriansWallState, Phase

RENOWN, PIETY, VALOUR, DISCIPLINE = range(4)
S, B, V, C, R = range(5)  # soldier, builder, servant, civilian, resource


def acting(players: int = 1, year: int = 1, seed: int = 7, **options: object) -> HadriansWallState:
    """A game in the action phase of ``year`` with empty player boards (nothing on them)."""
    game = ludus.load("hadrians-wall", players=players, **options)
    st = game.new_state(seed)
    assert isinstance(st, HadriansWallState)
    for p in range(players):
        st.apply(st.legal_actions(p)[0])
    assert st.phase is Phase.ACTIONS
    st.year = year
    for b in st.boards:
        b.items = [0, 0, 0, 0, 0]
        b.pending = []
    return st


def do(st: HadriansWallState, text: str, player: int = 0) -> None:
    """Apply the action written ``text`` for ``player``."""
    st.apply(Action.from_notation(f"{player}:{text}"))


def legal(st: HadriansWallState, player: int = 0) -> set[str]:
    """``player``'s legal actions, without the seat prefix."""
    return {str(a).split(":", 1)[1] for a in st.legal_actions(player)}


def built(b: Board, key: str) -> None:
    """Mark building ``key`` as built on board ``b``."""
    b.built[BUILDING_IDS.index(key)] = 1
