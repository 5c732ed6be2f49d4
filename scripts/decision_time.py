"""CPU time of one level's decisions on positions of greedy games (issue 33's bound: p95 under 1 s).

    .venv/bin/python scripts/decision_time.py hadrians-wall --level expert --players 6
    .venv/bin/python scripts/decision_time.py trajan --level expert --players 4 --every 5 --games 2

The greedy bot plays ``--games`` games at a ``--players`` table (seeds from ``--seed``); at every
``--every``-th decision with a choice, a fresh ``--level`` bot decides for the seat to move on that
position (timed: this process's CPU time, one core) and the greedy game goes on. It prints how many
decisions were timed, their mean, 95th percentile and largest, in seconds, and a progress line per game
on stderr. Unlike a ladder game, the positions do not depend on the level's own choices, so two levels
or two builds are timed on the same positions.
"""

from __future__ import annotations

import argparse
import math
import sys
import time

from ludus import load
from ludus.agents import GreedyAgent, make_agent


def decision_times(game_id: str, level: str, players: int, games: int = 1, every: int = 7,
                   seed: int = 0) -> list[float]:
    """The CPU seconds of each timed decision (see the module's text)."""
    game = load(game_id, players)
    times: list[float] = []
    for g in range(games):
        state = game.new_state(seed=seed + g)
        greedy = [GreedyAgent(seed * 1000 + g * players + p) for p in range(players)]
        choices = 0
        while not state.is_terminal() and len(times) < 10_000:
            seat = state.to_move()[0]
            if len(state.legal_actions(seat)) > 1:
                choices += 1
                if choices % every == 0:
                    bot = make_agent(level, seed + choices)
                    start = time.process_time()
                    bot.act(state, seat)
                    times.append(time.process_time() - start)
            state.apply(greedy[seat].act(state, seat))
        print(f"game {g + 1}/{games}: {len(times)} decisions timed", file=sys.stderr, flush=True)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--every", type=int, default=7, help="time every N-th decision with a choice")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    times = sorted(decision_times(args.game, args.level, args.players, args.games, args.every, args.seed))
    if not times:
        raise SystemExit("no decision with a choice was timed: raise --games or lower --every")
    p95 = times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
    mean = sum(times) / len(times)
    print(f"{args.game} {args.players}p {args.level}: {len(times)} decisions, mean {mean:.3f} s, "
          f"p95 {p95:.3f} s, max {times[-1]:.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
