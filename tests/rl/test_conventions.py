"""Issue 37 part 5: PettingZoo's illegal-move rule and global state, the Gymnasium ids, self-play."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

import ludus
import ludus.rl
from ludus.core.errors import IllegalActionError
from ludus.rl.gymnasium import LudusEnv
from ludus.rl.pettingzoo import env, raw_env
from ludus.rl.selfplay import SelfPlayEnv
from ludus.rl.table import FloatArray, observation
from rl.rl_helpers import GAMES, SHORT
from rl.test_gymnasium import EXPECTED_WARNINGS as GYM_WARNINGS
from rl.test_pettingzoo import EXPECTED_WARNINGS as ZOO_WARNINGS

# --- PettingZoo: the classic illegal-move rule ----------------------------------------------


def illegal_number(e: Any) -> int:
    """A number the selected agent may not play now."""
    return int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"] == 0)[0])


def test_the_classic_illegal_move_rule_ends_the_game_with_minus_one_for_the_mover_only() -> None:
    e = raw_env("trajan", 3, illegal_reward=-1.0)
    e.reset(seed=2)
    assert e.turns is not None
    mover = e.agent_selection
    before = e.turns.state.digest()
    e.step(illegal_number(e))
    assert e.turns.state.digest() == before  # the game is left as it was
    assert e.infos[mover]["illegal"] is True
    assert all(e.terminations.values()) and not any(e.truncations.values())
    collected: dict[str, float] = {}
    for agent in e.agent_iter():
        _, reward, terminated, _, info = e.last()
        collected[agent] = float(reward)
        assert terminated and info.get("illegal", False) == (agent == mover)
        e.step(None)
    assert collected == {a: (-1.0 if a == mover else 0.0) for a in e.possible_agents}
    assert not e.agents


def test_the_illegal_move_rule_is_off_by_default_and_passes_the_api_tests() -> None:
    strict = raw_env("hadrians-wall", 2)
    strict.reset(seed=1)
    with pytest.raises(IllegalActionError):
        strict.step(illegal_number(strict))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env("hadrians-wall", 2, illegal_reward=-1.0, max_actions=SHORT), num_cycles=40)
    assert not [str(w.message) for w in caught if not str(w.message).startswith(ZOO_WARNINGS)]


# --- PettingZoo: the global state -------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_the_global_state_is_every_view_in_its_declared_space(game_id: str) -> None:
    e = raw_env(game_id, 2, max_actions=SHORT)
    e.reset(seed=3)
    assert e.turns is not None
    n, size = e.game.players, e.game.observation_layout.size
    rng = np.random.default_rng(3)
    for _ in range(12):
        state = e.state()
        assert e.state_space.contains(state)
        views = [observation(e.game, e.turns.state, seat) for seat in (None, *range(n))]
        assert np.array_equal(state[: (n + 1) * size], np.concatenate(views))
        turn = state[(n + 1) * size:]
        assert turn[: n].tolist() == [float(p == e.turns.seat) for p in range(n)]
        assert turn[n] == float(e.turns.window)
        # a seat's observation is its own view only, not the state
        agent = e.agent_selection
        assert e.observe(agent)["observation"].shape == (size,)
        e.step(int(rng.choice(np.flatnonzero(e.observe(agent)["action_mask"]))))


def test_the_parallel_environment_passes_its_api_test_and_exposes_the_state() -> None:
    par = turn_based_aec_to_parallel(raw_env("fall-of-rome", 3, max_actions=SHORT))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(par, num_cycles=30)
    par.reset(seed=1)
    assert par.state_space.contains(par.state())


# --- Gymnasium ids ----------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_gymnasium_id_that_passes_check_env(game_id: str) -> None:
    env_id = ludus.rl.gymnasium_id(game_id)
    assert env_id in gymnasium.registry and env_id in ludus.rl.register_gymnasium()
    made = gymnasium.make(env_id, players=2, opponents="random", max_actions=SHORT)
    raw = made.unwrapped
    assert isinstance(raw, LudusEnv) and raw.game.info.id == game_id and raw.game.players == 2
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(raw)
        made.reset(seed=1)
        made.step(int(np.flatnonzero(raw.action_masks())[0]))
    assert not [str(w.message) for w in caught if not any(t in str(w.message) for t in GYM_WARNINGS)]
    selfplay = gymnasium.make(ludus.rl.gymnasium_id(game_id, self_play=True), players=2, max_actions=SHORT)
    assert isinstance(selfplay.unwrapped, SelfPlayEnv)
    assert ludus.rl.gymnasium_id("glory-to-rome") == "ludus/GloryToRome-v0"


# --- self-play ----------------------------------------------------------------------------------


def play_episode(e: SelfPlayEnv, seed: int | None) -> tuple[float, dict[str, Any]]:
    """Masked random play to the end of one episode: the last reward and info."""
    _, info = e.reset(seed=seed)
    rng = np.random.default_rng(seed or 0)
    while True:
        _, reward, terminated, truncated, info = e.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if terminated or truncated:
            return reward, info


def test_self_play_rotates_the_learners_seat_and_passes_check_env() -> None:
    e = SelfPlayEnv("trajan", 3, opponents=["self", "greedy"], max_actions=SHORT)
    seats = [play_episode(e, seed=4 if k == 0 else None)[1]["seat"] for k in range(4)]
    assert seats == [0, 1, 2, 0]
    # the opponents keep their places after the learner: the greedy bot sits two seats after it
    assert e.opponent_specs == {1: "self", 2: "greedy"}
    e.reset(seed=9, options={"seat": 2})
    assert e.seat == 2 and e.opponent_specs == {0: "self", 1: "greedy"}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(SelfPlayEnv("hadrians-wall", 2, max_actions=SHORT))
    assert not [str(w.message) for w in caught if not any(t in str(w.message) for t in GYM_WARNINGS)]


class Recorder:
    """An opponent policy that checks what it is given and plays the lowest legal number."""

    def __init__(self, env: SelfPlayEnv) -> None:
        self.env = env
        self.calls = 0

    def __call__(self, obs: FloatArray, mask: npt.NDArray[np.int8]) -> int:
        turns = self.env.turns
        assert turns is not None and turns.seat is not None and turns.seat != self.env.seat
        seat = turns.seat
        assert np.array_equal(obs, observation(self.env.game, turns.state, seat))  # its own view
        assert set(np.flatnonzero(mask)) == set(turns.legal_ids(seat))  # its own legal actions
        self.calls += 1
        return int(np.flatnonzero(mask)[0])


def test_the_opponent_policy_sees_its_own_seat_and_is_set_by_the_user() -> None:
    e = SelfPlayEnv("glory-to-rome", 2, max_actions=SHORT)
    recorder = Recorder(e)
    e.set_opponent_policy(recorder)
    play_episode(e, seed=1)
    assert recorder.calls > 0
    played = recorder.calls
    e.set_opponent_policy(None)  # uniformly random again
    play_episode(e, seed=2)
    assert recorder.calls == played
    e.set_opponent_policy(lambda obs, mask: int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(IllegalActionError):
        play_episode(e, seed=3)


class Learner:
    """A learner with sb3's ``predict`` signature: plays the legal number of highest preference."""

    def __init__(self, size: int) -> None:
        self.preference = np.arange(size, dtype=np.float64)

    def predict(self, obs: FloatArray, deterministic: bool = True,
                action_masks: npt.NDArray[np.bool_] | None = None) -> tuple[np.int64, None]:
        assert action_masks is not None
        return np.int64(np.argmax(np.where(action_masks, self.preference, -np.inf))), None


