"""PettingZoo AEC environments for the ludus games.

>>> from ludus.rl.pettingzoo import env   # doctest: +SKIP
>>> e = env("trajan", players=2)          # doctest: +SKIP
>>> e.reset(seed=1)                        # doctest: +SKIP

Agents are ``seat_0 … seat_{n-1}``. An observation is a dict: ``observation``, the
seat's flat vector (:meth:`Game.observe <ludus.core.api.Game.observe>` of its view,
float32) and ``action_mask`` (int8, 1 at each number the seat may play; all zeros
for an agent that is not selected). The action space is ``Discrete`` over the game's
fixed numbering (:attr:`Game.action_space <ludus.core.api.Game.action_space>`), one
more with ``reactions=True`` (the last number declines a reaction window). See
:mod:`ludus.rl.table` for the turn order (simultaneous phases, out-of-turn actions).

Rewards are 0 until the end, then :meth:`State.returns <ludus.core.api.State.returns>`
(the shared team result in a co-operative game; a free solo Hadrian's Wall game its score,
``tanh((VP - 30) / 25)``); every agent is terminated at the end, and truncated at
``max_actions`` (default the game's ``action_cap``) with reward 0.

An illegal action raises :class:`~ludus.core.errors.IllegalActionError` (nothing changes)
by default. With ``illegal_reward=-1.0`` it follows PettingZoo's classic games instead: the
game ends (every agent terminated), the mover is rewarded ``illegal_reward`` and the others
0, and the mover's info has ``"illegal": True`` (the ludus state is left as it was).

:meth:`LudusAECEnv.state` is the **global state** for centralized critics (MAPPO and the
like): a fixed-size float32 vector (:attr:`LudusAECEnv.state_space`) of the spectator's
observation, then every seat's own observation in seat order, then the selected seat
(one-hot) and the reaction-window flag. It sees everything every seat sees, so it is for a
critic during training only, never a seat's input: no agent's observation is built from it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import ludus
from ludus.core.api import Game
from ludus.rl.table import FloatArray, Turns, observation

__all__ = ["LudusAECEnv", "env", "raw_env"]


def agent_name(seat: int) -> str:
    """The PettingZoo name of ``seat``."""
    return f"seat_{seat}"


class LudusAECEnv(AECEnv):  # type: ignore[misc]
    """A ludus game as a PettingZoo AEC environment (see the module's documentation)."""

    metadata = {  # noqa: RUF012 (PettingZoo's own, mutable, class attribute)
        "render_modes": ["ansi", "human"], "name": "ludus_v0", "is_parallelizable": False,
    }

    def __init__(self, game_id: str, players: int | None = None, *, reactions: bool = False,
                 max_actions: int | None = None, illegal_reward: float | None = None,
                 render_mode: str | None = None, **options: object) -> None:
        super().__init__()
        self.game: Game[Any] = ludus.load(game_id, players=players, **options)
        self.metadata = {**self.metadata, "name": f"ludus_{game_id.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        self.reactions = reactions
        self.max_actions = max_actions
        self.illegal_reward = illegal_reward
        n = self.game.players
        self.possible_agents = [agent_name(p) for p in range(n)]
        self.agents = list(self.possible_agents)
        size = self.game.num_distinct_actions + (1 if reactions else 0)
        obs_size = self.game.observation_layout.size
        self._action_space = spaces.Discrete(size)
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, shape=(obs_size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(size,), dtype=np.int8),
        })
        self.state_space = spaces.Box(-np.inf, np.inf, shape=((n + 1) * obs_size + n + 1,), dtype=np.float32)
        """The space of :meth:`state`: ``n + 1`` observations, the selected seat one-hot, the window flag."""
        self._seed_rng = np.random.default_rng()
        self.turns: Turns | None = None

    # --- spaces ---------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same ``Dict`` space for every agent."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The same ``Discrete`` space for every agent."""
        return self._action_space

    # --- the loop ---------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: ``seed`` is the ludus seed (default: drawn from the environment's own generator)."""
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        else:
            seed = int(self._seed_rng.integers(2**31))
        n = self.game.players
        reacting = range(n) if self.reactions else ()
        self.turns = Turns(self.game, self.game.new_state(seed), reacting, self.max_actions)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._update()

    def _turns(self) -> Turns:
        if self.turns is None:
            raise RuntimeError("call reset() first")
        return self.turns

    def _update(self) -> None:
        turns = self._turns()
        if turns.seat is not None:
            self.agent_selection = agent_name(turns.seat)
            self.infos[self.agent_selection]["reaction"] = turns.window
            return
        ended = turns.terminal
        values = turns.state.returns() if ended else (0.0,) * self.game.players
        for p, agent in enumerate(self.possible_agents):
            self.rewards[agent] = float(values[p])
            self.terminations[agent] = ended
            self.truncations[agent] = not ended
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation and mask (from its view and its legal actions only)."""
        turns = self._turns()
        seat = self.possible_agents.index(agent)
        return {"observation": observation(self.game, turns.state, seat), "action_mask": turns.mask(seat)}

    def state(self) -> FloatArray:
        """The global state for a centralized critic (see the module's documentation): it sees every
        seat's view, so it must never be given to a seat as its observation."""
        turns = self._turns()
        n = self.game.players
        turn = np.zeros(n + 1, dtype=np.float32)
        if turns.seat is not None:
            turn[turns.seat] = 1.0
        turn[n] = float(turns.window)
        views = [observation(self.game, turns.state, seat) for seat in (None, *range(n))]
        return np.concatenate([*views, turn])

    def step(self, action: int | None) -> None:
        """The selected agent plays ``action`` (``None`` once the agent is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError("a live agent must act")
        turns = self._turns()
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        seat = self.possible_agents.index(agent)
        if self.illegal_reward is not None and int(action) not in turns.legal_ids(seat):
            self._end_illegal(agent, self.illegal_reward)
            return
        turns.play(int(action))
        self._update()

    def _end_illegal(self, agent: str, reward: float) -> None:
        """PettingZoo's classic rule: the game ends, ``illegal_reward`` for the mover, 0 for the others."""
        for a in self.agents:
            self.rewards[a] = 0.0
            self.terminations[a] = True
        self.rewards[agent] = float(reward)
        self.infos[agent]["illegal"] = True
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        """The table as text, seen by a spectator (``ansi``; ``human`` prints it)."""
        turns = self._turns()
        text = self.game.render(turns.state.view(None), None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
        return None


def raw_env(game_id: str, players: int | None = None, **options: Any) -> LudusAECEnv:
    """The environment without PettingZoo's checking wrappers."""
    return LudusAECEnv(game_id, players, **options)


def env(game_id: str, players: int | None = None, **options: Any) -> Any:
    """The environment wrapped in PettingZoo's ``OrderEnforcingWrapper`` (the usual entry point)."""
    return wrappers.OrderEnforcingWrapper(raw_env(game_id, players, **options))
