"""One action ahead: try each action on a copy and keep the best-valued (game-agnostic)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Sequence

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


class AgentSearch:
    """The agents layer's search, lent to a game's greedy policy (see :class:`ludus.core.api.Search`)."""

    def best_by_lookahead(
        self, world: State, player: int, actions: Sequence[Action], value: Value, rng: Rng
    ) -> Action:
        """See :func:`best_by_lookahead`."""
        return best_by_lookahead(world, player, actions, value, rng)

    def beam_plan(
        self, world: State, player: int, rng: Rng, *,
        value: Callable[[State], float],
        actions: Callable[[State, int], Sequence[Action]],
        key: Callable[[State], Hashable],
        settled: Callable[[State], bool],
        go_on: Callable[[State, State, int], bool],
        stop_verbs: Collection[str] = (),
        prune: Callable[[State, Action], bool] | None = None,
        chance_verbs: Collection[str] = (),
        samples: int = 4,
        width: int = 5,
        depth: int = 14,
    ) -> Action | None:
        """See :func:`ludus.agents.beam.plan`."""
        return beam.plan(world, player, rng, value=value, actions=actions, key=key, settled=settled, go_on=go_on,
                         stop_verbs=stop_verbs, prune=prune, chance_verbs=chance_verbs, samples=samples,
                         width=width, depth=depth)


SEARCH = AgentSearch()
"""The search every :class:`~ludus.agents.GreedyAgent` lends to its game."""
