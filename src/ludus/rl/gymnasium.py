"""A single-agent Gymnasium environment: the learner plays one seat against ludus bots.

>>> from ludus.rl.gymnasium import LudusEnv            # doctest: +SKIP
>>> env = LudusEnv("hadrians-wall", players=2, opponents="random")   # doctest: +SKIP
>>> obs, info = env.reset(seed=3)                         # doctest: +SKIP
>>> obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))  # doctest: +SKIP

The observation is the learner's flat vector (:meth:`Game.observe
<ludus.core.api.Game.observe>` of its view, float32); the action space is ``Discrete``
over the game's fixed numbering (one more with ``reactions=True``: the last number
declines an out-of-turn window, see :mod:`ludus.rl.table`). :meth:`LudusEnv.action_masks`
is the mask sb3-contrib's ``MaskablePPO`` asks for (also in ``info["action_mask"]``).

The other seats are ludus bots (``opponents``: one name for all, or one per other
seat, or :class:`~ludus.agents.Agent` objects), driven as :func:`ludus.agents.play_game`
drives them: round-robin in simultaneous phases, and offered their optional
out-of-turn actions (:meth:`Agent.react <ludus.agents.Agent.react>`) before each decision.

The reward is 0 until the end, then the learner's :meth:`State.returns
<ludus.core.api.State.returns>` (a free solo Hadrian's Wall game: its score,
``tanh((VP - 30) / 25)``). The episode is truncated at ``max_actions`` ludus actions
(default the game's ``action_cap``). An **illegal action** ends the episode with
``illegal_reward`` (default -1, ``info["illegal"]`` set; the game is left as it was), the
way PettingZoo's ``TerminateIllegalWrapper`` does, so that an unmasked learner and
Gymnasium's own checker can sample the whole space; with ``illegal_reward=None`` it
raises :class:`~ludus.core.errors.IllegalActionError` instead.

``import ludus.rl`` registers every game with Gymnasium: ``gymnasium.make("ludus/Trajan-v0",
players=2, opponents="random")`` is ``LudusEnv("trajan", players=2, opponents="random")``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import ludus
from ludus.agents import Agent, make_agent
from ludus.core.api import Game
from ludus.core.errors import N_, IllegalActionError, LudusError
from ludus.rl.table import FloatArray, Turns, observation

__all__ = ["LudusEnv"]


class LudusEnv(gymnasium.Env[FloatArray, np.int64]):
    """The learner plays ``seat`` of ``game_id``; ludus bots play the others (see the module's
    documentation)."""

    # Gymnasium's attribute; the fps only quiets the checker of a registered id (text has no frame rate)
    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(self, game_id: str, players: int | None = None, seat: int = 0,
                 opponents: str | Agent | Sequence[str | Agent] = "greedy", *, reactions: bool = False,
                 max_actions: int | None = None, illegal_reward: float | None = -1.0,
                 render_mode: str | None = None, **options: object) -> None:
        self.game: Game[Any] = ludus.load(game_id, players=players, **options)
        n = self.game.players
        if not 0 <= seat < n:
            raise LudusError(N_("there is no seat {seat} in a {players}-player game"), seat=seat, players=n)
        others = [p for p in range(n) if p != seat]
        if isinstance(opponents, str | Agent) or not isinstance(opponents, Sequence):
            opponents = [opponents] * len(others)
        if len(opponents) != len(others):
            raise ValueError(f"{len(others)} opponents needed, got {len(opponents)}")
        self.seat = seat
        self.opponent_specs: dict[int, str | Agent] = dict(zip(others, opponents))
        self.opponents: dict[int, Agent] = {}
        self.reactions = reactions
        self.max_actions = max_actions
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        size = self.game.num_distinct_actions + (1 if reactions else 0)
        self._size = size
        self.action_space = spaces.Discrete(size)
        self.observation_space = spaces.Box(-np.inf, np.inf, shape=(self.game.observation_layout.size,),
                                            dtype=np.float32)
        self.turns: Turns | None = None
        self._over = True

    def _turns(self) -> Turns:
        if self.turns is None:
            raise RuntimeError("call reset() first")
        return self.turns

    def _agents(self, seed: int) -> dict[int, Agent]:
        out: dict[int, Agent] = {}
        for p, spec in self.opponent_specs.items():
            out[p] = make_agent(spec, seed=seed * 8 + p) if isinstance(spec, str) else spec
        return out

    def _reacting(self) -> set[int]:
        """The seats offered reaction windows: every bot, and the learner with ``reactions``."""
        return set(self.opponent_specs) | ({self.seat} if self.reactions else set())

    def _drive(self) -> None:
        """Let the bots play until the learner is selected or the game is over."""
        turns = self._turns()
        while turns.seat is not None and turns.seat != self.seat:
            self._opponent_plays(turns, turns.seat)

    def _opponent_plays(self, turns: Turns, p: int) -> None:
        """Seat ``p``'s bot decides (or declines its reaction window)."""
        agent = self.opponents[p]
        if turns.window:
            reply = agent.react(turns.state, p)
            if reply is None:
                turns.decline()
            else:
                turns.apply(reply)
        else:
            turns.apply(agent.act(turns.state, p))

    def _observation(self) -> FloatArray:
        return observation(self.game, self._turns().state, self.seat)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """1 at each number the learner may play now (as sb3-contrib's ``MaskablePPO`` expects)."""
        return self._mask().astype(bool)

    def _mask(self) -> npt.NDArray[np.int8]:
        # the bots' reaction windows give the turn order a decline number; the learner has one only with
        # reactions
        return self._turns().mask(self.seat)[: self._size]

    def _info(self) -> dict[str, Any]:
        turns = self._turns()
        return {"action_mask": self._mask(), "reaction": turns.window and turns.seat == self.seat}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[FloatArray, dict[str, Any]]:
        """A new game with ludus seed ``seed`` (default: drawn from the environment's generator)."""
        super().reset(seed=seed)
        ludus_seed = int(self.np_random.integers(2**31)) if seed is None else seed
        self.turns = Turns(self.game, self.game.new_state(ludus_seed), self._reacting(), self.max_actions)
        self.opponents = self._agents(ludus_seed)
        self._drive()
        self._over = self.turns.seat is None
        return self._observation(), self._info()

    def step(self, action: np.int64 | int) -> tuple[FloatArray, float, bool, bool, dict[str, Any]]:
        """The learner plays ``action``; the bots answer until it is the learner's turn again."""
        turns = self._turns()
        if self._over:
            raise RuntimeError("the episode is over: call reset()")
        number = int(action)
        if number not in turns.legal_ids(self.seat):
            if self.illegal_reward is None:
                raise IllegalActionError(f"action {number} is not legal for seat {self.seat} now")
            self._over = True
            info = {**self._info(), "illegal": True}
            return self._observation(), float(self.illegal_reward), True, False, info
        turns.play(number)
        self._drive()
        terminated, truncated = turns.terminal, turns.truncated
        self._over = terminated or truncated
        reward = float(turns.state.returns()[self.seat]) if terminated else 0.0
        return self._observation(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        """The table as text, seen by the learner's seat."""
        return self.game.render(self._turns().state.view(self.seat), self.seat)
