"""The template game a new game copies (tests/fixtures/template_game) has every room and passes the suite."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from architecture.test_shape import GAME_MODULES
from fixtures.template_game import GAME
from ludus.core import registry
from ludus.testing import check_game
from ludus.testing.scenario import conserved, edit, legal, play, started

TEMPLATE = Path(__file__).resolve().parents[1] / "fixtures" / "template_game"


@pytest.fixture(autouse=True)
def tally() -> Iterator[None]:
    registry.register(GAME)
    yield
    registry.unregister(GAME.info.id)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_template_passes_the_conformance_suite(players: int) -> None:
    report = check_game("fixture-tally", players=players, games=4, seed=players)
    assert report.games == 4 and report.determinize_changed > 0


def test_template_has_the_rooms_of_a_game() -> None:
    rooms = {p.name for p in TEMPLATE.iterdir()
             if p.name != "__pycache__" and (p.suffix == ".py" or p.is_dir())}
    assert rooms == GAME_MODULES


def test_a_draw_opens_a_keep_or_discard_decision_seen_only_by_the_drawer() -> None:
    s = started("fixture-tally", players=2, seed=3)
    with edit(s):
        s.deck = [0, 1, 2, 3, 4, 5, 6, 7]
        s.hands = [[8, 9], [10, 11]]
    events = play(s, "0:draw")
    assert legal(s) == ["0:keep", "0:discard"]
    assert [(e.kind, e.data) for e in events] == [("draw", {"seat": 0}), ("drew", {"card": 7})]
    assert not events[1].is_visible_to(1) and events[1].text == "you draw a 2"
    assert s.view(1)["pending"] == {"who": 0, "card": None}
    play(s, "0:discard")
    assert s.discard == [7] and s.current == 1
    conserved(s)


@pytest.mark.parametrize("lang", ["en", "pl", "hu", "uk"])
def test_the_template_speaks_four_languages(lang: str) -> None:
    # issue 12: a game's catalogs live in its locale/
    # (make i18n DOMAINS=fixture-tally:tests/fixtures/template_game)
    from ludus.testing.i18n import problems, read_everything

    texts, checked = read_everything(registry.load("fixture-tally", 2), 5, lang)
    assert texts and problems(texts, checked) == []
