"""Several server processes over one PostgreSQL: each hears of the others' moves.

Every entry a process commits sends ``NOTIFY ludus_tables, '<table>:<index>'`` in the
same transaction (:meth:`ludus.web.store.Store.append`), so it is heard only once it
is durable; a change of seats sends ``'<table>:seats:<origin>'``, a chat line
``'<table>:chat:<origin>'``. :class:`Listener` is a thread per process that ``LISTEN``s on the
channel and has the hub catch the table up from the log, which tells that process's WebSocket
clients (a chat line: the chat reads the table's newest lines and hands them to its sockets). A
process that has not loaded the table ignores the news (it reads the log when it first needs the
table).

A notification is only a hint: the log is the truth. When the listening connection
drops (PostgreSQL restarted, the network, an idle timeout) the listener connects
again and catches every table it holds up from the log, since what was sent while
it was away is lost.
"""

from __future__ import annotations

import logging
import threading

import psycopg

from ludus.web.chat import Chat
from ludus.web.live import Hub
from ludus.web.store import Store

__all__ = ["Listener"]

log = logging.getLogger("ludus.web")

RETRY_SECONDS = (0.2, 0.5, 1.0, 2.0, 5.0)
"""How long the listener waits before connecting again, after 1, 2, … failures in a row."""


def _libpq_url(store: Store) -> str:
    """The store's SQLAlchemy URL as a libpq connection string."""
    url = store.engine.url.set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


class Listener:
    """A thread that LISTENs on ``channel`` and catches the hub's tables up.

    ``connections`` counts the connections made so far (a second one: it reconnected). ``chat``:
    the process's chat, told of the lines other processes write.
    """

    def __init__(self, store: Store, hub: Hub, channel: str, chat: Chat | None = None) -> None:
        self.store, self.hub, self.channel, self.chat = store, hub, channel, chat
        self.connections = 0
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="ludus-listen", daemon=True)

    def start(self) -> None:
        """Start listening (returns once the LISTEN is in place, or after 10 s of trying)."""
        self._thread.start()
        self._ready.wait(timeout=10)

    def stop(self) -> None:
        """Stop listening."""
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        failures, lost = 0, False
        while not self._stop.is_set():
            try:
                with psycopg.connect(
                    _libpq_url(self.store), autocommit=True, connect_timeout=10
                ) as connection:
                    connection.execute(f"LISTEN {self.channel}")
                    self.connections += 1
                    failures = 0
                    if lost:
                        self.catch_up_all()  # what was said while we were away is lost
                        lost = False
                    self._ready.set()
                    while not self._stop.is_set():
                        for note in connection.notifies(timeout=0.5, stop_after=64):
                            self.heard(note.payload)
            except Exception as error:  # the connection dropped (or could not be made): connect again
                log.warning("LISTEN %s: %s", self.channel, error)
                self._ready.set()
                lost = True
                self._stop.wait(RETRY_SECONDS[min(failures, len(RETRY_SECONDS) - 1)])
                failures += 1

    def heard(self, payload: str) -> None:
        """Act on one notification ``'<table>:<index>:<origin>'``, ``'<table>:seats:<origin>'`` or
        ``'<table>:chat:<origin>'`` (what this process wrote itself is in force here already)."""
        table_id, _, what = payload.partition(":")
        what, _, origin = what.partition(":")
        if what == "chat":
            if self.chat is not None and origin != self.hub.origin:
                try:
                    self.chat.heard(table_id)
                except Exception:
                    log.exception("reading the chat of table %s failed", table_id)
            return
        if table_id not in self.hub.tables or origin == self.hub.origin:
            return
        try:
            self.hub.catch_up(table_id, seats=what == "seats")
        except Exception:  # one table's trouble must not stop the others' news
            log.exception("catching table %s up failed", table_id)

    def catch_up_all(self) -> None:
        """Read every loaded table's log (and seats) again, and the newest lines of every chat a
        socket here listens to: the news may have been missed."""
        if self.chat is not None:
            for table_id in self.chat.tables():
                try:
                    self.chat.heard(table_id)
                except Exception:
                    log.exception("reading the chat of table %s failed", table_id)
        for table_id in list(self.hub.tables):
            try:
                self.hub.catch_up(table_id, seats=True)
            except Exception:
                log.exception("catching table %s up failed", table_id)
