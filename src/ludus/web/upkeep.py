"""The upkeep of a server's tables, from threads of their own: the bots set going again after a restart,
a watchdog for tables waiting on the server, idle tables stopped, quiet tables let out of memory.

:func:`restore` and :func:`watch` are started with the application (:mod:`ludus.web.app`); they act on
the :class:`~ludus.web.live.Hub` only through its public methods.
"""

from __future__ import annotations

import logging
import threading
import time
from datetime import timedelta

from ludus.core.errors import LudusError
from ludus.web.live import Hub, Live
from ludus.web.store import now

__all__ = ["FORGET_AFTER", "forget", "restore", "stop_idle", "watch"]

log = logging.getLogger("ludus.web")

FORGET_AFTER = 900.0
"""Seconds after its last move that a table nobody watches leaves memory (the database keeps it) when
it is over or waits only for people; it is read again when asked for."""


def restore(hub: Hub) -> threading.Thread:
    """Set the bots of every unfinished table going again, from a background thread that loads the
    tables where the server plays a seat, most recently moved first (:meth:`Hub.get` loads the others
    when they are first asked for): a restarted server answers at once."""
    def run() -> None:
        for table_id in hub.store.with_bots():
            if hub.stopping.is_set():
                return
            try:
                hub.get(table_id)  # (loading it sets its bots going)
            except LudusError:
                log.exception("table %s could not be restored", table_id)

    thread = threading.Thread(target=run, name="ludus-restore", daemon=True)
    thread.start()
    return thread


def watch(hub: Hub, interval: float = 2.0, quiet: float = 3.0,
          idle_every: float = 60.0) -> threading.Thread:
    """Start a watchdog thread: every ``idle_every`` seconds it stops the idle tables
    (:func:`stop_idle`); every ``interval`` seconds it gives a worker to a table that has waited
    more than ``quiet`` seconds for a move the server makes (a bot's, a forced one), and lets the
    tables nobody has watched or moved at for :data:`FORGET_AFTER` seconds leave memory
    (:func:`forget`).

    The process that commits a move sets the bots after it going; the watchdog covers the rest: a
    table whose last move came from a process that died since (the other processes heard of the
    move but left the bots to that process), or a worker that failed.
    """
    def run() -> None:
        checked = float("-inf")
        while not hub.stopping.wait(interval):
            if time.monotonic() - checked >= idle_every:
                checked = time.monotonic()
                stop_idle(hub)
            for live in list(hub.tables.values()):
                idle = (now() - live.since).total_seconds()
                if live.status == "playing" and not live.busy and idle > quiet:
                    hub.schedule(live)
                if idle > FORGET_AFTER and not hub.listeners.get(live.id):
                    forget(hub, live)

    thread = threading.Thread(target=run, name="ludus-watch", daemon=True)
    thread.start()
    return thread


def forget(hub: Hub, live: Live) -> bool:
    """Let a table leave memory (it is read from the database when asked for again) if it is over, or
    waits only for people and no bot of it is thinking; whether it left."""
    with live.lock:
        if live.status == "playing" and (live.busy or live.next_turn() is not None):
            return False
        hub.drop(live)
        return True


def stop_idle(hub: Hub) -> list[str]:
    """Stop the unfinished tables nobody has moved at for the hub's ``idle_seconds`` (their record stays
    readable, as a finished game's); return their ids."""
    before = now() - timedelta(seconds=hub.idle_seconds)
    stopped = []
    for table_id in hub.store.idle(before):
        live = hub.tables.get(table_id)
        if live is None:
            if hub.store.stop_idle(table_id, before):
                stopped.append(table_id)
            continue
        with live.lock:  # no move of this process is being committed meanwhile
            if live.status == "playing" and hub.store.stop_idle(table_id, before):
                live.row.status = "stopped"
                stopped.append(table_id)
    for table_id in stopped:
        hub.changed(table_id)
        hub.tell_others(table_id)
    return stopped
