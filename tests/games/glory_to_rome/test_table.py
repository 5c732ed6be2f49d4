"""The table: score sheet, component texts and labels a person reads."""

from __future__ import annotations

import re

import pytest

import ludus.games.glory_to_rome as gtr
from ludus.core.actions import Action
from ludus.core.rng import Rng


@pytest.mark.parametrize("options", [{}, {"simplified": True}])
def test_score_sheet_rows_add_up_to_each_seat_score(options: dict[str, object]) -> None:
    game = gtr.GAME(players=3, **options)
    for seed in range(4):
        s = game.new_state(seed)
        rng = Rng(seed + 7)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
        out = s.outcome()
        sheet = out.details["sheet"]
        cats = [row["category"] for row in sheet]
        assert cats[0] == "influence" and "merchant_bonus" in cats and "vault_marble" in cats
        for row in sheet:
            assert row["label"] and len(row["points"]) == 3
        for p in range(3):
            assert sum(row["points"][p] for row in sheet) == out.scores[p]
            assert out.details["breakdown"][p]["total"] == out.scores[p]


def test_every_building_role_material_and_the_jack_has_a_text() -> None:
    from ludus.games.glory_to_rome.components import BUILDINGS, MATERIAL_NAMES, ROLE_NAMES, TEXTS

    game = gtr.GAME(players=3)
    assert set(TEXTS["buildings"]) == {b.slug for b in BUILDINGS}
    for b in BUILDINGS:
        text = game.component_text(b.slug)
        assert text is not None and TEXTS["buildings"][b.slug] in text
        for name in (b.en, b.pl, b.en.upper(), b.slug.replace("_", " "), b.en.replace(" ", "_").lower()):
            assert game.component_text(name) == text
    for name in [*MATERIAL_NAMES, *ROLE_NAMES, "Jack", "senator", "Marmur", "Tragarz"]:
        assert game.component_text(name)
    assert game.component_text("circus  maximus") == game.component_text("Targ niewolnikow")
    assert game.component_text("no such card") is None


_SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
_A_VOWEL = re.compile(r"\b[aA] [AEIOUaeiou]")


@pytest.mark.parametrize("options", [{}, {"rules": "classic"}, {"simplified": True}, {"concession": True}])
def test_labels_and_log_lines_have_no_ids_and_right_articles(options: dict[str, object]) -> None:
    game = gtr.GAME(players=4, **options)
    seen = 0
    for seed in range(3):
        s = game.new_state(seed)
        rng = Rng(seed + 31)
        while not s.is_terminal():
            actions = s.legal_actions()
            lines = [game.describe(s, a) for a in actions]
            lines += [e.text for e in s.apply(rng.choice(actions))]
            for line in lines:
                assert not _SNAKE.search(line), line
                assert not _A_VOWEL.search(line), line
            seen += len(lines)
    assert seen > 100


def test_articles_and_plurals_in_words() -> None:
    from ludus.games.glory_to_rome.notation import with_article

    assert with_article("Atrium") == "an Atrium" and with_article("Insula") == "an Insula"
    assert with_article("Road") == "a Road"
    assert gtr.GAME(players=2).describe(gtr.GAME(players=2).new_state(0),
                                        Action(0, "lay", ("ludus_magnus", "marble", "in"))) == (
        "lay a Ludus Magnus foundation on a Marble site in town")
