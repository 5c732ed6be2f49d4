"""Fall of Rome team-bot figures (issue 32): win rates with Wilson 95% intervals, and how the games go.

    .venv/bin/python scripts/for_team.py --level hard --players 1,2,4 --difficulty novice,normal,heroic \
        --games 200 --seed 32 --jobs 2 [--caput] [--json out.json]

Game ``i`` of a cell is seeded ``seed * 1_000_003 + i`` (the reported figures use seeds the tuning never
saw: tuning uses ``scripts/tune_for.py``'s seeds, 7_000_000 and up). Each row of the Markdown table:
wins, the win rate and its Wilson 95% interval, alliances a game, the turn of the first alliance
(median), city cards lost to the hand limit a game, hand-overs (Plot between two pawns) a game, events
played out of turn a game, the 95th percentile and the longest of the bots' decisions (CPU seconds of
``act``, and of ``react`` when it played), and how the lost games ended.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bot_strength import _Timed  # scripts/ is on the path when this script runs
from rich.progress import Progress

from ludus import load
from ludus.agents import make_agent, play_game
from ludus.core.actions import Action
from ludus.core.events import Event
from ludus.sim.stats import wilson

Task = tuple[str, int, str, bool, int, str]
"""level, players, difficulty, Roma Caput Mundi, game seed, weights (``name=value,...``, tuning only)."""


class Timed(_Timed):
    """An agent whose decisions (``act``, and ``react`` when it plays) are timed in CPU seconds."""

    def react(self, state: Any, player: int) -> Any:
        start = time.process_time()
        action = self.inner.react(state, player)
        if action is not None:
            self.times.append(time.process_time() - start)
        return action


def play(task: Task) -> dict[str, Any]:
    """One game; its figures (in a worker process)."""
    level, players, difficulty, caput, seed, weights = task
    if weights:
        import dataclasses

        from ludus.games.fall_of_rome import heuristic

        changes = {k: float(v) for k, v in (kv.split("=") for kv in weights.split(","))}
        heuristic.WEIGHTS = dataclasses.replace(heuristic.WEIGHTS, **changes)
    game = load("fall-of-rome", players, difficulty=difficulty, roma_caput_mundi=caput)
    state = game.new_state(seed)
    stats: Counter[str] = Counter()
    first_alliance: list[int] = []
    turn = [0]

    def on_action(action: Action, events: list[Event]) -> None:
        for e in events:
            kind = e.kind
            if kind == "turn":
                turn[0] += 1
            elif kind == "alliance":
                stats["alliances"] += 1
                if not first_alliance:
                    first_alliance.append(turn[0])
            elif kind == "hand_limit":
                stats["hand_limit"] += 1
            elif kind == "plot":
                stats["plots"] += 1
            elif kind == "sack":
                stats["sacks"] += 1
        if action.verb == "play":
            stats["events"] += 1
            if players > 1 and action.player != state.cur:  # type: ignore[attr-defined]
                stats["off_turn_events"] += 1

    start = time.process_time()
    agents = [Timed(make_agent(level, seed * 31 + p + 1)) for p in range(players)]
    final, record = play_game(state, agents, seed=seed, on_action=on_action)
    out = final.outcome()
    return {"level": level, "players": players, "difficulty": difficulty, "caput": caput, "seed": seed,
            "win": bool(out.cooperative_win), "reason": out.reason, "turns": turn[0],
            "first_alliance": first_alliance[0] if first_alliance else None,
            "cpu_seconds": time.process_time() - start, "length": len(record.actions),
            "decisions": [t for a in agents for t in a.times], **stats}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--players", default="1,2,4")
    parser.add_argument("--difficulty", default="novice,normal,heroic")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=32)
    parser.add_argument("--start", type=int, default=0, help="skip the seed range's first START games")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--caput", action="store_true", help="Roma Caput Mundi")
    parser.add_argument("--json", help="write every game here")
    parser.add_argument("--weights", default="", help="tuning only: NAME=VALUE,... of the value's weights")
    args = parser.parse_args(argv)
    rows: list[dict[str, Any]] = []
    print("| level | difficulty | players | games | wins | win rate (95% CI) | alliances | first alliance "
          "(turn) | hand-limit losses | hand-overs | events out of turn | decision p95 / max (s CPU) | "
          "losses by |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|")
    begin = time.time()
    for difficulty in args.difficulty.split(","):
        for n in (int(x) for x in args.players.split(",")):
            tasks = [(args.level, n, difficulty, args.caput, s, args.weights)
                     for s in range(args.seed * 1_000_003 + args.start,
                                    args.seed * 1_000_003 + args.start + args.games)]
            with Progress(transient=True) as progress, ProcessPoolExecutor(args.jobs) as pool:
                bar = progress.add_task(f"{args.level} {difficulty} {n}p", total=len(tasks))
                got = []
                for row in pool.map(play, tasks):
                    got.append(row)
                    progress.advance(bar)
            rows += got
            wins = sum(r["win"] for r in got)
            lo, hi = wilson(wins, len(got))
            firsts = [r["first_alliance"] for r in got if r["first_alliance"] is not None]

            def mean(key: str, got: list[dict[str, Any]] = got) -> float:
                return statistics.fmean(r.get(key, 0) for r in got)

            times = sorted(t for r in got for t in r["decisions"])
            p95, worst = times[int(0.95 * (len(times) - 1))], times[-1]
            losses = Counter(r["reason"].split(":")[0] for r in got if not r["win"])
            shown = ", ".join(f"{k} {v}" for k, v in losses.most_common())
            print(f"| {args.level} | {difficulty}{' (RCM)' if args.caput else ''} | {n} | {len(got)} | "
                  f"{wins} | **{wins / len(got):.1%}** ({lo:.1%}–{hi:.1%}) | {mean('alliances'):.2f} "
                  f"| {statistics.median(firsts) if firsts else '–'} | {mean('hand_limit'):.1f} "
                  f"| {mean('plots'):.2f} | {mean('off_turn_events'):.2f} | {p95:.2f} / {worst:.2f} | "
                  f"{shown} |", flush=True)
    print(f"\n{len(rows)} games in {time.time() - begin:.0f} s; command: python {' '.join(sys.argv)}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
