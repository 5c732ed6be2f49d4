"""The conformance suite for every player count, difficulty and option."""

from __future__ import annotations

import pytest

from fixtures.sizes import slow_at_large_tables
from ludus.testing import check_game


# Easy and hard at 5-6 players run in `make soak`.
@pytest.mark.parametrize(("difficulty", "players"),
                         slow_at_large_tables("normal", ["easy", "hard"], range(1, 7), 5))
def test_check_game(players: int, difficulty: str) -> None:
    report = check_game("hadrians-wall", players=players, options={"difficulty": difficulty}, games=1,
                        seed=players)
    assert report.games == 1


@pytest.mark.parametrize("fort", range(1, 17))
def test_check_game_campaign_forts(fort: int) -> None:
    options = {"campaign_fort": fort, "difficulty": "normal", "campaign_reward": fort > 1}
    report = check_game("hadrians-wall", players=1, options=options, games=1, seed=fort)
    assert report.games == 1


@pytest.mark.parametrize("options", [{"final_pass": True}, {"resource_passing": False}])
def test_check_game_neighbour_options(options: dict[str, bool]) -> None:
    report = check_game("hadrians-wall", players=3, options=options, games=1, seed=3)
    assert report.games == 1
