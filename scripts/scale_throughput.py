"""How ``ludus simulate`` scales: one batch on the local pool at 1 and 2 jobs and on Ray with 2 workers.

    python scripts/scale_throughput.py -n 1000            # 1,000 greedy Hadrian's Wall 2p games each
    python scripts/scale_throughput.py -n 200 --game trajan --agents greedy,random

In one run, the same seeded batch is played three times, each in a fresh Python
process (so each one's peak memory is its own): ``local`` with ``--jobs 1``,
``local`` with ``--jobs 2``, and ``ray`` on a local Ray started with 2 CPUs (its
start-up is timed apart: a cluster is started once for many batches). Every
result goes through the streaming :class:`~ludus.sim.simulate.Summarizer` only,
as ``ludus simulate`` does. The table gives games/s, the ratio to one local job,
the games that ended unfinished (capped or error: none lost), and the peak RSS of
the driver process and of its largest child (a pool worker; for Ray, the largest
reaped Ray process). Needs the ``scale`` extra.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time

CONFIGS = (("local", 1), ("local", 2), ("ray", 2))


def one(args: argparse.Namespace) -> dict[str, object]:
    """Play the batch on one backend (in this process) and measure it."""
    from ludus.sim.backends import start_ray
    from ludus.sim.simulate import Summarizer, run_games

    agents = args.agents.split(",")
    start_up = 0.0
    if args.backend == "ray":
        begin = time.perf_counter()
        start_ray(args.jobs)
        start_up = time.perf_counter() - begin
    begin = time.perf_counter()
    summary = Summarizer(args.players)
    for result in run_games(args.game, args.n, args.players, agents, {}, args.jobs, args.seed,
                            backend=args.backend):
        summary.add(result)
    seconds = time.perf_counter() - begin
    if args.backend == "ray":
        import ray

        ray.shutdown()
    return {"backend": args.backend, "jobs": args.jobs, "games": summary.games, "seconds": seconds,
            "start_up": start_up, "capped": summary.capped_count, "errors": summary.error_count,
            "rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "child_rss_mib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-n", type=int, default=1000, help="games per backend (default 1000)")
    parser.add_argument("--game", default="hadrians-wall")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--agents", default="greedy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--backend", help=argparse.SUPPRESS)  # one measurement, in a child process
    parser.add_argument("--jobs", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.backend:
        print(json.dumps(one(args)))
        return
    rows = []
    for backend, jobs in CONFIGS:
        command = [sys.executable, __file__, "-n", str(args.n), "--game", args.game, "--players",
                   str(args.players), "--agents", args.agents, "--seed", str(args.seed), "--backend", backend,
                   "--jobs", str(jobs)]
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        rows.append(json.loads(done.stdout.strip().splitlines()[-1]))
    base = rows[0]["games"] / rows[0]["seconds"]  # type: ignore[operator]
    print(f"{args.n} games of {args.game} {args.players}p, agents {args.agents}, seed {args.seed}\n")
    print("| backend | workers | games | seconds | games/s | × 1 local job | unfinished | peak RSS driver "
          "| peak RSS largest child |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        rate = r["games"] / r["seconds"]
        start = f" (+{r['start_up']:.1f} s start)" if r["backend"] == "ray" else ""
        print(f"| {r['backend']} | {r['jobs']} | {r['games']} | {r['seconds']:.1f}{start} | {rate:.1f} "
              f"| {rate / base:.2f} | {r['capped'] + r['errors']} | {r['rss_mib']:.0f} MiB "
              f"| {r['child_rss_mib']:.0f} MiB |")


if __name__ == "__main__":
    main()
