"""Evaluation and a greedy policy for Hadrian's Wall bots.

``evaluate`` estimates the final score: attribute VP and Path VP already earned, minus the
Disdain penalty, plus progress worth VP later (production, cohorts ready for the coming
attack, citizen tracks that unlock buildings). ``greedy_action`` looks one action ahead
with it, ends the Year only when nothing improves the estimate, and spends Favours
whenever it can.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludus.core.actions import Action
from ludus.core.rng import Rng

from .components import ATTACK_CARDS, ATTACK_POTENTIAL, YEARS
from .scoring import disdain_penalty, path_vp
from .state import Phase

if TYPE_CHECKING:
    from .state import HadriansWallState


def evaluate(st: HadriansWallState, player: int) -> float:
    """Estimated final VP of ``player`` (higher is better)."""
    b = st.boards[player]
    value = float(sum(b.attrs))
    value += sum(path_vp(b, c) for c in b.paths)
    value -= disdain_penalty(b.final_disdain())
    if st.phase is Phase.OVER:
        return value
    years_left = YEARS - st.year
    value += 0.8 * (b.production - 1) * years_left
    value += 0.25 * (b.mining + b.guard + b.cippi + b.wall) + 0.45 * b.fort
    value += 0.3 * sum(b.citizens) + 0.2 * b.temple_filled + 0.5 * (b.strength[0] + b.strength[1])
    value += 1.5 * sum(b.built) + 0.3 * sum(1 for g in b.market if g) + 0.6 * bin(b.map).count("1") / 4
    value += 0.8 * (b.temple_favours - b.temple_used) + 0.6 * sum(2 - u for u in b.diplomat_used)
    # Defence: cohorts against the expected attack of the coming Years.
    expected = ATTACK_CARDS[st.game.difficulty][st.year - 1] / 3.0
    shortfall = sum(max(0.0, expected - c) for c in b.cohorts)
    value -= 1.2 * min(shortfall, ATTACK_POTENTIAL[st.year - 1])
    value += 0.5 * sum(min(c, 6) for c in b.cohorts)
    # Workers left at the end of the Year are lost; a little value keeps options open.
    value += 0.05 * sum(b.items)
    return value


def greedy_action(st: HadriansWallState, player: int, rng: Rng) -> Action | None:
    """One-action lookahead with :func:`evaluate`; ties broken by ``rng``."""
    actions = st.legal_actions(player)
    if not actions:
        return None
    if len(actions) == 1:
        return actions[0]
    if st.phase is Phase.FAVOUR:
        for a in actions:
            if a.verb == "favour":
                return a
        return actions[0]
    best: list[Action] = []
    best_value = float("-inf")
    for a in actions:
        if a.verb == "end":
            value = evaluate(st, player) - 0.01
        else:
            child = st.clone()
            child.apply(a)
            if child.phase is not st.phase or child.year != st.year:
                value = evaluate(st, player)
            else:
                value = evaluate(child, player)
        if value > best_value + 1e-9:
            best, best_value = [a], value
        elif abs(value - best_value) <= 1e-9:
            best.append(a)
    return best[rng.randbelow(len(best))]
