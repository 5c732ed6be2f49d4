"""ludus.load validates the game id, the player count and the options."""

from __future__ import annotations

import pytest

import ludus
from ludus.core.errors import OptionError, UnknownGameError

pytestmark = pytest.mark.usefixtures("fixture_games")


def test_load_gives_a_game_with_defaults() -> None:
    game = ludus.load("fixture-draw")
    assert game.players == 2
    assert game.options["cards"] == 12


def test_games_lists_registered_infos() -> None:
    assert "fixture-draw" in [info.id for info in ludus.games()]


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(UnknownGameError, match="unknown game 'chess'.*fixture-draw"):
        ludus.load("chess")


@pytest.mark.parametrize("players", [0, 4, -1])
def test_player_count_out_of_range(players: int) -> None:
    with pytest.raises(OptionError, match="1–3 players"):
        ludus.load("fixture-draw", players=players)


def test_unknown_option_names_the_options() -> None:
    with pytest.raises(OptionError, match="no option 'speed'.*cards"):
        ludus.load("fixture-draw", speed=3)


def test_option_values_are_coerced_and_bounded() -> None:
    assert ludus.load("fixture-draw", cards="8").options["cards"] == 8
    with pytest.raises(OptionError, match="at least 6"):
        ludus.load("fixture-draw", cards=2)
    with pytest.raises(OptionError, match="must be int"):
        ludus.load("fixture-draw", cards="many")


def test_errors_are_value_errors() -> None:
    assert issubclass(ludus.LudusError, ValueError)
    assert issubclass(ludus.IllegalActionError, ludus.LudusError)
