"""Play many seeded games with bots, in a process pool, and summarise them.

A game that reaches the action cap (:attr:`ludus.core.api.Game.action_cap` unless
``max_actions`` is given) is not lost: its :class:`GameResult` has ``termination``
:data:`CAPPED`, the reason in words, the length played, and empty ``scores``,
``ranking`` and ``winners`` (an unfinished game has no result). :func:`summarize`
counts such games and leaves them out of the win shares, scores and mean length.
"""

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

CAPPED = "capped"
"""The ``termination`` of a game stopped unfinished at the action cap."""

Task = tuple[str, int, dict[str, Any], list[str], int, int, int | None]
"""What a worker needs for one game: id, players, options, agents, batch seed, index, cap."""


@dataclass(slots=True)
class GameResult:
    """One simulated game.

    A game stopped at the action cap has ``termination`` :data:`CAPPED`, ``reason``
    saying so, and empty ``scores``, ``ranking`` and ``winners``.
    """

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

    @property
    def finished(self) -> bool:
        """Whether the game ended by its rules (not stopped at the action cap)."""
        return self.termination != CAPPED


@dataclass(slots=True)
class Summary:
    """Aggregate figures over a batch of games.

    ``games`` counts every game; ``capped`` those stopped unfinished at the action
    cap. Win shares, scores and the mean length are over the finished games only.
    """

    games: int
    players: int
    seconds: float
    wins: list[float] = field(default_factory=list)
    mean_scores: list[float] = field(default_factory=list)
    stdev_scores: list[float] = field(default_factory=list)
    mean_length: float = 0.0
    coop_win_rate: float | None = None
    terminations: dict[str, int] = field(default_factory=dict)
    capped: int = 0

    @property
    def games_per_s(self) -> float:
        """Throughput of the batch."""
        return self.games / self.seconds if self.seconds > 0 else float("inf")


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch run with ``seed`` (reproducible)."""
    return seed * 1_000_003 + index


def play_one(task: Task) -> GameResult:
    """Play one game (runs in a worker process); a game stopped at the cap is :data:`CAPPED`."""
    game_id, players, options, agent_names, seed, index, max_actions = task
    game = configure(game_id, players, options)
    s = game_seed(seed, index)
    names = [agent_names[p % len(agent_names)] for p in range(game.players)]
    agents = [make_agent(name, s * 31 + p + 1) for p, name in enumerate(names)]
    state, record = play_game(game.new_state(s), agents, seed=s, max_actions=max_actions)
    if record.stopped is not None:
        return GameResult(index, s, names, [], [], [], None, len(record.actions), record.stopped, CAPPED)
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
    max_actions: int | None = None,
) -> list[GameResult]:
    """Play ``games`` games and return their results in order.

    Game ``i`` is seeded with :func:`game_seed` ``(seed, i)``, so a run is
    reproducible whatever ``jobs`` is. ``agents`` is cycled over the seats. A game
    still going after ``max_actions`` actions (default: the game's
    :attr:`~ludus.core.api.Game.action_cap`) is stopped and reported as
    :data:`CAPPED`; the run carries on.
    """
    opts = dict(options or {})
    game = configure(game_id, players, opts)  # validate before starting workers
    if not agents:
        raise OptionError("a simulation needs at least one agent")
    for name in agents:
        make_agent(name)
    if max_actions is not None and max_actions < 1:
        raise OptionError(f"max_actions must be at least 1, got {max_actions}")
    names = list(agents)
    tasks = ((game_id, game.players, opts, names, seed, i, max_actions) for i in range(games))  # made as asked
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
    """Win share per seat (ties split), mean/stdev score per seat, mean length, how games ended.

    Games stopped at the action cap count in ``games``, ``capped`` and
    ``terminations`` only: the other figures are over the finished games.
    """
    summary = Summary(len(results), players, seconds)
    for r in results:
        summary.terminations[r.termination] = summary.terminations.get(r.termination, 0) + 1
    done = [r for r in results if r.finished]
    summary.capped = len(results) - len(done)
    n = len(done)
    if not n:
        return summary
    wins = [0.0] * players
    for r in done:
        for w in r.winners:
            wins[w] += 1.0 / len(r.winners)
    summary.wins = [w / n for w in wins]
    for p in range(players):
        scores = [r.scores[p] for r in done]
        mean = sum(scores) / n
        var = sum((s - mean) ** 2 for s in scores) / (n - 1) if n > 1 else 0.0
        summary.mean_scores.append(mean)
        summary.stdev_scores.append(math.sqrt(var))
    summary.mean_length = sum(r.length for r in done) / n
    coop = [r.cooperative_win for r in done if r.cooperative_win is not None]
    if coop:
        summary.coop_win_rate = sum(coop) / len(coop)
    return summary


def timed_simulate(**kwargs: Any) -> tuple[list[GameResult], float]:
    """:func:`simulate` and the wall time it took."""
    start = time.perf_counter()
    results = simulate(**kwargs)
    return results, time.perf_counter() - start
