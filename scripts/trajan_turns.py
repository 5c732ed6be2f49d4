"""Trajan's start-player edge (docs/balance/trajan.md): turns per seat and who wins, 2 players.

    .venv/bin/python scripts/trajan_turns.py --games 400

Plays ``--games`` greedy 2-player games (game seeds 1..N, each seat's bot seeded
``seed * 31 + seat + 1`` as in ``ludus simulate``), counts each seat's turns (a turn
begins with ``take <tray>``) and prints, for each difference in turns, the games and
the start player's win rate (ties split). The game lasts 16 laps of the time marker
("1 negyedév = 4 forduló, 1 forduló = az időjelző 1 köre"), whoever's turn ends the
last lap, so the start player sometimes has one turn more.
"""

from __future__ import annotations

import argparse
from collections import Counter

from ludus import load
from ludus.agents import make_agent, play_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games to play (default 400)")
    args = parser.parse_args()
    games: Counter[int] = Counter()
    wins: Counter[int] = Counter()
    for seed in range(1, args.games + 1):
        bots = [make_agent("greedy", seed * 31 + seat + 1) for seat in range(2)]
        state, record = play_game(load("trajan", 2).new_state(seed), bots, seed=seed)
        turns = Counter(a.split(":", 1)[0] for a in record.actions if a.split(":", 1)[1].startswith("take "))
        extra = turns["0"] - turns["1"]
        winners = state.outcome().winners
        games[extra] += 1
        wins[extra] += 1 / len(winners) if 0 in winners else 0
    print("| start player's turns − second player's | games | start player's wins |")
    print("|---:|---:|---:|")
    for extra in sorted(games):
        print(f"| {extra:+d} | {games[extra]} | {wins[extra]:.1f} ({wins[extra] / games[extra]:.1%}) |")


if __name__ == "__main__":
    main()
