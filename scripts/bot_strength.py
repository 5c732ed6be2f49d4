"""Issue 18's bot-strength figures that are not a tournament: solo and co-op results, ranks,
the Solo Campaign, and what Glory to Rome bots build.

    .venv/bin/python scripts/bot_strength.py hw-solo --games 30 --jobs 2
    .venv/bin/python scripts/bot_strength.py hw-campaign --games 3 --jobs 2
    .venv/bin/python scripts/bot_strength.py for --games 40 --jobs 2
        [--players 1,2,3,4] [--levels easy,normal,hard]
    .venv/bin/python scripts/bot_strength.py gtr --games 20 --jobs 2
    .venv/bin/python scripts/bot_strength.py decisions --levels hard --games 1

``decisions`` times the decisions of one bot of the level among greedy bots at each game's
largest table (CPU time of ``act``, so another process on the machine does not count).

Each prints a Markdown table (and writes every game to ``--json``). Game ``i`` of a
configuration is seeded ``seed * 1_000_003 + i``; the bots of seat ``p`` get
``game_seed * 31 + p + 1`` as ``ludus simulate`` gives them, so any game can be replayed
with ``ludus play`` from its record. The competitive figures (hard against greedy) are
``ludus tournament`` runs: see docs/bots.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from rich.progress import Progress

from ludus import load
from ludus.agents import make_agent, play_game

Task = tuple[str, int, dict[str, Any], list[str], int]
"""game, players, options, agent per seat, game seed."""


def play(task: Task) -> dict[str, Any]:
    """Play one game; return what the tables need (in a worker process)."""
    game_id, players, options, names, seed = task
    game = load(game_id, players, **options)
    start = time.process_time()
    state, record = play_game(game.new_state(seed),
                              [make_agent(n, seed * 31 + p + 1) for p, n in enumerate(names)], seed=seed)
    row: dict[str, Any] = {"game": game_id, "players": players, "options": options, "agents": names,
                           "seed": seed, "length": len(record.actions),
                           "cpu_seconds": time.process_time() - start, "finished": record.stopped is None}
    if record.stopped is None:
        out = state.outcome()
        row.update(scores=list(out.scores), ranking=list(out.ranking), winners=list(out.winners),
                   coop_win=out.cooperative_win, termination=str(out.termination), reason=out.reason)
        details = out.details
        for key in ("rank", "goal", "challenge"):
            if key in details:
                row[key] = details[key]
        if game_id == "glory-to-rome":
            row["completed"] = [sum(1 for st in b if st.complete) for b in state.buildings]  # type: ignore[attr-defined]
            row["foundations"] = [len(b) for b in state.buildings]  # type: ignore[attr-defined]
    return row


def run(tasks: list[Task], jobs: int, label: str) -> Iterator[dict[str, Any]]:
    """The rows of ``tasks`` in order, played by ``jobs`` processes, with a progress bar."""
    with Progress(transient=True) as progress, ProcessPoolExecutor(jobs) as pool:
        bar = progress.add_task(label, total=len(tasks))
        for row in pool.map(play, tasks):
            progress.advance(bar)
            yield row


def seeds(base: int, games: int) -> range:
    return range(base * 1_000_003, base * 1_000_003 + games)


def hw_solo(args: argparse.Namespace) -> list[dict[str, Any]]:
    rows = []
    print("| level | difficulty | games | mean VP | ranks |")
    print("|---|---|---|---|---|")
    for level in args.levels:
        for difficulty in ("easy", "normal", "hard"):
            tasks = [("hadrians-wall", 1, {"difficulty": difficulty}, [level], s)
                     for s in seeds(args.seed, args.games)]
            got = list(run(tasks, args.jobs, f"{level} {difficulty}"))
            rows += got
            vp = [r["scores"][0] for r in got if r["finished"]]
            ranks = Counter(r["rank"] for r in got if r["finished"])
            shown = ", ".join(f"{k} {v}" for k, v in ranks.most_common())
            print(f"| {level} | {difficulty} | {len(got)} | {statistics.fmean(vp):.1f} | {shown} |",
                  flush=True)
    return rows


def hw_campaign(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Forts 1–16 in order, each with the previous fort's reward when its Challenge was met."""
    rows = []
    print("| level | campaign | goals met | challenges met | forts (G = goal, C = challenge, - = missed) |")
    print("|---|---|---|---|---|")
    for level in args.levels:
        for c in seeds(args.seed, args.games):
            reward = False
            marks = []
            goals = challenges = 0
            for fort in range(1, 17):
                task = ("hadrians-wall", 1,
                        {"difficulty": "normal", "campaign_fort": fort, "campaign_reward": reward}, [level],
                        c * 17 + fort)
                row = play(task)
                rows.append(row)
                goals += bool(row.get("goal"))
                challenges += bool(row.get("challenge"))
                marks.append("C" if row.get("challenge") else "G" if row.get("goal") else "-")
                reward = bool(row.get("challenge"))
            print(f"| {level} | {c} | {goals}/16 | {challenges}/16 | {''.join(marks)} |", flush=True)
    return rows


