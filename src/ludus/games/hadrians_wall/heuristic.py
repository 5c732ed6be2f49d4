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
from math import factorial, tanh
from typing import Any

from ludus.core.actions import Action
from ludus.core.api import Search
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

_H0, _H1 = HOTELS
_W0, _W1 = WORKSHOPS
_R0, _R1 = ROADS
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


_Weights = tuple[float, float]
"""The weights of the expected Disdain of this Year's attack and of each later one."""
_GREEDY: _Weights = (4.0, 1.2)
""":func:`evaluate`'s: this Year's attack is urgent (the greedy bot looks one action ahead)."""
SEARCH_DEFENCE = 2.0
""":func:`estimates_for_search`'s weight of every attack still to come (the same weight for
this Year's and the later ones, so the value does not jump when a Year ends)."""
_SEARCH: _Weights = (SEARCH_DEFENCE, SEARCH_DEFENCE)

_DEFENCE: dict[tuple[tuple[int, ...], int, int, tuple[int, ...], int, _Weights], float] = {}
"""The defence term by (attack cards per Year, Year, extra cards, boxes, spare, weights)."""


def _defence(cards: tuple[int, ...], year: int, extra: int, boxes: tuple[int, ...], spare: int,
             weights: _Weights) -> float:
    """Expected Disdain of this Year's attack and of the later ones, weighted by ``weights``."""
    key = (cards, year, extra, boxes, spare, weights)
    value = _DEFENCE.get(key)
    if value is None:
        value = 0.0
        for y in range(year, YEARS + 1):
            n = min(cards[y - 1] + extra, _MAX_CARDS)
            weight = weights[0] if y == year else weights[1]
            value += weight * expected_disdain(n, boxes, spare, ATTACK_POTENTIAL[y - 1])
        _DEFENCE[key] = value
    return value


def _estimate(st: HadriansWallData, b: Board, defend: bool, extra: int, weights: _Weights = _GREEDY) -> float:
    """Estimated final VP of board ``b`` before the end (see :func:`evaluate`)."""
    value = float(sum(b.attrs))
    for c in b.paths:
        value += path_vp(b, c)
    value -= disdain_penalty(b.disdain - b.disdain_removed)
    years_left = YEARS - st.year
    built = b.built
    value += years_left * (
        0.7 * (b.production - 1)
        + 0.6 * (built[_H0] + built[_H1] + built[_W0] + built[_W1])
        + built[_R0] + built[_R1]
        + 0.3 * (built[0] + built[1])
    )
    value += 0.6 * sum(built)
    value += 0.2 * (b.mining + b.guard + b.cippi + b.wall) + 0.4 * b.fort
    value += 0.25 * (sum(b.citizens) + b.temple_filled) + 0.5 * (b.strength[0] + b.strength[1])
    market, theatre, court = b.market, b.theatre, b.court
    value += 0.3 * (len(market) - market.count(0)) + 0.15 * b.map.bit_count()
    value += 0.2 * (len(theatre) - theatre.count(0) + len(court) - court.count(0))
    spare = b.temple_favours - b.temple_used
    used = b.diplomat_used
    value += 0.9 * spare + 0.7 * (2 * len(used) - sum(used))
    pending = b.pending
    cohorts = b.cohorts
    if pending:
        cohorts = cohorts[:]
        for decision in pending:
            if type(decision) is CohortChoice:  # a pending Cohort icon will fill the weakest Cohort
                if defend:
                    weakest = min(range(3), key=lambda c: cohorts[c] if cohorts[c] < 6 else 99)
                    cohorts[weakest] = min(6, cohorts[weakest] + 1)
            else:
                value += 1.0
    if defend:
        # Defence: expected breaches of this Year's attack and (less urgently) of later ones.
        if b.diplomats:
            cover = cohorts[:]
            for served, spent in zip(b.diplomats, used):
                cover[served] += 2 - spent
            boxes = tuple(sorted(cover))
        else:
            boxes = tuple(sorted(cohorts))
        value -= _defence(st.cfg.attack_cards, st.year, extra, boxes, min(spare, 4), weights)
    return value + 0.02 * sum(b.items)


def _extra_cards(st: HadriansWallData) -> int:
    return st.cfg.extra_attack_cards + sum(st.neutral_items) + st.extra_attack


