"""The search the agents layer lends to a game's greedy policy (:class:`Search`)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Sequence
from typing import Any, Protocol

from ludus.core.actions import Action
from ludus.core.rng import Rng

__all__ = ["Search", "World"]

World = Any
"""A position a search explores: a :class:`~ludus.core.game.State` (named ``Any`` here, so that this
protocol, which :class:`~ludus.core.game.Game` names, does not import the state back: no circle)."""


class Search(Protocol):
    """Game-agnostic search that the agents layer lends to a game's greedy policy.

    A game's heuristic may not import :mod:`ludus.agents` (it sits below it), so
    :class:`~ludus.agents.GreedyAgent` passes its search in: the game supplies the
    values and hints, the agents layer owns the search loops.

    ``memory`` is the lending agent's scratch space, kept across its decisions in
    one game (each agent has its own; it starts empty): a game's policy may note
    there what it did, e.g. to avoid repeating a move that made no progress. Keys
    should start with the game's id.
    """

    memory: dict[Hashable, Any]

    def best_by_lookahead(
        self,
        world: World,
        player: int,
        actions: Sequence[Action],
        value: Callable[[World, int], float],
        rng: Rng,
    ) -> Action:
        """The action whose result ``value`` rates best for ``player`` (ties broken by ``rng``)."""
        ...

    def beam_plan(
        self,
        world: World,
        player: int,
        rng: Rng,
        *,
        value: Callable[[World], float],
        actions: Callable[[World, int], Sequence[Action]],
        key: Callable[[World], Hashable],
        settled: Callable[[World], bool],
        go_on: Callable[[World, World, int], bool],
        stop_verbs: Collection[str] = (),
        prune: Callable[[World, Action], bool] | None = None,
        chance_verbs: Collection[str] = (),
        samples: int = 4,
        width: int = 5,
        depth: int = 14,
    ) -> Action | None:
        """The first action of the best sequence of ``player``'s next choices (a beam search).

        ``None`` when stopping now is best. See :func:`ludus.agents.beam.plan` for the hooks.
        """
        ...
