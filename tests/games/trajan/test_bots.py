"""The greedy bot (heuristic.py) against random play, and the text rendering."""

from __future__ import annotations

import pytest

import ludus
from ludus.agents.greedy import GreedyAgent
from ludus.core.rng import Rng


def greedy_wins(games: int) -> int:
    game = ludus.load("trajan", players=2)
    wins = 0
    for i in range(games):
        state = game.new_state(i)
        seat = i % 2
        greedy = GreedyAgent(seed=i)
        rng = Rng(i * 7 + 1)
        while not state.is_terminal():
            p = state.to_move()[0]
            if p == seat:
                action = greedy.act(state, p)
            else:
                legal = state.legal_actions(p)
                action = legal[rng.randbelow(len(legal))]
            state.apply(action)
        if state.outcome().winners == (seat,):
            wins += 1
    return wins


def test_greedy_beats_random_in_a_few_games() -> None:
    assert greedy_wins(4) >= 3


@pytest.mark.slow
def test_greedy_beats_random_in_at_least_75_percent_of_200_games() -> None:
    assert greedy_wins(200) >= 150


def test_render_shows_the_board_and_hides_other_hands() -> None:
    game = ludus.load("trajan", players=3)
    state = game.new_state(1)
    rng = Rng(3)
    for _ in range(120):
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    text = game.render(state.view(0), 0)
    for word in ("TRAJAN", "time", "senate", "provinces (", "forum:", "construction area", "Player 1 (you)",
                 "hand:", "bonus tiles: yellow", "Trajan stacks"):
        assert word in text
    assert "cards" in text.split("Player 2")[1]  # another seat's hand shows only its size
    spectator = game.render(state.view(None), None)
    assert "(you)" not in spectator