def evaluate(st: HadriansWallData, player: int) -> float:
    """Estimated final VP of ``player`` (higher is better).

    At the end of the game, the score. Before: the score so far (attributes, Path VP, the
    Disdain penalty) plus what will still pay off, minus the expected Disdain of the Pict
    attacks still to come (outside the Favour phase).
    """
    b = st.boards[player]
    if st.phase is OVER:
        return float(sum(b.attrs) + sum(path_vp(b, c) for c in b.paths) - disdain_penalty(b.final_disdain()))
    defend = st.phase is not FAVOUR
    return _estimate(st, b, defend, _extra_cards(st) if defend else 0)


def estimates(st: HadriansWallData) -> list[float]:
    """:func:`evaluate` of every seat, sharing the work of the table (the Year, the attack)."""
    if st.phase is OVER:
        return [float(sum(b.attrs) + sum(path_vp(b, c) for c in b.paths) - disdain_penalty(b.final_disdain()))
                for b in st.boards]
    defend = st.phase is not FAVOUR
    extra = _extra_cards(st) if defend else 0
    return [_estimate(st, b, defend, extra) for b in st.boards]


SOLO_CENTRE = 30.0
"""The solo estimate valued 0 by :func:`evaluate_all`: low, because the estimate is cautious
until late in the game (it counts only what is sure to pay off), and the search needs the
values of its leaves spread, not squashed against -1 (measured: centre 55 and scale 20 played
worse than the greedy bot; 30 and 25 better)."""
SOLO_SCALE = 25.0
"""VP over which a solo value changes by tanh(1): 45, 55 and 65 VP are valued 0.54, 0.76 and 0.89."""
MARGIN_SCALE = 10.0
"""VP of lead over the best other seat valued tanh(1) ≈ 0.76 by :func:`evaluate_all`."""


def estimates_for_search(st: HadriansWallData) -> list[float]:
    """Every seat's estimated final VP as search compares them: :func:`estimates`, but every
    attack still to come weighs :data:`SEARCH_DEFENCE` (this Year's too, and in the Favour
    phase the revealed attack still counts as to come), so that ending the Year does not
    change the value by itself."""
    if st.phase is OVER:
        return estimates(st)
    extra = _extra_cards(st)
    return [_estimate(st, b, True, extra, _SEARCH) for b in st.boards]


def evaluate_all(st: HadriansWallData) -> tuple[float, ...]:
    """Every seat's value in [-1, 1] for search: :func:`evaluate_all_of` the :func:`estimates_for_search`."""
    return evaluate_all_of(estimates_for_search(st))


def evaluate_all_of(vp: Sequence[float]) -> tuple[float, ...]:
    """The search values of seats whose estimated final VP are ``vp``, in [-1, 1].

    Solo: the estimate itself, ``tanh((vp - SOLO_CENTRE) / SOLO_SCALE)`` (the rank is the
    goal, not the bare end of the game). With opponents: each seat's lead over the best
    other seat, ``tanh(lead / MARGIN_SCALE)`` (0 for seats tied first).
    """
    if len(vp) == 1:
        return (tanh((vp[0] - SOLO_CENTRE) / SOLO_SCALE),)
    if len(vp) == 2:
        lead = (vp[0] - vp[1]) / MARGIN_SCALE
        return (tanh(lead), tanh(-lead))
    ordered = sorted(vp, reverse=True)
    first, second = ordered[0], ordered[1]
    return tuple(tanh((v - (second if v == first else first)) / MARGIN_SCALE) for v in vp)


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


_SECOND_STEPS = frozenset((Verb.HEXAGON, Verb.PLACE))
"""The second steps of two-step decisions: the greedy bot planned them with the first."""


def greedy_action(state: Any, player: int, rng: Rng, search: Search) -> Action | None:
    """One action ahead on a determinized copy, with the heuristic's hints and values: a policy
    hint where there is one, the second step planned with the first (else one step ahead), or
    the best plan of a whole decision (:func:`best_plan`)."""
    actions = state.legal_actions(player)
    hint = policy_hint(state, actions)
    if hint is not None or not actions:
        return hint
    if actions[0].verb in _SECOND_STEPS:
        second = planned(player, actions, search.memory)
        if second is not None:
            return second
        world = state.determinize(player, rng.next())
        return search.best_by_lookahead(world, player, actions, lookahead_value(world, player), rng)
    world = state.determinize(player, rng.next())
    return best_plan(world, player, actions, rng, search.memory)


def turn_key(state: HadriansWallData) -> int:
    """The Year: every seat plays at once, so the rollout bot compares its plans where a Year begins."""
    return state.year


def search_turns(players: int) -> int:
    """One Year (by its end every seat has played it); two Years solo, where a simulation plays
    one seat only: 20 solo games on normal averaged 62.1 VP against 49.8 with one Year (docs/bots.md)."""
    return 2 if players == 1 else 1
