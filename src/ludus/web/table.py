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
        if not self.trail or self.trail[-1].seat != seat or self.status != "playing":
            return False
        step = self.trail[-1]
        if step.barrier is None:
            action = self.game.parse_action(step.before, self.played[-1])
            step.barrier = reveals(step.before, action, self.state)
        return not step.barrier

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

    def take_back(self, at: datetime) -> None:
        """Take back the latest action (its seat's undo)."""
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
            if not self.trail or self.trail[-1].seat != entry.seat:
                raise LudusError(N_("the log of table {table} has an undo that cannot be taken"), table=self.id)
            self.take_back(entry.at)
            return
        action = self.game.parse_action(self.state, entry.notation)
        after = self.state.clone()
        events = after.apply(action)
        self.put(entry.seat, entry.notation, after, events, entry.at)
        if after.is_terminal():
            self.row.status = "finished"
