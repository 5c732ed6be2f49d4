"""BatchEnv steps many games at once and shows each learner seat only its view and its actions;
vector_env runs LudusEnv copies in Gymnasium's vector environments."""

from __future__ import annotations

import numpy as np
import pytest

from ludus.core.errors import IllegalActionError
from ludus.rl.batch import BatchEnv
from ludus.rl.table import observation
from ludus.rl.vector import vector_env
from rl.rl_helpers import GAMES


def random_numbers(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One legal number per row of ``masks``, uniformly."""
    return (rng.random(masks.shape) * masks).argmax(axis=1)


def check_rows(env: BatchEnv) -> None:
    """Each row is the selected learner seat's observation from its view and its legal numbers."""
    for i, turns in enumerate(env.states()):
        seat = int(env.seats[i])
        assert turns.seat == seat and seat in env.learners
        assert np.array_equal(env.obs[i], np.asarray(env.game.observe(turns.state.view(seat), seat),
                                                     dtype=np.float32))
        assert np.flatnonzero(env.masks[i]).tolist() == turns.legal_ids(seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_row_is_its_learner_seats_view_and_mask(game_id: str) -> None:
    env = BatchEnv(game_id, players=2, n=5, seats=[1], opponents="random", max_actions=40)
    obs, masks, seats = env.reset(seed=3)
    assert obs.shape == (5, env.game.observation_layout.size) and obs.dtype == np.float32
    assert masks.shape == (5, env.num_actions) and seats.tolist() == [1] * 5
    rng = np.random.default_rng(0)
    for _ in range(12):
        check_rows(env)
        obs, masks, seats, rewards, *_ = env.step(random_numbers(masks, rng))
        assert rewards.shape == (5, 2)
    check_rows(env)


def test_self_play_asks_every_seat_and_games_reset_when_cut() -> None:
    env = BatchEnv("trajan", players=3, n=4, max_actions=25)
    _, masks, _ = env.reset(seed=0)
    rng = np.random.default_rng(1)
    asked: set[int] = set()
    cut = 0
    for _ in range(60):
        _, masks, seats, rewards, terminated, truncated = env.step(random_numbers(masks, rng))
        asked.update(seats.tolist())
        cut += int(truncated.sum())
        assert not terminated.any() and not rewards.any()  # cut, not finished: no returns
    check_rows(env)
    assert asked == {0, 1, 2}
    assert cut == env.episodes and cut >= 4  # every game was cut at 25 actions and started again
    assert all(turns.steps < 25 for turns in env.states())


def test_a_finished_game_gives_every_seats_returns_and_starts_again() -> None:
    env = BatchEnv("fixture-draw", players=2, n=3)  # self-play: no bots, so a step can be replayed
    _, masks, _ = env.reset(seed=0)
    rng = np.random.default_rng(2)
    finished = 0
    for _ in range(200):
        before = [turns.clone() for turns in env.states()]
        numbers = random_numbers(masks, rng)
        _, masks, _, rewards, terminated, truncated = env.step(numbers)
        for i in np.flatnonzero(terminated):
            ended = before[i]
            ended.play(int(numbers[i]))
            assert ended.terminal and rewards[i].tolist() == list(ended.state.returns())
            assert env.states()[i].steps == 0  # a new game in its place
            finished += 1
        assert not rewards[~terminated].any() and not truncated.any()
    assert finished == env.episodes > 3
    check_rows(env)


def test_an_illegal_number_is_refused() -> None:
    env = BatchEnv("trajan", players=2, n=2, seats=[0])
    _, masks, _ = env.reset(seed=1)
    numbers = masks.argmax(axis=1)
    numbers[1] = int(np.flatnonzero(~masks[1])[0])
    with pytest.raises(IllegalActionError):
        env.step(numbers)
    with pytest.raises(ValueError, match="2 actions needed"):
        env.step([0])
    with pytest.raises(RuntimeError, match="reset"):
        BatchEnv("trajan", players=2, n=1).step([0])


def test_observation_writes_a_batch_row_in_place() -> None:
    env = BatchEnv("trajan", players=2, n=2, seats=[0])
    env.reset(seed=4)
    turns = env.states()[1]
    row = observation(env.game, turns.state, 0, out=env.obs[1])
    assert row.base is env.obs  # the batch's own array, no copy


@pytest.mark.parametrize("asynchronous", [False, True])
def test_vector_env_steps_ludus_envs_with_masks(asynchronous: bool) -> None:
    envs = vector_env("trajan", players=2, n=2, asynchronous=asynchronous, opponents="random",
                      max_actions=20)
    try:
        obs, info = envs.reset(seed=[1, 2])
        assert obs.shape == (2, 1328) and info["action_mask"].shape == (2, 398)
        rng = np.random.default_rng(3)
        ended = 0
        for _ in range(30):
            numbers = random_numbers(info["action_mask"], rng)
            obs, _, terminated, truncated, info = envs.step(numbers)
            ended += int((terminated | truncated).sum())
            assert info["action_mask"].any(axis=1).all()  # a fresh game's mask after an autoreset
        assert ended >= 2
    finally:
        envs.close()
