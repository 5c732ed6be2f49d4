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


def test_play_game_stops_an_endless_game_at_the_cap_without_raising() -> None:
    game = ludus.load("fixture-endless", players=2)
    assert game.action_cap == 20 * game.info.typical_actions == 100
    state, record = play_game(game.new_state(3), [RandomAgent(1), RandomAgent(2)], seed=3)
    assert not state.is_terminal()
    assert len(record.actions) == game.action_cap
    assert record.stopped == "stopped unfinished at the cap of 100 actions"
    assert record.final_digest is None  # an unfinished record, as `ludus play` saves one
    assert ludus.replay(record).digest() == state.digest()


def test_play_game_takes_an_explicit_cap_and_a_finished_game_is_not_stopped() -> None:
    game = ludus.load("fixture-draw", players=2)
    state, record = play_game(game.new_state(4), [RandomAgent(1), RandomAgent(2)], seed=4, max_actions=3)
    assert len(record.actions) == 3 and record.stopped is not None and not state.is_terminal()
    state, record = play_game(game.new_state(4), [RandomAgent(1), RandomAgent(2)], seed=4)
    assert state.is_terminal() and record.stopped is None and record.final_digest == state.digest()
    assert "stopped" not in record.to_json()


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
