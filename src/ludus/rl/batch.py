"""Many games stepped at once in one process, for learners that act on batches.

:class:`BatchEnv` keeps ``n`` games of one game and player count, each a
:class:`~ludus.rl.table.Turns`. The **learner seats** (``seats``: every seat by default, for
self-play; one seat against bots otherwise) are asked in all ``n`` games at once; the other seats
are ludus bots (``opponents``), driven as :class:`~ludus.rl.gymnasium.LudusEnv` drives them, until a
learner seat is selected again. ``reset`` and ``step`` return arrays stacked over the games:

- ``obs`` ``(n, size)`` float32: the observation of the learner seat to act in each game, written in
  place by :func:`ludus.core.spaces.observe_into` from that seat's ``view`` only (the arrays are
  the environment's own, overwritten by the next step: copy what you keep);
- ``masks`` ``(n, actions)`` bool: its legal numbers (``legal_actions`` of that seat only);
- ``seats`` ``(n,)`` int: which seat acts in each game (always ``seats[0]`` with one learner seat);
- from ``step`` also ``rewards`` ``(n, players)`` float32 (every seat's
  :meth:`~ludus.core.api.State.returns` in the step that ended its game, else 0), ``terminated``
  and ``truncated`` ``(n,)`` bool (a game cut at ``max_actions`` ludus actions).

A game that ends is **reset at once** with the next seed (Gymnasium's same-step autoreset): the
``obs`` and ``masks`` returned for it are the first of the new game; the last position of the old one
is not observed (its returns are in ``rewards``). ``episodes`` counts the games finished.

>>> import numpy as np
>>> env = BatchEnv("trajan", players=2, n=4, seats=[0], opponents="random")
>>> obs, masks, seats = env.reset(seed=1)
>>> obs.shape, masks.shape, seats.tolist()
((4, 1328), (4, 398), [0, 0, 0, 0])
>>> obs, masks, seats, rewards, terminated, truncated = env.step(masks.argmax(axis=1))
>>> rewards.shape, bool(terminated.any())
((4, 2), False)

Across processes, :func:`ludus.rl.vector.vector_env` runs :class:`~ludus.rl.gymnasium.LudusEnv`
copies in Gymnasium's ``AsyncVectorEnv``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

import ludus
from ludus.agents import Agent, make_agent
from ludus.core.actions import Action
from ludus.core.api import Game
from ludus.core.errors import N_, IllegalActionError, LudusError
from ludus.rl.table import FloatArray, Turns, observation

__all__ = ["BatchEnv"]

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


class BatchEnv:
    """``n`` games of ``game_id`` stepped together (see the module's documentation).

    ``opponents``: the bot for every seat not in ``seats`` (a name for :func:`ludus.agents.make_agent`,
    or one per such seat, in seat order). ``reactions``: the learner seats are offered their
    out-of-turn windows too (the last number declines, :mod:`ludus.rl.table`).
    """

    def __init__(self, game_id: str, players: int | None = None, n: int = 64, *,
                 seats: Collection[int] | None = None, opponents: str | Sequence[str] = "random",
                 reactions: bool = False, max_actions: int | None = None, **options: object) -> None:
        if n < 1:
            raise ValueError("a batch holds at least one game")
        self.game: Game[Any] = ludus.load(game_id, players=players, **options)
        if self.game.num_distinct_actions == 0:
            raise ValueError(f"{game_id} has no fixed action numbering yet")
        count = self.game.players
        self.learners = frozenset(range(count) if seats is None else seats)
        if not self.learners or not self.learners <= set(range(count)):
            raise LudusError(N_("there is no seat {seat} in a {players}-player game"),
                             seat=str(sorted(self.learners)), players=count)
        others = [p for p in range(count) if p not in self.learners]
        specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(specs) != len(others):
            raise ValueError(f"{len(others)} opponents needed, got {len(specs)}")
        self.opponent_specs = dict(zip(others, specs))
        self.reacting = frozenset(others) | (self.learners if reactions else frozenset())
        self.n = n
        self.max_actions = max_actions
        self.num_actions = self.game.num_distinct_actions + (1 if reactions else 0)
        self.obs: FloatArray = np.zeros((n, self.game.observation_layout.size), dtype=np.float32)
        self.masks: BoolArray = np.zeros((n, self.num_actions), dtype=np.bool_)
        self.seats: IntArray = np.zeros(n, dtype=np.int64)
        self.rewards: FloatArray = np.zeros((n, count), dtype=np.float32)
        self.terminated: BoolArray = np.zeros(n, dtype=np.bool_)
        self.truncated: BoolArray = np.zeros(n, dtype=np.bool_)
        self.episodes = 0
        self._seed = 0
        self._games: list[Turns] = []
        self._bots: list[dict[int, Agent]] = []
        self._legal: list[dict[int, Action]] = [{} for _ in range(n)]
        self._encode = self.game.action_space.encode
        self._layout = self.game.observation_layout
        # a game's encoder proven equal to observe(view(seat), seat) (core.spaces.observe_state_into)
        self._direct = (getattr(self.game.encoder, "observe_state", None)
                        if type(self.game).observe is Game.observe else None)
        self._rows = [row.data for row in self.obs]  # float32 memoryviews of the rows
        self._zeros = np.zeros(self._layout.size, dtype=np.float32).data

    def reset(self, seed: int = 0) -> tuple[FloatArray, BoolArray, IntArray]:
        """New games with ludus seeds ``seed``, ``seed + 1``, …; returns ``(obs, masks, seats)``."""
        self._seed = seed
        self.episodes = 0
        self._games = []
        self._bots = []
        for i in range(self.n):
            self._games.append(self._new_game(i))
            self._bots.append(self._new_bots(i))
            self._drive(i)
            self._write(i)
        return self.obs, self.masks, self.seats

    def _new_game(self, i: int) -> Turns:
        state = self.game.new_state(self._next_seed())
        return Turns(self.game, state, self.reacting, self.max_actions)

    def _next_seed(self) -> int:
        self._seed += 1
        return self._seed - 1

    def _new_bots(self, i: int) -> dict[int, Agent]:
        return {p: make_agent(spec, seed=self._seed * 8 + p) for p, spec in self.opponent_specs.items()}

    def _drive(self, i: int) -> None:
        """Let game ``i``'s bots play until a learner seat is selected or the game is over."""
        turns, bots = self._games[i], self._bots[i]
        while turns.seat is not None and turns.seat not in self.learners:
            p = turns.seat
            if turns.window:
                reply = bots[p].react(turns.state, p)
                if reply is None:
                    turns.decline()
                else:
                    turns.apply(reply)
            else:
                turns.apply(bots[p].act(turns.state, p))

    def _write(self, i: int) -> None:
        """Game ``i``'s row of ``obs``, ``masks`` and ``seats``: its selected learner seat's."""
        turns = self._games[i]
        seat = turns.seat
        if seat is None:  # a game that ends before any learner decision (never in the four games)
            raise RuntimeError("a game ended before any learner seat had a decision")
        self.seats[i] = seat
        if self._direct is None:
            observation(self.game, turns.state, seat, out=self.obs[i])
        else:  # what ``observation`` does, the seat known to be a seat and the row's view kept
            row = self._rows[i]
            row[:] = self._zeros
            self._direct(row, turns.state, seat, self._layout)
        # the seat's own legal actions by number (Turns.legal_ids's numbers), kept to play the very
        # objects the game listed
        encode = self._encode
        legal = self._legal[i] = {encode(a): a for a in turns.legal_actions(seat)}
        row = self.masks[i]
        row.fill(False)
        row[list(legal)] = True
        if turns.window:
            row[turns.pass_id] = True

    def step(self, actions: npt.ArrayLike) -> tuple[FloatArray, BoolArray, IntArray, FloatArray, BoolArray,
                                                     BoolArray]:
        """Each game's selected learner seat plays its number in ``actions`` (``n`` integers); the bots
        answer; ended games are reset. Returns ``(obs, masks, seats, rewards, terminated, truncated)``.

        Raises :class:`~ludus.core.errors.IllegalActionError` for a number its mask does not hold
        (the games before it in the batch have moved; the batch should be reset).
        """
        if not self._games:
            raise RuntimeError("call reset() first")
        numbers = np.asarray(actions, dtype=np.int64).reshape(-1)
        if numbers.shape[0] != self.n:
            raise ValueError(f"{self.n} actions needed, got {numbers.shape[0]}")
        self.rewards.fill(0.0)
        self.terminated.fill(False)
        self.truncated.fill(False)
        for i, number in enumerate(numbers.tolist()):
            turns = self._games[i]
            action = self._legal[i].get(number)
            if action is not None:
                turns.apply(action)
            elif turns.window and number == turns.pass_id:
                turns.decline()
            else:
                raise IllegalActionError(f"action {number} is not legal for seat {self.seats[i]} in game {i}")
            self._drive(i)
            if turns.seat is None:
                if turns.terminal:
                    self.terminated[i] = True
                    self.rewards[i] = turns.state.returns()
                else:
                    self.truncated[i] = True
                self.episodes += 1
                self._games[i] = self._new_game(i)
                self._bots[i] = self._new_bots(i)
                self._drive(i)
            self._write(i)
        return self.obs, self.masks, self.seats, self.rewards, self.terminated, self.truncated

    def states(self) -> list[Turns]:
        """The games, as :class:`~ludus.rl.table.Turns` (for tests and tools, not for learners: they
        hold hidden information)."""
        return list(self._games)
