"""Evaluation and a greedy policy for Hadrian's Wall bots.

``evaluate`` estimates the final score: attribute VP and Path VP already earned, minus the
Disdain penalty, plus the worth of what will still pay off (production circles, Hotels,
Workshops and Roads for the Years left, track progress that unlocks buildings, Cohorts
ready for the coming attack, unused Favours). Workers left on the board are worth almost
nothing, because they return to the supply at the end of the Year.

The greedy policy (``HadriansWall.greedy_action``) looks one action ahead on a determinized
copy with the agents' search (it never peeks at the Fate deck): :func:`policy_hint` settles
the choices that need no search (Paths by :data:`PATH_PRIOR`, Favours), and
:func:`lookahead_value` rates each result, rating an ended Year just below the present
position so the bot ends the Year when nothing improves the estimate. A Market purchase
(the source, then the hexagon) and a pattern's place (its orientation, then its position)
are two decisions each: :func:`best_plan` rates the pair together, as when it was one
action, and :func:`planned` then gives the second step it chose.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, MutableMapping, Sequence
from functools import cache
from math import factorial
from typing import Any

from ludus.core.actions import Action
from ludus.core.rng import Rng

from .components import (
    ACTIONS,
    ATTACK_POTENTIAL,
    CHOOSE,
    FAVOUR,
    HOTELS,
    OVER,
    ROADS,
    WORKSHOPS,
    YEARS,
    Verb,
    shape_of,
)
from .config import placements
from .decisions import CohortChoice, PlacePattern
from .scoring import disdain_penalty, path_vp
from .state import Board, HadriansWallData

_HOTELS_WORKSHOPS = (*HOTELS, *WORKSHOPS)
_ROADS = ROADS
PATH_PRIOR = {
    "forager": 1.6, "engineer": 1.4, "aristocrat": 0.95, "pontiff": 0.9, "planner": 0.9,
    "ranger": 0.8, "vanguard": 0.8, "merchant": 0.6, "defender": 0.6, "trainer": 0.2,
    "fighter": 0.1, "architect": 0.0,
}
"""How readily a greedy player reaches each Path's thresholds (VP it usually scores)."""


_MAX_CARDS = 16


@cache
def expected_disdain(cards: int, boxes: tuple[int, ...], spare: int, potential: int) -> float:
    """Expected Disdain from ``cards`` attack cards (each Cohort with probability 1/3).

    ``boxes`` are the filled boxes per Cohort (sorted; Diplomat Favours count as boxes),
    ``spare`` the Temple Favours, ``potential`` the Year's grey flag.
    """
    total = 0.0
    third = 1.0 / 3.0
    for x in range(cards + 1):
        for y in range(cards - x + 1):
            z = cards - x - y
            weight = factorial(cards) / (factorial(x) * factorial(y) * factorial(z)) * third**cards
            breaches = max(0, x - boxes[0]) + max(0, y - boxes[1]) + max(0, z - boxes[2])
            total += weight * min(max(0, breaches - spare), potential)
    return total


def _diplomat_cover(b: Board, c: int) -> int:
    return sum(2 - used for served, used in zip(b.diplomats, b.diplomat_used) if served == c)


def evaluate(st: HadriansWallData, player: int) -> float:
    """Estimated final VP of ``player`` (higher is better)."""
    b = st.boards[player]
    value = float(sum(b.attrs))
    value += sum(path_vp(b, c) for c in b.paths)
    value -= disdain_penalty(b.final_disdain())
    if st.phase is OVER:
        return value
    years_left = YEARS - st.year
    built = b.built
    value += 0.7 * (b.production - 1) * years_left
    value += 0.6 * sum(built[k] for k in _HOTELS_WORKSHOPS) * years_left
    value += 1.0 * sum(built[k] for k in _ROADS) * years_left
    value += 0.6 * sum(built) + 0.3 * (built[0] + built[1]) * years_left
    value += 0.2 * (b.mining + b.guard + b.cippi + b.wall) + 0.4 * b.fort
    value += 0.25 * sum(b.citizens) + 0.25 * b.temple_filled + 0.5 * (b.strength[0] + b.strength[1])
    value += 0.3 * sum(1 for g in b.market if g) + 0.15 * bin(b.map).count("1")
    value += 0.2 * sum(1 for y in b.theatre if y) + 0.2 * sum(1 for y in b.court if y)
    value += 0.9 * (b.temple_favours - b.temple_used) + 0.7 * sum(2 - u for u in b.diplomat_used)
    # Defence: expected breaches of this Year's attack and (less urgently) of later ones.
    if st.phase is not FAVOUR:
        cards = st.cfg.attack_cards
        spare = b.temple_favours - b.temple_used
        cohorts = b.cohorts[:]
        for pending in b.pending:
            if type(pending) is CohortChoice:  # a pending Cohort icon will fill the weakest Cohort
                weakest = min(range(3), key=lambda c: cohorts[c] if cohorts[c] < 6 else 99)
                cohorts[weakest] = min(6, cohorts[weakest] + 1)
        extra = st.cfg.extra_attack_cards + sum(st.neutral_items) + st.extra_attack
        boxes = tuple(sorted(k + _diplomat_cover(b, c) for c, k in enumerate(cohorts)))
        for year in range(st.year, YEARS + 1):
            n = min(cards[year - 1] + extra, _MAX_CARDS)
            weight = 4.0 if year == st.year else 1.2
            value -= weight * expected_disdain(n, boxes, min(spare, 4), ATTACK_POTENTIAL[year - 1])
    value += sum(1.0 for pending in b.pending if type(pending) is not CohortChoice)
    value += 0.02 * sum(b.items)
    return value


