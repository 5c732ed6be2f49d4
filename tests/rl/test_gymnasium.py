"""The Gymnasium environment passes Gymnasium's checker: one seat against ludus bots, with masks."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import ludus
from ludus.agents import RandomAgent
from ludus.core.errors import IllegalActionError
from ludus.rl.gymnasium import LudusEnv
from rl.rl_helpers import CASES, SHORT, require_space

EXPECTED_WARNINGS = ("A Box observation space minimum value is -infinity",
                     "A Box observation space maximum value is infinity",
                     "Not able to test alternative render modes")


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_gymnasium_check_env(game_id: str, players: int) -> None:
    require_space(game_id, players)
    seat = players - 1
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(LudusEnv(game_id, players, seat=seat, opponents="random", max_actions=SHORT))
    unexpected = [str(w.message) for w in caught
                  if not any(text in str(w.message) for text in EXPECTED_WARNINGS)]
    assert not unexpected


def play(env: LudusEnv, seed: int) -> tuple[float, int, dict[str, object]]:
    """Masked random play to the end: the last reward, the learner's steps and the last info."""
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    steps = 0
    while True:
        mask = env.action_masks()
        assert mask.shape == (env.action_space.n,)
        assert np.array_equal(mask, info["action_mask"].astype(bool))
        _, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
        if terminated or truncated:
            return reward, steps, info


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_the_learner_plays_its_seat_to_the_end_against_greedy_bots(game_id: str, players: int) -> None:
    require_space(game_id, players)
    env = LudusEnv(game_id, players, seat=0, opponents="greedy", max_actions=SHORT)
    reward, steps, _ = play(env, seed=2)
    assert env.turns is not None and (env.turns.terminal or env.turns.truncated)
    assert steps >= 1 and -1.0 <= reward <= 1.0


def test_the_mask_is_the_learners_legal_actions_and_only_its_decisions_reach_it() -> None:
    env = LudusEnv("fixture-pledge", 3, seat=1, opponents="random")
    env.reset(seed=3)
    for _ in range(3):
        assert env.turns is not None and env.turns.seat == 1
        legal = {env.game.encode_action(a) for a in env.turns.state.legal_actions(1)}
        assert set(np.flatnonzero(env.action_masks())) == legal
        obs, *_ = env.step(int(np.flatnonzero(env.action_masks())[0]))
        assert obs.shape == env.observation_space.shape


def test_the_reward_is_the_learners_return_and_shared_in_a_cooperative_game() -> None:
    env = LudusEnv("fixture-pledge", 2, seat=0, opponents="greedy")
    reward, steps, _ = play(env, seed=5)
    assert env.turns is not None and env.turns.terminal and steps == 3
    assert reward == env.turns.state.returns()[0] == env.turns.state.returns()[1]


def test_opponents_react_out_of_turn_and_the_learner_may_with_reactions() -> None:
    always = RandomAgent(1)
    always.react_probability = 1.0
    env = LudusEnv("fixture-draw", 2, seat=0, opponents=[always])
    env.reset(seed=1)
    # the bot cheered first
    assert env.turns is not None and env.turns.state.to_json()["cheered"] == [False, True]
    reacting = LudusEnv("fixture-draw", 2, seat=1, opponents="random", reactions=True)
    _, info = reacting.reset(seed=1)
    assert info["reaction"] and reacting.action_space.n == reacting.game.num_distinct_actions + 1
    assert reacting.action_masks()[-1]  # declining is offered


def test_an_illegal_action_ends_the_episode_or_raises() -> None:
    env = LudusEnv("fixture-draw", 2, opponents="random")
    env.reset(seed=1)
    cheer = env.game.encode_action(ludus.Action(0, "cheer"))
    _, reward, terminated, truncated, info = env.step(cheer)
    assert (reward, terminated, truncated, info["illegal"]) == (-1.0, True, False, True)
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)
    with pytest.raises(ValueError, match="2 opponents needed"):
        LudusEnv("fixture-draw", 3, opponents=["random"])
    strict = LudusEnv("fixture-draw", 2, opponents="random", illegal_reward=None)
    strict.reset(seed=1)
    assert strict.turns is not None
    before = strict.turns.state.digest()
    with pytest.raises(IllegalActionError):
        strict.step(cheer)
    assert strict.turns.state.digest() == before
    assert "deck" in (strict.render() or "")
