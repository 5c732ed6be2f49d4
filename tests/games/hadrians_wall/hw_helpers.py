"""Scenario helpers shared by the Hadrian's Wall tests (on top of ``ludus.testing.scenario``)."""

from __future__ import annotations

from collections.abc import Iterator

from ludus.core.rng import Rng
from ludus.games.hadrians_wall.components import BUILDING_IDS, Phase
from ludus.games.hadrians_wall.game import HadriansWallState
from ludus.games.hadrians_wall.state import Board
from ludus.testing.scenario import edit, play, started
from ludus.testing.scenario import legal as notations

RENOWN, PIETY, VALOUR, DISCIPLINE = range(4)
S, B, V, C, R = range(5)  # soldier, builder, servant, civilian, resource


def acting(players: int = 1, year: int = 1, seed: int = 7, **options: object) -> HadriansWallState:
    """A game in the action phase of ``year`` with empty player boards (nothing on them)."""
    st: HadriansWallState = started("hadrians-wall", players, seed, **options)
    for p in range(players):
        st.apply(st.legal_actions(p)[0])
    assert st.phase is Phase.ACTIONS
    with edit(st):
        st.year = year
        for b in st.boards:
            b.items = [0, 0, 0, 0, 0]
            b.pending = []
    return st


def do(st: HadriansWallState, text: str, player: int = 0) -> None:
    """Apply the action written ``text`` for ``player``."""
    play(st, f"{player}:{text}")


def legal(st: HadriansWallState, player: int = 0) -> set[str]:
    """``player``'s legal actions, without the seat prefix."""
    return {text.split(":", 1)[1] for text in notations(st, player)}


def pending(b: Board) -> list[str]:
    """``b``'s pending decisions as saved (next first): ``["place:I", "cohort"]``."""
    return [str(d) for d in reversed(b.pending)]


def built(b: Board, key: str) -> None:
    """Mark building ``key`` as built on board ``b``."""
    b.built[BUILDING_IDS.index(key)] = 1


def positions(
    players: int, seed: int, every: int, rng_offset: int, end: bool = True, **options: object
) -> Iterator[HadriansWallState]:
    """Positions of one seeded random game (moves drawn with ``Rng(seed + rng_offset)``): every
    ``every`` actions, each Path choice, and (with ``end``) the finished game."""
    st: HadriansWallState = started("hadrians-wall", players, seed, **options)
    rng = Rng(seed + rng_offset)
    step = 0
    while not st.is_terminal():
        if step % every == 0 or st.phase is Phase.CHOOSE:
            yield st
        movers = st.to_move()
        legal = st.legal_actions(movers[rng.randbelow(len(movers))])
        st.apply(legal[rng.randbelow(len(legal))])
        step += 1
    if end:
        yield st