def policy_hint(st: HadriansWallData, actions: list[Action]) -> Action | None:
    """The greedy choice where no search is needed, else ``None``.

    Favours: spend one whenever one is offered. Path and Prospect: keep as Path the card
    with the best :data:`PATH_PRIOR`. A single legal action is taken.
    """
    if not actions:
        return None
    if len(actions) == 1:
        return actions[0]
    if st.phase is FAVOUR:
        for a in actions:
            if a.verb == "favour":
                return a
        return actions[-1]
    if st.phase is CHOOSE:
        return max(actions, key=lambda a: (PATH_PRIOR.get(str(a.args[0]), 0.0), str(a.args[0])))
    return None


def lookahead_value(world: HadriansWallData, player: int) -> Callable[[Any, int], float]:
    """How the one-action lookahead from ``world`` rates a result, for the agents' search.

    A result where ``player`` has ended the Year is rated just below ``world`` itself (so the
    bot ends the Year when nothing else improves the estimate); any other result by
    :func:`evaluate`, rounded to 9 decimals so that values equal but for rounding noise tie.
    """
    ended = round(evaluate(world, player) - 0.01, 9)

    def value(after: Any, seat: int) -> float:
        if after.phase is not ACTIONS or after.boards[seat].done:
            return ended
        return round(evaluate(after, seat), 9)

    return value


_PLANNED = "hadrians-wall:planned"
"""The key of the second step :func:`best_plan` chose with the first, in the search's memory."""


def best_plan(world: Any, player: int, actions: Sequence[Action], rng: Rng,
              memory: MutableMapping[Hashable, Any]) -> Action:
    """The best of ``actions`` one whole decision ahead on the determinized ``world``.

    A Market source (``buy``) is rated by its best hexagon: every (source, hexagon) pair is
    applied and rated, as when a purchase was one action. A pattern's orientation (``turn``)
    is rated by its best place: every placement, in the order the placements were listed
    when they were one decision. Ties are broken by ``rng`` (one draw, as in the agents'
    ``best_by_lookahead``), so the bot chooses as it did before the split. The second step
    of the chosen pair is kept in ``memory`` for :func:`planned`.
    """
    value = lookahead_value(world, player)
    best: list[tuple[Action, Action | None]] = []
    best_value = float("-inf")
    for first, second in _pairs(world, player, actions):
        after = world.clone()
        after.apply(first)
        if second is not None:
            after.apply(second)
        v = value(after, player)
        if v > best_value:
            best, best_value = [(first, second)], v
        elif v == best_value:
            best.append((first, second))
    first, second = best[rng.randbelow(len(best))]
    memory[(_PLANNED, player)] = second
    return first


def _pairs(world: Any, player: int, actions: Sequence[Action]) -> list[tuple[Action, Action | None]]:
    """The candidates of :func:`best_plan`: each action, a two-step decision with each second step."""
    b = world.boards[player]
    table = world.cfg.tables[player]
    top = b.pending[-1] if b.pending else None
    if type(top) is PlacePattern and actions and actions[0].verb == Verb.TURN:
        offered = set(actions)
        return [(table.turn[shape_of(m)], table.place[m]) for m in placements(top.pattern)
                if not m & b.map and table.turn[shape_of(m)] in offered]
    pairs: list[tuple[Action, Action | None]] = []
    for action in actions:
        if action.verb != Verb.BUY:
            pairs.append((action, None))
            continue
        after = world.clone()
        after.apply(action)
        pairs.extend((action, second) for second in after.legal_actions(player))
    return pairs


def planned(player: int, actions: Sequence[Action], memory: MutableMapping[Hashable, Any]) -> Action | None:
    """The second step :func:`best_plan` chose with the first, if it is one of ``actions``."""
    second = memory.pop((_PLANNED, player), None)
    return second if second in actions else None
