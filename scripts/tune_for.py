"""Tune the weights of Fall of Rome's team value by simulation (issue 32): CMA-ES through ``cma``
(``pip install 'ludus[tune]'``).

    .venv/bin/python scripts/tune_for.py --generations 6 --popsize 8 --games 24 --jobs 2 \
        --players 1,2 --difficulty novice,normal --out docs/tuning/fall-of-rome.json

Each candidate is a set of weights (multiplicative changes of the current ones, on a log scale, so
every weight keeps its sign); it plays ``--games`` games of the greedy bot with those weights at each
player count and difficulty. The games of one generation share their seeds, so candidates are compared
on the same deals and dice (common random numbers); each generation draws new seeds from the tuning
range (7_000_000 and up), which the figures reported in docs/bots.md (``scripts/for_team.py``, seed
32: 32_000_096 and up) never use. A game's worth: 1 for a win, plus 0.1 for each tribe no longer a
threat (allied, or no cube on the board) — a signal where wins are rare. The JSON written holds every
candidate's weights and worth, the mean of the search distribution (CMA-ES's estimate of the best weights)
after each generation, and the command.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import cma  # type: ignore[import-untyped]
from rich.progress import Progress

from ludus import load
from ludus.agents import GreedyAgent, play_game
from ludus.games.fall_of_rome import heuristic

TUNED = ("progress", "progress_power", "race", "urgency", "meet", "decline", "supply_risk", "three_cubes")
"""The weights tuned (the others keep their values)."""

Job = tuple[dict[str, float], int, str, int]


def worth(job: Job) -> float:
    """One game of the greedy bot with ``weights``: its worth (in a worker process)."""
    weights, players, difficulty, seed = job
    heuristic.WEIGHTS = dataclasses.replace(heuristic.Weights(), **weights)
    game = load("fall-of-rome", players, difficulty=difficulty)
    state, _ = play_game(game.new_state(seed), [GreedyAgent(seed * 31 + p + 1) for p in range(players)],
                         seed=seed)
    out = state.outcome()
    return float(bool(out.cooperative_win)) + 0.1 * float(out.details["tribes_subdued"])


def weights_of(x: list[float], base: heuristic.Weights) -> dict[str, float]:
    """The candidate ``x`` (log factors; a weight at 0 moves additively) as weights."""
    out = {}
    for name, v in zip(TUNED, x, strict=True):
        b = getattr(base, name)
        out[name] = b * math.exp(v) if b else max(0.0, v * 4.0)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--generations", type=int, default=6)
    parser.add_argument("--popsize", type=int, default=8)
    parser.add_argument("--games", type=int, default=24,
                        help="games per candidate, player count and difficulty")
    parser.add_argument("--players", default="1,2")
    parser.add_argument("--difficulty", default="novice")
    parser.add_argument("--sigma", type=float, default=0.3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", default="docs/tuning/fall-of-rome.json")
    args = parser.parse_args(argv)
    base = heuristic.Weights()
    x0 = [0.0 if getattr(base, n) else 0.25 for n in TUNED]
    es = cma.CMAEvolutionStrategy(x0, args.sigma, {"popsize": args.popsize, "seed": args.seed, "verbose": -9})
    history: list[dict[str, Any]] = []
    cells = [(int(n), d) for n in args.players.split(",") for d in args.difficulty.split(",")]
    begin = time.time()
    with ProcessPoolExecutor(args.jobs) as pool, Progress() as progress:
        for gen in range(args.generations):
            xs = es.ask()
            first = args.seed * 1_000_000 + gen * args.games
            seeds = range(first, first + args.games)
            candidates = [weights_of(list(x), base) for x in xs]
            jobs = [(w, n, d, s) for w in candidates for n, d in cells for s in seeds]
            bar = progress.add_task(f"generation {gen + 1}", total=len(jobs))
            results = []
            for r in pool.map(worth, jobs):
                results.append(r)
                progress.advance(bar)
            per = len(cells) * args.games
            means = [sum(results[i * per:(i + 1) * per]) / per for i in range(len(xs))]
            es.tell(xs, [-m for m in means])
            for w, m in zip(candidates, means, strict=True):
                history.append({"generation": gen, "weights": w, "worth": m})
            best = max(range(len(xs)), key=lambda i: means[i])
            print(f"generation {gen + 1}: best {means[best]:.3f}, mean {sum(means) / len(means):.3f}",
                  flush=True)
            mean_weights = weights_of(list(es.result.xfavorite), base)
            out = {"tuned": list(TUNED), "base": dataclasses.asdict(base), "mean_weights": mean_weights,
                   "generations": gen + 1, "history": history, "seconds": time.time() - begin,
                   "command": "python " + " ".join(sys.argv)}
            Path(args.out).parent.mkdir(parents=True, exist_ok=True)
            # after every generation: a run may be cut short
            Path(args.out).write_text(json.dumps(out, indent=1))
    print(json.dumps(mean_weights, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
