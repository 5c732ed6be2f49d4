"""A table in play, in memory (:class:`Live`), and the errors of the web platform.

:class:`Live` holds the game state, the events each seat saw, the actions in force (the
record) and the way back for undo; :class:`ludus.web.live.Hub` owns the live tables of a
process and is the only one that changes them.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ludus.agents import Agent
from ludus.core.actions import Action
from ludus.core.api import Game, State
from ludus.core.errors import N_, LudusError
from ludus.core.events import Event
from ludus.core.record import ENGINE_VERSION, GameRecord
from ludus.core.table import reveals
from ludus.web.store import Entry, SeatRow, TableRow, now

__all__ = ["Forbidden", "Live", "NeedsConfirmation", "NotFound", "Refused", "SeatSpec", "Stale"]


class NotFound(LudusError):
    """No such table (HTTP 404)."""


class Forbidden(LudusError):
    """The token may not do that (HTTP 403)."""


class Refused(LudusError):
    """A well-formed request the table cannot take now (HTTP 409)."""


class NeedsConfirmation(Refused):
    """The move loses the game at once: the person must confirm it (HTTP 409, ``confirm``)."""


class Stale(Exception):
    """The table moved on since the caller looked (a bot thinks again)."""


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """How a table's seat is played: ``"human"``, or ``"bot"`` with a ``level``, and a display name."""

    kind: str
    level: str | None = None
    name: str = ""


@dataclass(slots=True)
class _Step:
    """An action of the trailing run of one seat's actions (the ones undo may reach)."""

    seat: int
    before: State
    events: int
    barrier: bool | None = None
    forced: bool | None = None
    """Whether it was the seat's forced move (``State.forced``), which the server plays for a person."""


