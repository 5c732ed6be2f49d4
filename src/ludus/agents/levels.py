"""The strength levels players pick: each game's strongest search, at the level's budget.

Which search plays a game best was measured (docs/bots.md), game by game: policy rollout
(:class:`~ludus.agents.rollout.Rollout`) where simulating the greedy bot's own play corrects it,
the greedy bot's own turn planner with a wider beam where no search measured stronger than it
(``"plan"``), information-set MCTS (:class:`~ludus.agents.ismcts.Ismcts`) for a game that has
neither. A game names its
search and its budgets in :attr:`ludus.core.api.Game.level_search`; a :class:`Level` bot
builds that search when it first sees the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from ludus.agents.base import Agent
from ludus.agents.greedy import GreedyAgent
from ludus.agents.ismcts import Ismcts
from ludus.agents.rollout import Rollout
from ludus.core.actions import Action
from ludus.core.api import Game, State

__all__ = ["SEARCHES", "Level"]

LevelName = Literal["normal", "hard"]

SEARCHES: dict[str, Callable[[int, int, Game[Any]], Agent]] = {
    "ismcts": lambda seed, budget, game: Ismcts(seed, iterations=budget),
    "plan": lambda seed, budget, game: GreedyAgent(seed, breadth=budget),
    "rollout": lambda seed, budget, game: Rollout(seed, rollouts=max(1, budget * 2 // max(2, game.players)),
                                                  width=game.search_width),
}
"""A game's ``level_search`` name → the bot, from its seed, its budget and the game (its table's
size; for policy rollout, its ``search_width`` candidates).

The budget is ISMCTS's iterations; policy rollout's simulations of each candidate at a
1- or 2-player table (at larger tables fewer, in proportion: a simulation plays every seat, so it
grows with the table); or the greedy bot's ``breadth`` (its turn planner's beam and battle
samples, times the budget). Budgets are counts, not times, so a seeded game replays the same on any
machine; each game sizes them so that a ``hard`` decision takes well under a second here
(docs/bots.md)."""


class Level:
    """The ``level`` bot: the search of the first game it plays, at the level's budget."""

    def __init__(self, seed: int = 0, level: LevelName = "hard") -> None:
        if level not in ("normal", "hard"):
            raise ValueError(f"level must be 'normal' or 'hard', got {level!r}")
        self.seed = seed
        self.level: LevelName = level
        self.search: Agent | None = None
        """The search it plays with, once it has seen the game."""

    def _for(self, state: State) -> Agent:
        if self.search is None:
            name, normal, hard = state.game.level_search
            self.search = SEARCHES[name](self.seed, normal if self.level == "normal" else hard, state.game)
        return self.search

    def act(self, state: State, player: int) -> Action:
        """The level's search's choice."""
        return self._for(state).act(state, player)

    def react(self, state: State, player: int) -> Action | None:
        """The level's search's out-of-turn choice."""
        return self._for(state).react(state, player)
