"""A beam search over the rest of a player's turn (game-agnostic).

:func:`plan` looks for the best sequence of a player's next actions (their own free
choices and the sub-decisions these open) on a determinized copy of the state, and
returns the first action of the best sequence found, or ``None`` when stopping now is
best. The game supplies only knowledge: the value of a position, which actions to try
from it, which of them end the planning horizon (``stop_verbs``), which to skip
(``prune``), which positions are equivalent (``key``), where a plan may end
(``settled``) and where the search goes on (``go_on``). Actions whose outcome is random
(``chance_verbs``, e.g. a battle's dice) are valued as the mean of ``samples`` rolls,
each on a copy re-seeded from ``rng``.

>>> plan  # doctest: +ELLIPSIS
<function plan at ...>
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Hashable, Sequence

from ludus.core.actions import Action
from ludus.core.api import State
from ludus.core.rng import Rng

__all__ = ["Child", "plan"]

Child = tuple[Action, State, float]
"""One step of a plan: the action, the position it leads to, and that position's value."""


def _children(
    s: State,
    player: int,
    rng: Rng,
    value: Callable[[State], float],
    actions: Callable[[State, int], Sequence[Action]],
    settled: Callable[[State], bool],
    stop_verbs: Collection[str],
    prune: Callable[[State, Action], bool] | None,
    chance_verbs: Collection[str],
    samples: int,
) -> list[Child]:
    """Each candidate next step with the position it leads to and that position's value.

    Deterministic actions come first, in the order ``actions`` gives them; then each
    chance action, valued as the mean of ``samples`` rolls and represented by the roll
    whose value is nearest that mean.
    """
    out: list[Child] = []
    candidates = actions(s, player)
    if settled(s):
        candidates = [a for a in candidates if a.verb not in stop_verbs]
    chance: list[Action] = []
    for a in candidates:
        if prune is not None and prune(s, a):
            continue
        if a.verb in chance_verbs:
            chance.append(a)
            continue
        child = s.clone()
        child.apply(a)
        out.append((a, child, value(child)))
    for a in chance:
        rolls: list[tuple[float, State]] = []
        for _ in range(samples):
            child = s.clone()
            child.rng = Rng(rng.next())
            child.apply(a)
            rolls.append((value(child), child))
        mean = sum(v for v, _ in rolls) / len(rolls)
        rolls.sort(key=lambda x: abs(x[0] - mean))
        out.append((a, rolls[0][1], mean))
    return out


def plan(
    world: State,
    player: int,
    rng: Rng,
    *,
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
    """The first step of the best sequence of ``player``'s choices found by a beam search.

    - ``value(s)``: how good a position is (higher is better);
    - ``actions(s, player)``: the actions to try from ``s`` (in a settled position, those
      with a verb in ``stop_verbs`` are left out: they end the horizon);
    - ``prune(s, a)``: ``True`` to skip ``a``;
    - ``key(s)``: positions with equal keys are searched once (the best-valued);
    - ``settled(s)``: whether a plan may end at ``s`` (e.g. no sub-decision open);
    - ``go_on(parent, child, player)``: whether to search on from ``child``;
    - ``width`` positions are kept per step, for at most ``depth`` steps.

    Returns ``None`` when stopping now (in a settled ``world``) is best, or when no line
    reaches a settled position.
    """
    stop_allowed = settled(world)
    root = value(world)
    best_value = root if stop_allowed else -math.inf
    best_first: Action | None = None
    beam: list[tuple[float, State, Action | None]] = [(root, world, None)]
    seen: dict[Hashable, float] = {}
    for _ in range(depth):
        nxt: list[tuple[float, State, Action | None]] = []
        for _value, s, first in beam:
            for a, child, v in _children(s, player, rng, value, actions, settled, stop_verbs, prune,
                                         chance_verbs, samples):
                head = a if first is None else first
                k = key(child)
                if seen.get(k, -math.inf) >= v:
                    continue
                seen[k] = v
                if settled(child) and v > best_value:
                    best_value, best_first = v, head
                if go_on(s, child, player):
                    nxt.append((v, child, head))
        if not nxt:
            break
        nxt.sort(key=lambda x: -x[0])
        beam = nxt[:width]
    return best_first
