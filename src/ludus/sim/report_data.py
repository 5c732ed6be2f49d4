"""The figures of a balance report, read from result files one row at a time.

A result file holds one row per game (the result row of ``ludus simulate``: JSONL, CSV or
Parquet). :func:`read_rows` streams the rows of any of the three formats in the row's JSON
shape; :class:`Aggregate` counts them. Memory does not grow with the number of rows: scores
and lengths are kept as counts per distinct value (a score sheet has few distinct totals), and
everything else as running sums.

The numbers are plain functions: :func:`wilson` (the 95% Wilson score interval) and
:func:`quantile` / :func:`mean_stdev` over such counts.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludus.core.errors import N_, LudusError
from ludus.sim.results import CAPPED, ERROR, read_results
from ludus.sim.stats import wilson

__all__ = [
    "CAPPED",
    "ERROR",
    "Aggregate",
    "GroupStats",
    "ReportError",
    "Run",
    "aggregate",
    "mean_stdev",
    "quantile",
    "read_rows",
    "wilson",
]

class ReportError(LudusError):
    """A result file that cannot be reported on (missing, empty, malformed, or of several games)."""


def quantile(counts: Mapping[float, int] | Mapping[int, int], q: float) -> float:
    """The ``q`` quantile (linear interpolation, as numpy's default) of values given as counts.

    >>> quantile({1: 1, 2: 1, 3: 1, 4: 1}, 0.5)
    2.5
    >>> quantile({10: 3, 20: 1}, 0.75)
    12.5
    """
    total = sum(counts.values())
    if total == 0:
        return math.nan
    position = q * (total - 1)
    below = math.floor(position)
    values = sorted(counts.items())

    def nth(i: int) -> float:
        seen = 0
        for value, count in values:
            seen += count
            if i < seen:
                return float(value)
        return float(values[-1][0])

    low = nth(below)
    return low + (nth(below + 1) - low) * (position - below) if position > below else low


def mean_stdev(counts: Mapping[float, int] | Mapping[int, int]) -> tuple[float, float]:
    """The mean and sample standard deviation of values given as counts.

    >>> mean_stdev({2: 1, 4: 1})
    (3.0, 1.4142135623730951)
    """
    n = sum(counts.values())
    if n == 0:
        return math.nan, math.nan
    mean = sum(v * c for v, c in counts.items()) / n
    if n == 1:
        return mean, 0.0
    return mean, math.sqrt(sum(c * (v - mean) ** 2 for v, c in counts.items()) / (n - 1))


# --- reading ------------------------------------------------------------------------------
def read_rows(path: str | Path) -> Iterator[dict[str, Any]]:
    """The rows of a result file (``.jsonl``, ``.csv`` or ``.parquet``), one at a time, as JSON rows."""
    p = Path(path)
    if not p.is_file():
        raise ReportError(N_("no result file {path}"), path=str(p))
    if p.suffix.lower() not in (".jsonl", ".csv", ".parquet"):
        raise ReportError(N_("{path}: a result file ends in .jsonl, .csv or .parquet"), path=str(p))
    if p.suffix.lower() == ".parquet":
        _check_parquet(p)
    number = 0
    rows = read_results(p)
    while True:
        number += 1
        try:
            row = next(rows, None)
            if row is None:
                return
            checked = _checked(row)
        except ReportError:
            raise
        except (KeyError, TypeError, ValueError, OSError) as exc:  # JSON, CSV cells, Parquet, missing fields
            raise ReportError(N_("{path}: row {row} is not a result row ({problem})"),
                              path=str(p), row=number,
                              problem=str(exc).splitlines()[0] if str(exc) else "") from None
        yield checked


def _check_parquet(path: Path) -> None:
    """A one-line error unless ``path`` opens as a Parquet file."""
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise ReportError(N_("reading Parquet needs pyarrow: pip install 'ludus[report]'")) from None
    try:
        pq.ParquetFile(path)
    except Exception as exc:  # pyarrow's own errors (ArrowInvalid, OSError) name the problem
        raise ReportError(N_("{path}: not a Parquet file ({problem})"), path=str(path),
                          problem=str(exc).splitlines()[0] if str(exc) else type(exc).__name__) from None


_REQUIRED = ("game", "players", "agents", "finished", "scores", "winners", "length", "termination")


def _checked(row: dict[str, Any]) -> dict[str, Any]:
    """``row`` with its defaults filled in; a ``KeyError``/``ValueError`` when it is not a result row."""
    for key in _REQUIRED:
        if key not in row:
            raise KeyError(f"no {key!r}")
    row.setdefault("options", {})
    row.setdefault("details", {})
    row.setdefault("breakdown", {})
    row.setdefault("rotation", 0)
    row.setdefault("batch_seed", None)
    row.setdefault("cooperative_win", None)
    row.setdefault("duration", None)
    row.setdefault("ranking", [])
    row["options"] = row["options"] or {}
    row["details"] = row["details"] or {}
    row["breakdown"] = row["breakdown"] or {}
    if not isinstance(row["options"], dict) or not isinstance(row["breakdown"], dict):
        raise ValueError("options and breakdown must be objects")
    players = int(row["players"])
    if len(row["agents"]) != players:
        raise ValueError(f"{len(row['agents'])} agents for {players} players")
    if row["finished"] and len(row["scores"]) != players:
        raise ValueError(f"{len(row['scores'])} scores for {players} players")
    return row


# --- aggregating --------------------------------------------------------------------------
GroupKey = tuple[int, str, tuple[str, ...]]
"""A group of games: players, options (canonical JSON) and the agents per seat."""
RunKey = tuple[str, int, str, int | None]
"""One ``ludus simulate`` run: its file, players, options (canonical JSON) and batch seed."""


@dataclass
class Run:
    """What a ``ludus simulate`` run needs to be written again as a command."""

    path: str
    players: int
    options: dict[str, Any]
    batch_seed: int | None
    agents: tuple[str, ...] = ()
    seeds: int = 0
    """Rows of rotation 0: the number of seeds (``-n``)."""
    rotated: bool = False


@dataclass
class GroupStats:
    """Running figures of the games of one group (players, options, agents per seat)."""

    players: int
    options: dict[str, Any]
    agents: tuple[str, ...]
    games: int = 0
    finished: int = 0
    wins: list[float] = field(default_factory=list)
    """Win share per seat over the finished games (a tie split between its winners)."""
    coop_games: int = 0
    coop_wins: int = 0
    scores: list[Counter[float]] = field(default_factory=list)
    """Per seat: count of each final score (finished games)."""
    breakdown: dict[str, list[float]] = field(default_factory=dict)
    """Per category: total points per seat."""
    breakdown_games: dict[str, int] = field(default_factory=dict)
    lengths: Counter[int] = field(default_factory=Counter)
    """Count of each length in actions (finished games)."""
    durations: float = 0.0
    timed: int = 0
    terminations: Counter[str] = field(default_factory=Counter)
    ranks: Counter[str] = field(default_factory=Counter)
    """Count of each ``details["rank"]`` (Hadrian's Wall solo)."""
    rank_scores: dict[str, float] = field(default_factory=dict)
    """The lowest score seen with each rank (orders ranks that the game does not list)."""
    runs: set[RunKey] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.wins = [0.0] * self.players
        self.scores = [Counter() for _ in range(self.players)]

    def add(self, row: Mapping[str, Any]) -> None:
        """Count one game."""
        self.games += 1
        self.terminations[str(row["termination"] or "unknown")] += 1
        if row.get("duration") is not None:
            self.durations += float(row["duration"])
            self.timed += 1
        if not row["finished"]:
            return
        self.finished += 1
        winners = list(row["winners"])
        for w in winners:
            self.wins[int(w)] += 1.0 / len(winners)
        if row.get("cooperative_win") is not None:
            self.coop_games += 1
            self.coop_wins += bool(row["cooperative_win"])
        for p, score in enumerate(row["scores"]):
            self.scores[p][float(score)] += 1
        for category, points in row["breakdown"].items():
            totals = self.breakdown.setdefault(str(category), [0.0] * self.players)
            for p, value in enumerate(points[: self.players]):
                totals[p] += float(value or 0)
            self.breakdown_games[str(category)] = self.breakdown_games.get(str(category), 0) + 1
        self.lengths[int(row["length"])] += 1
        rank = row["details"].get("rank")
        if isinstance(rank, str):
            self.ranks[rank] += 1
            score = float(row["scores"][0]) if row["scores"] else 0.0
            self.rank_scores[rank] = min(self.rank_scores.get(rank, score), score)

    @property
    def unfinished(self) -> int:
        """Games that did not end by the rules (capped or errors)."""
        return self.games - self.finished

    def win_counts(self) -> list[float]:
        """Per seat, the games won (the co-op or solo team's wins in every seat when co-op)."""
        if self.coop_games:
            return [float(self.coop_wins)] * self.players
        return self.wins[:]

    def win_games(self) -> int:
        """The games the win rate is over (finished games; co-op ones when co-op)."""
        return self.coop_games if self.coop_games else self.finished

    def mean_breakdown(self) -> dict[str, list[float]]:
        """Mean points per category (in name order, whatever the file's) and seat, over the finished games
        that had the category."""
        return {c: [t / self.breakdown_games[c] for t in totals]
                for c, totals in sorted(self.breakdown.items())}


def _text(value: Any) -> str:
    """An option value as the command line writes it (``true``, ``3``, ``normal``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _defaults(game: str) -> dict[str, str]:
    """``game``'s option defaults as text (none for a game this ludus does not have)."""
    from ludus.core.registry import load

    try:
        return {o.name: _text(o.default) for o in load(game).info.options}
    except LudusError:
        return {}


class Aggregate:
    """The figures of rows of one game, grouped by players, options and agents per seat.

    Options at the game's default are left out of a group's options, so ``{}`` and
    ``{"difficulty": "normal"}`` (Fall of Rome's default) are one group.
    """

    def __init__(self) -> None:
        self.game: str | None = None
        self.rows = 0
        self.groups: dict[GroupKey, GroupStats] = {}
        self.runs: dict[RunKey, Run] = {}
        self.defaults: dict[str, str] = {}
        """The game's option defaults as text: an option given at its default is the same group as one left
        out."""

    def add(self, row: Mapping[str, Any], path: str = "") -> None:
        """Count one row (from the file ``path``); a row of another game is a :class:`ReportError`."""
        game = str(row["game"])
        if self.game is None:
            self.game = game
            self.defaults = _defaults(game)
        elif game != self.game:
            raise ReportError(N_("the results are of several games ({first} and {other}): report one game at "
                                 "a time"),
                              first=self.game, other=game)
        self.rows += 1
        players = int(row["players"])
        chosen = {k: v for k, v in row["options"].items() if self.defaults.get(k) != _text(v)}
        options = json.dumps(chosen, sort_keys=True)
        agents = tuple(str(a) for a in row["agents"])
        stats = self.groups.get((players, options, agents))
        if stats is None:
            stats = self.groups[(players, options, agents)] = GroupStats(players, dict(chosen), agents)
        run_key: RunKey = (path, players, options, row.get("batch_seed"))
        run = self.runs.get(run_key)
        if run is None:
            run = self.runs[run_key] = Run(path, players, dict(chosen), row.get("batch_seed"))
        rotation = int(row.get("rotation") or 0)
        if rotation == 0:
            run.seeds += 1
            run.agents = run.agents or agents
        else:
            run.rotated = True
        stats.runs.add(run_key)
        stats.add(row)

    def extend(self, rows: Iterable[Mapping[str, Any]], path: str = "") -> None:
        """Count every row of ``rows``."""
        for row in rows:
            self.add(row, path)


def pool_seatings(groups: Iterable[GroupStats], rotated: set[RunKey]) -> list[GroupStats]:
    """Per players and options, the win figures of every seating of rotated runs pooled (seat by seat).

    A run with ``--rotate-seats`` plays each seed with the agents in several seatings; each seating
    is a group of its own. Pooled, a seat's win rate no longer depends on which agent sat there.
    Only where rotated runs made more than one seating.
    """
    pooled: dict[tuple[int, str], list[GroupStats]] = {}
    for g in groups:
        if g.runs & rotated:
            pooled.setdefault((g.players, json.dumps(g.options, sort_keys=True)), []).append(g)
    out = []
    for members in pooled.values():
        if len(members) < 2:
            continue
        first = members[0]
        total = GroupStats(first.players, dict(first.options), first.agents)
        for g in members:
            total.games += g.games
            total.finished += g.finished
            total.coop_games += g.coop_games
            total.coop_wins += g.coop_wins
            total.wins = [a + b for a, b in zip(total.wins, g.wins)]
            total.runs |= g.runs
        out.append(total)
    return out


Reader = Callable[[str | Path], Iterable[Mapping[str, Any]]]
"""A function giving the rows of a result file in the JSON shape (:func:`read_rows`)."""


def aggregate(paths: Iterable[str | Path], reader: Reader = read_rows) -> Aggregate:
    """The :class:`Aggregate` of every row of the files ``paths`` read by ``reader``; a file without
    rows is a :class:`ReportError`."""
    result = Aggregate()
    for path in paths:
        before = result.rows
        result.extend(reader(path), str(path))
        if result.rows == before:
            raise ReportError(N_("{path} holds no result rows"), path=str(path))
    return result
