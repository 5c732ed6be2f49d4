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
from typing import Any, Protocol, TypeVar

from ludus.agents import make_agent, play_game
from ludus.core.errors import N_, OptionError
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
    """Play ``games`` games and return their results in order (see :func:`run_games`)."""
    return list(run_games(game_id, games, players, agents, options, jobs, seed, progress, max_actions))


def run_games(
    game_id: str,
    games: int,
    players: int | None = None,
    agents: Sequence[str] = ("random",),
    options: dict[str, Any] | None = None,
    jobs: int = 1,
    seed: int = 0,
    progress: Callable[[GameResult], None] | None = None,
    max_actions: int | None = None,
) -> Iterator[GameResult]:
    """Play ``games`` games, yielding each result in index order as soon as it can be.

    Nothing grows with the number of games: tasks are made as workers take them,
    and a result that finishes early waits only for the few games still in flight
    before it. Game ``i`` is seeded with :func:`game_seed` ``(seed, i)``, so a run
    is reproducible whatever ``jobs`` is. ``agents`` is cycled over the seats. A
    game still going after ``max_actions`` actions (default: the game's
    :attr:`~ludus.core.api.Game.action_cap`) is stopped and reported as
    :data:`CAPPED`; the run carries on. The options are checked before any game.
    """
    opts = dict(options or {})
    game = configure(game_id, players, opts)  # validate before starting workers
    if not agents:
        raise OptionError(N_("a simulation needs at least one agent"))
    for name in agents:
        make_agent(name)
    if max_actions is not None and max_actions < 1:
        raise OptionError(N_("max_actions must be at least 1, got {value}"), value=max_actions)
    return in_order(_run(_tasks(game_id, game.players, opts, list(agents), seed, games, max_actions),
                          jobs, max(1, min(games // (jobs * 8), 64))), progress)


def _tasks(
    game_id: str, players: int, opts: dict[str, Any], names: list[str], seed: int, games: int, cap: int | None
) -> Iterator[Task]:
    """The tasks of a batch, made one at a time as they are taken."""
    for i in range(games):
        yield game_id, players, opts, names, seed, i, cap


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


def play_chunk(tasks: list[Task]) -> list[GameResult]:
    """Play several games (one round trip to a worker process)."""
    return [play_one(task) for task in tasks]


def _run(tasks: Iterable[Task], jobs: int, chunksize: int = 1) -> Iterator[GameResult]:
    """The results of ``tasks`` in the order they finish (see :func:`stream_pool`)."""
    return stream_pool(tasks, play_chunk, jobs, chunksize)


def stream_pool(tasks: Iterable[T], work: Callable[[list[T]], list[U]], jobs: int, chunksize: int = 1) -> Iterator[U]:
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


class Summarizer:
    """Builds a :class:`Summary` one result at a time (memory independent of the batch size).

    Scores are accumulated with Welford's method, so the mean and the sample standard
    deviation are exact without keeping the scores.
    """

    def __init__(self, players: int) -> None:
        self.players = players
        self.games = 0
        self.done = 0
        self.wins = [0.0] * players
        self.means = [0.0] * players
        self.squares = [0.0] * players
        self.length = 0
        self.coop = 0
        self.coop_games = 0
        self.terminations: dict[str, int] = {}
        self.capped: list[int] = []
        """Indexes of the capped games (the first :data:`CAPPED_SHOWN` of them)."""
        self.capped_count = 0

    def add(self, r: GameResult) -> None:
        """Count one game."""
        self.games += 1
        self.terminations[r.termination] = self.terminations.get(r.termination, 0) + 1
        if not r.finished:
            self.capped_count += 1
            if len(self.capped) < CAPPED_SHOWN:
                self.capped.append(r.index)
            return
        self.done += 1
        for w in r.winners:
            self.wins[w] += 1.0 / len(r.winners)
        for p in range(self.players):
            delta = r.scores[p] - self.means[p]
            self.means[p] += delta / self.done
            self.squares[p] += delta * (r.scores[p] - self.means[p])
        self.length += r.length
        if r.cooperative_win is not None:
            self.coop_games += 1
            self.coop += bool(r.cooperative_win)

    def summary(self, seconds: float) -> Summary:
        """The figures so far."""
        out = Summary(self.games, self.players, seconds, terminations=dict(self.terminations),
                      capped=self.capped_count)
        n = self.done
        if not n:
            return out
        out.wins = [w / n for w in self.wins]
        out.mean_scores = self.means[:]
        out.stdev_scores = [math.sqrt(q / (n - 1)) if n > 1 else 0.0 for q in self.squares]
        out.mean_length = self.length / n
        if self.coop_games:
            out.coop_win_rate = self.coop / self.coop_games
        return out


CAPPED_SHOWN = 20
"""How many capped games' indexes a :class:`Summarizer` keeps (to name them)."""


def summarize(results: Iterable[GameResult], players: int, seconds: float) -> Summary:
    """Win share per seat (ties split), mean/stdev score per seat, mean length, how games ended.

    Games stopped at the action cap count in ``games``, ``capped`` and
    ``terminations`` only: the other figures are over the finished games.
    """
    builder = Summarizer(players)
    for r in results:
        builder.add(r)
    return builder.summary(seconds)


def timed_simulate(**kwargs: Any) -> tuple[list[GameResult], float]:
    """:func:`simulate` and the wall time it took."""
    start = time.perf_counter()
    results = simulate(**kwargs)
    return results, time.perf_counter() - start