def test_a_snapshot_is_a_frozen_copy_of_the_learner() -> None:
    e = SelfPlayEnv("fall-of-rome", 2, opponents="self", max_actions=SHORT)
    learner = Learner(int(e.action_space.n))
    e.snapshot(learner)
    assert e.opponent_policy is not None
    mask = np.zeros(int(e.action_space.n), dtype=np.int8)
    mask[[1, 4]] = 1
    obs = np.zeros(e.observation_space.shape, dtype=np.float32)
    assert e.opponent_policy(obs, mask) == 4
    learner.preference = -learner.preference  # the learner trains on: the snapshot does not change
    assert e.opponent_policy(obs, mask) == 4
    e.snapshot(learner)
    assert e.opponent_policy(obs, mask) == 1
    play_episode(e, seed=5)


def test_bots_by_level_name_and_mixed_opponents() -> None:
    e = SelfPlayEnv("hadrians-wall", 3, opponents=["easy", "random"], max_actions=SHORT)
    _, info = play_episode(e, seed=6)
    assert info["seat"] == 0 and type(e.opponents[1]).__name__ == "GreedyAgent"
    with pytest.raises(ValueError, match="2 opponents needed"):
        SelfPlayEnv("trajan", 3, opponents=["easy"])
    solo = SelfPlayEnv("hadrians-wall", 1, max_actions=SHORT)
    assert play_episode(solo, seed=1)[1]["seat"] == 0 and not solo.opponent_specs
