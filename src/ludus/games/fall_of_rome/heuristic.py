"""Heuristic evaluation of Fall of Rome positions for the greedy bot."""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.rng import Rng
from ludus.games.fall_of_rome.components import DECLINE_LOSS, NC, NT, TRIBES
from ludus.games.fall_of_rome.state import FallOfRomeState


def evaluate(state: FallOfRomeState, player: int) -> float:
    """A value in [-1, 1] for the team (the same for every seat)."""
    if state.result:
        return 1.0 if state.result == "win" else -1.0
    return 0.0


def greedy_action(state: FallOfRomeState, player: int, rng: Rng) -> Action | None:
    """Let the generic greedy bot look one action ahead."""
    return None


__all__ = ["DECLINE_LOSS", "NC", "NT", "TRIBES", "evaluate", "greedy_action"]
