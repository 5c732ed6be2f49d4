"""CPU time of a hint and of a whole game's review (issue 39's bounds: a hint ≤ 2 s, a 2-player game's
review ≤ 60 s, on one core).

    .venv/bin/python scripts/review_speed.py                       # every game, 2 players
    .venv/bin/python scripts/review_speed.py trajan --every 3 --hint-level expert --review-level hard

For each game the greedy bot plays a game at a ``--players`` table (seed ``--seed``); at every
``--every``-th decision with a choice a hint is timed for the seat to move
(:func:`ludus.agents.analysis.analyse` at ``--hint-level``, this process's CPU time), then the whole
game's record is reviewed (:func:`ludus.agents.review.review` at ``--review-level``, every seat's
decisions) and timed. It prints per game the hints timed, their p50, p95 and largest, the decisions
reviewed and the review's CPU seconds (a Markdown table row), and progress on stderr.
"""

from __future__ import annotations

import argparse
import math
import sys
import time

from ludus import load
from ludus.agents import GreedyAgent, play_game
from ludus.agents.analysis import LEVELS, analyse
from ludus.agents.review import review

GAMES = ("glory-to-rome", "trajan", "hadrians-wall", "fall-of-rome")


def _quantile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def measure(game_id: str, players: int, seed: int, every: int, hint_level: str | None,
            review_level: str | None, reviewing: bool = True) -> tuple[list[float], int, float]:
    """The hints' CPU seconds, the decisions reviewed and the review's CPU seconds of one greedy game."""
    game = load(game_id, players)
    state = game.new_state(seed)
    greedy = [GreedyAgent(seed * 1000 + p) for p in range(players)]
    hints: list[float] = []
    choices = 0
    while not state.is_terminal() and choices < 100_000:
        seat = state.to_move()[0]
        if len(state.legal_actions(seat)) > 1:
            choices += 1
            if choices % every == 0:
                start = time.process_time()
                analyse(state, seat, level=hint_level, seed=choices)
                hints.append(time.process_time() - start)
        state.apply(greedy[seat].act(state, seat))
    if hints:
        print(f"{game_id}: {len(hints)} hints timed, p50 {_quantile(hints, 0.5):.2f} s, "
              f"p95 {_quantile(hints, 0.95):.2f} s, largest {max(hints):.2f} s", file=sys.stderr,
              flush=True)
    if not reviewing:
        return hints, 0, 0.0
    _, record = play_game(game.new_state(seed), [GreedyAgent(seed * 1000 + p) for p in range(players)],
                          seed=seed)
    start = time.process_time()
    done = review(record, level=review_level, seed=seed)
    return hints, len(done.decisions), time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES), metavar="GAME")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=39)
    parser.add_argument("--every", type=int, default=5,
                        help="time a hint at every N-th decision with a choice")
    parser.add_argument("--hint-level", default=None, choices=LEVELS,
                        help="default: a hint's (the expert level's, or the game's entry in HINT_LEVELS)")
    parser.add_argument("--review-level", default=None, choices=LEVELS,
                        help="default: a review's (hard's, or the game's REVIEW_BUDGETS)")
    parser.add_argument("--hints-only", action="store_true", help="time the hints, not a review")
    args = parser.parse_args(argv)
    print("| game | players | hints timed | hint p50 | hint p95 | largest | decisions reviewed "
          "| review CPU |")
    print("|---|---:|---:|---|---|---|---:|---|")
    for game_id in args.games:
        hints, decisions, seconds = measure(game_id, args.players, args.seed, args.every, args.hint_level,
                                            args.review_level, not args.hints_only)
        if not hints:
            raise SystemExit(f"{game_id}: no hint was timed: lower --every")
        print(f"| {game_id} | {args.players} | {len(hints)} | {_quantile(hints, 0.5):.2f} s "
              f"| {_quantile(hints, 0.95):.2f} s | {max(hints):.2f} s | {decisions} | {seconds:.1f} s |",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
