"""The ludus conformance suite for every player count and option."""

from __future__ import annotations

import pytest

from fixtures.sizes import slow_at_large_tables
from ludus.testing import check_game


# The two other rule sets at 4-5 players run in `make soak`.
@pytest.mark.parametrize(("options", "players"),
                         slow_at_large_tables({}, [{"rules": "classic"}, {"simplified": True}], (2, 3, 4, 5),
                                              4))
def test_check_game(players: int, options: dict[str, object]) -> None:
    report = check_game("glory-to-rome", players=players, options=options, games=2, seed=players)
    assert report.games == 2 and report.determinize_changed > 0


@pytest.mark.parametrize("options", [{"start_order": "en"}, {"latrine_jack": False}, {"concession": True}])
def test_check_game_minor_options(options: dict[str, object]) -> None:
    assert check_game("glory-to-rome", players=3, options=options, games=1, seed=9).games == 1
