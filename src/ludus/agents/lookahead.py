"""One action ahead: try each action on a copy and keep the best-valued (game-agnostic)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from ludus.agents import beam
from ludus.core.actions import Action
from ludus.core.api import State
from ludus.core.rng import Rng

__all__ = ["SEARCH", "AgentSearch", "Value", "best_by_lookahead"]

Value = Callable[[State, int], float]
"""A heuristic: the value of a state for a seat (higher is better)."""


def best_by_lookahead(world: State, player: int, actions: Sequence[Action], value: Value, rng: Rng) -> Action:
    """The action of ``actions`` whose result ``value`` rates best for ``player``.

    Each action is applied to a clone of ``world`` (a determinized state: the
    caller never lets a bot peek); ties are broken with ``rng``.
    """
    best: list[Action] = []
    best_value = float("-inf")
    for action in actions:
        after = world.clone()
        after.apply(action)
        v = value(after, player)
        if v > best_value:
            best, best_value = [action], v
        elif v == best_value:
            best.append(action)
    return best[rng.randbelow(len(best))]


@mypyc_attr(allow_interpreted_subclasses=True)
class AgentSearch:
    """The agents layer's search, lent to a game's greedy policy (see :class:`ludus.core.api.Search`).

    Each instance has its own ``memory`` (the policy's notes across one agent's decisions).
    ``breadth`` widens the game's beam plans: ``breadth`` times the lines kept at each step and
    the rolls sampled for a chance action (1: as the game asks).
    """

    best_by_lookahead = staticmethod(best_by_lookahead)

    def __init__(self, breadth: int = 1) -> None:
        if breadth < 1:
            raise ValueError(f"need breadth >= 1, got {breadth}")
        self.memory: dict[Hashable, Any] = {}
        self.breadth = breadth

    def beam_plan(self, world: State, player: int, rng: Rng, *, samples: int = 4, width: int = 5,
                  **hooks: Any) -> Action | None:
        """:func:`ludus.agents.beam.plan` (the game's ``hooks``), ``width`` and ``samples`` times
        ``breadth``."""
        return beam.plan(world, player, rng, samples=samples * self.breadth, width=width * self.breadth,
                         **hooks)


SEARCH = AgentSearch()
"""A shared search for one-off calls of a game's greedy policy (its memory is shared too).

Each :class:`~ludus.agents.GreedyAgent` lends its own :class:`AgentSearch`.
"""
