"""Compare ``ludus bench`` of two checkouts side by side, interleaved in one run.

    python scripts/bench_compare.py --old ../baseline/src --new src --rounds 3 --seconds 2

Each round runs, for every game and player count, ``ludus bench`` of the old
checkout and then of the new one, each in a fresh process (CPU time, one core),
so a busy moment of the machine hits both sides alike. The table gives the
medians and the new/old ratio of actions/s and clones/s.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

GAMES = {"fall-of-rome": (1, 2, 3, 4, 5), "glory-to-rome": (2, 3, 4, 5), "hadrians-wall": (1, 2, 3, 4, 5, 6),
         "trajan": (2, 3, 4)}
_RUN = "import sys; sys.path.insert(0, sys.argv.pop(1)); from ludus.cli import main; sys.exit(main(sys.argv[1:]))"


def bench(src: Path, game: str, players: int, seconds: float) -> dict[str, float]:
    """One ``ludus bench --json`` of the checkout whose ``src`` folder is ``src``."""
    out = subprocess.run(
        [sys.executable, "-c", _RUN, str(src), "bench", game, "--players", str(players), "--seconds", str(seconds),
         "--json"], capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(out.stdout)["results"][0]
    return result


def main(argv: list[str] | None = None) -> int:
    """Run the comparison and print one line per game and player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, required=True, help="the old checkout's src folder")
    parser.add_argument("--new", type=Path, default=Path("src"), help="the new checkout's src folder")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("games", nargs="*", default=sorted(GAMES))
    args = parser.parse_args(argv)
    for src in (args.old, args.new):
        if not (src / "ludus" / "__init__.py").exists():
            print(f"bench_compare: {src} is not a src folder holding ludus", file=sys.stderr)
            return 2
    print("| game | players | old actions/s | new actions/s | ratio | old clones/s | new clones/s | ratio |")
    print("|---|---|---|---|---|---|---|---|")
    for game in args.games:
        for players in GAMES[game]:
            old: list[dict[str, float]] = []
            new: list[dict[str, float]] = []
            for _ in range(args.rounds):
                old.append(bench(args.old, game, players, args.seconds))
                new.append(bench(args.new, game, players, args.seconds))
            cells = []
            for key in ("actions_per_s", "clones_per_s"):
                a = statistics.median(r[key] for r in old)
                b = statistics.median(r[key] for r in new)
                cells += [f"{a:,.0f}", f"{b:,.0f}", f"{b / a:.2f}×"]
            print(f"| {game} | {players} | " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
