"""A researcher's own agent, plugged in as ``sim.plugin_agent:FirstLegal`` (``tests`` is on the path)."""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.api import State


class FirstLegal:
    """Plays the first legal action and never acts out of turn (deterministic, whatever its seed)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, state: State, player: int) -> Action:
        """The first of ``player``'s legal actions."""
        return state.legal_actions(player)[0]

    def react(self, state: State, player: int) -> Action | None:
        """Never: no out-of-turn action."""
        return None
