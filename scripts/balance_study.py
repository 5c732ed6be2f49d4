"""The committed balance study of one game, reproducible from this one command (issue 20).

    python scripts/balance_study.py trajan --jobs 2            # the whole study (hours for some games)
    python scripts/balance_study.py hadrians-wall --quick --jobs 1 --only solo-greedy-easy
    python scripts/balance_study.py fall-of-rome --report-only # report, figures, summary from the data

Each run of the game's plan (:func:`plan`) is one ``ludus simulate`` command, played in a
child process of its own (``python -m ludus simulate … --out RUN.parquet``), so the peak RSS
of the run, its pool workers included, is the child's (``os.wait4``). Its rows go to
``docs/balance/data/<game>/<run>.parquet``; what each run measured (its command, seconds,
peak RSS) to ``runs.json`` beside them. Then ``ludus report`` writes ``docs/balance/<game>.html``
and every figure as ``docs/images/balance/<game>/<nn>-<section>.svg`` (with ``figures.json``),
and the script prints a Markdown summary on stdout (the runs, win rate by seat with 95%
intervals, co-op win rate by difficulty × players, solo rank distribution), the body of
``docs/balance/<game>.md``. The runs' own output goes to stderr.

Plans count games (seeds × seatings). The competitive runs rotate the seats, but self-play has
a single seating (``--rotate-seats`` would change nothing and is left out of its command), so a
self-play run plays as many seeds as games: the 2-player greedy run is 10,000 seeds. Each
run's ``--seed`` is its place in the plan + 1. ``--quick`` divides every count by 50 (at least
one game; it writes under ``build/balance-quick/`` unless ``--root`` is given),
``--games-scale F`` multiplies them.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("trajan", "glory-to-rome", "hadrians-wall", "fall-of-rome")
KEY_FIGURES = ("win-rate-by-seat", "win-rate-by-difficulty", "solo-ranks", "game-length",
               "how-the-games-ended")
"""The figures the summary shows as images (competitive games: win rate by seat too); the others are links."""


@dataclass(frozen=True)
class Run:
    """One ``ludus simulate`` run of a study."""

    name: str
    players: int
    agents: tuple[str, ...]
    games: int
    """Games to play (seeds × seatings)."""
    seed: int
    options: dict[str, str] = field(default_factory=dict)
    rotate: bool = False

    def seatings(self) -> int:
        """How many seatings each seed is played in (``--rotate-seats``)."""
        from ludus.sim.simulate import seatings

        return len(seatings(list(self.agents), self.players, self.rotate))

    def seeds(self) -> int:
        """The ``-n`` of the command: enough seeds for :attr:`games`."""
        return max(1, math.ceil(self.games / self.seatings()))

    def command(self, game: str, out: Path, jobs: int) -> list[str]:
        """The ``ludus simulate`` words of this run."""
        words = ["simulate", game, "--players", str(self.players), "--agents", ",".join(self.agents),
                 "-n", str(self.seeds()), "--seed", str(self.seed), "--jobs", str(jobs), "--out", str(out)]
        for key, value in sorted(self.options.items()):
            words += ["--option", f"{key}={value}"]
        if self.rotate and self.seatings() > 1:  # self-play has one seating: the flag would change nothing
            words.append("--rotate-seats")
        return words


def plan(game: str, quick: bool = False, scale: float = 1.0) -> list[Run]:
    """The runs of ``game``'s study, in order (``--seed`` = place + 1), their counts cut by ``quick``
    (÷ 50) and multiplied by ``scale``."""
    specs: list[tuple[str, int, tuple[str, ...], int, dict[str, str], bool]] = []
    if game == "trajan":
        specs += [(f"greedy-{p}p", p, ("greedy",), n, {}, True)
                  for p, n in ((2, 10_000), (3, 2_100), (4, 1_000))]
        specs.append(("hard-2p", 2, ("hard",), 40, {}, True))
    elif game == "glory-to-rome":
        specs += [(f"greedy-{p}p", p, ("greedy",), n, {}, True)
                  for p, n in ((2, 10_000), (3, 900), (4, 1_200), (5, 1_500))]
        specs.append(("hard-2p", 2, ("hard",), 40, {}, True))
    elif game == "hadrians-wall":
        specs += [(f"greedy-{p}p", p, ("greedy",), 10_000 if p == 2 else 200 * p, {}, True)
                  for p in range(2, 7)]
        specs += [(f"solo-greedy-{d}", 1, ("greedy",), 300, {"difficulty": d}, False)
                  for d in ("easy", "normal", "hard")]
        specs += [(f"solo-hard-{d}", 1, ("hard",), 20, {"difficulty": d}, False)
                  for d in ("easy", "normal", "hard")]
        # No hard self-play: at 2 players hard is weaker than greedy (docs/bots.md), so greedy is the
        # strongest bot.
    elif game == "fall-of-rome":
        specs += [(f"greedy-{d}-{p}p", p, ("greedy",), 40, {"difficulty": d}, False)
                  for d in ("novice", "normal", "heroic") for p in range(1, 6)]
        specs.append(("random-normal-1p", 1, ("random",), 10_000, {"difficulty": "normal"}, False))
        specs.append(("hard-normal-1p", 1, ("hard",), 10, {"difficulty": "normal"}, False))
    else:
        raise SystemExit(f"no study plan for {game!r} (games: {', '.join(GAMES)})")

    def count(n: int) -> int:
        return max(1, round((n // 50 if quick else n) * scale))

    return [Run(name, players, agents, count(n), i + 1, options, rotate)
            for i, (name, players, agents, n, options, rotate) in enumerate(specs)]


# --- running ------------------------------------------------------------------------------
def play(game: str, run: Run, out: Path, jobs: int) -> dict[str, Any]:
    """Play ``run`` in a child process (its output on stderr); what it took: seconds, peak RSS, exit code."""
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(f"{out.stem}.partial.parquet")  # renamed to ``out`` once the run has finished
    words = run.command(game, partial, jobs)
    print(f"== {run.name}: ludus {' '.join(words)}", file=sys.stderr, flush=True)
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "ludus", *words], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
    assert child.stdout is not None
    for line in child.stdout:  # the run's own words, passed on to stderr
        print(line, end="", file=sys.stderr, flush=True)
    child.stdout.close()
    _pid, status, usage = os.wait4(child.pid, 0)  # the child's peak RSS, its reaped workers included
    child.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.perf_counter() - start
    shown = ["ludus", *(out.name if w == str(partial) else w for w in words)]
    if child.returncode == 0:
        partial.replace(out)
    return {"command": " ".join(shown), "seeds": run.seeds(), "games": run.seeds() * run.seatings(),
            "seconds": round(seconds, 1), "peak_rss_mib": round(usage.ru_maxrss / 1024, 1),
            "exit": child.returncode}


def paths(root: Path, game: str) -> dict[str, Path]:
    """Where the study of ``game`` goes under ``root``."""
    return {"data": root / "docs" / "balance" / "data" / game,
            "report": root / "docs" / "balance" / f"{game}.html",
            "figures": root / "docs" / "images" / "balance" / game}


# --- the summary --------------------------------------------------------------------------
def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _rate(k: float, n: int) -> str:
    from ludus.sim.report_data import wilson

    if not n:
        return "–"
    low, high = wilson(k, n)
    return f"{_pct(k / n)} [{_pct(low)}–{_pct(high)}]"


def summary(game: str, runs: list[Run], where: dict[str, Path], measured: dict[str, Any],
            command: str) -> str:
    """The Markdown summary of the study's data: runs, win rate by seat, co-op grid, solo ranks, figures."""
    from ludus.core.registry import load
    from ludus.sim.report_data import aggregate

    info = load(game).info
    files = [where["data"] / f"{r.name}.parquet" for r in runs
             if (where["data"] / f"{r.name}.parquet").is_file()]
    lines = [f"# {info.title}: balance study", "",
             f"Made by `{command}`: data in `{_rel(where['data'])}/`, the report `{_rel(where['report'])}`, "
             f"the figures in `{_rel(where['figures'])}/`.", "",
             "## Runs", "",
             "| run | command | games | unfinished | how the games ended | seconds | peak RSS |",
             "|---|---|---:|---:|---|---:|---:|"]
    for r in runs:
        path = where["data"] / f"{r.name}.parquet"
        if not path.is_file():
            continue
        agg = aggregate([path])
        ended: Counter[str] = Counter()
        for g in agg.groups.values():
            ended.update(g.terminations)
        m = measured.get(r.name, {})
        unfinished = sum(g.unfinished for g in agg.groups.values())
        rss = f"{m['peak_rss_mib']:.0f} MiB" if "peak_rss_mib" in m else "–"
        seconds = f"{m['seconds']:.0f}" if "seconds" in m else "–"
        how = ", ".join(f"{k} {v:,}" for k, v in sorted(ended.items()))
        lines.append(f"| {r.name} | `{m.get('command', '')}` | {agg.rows:,} | {unfinished} | {how} | "
                     f"{seconds} | {rss} |")
    if not files:
        return "\n".join(lines) + "\n"
    agg = aggregate(files)
    groups = list(agg.groups.values())
    competitive = [g for g in groups if g.players > 1 and not g.coop_games and not info.cooperative]
    if competitive:
        most = max(g.players for g in competitive)
        lines += ["", "## Win rate by seat (95% Wilson intervals, ties split)", "",
                  "| players | agents | games | " + " | ".join(f"seat {p}" for p in range(most)) + " |",
                  "|---:|---|---:|" + "---|" * most]
        for g in sorted(competitive, key=lambda g: (g.players, g.agents)):
            n, wins = g.win_games(), g.win_counts()
            cells = [_rate(wins[p], n) if p < g.players else "" for p in range(most)]
            agents = f"{g.agents[0]} (self-play)" if len(set(g.agents)) == 1 else ", ".join(g.agents)
            lines.append(f"| {g.players} | {agents} | {n:,} | " + " | ".join(cells) + " |")
    coop = [g for g in groups if info.cooperative or g.coop_games or g.players == 1]
    default = next((str(o.default) for o in info.options if o.name == "difficulty"), "")
    order = next(([str(c) for c in o.choices or ()] for o in info.options if o.name == "difficulty"), [])
    for agents in sorted({g.agents[0] for g in coop}):
        mine = [g for g in coop if g.agents[0] == agents]
        cells: dict[tuple[str, int], list[float]] = {}
        ranks: dict[str, Counter[str]] = {}
        for g in mine:
            d = str(g.options.get("difficulty", default))
            cell = cells.setdefault((d, g.players), [0.0, 0])
            cell[0] += g.win_counts()[0]
            cell[1] += g.win_games()
            if g.ranks:
                ranks.setdefault(d, Counter()).update(g.ranks)
        levels = sorted({d for d, _p in cells},
                        key=lambda d: (order.index(d) if d in order else len(order), d))
        counts = sorted({p for _d, p in cells})
        lines += ["", f"## Win rate by difficulty × players: {agents} (wins/games, rate [95% interval])", "",
                  "| difficulty | " + " | ".join(f"{p}p" for p in counts) + " |",
                  "|---|" + "---|" * len(counts)]
        for d in levels:
            said = [f"{cells[(d, p)][0]:.0f}/{int(cells[(d, p)][1])} = "
                    f"{_rate(cells[(d, p)][0], int(cells[(d, p)][1]))}"
                    if (d, p) in cells else "" for p in counts]
            lines.append(f"| {d} | " + " | ".join(said) + " |")
        if ranks:
            lines += ["", f"## Solo rank distribution by difficulty: {agents}", "",
                      "| rank | " + " | ".join(d for d in levels if d in ranks) + " |",
                      "|---|" + "---:|" * len([d for d in levels if d in ranks])]
            for rank in _ranks(game, ranks):
                row = []
                for d in levels:
                    if d in ranks:
                        total = sum(ranks[d].values())
                        row.append(f"{ranks[d][rank]} ({_pct(ranks[d][rank] / total)})")
                lines.append(f"| {rank} | " + " | ".join(row) + " |")
    index = where["figures"] / "figures.json"
    if index.is_file():
        up = os.path.relpath(where["figures"], where["report"].parent)
        key = set(KEY_FIGURES) - ({"win-rate-by-seat"} if info.cooperative else set())
        shown, others = [], []
        for f in json.loads(index.read_text(encoding="utf-8"))["figures"]:
            alt = f["section"] + (f": {f['group']}" if f["group"] else "")
            # a solo game's "seat" is its result
            if f["slug"] in key and not f["group"].startswith("1 player "):
                shown += [f"![{alt}]({up}/{f['file']})", "", f"*{f['caption']}*", ""]
            else:
                others.append(f"- [{f['number']}. {alt}]({up}/{f['file']})")
        lines += ["", "## Figures", "", *shown]
        if others:
            lines += [f"The other figures ([the full report]({where['report'].name})):", "", *others]
    return "\n".join(lines).rstrip() + "\n"


