"""Issue 12: each game's glossary of edition terms (data/glossary.toml, docs/glossary/<game>.md):
every term in the four languages, each language's source named (a rulebook section, or "ours")."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from ludus.core.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
GAMES = {"glory-to-rome": "glory_to_rome", "trajan": "trajan", "fall-of-rome": "fall_of_rome",
         "hadrians-wall": "hadrians_wall"}
EDITIONS = {"glory-to-rome": {"pl"}, "trajan": {"hu"}, "fall-of-rome": {"pl"}, "hadrians-wall": {"pl", "uk"}}
"""The languages of each game's printed rulebook in /work/shared/rules: their terms come from it."""


def _present() -> list[str]:
    return [g for g, pkg in GAMES.items() if (ROOT / "src/ludus/games" / pkg / "data/glossary.toml").exists()]


@pytest.mark.parametrize("game", _present())
def test_every_term_is_in_the_four_languages_with_its_source(game: str) -> None:
    data = tomllib.loads((ROOT / "src/ludus/games" / GAMES[game] / "data/glossary.toml").read_text())
    terms = data["terms"]
    assert 40 <= len(terms) <= 120
    from_edition = 0
    for key, term in terms.items():
        for lang in LANGUAGES:
            assert isinstance(term.get(lang), str) and term[lang].strip(), (key, lang)
            assert term["source"].get(lang), (key, lang)
        from_edition += any(term["source"][lang] != "ours" for lang in EDITIONS[game])
    assert from_edition >= len(terms) * 2 // 3, "most terms come from the edition's rulebook"
    assert (ROOT / "docs/glossary" / f"{game}.md").exists()


def test_all_four_games_have_a_glossary() -> None:
    assert _present() == list(GAMES)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_title_in_each_language_is_the_glossary_s(game: str) -> None:
    import ludus

    data = tomllib.loads((ROOT / "src/ludus/games" / GAMES[game] / "data/glossary.toml").read_text())
    term = data["terms"][GAMES[game]]  # the game's own term: its title
    info = ludus.load(game).info
    for lang in LANGUAGES:
        assert info.title_in(lang) == term[lang], (game, lang)


def test_ludus_games_shows_the_titles_of_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    from rich.console import Console

    from ludus.cli import main

    assert main(["--lang", "pl", "games"], Console(width=200, color_system=None)) == 0
    out = capsys.readouterr().out
    assert "Upadek Rzymu" in out and "Mur Hadriana" in out and "Na chwałę Rzymu" in out
