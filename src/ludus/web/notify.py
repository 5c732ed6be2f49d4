"""Several server processes over one PostgreSQL: each hears of the others' moves.

Every entry a process commits sends ``NOTIFY ludus_tables, '<table>:<index>'`` in the
same transaction (:meth:`ludus.web.store.Store.append`), so it is heard only once it
is durable; a change of seats sends ``'<table>:seats'``. :class:`Listener` is a thread
per process that ``LISTEN``s on the channel and has the hub catch the table up from
the log, which tells that process's WebSocket clients. A process that has not loaded
the table ignores the news (it reads the log when it first needs the table).
"""

from __future__ import annotations

import logging
import threading

import psycopg

from ludus.web.live import Hub
from ludus.web.store import Store

__all__ = ["Listener"]

log = logging.getLogger("ludus.web")


def _libpq_url(store: Store) -> str:
    """The store's SQLAlchemy URL as a libpq connection string."""
    url = store.engine.url.set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


class Listener:
    """A thread that LISTENs on ``channel`` and catches the hub's tables up."""

    def __init__(self, store: Store, hub: Hub, channel: str) -> None:
        self.store, self.hub, self.channel = store, hub, channel
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="ludus-listen", daemon=True)

    def start(self) -> None:
        """Start listening (returns once the LISTEN is in place)."""
        self._thread.start()
        self._ready.wait(timeout=10)

    def stop(self) -> None:
        """Stop listening."""
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                with psycopg.connect(_libpq_url(self.store), autocommit=True) as connection:
                    connection.execute(f"LISTEN {self.channel}")
                    self._ready.set()
                    while not self._stop.is_set():
                        for note in connection.notifies(timeout=0.5, stop_after=64):
                            self.heard(note.payload)
            except psycopg.Error as error:  # the server went away: connect again
                log.warning("LISTEN %s: %s", self.channel, error)
                self._ready.set()
                self._stop.wait(1.0)

    def heard(self, payload: str) -> None:
        """Act on one notification ``'<table>:<index>'`` or ``'<table>:seats'``."""
        table_id, _, what = payload.partition(":")
        if table_id in self.hub.tables:
            self.hub.catch_up(table_id, seats=what == "seats")
