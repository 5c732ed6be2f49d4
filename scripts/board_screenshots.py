"""Screenshots of a game's board in headless Chromium: an opening, a middle and an end position.

    .venv/bin/python scripts/board_screenshots.py glory-to-rome --players 3 --seed 11 --lang pl

writes docs/images/<game>-opening.png, -middle.png and -end.png (``-<lang>`` before ``.png`` in a
language other than English): the seeded random game's
first position, the position halfway through it and its last position, each as seat 0
sees it (``ludus render``, which draws the SVG and has Chromium take the picture).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import ludus
from ludus.cli import main as ludus_main
from ludus.core.rng import Rng

ROOT = Path(__file__).resolve().parent.parent


def game_length(game_id: str, players: int, seed: int) -> int:
    """How many actions the seeded random game ``ludus render`` plays lasts."""
    state = ludus.load(game_id, players).new_state(seed)
    rng = Rng(seed)
    length = 0
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
        length += 1
    return length


def main(argv: list[str] | None = None) -> int:
    """Write the three screenshots; 0 when every one was written."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    args = parser.parse_args(argv)
    length = game_length(args.game, args.players, args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, at in (("opening", 0), ("middle", length // 2), ("end", length)):
        suffix = "" if args.lang == "en" else f"-{args.lang}"
        target = args.out / f"{args.game}-{name}{suffix}.png"
        status = ludus_main(
            ["--lang", args.lang, "render", args.game, "--players", str(args.players), "--seed",
             str(args.seed), "--at", str(at), "--seat", str(args.seat), "-o", str(target)])
        if status:
            return status
    return 0


if __name__ == "__main__":
    sys.exit(main())
