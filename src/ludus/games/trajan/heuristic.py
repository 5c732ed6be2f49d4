"""Evaluation for the greedy bot."""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.rng import Rng
from ludus.games.trajan.state import TrajanState


def evaluate(state: TrajanState, player: int) -> float:
    """VP now, minus the best opponent's."""
    return float(state.vp[player] - max(v for p, v in enumerate(state.vp) if p != player))


def greedy_action(state: TrajanState, player: int, rng: Rng) -> Action | None:
    """Leave every choice to one-action lookahead."""
    return None
