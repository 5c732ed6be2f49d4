"""The server's bots think here: in worker processes, fair between tables, people's tables first.

Python's GIL lets the threads of one process share a single core, so a search that takes a
second would hold up every other table of the server. :class:`Bots` hands each decision
(:class:`Decision`: a copy of the position, the seat, the level) to a pool of worker
*processes* (``ludus serve --bot-processes``; ``0`` thinks on threads of the server process, as
the tests and small servers do) and keeps the pool fair:

- **One decision per table at a time.** A table asks for its next decision only once the
  last one was played, so a table never has two in the queue: tables take turns, round-robin.
- **People's tables first.** A decision at a table where a person plays is dispatched before
  any waiting decision of a table of bots only, and one worker (of two or more) is kept for
  people's tables: a flood of bot-only tables cannot make a person wait behind it.
- **A budget per decision.** Each level's search has a budget counted in simulations or
  iterations, sized so that a decision takes at most about a second at the 95th percentile
  (docs/bots.md); a count, not a clock, so a seeded game replays the same.

A worker process receives the copy of the position (pickled) and builds the level's bot from
the table's seed, the seat and the position's index, so a decision depends on nothing else
(whichever worker takes it).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Literal

from ludus.agents import make_agent
from ludus.core.actions import Action
from ludus.core.api import State

__all__ = ["Bots", "Decision", "decide"]

log = logging.getLogger("ludus.web")


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of a bot: ``world`` is a copy of the table's position (the bot reads only what
    its seat may know of it: its view, its legal actions, determinizations)."""

    table: str
    seat: int
    level: str
    seed: int
    kind: Literal["act", "react"]
    world: State
    people: bool
    """Whether a person plays at the table (its decisions go first)."""


def decide(level: str, seed: int, kind: str, world: State, seat: int) -> Action | None:
    """What the bot of ``level`` seeded with ``seed`` plays for ``seat`` in ``world`` (for a
    ``react`` decision, None declines the out-of-turn offer). Runs in a worker process."""
    agent = make_agent(level, seed)
    return agent.react(world, seat) if kind == "react" else agent.act(world, seat)


def _orphan_exits(parent: int, every: float = 1.0) -> None:
    """In a worker process: end it when the server that started it is gone (killed, say, with no chance
    to shut its pool down), instead of living on as an orphan."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(0)

    threading.Thread(target=watch, name="ludus-orphan-watch", daemon=True).start()


Done = Callable[["Future[Action | None]"], object]


class Bots:
    """The pool that plays the server's bots' decisions (``processes`` workers; 0: ``threads``
    threads of this process), people's tables first (see the module's notes)."""

    def __init__(self, processes: int = 0, threads: int = 4) -> None:
        self.processes = max(0, processes)
        self.slots = self.processes or max(1, threads)
        self.executor = self._new_executor()
        self.kept = 1 if self.slots > 1 else 0
        """Workers kept for people's tables: bot-only tables use at most ``slots - kept`` at once."""
        self._waiting: dict[bool, deque[tuple[Decision, Done]]] = {True: deque(), False: deque()}
        self._running = {True: 0, False: 0}
        self._lock = threading.Lock()
        self._closed = False

    def _new_executor(self) -> Executor:
        if self.processes:  # a fresh interpreter per worker: the server's threads are not forked
            return ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"),
                                       initializer=_orphan_exits, initargs=(os.getpid(),))
        return ThreadPoolExecutor(self.slots, thread_name_prefix="ludus-think")

    def _submit(self, decision: Decision) -> Future[Action | None]:
        """Hand ``decision`` to a worker; a pool broken by a worker that died (killed, out of memory)
        is replaced by a new one (the decisions it was making fail, and their tables ask again)."""
        executor = self.executor
        args = (decision.level, decision.seed, decision.kind, decision.world, decision.seat)
        try:
            return executor.submit(decide, *args)
        except BrokenExecutor:
            log.warning("a worker of the bots' pool died: starting a new pool")
            with self._lock:
                if self._closed:
                    raise
                if self.executor is executor:
                    self.executor = self._new_executor()
            executor.shutdown(wait=False, cancel_futures=True)
            return self.executor.submit(decide, *args)

    def think(self, decision: Decision, done: Done) -> None:
        """Queue ``decision``; ``done`` is called with its future (from a pool thread) once it is made."""
        with self._lock:
            self._waiting[decision.people].append((decision, done))
        self._dispatch()

    def waiting(self) -> tuple[int, int]:
        """Decisions queued now: of people's tables, of bot-only tables."""
        with self._lock:
            return len(self._waiting[True]), len(self._waiting[False])

    def _next(self) -> tuple[Decision, Done] | None:
        """The decision to start now, if a worker is free for it (the caller holds the lock)."""
        if self._closed or self._running[True] + self._running[False] >= self.slots:
            return None
        if self._waiting[True]:
            return self._waiting[True].popleft()
        if self._waiting[False] and self._running[False] < self.slots - self.kept:
            return self._waiting[False].popleft()
        return None

    def _dispatch(self) -> None:
        while True:
            with self._lock:
                picked = self._next()
                if picked is None:
                    return
                decision, done = picked
                self._running[decision.people] += 1
            try:
                future = self._submit(decision)
            except RuntimeError:  # shut down
                with self._lock:
                    self._running[decision.people] -= 1
                return
            future.add_done_callback(partial(self._finished, decision, done))

    def _finished(self, decision: Decision, done: Done, future: Future[Action | None]) -> None:
        with self._lock:
            self._running[decision.people] -= 1
        try:
            done(future)
        finally:
            self._dispatch()

    def close(self) -> None:
        """Stop: queued decisions are dropped, those being made are not waited for."""
        with self._lock:
            self._closed = True
            self._waiting[True].clear()
            self._waiting[False].clear()
        self.executor.shutdown(wait=False, cancel_futures=True)
