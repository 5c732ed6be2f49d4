"""Self-play: a Gymnasium environment whose opponents are ludus bots or a snapshot of the learner.

>>> from ludus.rl.selfplay import SelfPlayEnv                       # doctest: +SKIP
>>> env = SelfPlayEnv("trajan", players=3, opponents=["self", "greedy"])   # doctest: +SKIP
>>> env.set_opponent_policy(lambda obs, mask: int(mask.argmax()))  # doctest: +SKIP
>>> obs, info = env.reset(seed=1)                                   # doctest: +SKIP

:class:`SelfPlayEnv` is :class:`~ludus.rl.gymnasium.LudusEnv` (same observation, action
space, masks, rewards, truncation and illegal-action rule) with two differences:

- **opponents** may be, besides any ludus agent (a level or bot name such as ``"easy"``,
  ``"greedy"``, ``"random"``, ``"hard"``, or an :class:`~ludus.agents.Agent`), a **policy**:
  a callable ``policy(observation, mask) -> action number`` that is given the opponent
  seat's own observation and mask, built exactly as the learner's are (its view and its
  legal actions only). ``"self"`` (:data:`SELF`, the default) is the environment's
  opponent policy, which the user sets and refreshes during training with
  :meth:`SelfPlayEnv.set_opponent_policy` or :meth:`SelfPlayEnv.snapshot` (a frozen copy of
  the learner); until then it plays uniformly at random among the legal numbers. Opponents
  are given per position *after* the learner: the first sits one seat after it, and so on.
- **seats rotate**: episode ``k`` (counted from the last ``reset(seed=…)``) puts the learner
  in seat ``(seat + k) % players``, the opponents keeping their places relative to it, so a
  learner plays every seat in turn. ``reset(options={"seat": p})`` chooses the seat of one
  episode; ``rotate=False`` keeps ``seat``. ``info["seat"]`` says which seat the learner has.

A policy opponent that returns a number it may not play raises
:class:`~ludus.core.errors.IllegalActionError`: the learner's illegal-action rule is for the
learner. Policy opponents are offered out-of-turn windows only with ``reactions=True`` (their
mask then has the decline number); bots are always offered them.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ludus.agents import Agent, make_agent
from ludus.core.errors import IllegalActionError
from ludus.rl.gymnasium import LudusEnv
from ludus.rl.table import FloatArray, Turns, observation

__all__ = ["SELF", "Policy", "SelfPlayEnv"]

Policy = Callable[[FloatArray, npt.NDArray[np.int8]], int]
"""An opponent policy: a seat's observation and its int8 mask → the number it plays."""
Opponent = str | Agent | Policy
SELF = "self"
"""The opponent spec that stands for the environment's opponent policy (the learner's snapshot)."""


