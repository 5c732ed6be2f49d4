"""Compare ``ludus bench`` of two checkouts side by side, interleaved in one run.

    python scripts/bench_compare.py --old ../baseline/src --new src --rounds 5 --games 40

Each round plays, for every game and player count, the same fixed workload on the
old checkout and then on the new one, each in a fresh process: ``--games`` seeded
random games (the policy of ``ludus bench``: the first seat to move takes a
uniform legal action), then clones of states sampled along them. Behaviour is the
same on both sides (the golden playthroughs pin it), so both play exactly the
same actions; the best of ``--rounds`` CPU times (one core) is kept for each, and
the table gives actions/s, clones/s and the new/old ratios.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

GAMES = {"fall-of-rome": (1, 2, 3, 4, 5), "glory-to-rome": (2, 3, 4, 5), "hadrians-wall": (1, 2, 3, 4, 5, 6),
         "trajan": (2, 3, 4)}
_RUN = """
import gc, json, sys, time
sys.path.insert(0, sys.argv[1])
import ludus
from ludus.core.rng import Rng
game = ludus.load(sys.argv[2], int(sys.argv[3]))
gc.collect()
gc.freeze()  # tables built at import are not scanned again: a collection costs the same on both sides
rng, samples, actions = Rng(0), [], 0
start = time.process_time()
for seed in range(int(sys.argv[4])):
    state = game.new_state(seed)
    while not state.is_terminal():
        legal = state.legal_actions(state.to_move()[0])
        state.apply(legal[rng.randbelow(len(legal))])
        actions += 1
        if actions % 97 == 0:
            samples.append(state.clone())
play = time.process_time() - start
start = time.process_time()
for _ in range(5):
    for s in samples:
        s.clone()
clone = time.process_time() - start
print(json.dumps({"actions": actions, "play": play, "clones": 5 * len(samples), "clone": clone}))
"""


def bench(src: Path, game: str, players: int, games: int) -> dict[str, float]:
    """The fixed workload on the checkout whose ``src`` folder is ``src``: counts and CPU seconds."""
    out = subprocess.run([sys.executable, "-c", _RUN, str(src), game, str(players), str(games)],
                         capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(out.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    """Run the comparison and print one line per game and player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, required=True, help="the old checkout's src folder")
    parser.add_argument("--new", type=Path, default=Path("src"), help="the new checkout's src folder")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=40, help="seeded random games per measurement")
    parser.add_argument("game", nargs="*", default=sorted(GAMES), help="games to compare (default: all)")
    args = parser.parse_args(argv)
    for src in (args.old, args.new):
        if not (src / "ludus" / "__init__.py").exists():
            print(f"bench_compare: {src} is not a src folder holding ludus", file=sys.stderr)
            return 2
    print("| game | players | old actions/s | new actions/s | ratio | old clones/s | new clones/s | ratio |")
    print("|---|---|---|---|---|---|---|---|")
    for game in args.game:
        for players in GAMES[game]:
            old: list[dict[str, float]] = []
            new: list[dict[str, float]] = []
            for _ in range(args.rounds):
                old.append(bench(args.old, game, players, args.games))
                new.append(bench(args.new, game, players, args.games))
            if old[0]["actions"] != new[0]["actions"]:
                print(f"bench_compare: {game} {players}p played {old[0]['actions']} actions on the old side "
                      f"and {new[0]['actions']} on the new: the behaviour differs", file=sys.stderr)
                return 1
            cells = []
            for count, seconds in (("actions", "play"), ("clones", "clone")):
                a = old[0][count] / min(r[seconds] for r in old)
                b = new[0][count] / min(r[seconds] for r in new)
                cells += [f"{a:,.0f}", f"{b:,.0f}", f"{b / a:.2f}×"]
            print(f"| {game} | {players} | " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
