"""Random-play throughput through the bare ludus API and through each research wrapper, in one run.

    .venv/bin/python scripts/rl_throughput.py [--games trajan hadrians-wall] [--players 2] [--steps 3000]

For each game: steps per second of uniformly random play (a new game, seeded, whenever
one ends or reaches ``--cap`` actions), measured

- ``bare``: ``legal_actions(seat)`` of the seat to move, a random one, ``apply``;
- ``bare+obs``: what a learner on the bare API does at each step: the legal actions
  encoded as a mask, ``observe(view(seat), seat)``, a number drawn from the mask, decoded
  and applied (the wrappers' work, done by hand);
- ``pettingzoo``: ``last()`` (observation and mask) then ``step`` on the AEC environment;
- ``openspiel``: ``legal_actions()``, ``observation_tensor()`` and ``apply_action``;
- ``gymnasium``: ``action_masks()`` and ``step`` (the other seats are ludus's random bot,
  their moves counted as steps too).

The ratio column is each wrapper's rate over ``bare+obs`` (and over ``bare``). The issue's
aim: lose less than 30% (PettingZoo's own wrappers cost 0.4x on tic-tac-toe).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

import ludus
from ludus.rl.table import Turns


def bare(game: Any, steps: int, *, cap: int, observe: bool) -> int:
    rng = random.Random(1)
    seed, done = 0, 0
    while done < steps:
        state, last, n = game.new_state(seed), -1, 0
        seed += 1
        while not state.is_terminal() and n < cap and done < steps:
            movers = state.to_move()
            seat = movers[0] if len(movers) == 1 else next((p for p in movers if p > last), movers[0])
            last = seat
            legal = state.legal_actions(seat)
            if observe:  # what a learner on the bare API does: a mask, an observation, a number
                mask = np.zeros(game.num_distinct_actions, dtype=np.int8)
                mask[[game.encode_action(a) for a in legal]] = 1
                np.asarray(game.observe(state.view(seat), seat), dtype=np.float32)
                numbers = np.flatnonzero(mask)
                state.apply(game.decode_action(state, int(numbers[rng.randrange(len(numbers))]), seat))
            else:
                state.apply(legal[rng.randrange(len(legal))])
            n += 1
            done += 1
    return done


def pettingzoo(game_id: str, players: int, steps: int, *, cap: int) -> int:
    from ludus.rl.pettingzoo import raw_env

    env = raw_env(game_id, players, max_actions=cap)
    rng = random.Random(1)
    seed, done = 0, 0
    while done < steps:
        env.reset(seed=seed)
        seed += 1
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            numbers = np.flatnonzero(obs["action_mask"])
            env.step(int(numbers[rng.randrange(len(numbers))]))
            done += 1
            if done >= steps:
                break
    return done


def openspiel(game_id: str, players: int, steps: int, *, cap: int) -> int:
    import pyspiel

    from ludus.rl.openspiel import register, short_name

    register()
    game = pyspiel.load_game(short_name(game_id), {"players": players, "max_actions": cap})
    rng = random.Random(1)
    seed, done = 0, 0
    while done < steps:
        state = game.dealt_state(seed)
        seed += 1
        while not state.is_terminal() and done < steps:
            legal = state.legal_actions()
            state.observation_tensor(state.current_player())
            state.apply_action(legal[rng.randrange(len(legal))])
            done += 1
    return done


def gymnasium(game_id: str, players: int, steps: int, *, cap: int) -> int:
    from ludus.rl.gymnasium import LudusEnv

    env = LudusEnv(game_id, players, opponents="random", max_actions=cap)
    rng = random.Random(1)
    seed, done = 0, 0
    while done < steps:
        env.reset(seed=seed)
        seed += 1
        turns: Turns | None = env.turns
        while turns is not None and done < steps:
            before = turns.steps
            numbers = np.flatnonzero(env.action_masks())
            _, _, terminated, truncated, _ = env.step(int(numbers[rng.randrange(len(numbers))]))
            done += turns.steps - before
            if terminated or truncated:
                break
    return done


def rate(run: Callable[[], int]) -> float:
    start = time.perf_counter()
    done = run()
    return done / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=None,
                        help="game ids (default: every game with an action numbering)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--steps", type=int, default=3000, help="actions measured per game and interface")
    parser.add_argument("--cap", type=int, default=400, help="start a new game after this many actions")
    args = parser.parse_args(argv)
    games = args.games or [info.id for info in ludus.games() if ludus.load(info.id).num_distinct_actions]
    print(f"{'game':16} {'interface':11} {'steps/s':>9} {'vs bare+obs':>12} {'vs bare':>8}")
    for game_id in games:
        game = ludus.load(game_id, players=args.players)
        runs: dict[str, Callable[[int], int]] = {
            "bare": partial(bare, game, cap=args.cap, observe=False),
            "bare+obs": partial(bare, game, cap=args.cap, observe=True),
            "pettingzoo": partial(pettingzoo, game_id, args.players, cap=args.cap),
            "openspiel": partial(openspiel, game_id, args.players, cap=args.cap),
            "gymnasium": partial(gymnasium, game_id, args.players, cap=args.cap),
        }
        for run in runs.values():
            run(50)  # warm up: imports, registration, caches
        rates = {name: rate(partial(run, args.steps)) for name, run in runs.items()}
        for name, value in rates.items():
            print(f"{game_id:16} {name:11} {value:9.0f} {value / rates['bare+obs']:11.2f}x "
                  f"{value / rates['bare']:7.2f}x")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
