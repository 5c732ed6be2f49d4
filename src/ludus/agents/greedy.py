"""GreedyAgent: the game's heuristic, one action ahead, on a determinized state."""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from ludus.agents.lookahead import AgentSearch, best_by_lookahead
from ludus.core.actions import Action
from ludus.core.api import State
from ludus.core.rng import Rng


@mypyc_attr(allow_interpreted_subclasses=True)
class GreedyAgent:
    """Picks the action whose result the game's ``evaluate`` likes best.

    The game may choose for it (``Game.greedy_action``). Otherwise the agent
    determinizes the state from its own seat (so it never peeks at hidden cards),
    applies each legal action to a copy and keeps the best-valued one, breaking
    ties at random. It does not play optional out-of-turn actions unless the game
    offers one through ``greedy_action`` when asked to react. It lends the game its
    own search, whose ``memory`` lets the game's policy remember across decisions
    (make a new agent for each game). With ``breadth`` above 1, the game's turn planner
    (Fall of Rome's beam search) keeps that many times more lines and samples more rolls.
    """

    name = "greedy"

    def __init__(self, seed: int = 0, breadth: int = 1) -> None:
        self.rng = Rng(seed)
        self.search = AgentSearch(breadth)

    def act(self, state: State, player: int) -> Action:
        """Return the greedy choice of ``player``."""
        game = state.game
        chosen = game.greedy_action(state, player, self.rng, self.search)
        if chosen is not None:
            return chosen
        actions = state.legal_actions(player)
        if len(actions) == 1:
            return actions[0]
        return best_by_lookahead(self._world(state, player), player, actions, game.evaluate, self.rng)

    def _world(self, state: State, player: int) -> State:
        """The position it looks ahead on: a determinization from ``player``'s seat."""
        return state.determinize(player, self.rng.next())

    def react(self, state: State, player: int) -> Action | None:
        """Play an optional action only when the game's greedy policy offers one."""
        if player in state.to_move():
            return None
        return state.game.greedy_action(state, player, self.rng, self.search)
