"""Each game's doc maps rulebook headings to the code that implements them, and both ends exist."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ludus.testing.citations import check_rule_index, rule_index

ROOT = Path(__file__).resolve().parents[2]
RULES = Path(os.environ.get("LUDUS_RULES", ROOT.parent / "shared" / "rules"))
GAMES = ["fall_of_rome", "glory_to_rome", "hadrians_wall", "trajan"]


@pytest.mark.parametrize("game", GAMES)
def test_rule_index_targets_exist(game: str) -> None:
    doc = ROOT / "docs" / "games" / f"{game.replace('_', '-')}.md"
    assert len(rule_index(doc)) >= 10
    assert check_rule_index(doc, None) == []


@pytest.mark.parametrize("game", GAMES)
def test_rule_index_headings_occur_in_the_rulebook(game: str) -> None:
    books = sorted(RULES.glob(f"{game}.*.txt"))
    if not books:
        pytest.skip(f"the rulebooks are not beside the project ({RULES}); set LUDUS_RULES")
    doc = ROOT / "docs" / "games" / f"{game.replace('_', '-')}.md"
    assert check_rule_index(doc, books) == []
