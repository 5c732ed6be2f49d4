"""Play many seeded games with bots, in a process pool, and summarise them."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from itertools import islice
from typing import Any

from ludus.agents import make_agent, play_game
from ludus.core.errors import OptionError
from ludus.core.registry import configure


@dataclass(slots=True)
class GameResult:
    """One simulated game."""

    index: int
    seed: int
    agents: list[str]
    scores: list[float]
    ranking: list[int]
    winners: list[int]
    cooperative_win: bool | None
    length: int
    reason: str
    termination: str = ""

    def to_json(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return asdict(self)


@dataclass(slots=True)
class Summary:
    """Aggregate figures over a batch of games."""

    games: int
    players: int
    seconds: float
    wins: list[float] = field(default_factory=list)
    mean_scores: list[float] = field(default_factory=list)
    stdev_scores: list[float] = field(default_factory=list)
    mean_length: float = 0.0
    coop_win_rate: float | None = None
    terminations: dict[str, int] = field(default_factory=dict)

    @property
    def games_per_s(self) -> float:
        """Throughput of the batch."""
        return self.games / self.seconds if self.seconds > 0 else float("inf")


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch run with ``seed`` (reproducible)."""
    return seed * 1_000_003 + index


Task = tuple[str, int, dict[str, Any], list[str], int, int]
"""One game to play: game id, players, options, agent names, batch seed, index."""


def play_one(task: Task) -> GameResult:
    """Play one game (runs in a worker process)."""
    game_id, players, options, agent_names, seed, index = task
    game = configure(game_id, players, options)
    s = game_seed(seed, index)
    names = [agent_names[p % len(agent_names)] for p in range(game.players)]
    agents = [make_agent(name, s * 31 + p + 1) for p, name in enumerate(names)]
    state, record = play_game(game.new_state(s), agents, seed=s)
    out = state.outcome()
    return GameResult(
        index, s, names, list(out.scores), list(out.ranking), list(out.winners),
        out.cooperative_win, len(record.actions), out.reason, str(out.termination),
    )


def simulate(
    game_id: str,
    games: int,
    players: int | None = None,
    agents: Sequence[str] = ("random",),
    options: dict[str, Any] | None = None,
    jobs: int = 1,
    seed: int = 0,
    progress: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play ``games`` games and return their results in order.

    Game ``i`` is seeded with :func:`game_seed` ``(seed, i)``, so a run is
    reproducible whatever ``jobs`` is. ``agents`` is cycled over the seats.
    """
    opts = dict(options or {})
    game = configure(game_id, players, opts)  # validate before starting workers
    if not agents:
        raise OptionError("a simulation needs at least one agent")
    for name in agents:
        make_agent(name)
    names = list(agents)
    tasks = ((game_id, game.players, opts, names, seed, i) for i in range(games))  # made as the pool asks
    chunksize = max(1, min(games // (jobs * 8), 64))
    results: list[GameResult] = []
    for result in _run(tasks, jobs, chunksize):
        results.append(result)
        if progress is not None:
            progress(result)
    results.sort(key=lambda r: r.index)
    return results


def play_chunk(tasks: list[Task]) -> list[GameResult]:
    """Play several games (one round trip to a worker process)."""
    return [play_one(task) for task in tasks]


def _run(tasks: Iterable[Task], jobs: int, chunksize: int = 1) -> Iterator[GameResult]:
    """The results of ``tasks`` in the order they finish.

    Tasks are taken from the iterable only as workers become free (at most
    ``4 × jobs`` chunks in flight), so a huge batch never sits in memory as tasks.
    """
    if jobs <= 1:
        for task in tasks:
            yield play_one(task)
        return
    it = iter(tasks)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: set[Future[list[GameResult]]] = set()
        while True:
            while len(pending) < 4 * jobs:
                chunk = list(islice(it, chunksize))
                if not chunk:
                    break
                pending.add(pool.submit(play_chunk, chunk))
            if not pending:
                return
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield from future.result()


def summarize(results: Sequence[GameResult], players: int, seconds: float) -> Summary:
    """Win share per seat (ties split), mean/stdev score per seat, mean length."""
    n = len(results)
    summary = Summary(n, players, seconds)
    if not n:
        return summary
    wins = [0.0] * players
    for r in results:
        for w in r.winners:
            wins[w] += 1.0 / len(r.winners)
    summary.wins = [w / n for w in wins]
    for p in range(players):
        scores = [r.scores[p] for r in results]
        mean = sum(scores) / n
        var = sum((s - mean) ** 2 for s in scores) / (n - 1) if n > 1 else 0.0
        summary.mean_scores.append(mean)
        summary.stdev_scores.append(math.sqrt(var))
    summary.mean_length = sum(r.length for r in results) / n
    for r in results:
        summary.terminations[r.termination] = summary.terminations.get(r.termination, 0) + 1
    coop = [r.cooperative_win for r in results if r.cooperative_win is not None]
    if coop:
        summary.coop_win_rate = sum(coop) / len(coop)
    return summary


def timed_simulate(**kwargs: Any) -> tuple[list[GameResult], float]:
    """:func:`simulate` and the wall time it took."""
    start = time.perf_counter()
    results = simulate(**kwargs)
    return results, time.perf_counter() - start
