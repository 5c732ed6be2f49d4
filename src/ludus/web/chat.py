"""A table's chat: two rooms, the players' and the spectators', kept with the table.

Every table has two rooms (:data:`ROOMS`): ``"seats"``, where the people who hold its seats
talk, and ``"watchers"``, where the spectators do. They are apart: a seat's WebSocket reads and
writes the players' room only, a spectator's the spectators' room only (players do not read the
spectators, nor spectators the players). Who may write: a seat (its line carries the seat's name,
or its account's when the seat is claimed) and a signed-in spectator (the account's name); a
spectator who is not signed in reads only.

A line is one line of text: control and format characters are removed (a line break or a tab
becomes a space; the zero-width joiner and non-joiner, which some scripts and emoji need, stay),
spaces are collapsed and the ends trimmed; an empty line or one longer than :data:`MAX_CHARS`
characters is refused with a one-line error for the writer alone; a writer sends at most
:data:`BURST` lines in a row, then one every ``1 / RATE`` seconds (per seat, per account; kept
in each server process). The text is stored as it was typed (cleaned, never as HTML): each front end
escapes it where it is shown.

Lines are rows of the ``chat`` table (:class:`~ludus.web.store.ChatRow`), numbered per table: a
socket opened later gets the last :data:`HISTORY` lines of its room, and a restarted server keeps
them. A line reaches the sockets of the process that wrote it at once; with PostgreSQL the same
transaction sends ``NOTIFY ludus_tables, '<table>:chat:<origin>'`` and every other process's
:class:`~ludus.web.notify.Listener` reads the table's newest lines and hands them to its sockets
(each socket drops a line it already has).

Chat is nothing of the game: not in a seat's view, the log, the record or a replay, and nothing of
it reaches a bot (bots think on copies of the game's state, which knows nothing of it).
"""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, insert, select, text
from sqlalchemy.exc import IntegrityError

from ludus.core.errors import N_, LudusError
from ludus.core.i18n import Lang
from ludus.web.http import RateLimit
from ludus.web.store import AccountRow, ChatRow, SeatRow, Store, now
from ludus.web.table import Forbidden, Refused, TooMany

__all__ = ["BURST", "HISTORY", "MAX_CHARS", "RATE", "ROOMS", "Chat", "Line", "clean"]

ROOMS = ("seats", "watchers")
"""A table's rooms: the players' and the spectators'."""
MAX_CHARS = 300
"""The longest line, in characters, after cleaning."""
HISTORY = 100
"""How many of a room's latest lines a socket gets when it opens (and a page shows)."""
BURST = 5
"""Lines a writer may send in a row ..."""
RATE = 0.5
"""... then this many a second (5 lines per 10 seconds)."""
NEWEST = 64
"""How many of a table's newest lines a process reads when another process tells it of a line."""

