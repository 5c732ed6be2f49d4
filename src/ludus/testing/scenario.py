"""Scenario helpers for rule tests: start a game, edit it by hand, play notations.

Tests read as the rulebook's examples and never touch a state's private caches::

    s = started("trajan", players=2)
    with edit(s):                       # caches are reset on exit, whatever the game
        s.trays[0][5] = [1, 1, 0, 0, 0, 0]
    play(s, "0:take trajan", "0:sow blue")
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from ludus.core.api import State
from ludus.core.engine import RulesState
from ludus.core.events import Event
from ludus.core.registry import load

__all__ = ["conserved", "edit", "legal", "play", "started"]

S = TypeVar("S", bound=State)


def started(game_id: str, players: int | None = None, seed: int = 0, **options: Any) -> Any:
    """A new state of ``game_id`` (typed ``Any`` so a test reaches the game's fields)."""
    return load(game_id, players, **options).new_state(seed)


@contextmanager
def edit(state: S) -> Iterator[S]:
    """Change ``state``'s fields by hand; its caches are reset when the block ends."""
    if isinstance(state, RulesState):
        with state.edit():
            yield state
    else:
        yield state


def play(state: State, *notations: str) -> list[Event]:
    """Apply each action notation in turn (the seat prefix may be left out); return all events."""
    events: list[Event] = []
    for text in notations:
        events += state.apply(state.game.parse_action(state, text))
    return events


def legal(state: State, player: int | None = None) -> list[str]:
    """The legal actions (of ``player``) as notations."""
    return [str(a) for a in state.legal_actions(player)]


def conserved(state: State) -> None:
    """Raise ``AssertionError`` listing every broken conservation invariant of ``state``."""
    broken = state.game.invariant_violations(state)
    assert not broken, "; ".join(broken)
