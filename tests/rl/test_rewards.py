"""Issue 37: every wrapper rewards every seat of every game and player count with the returns
derived from the outcome, in a random game played to its end."""

from __future__ import annotations

import math
import random

import numpy as np
import pyspiel
import pytest
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

import ludus
from ludus.core.api import State
from ludus.core.info import returns_of
from ludus.rl.gymnasium import LudusEnv
from ludus.rl.openspiel import register, short_name
from ludus.rl.pettingzoo import raw_env
from ludus.rl.selfplay import SelfPlayEnv
from rl.rl_helpers import GAMES, player_counts

CAP = 2000
"""A bound on every game (random games of the four end within 600 actions)."""
CASES = [pytest.param(g, n, id=f"{g}-{n}p") for g in GAMES for n in player_counts(g)]


def expected(state: State) -> list[float]:
    """The returns derived from the outcome: places (``returns_of``), a co-operative game's shared
    result, and a free solo Hadrian's Wall game's score ``tanh((VP - 30) / 25)``."""
    outcome = state.outcome()
    if state.game.info.id == "hadrians-wall" and len(outcome.scores) == 1 and "fort" not in outcome.details:
        return [math.tanh((outcome.scores[0] - 30.0) / 25.0)]
    return list(returns_of(outcome))


def check(state: State, rewards: list[float]) -> None:
    """``state`` is over and ``rewards`` are its returns, which the engine's ``returns()`` agrees with."""
    assert state.is_terminal()
    want = expected(state)
    assert rewards == pytest.approx(want)
    assert list(state.returns()) == pytest.approx(want)
    if state.game.info.cooperative:
        assert len(set(rewards)) == 1


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_pettingzoo_aec_rewards_are_the_returns(game_id: str, players: int) -> None:
    e = raw_env(game_id, players, max_actions=CAP)
    e.reset(seed=players)
    rng = np.random.default_rng(players)
    collected = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        collected[agent] += float(reward)
        if terminated or truncated:
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert e.turns is not None
    check(e.turns.state, [collected[a] for a in e.possible_agents])


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_pettingzoo_parallel_rewards_are_the_returns(game_id: str, players: int) -> None:
    aec = raw_env(game_id, players, max_actions=CAP)
    par = turn_based_aec_to_parallel(aec)
    observations, _ = par.reset(seed=players + 10)
    rng = np.random.default_rng(players)
    collected = dict.fromkeys(par.possible_agents, 0.0)
    while par.agents:
        actions = {}
        for agent, obs in observations.items():
            legal = np.flatnonzero(obs["action_mask"])
            actions[agent] = int(rng.choice(legal)) if legal.size else 0  # only the selected agent's counts
        observations, rewards, _, _, _ = par.step(actions)
        for agent, reward in rewards.items():
            collected[agent] += float(reward)
    assert aec.turns is not None
    check(aec.turns.state, [collected[a] for a in par.possible_agents])


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_gymnasium_rewards_are_the_returns_of_every_seat(game_id: str, players: int) -> None:
    env = SelfPlayEnv(game_id, players, opponents="random", max_actions=CAP)
    plain = LudusEnv(game_id, players, seat=players - 1, opponents="random", max_actions=CAP)
    for episode in range(players + 1):  # the rotation puts the learner in every seat; then LudusEnv
        current = env if episode < players else plain
        # one seed for the rotation (a seed restarts it); LudusEnv its own
        _, info = current.reset(seed=20 + players if episode in (0, players) else None)
        rng = np.random.default_rng(episode)
        total, done = 0.0, False
        while not done:
            number = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, reward, terminated, truncated, info = current.step(number)
            total += reward
            done = terminated or truncated
        assert current.turns is not None and terminated
        seat = current.seat
        if current is env:
            assert seat == info["seat"] == episode
        check(current.turns.state, list(current.turns.state.returns()))
        assert total == pytest.approx(expected(current.turns.state)[seat])


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_openspiel_returns_are_the_returns(game_id: str, players: int) -> None:
    register()
    game = pyspiel.load_game(short_name(game_id), {"players": players, "max_actions": CAP})
    state = game.new_initial_state()
    rng = random.Random(players)
    rewards = [0.0] * players
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([seed for seed, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        rewards = [a + b for a, b in zip(rewards, state.rewards())]
    ludus_state = state.turns.state
    want = expected(ludus_state)
    if game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM:  # returns less their mean
        want = [v - sum(want) / players for v in want]
    assert state.returns() == pytest.approx(want)
    assert rewards == pytest.approx(want)
    check(ludus_state, list(ludus_state.returns()))


def test_a_free_solo_hadrians_wall_game_returns_its_score_and_a_campaign_its_goal() -> None:
    values: dict[float, float] = {}
    for seed in range(6):
        game = ludus.load("hadrians-wall", players=1)
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions(0)))
        values[state.outcome().scores[0]] = state.returns()[0]
    assert len(set(values.values())) > 1  # not 1.0 for every game (issue 37)
    ordered = [values[vp] for vp in sorted(values)]
    assert ordered == sorted(ordered) and all(-1.0 < v < 1.0 for v in ordered)
    assert math.tanh((55 - 30) / 25) == pytest.approx(0.7616, abs=1e-4)
    campaign = ludus.load("hadrians-wall", players=1, campaign_fort=3)
    state = campaign.new_state(1)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions(0)))
    assert state.returns() == ((1.0,) if state.outcome().winners else (0.0,))
