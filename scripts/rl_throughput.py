"""Random-play throughput through the bare ludus API, each research wrapper and a batch, in one run.

    .venv/bin/python scripts/rl_throughput.py [--games trajan hadrians-wall] [--players 2] [--steps 3000]
                                              [--batch 64] [--vector 0] [--clock cpu]
    .venv/bin/python scripts/rl_throughput.py --costs     # microseconds of one view, one observation

For each game: steps per second of uniformly random play (a new game, seeded, whenever
one ends or reaches ``--cap`` actions), measured

- ``bare``: ``legal_actions(seat)`` of the seat to move, a random one, ``apply``;
- ``bare+obs``: what a learner on the bare API does at each step: the legal actions
  encoded as a mask, ``observe(view(seat), seat)`` as a list made a float32 array, a number
  drawn from the mask, decoded and applied (the wrappers' work, done by hand);
- ``bare+obs_into``: the same, the observation written by :func:`ludus.rl.table.observation`
  into one preallocated buffer (through the game's encoder when it has one, proven equal to
  ``observe(view(seat), seat)``); without ``out=`` (before it existed) into a new array;
- ``pettingzoo``: ``last()`` (observation and mask) then ``step`` on the AEC environment;
- ``openspiel``: ``legal_actions()``, ``observation_tensor()`` and ``apply_action``;
- ``gymnasium``: ``action_masks()`` and ``step`` (the other seats are ludus's random bot,
  their moves counted as steps too);
- ``batchN``: :class:`ludus.rl.batch.BatchEnv` of ``--batch`` games, the learner at seat 0 and
  random bots at the others, numbers drawn from the stacked masks with numpy: **learner** steps
  per second (the bots' moves are not counted: the ``vs`` columns compare unlike things here);
- ``batchN-self``: the same with every seat a learner (self-play: every step is a learner step);
- ``vectorN`` (with ``--vector N``): :func:`ludus.rl.vector.vector_env`, N processes of
  ``LudusEnv`` against random bots, learner steps per second of wall-clock time.

``--costs`` prints instead, per game, the CPU microseconds of one ``view(seat)`` and of one
``observation(game, state, seat)`` (into a kept buffer where ``out=`` exists), the best of five passes
over the positions of three random games.

``--clock cpu`` (the default) times this process's CPU time, so that other work on the machine
does not count (a rate per core); ``wall`` times the wall clock. The ratio columns are each rate
over ``bare+obs`` and over ``bare``. The issue's aims: a wrapper loses less than 30%
(PettingZoo's own wrappers cost 0.4x on tic-tac-toe); a masked step with its observation at
least 0.5x a bare step; at least 20k learner steps/s over a batch of 64 Trajan games on one core.
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
from ludus.rl.table import Turns, observation

try:  # absent before the batch existed: its rows are left out
    from ludus.rl.batch import BatchEnv
except ImportError:  # pragma: no cover - measuring an older checkout
    BatchEnv = None  # type: ignore[misc, assignment]

CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}
clock = time.process_time


def bare(game: Any, steps: int, *, cap: int, observe: bool, into: bool = False) -> int:
    rng = random.Random(1)
    try:
        buf = observation(game, game.new_state(0), 0, out=None)
        fill: Callable[[Any, int], object] = partial(_fill, game, buf)
    except TypeError:  # ``observation`` without ``out`` (before it existed)
        fill = partial(observation, game)
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
                if into:
                    fill(state, seat)
                else:
                    np.asarray(game.observe(state.view(seat), seat), dtype=np.float32)
                numbers = np.flatnonzero(mask)
                state.apply(game.decode_action(state, int(numbers[rng.randrange(len(numbers))]), seat))
            else:
                state.apply(legal[rng.randrange(len(legal))])
            n += 1
            done += 1
    return done


def _fill(game: Any, buf: Any, state: Any, seat: int) -> object:
    return observation(game, state, seat, out=buf)


def batch(game_id: str, players: int, steps: int, *, cap: int, n: int, self_play: bool) -> int:
    env = BatchEnv(game_id, players, n=n, seats=None if self_play else [0], opponents="random",
                   max_actions=cap)
    rng = np.random.default_rng(1)
    _, masks, _ = env.reset(seed=0)
    done = 0
    while done < steps:
        _, masks, *_ = env.step((rng.random(masks.shape) * masks).argmax(axis=1))
        done += n
    return done


def vector(game_id: str, players: int, steps: int, *, cap: int, n: int) -> float:
    """Learner steps per second of wall-clock time through ``n`` processes (their start not timed)."""
    from ludus.rl.vector import vector_env

    envs = vector_env(game_id, players, n=n, opponents="random", max_actions=cap)
    rng = np.random.default_rng(1)
    try:
        _, info = envs.reset(seed=0)  # seeds 0 … n - 1
        for _ in range(10):  # warm up the workers
            masks = info["action_mask"]
            _, _, _, _, info = envs.step((rng.random(masks.shape) * masks).argmax(axis=1))
        start, done = time.perf_counter(), 0
        while done < steps:
            masks = info["action_mask"]
            _, _, _, _, info = envs.step((rng.random(masks.shape) * masks).argmax(axis=1))
            done += n
        return done / (time.perf_counter() - start)
    finally:
        envs.close()


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


def costs(game: Any) -> tuple[float, float]:
    """Microseconds (CPU) of one view and of one observation, the best of five passes over positions."""
    rng = random.Random(1)
    positions = []
    for seed in range(3):
        state = game.new_state(seed)
        for step in range(400):
            if state.is_terminal():
                break
            movers = state.to_move()
            seat = movers[rng.randrange(len(movers))]
            legal = state.legal_actions(seat)
            state.apply(legal[rng.randrange(len(legal))])
            if step % 2 == 0:
                positions.append((state.clone(), seat))
    try:
        buf = observation(game, positions[0][0], 0, out=None)
        observe: Callable[[Any, int], object] = partial(_fill, game, buf)
    except TypeError:  # ``observation`` without ``out`` (before it existed)
        observe = partial(observation, game)

    def best(work: Callable[[Any, int], object]) -> float:
        times = []
        for _ in range(5):
            start = time.process_time()
            for state, seat in positions:
                work(state, seat)
            times.append((time.process_time() - start) / len(positions) * 1e6)
        return min(times)

    return best(lambda state, seat: state.view(seat)), best(observe)


def rate(run: Callable[[], int], timer: Callable[[], float] | None = None) -> float:
    timer = timer or clock
    start = timer()
    done = run()
    return done / (timer() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=None,
                        help="game ids (default: every game with an action numbering)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--steps", type=int, default=3000, help="actions measured per game and interface")
    parser.add_argument("--cap", type=int, default=400, help="start a new game after this many actions")
    parser.add_argument("--batch", type=int, default=64, help="games in the batch rows (0: none)")
    parser.add_argument("--vector", type=int, default=0, help="processes in a vector row (0: none)")
    parser.add_argument("--costs", action="store_true",
                        help="print the microseconds of one view and one observation instead")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu",
                        help="time this process's CPU (default) or the wall clock")
    args = parser.parse_args(argv)
    global clock
    clock = CLOCKS[args.clock]
    games = args.games or [info.id for info in ludus.games() if ludus.load(info.id).num_distinct_actions]
    if args.costs:
        print(f"{'game':16} {'view us':>8} {'observation us':>15}")
        for game_id in games:
            view_us, observation_us = costs(ludus.load(game_id, players=args.players))
            print(f"{game_id:16} {view_us:8.1f} {observation_us:15.1f}")
        return 0
    print(f"{'game':16} {'interface':14} {'steps/s':>9} {'vs bare+obs':>12} {'vs bare':>8}")
    for game_id in games:
        game = ludus.load(game_id, players=args.players)
        runs: dict[str, Callable[[int], int]] = {
            "bare": partial(bare, game, cap=args.cap, observe=False),
            "bare+obs": partial(bare, game, cap=args.cap, observe=True),
            "bare+obs_into": partial(bare, game, cap=args.cap, observe=True, into=True),
            "pettingzoo": partial(pettingzoo, game_id, args.players, cap=args.cap),
            "openspiel": partial(openspiel, game_id, args.players, cap=args.cap),
            "gymnasium": partial(gymnasium, game_id, args.players, cap=args.cap),
        }
        if BatchEnv is not None and args.batch:
            for self_play in (False, True):
                runs[f"batch{args.batch}" + ("-self" if self_play else "")] = partial(
                    batch, game_id, args.players, cap=args.cap, n=args.batch, self_play=self_play)
        for run in runs.values():
            run(50)  # warm up: imports, registration, caches
        rates = {name: rate(partial(run, args.steps)) for name, run in runs.items()}
        if args.vector and BatchEnv is not None:  # processes: the wall clock, not this CPU
            rates[f"vector{args.vector}"] = vector(game_id, args.players, args.steps, cap=args.cap,
                                                   n=args.vector)
        for name, value in rates.items():
            print(f"{game_id:16} {name:14} {value:9.0f} {value / rates['bare+obs']:11.2f}x "
                  f"{value / rates['bare']:7.2f}x")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