def _ranks(game: str, seen: dict[str, Counter[str]]) -> list[str]:
    """The solo ranks in the game's order (lowest first), then any others seen."""
    known: list[str] = []
    if game == "hadrians-wall":
        from ludus.games.hadrians_wall.components import SOLO_RANKS

        known = [names["en"] for _minimum, names in SOLO_RANKS]
    others = sorted({r for c in seen.values() for r in c} - set(known))
    return known + others


def _rel(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


# --- the command --------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes per run (default 2)")
    parser.add_argument("--quick", action="store_true", help="every count ÷ 50, for testing (under build/)")
    parser.add_argument("--games-scale", type=float, default=1.0, metavar="F", help="every count × F")
    parser.add_argument("--only", action="append", default=[], metavar="RUN",
                        help="(re)run only RUN (repeatable)")
    parser.add_argument("--skip-existing", action="store_true",
                        help="keep the runs whose Parquet file exists")
    parser.add_argument("--report-only", action="store_true",
                        help="no runs: report, figures, summary from the data")
    parser.add_argument("--root", type=Path, help="where docs/ is written (default: this repository)")
    args = parser.parse_args(argv)
    if not 1 <= args.jobs <= 2 ** 8:
        parser.error("--jobs must be between 1 and 256")
    if args.games_scale <= 0:
        parser.error("--games-scale must be positive")
    runs = plan(args.game, args.quick, args.games_scale)
    names = [r.name for r in runs]
    unknown = [n for n in args.only if n not in names]
    if unknown:
        parser.error(f"no run {', '.join(unknown)} in the {args.game} plan (runs: {', '.join(names)})")
    root = args.root or (ROOT / "build" / "balance-quick" if args.quick else ROOT)
    where = paths(root.resolve(), args.game)
    ledger = where["data"] / "runs.json"
    measured: dict[str, Any] = json.loads(ledger.read_text(encoding="utf-8")) if ledger.is_file() else {}
    failed = []
    if not args.report_only:
        for run in runs:
            out = where["data"] / f"{run.name}.parquet"
            if (args.only and run.name not in args.only) or (args.skip_existing and out.is_file()):
                continue
            measured[run.name] = play(args.game, run, out, args.jobs)
            if measured[run.name]["exit"] != 0:
                failed.append(run.name)
            ledger.write_text(json.dumps(measured, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    files = [where["data"] / f"{r.name}.parquet" for r in runs
             if (where["data"] / f"{r.name}.parquet").is_file()]
    if files:
        from ludus.core.i18n import get_lang
        from ludus.sim.report import write_report

        where["report"].parent.mkdir(parents=True, exist_ok=True)
        write_report(files, where["report"], get_lang("en"), figures=where["figures"])
        print(f"== wrote {where['report']} and {where['figures']}/", file=sys.stderr)
    words = ["python", "scripts/balance_study.py", args.game, "--jobs", str(args.jobs)]
    words += ["--quick"] if args.quick else []
    words += ["--games-scale", f"{args.games_scale:g}"] if args.games_scale != 1.0 else []
    print(summary(args.game, runs, where, measured, " ".join(words)), end="")
    if failed:
        print(f"== runs that failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
