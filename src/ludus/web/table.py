"""A table in play, in memory (:class:`Live`), and the errors of the web platform.

:class:`Live` is a table's database row and seats around its table driver
(:class:`~ludus.core.driver.Table`: the state, the events each seat saw, the actions in
force, the way back for undo, who moves next, the seats' views);
:class:`ludus.web.live.Hub` owns the live tables of a process and is the only one that
changes them.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ludus.core.actions import Action
from ludus.core.api import Game, State
from ludus.core.driver import FatalMove, Table, Turn, forced_move
from ludus.core.errors import N_, LudusError
from ludus.core.events import Event
from ludus.core.i18n import Lang
from ludus.core.record import ENGINE_VERSION, GameRecord
from ludus.web.store import Entry, SeatRow, TableRow, now

__all__ = [
    "BOT_TABLES", "IDLE_SECONDS", "MOVE_SECONDS", "MOVE_UNITS", "Forbidden", "Live", "NeedsConfirmation",
    "NotFound", "Refused", "SeatSpec", "Stale", "TooMany", "per_move",
]


MOVE_SECONDS = (10, 14 * 86400)
"""The range of a table's time per move, in seconds (ten seconds to two weeks; the lobby's form offers one
minute to 14 days, in minutes, hours or days: :data:`MOVE_UNITS`)."""

MOVE_UNITS = {"minutes": 60, "hours": 3600, "days": 86400}
"""The units of the lobby's time per move, in seconds."""

IDLE_SECONDS = 30 * 86400.0
"""A table nobody has moved at for this long is stopped (``ludus serve --idle-days``): comfortably more
than the longest time per move (:data:`MOVE_SECONDS`), so a turn-based table is never stopped while a
seat still has time to move."""

BOT_TABLES = 2
"""Unfinished tables whose every seat is a bot one client may have opened (``ludus serve --bot-tables``)."""


def per_move(lang: Lang, seconds: int) -> str:
    """A time per move in the largest unit that holds it whole, in ``lang``: "2 days per move".

    >>> from ludus.core.i18n import get_lang
    >>> [per_move(get_lang("en"), s) for s in (172800, 5400, 3600, 45)]
    ['2 days per move', '90 minutes per move', '1 hour per move', '45 seconds per move']
    """
    if seconds % 86400 == 0:
        n = seconds // 86400
        return lang.ngettext("{count} day per move", "{count} days per move", n).format(count=n)
    if seconds % 3600 == 0:
        n = seconds // 3600
        return lang.ngettext("{count} hour per move", "{count} hours per move", n).format(count=n)
    if seconds % 60 == 0:
        n = seconds // 60
        return lang.ngettext("{count} minute per move", "{count} minutes per move", n).format(count=n)
    return lang.ngettext("{count} second per move", "{count} seconds per move", seconds).format(count=seconds)


class NotFound(LudusError):
    """No such table (HTTP 404)."""


class Forbidden(LudusError):
    """The token may not do that (HTTP 403)."""


class Refused(LudusError):
    """A well-formed request the table cannot take now (HTTP 409)."""


class TooMany(LudusError):
    """A client has opened as many tables of a kind as it may (HTTP 429)."""


class NeedsConfirmation(Refused, FatalMove):
    """The move loses the game at once: the person must confirm it (HTTP 409, ``confirm``)."""


class Stale(Exception):
    """The table moved on since the caller looked (a bot thinks again)."""


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """How a table's seat is played: ``"human"``, or ``"bot"`` with a ``level``, and a display name."""

    kind: str
    level: str | None = None
    name: str = ""


