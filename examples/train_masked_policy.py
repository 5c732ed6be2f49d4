"""Train a small masked policy on one ludus game against a ludus bot, then measure it.

    .venv/bin/python examples/train_masked_policy.py --game trajan --games 2000 --eval 200 --seed 1

The learner plays through ``ludus.rl.gymnasium.LudusEnv``: one seat against ludus bots
(``--opponent``, the ``easy`` level by default), the seat rotated game by game. The policy
is linear in the observation, a softmax over the **legal** actions only
(``env.action_masks()``), trained by REINFORCE with Adam, in numpy alone (the ``rl`` extra
is enough). Against a bot stronger than random, win or lose is a sparse signal (a learner that
always loses learns nothing from it), so by default training maximises the learner's final
score less the best other seat's (``--signal margin``); the advantage is that margin less its
running mean, over its running standard deviation. In the co-operative Fall of Rome the
signal is the team's return. With the ``rl-train`` extra the same environment
trains with sb3-contrib's ``MaskablePPO``, which reads ``action_masks()``::

    from sb3_contrib import MaskablePPO
    model = MaskablePPO("MlpPolicy", LudusEnv("trajan", 2, opponents="easy")).learn(200_000)

The budget is ``--games`` training games (reproducible with ``--seed``), stopped early at
``--minutes`` of CPU time if given. Then the trained policy (its most likely legal action)
and a uniform-random policy each play ``--eval`` games against the same bots, on the same
deals, the learner's seat rotated (game ``i`` in seat ``i mod players``). The script prints
the win rate of each with a Wilson 95% interval and the mean return. A win is a positive
return: first place, or in Fall of Rome (co-operative) the team's victory, the learner in
one seat and the bots in the others. ``--players 1`` (Hadrian's Wall solo) reports the mean
final score instead.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import resource
import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ludus.rl.gymnasium import LudusEnv

Array = npt.NDArray[np.float64]
Step = tuple[npt.NDArray[np.int64], Array, Array, int]
"""One learner decision: the legal numbers, the features, the probabilities over the legal numbers,
and the index (among the legal numbers) of the action taken."""


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the evaluation's worker processes)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a win rate of ``wins`` in ``games``.

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


class LinearPolicy:
    """Softmax of ``W @ [obs, 1]`` over the legal actions, trained by Adam."""

    def __init__(self, observations: int, actions: int, seed: int) -> None:
        self.w = np.zeros((actions, observations + 1))
        self.m = np.zeros_like(self.w)
        self.v = np.zeros_like(self.w)
        self.t = 0
        self.rng = np.random.default_rng(seed)

    @staticmethod
    def features(obs: npt.NDArray[np.float32]) -> Array:
        """The observation with a constant 1 appended (the bias)."""
        return np.append(obs.astype(np.float64), 1.0)

    def probabilities(self, x: Array, legal: npt.NDArray[np.int64]) -> Array:
        """The probability of each of the ``legal`` numbers."""
        logits = self.w[legal] @ x  # the legal rows only: a few dozen of the hundreds
        e = np.exp(logits - logits.max())
        return np.asarray(e / e.sum())

    def gradient(self, episodes: list[tuple[float, list[Step]]]) -> Array:
        """REINFORCE's gradient of the mean return: each step's advantage times the gradient of
        log p(action), which is nonzero on the legal rows only."""
        g = np.zeros_like(self.w)
        for advantage, steps in episodes:
            for legal, x, p, index in steps:
                d = -p
                d[index] += 1.0
                g[legal] += advantage * np.outer(d, x)
        return g / max(1, len(episodes))

    def update(self, gradient: Array, rate: float) -> None:
        """One Adam step up ``gradient``."""
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * gradient
        self.v = 0.999 * self.v + 0.001 * gradient**2
        m_hat = self.m / (1 - 0.9**self.t)
        v_hat = self.v / (1 - 0.999**self.t)
        self.w += rate * m_hat / (np.sqrt(v_hat) + 1e-8)


def episode(env: LudusEnv, policy: LinearPolicy | None, seed: int, rng: np.random.Generator,
            greedy: bool = False) -> tuple[float, list[Step], dict[str, object]]:
    """Play one game: the learner's final reward, its steps, and the last ``info``.

    ``policy=None`` plays uniformly at random among the legal actions (the baseline).
    """
    obs, info = env.reset(seed=seed)
    steps: list[Step] = []
    while True:
        legal = np.flatnonzero(env.action_masks())
        if policy is None:
            action = int(rng.choice(legal))
        else:
            x = policy.features(obs)
            p = policy.probabilities(x, legal)
            index = int(p.argmax()) if greedy else int(rng.choice(len(p), p=p))
            steps.append((legal, x, p, index))
            action = int(legal[index])
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            return float(reward), steps, info


@dataclass
class Result:
    """What one policy reached in the evaluation games."""

    games: int
    wins: int
    mean_return: float
    mean_score: float
    score_half_width: float
    """Half the width of the mean score's normal 95% interval (1.96 standard errors)."""

    def line(self, label: str) -> str:
        """One line of the report."""
        low, high = wilson(self.wins, self.games)
        return (f"  {label:<16} win rate {self.wins / self.games:6.1%}  [{low:.1%}, {high:.1%}]  "
                f"({self.wins}/{self.games}), mean return {self.mean_return:+.3f}, "
                f"mean score {self.mean_score:.2f} ± {self.score_half_width:.2f}")


_SHARED: tuple[list[LudusEnv], LinearPolicy | None] | None = None
"""The environments and policy the evaluation's worker processes inherit (forked)."""


