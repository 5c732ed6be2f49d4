"""Random games: every option finishes and conserves every component."""

from __future__ import annotations

import pytest

import ludus.core.registry as registry
from games.fall_of_rome.fr_helpers import random_game


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_games_conserve_components(players: int) -> None:
    for seed in range(4):
        s = random_game("fall-of-rome", players, seed)
        assert s.outcome().cooperative_win in (True, False)


@pytest.mark.parametrize(
    "options",
    [
        {"difficulty": "novice"},
        {"difficulty": "heroic"},
        {"roma_caput_mundi": True, "difficulty": "legendary"},
        {"roma_caput_mundi": True, "difficulty": "novice"},
        {"roles": "chosen"},
        {"first_player": "most_days"},
        {"vestalis_may_return_revolt": True},
        {"roma_caput_mundi": True, "regina_cubes_into_roma": True},
    ],
)
@pytest.mark.parametrize("players", [1, 3])
def test_random_games_with_options(players: int, options: dict[str, object]) -> None:
    for seed in range(2):
        random_game("fall-of-rome", players, seed, **options)


def test_legendary_needs_roma_caput_mundi() -> None:
    from ludus.core.errors import OptionError

    with pytest.raises(OptionError):
        registry.load("fall-of-rome", players=2, difficulty="legendary")
