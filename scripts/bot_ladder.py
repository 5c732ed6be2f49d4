"""The bot ladder (issue 33): the levels and OpenSpiel's own IS-MCTS in a rotated round-robin.

    .venv/bin/python scripts/bot_ladder.py trajan --games 4 --jobs 1
    .venv/bin/python scripts/bot_ladder.py glory-to-rome --levels random,easy,normal,hard,openspiel
        --games 20 --jobs 2 --seed 33 --out ladder.json

Every pair of ``--levels`` meets at a ``--players`` table (2 by default) in every seat order,
``--games`` games a pairing (rounded up to a multiple of the players), each deal on a fresh seed
from ``--seed``: the games, seeds and ratings are those of ``ludus tournament``'s round-robin
(:mod:`ludus.sim.tournament`, whose code plays and rates them). A level is any agent name
(``random``, ``easy``, ``normal``, ``hard``, a future ``expert``) or ``module:Class``;
``openspiel`` is the reference: OpenSpiel's IS-MCTS through the OpenSpiel adapter, its rollouts
played by the game's greedy bot (:class:`~ludus.rl.spiel_ismcts.SpielIsmcts`), with a CPU budget a
decision of ``--ismcts-seconds``. By default that budget is ``hard``'s own mean CPU time a
decision, measured in this run: the pairings without the reference are played first, then the
reference's, at that budget (with a time budget its games depend on the machine's speed).

It prints, as Markdown to paste into docs/bots.md: the OpenSkill ratings (mu ± 2 sigma), the
head-to-head table (how often the row's agent placed ahead of the column's, ties half, with the
95% Wilson interval), and the CPU time a decision per level (decisions with a choice of at least
two actions: mean, 95th percentile). ``--out`` writes all of it and every game as JSON.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import IO, Any, cast

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ludus.agents import Agent, make_agent
from ludus.core.actions import Action
from ludus.core.api import State
from ludus.core.errors import LudusError
from ludus.core.registry import configure
from ludus.rl.spiel_ismcts import SpielIsmcts
from ludus.sim.backends import stream_pool
from ludus.sim.stats import wilson
from ludus.sim.tournament import (
    Task,
    TournamentGame,
    _Tally,
    _tasks,
    pairings,
    plan,
    play_one,
    rating_model,
)

REFERENCE = "openspiel"
"""The reference's name in the ladder: OpenSpiel's IS-MCTS with greedy rollouts."""
REFERENCE_CLASS = "ludus.rl.spiel_ismcts:SpielIsmcts"
"""The reference as ``module:Class`` (what the tournament's checks load)."""
LEVELS = ("random", "easy", "normal", "hard", REFERENCE)
"""The default ladder."""
BUDGET_LEVEL = "hard"
"""The level whose mean CPU time a decision is the reference's default budget."""


@dataclass(slots=True)
class Reference:
    """The reference's settings: its CPU seconds a decision (None: none), simulations, rollout length."""

    seconds: float | None
    simulations: int
    horizon: int | None


Job = tuple[Task, Reference]
"""One game for a worker: the tournament's task and the reference's settings."""


@dataclass(slots=True)
class LadderGame:
    """One game: the tournament's record of it, and each seat's CPU seconds a decision with a choice
    (``simulations``: the reference's simulations a searched decision, in the seats it sat in)."""

    index: int
    game: TournamentGame
    cpu: list[list[float]]
    simulations: list[int]


class Timed:
    """An agent whose decisions with a choice are timed (CPU time of this process)."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.seconds: list[float] = []
        self.simulations: list[int] = []

    def act(self, state: State, player: int) -> Action:
        """The agent's choice, timed when it had one."""
        start = time.process_time()
        action = self.inner.act(state, player)
        spent = time.process_time() - start
        if len(state.legal_actions(player)) > 1:
            self.seconds.append(spent)
            if isinstance(self.inner, SpielIsmcts):
                self.simulations.append(self.inner.searched)
        return action

    def react(self, state: State, player: int) -> Action | None:
        """The agent's out-of-turn choice (not timed)."""
        return self.inner.react(state, player)


def make(name: str, seed: int, reference: Reference) -> Agent:
    """The agent ``name`` (the reference, a level or ``module:Class``) seeded ``seed``."""
    if name == REFERENCE:
        return SpielIsmcts(seed, simulations=reference.simulations, seconds=reference.seconds,
                           max_length=reference.horizon)
    return make_agent(name, seed)


def play(job: Job) -> LadderGame:
    """Play one game with every seat timed (in a worker process)."""
    task, reference = job
    seed = task[8]
    timed = [Timed(make(name, seed * 31 + p + 1, reference)) for p, name in enumerate(task[3])]
    game = play_one(task, timed)
    return LadderGame(game.index, game, [t.seconds for t in timed],
                      [n for t in timed for n in t.simulations])


def play_chunk(jobs: list[Job]) -> list[LadderGame]:
    """Play several games (one round trip to a worker process)."""
    return [play(job) for job in jobs]


def run(jobs: Iterable[Job], workers: int, done: Callable[[LadderGame], None]) -> list[LadderGame]:
    """Every job's game, played by ``workers`` processes, in task order."""
    games = []
    for g in stream_pool(jobs, play_chunk, workers):
        done(g)
        games.append(g)
    return sorted(games, key=lambda g: g.index)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank, as scripts/bot_strength.py reports p95).

    >>> percentile([0.1, 0.2, 0.3, 0.4], 0.95)
    0.4
    """
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def cpu_table(names: Sequence[str], games: Sequence[LadderGame]) -> dict[str, dict[str, Any]]:
    """Per level: decisions with a choice, mean and p95 CPU seconds (and the reference's simulations)."""
    seconds: dict[str, list[float]] = {a: [] for a in names}
    simulations: dict[str, list[int]] = {a: [] for a in names}
    for g in games:
        for p, a in enumerate(g.game.agents):
            seconds[a] += g.cpu[p]
        if REFERENCE in g.game.agents:
            simulations[REFERENCE] += g.simulations
    out = {}
    for a in names:
        xs = seconds[a]
        out[a] = {"decisions": len(xs), "mean": statistics.fmean(xs) if xs else None,
                  "p95": percentile(xs, 0.95) if xs else None,
                  "simulations": statistics.fmean(simulations[a]) if simulations[a] else None}
    return out


def ladder(game_id: str, names: Sequence[str], players: int = 2, games: int = 4, seed: int = 0,
           workers: int = 1, reference: Reference | None = None, measure: bool = True,
           progress: Callable[[int, LadderGame | None], None] | None = None,
           before: Sequence[LadderGame] = ()) -> dict[str, Any]:
    """Play the ladder and return its figures (see the module's documentation).

    With ``measure``, the reference's CPU seconds a decision are :data:`BUDGET_LEVEL`'s mean in this
    run (it must be one of ``names``); otherwise ``reference.seconds`` (None: no time limit).
    ``progress(total, game)`` is called with ``None`` once the total is known, then after each game.
    Games of ``before`` that are one of this ladder's games (the same index, deal seed and seats) are
    not played again but counted (a run resumed from its ``--jsonl`` file).
    """
    reference = reference or Reference(None, 100_000, None)
    measure = measure and REFERENCE in names
    shape = plan(game_id, [REFERENCE_CLASS if a == REFERENCE else a for a in names], players, games,
                 jobs=workers)
    n, per_pairing = shape.players, shape.games_per_pairing
    tables = list(pairings(list(names), n))
    if measure and BUDGET_LEVEL not in names:
        raise LudusError(f"--ismcts-seconds is needed when {BUDGET_LEVEL!r} is not in the ladder")
    tasks = list(_tasks(game_id, n, {}, tables, seed, per_pairing, None))
    kept = {(g.index, g.game.seed, tuple(g.game.agents)): g for g in before}
    earlier = [kept[t[4], t[8], t[3]] for t in tasks if (t[4], t[8], t[3]) in kept]
    tasks = [t for t in tasks if (t[4], t[8], t[3]) not in kept]
    if progress is not None:
        progress(len(tasks), None)

    def done(g: LadderGame) -> None:
        if progress is not None:
            progress(len(tasks), g)

    start = time.perf_counter()
    played = earlier + run(((t, reference) for t in tasks if REFERENCE not in t[3]), workers, done)
    budget = reference.seconds
    if measure:
        budget = cpu_table(names, played)[BUDGET_LEVEL]["mean"] or 0.01
    spent = Reference(budget, reference.simulations, reference.horizon)
    played += run(((t, spent) for t in tasks if REFERENCE in t[3]), workers, done)
    played.sort(key=lambda g: g.index)
    return figures(game_id, n, names, per_pairing, len(tables), seed, spent, played,
                   time.perf_counter() - start)


def figures(game_id: str, players: int, names: Sequence[str], per_pairing: int, pairings_: int, seed: int,
            reference: Reference, played: list[LadderGame], seconds: float) -> dict[str, Any]:
    """The ladder's figures from the games ``played``."""
    tally = _Tally(list(names), rating_model())
    for g in played:
        tally.add(g.game)
    return {
        "game": game_id, "players": players, "levels": list(names), "games_per_pairing": per_pairing,
        "pairings": pairings_, "seed": seed, "reference": asdict(reference),
        "standings": [s.to_json() for s in tally.standings()], "head_to_head": tally.head_to_head(),
        "cpu": cpu_table(names, played), "capped": tally.capped_games, "seconds": seconds,
        "games": [game_json(g) for g in played],
    }


def game_json(g: LadderGame) -> dict[str, Any]:
    """One game as JSON: the tournament's record, each seat's CPU seconds, the reference's simulations."""
    return {**g.game.to_json(), "cpu": g.cpu, "simulations": g.simulations}


def open_jsonl(path: str, mode: str) -> IO[str]:
    """A ``--jsonl`` file opened as text (``"rt"`` or ``"at"``), gzip-compressed when its name ends in
    ``.gz`` (each run appends a member; reading takes them all)."""
    if path.endswith(".gz"):
        return cast(IO[str], gzip.open(path, mode, encoding="utf-8"))
    return open(path, mode, encoding="utf-8")


def read_jsonl(path: str) -> tuple[str, list[LadderGame]]:
    """The game's id and the games a ``--jsonl`` file holds (none if there is no such file)."""
    played = []
    game_id = ""
    try:
        with open_jsonl(path, "rt") as f:
            for line in f:
                if line.strip():
                    row = json.loads(line)
                    game_id = row["game_id"]
                    played.append(LadderGame(row["game"]["index"], TournamentGame(**row["game"]), row["cpu"],
                                             row["simulations"]))
    except FileNotFoundError:
        pass
    return game_id, played


def from_jsonl(path: str) -> dict[str, Any]:
    """The figures of the games written by ``--jsonl`` (a run stopped before its end included)."""
    game_id, played = read_jsonl(path)
    if not played:
        raise LudusError(f"no game in {path}")
    names = sorted({a for g in played for a in g.game.agents}, key=lambda a: (a == REFERENCE, a))
    tables = len({tuple(sorted(g.game.agents)) for g in played})
    return figures(game_id, len(played[0].game.agents), names, len(played) // tables, tables, 0,
                   Reference(None, 0, None), sorted(played, key=lambda g: g.index), 0.0)


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def markdown(result: dict[str, Any], command: str) -> str:
    """The ratings, the head-to-head table and the CPU a decision, as Markdown."""
    names = result["levels"]
    ref = result["reference"]
    title = configure(result["game"], result["players"], {}).info.title
    lines = [f"{title}, {result['players']} players, {result['games_per_pairing']} games a pairing "
             f"({result['pairings']} pairings, seats rotated), seed {result['seed']}: `{command}`", ""]
    if REFERENCE in names:
        horizon = "to the end" if ref["horizon"] is None else f"{ref['horizon']} actions"
        budget = "no time limit" if ref["seconds"] is None else f"{ref['seconds']:.3f} s CPU a decision"
        lines += [f"`{REFERENCE}`: OpenSpiel's IS-MCTS, greedy rollouts ({horizon}), {budget}, "
                  f"at most {ref['simulations']} simulations.", ""]
    lines += ["| # | level | rating μ (μ ± 2σ) | games | wins | win rate (95% CI) | mean score |",
              "|---:|---|---|---:|---:|---|---:|"]
    for i, s in enumerate(result["standings"], 1):
        rate = "–" if s["win_rate"] is None else (
            f"{_pct(s['win_rate'])} ({_pct(s['win_low'])}–{_pct(s['win_high'])})")
        score = "–" if s["mean_score"] is None else f"{s['mean_score']:.1f}"
        rating = f"{s['mu']:.1f} ({s['low']:.1f}–{s['high']:.1f})"
        lines.append(f"| {i} | {s['agent']} | {rating} | {s['games']} | {s['wins']:g} | {rate} | {score} |")
    lines += ["", "Head to head: how often the row's level placed ahead of the column's (ties half), "
              "95% Wilson interval, games.", "",
              "| | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    h2h = result["head_to_head"]
    for a in names:
        cells = []
        for b in names:
            cell = h2h[a].get(b) if a != b else None
            if cell is None or not cell["games"]:
                cells.append("–")
            else:
                low, high = wilson(cell["share"] * cell["games"], cell["games"])
                cells.append(f"{_pct(cell['share'])} ({_pct(low)}–{_pct(high)}, {cell['games']})")
        lines.append(f"| {a} | " + " | ".join(cells) + " |")
    lines += ["", "CPU time a decision (decisions with a choice):", "",
              "| level | decisions | mean | p95 | simulations a decision |", "|---|---:|---:|---:|---:|"]
    for a in names:
        c = result["cpu"][a]
        if not c["decisions"]:
            lines.append(f"| {a} | 0 | – | – | – |")
            continue
        sims = "" if c["simulations"] is None else f"{c['simulations']:.1f}"
        lines.append(f"| {a} | {c['decisions']} | {c['mean']:.3f} s | {c['p95']:.3f} s | {sims} |")
    if result["capped"]:
        lines += ["", f"{result['capped']} games stopped at the action cap (not rated)."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=["glory-to-rome", "trajan", "hadrians-wall"])
    parser.add_argument("--levels", default=",".join(LEVELS),
                        help=f"comma-separated levels or module:Class ({REFERENCE}: the reference)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20, help="games a pairing (rounded up to the players)")
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--ismcts-seconds", type=float, default=None,
                        help=f"the reference's CPU seconds a decision (default: {BUDGET_LEVEL}'s measured "
                             "mean; 0: no time limit)")
    parser.add_argument("--ismcts-simulations", type=int, default=100_000,
                        help="the reference's most simulations a decision")
    parser.add_argument("--ismcts-horizon", type=int, default=24,
                        help="actions a greedy rollout plays before the game's value is taken "
                             "(0: to the end)")
    parser.add_argument("--out", default=None, help="write the figures and every game as JSON")
    parser.add_argument("--jsonl", default=None,
                        help="append each game to this file as it ends (a long run stopped early keeps them; "
                             "run again, the same command plays only the games the file does not hold; "
                             "gzip-compressed if the name ends in .gz)")
    parser.add_argument("--from-jsonl", default=None, metavar="PATH",
                        help="play nothing: the figures of the games a --jsonl file holds")
    args = parser.parse_args(argv)
    if args.from_jsonl:
        result = from_jsonl(args.from_jsonl)
        command = f"python scripts/bot_ladder.py {args.game} --from-jsonl {args.from_jsonl}"
        print(markdown(result, command))
        print(f"\n{len(result['games'])} games")
        return 0
    names = [a.strip() for a in args.levels.split(",") if a.strip()]
    reference = Reference(args.ismcts_seconds or None, args.ismcts_simulations, args.ismcts_horizon or None)
    command = "python scripts/bot_ladder.py " + " ".join(sys.argv[1:] if argv is None else argv)
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), transient=True) as bar:
        task = bar.add_task(args.game, total=None)

        def progress(total: int, game: LadderGame | None) -> None:
            bar.update(task, total=total, advance=0 if game is None else 1)
            if game is not None and args.jsonl:
                with open_jsonl(args.jsonl, "at") as f:
                    f.write(json.dumps({"game_id": args.game, "game": game.game.to_json(), "cpu": game.cpu,
                                        "simulations": game.simulations}) + "\n")

        before: list[LadderGame] = []
        if args.jsonl:
            game_id, before = read_jsonl(args.jsonl)
            if before and game_id != args.game:
                raise SystemExit(f"{args.jsonl} holds games of {game_id}, not {args.game}")
        result = ladder(args.game, names, args.players, args.games, args.seed, args.jobs, reference,
                        args.ismcts_seconds is None, progress, before)
    result["command"] = command
    print(markdown(result, command))
    print(f"\n{len(result['games'])} games in {result['seconds']:.0f} s")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
