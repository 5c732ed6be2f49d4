"""Train the learned value of a game (issue 33): a linear model of a seat's observation.

    .venv/bin/python scripts/train_value.py glory-to-rome --players 2 --games 1000 --seed 1000000
    .venv/bin/python scripts/train_value.py trajan --games 4 --out /tmp/trajan-2p.json   # a tiny run

It plays ``--games`` self-play games with the greedy bot in every seat (each move, with probability
``--noise``, a uniform legal action instead, for variety), on seeds from ``--seed``; every ``--every``
actions it records each seat's observation (``game.observe(state.view(seat), seat)``: what that seat
knows) and the game's heuristic value for it (``evaluate_all``). At the end each recorded position
gets the value the game ended with for its seat: the returns with weight ``MARGIN`` on the score
margin (``ludus.agents.rollout.margin_value``, what the ``expert`` search gives a finished
simulation); solo, the game's value of its end (``evaluate_all``: the score's, not the bare end).

The last ``--holdout`` share of the games is held out. On the rest a ridge regression (numpy) fits
``atanh`` of the clipped target from the standardized observation; on the held-out games the script
compares the mean squared error of the heuristic, the model and their blends, and keeps the blend
weight that predicted best (0: the model is not used). The model is written as JSON, by default into
the package (``src/ludus/agents/values/GAME-Np.json``), where ``LearnedValue.for_game`` finds it.
Needs numpy (``pip install -e .[rl]``). Reproducible from the seed: the same games, the same model.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

from rich.progress import Progress

import ludus
from ludus.agents import GreedyAgent
from ludus.agents.rollout import margin_value
from ludus.agents.value import MARGIN, LearnedValue, value_path
from ludus.core.rng import Rng

VALUES = Path(__file__).resolve().parent.parent / "src" / "ludus" / "agents" / "values"
CLIP = 0.9
"""Targets are clipped to [-CLIP, CLIP] before ``atanh`` (a won game is not an infinite value)."""


def play(game: Any, seed: int, every: int, noise: float) -> list[tuple[list[float], float, float]]:
    """One self-play game: (observation, heuristic, final value) for each seat at every ``every``-th
    action."""
    state = game.new_state(seed)
    bots = [GreedyAgent(seed * 31 + p) for p in range(game.players)]
    coin = Rng(seed ^ 0xA5A5)
    seen: list[tuple[int, list[float], float]] = []
    steps = 0
    while not state.is_terminal() and steps < game.action_cap:
        if steps % every == every - 1:
            heuristic = game.evaluate_all(state)
            for p in range(game.players):
                seen.append((p, game.observe(state.view(p), p), heuristic[p]))
        mover = state.to_move()[0]
        if coin.random() < noise:
            actions = state.legal_actions(mover)
            state.apply(actions[coin.randbelow(len(actions))])
        else:
            state.apply(bots[mover].act(state, mover))
        steps += 1
    if not state.is_terminal():
        return []
    if game.players == 1:  # solo: the score's value (evaluate_all of the end), not the bare end
        final = list(game.evaluate_all(state))
    else:
        returns = state.returns()
        final = [margin_value(state, p, returns[p], MARGIN) for p in range(game.players)]
    return [(x, h, final[p]) for p, x, h in seen]


def fit(rows: list[tuple[list[float], float, float]], ridge: float) -> tuple[list[float], float]:
    """Ridge regression of ``atanh`` of the clipped targets; the weights of the raw observation."""
    import numpy as np

    x = np.array([r[0] for r in rows], dtype=np.float64)
    y = np.arctanh(np.clip(np.array([r[2] for r in rows]), -CLIP, CLIP))
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    z = (x - mean) / scale
    y_mean = float(y.mean())
    w = np.linalg.solve(z.T @ z + ridge * len(rows) * np.eye(z.shape[1]), z.T @ (y - y_mean))
    weights = w / scale
    return [float(v) for v in weights], y_mean - float(weights @ mean)


def mse(pairs: list[tuple[float, float]]) -> float:
    return sum((a - b) ** 2 for a, b in pairs) / max(1, len(pairs))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a game id, e.g. glory-to-rome")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1000, help="self-play games (default 1000)")
    parser.add_argument("--seed", type=int, default=1_000_000,
                        help="the first game's seed (default 1000000: apart from measured seeds)")
    parser.add_argument("--every", type=int, default=5, help="record every N actions (default 5)")
    parser.add_argument("--noise", type=float, default=0.1, help="share of random moves (default 0.1)")
    parser.add_argument("--holdout", type=float, default=0.25, help="share of games held out (0.25)")
    parser.add_argument("--ridge", type=float, default=0.5, help="ridge penalty per position (0.5)")
    parser.add_argument("--out", type=Path, default=None, help="where to write the model "
                        "(default: src/ludus/agents/values/GAME-Np.json)")
    args = parser.parse_args(argv)
    try:
        import numpy  # noqa: F401  (checked before the games are played)
    except ImportError:
        print("train_value: needs numpy (pip install -e .[rl])", file=sys.stderr)
        return 2
    if args.games < 2 or not 0.0 < args.holdout < 1.0:
        print("train_value: need --games >= 2 and --holdout between 0 and 1", file=sys.stderr)
        return 2
    game = ludus.load(args.game, args.players)
    held = max(1, round(args.games * args.holdout))
    train: list[tuple[list[float], float, float]] = []
    test: list[tuple[list[float], float, float]] = []
    with Progress(transient=True) as bar:
        task = bar.add_task(f"{args.game} self-play", total=args.games)
        for i in range(args.games):
            rows = play(game, args.seed + i, args.every, args.noise)
            (test if i >= args.games - held else train).extend(rows)
            bar.advance(task)
    if not train or not test:
        print("train_value: no finished game on one side of the split; play more games", file=sys.stderr)
        return 1
    weights, bias = fit(train, args.ridge)
    model = LearnedValue(game.info.id, args.players, tuple(weights), bias, 0.0, {})
    learned = [model.raw(x) for x, _, _ in test]
    errors = {}
    for step in range(11):
        blend = step / 10
        errors[blend] = mse([((1 - blend) * h + blend * v, y) for (_, h, y), v in zip(test, learned)])
    best = min(errors, key=lambda b: (errors[b], b))
    about = {"games": args.games, "seed": args.seed, "every": args.every, "noise": args.noise,
             "ridge": args.ridge, "holdout_games": held, "train_positions": len(train),
             "holdout_positions": len(test), "margin": MARGIN, "features": len(weights),
             "holdout_mse_heuristic": round(errors[0.0], 5), "holdout_mse_model": round(errors[1.0], 5),
             "holdout_mse_blend": round(errors[best], 5)}
    model = LearnedValue(game.info.id, args.players, tuple(weights), bias, best, about)
    out = args.out or VALUES / value_path(game.info.id, args.players)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(model.to_json(), separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{game.info.id} {args.players}p: held-out mean squared error heuristic {errors[0.0]:.4f}, "
          f"model {errors[1.0]:.4f}, best blend {best:.1f} {errors[best]:.4f} "
          f"({len(train)} positions fitted, {len(test)} held out) -> {out}")
    if math.isclose(best, 0.0):
        print("the model did not predict better than the heuristic: blend 0 (the search ignores it)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
