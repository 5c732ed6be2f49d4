"""Play many seeded games with bots, on a process pool or Ray, and summarise them.

A game that reaches the action cap (:attr:`ludus.core.api.Game.action_cap` unless
``max_actions`` is given) is not lost: its :class:`GameResult` has ``termination``
:data:`CAPPED`, the reason in words, the length played, and empty ``scores``,
``ranking`` and ``winners`` (an unfinished game has no result). A game whose bot or
rules raise is not lost either: its row has ``termination`` :data:`ERROR` and the
exception's words as ``reason``. :func:`summarize` counts both and leaves them out of
the win shares, scores and mean length.

With ``rotate`` every seed is played once per seating of the agents (:func:`seatings`),
all with the same deal, so a seat's advantage is not mistaken for an agent's.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import permutations
from pathlib import Path
from typing import Any

from ludus.agents import make_agent, play_game
from ludus.core.errors import N_, OptionError
from ludus.core.registry import configure
from ludus.sim.backends import BACKENDS, in_order, stream, stream_pool
from ludus.sim.results import CAPPED, ERROR, GameResult, scalar_details, sheet_breakdown

__all__ = [
    "CAPPED", "ERROR", "GameResult", "Summarizer", "Summary", "Task", "game_seed", "in_order", "play_chunk",
    "play_one", "run_games", "seatings", "simulate", "stream_pool", "summarize",
]


@dataclass(frozen=True, slots=True)
class Task:
    """What a worker needs for one game (small: it travels to the worker)."""

    game: str
    players: int
    options: dict[str, Any]
    agents: tuple[str, ...]
    """The agent of each seat."""
    batch_seed: int
    number: int
    """Which seed of the batch: the game is dealt with :func:`game_seed` ``(batch_seed, number)``."""
    rotation: int
    """Which seating of :func:`seatings`."""
    index: int
    """The game's place in the batch."""
    cap: int | None = None
    records: str | None = None
    """A directory to save the game's record in, as ``<index>.json``."""


