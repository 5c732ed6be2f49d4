"""RandomAgent: uniform over the legal actions, seeded."""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.api import State
from ludus.core.rng import Rng


class RandomAgent:
    """Plays a uniformly random legal action; reacts with probability ``react_probability``."""

    name = "random"

    def __init__(self, seed: int = 0, react_probability: float = 0.05) -> None:
        self.rng = Rng(seed)
        self.react_probability = react_probability

    def act(self, state: State, player: int) -> Action:
        """Return a random legal action of ``player``."""
        actions = state.legal_actions(player)
        return actions[self.rng.randbelow(len(actions))]

    def react(self, state: State, player: int) -> Action | None:
        """With a small seeded probability, return a random optional action."""
        if self.rng.random() >= self.react_probability:
            return None
        actions = state.legal_actions(player)
        return actions[self.rng.randbelow(len(actions))] if actions else None
