"""The greedy bot (heuristic.py) against the random bot, and the text rendering."""

from __future__ import annotations

import pytest

import ludus
from ludus.agents.greedy import GreedyAgent
from ludus.agents.random import RandomAgent


def _greedy_wins(games: int) -> int:
    wins = 0
    for i in range(games):
        state = ludus.load("glory-to-rome", players=2).new_state(i)
        seat = i % 2
        agents = {seat: GreedyAgent(i), 1 - seat: RandomAgent(i)}
        while not state.is_terminal():
            p = state.to_move()[0]
            state.apply(agents[p].act(state, p))
        if state.outcome().winners == (seat,):
            wins += 1
    return wins


def test_greedy_beats_random_in_most_of_a_few_games() -> None:
    assert _greedy_wins(6) >= 4


@pytest.mark.slow
def test_greedy_beats_random_in_75_percent_of_200_games() -> None:
    # Measured: 174 of 200 (87 %).
    assert _greedy_wins(200) >= 150


def test_render_shows_the_players_view() -> None:
    game = ludus.load("glory-to-rome", players=3)
    state = game.new_state(4)
    text = game.render(state.view(0), 0)
    for part in ("Pool:", "Deck:", "Sites in town:", "Player 0 (you)", "Hand (5/5)", "Clientele", "Stockpile", "Vault"):
        assert part in text
    assert "Hand (" not in game.render(state.view(None), None)


def test_describe_gives_readable_labels() -> None:
    game = ludus.load("glory-to-rome", players=2)
    state = game.new_state(1)
    labels = [game.describe(state, a) for a in state.legal_actions()]
    assert "think: draw cards" in labels and any(label.startswith("lead ") for label in labels)
