"""A bot with a bug, plugged in as ``sim.failing_agent:FailsOnFifth`` (``tests`` is on the path)."""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.api import State


class FailsOnFifth:
    """Plays the first legal action, but raises on its 5th decision when its seed is odd."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.decisions = 0

    def act(self, state: State, player: int) -> Action:
        """The first of ``player``'s legal actions, or a crash on the 5th call (odd seeds)."""
        self.decisions += 1
        if self.decisions == 5 and self.seed % 2:
            raise RuntimeError(f"the bot broke on its 5th decision (seed {self.seed})\nand said more")
        return state.legal_actions(player)[0]

    def react(self, state: State, player: int) -> Action | None:
        """Never: no out-of-turn action."""
        return None
