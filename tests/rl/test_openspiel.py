"""The OpenSpiel games pass pyspiel's random simulation test, and OpenSpiel's IS-MCTS plays them."""

from __future__ import annotations

import json

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from ludus.rl.openspiel import register, short_name
from rl.rl_helpers import CASES, require_space

REACTING = ("fixture-draw", "fall-of-rome")
"""The games with optional out-of-turn actions: simulated with reaction windows."""
SIM_ACTIONS = 60
"""random_sim_test checks every seat's strings and tensors at each step: a short game."""


def load(game_id: str, players: int, **params: object) -> pyspiel.Game:
    register()
    return pyspiel.load_game(short_name(game_id), {"players": players, **params})


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_random_sim_test_with_serialization(game_id: str, players: int) -> None:
    require_space(game_id, players)
    game = load(game_id, players, reactions=game_id in REACTING, max_actions=SIM_ACTIONS, deals=16)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def play_with_ismcts(game: pyspiel.Game, seed: int, simulations: int) -> pyspiel.State:
    """Seat 0 plays IS-MCTS (random rollouts), the others play at random; returns the final state.

    Deterministic: the bot's world samples come from a seeded sampler."""
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, simulations, random_state=rng,
                           allow_inconsistent_action_sets=False)
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)  # the default one is seeded at random
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(seed % game.max_chance_outcomes())
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_openspiels_ismcts_plays_a_game(game_id: str, players: int) -> None:
    require_space(game_id, players)
    game = load(game_id, players, max_actions=40)
    state = play_with_ismcts(game, seed=players, simulations=8)
    assert len(state.returns()) == players


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players"), [case for case in CASES if case.values[1] == 2])
def test_openspiels_ismcts_plays_a_whole_game(game_id: str, players: int) -> None:
    require_space(game_id, players)
    state = play_with_ismcts(load(game_id, players), seed=1, simulations=10)
    assert state.turns.terminal  # the game ended by its rules, not at the cap


@pytest.mark.slow
def test_ismcts_searching_longer_wins_more_on_the_fixture_game() -> None:
    game = load("fixture-draw", 2)
    weak = sum(play_with_ismcts(game, seed=s, simulations=2).returns()[0] for s in range(20))
    strong = sum(play_with_ismcts(game, seed=s, simulations=150).returns()[0] for s in range(20))
    assert strong > weak


def test_resampling_keeps_the_information_state_and_redeals_the_hidden_cards() -> None:
    game = load("fixture-pledge", 3)
    state = game.dealt_state(5)
    state.apply_action(state.legal_actions()[-1])  # seat 0 pledges its best card in secret
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    hidden = set()
    for _ in range(12):
        other = state.resample_from_infostate(1, sampler)
        assert other.information_state_string(1) == state.information_state_string(1)
        assert other.observation_tensor(1) == state.observation_tensor(1)
        assert other.current_player() == state.current_player()
        hidden.add(json.dumps(other.turns.state.to_json()["hands"]))
        assert json.loads(other.information_state_string(0))["actions"] == []  # seat 0's own actions: unknown
    assert len(hidden) > 1


def test_information_state_holds_the_view_and_own_actions_only() -> None:
    game = load("fixture-pledge", 2)
    state = game.dealt_state(3)
    action = state.legal_actions()[0]
    state.apply_action(action)
    mine, theirs = json.loads(state.information_state_string(0)), json.loads(
        state.information_state_string(1))
    assert mine["actions"] == [action] and theirs["actions"] == []
    assert theirs["view"] == state.turns.state.view(1)
    assert isinstance(theirs["view"]["pledged"][0], bool)  # seat 0's pledge is hidden from seat 1
    assert "actions" not in json.loads(state.observation_string(1))


def test_game_type_flags() -> None:
    kinds = pyspiel.GameType
    assert load("fixture-pledge", 2).get_type().utility == kinds.Utility.IDENTICAL
    assert load("fixture-draw", 2).get_type().utility == kinds.Utility.ZERO_SUM
    assert load("fixture-draw", 1).get_type().utility == kinds.Utility.GENERAL_SUM
    flags = load("fixture-draw", 3).get_type()
    assert flags.dynamics == kinds.Dynamics.SEQUENTIAL
    assert flags.information == kinds.Information.IMPERFECT_INFORMATION
    assert flags.reward_model == kinds.RewardModel.TERMINAL
    assert flags.provides_observation_tensor and flags.provides_information_state_string
    game = load("fixture-draw", 3, reactions=True)
    assert game.num_distinct_actions() == 14 + 1
    assert game.observation_tensor_shape() == [1 + 6 + 4 * 3]


def test_zero_sum_returns_add_up_to_zero() -> None:
    game = load("fixture-draw", 3)
    for seed in range(4):
        state = play_with_ismcts(game, seed=seed, simulations=2)
        assert abs(sum(state.returns())) < 1e-9
