"""Agents and the play_game driver."""

from __future__ import annotations

import pytest

import ludus
from ludus.agents import GreedyAgent, RandomAgent, make_agent, play_game

pytestmark = pytest.mark.usefixtures("fixture_games")


def test_play_game_finishes_and_records_a_replayable_game() -> None:
    game = ludus.load("fixture-draw", players=3)
    state, record = play_game(game.new_state(9), [RandomAgent(s) for s in range(3)], seed=9)
    assert state.is_terminal()
    assert record.final_digest == state.digest()
    assert ludus.replay(record).digest() == state.digest()


def test_random_agent_is_reproducible_for_a_seed() -> None:
    game = ludus.load("fixture-draw", players=2)
    records = [play_game(game.new_state(4), [RandomAgent(1), RandomAgent(2)], seed=4)[1] for _ in range(2)]
    assert records[0].actions == records[1].actions


def test_random_agents_react_out_of_turn_sometimes() -> None:
    game = ludus.load("fixture-draw", players=3)
    cheers = 0
    for seed in range(20):
        _, record = play_game(game.new_state(seed), [RandomAgent(seed * 3 + s, 0.2) for s in range(3)], seed=seed)
        cheers += sum("cheer" in a for a in record.actions)
    assert cheers > 0


def test_greedy_beats_random_in_the_fixture_game() -> None:
    game = ludus.load("fixture-draw", players=2)
    wins = 0
    for seed in range(30):
        state, _ = play_game(game.new_state(seed), [GreedyAgent(seed), RandomAgent(seed)], seed=seed)
        wins += 0 in state.outcome().winners
    assert wins >= 18


def test_unknown_agent_name() -> None:
    with pytest.raises(ludus.LudusError, match="unknown agent 'smart'"):
        make_agent("smart")
