"""The OpenSpiel adapter checked with OpenSpiel's own tools, and its resets and tensors measured.

    .venv/bin/python scripts/spiel_infostate.py [--games trajan,...] [--resets 3000] [--episodes 20]

For each game, at its smallest and largest player count:

- **resets**: ``--resets`` new games dealt the way OpenSpiel's tools deal them (each opening chance
  node's outcome drawn from ``chance_outcomes()`` with numpy), with the default ``deals=0`` (any
  63-bit seed) and with ``deals=1024`` and ``deals=1000000`` (one chance node, the adapter's former way; the
  million only 3 times): milliseconds a reset and distinct seeds dealt, and the CPU milliseconds
  of the adapter's own part (``dealt_state``, the chance nodes played and the ludus deal; not for
  the million);
- **tensor**: the information-state tensor's size and the time of one ``information_state_tensor``
  call (against one ``observation_tensor`` call) 30 random actions into a game;
- **random_sim_test**: ``pyspiel.random_sim_test`` (it checks every seat's information-state tensor
  at every step, serializes and deserializes) on one game truncated at 60 actions;
- **learning**: ``--episodes`` episodes of OpenSpiel's RL environment with information-state
  observations and its tabular Q-learner in every seat (numpy: OpenSpiel's NFSP and Deep CFR need
  PyTorch, TensorFlow or JAX, none of which is in the environment), truncated at 60 actions.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import numpy as np
import pyspiel
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import tabular_qlearner

import ludus
from ludus.rl.openspiel import register, short_name

GAMES = ("glory-to-rome", "trajan", "fall-of-rome", "hadrians-wall")


def resets(game: pyspiel.Game, count: int, seed: int) -> tuple[float, int]:
    """Milliseconds a reset, and the distinct seeds dealt, over ``count`` resets."""
    rng = np.random.RandomState(seed)
    seeds = set()
    start = time.perf_counter()
    for _ in range(count):
        state = game.new_initial_state()
        while state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(actions[rng.choice(len(actions), p=probs)]))
        seeds.add(state.seed)
    return (time.perf_counter() - start) * 1000 / count, len(seeds)


def deal_cpu(game: pyspiel.Game, count: int = 500, repeats: int = 5) -> float:
    """CPU milliseconds of the adapter's part of a reset, ``dealt_state`` (the best of ``repeats``)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        for seed in range(count):
            game.dealt_state(seed)
        best = min(best, (time.process_time() - start) * 1000 / count)
    return best


def tensor_times(game: pyspiel.Game, calls: int = 50) -> tuple[float, float]:
    """Milliseconds of one information-state tensor and one observation tensor, mid-game."""
    state = game.dealt_state(1)
    rng = random.Random(1)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    times = []
    for method in (state.information_state_tensor, state.observation_tensor):
        start = time.perf_counter()
        for _ in range(calls):
            state._seen.clear()  # the observation computed anew at each call, as at a new position
            method(0)
        times.append((time.perf_counter() - start) * 1000 / calls)
    return times[0], times[1]


def learn(game: pyspiel.Game, episodes: int) -> int:
    """Episodes of the RL environment with information-state observations and tabular Q-learners;
    returns the number of information states the learners valued."""
    env = rl_environment.Environment(game, observation_type=rl_environment.ObservationType.INFORMATION_STATE,
                                     seed=1)
    agents = [tabular_qlearner.QLearner(player_id=p, num_actions=game.num_distinct_actions())
              for p in range(game.num_players())]
    for _ in range(episodes):
        step = env.reset()
        while not step.last():
            seat = step.observations["current_player"]
            step = env.step([agents[seat].step(step).action])
        for agent in agents:
            agent.step(step)
    return sum(len(agent._q_values) for agent in agents)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--resets", type=int, default=3000)
    parser.add_argument("--episodes", type=int, default=20)
    args = parser.parse_args(argv)
    register()
    print("game            players  deals    resets  ms/reset  distinct  cpu/deal  tensor  "
          "ms/infostate  ms/obs")
    for game_id in args.games.split(","):
        info = ludus.load(game_id).info
        for players in sorted({info.min_players, info.max_players}):
            name = short_name(game_id)
            for deals, count in ((0, args.resets), (1024, args.resets), (1_000_000, 3)):
                game = pyspiel.load_game(name, {"players": players, "deals": deals})
                ms, distinct = resets(game, count, seed=players)
                cpu = f"{deal_cpu(game):8.3f}" if count > 3 else " " * 8
                info_ms, obs_ms = tensor_times(game) if deals == 0 else (0.0, 0.0)
                size = game.information_state_tensor_size() if deals == 0 else 0
                print(f"{game_id:15} {players:7}  {deals:7}  {count:6}  {ms:8.2f}  {distinct:8}  {cpu}  "
                      + (f"{size:6}  {info_ms:12.2f}  {obs_ms:6.2f}" if deals == 0 else ""), flush=True)
            small = pyspiel.load_game(name, {"players": players, "max_actions": 60})
            pyspiel.random_sim_test(small, num_sims=1, serialize=True, verbose=False)
            valued = learn(small, args.episodes)
            print(f"{game_id:15} {players:7}  random_sim_test passed; Q-learners valued {valued} "
                  f"information states in {args.episodes} episodes", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