_KEPT = {"\u200c", "\u200d"}  # zero-width non-joiner and joiner: Persian, Indic scripts, emoji
_SPACES = {"\t", "\n", "\v", "\f", "\r", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"}


def clean(typed: str) -> str:
    """``typed`` as one line: control, format, private-use and surrogate characters removed (a line
    break or a tab becomes a space), runs of spaces made one, the ends trimmed.

    >>> clean("  hello\\n\\tworld\\u202e!\\x00 ")
    'hello world!'
    """
    kept = []
    for char in typed:
        if char in _SPACES:
            kept.append(" ")
        elif char in _KEPT or unicodedata.category(char) not in ("Cc", "Cf", "Co", "Cs"):
            kept.append(char)
    return " ".join("".join(kept).split())


@dataclass(frozen=True, slots=True)
class Line:
    """One chat line: its number at the table, its room, the seat that wrote it (None: a spectator),
    the writer's name as stored (empty: the seat's default name), the text, when."""

    idx: int
    room: str
    seat: int | None
    name: str
    text: str
    at: datetime

    def who(self, lang: Lang) -> str:
        """The writer's name for a reader: the stored name, else "Player 2" (a seat), "Spectator"."""
        if self.name:
            return self.name
        return lang.player(self.seat) if self.seat is not None else lang.gettext("Spectator")

    def to_json(self, lang: Lang) -> dict[str, Any]:
        """The line as the JSON socket sends it (text, never HTML)."""
        return {"idx": self.idx, "room": self.room, "seat": self.seat, "name": self.who(lang),
                "text": self.text, "at": self.at.isoformat()}

    @classmethod
    def of(cls, row: ChatRow) -> Line:
        """The line a row of the ``chat`` table holds."""
        return cls(row.idx, row.audience, row.seat, row.name, row.text, row.at)


Heard = Callable[[Line], None]
"""A socket's callback: called (from any thread) with each new line of its room."""


class Chat:
    """The chat of one server process: it writes lines, reads a room's history and hands new lines
    to the callbacks of the room's sockets (:meth:`listen`). ``channel``/``origin``: the NOTIFY channel
    that tells the other processes (PostgreSQL; None: one process) and this process's name there."""

    def __init__(self, store: Store, channel: str | None = None, origin: str = "") -> None:
        self.store, self.channel, self.origin = store, channel, origin
        self.limits = RateLimit(RATE, BURST)
        """One bucket per writer (a seat, an account)."""
        self._listeners: dict[tuple[str, str], set[Heard]] = {}
        self._newest: dict[str, int] = {}
        self._guard = threading.Lock()

    # --- who listens ------------------------------------------------------------------------
    def listen(self, table_id: str, room: str, callback: Heard) -> None:
        """Call ``callback`` with every new line of the table's ``room``."""
        with self._guard:
            self._listeners.setdefault((table_id, room), set()).add(callback)

    def unlisten(self, table_id: str, room: str, callback: Heard) -> None:
        """Stop calling ``callback``."""
        with self._guard:
            heard = self._listeners.get((table_id, room))
            if heard is not None:
                heard.discard(callback)
                if not heard:
                    del self._listeners[(table_id, room)]
                    if not any(key[0] == table_id for key in self._listeners):
                        self._newest.pop(table_id, None)

    def tables(self) -> list[str]:
        """The tables whose chat a socket of this process listens to."""
        with self._guard:
            return sorted({table_id for table_id, _ in self._listeners})

    def _deliver(self, table_id: str, lines: list[Line]) -> None:
        for line in lines:
            with self._guard:
                self._newest[table_id] = max(self._newest.get(table_id, -1), line.idx)
                callbacks = list(self._listeners.get((table_id, line.room), ()))
            for callback in callbacks:
                callback(line)

    # --- reading ----------------------------------------------------------------------------
    def history(self, table_id: str, room: str, limit: int = HISTORY) -> list[Line]:
        """The last ``limit`` lines of the table's ``room``, oldest first."""
        query = (select(ChatRow).where(ChatRow.table_id == table_id, ChatRow.audience == room)
                 .order_by(ChatRow.idx.desc()).limit(limit))
        with self.store.sessions() as session:
            return [Line.of(row) for row in reversed(list(session.scalars(query)))]

    def heard(self, table_id: str) -> None:
        """Another process wrote a line at the table: hand the table's newest lines to this process's
        sockets (each drops what it already has). Nothing when no socket here listens to the table."""
        with self._guard:
            if not any(key[0] == table_id for key in self._listeners):
                return
            after = self._newest.get(table_id, -1) - NEWEST
        query = (select(ChatRow).where(ChatRow.table_id == table_id, ChatRow.idx > after)
                 .order_by(ChatRow.idx.desc()).limit(NEWEST))
        with self.store.sessions() as session:
            lines = [Line.of(row) for row in reversed(list(session.scalars(query)))]
        self._deliver(table_id, lines)

    # --- writing ----------------------------------------------------------------------------
    def say(self, table_id: str, typed: str, *, seat: int | None = None,
            account: AccountRow | None = None) -> Line:
        """Write a line at the table: by ``seat`` in the players' room (its name, or the name of the
        account that claimed it), else by the signed-in ``account`` in the spectators' room.

        Raises :class:`LudusError` for an empty line or one too long, :class:`Forbidden` for a
        spectator who is not signed in and :class:`TooMany` past the rate; nothing is written then.
        """
        if seat is None and account is None:
            raise Forbidden(N_("sign in to write in the spectators' chat"))
        line = clean(typed[: MAX_CHARS * 8])
        if not line:
            raise LudusError(N_("the chat line is empty"))
        if len(typed) > MAX_CHARS * 8 or len(line) > MAX_CHARS:
            raise LudusError(N_("the chat line is too long (longest allowed: {limit})"), limit=MAX_CHARS)
        room, writer = ("seats", f"seat:{table_id}:{seat}") if seat is not None else (
            "watchers", f"account:{account.id if account is not None else '?'}")
        if not self.limits.allow(writer):
            raise TooMany(N_("too many chat lines: wait a few seconds"))
        written = self._write(table_id, room, seat, account, line)
        self._deliver(table_id, [written])
        return written

    def _write(self, table_id: str, room: str, seat: int | None, account: AccountRow | None,
               line: str) -> Line:
        """Insert the line at the table's next number (and tell the other processes, in the same
        transaction); a number taken meanwhile by another writer: the next one."""
        for _ in range(8):
            at = now()
            try:
                with self.store.sessions() as session, session.begin():
                    name, account_id = "", None
                    if seat is not None:  # the seat as it is now (claimed by an account meanwhile?)
                        row = session.get(SeatRow, (table_id, seat))
                        if row is not None:
                            name, account_id = row.name, row.account_id
                            owner = session.get(AccountRow, account_id) if account_id is not None else None
                            name = owner.name if owner is not None else name
                    elif account is not None:
                        name, account_id = account.name, account.id
                    idx = int(session.scalar(select(func.coalesce(func.max(ChatRow.idx), -1) + 1)
                                             .where(ChatRow.table_id == table_id)) or 0)
                    session.execute(insert(ChatRow).values(
                        table_id=table_id, idx=idx, audience=room, seat=seat, account_id=account_id,
                        name=name[:40], text=line, at=at))
                    if self.channel is not None:
                        session.execute(text("SELECT pg_notify(:c, :p)"),
                                        {"c": self.channel, "p": f"{table_id}:chat:{self.origin}"})
                return Line(idx, room, seat, name[:40], line, at)
            except IntegrityError:
                continue  # another writer took the number (or the table is gone: then this fails again)
        raise Refused(N_("the table is too busy, try again"))
