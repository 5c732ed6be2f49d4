"""Train a small masked policy on one ludus game for a few minutes on a CPU, then play it against the
random bot.

    .venv/bin/python examples/train_masked_policy.py [--game trajan] [--players 2] [--minutes 3]

The learner is ``ludus.rl.gymnasium.LudusEnv``: one seat against ludus's random bot. The
policy is linear in the observation, a softmax over the **legal** actions only
(``env.action_masks()``), trained by REINFORCE with a running-mean baseline and Adam,
in numpy alone (the ``rl`` extra is enough). With the ``rl-train`` extra the same
environment trains with sb3-contrib's ``MaskablePPO``, which reads ``action_masks()``::

    from sb3_contrib import MaskablePPO
    model = MaskablePPO("MlpPolicy", LudusEnv("trajan", 2, opponents="random")).learn(200_000)

At the end the script plays ``--eval`` games with the trained policy (its most likely
legal action) and with the untrained one (uniform over the legal actions) on the same
seeds, and prints the win rate and mean return of each.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import numpy.typing as npt

from ludus.rl.gymnasium import LudusEnv

Array = npt.NDArray[np.float64]


class LinearPolicy:
    """Softmax of ``W @ [obs, 1]`` over the legal actions."""

    def __init__(self, observations: int, actions: int, seed: int) -> None:
        self.w = np.zeros((actions, observations + 1))
        self.m = np.zeros_like(self.w)
        self.v = np.zeros_like(self.w)
        self.t = 0
        self.rng = np.random.default_rng(seed)

    @staticmethod
    def features(obs: npt.NDArray[np.float32]) -> Array:
        return np.append(obs.astype(np.float64), 1.0)

    def probabilities(self, x: Array, mask: npt.NDArray[np.bool_]) -> Array:
        legal = np.flatnonzero(mask)
        logits = self.w[legal] @ x  # the legal rows only: a few dozen of the hundreds
        e = np.exp(logits - logits.max())
        p = np.zeros(len(mask))
        p[legal] = e / e.sum()
        return p

    def update(self, gradient: Array, rate: float) -> None:
        """One Adam step up ``gradient``."""
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * gradient
        self.v = 0.999 * self.v + 0.001 * gradient**2
        m_hat = self.m / (1 - 0.9**self.t)
        v_hat = self.v / (1 - 0.999**self.t)
        self.w += rate * m_hat / (np.sqrt(v_hat) + 1e-8)


def episode(env: LudusEnv, policy: LinearPolicy | None, seed: int, greedy: bool = False,
            rng: np.random.Generator | None = None) -> tuple[float, list[tuple[Array, Array, int]]]:
    """Play one game; the final reward and (features, probabilities, action) per learner step."""
    obs, _ = env.reset(seed=seed)
    steps: list[tuple[Array, Array, int]] = []
    while True:
        mask = env.action_masks()
        if policy is None:
            assert rng is not None
            action = int(rng.choice(np.flatnonzero(mask)))
        else:
            x = policy.features(obs)
            p = policy.probabilities(x, mask)
            action = int(p.argmax()) if greedy else int(policy.rng.choice(len(p), p=p))
            steps.append((x, p, action))
        obs, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return float(reward), steps


def evaluate(env: LudusEnv, policy: LinearPolicy | None, seeds: range) -> tuple[float, float]:
    """Win rate and mean return over ``seeds``."""
    rng = np.random.default_rng(0)
    rewards = [episode(env, policy, seed, greedy=True, rng=rng)[0] for seed in seeds]
    return sum(r > 0 for r in rewards) / len(rewards), float(np.mean(rewards))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="trajan")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--batch", type=int, default=8, help="games per update")
    parser.add_argument("--rate", type=float, default=0.01, help="Adam step size")
    parser.add_argument("--eval", type=int, default=200, help="evaluation games against the random bot")
    args = parser.parse_args()
    env = LudusEnv(args.game, args.players, seat=0, opponents="random")
    assert env.action_space.n is not None and env.observation_space.shape is not None
    policy = LinearPolicy(env.observation_space.shape[0], int(env.action_space.n), seed=1)
    baseline, games, seed = 0.0, 0, 10_000
    deadline = time.monotonic() + 60 * args.minutes
    while time.monotonic() < deadline:
        gradient = np.zeros_like(policy.w)
        for _ in range(args.batch):
            reward, steps = episode(env, policy, seed)
            seed += 1
            games += 1
            advantage = reward - baseline
            baseline += 0.02 * (reward - baseline)
            if steps:
                xs = np.array([x for x, _, _ in steps])
                ys = -np.array([p for _, p, _ in steps])
                ys[np.arange(len(steps)), [a for _, _, a in steps]] += 1.0
                gradient += advantage * (ys.T @ xs)
        policy.update(gradient / args.batch, args.rate)
        if games % (args.batch * 25) == 0:
            print(f"{games} games, running mean return {baseline:+.3f}", flush=True)
    seeds = range(args.eval)
    trained = evaluate(env, policy, seeds)
    untrained = evaluate(env, None, seeds)
    print(f"{args.game} {args.players}p, {games} training games in {args.minutes:g} min, "
          f"{args.eval} games against the random bot:")
    print(f"  trained policy:   win rate {trained[0]:.1%}, mean return {trained[1]:+.3f}")
    print(f"  uniform random:   win rate {untrained[0]:.1%}, mean return {untrained[1]:+.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