class SelfPlayEnv(LudusEnv):
    """The learner against ludus bots or policies, its seat rotated per episode (see the module's
    documentation)."""

    def __init__(self, game_id: str, players: int | None = None,
                 opponents: Opponent | Sequence[Opponent] = SELF, *, seat: int = 0, rotate: bool = True,
                 reactions: bool = False, max_actions: int | None = None, illegal_reward: float | None = -1.0,
                 render_mode: str | None = None, **options: object) -> None:
        super().__init__(game_id, players, seat, "random", reactions=reactions, max_actions=max_actions,
                         illegal_reward=illegal_reward, render_mode=render_mode, **options)
        n = self.game.players
        if isinstance(opponents, str | Agent) or callable(opponents) or not isinstance(opponents, Sequence):
            opponents = [opponents] * (n - 1)
        if len(opponents) != n - 1:
            raise ValueError(f"{n - 1} opponents needed, got {len(opponents)}")
        self.slots: list[Opponent] = list(opponents)
        """The opponents by position after the learner (the first sits one seat after it)."""
        self.first_seat = seat
        self.rotate = rotate
        self.episode = 0
        """Episodes begun since the last ``reset(seed=…)`` (the rotation's counter)."""
        self.opponent_policy: Policy | None = None
        self.policies: dict[int, Policy] = {}
        self._place(seat)

    # --- the opponents' policy ------------------------------------------------
    def set_opponent_policy(self, policy: Policy | None) -> None:
        """The policy of every ``"self"`` opponent from the next decision on (``None``: uniformly random)."""
        self.opponent_policy = policy

    def snapshot(self, learner: Any, *, deterministic: bool = True) -> None:
        """Freeze a copy of ``learner`` as the opponents' policy (:meth:`set_opponent_policy`).

        ``learner`` is a policy callable, or a model with ``predict(observation, deterministic=…,
        action_masks=…)`` returning ``(action, state)`` such as sb3-contrib's ``MaskablePPO`` (its
        ``.policy`` is copied, not the model with its environments). The copy is deep: training
        the learner on changes the opponents only at the next snapshot. (``copy.deepcopy`` leaves
        a plain function as it is, with what it closes over: give a model or a policy object.)
        """
        target = learner.policy if hasattr(getattr(learner, "policy", None), "predict") else learner
        frozen = copy.deepcopy(target)
        if not hasattr(frozen, "predict"):
            self.set_opponent_policy(frozen)
            return

        def act(obs: FloatArray, mask: npt.NDArray[np.int8]) -> int:
            action, _ = frozen.predict(obs, deterministic=deterministic, action_masks=mask.astype(bool))
            return int(np.asarray(action).reshape(-1)[0])

        self.set_opponent_policy(act)

    def _random_policy(self, obs: FloatArray, mask: npt.NDArray[np.int8]) -> int:
        return int(self.np_random.choice(np.flatnonzero(mask)))

    # --- seats ------------------------------------------------------------------
    def _place(self, seat: int) -> None:
        """Seat the learner at ``seat`` and the opponents after it."""
        n = self.game.players
        self.seat = seat
        self.opponent_specs = {}
        self.policies = {}
        for i, spec in enumerate(self.slots):
            p = (seat + 1 + i) % n
            if isinstance(spec, str | Agent):
                self.opponent_specs[p] = spec
            else:
                self.policies[p] = spec

    def _agents(self, seed: int) -> dict[int, Agent]:
        return {p: make_agent(spec, seed=seed * 8 + p) if isinstance(spec, str) else spec
                for p, spec in self.opponent_specs.items() if spec != SELF}

    def _reacting(self) -> set[int]:
        bots = {p for p, spec in self.opponent_specs.items() if spec != SELF}
        others = set(range(self.game.players)) - bots
        return bots | (others if self.reactions else set())

    def _opponent_plays(self, turns: Turns, p: int) -> None:
        spec = self.opponent_specs.get(p)
        if spec is not None and spec != SELF:
            super()._opponent_plays(turns, p)
            return
        policy = self.policies.get(p) or self.opponent_policy or self._random_policy
        mask = turns.mask(p)[: self._size]
        number = int(policy(observation(self.game, turns.state, p), mask))
        if number not in turns.legal_ids(p):
            raise IllegalActionError(f"the opponent policy of seat {p} chose {number}, which it may not play")
        turns.play(number)

    # --- the loop ---------------------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[FloatArray, dict[str, Any]]:
        """A new game (see :meth:`LudusEnv.reset <ludus.rl.gymnasium.LudusEnv.reset>`), the learner's seat
        rotated: ``seed`` restarts the rotation, ``options={"seat": p}`` chooses the seat."""
        if seed is not None:
            self.episode = 0
        n = self.game.players
        if options and "seat" in options:
            seat = int(options["seat"]) % n
        elif self.rotate:
            seat = (self.first_seat + self.episode) % n
        else:
            seat = self.first_seat
        self.episode += 1
        self._place(seat)
        obs, info = super().reset(seed=seed, options=options)
        return obs, {**info, "seat": seat}

    def step(self, action: np.int64 | int) -> tuple[FloatArray, float, bool, bool, dict[str, Any]]:
        """The learner plays ``action``; the opponents answer until it is the learner's turn again."""
        obs, reward, terminated, truncated, info = super().step(action)
        return obs, reward, terminated, truncated, {**info, "seat": self.seat}
