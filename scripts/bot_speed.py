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

from ludus.agents import Agent, make_agent, play_game
from ludus.core.actions import Action
from ludus.core.api import State
from ludus.core.registry import configure


class _Clocked:
    """An agent whose every decision adds its CPU time to ``seconds`` (out-of-turn ones untimed)."""

    def __init__(self, inner: Agent, clock: list[float]) -> None:
        self.inner, self.clock = inner, clock

    def act(self, state: State, player: int) -> Action:
        start = time.process_time()
        action = self.inner.act(state, player)
        self.clock.append(time.process_time() - start)
        return action

    def react(self, state: State, player: int) -> Action | None:
        return self.inner.react(state, player)


def bot_speed(game_id: str, level: str, players: int = 2, games: int = 1, seed: int = 0
              ) -> tuple[float, list[tuple[float, ...]]]:
    """The CPU seconds a decision, and each game's scores (played by :func:`ludus.agents.play_game`)."""
    game = configure(game_id, players, {})
    clock: list[float] = []
    scores = []
    for deal in range(seed, seed + games):
        agents = [_Clocked(make_agent(level, deal * players + p), clock) for p in range(players)]
        state, _ = play_game(game.new_state(deal), agents, seed=deal)
        scores.append(state.outcome().scores)
    return sum(clock) / max(len(clock), 1), scores


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
