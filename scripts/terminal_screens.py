"""Print one 80×24 screen of ``ludus play`` per game, as a person sees it.

Each game runs in a real pseudo-terminal (:mod:`ludus.testing.terminal`); the person
answers with seeded choices from the menu on screen, and the screen at the chosen
prompt is printed in a frame. Needs the ``dev`` extra (pyte).

    .venv/bin/python scripts/terminal_screens.py [--prompt 12] [--seed 7]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile

from ludus.testing.terminal import Prompt, play_in_terminal

GAMES = (("glory-to-rome", 3), ("trajan", 2), ("fall-of-rome", 2), ("hadrians-wall", 2))


def screen_of(game: str, players: int, seed: int, decision: int) -> list[str]:
    """The screen at prompt ``decision`` of a game the person plays with seeded choices."""
    rng = random.Random(seed)
    shown: list[Prompt] = []

    def respond(prompt: Prompt, n: int) -> str:
        if n == decision:
            shown.append(prompt)
            return "quit"
        if "Type yes" in prompt.line:
            return "yes"
        numbers = prompt.menu()
        return str(rng.choice(numbers)) if numbers else "1"

    with tempfile.TemporaryDirectory() as data:
        play_in_terminal([sys.executable, "-m", "ludus", "play", game, "--players", str(players), "--seed",
                          str(seed), "--bots", "greedy"], respond, env={"LUDUS_DATA_DIR": data})
    return shown[0].screen if shown else ["(the game ended before that decision)"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prompt", type=int, default=12, help="which decision's screen to show (default 12)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    for game, players in GAMES:
        print(f"{game}, {players} players, seed {args.seed}, decision {args.prompt}:")
        print("+" + "-" * 80 + "+")
        for row in screen_of(game, players, args.seed, args.prompt):
            print("|" + row.ljust(80) + "|")
        print("+" + "-" * 80 + "+\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
