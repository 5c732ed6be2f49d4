"""Each game's doc maps rulebook headings to the code that implements them, and both ends exist.

The games checked are the registered games of this repository (``registry.house_games()``): a game
added by ``scripts/new_game.py`` is checked from its first commit. Its doc ``docs/games/<id>.md``
must exist. **The one exception, explicit:** a game fresh from the template has no rulebook-derived
rule index yet, so its doc's ``## Rule index`` section holds the line :data:`NO_INDEX_YET` (the
script writes it) and no row; such a doc is checked for exactly that. Removing the line is how a
game's author says the index is written: from then on it needs :data:`MIN_ROWS` rows, each naming
code that exists, and (when the rulebook texts are beside the project) a heading the rulebook prints.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ludus.core.registry import house_games
from ludus.testing.citations import check_rule_index, rule_index

ROOT = Path(__file__).resolve().parents[2]
RULES = Path(os.environ.get("LUDUS_RULES", ROOT.parent / "shared" / "rules"))
GAMES = house_games()
MIN_ROWS = 10
NO_INDEX_YET = "No rule index yet: this game was made from the template game (scripts/new_game.py)."
"""The line that marks a doc whose game has no rulebook-derived rule index yet."""


def _doc(game_id: str) -> Path:
    return ROOT / "docs" / "games" / f"{game_id}.md"


def _section(doc: Path) -> list[str]:
    """The lines of ``doc``'s ``## Rule index`` section."""
    lines = doc.read_text(encoding="utf-8").splitlines()
    starts = [i for i, line in enumerate(lines) if line.strip().lower() == "## rule index"]
    assert starts, f"{doc.name} has no '## Rule index' section"
    rest = lines[starts[0] + 1:]
    ends = [i for i, line in enumerate(rest) if line.startswith("## ")]
    return rest[:ends[0]] if ends else rest


def _indexed(game_id: str) -> bool:
    """False for a game still marked as having no rule index (the explicit exception above)."""
    return NO_INDEX_YET not in [line.strip() for line in _section(_doc(game_id))]


def test_the_house_games_are_found() -> None:
    assert len(GAMES) >= 4
    assert sum(_indexed(game) for game in GAMES) >= 4, "the four rulebook games keep their indexes"


@pytest.mark.parametrize("game", GAMES)
def test_rule_index_targets_exist(game: str) -> None:
    doc = _doc(game)
    assert doc.exists(), f"every game of the repository has its doc: {doc} is missing"
    if not _indexed(game):
        assert rule_index(doc) == [], f"{doc.name} says it has no rule index yet but lists rows"
        return
    assert len(rule_index(doc)) >= MIN_ROWS
    assert check_rule_index(doc, None) == []


@pytest.mark.parametrize("game", GAMES)
def test_rule_index_headings_occur_in_the_rulebook(game: str) -> None:
    package = game.replace("-", "_")
    books = sorted(RULES.glob(f"{package}.*.txt"))
    if not _indexed(game):
        assert books == [], f"{game} has a rulebook ({books[0].name}) but no rule index: write one"
        return
    if not books:
        pytest.skip(f"the rulebooks are not beside the project ({RULES}); set LUDUS_RULES")
    assert check_rule_index(_doc(game), books) == []
