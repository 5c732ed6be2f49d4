"""Where a batch's games are played: this machine's process pool, or a Ray cluster.

Both take the tasks lazily (a bounded number in flight), send them in chunks to a
module-level ``work`` function and give its results back as they finish;
:func:`in_order` puts them back in batch order. The results do not depend on the
backend: every game is seeded by its task alone.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from itertools import islice
from typing import Any, Protocol, TypeVar

from ludus.core.errors import N_, OptionError
from ludus.sim.results import require

BACKENDS = ("local", "ray")
"""The backends of :func:`stream`: ``local`` (a process pool, the default) and ``ray``."""
RAY_OBJECT_STORE = 256 * 1024 * 1024
"""Bytes of object store for a Ray started for a run (results are small)."""


class Indexed(Protocol):
    """A result that knows its place in its batch."""

    @property
    def index(self) -> int:
        """The result's place in its batch (0, 1, 2, …)."""
        ...


R = TypeVar("R", bound=Indexed)
T = TypeVar("T")
U = TypeVar("U")


def in_order(results: Iterable[R], progress: Callable[[R], None] | None = None) -> Iterator[R]:
    """``results`` (in the order they finish) in index order; only results ahead of a game in flight wait."""
    waiting: dict[int, R] = {}
    following = 0
    for result in results:
        if progress is not None:
            progress(result)
        waiting[result.index] = result
        while following in waiting:
            yield waiting.pop(following)
            following += 1


def stream(tasks: Iterable[T], work: Callable[[list[T]], list[U]], jobs: int, chunksize: int = 1,
           backend: str = "local") -> Iterator[U]:
    """The results of ``work`` on chunks of ``tasks`` on ``backend``, in the order they finish."""
    if backend == "local":
        return stream_pool(tasks, work, jobs, chunksize)
    if backend == "ray":
        return stream_ray(tasks, work, jobs, chunksize)
    raise OptionError(N_("unknown backend {backend!r} (backends: {known})"), backend=backend,
                      known=", ".join(BACKENDS))


def stream_pool(tasks: Iterable[T], work: Callable[[list[T]], list[U]], jobs: int,
                chunksize: int = 1) -> Iterator[U]:
    """The results of ``work`` on chunks of ``tasks``, in the order they finish.

    With ``jobs`` above 1 the chunks go to a pool of worker processes (``work`` must
    be a module-level function, so it can be sent there). Tasks are taken from the
    iterable only as workers become free (at most ``4 × jobs`` chunks in flight), so
    a huge batch never sits in memory as tasks.
    """
    if jobs <= 1:
        for task in tasks:
            yield from work([task])
        return
    it = iter(tasks)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: set[Future[list[U]]] = set()
        while True:
            while len(pending) < 4 * jobs:
                chunk = list(islice(it, chunksize))
                if not chunk:
                    break
                pending.add(pool.submit(work, chunk))
            if not pending:
                return
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield from future.result()


def start_ray(jobs: int) -> bool:
    """Connect to Ray unless already connected: ``RAY_ADDRESS`` if set, else a local Ray of ``jobs`` CPUs.

    Returns whether this call connected (the caller then shuts Ray down after its run).
    A cluster's workers must be able to import ``ludus`` (install it on every node, or
    pass a ``runtime_env`` such as ``{"pip": ["ludus"]}`` through ``RAY_RUNTIME_ENV``
    as JSON).
    """
    ray: Any = require("ray")
    if ray.is_initialized():
        return False
    import json

    runtime_env = json.loads(os.environ["RAY_RUNTIME_ENV"]) if os.environ.get("RAY_RUNTIME_ENV") else None
    address = os.environ.get("RAY_ADDRESS")
    if address:
        ray.init(address=address, runtime_env=runtime_env, logging_level=logging.WARNING, log_to_driver=False)
    else:
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        ray.init(num_cpus=jobs, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False,
                 object_store_memory=RAY_OBJECT_STORE, runtime_env=runtime_env)
    return True


def stream_ray(tasks: Iterable[T], work: Callable[[list[T]], list[U]], jobs: int,
               chunksize: int = 1) -> Iterator[U]:
    """:func:`stream_pool` on Ray: chunks of ``tasks`` run as Ray tasks, results back as they finish.

    Ray is joined or started by :func:`start_ray` (and shut down after the run if it
    was started here). At most ``4 ×`` the cluster's CPUs chunks are in flight.
    """
    ray: Any = require("ray")
    started = start_ray(jobs)
    try:
        remote = ray.remote(work)
        cpus = int(ray.cluster_resources().get("CPU", jobs))
        it = iter(tasks)
        pending: list[Any] = []
        while True:
            while len(pending) < 4 * max(cpus, 1):
                chunk = list(islice(it, chunksize))
                if not chunk:
                    break
                pending.append(remote.remote(chunk))
            if not pending:
                return
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield from ray.get(ref)
    finally:
        if started:
            ray.shutdown()
