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
from ludus.agents.value import MARGIN, LearnedValue
from ludus.core.actions import Action
from ludus.core.api import Game, State

__all__ = ["SEARCHES", "Level"]

LevelName = Literal["normal", "hard", "expert"]

EXPERT_SCALE = 3
"""``expert`` spends this many times ``hard``'s budget (rollouts, iterations or beam)."""

EXPERT_NOISE = 0.1
"""In ``expert``'s simulations the other seats stray from the greedy bot's choice this often."""

EXPERT_MARGIN = MARGIN
"""The weight of the score margin in the value of ``expert``'s finished simulations (the one its
learned values were fitted to)."""

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


def _expert(name: str, seed: int, hard: int, game: Game[Any]) -> Agent:
    """The ``expert`` bot: the game's search at its :attr:`~ludus.core.game.Game.expert_budget` (by
    default :data:`EXPERT_SCALE` times ``hard``'s budget and, for policy rollout, one more candidate);
    policy rollout, its simulations :attr:`~ludus.core.game.Game.expert_turns` long, with opponents
    that are not exactly the greedy bot
    (:data:`EXPERT_NOISE`) and finished simulations valued with their score margin
    (:data:`EXPERT_MARGIN`), so its model of the others is not the bot it plays against; where a
    simulation stops before the end, the game's learned value (:mod:`ludus.agents.value`), when one is
    shipped for the table size, is blended with the heuristic."""
    budget, width = game.expert_budget or (hard * EXPERT_SCALE, game.search_width + 1)
    if name != "rollout":
        return SEARCHES[name](seed, budget, game)
    return Rollout(seed, rollouts=max(1, budget * 2 // max(2, game.players)), width=width,
                   turns=game.expert_turns, noise=EXPERT_NOISE, margin=EXPERT_MARGIN,
                   value=LearnedValue.for_game(game) if game.expert_value else None)


class Level:
    """The ``level`` bot: the search of the first game it plays, at the level's budget."""

    def __init__(self, seed: int = 0, level: LevelName = "hard") -> None:
        if level not in ("normal", "hard", "expert"):
            raise ValueError(f"level must be 'normal', 'hard' or 'expert', got {level!r}")
        self.seed = seed
        self.level: LevelName = level
        self.search: Agent | None = None
        """The search it plays with, once it has seen the game."""

    def _for(self, state: State) -> Agent:
        if self.search is None:
            name, normal, hard = state.game.level_search
            if self.level == "expert":
                self.search = _expert(name, self.seed, hard, state.game)
            else:
                budget = normal if self.level == "normal" else hard
                self.search = SEARCHES[name](self.seed, budget, state.game)
        return self.search

    def act(self, state: State, player: int) -> Action:
        """The level's search's choice."""
        return self._for(state).act(state, player)

    def react(self, state: State, player: int) -> Action | None:
        """The level's search's out-of-turn choice."""
        return self._for(state).react(state, player)
