"""The table: score sheet, component texts and labels a person reads."""

from __future__ import annotations

import pytest

import ludus.games.glory_to_rome as gtr
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
