"""Tables in play, in memory: the state of each, rebuilt from the database's log.

A :class:`Live` table is a table driver (:class:`ludus.core.driver.Table`: the state,
the events each seat saw, the actions in force, the way back for undo, who moves next)
with its database row. :class:`Hub` owns the live tables of one server process:

- every move goes through :meth:`Hub.act` (people, bots and forced moves alike): the
  table plays it (``apply`` is the one legality check) with the forced moves the server
  plays for people after it, holding the table's lock; they are committed to the log at
  the next indexes and only then announced to the listeners (a failed commit puts the
  table back as it was);
- a second writer at the same index (another thread, another process, another
  machine) gets :class:`~ludus.web.store.Conflict` from the database: the table
  catches up from the log and the move is judged again;
- a person's forced moves are played by worker threads, never on the server's event
  loop; a bot thinks on a copy, in the pool of :mod:`ludus.web.bots` (worker processes,
  people's tables first), and its move is committed like any other (refused and thought
  again if the table moved meanwhile);
- a table is loaded (its log replayed) when it is first asked for; on start
  :func:`ludus.web.upkeep.restore` sets the bots of every unfinished table going again in the background,
  so a server killed in the middle of games answers at once and continues them with nothing
  lost;
- a table nobody has moved at for the server's idle time is stopped (its record stays
  readable), and an unfinished table waiting only for people leaves memory while nobody
  watches it (:mod:`ludus.web.upkeep`).

Undo is the driver's (:mod:`ludus.core.table`, the Board Game Arena policy): a seat takes
back its latest choice, with the forced moves played for it since, while no other seat has
acted since and none of them revealed something or used chance. An undo is an entry of the
log too, so a replay ends in the same position.
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from typing import Any

from sqlalchemy import text

from ludus.agents import AGENTS
from ludus.core.actions import Action
from ludus.core.driver import FatalMove, Turn
from ludus.core.errors import N_, IllegalActionError, LudusError
from ludus.core.game import Game
from ludus.core.record import ENGINE_VERSION
from ludus.core.registry import configure
from ludus.web.bots import Bots, Decision
from ludus.web.store import Conflict, Entry, SeatRow, Store, TableRow, hash_token, new_token, now
from ludus.web.table import (
    BOT_TABLES,
    IDLE_SECONDS,
    MOVE_SECONDS,
    Forbidden,
    Live,
    NeedsConfirmation,
    NotFound,
    Refused,
    SeatSpec,
    Stale,
    TooMany,
)
from ludus.web.timers import Timers

__all__ = [
    "BOT_TABLES", "IDLE_SECONDS", "MOVE_SECONDS", "Forbidden", "Hub", "Live", "NeedsConfirmation", "NotFound",
    "Refused", "SeatSpec", "Stale", "TooMany", "refuse_rated",
]

MAX_SEED = 2**63 - 1


def refuse_rated(game: Game[Any], seats: list[SeatSpec]) -> None:
    """Raise a :class:`LudusError` if a table of ``game`` with ``seats`` may not be rated: one player
    has nobody to be rated against, the players of a co-operative game win or lose together, and a
    table of bots only would rate bots that nobody played."""
    if game.players < 2:
        raise LudusError(N_("a table of one player cannot be rated"))
    if game.info.cooperative:
        raise LudusError(N_("{game} is co-operative: its tables cannot be rated"), game=game.info.id)
    if all(spec.kind == "bot" for spec in seats):
        raise LudusError(N_("a table of bots only cannot be rated"))

log = logging.getLogger("ludus.web")


class Hub:
    """The live tables of one server process, the bots that play at them, and who listens.

    ``channel``: with PostgreSQL, the NOTIFY channel that tells the other processes of
    every committed entry (:mod:`ludus.web.notify` listens on it). ``bot_delay``: seconds
    a bot waits before it moves, so people can follow. ``bot_tables``: how many unfinished
    bot-only tables one client may have opened. ``idle_seconds``: a table nobody has moved at for
    that long is stopped.
    """

    def __init__(
        self, store: Store, *, bot_threads: int = 4, bot_delay: float = 0.0, channel: str | None = None,
        bot_tables: int = BOT_TABLES, idle_seconds: float = IDLE_SECONDS, bot_processes: int = 0,
    ) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.channel = channel
        self.bot_tables = bot_tables
        self.idle_seconds = idle_seconds
        self.origin = new_token()[:12]
        """This process among those sharing the database (its notifications name it)."""
        self.tables: dict[str, Live] = {}
        self.listeners: dict[str, set[Callable[[], None]]] = {}
        self._guard = threading.Lock()
        self._workers = ThreadPoolExecutor(max_workers=bot_threads, thread_name_prefix="ludus-bot")
        self.bots = Bots(bot_processes, bot_threads)
        """Where the bots think (worker processes, or threads with ``bot_processes`` 0)."""
        self._closed = False
        self.stopping = threading.Event()
        """Set when the hub closes (its threads end)."""
        self._timers = Timers(self.stopping)
        self.observers: list[Callable[[Live, int], None]] = []
        """Called with the table and the first new index after this process committed entries to a
        table's log (once per commit, in the process that wrote it; the table's lock is held, so an
        observer that waits on anything — a mail server — hands that to a thread of its own). What
        follows a commit lives there: ratings when a game ends, a seat's turn notification."""

    # --- tables -------------------------------------------------------------------------
    def create(self, game_id: str, players: int | None, options: dict[str, Any], seats: list[SeatSpec], *,
               seed: int | None = None, listed: bool = False, move_seconds: int | None = None,
               keep: list[str | None] | None = None, opened_by: str | None = None,
               rated: bool = False) -> tuple[str, list[str]]:
        """Open a new table; return its id and one secret token per seat.

        Raises :class:`LudusError` for an unknown game, bad options, a wrong number of
        seats, an unknown bot level or a time per move out of :data:`MOVE_SECONDS`, and
        :class:`TooMany` when the client ``opened_by`` (the hash of its address) already has
        :attr:`bot_tables` unfinished tables of bots only. ``keep`` (a rematch) gives seats'
        token hashes to keep, so the same invitations play the new table. A ``rated`` table's result
        changes its players' ratings (:mod:`ludus.web.ratings`): a table of one player, a co-operative
        game and a table of bots only cannot be rated.
        """
        game = configure(game_id, players, options)
        if len(seats) != game.players:
            raise LudusError(N_("{game} for {players} players needs {players} seats, got {count}"),
                             game=game_id, players=game.players, count=len(seats))
        for spec in seats:
            if spec.kind == "bot" and (spec.level or "greedy") not in AGENTS:
                raise LudusError(N_("unknown bot level {level!r} (levels: {known})"), level=spec.level,
                                 known=", ".join(AGENTS))
        if rated:
            refuse_rated(game, seats)
        if move_seconds is not None and not MOVE_SECONDS[0] <= move_seconds <= MOVE_SECONDS[1]:
            raise LudusError(N_("the time per move must be from {low} to {high} seconds"),
                             low=MOVE_SECONDS[0], high=MOVE_SECONDS[1])
        if (opened_by is not None and all(spec.kind == "bot" for spec in seats)
                and self.store.bot_tables(opened_by) >= self.bot_tables):
            raise TooMany(N_("you already have as many tables of bots only in play as you may ({count}): "
                             "let one finish first"), count=self.bot_tables)
        seed = int.from_bytes(new_token().encode()[:7], "big") if seed is None else seed
        if not -MAX_SEED <= seed <= MAX_SEED:
            raise LudusError(N_("the seed must be between {low} and {high}"), low=-MAX_SEED, high=MAX_SEED)
        table_id = new_token()[:16]
        at = now()
        row = TableRow(
            id=table_id,
            game=game.info.id,
            players=game.players,
            options=json.dumps(game.option_dict),
            seed=seed,
            version=ENGINE_VERSION,
            status="playing",
            listed=listed,
            move_seconds=move_seconds,
            created=at,
            updated=at,
            opened_by=opened_by,
            rated=rated,
        )
        secrets_out: list[str] = []
        rows = []
        for p, spec in enumerate(seats):
            token = new_token()
            kept = keep[p] if keep is not None else None
            secrets_out.append(token)
            rows.append(SeatRow(table_id=table_id, seat=p, kind=spec.kind,
                                level=(spec.level or "greedy") if spec.kind == "bot" else None,
                                token_hash=kept or hash_token(token), name=spec.name[:40],
                                joined=spec.kind == "bot"))
        self.store.create_table(row, rows)
        live = self.get(table_id)
        self._settle(live)
        self.schedule(live)
        return table_id, secrets_out

    def get(self, table_id: str) -> Live:
        """The live table ``table_id``, loaded from the database if this process has not yet."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        with self._guard:
            live = self.tables.get(table_id)
            loaded = live is None
            if live is None:
                live = self._load(table_id)
                self.tables[table_id] = live
        if loaded:
            self.schedule(live)  # a move of the server's that was due when it left memory
        return live

    def _load(self, table_id: str) -> Live:
        row = self.store.table(table_id) if isinstance(table_id, str) and len(table_id) <= 32 else None
        if row is None:
            raise NotFound(N_("there is no table {table}"), table=str(table_id)[:32])
        game = configure(row.game, row.players, row.option_values())
        live = Live.start(row, self.store.seats(table_id), game)
        for entry in self.store.entries(table_id):
            live.replay(entry)
        return live

    def seat_for(self, table_id: str, token: str | None) -> tuple[Live, int | None]:
        """The table and the seat ``token`` plays there (None without a token: a spectator).

        Raises :class:`NotFound` and :class:`Forbidden`. The first use of a seat's invitation
        marks the seat joined.
        """
        live = self.get(table_id)
        if token is None:
            return live, None
        wanted = hash_token(token)
        for row in live.seats:
            if row.token_hash == wanted and row.kind == "human":
                if not row.joined:
                    self.set_seat(table_id, row.seat, joined=True)
                return live, row.seat
        raise Forbidden(N_("this token plays no seat at this table"))

    def catch_up(self, table_id: str, seats: bool = False) -> bool:
        """Read the log entries this process has not seen (another process wrote them);
        with ``seats`` read the seats again too. Tell the listeners if anything changed."""
        live = self.tables.get(table_id)
        if live is None:
            return False
        with live.lock:
            entries = self.store.entries(table_id, live.index)
            for entry in entries:
                live.replay(entry)
            if seats:
                live.seats = self.store.seats(table_id)
                fresh = self.store.table(table_id)
                if fresh is not None:
                    live.row = fresh
        if entries or seats:
            self.changed(table_id)
        return bool(entries)

    # --- moves ------------------------------------------------------------------------------
    def act(self, table_id: str, seat: int, move: str | Action, *, confirm: bool = True,
            expected: int | None = None) -> Live:
        """Play ``move`` (notation, or a bot's :class:`Action`) for ``seat`` at table ``table_id``,
        with the forced moves the server plays for people after it; return the table.

        Raises :class:`~ludus.core.errors.NotationError` (malformed),
        :class:`~ludus.core.errors.IllegalActionError` (not legal now, or not the
        seat's), :class:`NeedsConfirmation` (without ``confirm``, a move that loses at
        once), :class:`Refused` (the game is over) and :class:`Stale` (``expected`` is
        not the table's index any more). Nothing changes when it raises.
        """
        live = self.get(table_id)
        for attempt in range(5):
            with live.lock:
                if attempt:  # another writer took the index: read what it wrote, judge the move again
                    self.catch_up(table_id)  # (with PostgreSQL the listener keeps the table current)
                if expected is not None and live.index != expected:
                    raise Stale(table_id)
                if live.status != "playing":
                    raise Refused(N_("the game is over"))
                action = move if isinstance(move, Action) else self._parse(live, seat, move)
                if action.player != seat:
                    raise IllegalActionError(N_("you play seat {seat}, not seat {other}"), seat=seat,
                                             other=action.player)
                mark = live.table.mark()
                try:  # the one legality check, with the people's forced moves after it, to the cap
                    count = live.table.move(action, confirm=confirm, bots=live.bots(),
                                            limit=max(0, live.game.action_cap - live.index - 1))
                    self._commit(live, count)
                except FatalMove as fatal:
                    raise NeedsConfirmation(fatal.template, **fatal.values) from None
                except IllegalActionError:
                    if len(live.table.actions) > mark.played:  # (apply itself changed nothing)
                        live.table.restore(mark)
                    if not attempt and self.channel is not None and self.catch_up(table_id):
                        continue  # another process moved the table on meanwhile: judge it there
                    raise
                except Conflict:
                    live.table.restore(mark)
                    continue  # someone else wrote this index: catch up and judge the move again
                except BaseException:
                    live.table.restore(mark)  # nothing is in force that the log does not hold
                    raise
            self.changed(table_id)
            self.schedule(live)
            return live
        raise Refused(N_("the table is too busy, try again"))

    @staticmethod
    def _parse(live: Live, seat: int, notation: str) -> Action:
        """A person's notation (the ``seat:`` prefix may be left out) as an action."""
        text = notation.strip()
        if ":" not in text.partition(" ")[0]:
            text = f"{seat}:{text}"
        return live.game.parse_action(live.state, text)

    def _commit(self, live: Live, count: int) -> None:
        """Commit the table's latest ``count`` actions (played, not yet in the log) to the log at
        the table's next indexes in one transaction (the caller holds the lock).

        A move and the forced moves after it go together, so no one (in this process or another)
        ever sees a position whose next move the server plays: nobody is offered it. Raises
        :class:`~ludus.web.store.Conflict` when another writer took an index: the caller puts the
        table back.
        """
        if not count:
            return
        status = "finished" if live.state.is_terminal() else None
        if status is None and live.index + count >= live.game.action_cap:
            status = "stopped"
        at = now()
        moves = zip(live.table.actions[-count:], live.played[-count:], strict=True)
        entries = [Entry(live.index + k, action.player, "act", notation, at)
                   for k, (action, notation) in enumerate(moves)]
        self.store.append(live.id, *entries, status=status, channel=self.channel, origin=self.origin)
        first, live.index = live.index, live.index + count
        live.since = at
        if status is not None:
            live.row.status = status
        for observe in self.observers:
            try:
                observe(live, first)
            except Exception:  # an observer's failure loses nothing the log holds
                log.exception("an observer of table %s failed", live.id)

    def undo(self, table_id: str, seat: int) -> Live:
        """Take back ``seat``'s latest choice, with the forced moves played for it since
        (raises :class:`Refused` when the rules do not allow it)."""
        live = self.get(table_id)
        with live.lock:
            self.catch_up(table_id)
            steps = live.undo_steps(seat) if live.status == "playing" else 0
            if not steps:
                raise Refused(
                    N_("you cannot take that back: another seat acted since, or it revealed something")
                )
            entry = Entry(live.index, seat, "undo", str(steps) if steps > 1 else "", now())
            try:
                self.store.append(table_id, entry, channel=self.channel, origin=self.origin)
            except Conflict:
                raise Refused(N_("the table moved on: you cannot take that back")) from None
            live.table.take_back(seat, steps)
            live.index += 1
            live.since = entry.at
            self._settle(live)
        self.changed(table_id)
        self.schedule(live)
        return live

    def _settle(self, live: Live) -> None:
        """Play the people's forced moves of the table's position now, if it has any (after an
        undo, at the start); another writer meanwhile leaves them to the workers."""
        with live.lock:
            mark = live.table.mark()
            try:
                self._commit(live, live.table.settle(live.bots(), max(0, live.game.action_cap - live.index)))
            except Conflict:
                live.table.restore(mark)
            except BaseException:
                live.table.restore(mark)  # nothing is in force that the log does not hold
                raise

    def set_seat(self, table_id: str, seat: int, **values: Any) -> Live:
        """Change a seat (a bot takes over, the person returns, the invitation is taken)."""
        live = self.get(table_id)
        self.store.update_seat(table_id, seat, **values)
        self.tell_others(table_id)
        with live.lock:
            live.seats = self.store.seats(table_id)
        self.changed(table_id)
        self.schedule(live)
        return live

    def join(self, table_id: str, name: str = "") -> tuple[int, str]:
        """Take the first free person's seat of a table listed in the lobby: its seat and new token."""
        live = self.get(table_id)
        with live.lock:
            if not live.row.listed or live.status != "playing":
                raise Refused(N_("this table is not open to join"))
            free = [s.seat for s in live.seats if s.kind == "human" and not s.joined]
            if not free:
                raise Refused(N_("every seat of this table is taken"))
            token = new_token()
            self.set_seat(
                table_id, free[0], token_hash=hash_token(token), joined=True, name=name.strip()[:40]
            )
        return free[0], token

    def hand_over(self, table_id: str, by: int, seat: int, level: str = "greedy") -> Live:
        """Let a bot of ``level`` play ``seat``, asked by seat ``by``: a seat may always
        leave (``by == seat``); another seat may hand it over when it has run out of
        time on a table with a time per move (Board Game Arena's "zombie")."""
        live = self.get(table_id)
        if level not in AGENTS:
            raise LudusError(
                N_("unknown bot level {level!r} (levels: {known})"), level=level, known=", ".join(AGENTS)
            )
        if not 0 <= seat < live.game.players or live.seats[seat].kind != "human":
            raise Refused(N_("seat {seat} is not a person's seat"), seat=seat)
        if by != seat:
            late = self.overdue(live)
            if seat not in late:
                raise Refused(N_("seat {seat} has not run out of time"), seat=seat)
        return self.set_seat(table_id, seat, replaced_by=level)

    def overdue(self, live: Live) -> list[int]:
        """The people's seats whose decision has taken longer than the table's time per move."""
        limit = live.row.move_seconds
        if not limit or live.status != "playing":
            return []
        if (now() - live.since).total_seconds() <= limit:
            return []
        return [p for p in live.state.to_move() if live.automatic(p) is None]

    def rematch(self, table_id: str) -> str:
        """The table of the rematch of a finished table (made on the first request): the
        same game, options and seats, a new seed, and the same invitations."""
        live = self.get(table_id)
        with live.lock:
            if live.row.rematch:
                return live.row.rematch
            if live.status == "playing":
                raise Refused(N_("the game is not over yet"))
            specs = [SeatSpec(s.kind, s.level, s.name) for s in live.seats]
            new_id, _ = self.create(live.game.info.id, live.game.players, live.game.option_dict, specs,
                                    listed=live.row.listed, move_seconds=live.row.move_seconds,
                                    keep=[s.token_hash for s in live.seats], rated=live.row.rated)
            for s in live.seats:  # the same people: the same accounts (a rated rematch rates them again)
                if s.joined or s.account_id is not None:
                    self.store.update_seat(new_id, s.seat, joined=s.joined, account_id=s.account_id)
            self.store.update_table(table_id, rematch=new_id)
            live.row.rematch = new_id
            self.tables[new_id].seats = self.store.seats(new_id)
        self.changed(table_id)
        return new_id

    # --- listeners ---------------------------------------------------------------------------
    def listen(self, table_id: str, callback: Callable[[], None]) -> None:
        """Call ``callback`` (from any thread) after every change of the table."""
        with self._guard:
            self.listeners.setdefault(table_id, set()).add(callback)

    def unlisten(self, table_id: str, callback: Callable[[], None]) -> None:
        """Stop calling ``callback``."""
        with self._guard:
            self.listeners.get(table_id, set()).discard(callback)

    def changed(self, table_id: str) -> None:
        """Tell the table's listeners that it changed."""
        with self._guard:
            callbacks = list(self.listeners.get(table_id, ()))
        for callback in callbacks:
            callback()

    # --- bots and forced moves -----------------------------------------------------------
    def schedule(self, live: Live) -> None:
        """Have a worker play the table's automatic moves (bots, forced moves), if any."""
        with live.lock:
            if live.busy or self._closed or live.status != "playing" or self._next_automatic(live) is None:
                return
            live.busy = True
        self._workers.submit(self._play_automatic, live)

    def _next_automatic(self, live: Live) -> Turn | None:
        """The next move the server makes at the table (see :meth:`Live.next_turn`)."""
        return live.next_turn()

    def _play_automatic(self, live: Live) -> None:
        """Play the table's forced moves, and hand its next bot decision to the pool (:class:`Bots`),
        which calls :meth:`_decided` back: a table has one decision in the pool at a time."""
        try:
            while not self._closed:
                with live.lock:
                    turn = self._next_automatic(live)
                    if turn is None:
                        live.busy = False
                        return
                    index = live.index
                    if turn.action is None:
                        if turn.kind != "react":
                            wait = self.bot_delay - (now() - live.since).total_seconds()
                            if wait > 0:  # come back later without holding a worker meanwhile
                                self._timers.at(time.monotonic() + wait, lambda: self._later(live))
                                return
                        level = live.automatic(turn.seat) or "greedy"
                        seed = ((live.row.seed * 31 + turn.seat) * 1_000_003 + index) & 0xFFFFFFFF
                        decision = Decision(live.id, turn.seat, level, seed, "react" if turn.kind == "react"
                                            else "act", live.state.clone(), live.people())
                if turn.action is None:  # a bot thinks on a copy, in the pool
                    self.bots.think(decision, partial(self._later, live, decision, index))
                    return
                self._play(live, turn.seat, turn.action, index)
        except Exception:
            log.exception("the automatic moves of table %s failed", live.id)
            with live.lock:
                live.busy = False

    def _later(self, live: Live, *decided: Any) -> None:
        """Go on with the table's automatic moves on a worker thread (after a bot's pause, or with the
        decision ``decided`` holds: the decision, the index it was asked at, its future)."""
        with contextlib.suppress(RuntimeError):  # (the workers were shut down)
            self._workers.submit(self._decided if decided else self._play_automatic, live, *decided)

    def _decided(self, live: Live, decision: Decision, index: int, made: Future[Action | None]) -> None:
        """Play the bot's decision (refused if the table moved meanwhile: it thinks again), go on."""
        try:
            action = made.result()
            if action is None:  # the bot declines an out-of-turn offer
                with live.lock:
                    if live.index == index:
                        live.table.decline(decision.seat)
            else:
                self._play(live, decision.seat, action, index)
        except Exception:
            log.exception("a bot of table %s failed", live.id)
            with live.lock:
                live.busy = False
            return
        self._play_automatic(live)

    def _play(self, live: Live, seat: int, action: Action, index: int) -> None:
        """Play a move of the server's at the position ``index`` (none if the table moved on); a
        move refused three times running is a bug: it raises."""
        try:
            self.act(live.id, seat, action, expected=index)
            live.failures = 0
        except Stale:
            pass
        except LudusError:
            live.failures += 1
            if live.failures >= 3:
                raise

    def drop(self, live: Live) -> None:
        """Let a table leave memory (it is read from the database when asked for again)."""
        with self._guard:
            if self.tables.get(live.id) is live:
                del self.tables[live.id]

    def tell_others(self, table_id: str) -> None:
        """Have the other processes (PostgreSQL) read the table's row and seats again."""
        if self.channel is not None:
            with self.store.session() as session:
                session.execute(text("SELECT pg_notify(:c, :p)"),
                                {"c": self.channel, "p": f"{table_id}:seats:{self.origin}"})

    def close(self) -> None:
        """Stop the workers (moves being thought about are dropped; nothing committed is lost)."""
        self._closed = True
        self.stopping.set()
        self.bots.close()
        self._workers.shutdown(wait=True, cancel_futures=True)
