"""A thread that calls functions at given times, so that a bot waiting to move holds no worker.

At the bottom of the web package: it imports nothing of it.
"""

from __future__ import annotations

import heapq
import threading
import time
from collections.abc import Callable

__all__ = ["Timers"]


class Timers:
    """One thread that calls functions at given times (``time.monotonic()``), so that a
    bot waiting to move holds no worker thread."""

    def __init__(self, stop: threading.Event) -> None:
        self._queue: list[tuple[float, int, Callable[[], object]]] = []
        self._ready = threading.Condition()
        self._count = 0
        self._stop = stop
        self._thread: threading.Thread | None = None

    def at(self, when: float, call: Callable[[], object]) -> None:
        """Call ``call`` (from the timer thread) at ``when``."""
        with self._ready:
            self._count += 1
            heapq.heappush(self._queue, (when, self._count, call))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="ludus-timers", daemon=True)
                self._thread.start()
            self._ready.notify()

    def _run(self) -> None:
        while not self._stop.is_set():
            with self._ready:
                while not self._queue or self._queue[0][0] > time.monotonic():
                    if self._stop.is_set():
                        return
                    self._ready.wait(min(0.5, self._queue[0][0] - time.monotonic()) if self._queue else 0.5)
                _when, _n, call = heapq.heappop(self._queue)
            try:
                call()
            except RuntimeError:  # the workers were shut down
                return
