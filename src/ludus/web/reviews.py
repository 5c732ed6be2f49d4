"""Hints and game reviews at the server (issue 39): CPU work, done away from the event loop.

:class:`Analyst` owns the pool where they are computed (worker processes when the server's bots
think in processes, else threads) and what is under way:

- a **hint** (:meth:`Analyst.hint`) values a seat's options with
  :func:`~ludus.agents.analysis.analyse` on a copy of the position, exactly as the terminal's ``hint``
  does: the hint's budget (:func:`~ludus.agents.analysis.hint_level`) and the number of actions
  played as the seed, so the same position gives the same hint, and two positions the seat cannot
  tell apart give the same hint (the analysis reads only the seat's legal actions and
  determinizations from its view). One hint at a time per seat; the last one of each seat is kept;
- a **review** (:meth:`Analyst.review`) values every decision of a table's game
  (:func:`~ludus.agents.review.review`) in the background, in chunks of :data:`CHUNK` decisions (so
  the page can say how far it is), and keeps it in the database with the log length it covers. A
  log that grew is reviewed again: the decisions of the part of the game already reviewed are kept
  (decision ``n`` is seeded by the table's seed and ``n`` only, so they are the same), the new ones
  valued.

What a reader may see of a review is decided when it is shown (:func:`visible`): a seat its own
decisions while the game is played, everyone everything once it is over, a spectator nothing before.
"""

from __future__ import annotations

import hashlib
import json
import logging
import multiprocessing
import threading
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ludus.agents.analysis import LEVELS, Analysis, Budget, analyse, hint_level
from ludus.agents.review import MISTAKE, Position, positions, review, review_budget
from ludus.core.api import State
from ludus.core.errors import N_
from ludus.web.live import Live, Refused
from ludus.web.store import Store

__all__ = ["CHUNK", "KEPT_HINTS", "Analyst", "Progress", "hint_seed", "review_seed", "think_hint", "visible"]

log = logging.getLogger("ludus.web")

KEPT_HINTS = 1000
"""Seats whose last hint is kept (the oldest is forgotten first)."""

CHUNK = 8
"""Decisions a review values in one job of the pool (between two reports of its progress)."""


def hint_seed(played: int) -> int:
    """The seed of a hint after ``played`` actions: the terminal's (the number of actions played)."""
    return played


def review_seed(table_seed: int) -> int:
    """The seed of a table's review (decision ``n`` is seeded from it and ``n``)."""
    return table_seed % 1_000_003


def think_hint(world: State, seat: int, seed: int, level: str | None = None) -> Analysis:
    """A hint for ``seat`` at ``world`` (a copy of the position): its options valued from its view,
    with ``level``'s budget (None: the hint's). Runs in a worker."""
    return analyse(world, seat, level=level or hint_level(world.game), seed=seed)


def review_part(found: list[Position], final: State, budget: Budget, seed: int) -> list[dict[str, Any]]:
    """The decisions of ``found`` (positions of one game) valued, as JSON. Runs in a worker."""
    done = review((found, final), budget=budget, seed=seed)
    return [{k: v for k, v in d.to_json().items() if k != "analysis"} for d in done.decisions]


def _digest(actions: list[str]) -> str:
    return hashlib.sha256("\n".join(actions).encode()).hexdigest()


def visible(kept: dict[str, Any], seat: int | None, over: bool) -> list[dict[str, Any]] | None:
    """The decisions of a kept review ``seat`` may see (None: a spectator): everyone's once the game
    is ``over`` (finished, or stopped), else the seat's own (a spectator: None, nothing)."""
    if over:
        return list(kept["decisions"])
    if seat is None:
        return None
    return [d for d in kept["decisions"] if d["seat"] == seat]


@dataclass
class Progress:
    """A review under way: decisions valued so far of how many."""

    done: int = 0
    total: int = 0
    log_length: int = 0
    failed: bool = False


