"""The turn order the research tools want, shared by the three wrappers.

PettingZoo's AEC model, OpenSpiel's sequential games and a Gymnasium step each
want **one** seat to act at a time, with a mask over a fixed action numbering.
:class:`Turns` puts a ludus state in that shape:

- one seat to move: it acts;
- several seats to move (Hadrian's Wall's simultaneous phases): they are asked one
  after another, round-robin in seat order, as :func:`ludus.agents.play_game` does;
  each seat's choice is hidden from the others by the game's views, so acting in
  turn reveals nothing;
- optional out-of-turn actions (Fall of Rome): a seat in ``reacting`` that has some
  is offered a *reaction window* before each decision: its mask holds those
  actions and :attr:`Turns.pass_id` (decline). A seat that declines is not asked
  again until an action changes the state. Seats not in ``reacting`` never play out
  of turn (the actions are optional, so this is always a legal way to play).

Masks come from ``legal_actions(seat)`` of the seat selected, observations from
``observe(view(seat), seat)`` (:func:`observation`: written into a buffer, through a game's encoder
that reads the state only where it is proven to give the same floats, ``tests/rl/test_encoders.py``):
nothing else of the state reaches a learner.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import numpy as np
import numpy.typing as npt

from ludus.core.actions import Action
from ludus.core.api import Game, State
from ludus.core.errors import N_, LudusError
from ludus.core.spaces import observe_state_into

__all__ = ["Turns", "observation"]

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]


def observation(game: Game[Any], state: State, seat: int | None, out: FloatArray | None = None) -> FloatArray:
    """``seat``'s observation (``None``: the spectator's) as float32, from its view only.

    ``out``: a float32 buffer of the layout's size (a row of a batch's array) to write it into and
    return, instead of a new array. A game with an encoder facet proven equal to
    ``observe(view(seat), seat)`` is read through it (:func:`ludus.core.spaces.observe_state_into`);
    a game that overrides :meth:`Game.observe <ludus.core.api.Game.observe>` is asked for its list.
    """
    if out is None:
        out = np.empty(game.observation_layout.size, dtype=np.float32)
    if type(game).observe is Game.observe:  # the spaces facet's observation
        observe_state_into(game.spaces, out, state, seat, game.observation_layout, game.encoder)
    else:  # a game of its own ``observe``
        out[:] = game.observe(state.view(seat), seat)
    return out


class Turns:
    """A ludus state with one seat selected at a time (see the module's documentation).

    ``cap`` is how many ludus actions may be played before the game is truncated
    (default :attr:`Game.action_cap <ludus.core.api.Game.action_cap>`); declining a
    reaction is not an action.
    """

    __slots__ = ("asked", "cap", "game", "last", "pass_id", "reacting", "seat", "size", "state", "steps",
                 "window")

    def __init__(self, game: Game[Any], state: State, reacting: Collection[int] = (),
                 cap: int | None = None) -> None:
        if game.num_distinct_actions == 0:
            raise ValueError(f"{game.info.id} has no fixed action numbering yet")
        self.game = game
        self.state = state
        self.reacting = frozenset(reacting)
        self.size = game.num_distinct_actions
        self.pass_id = self.size
        """The number of "decline" in a reaction window (one past the game's own actions)."""
        self.cap = game.action_cap if cap is None else cap
        self.last = -1
        self.asked: set[int] = set()
        self.steps = 0
        self.seat: int | None = None
        self.window = False
        self._select()

    @property
    def num_actions(self) -> int:
        """The size of the action space the tools see: the game's, plus decline when seats react."""
        return self.size + (1 if self.reacting else 0)

    @property
    def terminal(self) -> bool:
        """Whether the game is over."""
        return self.state.is_terminal()

    @property
    def truncated(self) -> bool:
        """Whether the game was stopped unfinished at the cap."""
        return not self.state.is_terminal() and self.steps >= self.cap

    def _select(self) -> None:
        state = self.state
        self.window = False
        if state.is_terminal() or self.steps >= self.cap:
            self.seat = None
            return
        movers = state.to_move()
        if not movers:
            raise RuntimeError("non-terminal state with nobody to move")
        if self.reacting and len(movers) < self.game.players:
            for p in sorted(self.reacting):
                if p not in movers and p not in self.asked and state.has_actions(p):
                    self.seat, self.window = p, True
                    return
        if len(movers) == 1:
            self.seat = movers[0]
        else:
            self.seat = next((p for p in movers if p > self.last), movers[0])

    def legal_actions(self, seat: int) -> list[Action]:
        """``seat``'s ludus actions now if it is selected (else none)."""
        if seat != self.seat:
            return []
        return self.state.legal_actions(seat)

    def legal_ids(self, seat: int) -> list[int]:
        """The numbers ``seat`` may play now, ascending (with :attr:`pass_id` in a reaction window)."""
        ids = sorted({self.game.encode_action(a) for a in self.legal_actions(seat)})
        if self.window and seat == self.seat:
            ids.append(self.pass_id)
        return ids

    def mask(self, seat: int) -> MaskArray:
        """1 at each number ``seat`` may play now (all zeros when it is not selected)."""
        out = np.zeros(self.num_actions, dtype=np.int8)
        ids = self.legal_ids(seat)
        if ids:
            out[ids] = 1
        return out

    def decode(self, number: int) -> Action | None:
        """The selected seat's action numbered ``number`` (``None`` for decline)."""
        if self.seat is None:
            raise LudusError(N_("the game is over"))
        if self.window and number == self.pass_id:
            return None
        return self.game.action_space.decode(int(number), self.seat)

    def play(self, number: int) -> None:
        """The selected seat plays ``number``; :class:`~ludus.core.errors.IllegalActionError` if it may
        not."""
        action = self.decode(number)
        if action is None:
            self.decline()
        else:
            self.apply(action)

    def apply(self, action: Action) -> None:
        """Carry out a ludus action of the selected seat (a bot's, for the Gymnasium opponents)."""
        if action.player != self.seat:
            raise LudusError(N_("it is not seat {seat}'s decision"), seat=action.player)
        self.state.apply(action)
        if not self.window:
            self.last = action.player
        self.asked.clear()
        self.steps += 1
        self._select()

    def decline(self) -> None:
        """The selected seat declines its reaction window."""
        if not self.window or self.seat is None:
            raise RuntimeError("there is nothing to decline: no seat is in a reaction window")
        self.asked.add(self.seat)
        self._select()

    def clone(self) -> Turns:
        """An independent copy."""
        other = Turns.__new__(Turns)
        other.game, other.state, other.reacting = self.game, self.state.clone(), self.reacting
        other.size, other.pass_id, other.cap = self.size, self.pass_id, self.cap
        other.last, other.asked, other.steps = self.last, set(self.asked), self.steps
        other.seat, other.window = self.seat, self.window
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Turns:
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (self.game, self.to_json(), tuple(sorted(self.reacting)), self.cap))

    def to_json(self) -> dict[str, Any]:
        """The turn order and the complete state as JSON-ready data."""
        return {"state": self.state.to_json(), "last": self.last, "asked": sorted(self.asked),
                "steps": self.steps}

    @classmethod
    def from_json(cls, game: Game[Any], data: dict[str, Any], reacting: Collection[int] = (),
                  cap: int | None = None) -> Turns:
        """Rebuild :meth:`to_json`'s data."""
        turns = cls(game, game.state_from_json(data["state"]), reacting, cap)
        turns.last, turns.asked, turns.steps = int(data["last"]), set(data["asked"]), int(data["steps"])
        turns._select()
        return turns


def _restore(game: Game[Any], data: dict[str, Any], reacting: tuple[int, ...], cap: int) -> Turns:
    return Turns.from_json(game, data, reacting, cap)
