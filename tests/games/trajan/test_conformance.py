"""The conformance suite for every player count and option, and conservation over random games."""

from __future__ import annotations

import pytest

import ludus
from ludus.core.rng import Rng
from ludus.games.trajan.components import Phase
from ludus.games.trajan.invariants import EXPECTED_COUNTS, component_counts
from ludus.testing import check_game
from ludus.testing.scenario import conserved


@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_game_every_player_count(players: int) -> None:
    check_game("trajan", players=players, games=2, seed=players)


@pytest.mark.parametrize(
    "options",
    [
        {"pregame_trajan": "top"},
        {"starting_markers": "random"},
        {"starting_markers": "different"},
        {"trajan_face_up": False},
        {"demand_joker_bonus": True},
        {"reshuffle": False},
        {"remove_province_senate_tiles": False},
        {"final_tiebreak": "track"},
        {"edition": 1},
        {"lap_2p": 12, "lap_3p": 17, "lap_4p": 22},
    ],
)
def test_check_game_options(options: dict[str, object]) -> None:
    check_game("trajan", players=2, options=options, games=1, seed=11)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conservation_over_random_games(players: int) -> None:
    game = ludus.load("trajan", players=players)
    for seed in range(3):
        state = game.new_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply(actions[rng.randbelow(len(actions))])
            counts = component_counts(state)
            for key, expected in EXPECTED_COUNTS.items():
                assert counts[key] == expected, key
            if state.phase >= Phase.TAKE:
                for p in range(players):
                    assert counts[f"tokens_{p}"] == 15
                    assert counts[f"markers_{p}"] == 12
            conserved(state)