@dataclass(slots=True)
class Summary:
    """Aggregate figures over a batch of games.

    ``games`` counts every game; ``capped`` those stopped unfinished at the action
    cap, ``errors`` those stopped by an exception. Win shares, scores and the mean
    length are over the finished games only.
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
    errors: int = 0
    agent_wins: dict[str, float] = field(default_factory=dict)
    """Per agent: its wins (ties split) over the seats it took in finished games."""

    @property
    def games_per_s(self) -> float:
        """Throughput of the batch."""
        return self.games / self.seconds if self.seconds > 0 else float("inf")


def game_seed(seed: int, number: int) -> int:
    """The deal seed of seed number ``number`` of a batch run with ``seed`` (reproducible)."""
    return seed * 1_000_003 + number


def play_one(task: Task) -> GameResult:
    """Play one game (runs in a worker): finished, :data:`CAPPED` at the cap, or :data:`ERROR` if it raised.

    With ``task.records`` the game's record is saved there as ``<index>.json`` (not for a
    game that raised).
    """
    start = time.perf_counter()
    s = game_seed(task.batch_seed, task.number)
    names = list(task.agents)
    result = GameResult(task.game, task.players, dict(task.options), task.index, s, task.batch_seed,
                        task.rotation, names)
    played = 0

    def count(_action: object, _events: object) -> None:
        nonlocal played
        played += 1

    try:
        game = configure(task.game, task.players, dict(task.options))
        agents = [make_agent(name, s * 31 + p + 1) for p, name in enumerate(names)]
        state, record = play_game(game.new_state(s), agents, seed=s, max_actions=task.cap, on_action=count)
        if task.records is not None:
            record.seats = names
            record.save(Path(task.records) / f"{task.index}.json")
        result.length = len(record.actions)
        if record.stopped is not None:
            result.reason, result.termination = record.stopped, CAPPED
        else:
            out = state.outcome()
            result.finished = True
            result.scores, result.ranking = list(out.scores), list(out.ranking)
            result.winners, result.cooperative_win = list(out.winners), out.cooperative_win
            result.reason, result.termination = out.reason, str(out.termination)
            result.breakdown, result.details = sheet_breakdown(out.details), scalar_details(out.details)
    except Exception as exc:  # a bot's or a rule's bug: one row, and the batch goes on
        result.finished, result.length, result.termination = False, played, ERROR
        result.scores, result.ranking, result.winners, result.breakdown, result.details = [], [], [], {}, {}
        words = str(exc).strip().splitlines()
        result.reason = f"{type(exc).__name__}: {words[0] if words else ''}"[:500]
    result.duration = time.perf_counter() - start
    return result


def seatings(agents: Sequence[str], players: int, rotate: bool = False) -> list[tuple[str, ...]]:
    """The seatings a seed is played with: ``agents`` cycled over the seats, and with ``rotate`` more.

    With ``rotate``: every distinct permutation of that seating when there are at most
    ``players`` of them, else its distinct cyclic rotations (each agent then sits in each
    seat equally often), the unrotated seating first.

    >>> seatings(["random", "greedy"], 3, rotate=True)
    [('random', 'greedy', 'random'), ('random', 'random', 'greedy'), ('greedy', 'random', 'random')]
    >>> seatings(["a", "b", "c"], 3, rotate=True)
    [('a', 'b', 'c'), ('b', 'c', 'a'), ('c', 'a', 'b')]
    """
    base = tuple(agents[p % len(agents)] for p in range(players))
    if not rotate:
        return [base]
    distinct: dict[tuple[str, ...], None] = {}
    for seating in permutations(base):
        distinct[seating] = None
        if len(distinct) > players:
            return list(dict.fromkeys(base[i:] + base[:i] for i in range(players)))
    return list(distinct)


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
    **more: Any,
) -> list[GameResult]:
    """Play ``games`` games and return their results in order (see :func:`run_games`)."""
    return list(
        run_games(game_id, games, players, agents, options, jobs, seed, progress, max_actions, **more))


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
    *,
    rotate: bool = False,
    records: str | Path | None = None,
    backend: str = "local",
) -> Iterator[GameResult]:
    """Play ``games`` seeds, yielding each result in index order as soon as it can be.

    Nothing grows with the number of games: tasks are made as workers take them,
    and a result that finishes early waits only for the few games still in flight
    before it. Seed number ``j`` deals with :func:`game_seed` ``(seed, j)``, so a run
    is reproducible whatever ``jobs`` and ``backend`` (``local`` or ``ray``) are.
    ``agents`` is cycled over the seats; with ``rotate`` each seed is played once per
    seating of :func:`seatings` (game ``index`` = ``j × seatings + rotation``), so the
    batch has ``games × len(seatings)`` games. A game still going after
    ``max_actions`` actions (default: the game's
    :attr:`~ludus.core.api.Game.action_cap`) is stopped and reported as
    :data:`CAPPED`; one that raises is reported as :data:`ERROR`; the run carries on.
    With ``records`` every game's record is saved there as ``<index>.json`` by the
    worker that played it. The options are checked before any game.
    """
    opts = dict(options or {})
    game = configure(game_id, players, opts)  # validate before starting workers
    if not agents:
        raise OptionError(N_("a simulation needs at least one agent"))
    for name in agents:
        make_agent(name)
    if max_actions is not None and max_actions < 1:
        raise OptionError(N_("max_actions must be at least 1, got {value}"), value=max_actions)
    if backend not in BACKENDS:
        raise OptionError(N_("unknown backend {backend!r} (backends: {known})"), backend=backend,
                          known=", ".join(BACKENDS))
    seats = seatings(list(agents), game.players, rotate)
    total = games * len(seats)
    folder = None if records is None else str(records)
    tasks = (Task(game_id, game.players, opts, seating, seed, j, r, j * len(seats) + r, max_actions, folder)
             for j in range(games) for r, seating in enumerate(seats))
    chunk = max(1, min(total // (jobs * 8), 64))
    return in_order(_run(tasks, jobs, chunk, backend), progress)


def play_chunk(tasks: list[Task]) -> list[GameResult]:
    """Play several games (one round trip to a worker)."""
    return [play_one(task) for task in tasks]


def _run(tasks: Iterable[Task], jobs: int, chunksize: int = 1,
         backend: str = "local") -> Iterator[GameResult]:
    """The results of ``tasks`` in the order they finish (see :func:`~ludus.sim.backends.stream`)."""
    return stream(tasks, play_chunk, jobs, chunksize, backend)


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
        self.errors: list[int] = []
        """Indexes of the games that raised (the first :data:`CAPPED_SHOWN` of them)."""
        self.error_count = 0
        self.agent_wins: dict[str, float] = {}
        self.agent_seats: dict[str, int] = {}

    def add(self, r: GameResult) -> None:
        """Count one game."""
        self.games += 1
        self.terminations[r.termination] = self.terminations.get(r.termination, 0) + 1
        if not r.finished:
            if r.termination == ERROR:
                self.error_count += 1
                shown = self.errors
            else:
                self.capped_count += 1
                shown = self.capped
            if len(shown) < CAPPED_SHOWN:
                shown.append(r.index)
            return
        self.done += 1
        for w in r.winners:
            self.wins[w] += 1.0 / len(r.winners)
            self.agent_wins[r.agents[w]] = self.agent_wins.get(r.agents[w], 0.0) + 1.0 / len(r.winners)
        for name in r.agents:
            self.agent_seats[name] = self.agent_seats.get(name, 0) + 1
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
                      capped=self.capped_count, errors=self.error_count)
        n = self.done
        if not n:
            return out
        out.wins = [w / n for w in self.wins]
        out.mean_scores = self.means[:]
        out.stdev_scores = [math.sqrt(q / (n - 1)) if n > 1 else 0.0 for q in self.squares]
        out.mean_length = self.length / n
        out.agent_wins = {a: self.agent_wins.get(a, 0.0) / seats for a, seats in self.agent_seats.items()}
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