@dataclass
class Live:
    """One table in play: its database row and seats, and its :class:`~ludus.core.driver.Table`
    (the state, the record, the events, the way back, who moves next and the seats' views)."""

    row: TableRow
    seats: list[SeatRow]
    game: Game[Any]
    table: Table
    index: int = 0
    """The next index of the log (entries so far: actions and undos)."""
    since: datetime = field(default_factory=now)
    """When the table last changed (the current decisions began)."""
    lock: threading.RLock = field(default_factory=threading.RLock)
    busy: bool = False
    """Whether the server is playing the table's automatic moves (a worker, a bot's pause or decision)."""
    failures: int = 0
    """The server's own moves refused in a row (a bug after three: its automatic moves stop)."""
    texts: dict[tuple[int, int], tuple[Event, tuple[Any, ...], str]] = field(default_factory=dict)
    """The log's lines already written: (action, event) -> the event, the reader (language, names), the
    text. A line is reused only for the same event object and reader (an undo makes new events)."""

    @classmethod
    def start(cls, row: TableRow, seats: list[SeatRow], game: Game[Any]) -> Live:
        """The table of ``row`` at its first position (its log not yet replayed)."""
        return cls(row, seats, game, Table(game.new_state(row.seed), seed=row.seed), since=row.created)

    @property
    def id(self) -> str:
        """The table's id."""
        return self.row.id

    @property
    def status(self) -> str:
        """``playing``, ``finished`` or ``stopped`` (at the action cap, or nobody moved for the server's
        idle time)."""
        return self.row.status

    @property
    def state(self) -> State:
        """The position now (the driver's; read it holding :attr:`lock`)."""
        return self.table.state

    @property
    def played(self) -> list[str]:
        """The actions in force, in notation (undone ones left out)."""
        return self.table.record.actions

    @property
    def events(self) -> list[tuple[int, Event]]:
        """Every event so far, with the number of the action (in :attr:`played`) that made it."""
        return [(number, event) for number, events in enumerate(self.table.events) for event in events]

    def automatic(self, seat: int) -> str | None:
        """The bot level that plays ``seat`` (a bot seat, or a person's seat handed to a bot), else None."""
        row = self.seats[seat]
        if row.kind == "bot":
            return row.level or "greedy"
        return row.replaced_by

    def people(self) -> bool:
        """Whether a person plays a seat now (not handed to a bot): the table's bots think first."""
        return any(row.kind == "human" and row.replaced_by is None for row in self.seats)

    def bots(self) -> set[int]:
        """The seats the server plays (:meth:`automatic`)."""
        return {p for p in range(self.game.players) if self.automatic(p) is not None}

    def undoable(self, seat: int) -> bool:
        """Whether ``seat`` may take back its latest choice now."""
        return self.status == "playing" and self.table.can_undo(seat)

    def undo_steps(self, seat: int) -> int:
        """How many of the latest actions an undo of ``seat`` takes back (0: it may not): its
        latest choice with the forced moves played for it since (:meth:`UndoHistory.unit
        <ludus.core.table.UndoHistory.unit>`)."""
        return self.table.undo_steps(seat)

    def forced_move(self, state: State | None = None) -> tuple[int, Action] | None:
        """The next move the server plays for a person in ``state`` (default: the table's): a
        seat to move whose only move is forced (``State.forced``) and that no bot plays."""
        return forced_move(self.state if state is None else state, self.bots())

    def next_turn(self) -> Turn | None:
        """The next move the server makes (:meth:`Table.next_turn <ludus.core.driver.Table.next_turn>`
        with the people deciding at once): a person's forced move, a bot's out-of-turn offer
        (once per position, before the movers) or a bot's move. None: only people are awaited."""
        if self.status != "playing":
            return None
        return self.table.next_turn(self.bots(), people_wait=False)

    def server_first(self) -> bool:
        """Whether a person's forced move is still to be played (the server plays it: normally
        with the move before it, see :meth:`ludus.web.live.Hub.act`). Meanwhile no seat is offered
        anything, as it would race that move. A bot's optional reaction is not waited for (nothing
        ever waits for an optional action, DESIGN.md)."""
        return self.status == "playing" and self.forced_move() is not None

    def recent(self, seat: int | None) -> list[Event]:
        """The events ``seat`` saw since its last action (a spectator: those of the last action)."""
        return self.table.recent(seat)

    def record(self) -> GameRecord:
        """The game so far as a :class:`GameRecord` (the actions in force, undone ones left out)."""
        record = GameRecord(self.game.info.id, self.game.players, self.row.seed, self.game.option_dict,
                            list(self.played), version=ENGINE_VERSION)
        record.seats = [
            self.seats[p].name or (self.automatic(p) or "human") for p in range(self.game.players)
        ]
        if self.state.is_terminal():
            record.final_digest = self.state.digest()
        return record

    # --- changes (the caller holds the lock) --------------------------------------
    def replay(self, entry: Entry) -> None:
        """Put in force an entry read from the log."""
        if entry.kind == "undo":
            steps = int(entry.notation) if entry.notation.isdigit() else 1  # "": one action (older logs)
            try:
                self.table.take_back(entry.seat, steps)
            except LudusError:
                raise LudusError(N_("the log of table {table} has an undo that cannot be taken"),
                                 table=self.id) from None
        else:
            self.table.play(self.game.parse_action(self.state, entry.notation))
            if self.state.is_terminal():
                self.row.status = "finished"
        self.index += 1
        self.since = entry.at