@dataclass
class Analyst:
    """The pool where hints and reviews are computed, and what is under way (module docstring).

    ``processes``: worker processes (0: ``threads`` threads of this process); ``hint_level``,
    ``review_level``: the budgets (None: the library's defaults, :func:`hint_level` and
    :func:`review_budget`), smaller ones for tests and small machines."""

    store: Store
    processes: int = 0
    threads: int = 2
    hint_level: str | None = None
    review_level: str | None = None
    _executor: Executor | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _thinking: set[tuple[str, int]] = field(default_factory=set)
    _hints: dict[tuple[str, int], tuple[int, State, Analysis]] = field(default_factory=dict)
    _reviews: dict[str, Progress] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for level in (self.hint_level, self.review_level):
            if level is not None and level not in LEVELS:
                raise ValueError(f"level must be one of {', '.join(LEVELS)}; got {level!r}")

    @property
    def executor(self) -> Executor:
        """The pool (started at its first use)."""
        with self._lock:
            if self._executor is None:
                if self.processes:
                    self._executor = ProcessPoolExecutor(self.processes,
                                                         mp_context=multiprocessing.get_context("spawn"))
                else:
                    self._executor = ThreadPoolExecutor(max(1, self.threads),
                                                        thread_name_prefix="ludus-review")
            return self._executor

    # --- hints -------------------------------------------------------------------------
    def hint(self, live: Live, seat: int) -> Future[tuple[State, Analysis]]:
        """Start (or find) ``seat``'s hint at ``live``'s position now: the future of a copy of the
        position and its analysis. :class:`Refused` at a rated table, when it is not the seat's
        decision, or while the seat's last hint is being thought about."""
        with live.lock:
            if live.row.rated:
                raise Refused(N_("no hints at a rated table"))
            state = live.state
            if (live.status != "playing" or seat not in state.to_move() or live.server_first()
                    or not state.legal_actions(seat)):
                raise Refused(N_("a hint is given only when it is your decision"))
            played = len(live.played)
            world = state.clone()
        key = (live.id, seat)
        result: Future[tuple[State, Analysis]] = Future()
        with self._lock:
            kept = self._hints.get(key)
            if kept is not None and kept[0] == played:
                result.set_result((kept[1], kept[2]))
                return result
            if key in self._thinking:
                raise Refused(N_("your last hint is still being thought about: wait a moment"))
            self._thinking.add(key)
        try:
            future = self.executor.submit(think_hint, world, seat, hint_seed(played), self.hint_level)
        except BaseException:
            with self._lock:
                self._thinking.discard(key)
            raise

        def done(made: Future[Analysis]) -> None:
            with self._lock:
                self._thinking.discard(key)
                if made.exception() is None:
                    self._hints.pop(key, None)
                    self._hints[key] = (played, world, made.result())
                    while len(self._hints) > KEPT_HINTS:
                        del self._hints[next(iter(self._hints))]
            failed = made.exception()
            if failed is not None:
                result.set_exception(failed)
            else:
                result.set_result((world, made.result()))

        future.add_done_callback(done)
        return result

    # --- reviews -----------------------------------------------------------------------
    def review(self, live: Live) -> dict[str, Any] | Progress:
        """The table's review covering its whole log (JSON), or the progress of the one now being
        made (one is started if none is under way)."""
        with live.lock:
            length = live.index
        row = self.store.review(live.id)
        if row is not None and row.log_length == length:
            kept: dict[str, Any] = json.loads(row.review)
            return kept
        with self._lock:
            progress = self._reviews.get(live.id)
            if progress is not None and progress.log_length == length and not progress.failed:
                return progress
            if progress is not None and not progress.failed and progress.log_length != length:
                return progress  # the review under way finishes first; the next look starts another
            progress = self._reviews[live.id] = Progress(log_length=length)
        old: dict[str, Any] | None = json.loads(row.review) if row is not None else None
        threading.Thread(target=self._make, args=(live, progress, old), name="ludus-review",
                         daemon=True).start()
        return progress

    def _make(self, live: Live, progress: Progress, old: dict[str, Any] | None) -> None:
        """Make the review of ``live`` in the pool, chunk by chunk, and keep it."""
        try:
            with live.lock:
                record = live.record()
                length = live.index
            found, final = positions(record)
            game = final.game
            budget = review_budget(game, self.review_level)
            level = self.review_level or "default"
            seed = review_seed(record.seed)
            kept: list[dict[str, Any]] = []
            start = 0
            if old is not None and old["budget"] == budget.to_json() and old["seed"] == seed:
                covered = old["actions"]
                if covered <= len(record.actions) and old["digest"] == _digest(record.actions[:covered]):
                    kept = [d for d in old["decisions"] if d["number"] <= covered]
                    start = covered
            todo = [p for p in found if p.number > start and p.action.player in p.state.to_move()
                    and len(p.state.legal_actions(p.action.player)) > 1]
            progress.total = len(todo)
            decisions = list(kept)
            for first in range(0, len(todo), CHUNK):
                part = todo[first:first + CHUNK]
                decisions.extend(self.executor.submit(review_part, part, final, budget, seed).result())
                progress.done = first + len(part)
            whole = {"game": game.info.id, "players": game.players, "finished": final.is_terminal(),
                     "actions": len(record.actions), "digest": _digest(record.actions), "seed": seed,
                     "level": level, "budget": budget.to_json(), "mistake_threshold": MISTAKE,
                     "decisions": decisions}
            self.store.keep_review(live.id, length, level, json.dumps(budget.to_json()), json.dumps(whole))
            with self._lock:
                if self._reviews.get(live.id) is progress:
                    del self._reviews[live.id]
        except Exception:
            log.exception("the review of table %s failed", live.id)
            progress.failed = True

    def close(self) -> None:
        """Stop the pool (what is under way is not waited for)."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)
