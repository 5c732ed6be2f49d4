"""CPU time a decision of one level in self-play: what a build (pure Python or compiled) costs a bot.

    .venv/bin/python scripts/bot_speed.py glory-to-rome --level hard --games 1
    .compiled-venv/bin/python scripts/bot_speed.py glory-to-rome --level hard --games 1

Every seat plays ``--level`` (seeded ``seed * players + seat``) in ``--games`` games from seed
``--seed`` on; it prints the CPU milliseconds a decision (this process, every decision) and each
game's scores, so two builds can be checked to play the same games (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import time

from ludus.agents import make_agent
from ludus.core.registry import configure


def bot_speed(game_id: str, level: str, players: int = 2, games: int = 1, seed: int = 0
              ) -> tuple[float, list[tuple[float, ...]]]:
    """The CPU seconds a decision, and each game's scores."""
    game = configure(game_id, players, {})
    decisions, spent, scores = 0, 0.0, []
    for deal in range(seed, seed + games):
        state = game.new_state(deal)
        agents = [make_agent(level, deal * players + p) for p in range(players)]
        while not state.is_terminal():
            p = state.to_move()[0]
            start = time.process_time()
            action = agents[p].act(state, p)
            spent += time.process_time() - start
            state.apply(action)
            decisions += 1
        scores.append(state.outcome().scores)
    return spent / max(decisions, 1), scores


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--level", default="greedy")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    seconds, scores = bot_speed(args.game, args.level, args.players, args.games, args.seed)
    print(f"{args.game} {args.players}p {args.level}: {1000 * seconds:.2f} ms a decision; scores {scores}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
