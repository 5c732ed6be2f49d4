"""What the web platform keeps: tables, their seats and an append-only log of actions; accounts,
their sessions, ratings and results; the tables' chat.

The tables of a relational database (SQLAlchemy 2; SQLite in WAL mode by default,
PostgreSQL through psycopg 3; the schema is made by the Alembic migrations in
``ludus/web/migrations``):

- ``tables``: a game table: the game, player count, options, seed, status, the
  optional time per move, whether the lobby lists it, the rematch it led to and who opened it
  (a hash of the client's address);
- ``seats``: one row per seat: a person or a bot (with its level), the SHA-256 of the
  seat's secret token (the token itself is never stored), a display name, whether the
  invitation was taken, the bot level that plays for a person who left, the account that claimed it
  and the log index at which its player was last told it is their turn;
- ``moves``: the log. Each row is one entry at index ``idx`` of its table: an action
  (its notation) or an undo by a seat. The primary key (table, idx) makes the log
  append-only and serializes concurrent moves: two writers (threads, processes or
  machines) that both try to write entry ``n`` cannot both succeed, the second gets
  :class:`Conflict` and catches up;
- ``accounts`` (people's, and one per bot level so that bots are rated too), ``logins`` (signed-in
  sessions, by the hash of their cookie's token), ``ratings`` (per account, game and player count),
  ``results`` (each seat's place at a finished table, with the rating before and after) and
  ``chat`` (a table's lines, the players' and the spectators' apart);
- ``reviews``: a table's game review (issue 39, :mod:`ludus.web.reviews`), as JSON, with the budget
  it spent and the length of the log it covers (a longer log is reviewed again).

An entry is committed before anyone is told of it; a table is rebuilt by replaying
its entries (:mod:`ludus.web.live`).
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    bindparam,
    create_engine,
    event,
    false,
    func,
    insert,
    select,
    text,
    true,
    update,
)
from sqlalchemy.engine import Dialect, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker
from sqlalchemy.types import TypeDecorator

__all__ = [
    "AccountRow", "ChatRow", "Conflict", "Entry", "LoginRow", "RatingRow", "ResultRow", "ReviewRow",
    "SeatRow", "Store", "TableRow", "hash_token", "new_token",
]

TOKEN_BYTES = 24
"""Secret seat tokens carry 192 random bits (32 URL-safe characters)."""


def new_token() -> str:
    """A new unguessable seat token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    """What the database keeps of a token: its SHA-256 in hex."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def now() -> datetime:
    """The current time in UTC (what the database stores)."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """A moment with its zone, stored in UTC. SQLite keeps no zone, so a value read back
    from it is given UTC again here, once, for every column of the schema."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is not None and value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value


class Base(DeclarativeBase):
    """The declarative base of the web platform's tables."""


class TableRow(Base):
    """A game table."""

    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[str] = mapped_column(Text, default="{}")
    seed: Mapped[int] = mapped_column(BigInteger)
    version: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(16), default="playing", index=True)
    listed: Mapped[bool] = mapped_column(Boolean, default=False)
    move_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created: Mapped[datetime] = mapped_column(UTCDateTime())
    updated: Mapped[datetime] = mapped_column(UTCDateTime())
    opened_by: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    """The SHA-256 of the address of the client that opened the table (None: a rematch, a script):
    what the cap on one client's bot-only tables counts (docs/web.md, "Open to strangers")."""
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Whether the table's result changes its players' ratings (chosen when it is opened)."""

    def option_values(self) -> dict[str, Any]:
        """The options as a dict."""
        values = json.loads(self.options)
        return values if isinstance(values, dict) else {}


class SeatRow(Base):
    """One seat of a table."""

    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    level: Mapped[str | None] = mapped_column(String(32), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    name: Mapped[str] = mapped_column(String(40), default="")
    joined: Mapped[bool] = mapped_column(Boolean, default=False)
    replaced_by: Mapped[str | None] = mapped_column(String(32), nullable=True)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), nullable=True, index=True)
    """The account that claimed the seat (None: a guest's invitation link, or a bot)."""
    notified: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The log index at which the seat's player was last told it is their turn (None: never)."""


class AccountRow(Base):
    """A person's account (``kind`` ``"person"``), or a bot level's (``"bot"``, no password) so that
    bots are rated too."""

    __tablename__ = "accounts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(40), unique=True)
    """The name case-folded: two accounts cannot differ only by case."""
    kind: Mapped[str] = mapped_column(String(8), default="person")
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    """argon2id (never the password; None for a bot)."""
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    notify: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    """Whether to mail the account when it is its turn or a game ends (with an address)."""
    created: Mapped[datetime] = mapped_column(UTCDateTime())


class LoginRow(Base):
    """A signed-in session: the SHA-256 of the session cookie's token, never the token."""

    __tablename__ = "logins"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    created: Mapped[datetime] = mapped_column(UTCDateTime())
    expires: Mapped[datetime] = mapped_column(UTCDateTime())


class RatingRow(Base):
    """An account's rating for one game and player count (openskill, Plackett-Luce)."""

    __tablename__ = "ratings"
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    players: Mapped[int] = mapped_column(Integer, primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    updated: Mapped[datetime] = mapped_column(UTCDateTime())


class ResultRow(Base):
    """One seat's result at a finished table: its place, and its rating before and after (rated)."""

    __tablename__ = "results"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True, index=True)
    place: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool] = mapped_column(Boolean, default=False)
    mu_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    mu_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime())


