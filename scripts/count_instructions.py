"""Compare two checkouts by the instructions random games cost, counted by valgrind's callgrind.

    python scripts/count_instructions.py --old ../before-34/src --new src glory-to-rome --players 3

On a machine whose timings move by 10–30% from run to run (a shared VM), ``bench_compare.py``
cannot tell a few percent apart; an instruction count can. For each side this runs the
workload of ``ludus bench`` (``--games`` seeded random games, the first seat to move taking a
uniform legal action) under ``valgrind --tool=callgrind`` and once with no game, and counts the
difference, so start-up and imports are left out. Both trees are byte-compiled first, so that
neither run pays for compiling. It needs Debian's ``valgrind`` (``apt-get install valgrind``).
Prints the two counts and old/new (above 1: the new tree costs fewer instructions).
"""

from __future__ import annotations

import argparse
import compileall
import re
import subprocess
import sys
from pathlib import Path

_RUN = """
import sys
sys.path.insert(0, sys.argv[1])
import ludus
from ludus.core.rng import Rng
game = ludus.load(sys.argv[2], int(sys.argv[3]))
rng = Rng(0)
for seed in range(int(sys.argv[4])):
    state = game.new_state(seed)
    while not state.is_terminal():
        legal = state.legal_actions(state.to_move()[0])
        state.apply(legal[rng.randbelow(len(legal))])
"""


def instructions(src: Path, game: str, players: int, games: int) -> int:
    """Instructions of ``games`` random games in the tree ``src``, less those of none."""
    counts = []
    for n in (0, games):
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", _RUN,
             str(src), game, str(players), str(n)],
            capture_output=True, text=True, check=True,
        )
        found = re.search(r"Collected\s*:\s*([\d,]+)", done.stderr)
        if found is None:
            raise SystemExit(f"count_instructions: no count in valgrind's output: {done.stderr[-300:]}")
        counts.append(int(found.group(1).replace(",", "")))
    return counts[1] - counts[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", type=Path, required=True, help="the old checkout's src folder")
    parser.add_argument("--new", type=Path, default=Path("src"), help="the new checkout's src folder")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=10, help="seeded random games (default 10)")
    parser.add_argument("game", help="a game id, e.g. glory-to-rome")
    args = parser.parse_args()
    for src in (args.old, args.new):
        compileall.compile_dir(src, quiet=1)
    old = instructions(args.old, args.game, args.players, args.games)
    new = instructions(args.new, args.game, args.players, args.games)
    print(f"{args.game} {args.players}p, {args.games} games: old {old:,} new {new:,} "
          f"old/new {old / new:.3f}x")


if __name__ == "__main__":
    main()
