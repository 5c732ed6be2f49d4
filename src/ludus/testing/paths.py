"""Duplicate paths: two different action sequences that make the same decision.

A compound decision (a petition of three cards, a march and then its legions) is
asked as a chain of small choices. The chain must not offer two ways to the same
result — {Forum, Stairway} chosen as Forum then Stairway and as Stairway then
Forum — or a person sees the same choice twice and a bot searches it twice.

:func:`duplicate_paths` walks every chain ``seat`` can start now: an action that
opens a sub-decision (the seat's decision stack grows) is followed by the answers
to it, until the stack is back to where it started or the seat no longer moves.
Two different chains that end in the same state are reported. Orders of
*separate* decisions (two marches in one turn) are not compared: they are
different decisions that happen to commute, and the rulebooks allow either order.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludus.core.api import State
from ludus.core.engine import RulesState

__all__ = ["DuplicatePath", "duplicate_paths"]

DEPTH = 6
"""The longest chain followed (a petition of at most three cards is four steps)."""
NODES = 3000
"""The most states visited from one starting state (the check stays cheap)."""


@dataclass(frozen=True, slots=True)
class DuplicatePath:
    """Two chains of ``seat`` that end in the same state."""

    seat: int
    first: tuple[str, ...]
    second: tuple[str, ...]

    def __str__(self) -> str:
        return f"seat {self.seat}: {' / '.join(self.first)}  ==  {' / '.join(self.second)}"


def duplicate_paths(state: State, seat: int, depth: int = DEPTH, nodes: int = NODES) -> list[DuplicatePath]:
    """Pairs of different decision chains of ``seat`` from ``state`` that reach the same state.

    ``state`` is not changed. Chains longer than ``depth`` and visits beyond ``nodes``
    are not explored (the answer is then about the part explored).
    """
    if state.is_terminal() or seat not in state.to_move():
        return []
    base = _stack_depth(state, seat)
    ends: dict[str, tuple[str, ...]] = {}
    found: list[DuplicatePath] = []
    budget = [nodes]

    def walk(current: State, chain: tuple[str, ...]) -> None:
        for action in current.legal_actions(seat):
            if budget[0] <= 0:
                return
            budget[0] -= 1
            after = current.clone()
            after.apply(action)
            path = (*chain, str(action))
            open_ = not after.is_terminal() and seat in after.to_move() and _stack_depth(after, seat) > base
            if open_ and len(path) < depth:
                walk(after, path)
                continue
            if open_:
                continue  # too long to follow: not compared
            digest = after.digest()
            other = ends.setdefault(digest, path)
            if other != path:
                found.append(DuplicatePath(seat, other, path))

    walk(state, ())
    return found


def _stack_depth(state: State, seat: int) -> int:
    """How many decisions are pending for ``seat`` (0 for a game without a decision stack)."""
    if isinstance(state, RulesState):
        return len(state._decisions(seat))  # the engine's own hook, read only
    return 0
