"""OpenSpiel's own IS-MCTS as a ludus bot, with the game's greedy policy as its rollout.

The bot ladder (``scripts/bot_ladder.py``, docs/bots.md) measures the ludus levels against an
independent reference: OpenSpiel's Python IS-MCTS (``open_spiel.python.algorithms.ismcts``,
Cowling, Powley and Whitehouse 2012) playing the game through the OpenSpiel adapter
(:mod:`ludus.rl.openspiel`). With OpenSpiel's random rollouts that reference is weak (random play
says little about a position in these games), so :class:`GreedyRolloutEvaluator` values a leaf by
letting the game's **greedy bot** play every seat from it, the way ``RandomRolloutEvaluator``
plays at random.

:class:`SpielIsmcts` is the :class:`~ludus.agents.Agent` around it: each decision determinizes
the position from its seat, wraps it as an OpenSpiel state at that seat's turn and asks the
IS-MCTS bot, whose budget is a number of simulations and, optionally, CPU seconds.

>>> from ludus import load
>>> state = load("trajan", 2).new_state(seed=3)
>>> bot = SpielIsmcts(seed=1, simulations=3, max_length=20)
>>> bot.act(state, 0) in state.legal_actions(0)
True
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ludus.agents.greedy import GreedyAgent
from ludus.core.actions import Action
from ludus.core.api import Game, State
from ludus.core.rng import Rng
from ludus.rl.openspiel import LudusSpielGame, LudusSpielState, register, short_name
from ludus.rl.table import Turns

__all__ = ["UCT_C", "GreedyRolloutEvaluator", "SpielIsmcts"]

UCT_C = 2.0
"""The exploration constant (OpenSpiel's examples' value for returns in [-1, 1])."""

FloatArray = npt.NDArray[np.float64]


class _OnWorld(GreedyAgent):
    """The greedy policy for every seat of one rollout: the world is already a determinization,
    so it looks one step ahead on it directly (a game's own greedy policy may still determinize
    for its seat, as it always does)."""

    def _world(self, state: State, player: int) -> State:
        return state


class GreedyRolloutEvaluator(mcts.RandomRolloutEvaluator):  # type: ignore[misc]
    """An OpenSpiel evaluator whose rollouts follow the game's greedy bot (uniform prior).

    ``evaluate(state)`` plays ``rollouts`` games from ``state`` with the greedy bot
    (:class:`~ludus.agents.GreedyAgent`) in every seat, to the end or for at most ``max_length``
    actions, and returns the mean of the seats' values: the adapter's ``returns()`` at the end of
    the game, the game's :meth:`~ludus.core.api.Game.evaluate_all` where a rollout is cut (both in
    [-1, 1], less their mean in a zero-sum game, as the adapter's returns are). Inside a rollout
    nobody plays out of turn.

    It never reads hidden information: it sees only the OpenSpiel state it is given, and IS-MCTS
    gives it the states of its own simulations, each begun from ``resample_from_infostate`` —
    a **determinization** (``State.determinize(seat, seed)``: what the searching seat has not seen
    re-dealt, the random generator re-seeded). The cards a rollout draws are those of that sampled
    world, never the real game's. The greedy bot's randomness comes from ``seed``.
    """

    def __init__(self, seed: int = 0, rollouts: int = 1, max_length: int | None = None) -> None:
        if rollouts < 1 or (max_length is not None and max_length < 1):
            raise ValueError(f"need rollouts >= 1 and max_length >= 1, got {rollouts}, {max_length}")
        super().__init__(n_rollouts=rollouts, random_state=np.random.RandomState(seed % 2**32),
                         max_length=max_length)
        self.rng = Rng(seed)

    def evaluate(self, state: LudusSpielState) -> FloatArray:
        """The seats' mean value over the rollouts from ``state`` (dealt: IS-MCTS never asks before)."""
        total = np.zeros(state.num_players())
        for _ in range(self.n_rollouts):
            total += self._rollout(state)
        values: FloatArray = total / self.n_rollouts
        return values

    def _rollout(self, state: LudusSpielState) -> FloatArray:
        sim: LudusSpielState = state.clone()
        turns = sim.turns
        policy = _OnWorld(self.rng.next())
        length = 0
        while turns.seat is not None and (self.max_length is None or length < self.max_length):
            turns.apply(policy.act(turns.state, turns.seat))
            length += 1
        if turns.seat is None:  # the end (or the adapter's action cap: 0 for everybody)
            return np.asarray(sim.returns(), dtype=np.float64)
        values = np.asarray(turns.game.evaluate_all(turns.state), dtype=np.float64)
        if sim.get_game().get_type().utility == pyspiel.GameType.Utility.ZERO_SUM:
            values -= values.mean()
        return values


class _OutOfTime(Exception):
    """The search's CPU time is spent (raised between two simulations)."""


