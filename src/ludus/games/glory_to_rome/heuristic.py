"""Evaluation for bots: a rough estimate of a player's final score lead."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludus.core.actions import Action
from ludus.core.rng import Rng

if TYPE_CHECKING:
    from ludus.games.glory_to_rome.game import GtrState


def evaluate(state: GtrState, player: int) -> float:
    """Heuristic value for ``player``."""
    if state.is_terminal():
        return state.returns()[player]
    return 0.0


def greedy_action(state: GtrState, player: int, rng: Rng) -> Action | None:
    """Let the greedy bot look one action ahead."""
    return None
