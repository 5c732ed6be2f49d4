"""Smoke runs of the training examples (``examples/``): a few games of each code path, bounded.

The reference runs themselves take minutes (docs/research.md, "Reference training runs"); these
check that each example trains, evaluates and reports numbers in range, on real games.
"""

from __future__ import annotations

import math
from types import ModuleType

import numpy as np
import pyspiel
import pytest

from fixtures.scripts import load_example
from ludus.rl.gymnasium import LudusEnv
from ludus.rl.openspiel import register, short_name


@pytest.fixture(scope="module")
def masked() -> ModuleType:
    return load_example("train_masked_policy")


@pytest.fixture(scope="module")
def alphazero() -> ModuleType:
    return load_example("alphazero_selfplay")


def test_wilson_interval(masked: ModuleType) -> None:
    low, high = masked.wilson(0, 200)
    assert low == 0.0 and 0.0 < high < 0.02
    low, high = masked.wilson(200, 200)
    assert 0.98 < low < 1.0 and high == 1.0
    low, high = masked.wilson(37, 100)
    assert low < 0.37 < high


@pytest.mark.parametrize(("game_id", "opponent"), [("hadrians-wall", "easy"), ("fall-of-rome", "random")])
def test_masked_policy_trains_and_evaluates(masked: ModuleType, game_id: str, opponent: str) -> None:
    """A competitive game (the margin signal) and the co-operative one (the return; Fall of Rome's easy
    bot is the dearest, so its partner here is the random bot)."""
    envs = [LudusEnv(game_id, 2, seat=s, opponents=opponent) for s in range(2)]  # whole games: a truncated
    # one has no result to learn from
    shape = envs[0].observation_space.shape
    assert shape is not None
    policy = masked.LinearPolicy(shape[0], envs[0].game.num_distinct_actions, seed=1)
    before = policy.w.copy()
    played, seconds = masked.train(envs, policy, games=2, minutes=None, batch=2, rate=0.01, seed=1,
                                   margin=not envs[0].game.info.cooperative)
    assert played == 2 and seconds >= 0
    assert np.isfinite(policy.w).all() and not np.array_equal(policy.w, before)
    for learner in (policy, None):
        result = masked.evaluate(envs, learner, games=2, seed=5)
        assert result.games == 2 and 0 <= result.wins <= 2
        assert -1.0 <= result.mean_return <= 1.0
        assert math.isnan(result.mean_score) or math.isfinite(result.mean_score)
        assert "win rate" in result.line("policy")
    if game_id == "hadrians-wall":  # the evaluation's processes change nothing but the time
        assert masked.evaluate(envs, None, games=4, seed=5, jobs=2) == masked.evaluate(envs, None, 4, 5)


def test_masked_policy_command_line(masked: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        masked.main(["--help"])
    assert exit_.value.code == 0 and "--seed" in capsys.readouterr().out
    assert masked.main(["--game", "hadrians-wall", "--games", "2", "--batch", "2", "--eval", "2"]) == 0
    out = capsys.readouterr().out
    assert "trained policy" in out and "uniform random" in out


def test_alphazero_pieces(alphazero: ModuleType) -> None:
    register()
    game = pyspiel.load_game(short_name("hadrians-wall"), {"players": 2, "max_actions": 30})
    actions = game.num_distinct_actions()
    net = alphazero.Network(game.observation_tensor_size(), actions, hidden=8, seed=1)
    searcher = alphazero.Searcher(net, simulations=3, seed=1)
    records, length = alphazero.self_play(game, searcher, deal=3)
    assert length == len(records) > 0
    for (x, legal, pi, seat), z in records:
        assert x.shape == (game.observation_tensor_size(),) and seat in (0, 1)
        assert len(legal) == len(pi) and abs(pi.sum() - 1.0) < 1e-6 and -1.0 <= z <= 1.0
    before = net.p["wp"].copy()
    loss = alphazero.train_net(net, records, actions, steps=3, batch=16, rate=0.01,
                               rng=np.random.default_rng(0))
    assert math.isfinite(loss) and loss >= 0 and not np.array_equal(net.p["wp"], before)
    for opponent in ("random", "easy"):
        wins = alphazero.evaluate(game, net, 2, opponent, games=2, seed=7)
        assert 0 <= wins <= 2
    assert alphazero.evaluate(game, net, 2, "random", games=4, seed=7, jobs=2) == \
        alphazero.evaluate(game, net, 2, "random", games=4, seed=7)


def test_alphazero_command_line(alphazero: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        alphazero.main(["--help"])
    assert exit_.value.code == 0 and "determinization" in capsys.readouterr().out
    assert alphazero.main(["--iterations", "1", "--games-per-iteration", "1", "--simulations", "2",
                           "--train-steps", "2", "--eval", "1", "--eval-simulations", "1",
                           "--against", "random"]) == 0
    assert "search (1 iterations) vs random" in capsys.readouterr().out