def fall_of_rome(args: argparse.Namespace) -> list[dict[str, Any]]:
    rows = []
    print("| level | difficulty | players | games | wins | win rate |")
    print("|---|---|---|---|---|---|")
    for level in args.levels:
        for difficulty in ("novice", "normal", "heroic"):
            for n in args.players:
                tasks = [("fall-of-rome", n, {"difficulty": difficulty}, [level] * n, s)
                         for s in seeds(args.seed, args.games)]
                got = list(run(tasks, args.jobs, f"{level} {difficulty} {n}p"))
                rows += got
                wins = sum(1 for r in got if r.get("coop_win"))
                print(f"| {level} | {difficulty} | {n} | {len(got)} | {wins} | {wins / len(got):.1%} |",
                      flush=True)
    return rows


def glory_to_rome(args: argparse.Namespace) -> list[dict[str, Any]]:
    rows = []
    print(
        "| seats | players | games | completed buildings a game (per seat) | foundations a game | endings |")
    print("|---|---|---|---|---|---|")
    for level in args.levels:
        for n in args.players:
            names = [level] * n
            tasks = [("glory-to-rome", n, {}, names, s) for s in seeds(args.seed, args.games)]
            got = list(run(tasks, args.jobs, f"{level} {n}p"))
            rows += got
            done = [r for r in got if r["finished"]]
            completed = statistics.fmean(sum(r["completed"]) for r in done)
            foundations = statistics.fmean(sum(r["foundations"]) for r in done)
            endings = Counter(r["termination"] for r in done) + Counter({"capped": len(got) - len(done)})
            shown = ", ".join(f"{k} {v}" for k, v in endings.most_common() if v)
            print(f"| {level} ×{n} | {n} | {len(got)} | {completed:.1f} ({completed / n:.1f}) | "
                  f"{foundations:.1f} | {shown} |", flush=True)
    return rows


class _Timed:
    """An agent whose decisions are timed (CPU time of this process)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.times: list[float] = []

    def act(self, state: Any, player: int) -> Any:
        start = time.process_time()
        action = self.inner.act(state, player)
        self.times.append(time.process_time() - start)
        return action

    def react(self, state: Any, player: int) -> Any:
        return self.inner.react(state, player)


def decisions(args: argparse.Namespace) -> list[dict[str, Any]]:
    """How long one bot of each level takes a decision at each game's largest table."""
    rows = []
    print("| level | game | players | decisions | mean | p95 | max |")
    print("|---|---|---|---|---|---|---|")
    for level in args.levels:
        for game_id in ("trajan", "glory-to-rome", "hadrians-wall", "fall-of-rome"):
            info = load(game_id).info
            n = info.max_players
            times: list[float] = []
            for seed in seeds(args.seed, args.games):
                timed = _Timed(make_agent(level, seed * 31 + 1))
                agents = [timed, *(make_agent("greedy", seed * 31 + p + 1) for p in range(1, n))]
                play_game(load(game_id, n).new_state(seed), agents, seed=seed)
                times += timed.times
            times.sort()
            rows.append({"level": level, "game": game_id, "players": n, "seconds": times})
            print(f"| {level} | {game_id} | {n} | {len(times)} | {statistics.fmean(times):.2f} s | "
                  f"{times[int(len(times) * 0.95)]:.2f} s | {times[-1]:.2f} s |", flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("study", choices=["hw-solo", "hw-campaign", "for", "gtr", "decisions"])
    parser.add_argument("--games", type=int, default=20,
                        help="games per configuration (campaigns for hw-campaign)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--levels", default="hard", help="comma-separated agents (default hard)")
    parser.add_argument("--players", default=None, help="comma-separated player counts")
    parser.add_argument("--json", default=None, help="write every game's row here")
    args = parser.parse_args(argv)
    args.levels = args.levels.split(",")
    default_players = {"for": "1,2,3,4", "gtr": "2,3,4"}.get(args.study, "1")
    args.players = [int(n) for n in (args.players or default_players).split(",")]
    study = {"hw-solo": hw_solo, "hw-campaign": hw_campaign, "for": fall_of_rome, "gtr": glory_to_rome,
             "decisions": decisions}[args.study]
    start = time.perf_counter()
    rows = study(args)
    print(f"\n{len(rows)} games in {time.perf_counter() - start:.0f} s; command: "
          f"python scripts/bot_strength.py {' '.join(sys.argv[1:] if argv is None else argv)}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