class ChatRow(Base):
    """A chat line of a table: ``audience`` ``"seats"`` (the players') or ``"watchers"`` (spectators')."""

    __tablename__ = "chat"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    audience: Mapped[str] = mapped_column(String(8))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    account_id: Mapped[int | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True)
    name: Mapped[str] = mapped_column(String(40), default="")
    text: Mapped[str] = mapped_column(String(500))
    at: Mapped[datetime] = mapped_column(UTCDateTime())


class ReviewRow(Base):
    """A table's game review: every seat's decisions valued (JSON), covering the first ``log_length``
    entries of its log, made with ``level``'s budget (``budget``, JSON)."""

    __tablename__ = "reviews"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    log_length: Mapped[int] = mapped_column(Integer)
    level: Mapped[str] = mapped_column(String(16))
    budget: Mapped[str] = mapped_column(Text)
    review: Mapped[str] = mapped_column(Text)
    updated: Mapped[datetime] = mapped_column(UTCDateTime())


class MoveRow(Base):
    """One entry of a table's log."""

    __tablename__ = "moves"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))
    notation: Mapped[str] = mapped_column(String(200), default="")
    at: Mapped[datetime] = mapped_column(UTCDateTime())


@dataclass(frozen=True, slots=True)
class Entry:
    """An entry of the log: ``kind`` is ``"act"`` (``notation`` is the action) or ``"undo"``."""

    idx: int
    seat: int
    kind: str
    notation: str
    at: datetime


_INSERT_MOVES = insert(MoveRow)
_TOUCH_TABLE = update(TableRow).where(TableRow.id == bindparam("table")).values(updated=bindparam("at"))
_TOUCH_AND_SET_STATUS = _TOUCH_TABLE.values(status=bindparam("to"))
"""A log append's statements, built once (their compiled forms are cached by SQLAlchemy)."""


class Conflict(Exception):
    """Entry ``idx`` of the table was written by someone else first: catch up and try again."""


