"""The PettingZoo AEC environment passes PettingZoo's own test suites on every game."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import ludus
from ludus.core.errors import IllegalActionError
from ludus.rl.pettingzoo import env, raw_env
from ludus.rl.table import Turns
from rl.rl_helpers import CASES, SHORT, require_space

EXPECTED_WARNINGS = (
    # a Dict with the mask, like PettingZoo's classic games
    "Observation space for each agent probably should be",
    "Observation is not a NumPy array",  # the same Dict
)


@pytest.mark.parametrize("reactions", [False, True], ids=["turns", "reactions"])
@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_pettingzoo_api_and_seed_tests(game_id: str, players: int, reactions: bool) -> None:
    require_space(game_id, players)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game_id, players, reactions=reactions, max_actions=SHORT), num_cycles=60)
    unexpected = [str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)]
    assert not unexpected
    seed_test(lambda: env(game_id, players, reactions=reactions, max_actions=SHORT), num_cycles=40)


def play_out(e: object, seed: int) -> dict[str, float]:
    """Random masked play to the end; the rewards collected by ``last()`` per agent."""
    e.reset(seed=seed)  # type: ignore[attr-defined]
    rng = np.random.default_rng(seed)
    collected: dict[str, float] = {}
    for agent in e.agent_iter():  # type: ignore[attr-defined]
        obs, reward, terminated, truncated, _ = e.last()  # type: ignore[attr-defined]
        collected[agent] = collected.get(agent, 0.0) + float(reward)
        if terminated or truncated:
            e.step(None)  # type: ignore[attr-defined]
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))  # type: ignore[attr-defined]
    return collected


def test_rewards_are_the_returns_at_the_end_and_shared_in_a_cooperative_game() -> None:
    for game_id, players in (("fixture-pledge", 3), ("fixture-draw", 2)):
        e = raw_env(game_id, players)
        collected = play_out(e, seed=2)
        assert e.turns is not None and e.turns.terminal
        assert collected == {f"seat_{p}": r for p, r in enumerate(e.turns.state.returns())}
        if game_id == "fixture-pledge":
            assert len(set(collected.values())) == 1


def test_the_game_is_truncated_at_max_actions_with_no_reward() -> None:
    e = raw_env("fixture-draw", 2, max_actions=3)
    collected = play_out(e, seed=1)
    assert e.turns is not None and e.turns.truncated and e.turns.steps == 3
    assert collected == {"seat_0": 0.0, "seat_1": 0.0}


def test_the_observation_and_mask_come_from_the_agents_view_and_legal_actions() -> None:
    e = raw_env("fixture-pledge", 2)
    e.reset(seed=4)
    assert e.turns is not None
    e.step(int(np.flatnonzero(e.observe("seat_0")["action_mask"])[0]))  # seat 0 pledges in secret
    game = e.game
    # a state seat 1 cannot tell from this one: seat 0's pledge and hand re-dealt
    twin = raw_env("fixture-pledge", 2)
    twin.reset(seed=4)
    twin.turns = Turns(game, e.turns.state.determinize(1, seed=9))
    twin.turns.last = e.turns.last
    twin.turns._select()
    mine, theirs = e.observe("seat_1"), twin.observe("seat_1")
    assert np.array_equal(mine["observation"], theirs["observation"])
    assert np.array_equal(mine["action_mask"], theirs["action_mask"])
    assert not e.observe("seat_0")["action_mask"].any()  # not selected: all zeros


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    e = raw_env("fixture-draw", 2)
    e.reset(seed=1)
    assert e.turns is not None
    before = e.turns.state.digest()
    with pytest.raises(IllegalActionError):
        e.step(e.game.encode_action(ludus.Action(0, "cheer")))
    assert e.turns.state.digest() == before
    assert e.render() is not None