@dataclass
class Live:
    """One table in play: its database row and seats, state, events, record and way back."""

    row: TableRow
    seats: list[SeatRow]
    game: Game[Any]
    state: State
    index: int = 0
    """The next index of the log (entries so far)."""
    played: list[str] = field(default_factory=list)
    events: list[tuple[int, Event]] = field(default_factory=list)
    """Every event so far, with the number of the action (in ``played``) that made it."""
    trail: list[_Step] = field(default_factory=list)
    since: datetime = field(default_factory=now)
    """When the table last changed (the current decisions began)."""
    lock: threading.RLock = field(default_factory=threading.RLock)
    agents: dict[int, tuple[str, Agent]] = field(default_factory=dict)
    """The bot playing each automatic seat, with its level (a new one when the level changes)."""
    busy: bool = False
    offered: set[tuple[int, int]] = field(default_factory=set)
    """(index, seat): the bots that declined their out-of-turn actions in this position."""

    @property
    def id(self) -> str:
        """The table's id."""
        return self.row.id

    @property
    def status(self) -> str:
        """``playing``, ``finished`` or ``stopped`` (at the action cap)."""
        return self.row.status

    def automatic(self, seat: int) -> str | None:
        """The bot level that plays ``seat`` (a bot seat, or a person's seat handed to a bot), else None."""
        row = self.seats[seat]
        if row.kind == "bot":
            return row.level or "greedy"
        return row.replaced_by

    def undoable(self, seat: int) -> bool:
        """Whether ``seat`` may take back its latest action now."""
        return self.status == "playing" and self.undo_steps(seat) > 0

    def undo_steps(self, seat: int) -> int:
        """How many of the latest actions an undo of ``seat`` takes back (0: it may not).

        That is the seat's latest choice with the forced moves played for it since: taking
        back only a forced move would leave a position in which the server plays it again.
        None of them may have revealed something or used chance.
        """
        first = len(self.played) - len(self.trail)
        for k in range(len(self.trail) - 1, -1, -1):
            step = self.trail[k]
            if step.seat != seat:
                return 0
            if step.barrier is None:
                after = self.trail[k + 1].before if k + 1 < len(self.trail) else self.state
                action = self.game.parse_action(step.before, self.played[first + k])
                step.barrier = reveals(step.before, action, after)
            if step.barrier:
                return 0
            if step.forced is None:
                step.forced = seat in step.before.to_move() and step.before.forced(seat) is not None
            if not step.forced:
                return len(self.trail) - k
        return 0

    def forced_move(self, state: State) -> tuple[int, Action] | None:
        """The next move the server plays for a person in ``state``: a seat to move whose only
        move is forced (``State.forced``) and that no bot plays. None when there is none."""
        if state.is_terminal():
            return None
        for seat in state.to_move():
            if self.automatic(seat) is None:
                forced = state.forced(seat)
                if forced is not None:
                    return seat, forced
        return None

    def next_automatic(self) -> tuple[int, Action | None, bool] | None:
        """The next seat whose move the server makes: (seat, the move when it is forced,
        whether it is an out-of-turn reaction); a bot's move is thought about later,
        outside the lock. As :func:`ludus.agents.play_game` does, bots not to move are
        offered their optional out-of-turn actions once per position, before the movers."""
        state = self.state
        if self.status != "playing" or state.is_terminal():
            return None
        forced = self.forced_move(state)
        if forced is not None:
            return forced[0], forced[1], False
        movers = state.to_move()
        if len(movers) < self.game.players:
            for seat in range(self.game.players):
                if (seat not in movers and self.automatic(seat) is not None
                        and (self.index, seat) not in self.offered and state.has_actions(seat)):
                    return seat, None, True
        for seat in movers:
            if self.automatic(seat) is not None:
                return seat, None, False
        return None

    def server_first(self) -> bool:
        """Whether a person's forced move is still to be played (the server plays it: normally
        with the move before it, see :meth:`ludus.web.live.Hub.act`). Meanwhile no seat is offered
        anything, as it would race that move. A bot's optional reaction is not waited for (nothing
        ever waits for an optional action, DESIGN.md)."""
        return self.status == "playing" and self.forced_move(self.state) is not None

    def recent(self, seat: int | None) -> list[Event]:
        """The events ``seat`` saw since its last action (a spectator: those of the last action)."""
        if not self.played:
            return [e for _, e in self.events if e.is_visible_to(seat)]
        last = len(self.played) - 1
        if seat is not None:
            mine = [i for i, notation in enumerate(self.played) if notation.startswith(f"{seat}:")]
            last = mine[-1] + 1 if mine else 0
        return [e for n, e in self.events if n >= last and e.is_visible_to(seat)]

    def record(self) -> GameRecord:
        """The game so far as a :class:`GameRecord` (the actions in force, undone ones left out)."""
        record = GameRecord(self.game.info.id, self.game.players, self.row.seed, self.game.option_dict,
                            list(self.played), version=ENGINE_VERSION)
        record.seats = [self.seats[p].name or (self.automatic(p) or "human") for p in range(self.game.players)]
        if self.state.is_terminal():
            record.final_digest = self.state.digest()
        return record

    # --- changes (the caller holds the lock) --------------------------------------
    def put(self, seat: int, notation: str, after: State, events: list[Event], at: datetime) -> None:
        """Put in force an action of ``seat`` whose result is ``after``."""
        if self.trail and self.trail[-1].seat != seat:
            self.trail.clear()
        self.trail.append(_Step(seat, self.state, len(events)))
        number = len(self.played)
        self.played.append(notation)
        self.events.extend((number, e) for e in events)
        self.state = after
        self.index += 1
        self.since = at

    def take_back(self, at: datetime, steps: int = 1) -> None:
        """Take back the latest ``steps`` actions (their seat's undo)."""
        for _ in range(steps):
            step = self.trail.pop()
            self.played.pop()
            if step.events:
                del self.events[-step.events:]
            self.state = step.before
        self.index += 1
        self.since = at

    def replay(self, entry: Entry) -> None:
        """Put in force an entry read from the log."""
        if entry.kind == "undo":
            steps = int(entry.notation) if entry.notation.isdigit() else 1  # "": one action (older logs)
            if len(self.trail) < steps or any(step.seat != entry.seat for step in self.trail[-steps:]):
                raise LudusError(N_("the log of table {table} has an undo that cannot be taken"), table=self.id)
            self.take_back(entry.at, steps)
            return
        action = self.game.parse_action(self.state, entry.notation)
        after = self.state.clone()
        events = after.apply(action)
        self.put(entry.seat, entry.notation, after, events, entry.at)
        if after.is_terminal():
            self.row.status = "finished"