def _index_taken(error: IntegrityError) -> bool:
    """Whether ``error`` is a unique key's violation (the index was written first by someone else)."""
    sqlstate = getattr(error.orig, "sqlstate", None)
    if sqlstate is not None:  # PostgreSQL: unique_violation
        return bool(sqlstate == "23505")
    message = str(error.orig).upper()
    return "UNIQUE" in message or "PRIMARY KEY" in message


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA busy_timeout=10000")
    # Turning a new database to WAL needs it to itself, and SQLite does not wait for that:
    # a process starting while another creates the schema tries again for a while.
    for attempt in range(100):
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            break
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or attempt == 99:
                raise
            time.sleep(0.1)
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class Store:
    """The database behind the web platform: open it with a SQLAlchemy URL.

    ``sqlite:///path/ludus.db`` (WAL, the default) or ``postgresql+psycopg://user@host/db``.
    :meth:`migrate` brings the schema to the newest Alembic revision.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine
        if url.startswith("sqlite"):
            self.engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 10})
            event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            self.engine = create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    @property
    def is_postgres(self) -> bool:
        """Whether the database is PostgreSQL (cross-process notification with LISTEN/NOTIFY)."""
        return self.engine.dialect.name == "postgresql"

    def migrate(self) -> None:
        """Create or upgrade the schema (Alembic ``upgrade head``)."""
        from ludus.web.migrations import upgrade

        upgrade(self.engine)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session committed at the end of the block (rolled back on an error)."""
        with self.sessions() as session, session.begin():
            yield session

    # --- tables -----------------------------------------------------------------
    def create_table(self, table: TableRow, seats: Sequence[SeatRow]) -> None:
        """Insert a new table and its seats."""
        with self.session() as session:
            session.add(table)
            session.flush()
            session.add_all(seats)

    def table(self, table_id: str) -> TableRow | None:
        """The table ``table_id`` (None if there is none)."""
        with self.sessions() as session:
            return session.get(TableRow, table_id)

    def seats(self, table_id: str) -> list[SeatRow]:
        """The seats of a table in seat order."""
        with self.sessions() as session:
            return list(
                session.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat))
            )

    def seat_of(self, table_id: str, token: str) -> SeatRow | None:
        """The seat whose token is ``token`` at table ``table_id`` (None: no such seat)."""
        with self.sessions() as session:
            return session.scalars(select(SeatRow).where(
                SeatRow.table_id == table_id, SeatRow.token_hash == hash_token(token))).first()

    def update_seat(self, table_id: str, seat: int, **values: Any) -> None:
        """Change columns of one seat."""
        with self.session() as session:
            session.execute(
                update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat).values(**values)
            )

    def update_table(self, table_id: str, **values: Any) -> None:
        """Change columns of one table (``updated`` is set too)."""
        with self.session() as session:
            session.execute(update(TableRow).where(TableRow.id == table_id).values(updated=now(), **values))

    def tables(
        self, *, status: Sequence[str] | None = None, listed: bool | None = None, limit: int = 100
    ) -> list[TableRow]:
        """Tables, newest first, filtered by status and by being listed in the lobby."""
        query = select(TableRow).order_by(TableRow.updated.desc()).limit(limit)
        if status is not None:
            query = query.where(TableRow.status.in_(list(status)))
        if listed is not None:
            query = query.where(TableRow.listed == listed)
        with self.sessions() as session:
            return list(session.scalars(query))

    def bot_tables(self, opened_by: str) -> int:
        """How many unfinished tables the client ``opened_by`` opened whose every seat is a bot."""
        people = select(SeatRow.table_id).where(SeatRow.table_id == TableRow.id, SeatRow.kind == "human")
        query = select(func.count()).select_from(TableRow).where(
            TableRow.opened_by == opened_by, TableRow.status == "playing", ~people.exists())
        with self.sessions() as session:
            return int(session.scalar(query) or 0)

    def with_bots(self) -> list[str]:
        """The unfinished tables where the server plays a seat (a bot, or a bot for a person who
        left), most recently moved first: those a restarted server sets going again."""
        query = (select(TableRow.id).join(SeatRow, SeatRow.table_id == TableRow.id)
                 .where(TableRow.status == "playing",
                        (SeatRow.kind == "bot") | SeatRow.replaced_by.is_not(None))
                 .group_by(TableRow.id, TableRow.updated).order_by(TableRow.updated.desc()))
        with self.sessions() as session:
            return list(session.scalars(query))

    def idle(self, before: datetime, limit: int = 1000) -> list[str]:
        """Unfinished tables that nobody has moved at since ``before``, longest idle first."""
        query = (select(TableRow.id).where(TableRow.status == "playing", TableRow.updated < before)
                 .order_by(TableRow.updated).limit(limit))
        with self.sessions() as session:
            return list(session.scalars(query))

    def stop_idle(self, table_id: str, before: datetime) -> bool:
        """Stop the table if it is still unfinished and nobody has moved at it since ``before``
        (whether it was stopped: a move that came meanwhile keeps it going)."""
        with self.session() as session:
            done = session.execute(update(TableRow).where(
                TableRow.id == table_id, TableRow.status == "playing", TableRow.updated < before,
            ).values(status="stopped"))
            return bool(getattr(done, "rowcount", 0))

    # --- the log ----------------------------------------------------------------
    def entries(self, table_id: str, start: int = 0) -> list[Entry]:
        """The table's log from index ``start`` on."""
        query = (
            select(MoveRow).where(MoveRow.table_id == table_id, MoveRow.idx >= start).order_by(MoveRow.idx)
        )
        with self.sessions() as session:
            return [Entry(m.idx, m.seat, m.kind, m.notation, m.at) for m in session.scalars(query)]

    def append(self, table_id: str, *entries: Entry, status: str | None = None, channel: str | None = None,
               origin: str = "") -> None:
        """Commit ``entries`` (one or more, at consecutive indexes) in one transaction;
        :class:`Conflict` if an index is taken (then none is committed).

        With ``status`` the table's status changes in the same transaction. With
        ``channel`` (PostgreSQL) a ``NOTIFY channel, 'table:idx:origin'`` (the last entry's index)
        is sent on commit (``origin`` names the writing process, which need not read its own entry
        back), so other server processes hear of the entries only once they are durable.
        """
        if not entries:
            return
        touch = {"table": table_id, "at": entries[-1].at}
        try:  # statements, not the ORM's unit of work: one insert of the rows, one update, no re-read
            with self.engine.begin() as connection:
                connection.execute(_INSERT_MOVES, [
                    {"table_id": table_id, "idx": e.idx, "seat": e.seat, "kind": e.kind,
                     "notation": e.notation, "at": e.at} for e in entries])
                if status is None:
                    connection.execute(_TOUCH_TABLE, touch)
                else:
                    connection.execute(_TOUCH_AND_SET_STATUS, {**touch, "to": status})
                if channel is not None:
                    payload = f"{table_id}:{entries[-1].idx}:{origin}"
                    connection.execute(text("SELECT pg_notify(:channel, :payload)"),
                                       {"channel": channel, "payload": payload})
        except IntegrityError as error:
            if not _index_taken(error):
                raise  # not a race: no such table, say (a bug, not something to retry)
            raise Conflict(f"{table_id}:{entries[0].idx}") from None

    # --- reviews ----------------------------------------------------------------
    def review(self, table_id: str) -> ReviewRow | None:
        """The table's kept review (None: not reviewed yet)."""
        with self.sessions() as session:
            return session.get(ReviewRow, table_id)

    def keep_review(self, table_id: str, log_length: int, level: str, budget: str, review: str) -> None:
        """Keep the table's review (in place of an older one)."""
        with self.session() as session:
            session.merge(ReviewRow(table_id=table_id, log_length=log_length, level=level, budget=budget,
                                    review=review, updated=now()))

    def dispose(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()