class _TimedIsmcts(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTSBot that also stops once ``seconds`` of CPU time are spent.

    The bot runs its simulations in one loop; each begins with ``sample_root_state``, where the
    time is checked. When it is spent (and the root has been visited, so there is a policy), the
    loop is left and the final policy is OpenSpiel's own, on the simulations run so far.
    """

    def __init__(self, *args: Any, seconds: float | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seconds = seconds
        self.deadline = float("inf")
        self.simulations = 0
        """Simulations run in the last search."""

    def run_search(self, state: LudusSpielState) -> list[tuple[int, float]]:
        self.simulations = 0
        self.deadline = float("inf") if self.seconds is None else time.process_time() + self.seconds
        try:
            policy: list[tuple[int, float]] = super().run_search(state)
        except _OutOfTime:
            policy = self.get_final_policy(state, self._root_node)
        return policy

    def sample_root_state(self, state: LudusSpielState) -> LudusSpielState:
        if self._root_node.total_visits > 0 and time.process_time() >= self.deadline:
            raise _OutOfTime
        self.simulations += 1
        sample: LudusSpielState = super().sample_root_state(state)
        return sample


class SpielIsmcts:
    """OpenSpiel's IS-MCTS with greedy rollouts, as a ludus agent.

    - ``simulations``: at most this many simulations a decision;
    - ``seconds``: stop earlier once this much CPU time is spent (``None``: no time limit; with a
      time limit a decision depends on the machine's speed, so a game no longer replays);
    - ``rollouts``, ``max_length``: :class:`GreedyRolloutEvaluator`'s (``None``: to the end);
    - ``uct_c``: the exploration constant.

    Each decision starts from ``state.determinize(player, seed)``, never from the real position,
    and IS-MCTS re-samples its worlds from that seat (``resample_from_infostate``), so what the
    seat cannot see plays no part. It does not play optional out-of-turn actions (the adapter is
    loaded without reaction windows). The final choice is the most visited action.
    """

    name = "openspiel-ismcts"

    def __init__(self, seed: int = 0, simulations: int = 100_000, seconds: float | None = None,
                 rollouts: int = 1, max_length: int | None = None, uct_c: float = UCT_C) -> None:
        if simulations < 2 or (seconds is not None and seconds <= 0):
            raise ValueError(f"need simulations >= 2 and seconds > 0, got {simulations}, {seconds}")
        self.rng = Rng(seed)
        self.simulations = simulations
        self.seconds = seconds
        self.rollouts = rollouts
        self.max_length = max_length
        self.uct_c = uct_c
        self.searched = 0
        """Simulations run for the last decision (0: it was forced)."""
        self._bots: dict[int, tuple[LudusSpielGame, _TimedIsmcts]] = {}

    def _bot(self, game: Game[Any]) -> tuple[LudusSpielGame, _TimedIsmcts]:
        """The OpenSpiel game and the IS-MCTS bot for ``game`` (made on first use)."""
        made = self._bots.get(id(game))
        if made is None:
            register()
            # recall 0: the search reads information-state strings, never the tensor, so the states
            # need not record each seat's observations
            params: dict[str, Any] = {"players": game.players, "recall": 0}
            params.update({k: v for k, v in game.option_dict.items()
                           if isinstance(v, bool | int | float | str)})
            spiel: LudusSpielGame = pyspiel.load_game(short_name(game.info.id), params)
            rng = np.random.RandomState(self.rng.next() % 2**32)
            evaluator = GreedyRolloutEvaluator(self.rng.next(), self.rollouts, self.max_length)
            bot = _TimedIsmcts(spiel, evaluator, self.uct_c, self.simulations, random_state=rng,
                               seconds=self.seconds, allow_inconsistent_action_sets=False)
            sampler = pyspiel.UniformProbabilitySampler(self.rng.next() % 2**31, 0.0, 1.0)
            bot.set_resampler(lambda s, p: s.resample_from_infostate(p, sampler))
            made = self._bots[id(game)] = (spiel, bot)
        return made

    def act(self, state: State, player: int) -> Action:
        """``player``'s choice by IS-MCTS on a determinization of ``state`` from its seat."""
        actions = state.legal_actions(player)
        self.searched = 0
        if len(actions) == 1:
            return actions[0]
        spiel, bot = self._bot(state.game)
        world = state.determinize(player, self.rng.next())
        # the turn order at ``player``: when several seats are to move, the first after ``player - 1``
        turns = Turns.from_json(spiel.ludus, {"state": world.to_json(), "last": player - 1, "asked": [],
                                              "steps": 0})
        root = LudusSpielState.at(spiel, turns)
        number = int(bot.step(root))
        self.searched = bot.simulations
        chosen = spiel.ludus.action_space.decode(number, player)
        return next((a for a in actions if a == chosen), chosen)

    def react(self, state: State, player: int) -> Action | None:
        """Never plays out of turn."""
        return None