def _play(indices: range, seed: int) -> list[tuple[float, float | None]]:
    """Games ``indices`` of an evaluation: game ``i`` on deal ``seed + i`` in seat ``i mod len(envs)``,
    its draws (for the random policy) from a generator seeded ``seed + i``; each game's reward and
    final score (``None`` if stopped at the cap)."""
    assert _SHARED is not None
    envs, policy = _SHARED
    out: list[tuple[float, float | None]] = []
    for i in indices:
        env = envs[i % len(envs)]
        reward, _, _ = episode(env, policy, seed + i, np.random.default_rng(seed + i), greedy=True)
        state = env.turns.state if env.turns is not None else None
        finished = state is not None and state.is_terminal()
        out.append((reward, float(state.outcome().scores[env.seat]) if finished and state else None))
    return out


def evaluate(envs: list[LudusEnv], policy: LinearPolicy | None, games: int, seed: int,
             jobs: int = 1) -> Result:
    """``games`` games (see :func:`_play`), in ``jobs`` processes; the same results for any ``jobs``."""
    global _SHARED
    _SHARED = (envs, policy)
    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            parts = pool.starmap(_play, [(range(k, games, jobs), seed) for k in range(jobs)])
    else:
        parts = [_play(range(games), seed)]
    results = [r for part in parts for r in part]
    returns = [reward for reward, _ in results]
    scores = [score for _, score in results if score is not None]
    wins = sum(r > 0 for r in returns)
    if not scores:
        return Result(games, wins, float(np.mean(returns)), math.nan, math.nan)
    half = 1.96 * float(np.std(scores, ddof=1)) / math.sqrt(len(scores)) if len(scores) > 1 else math.nan
    return Result(games, wins, float(np.mean(returns)), float(np.mean(scores)), half)


def signal(env: LudusEnv, reward: float, margin: bool) -> float:
    """What training maximises: the return, or with ``margin`` the learner's final score less the best
    other seat's (a denser signal than win or lose against a stronger bot; 0 if stopped at the cap)."""
    state = env.turns.state if env.turns is not None else None
    if not margin or state is None or not state.is_terminal():
        return reward
    scores = state.outcome().scores
    others = [s for p, s in enumerate(scores) if p != env.seat]
    return float(scores[env.seat] - max(others)) if others else float(scores[env.seat])


def train(envs: list[LudusEnv], policy: LinearPolicy, games: int, minutes: float | None, batch: int,
          rate: float, seed: int, margin: bool, report: int = 200) -> tuple[int, float]:
    """REINFORCE for ``games`` games (or ``minutes`` of CPU time); the games played and CPU seconds.

    The advantage is the signal less its running mean, over its running standard deviation.
    """
    rng = np.random.default_rng(seed)
    start = time.process_time()
    mean, var, played, recent = 0.0, 1.0, 0, []
    while played < games and (minutes is None or time.process_time() - start < 60 * minutes):
        episodes = []
        for _ in range(batch):
            env = envs[played % len(envs)]
            reward, steps, _ = episode(env, policy, seed * 1_000_003 + played, rng)
            value = signal(env, reward, margin)
            episodes.append(((value - mean) / math.sqrt(var + 1e-6), steps))
            mean += 0.02 * (value - mean)
            var += 0.02 * ((value - mean) ** 2 - var)
            recent.append(reward)
            played += 1
        policy.update(policy.gradient(episodes), rate)
        if played % report < batch:
            last = recent[-report:]
            print(f"  {played} games, {time.process_time() - start:.0f} CPU s, last {len(last)}: "
                  f"win rate {sum(r > 0 for r in last) / len(last):.1%}, "
                  f"mean return {np.mean(last):+.3f}, running mean signal {mean:+.2f}", flush=True)
    return played, time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("--game", default="trajan")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponent", default="easy", help="the bot in the other seats (ludus.agents)")
    parser.add_argument("--games", type=int, default=2000, help="training games (the budget)")
    parser.add_argument("--minutes", type=float, default=None, help="stop training after this CPU time")
    parser.add_argument("--batch", type=int, default=8, help="games per update")
    parser.add_argument("--rate", type=float, default=0.01, help="Adam step size")
    parser.add_argument("--eval", type=int, default=200, help="evaluation games per policy")
    parser.add_argument("--seed", type=int, default=1, help="seeds the training deals and draws")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the evaluation games")
    parser.add_argument("--signal", choices=("margin", "return"), default=None,
                        help="what training maximises (default: margin, or return in a co-operative game)")
    args = parser.parse_args(argv)
    envs = [LudusEnv(args.game, args.players, seat=s, opponents=args.opponent)
            for s in range(args.players)]
    size = envs[0].observation_space.shape
    assert size is not None
    policy = LinearPolicy(size[0], envs[0].game.num_distinct_actions, seed=args.seed)
    print(f"{args.game} {args.players}p: training against {args.opponent!r}, seed {args.seed}", flush=True)
    margin = (args.signal or ("return" if envs[0].game.info.cooperative else "margin")) == "margin"
    played, seconds = train(envs, policy, args.games, args.minutes, args.batch, args.rate, args.seed,
                            margin)
    print(f"evaluating: {args.eval} games per policy against {args.opponent!r}, seats rotated", flush=True)
    start = cpu_seconds()
    trained = evaluate(envs, policy, args.eval, seed=10**6, jobs=args.jobs)
    untrained = evaluate(envs, None, args.eval, seed=10**6, jobs=args.jobs)
    against = "solo (no opponent to win against: read the score)" if args.players == 1 \
        else f"against {args.opponent!r}"
    print(f"{args.game} {args.players}p, {played} training games in {seconds / 60:.1f} CPU min "
          f"(evaluation {(cpu_seconds() - start) / 60:.1f} CPU min), {args.eval} games each "
          f"{against}, Wilson 95% intervals:")
    print(trained.line("trained policy"))
    print(untrained.line("uniform random"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
