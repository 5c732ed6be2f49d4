"""Issue 36: every word as the edition prints it. Each catalog is checked against its game's glossary
(``data/glossary.toml``: a term's ``<lang>_forbidden`` variants never appear), speaks to the player in
one form of address (``src/ludus/locale/style.toml``), counts with plural forms wherever a number
meets a noun, and writes decimal numbers the way its language does."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from ludus.core.i18n import domains, localedir
from ludus.core.registry import games

ROOT = Path(__file__).resolve().parents[2]
STYLE = tomllib.loads((ROOT / "src/ludus/locale/style.toml").read_text(encoding="utf-8"))
TRANSLATED = ("pl", "hu", "uk")

NUMBERS = frozenset({
    "count", "n", "cards", "digits", "size", "games", "actions", "need", "length", "seeds", "seatings",
    "cubes", "points", "more", "workers", "digests", "tables", "seconds", "minutes", "hours", "days",
    "steps", "moves", "legions", "forts", "left", "places", "turns", "rounds", "boxes", "favours",
})
"""Placeholder names that always hold a count: one directly before a word is a number meeting a noun."""

NOT_A_NOUN = frozenset({
    "VP", "of", "to", "and", "or", "in", "at", "x", "for", "from", "per", "each", "with", "on", "by", "than",
    "but", "if", "when", "as", "into", "after", "before", "is", "are", "was", "were", "has", "have", "needs",
    "need", "must", "may", "can",
    # a unit's abbreviation ("time per move: {minutes} min"): pl "min", uk "хв", hu "perc" take no plural form
    "min",
})
"""Words after a count that no language inflects by it (an abbreviation, a preposition)."""


def _domains() -> list[str]:
    games()  # registers every game's domain
    return list(domains())


def _catalog(domain: str, lang: str) -> Catalog:
    with open(localedir(domain) / lang / "LC_MESSAGES" / f"{domain}.po", "rb") as f:
        return read_po(f, locale=lang)


def _translations(domain: str, lang: str) -> list[tuple[str, str]]:
    """(msgid, each translated form) of a catalog."""
    out: list[tuple[str, str]] = []
    for message in _catalog(domain, lang):
        if not message.id:
            continue
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        out.extend((key, text) for text in strings if text)
    return out


def _glossary(domain: str) -> dict[str, dict[str, object]]:
    """The terms of the game whose catalog ``domain`` is (none for the platform's)."""
    path = localedir(domain).parent / "data" / "glossary.toml"
    if domain == "ludus" or not path.exists():
        return {}
    terms: dict[str, dict[str, object]] = tomllib.loads(path.read_text(encoding="utf-8"))["terms"]
    return terms


def _words(text: str) -> set[str]:
    return {w.casefold() for w in re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)?", text)}


@pytest.mark.parametrize("domain", _domains())
@pytest.mark.parametrize("lang", TRANSLATED)
def test_one_form_of_address_in_every_catalog(lang: str, domain: str) -> None:
    forbidden = {w.casefold() for w in STYLE[lang]["forbidden"]}
    wrong = [(key, text) for key, text in _translations(domain, lang) if _words(text) & forbidden]
    assert not wrong, f"{len(wrong)} {lang} strings not in the {STYLE[lang]['address']!r} form: {wrong[:5]}"


@pytest.mark.parametrize("domain", _domains())
@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_forbidden_variant_of_an_edition_term(lang: str, domain: str) -> None:
    stems = [(key, str(stem).casefold()) for key, term in _glossary(domain).items()
             for stem in term.get(f"{lang}_forbidden", ())]  # type: ignore[attr-defined]
    wrong = [(key, stem, text) for msgid, text in _translations(domain, lang)
             for key, stem in stems if any(word.startswith(stem) for word in _words(text))]
    assert not wrong, f"{len(wrong)} {lang} strings use a forbidden variant: {wrong[:5]}"


def test_the_ukrainian_edition_terms_of_hadrians_wall_are_forbidden_in_their_variants() -> None:
    terms = _glossary("hadrians-wall")
    forbidden = {str(s) for term in terms.values() for s in term.get("uk_forbidden", ())}  # type: ignore[attr-defined]
    assert {"клітинк", "заповн"} <= forbidden


def _counted_nouns(msgid: str) -> list[str]:
    """The ``{count} noun`` places of an English message."""
    return [m.group(0) for m in re.finditer(r"\{(\w+)\}\s+([A-Za-z]+)", msgid)
            if m.group(1) in NUMBERS and m.group(2) not in NOT_A_NOUN]


@pytest.mark.parametrize("domain", _domains())
def test_a_number_before_a_noun_is_a_plural_message(domain: str) -> None:
    singular = [message.id for message in _catalog(domain, "en")
                if message.id and not isinstance(message.id, tuple) and _counted_nouns(message.id)]
    assert not singular, f"{len(singular)} messages count without plural forms (ngettext): {singular[:5]}"


DECIMAL = re.compile(r"(?<![\w.,-])\d+\.\d+(?![\w.])")
COMMAND = re.compile(r"--[\w-]+[ =]\d+\.\d+|\d+\.\d+\.\d+")


@pytest.mark.parametrize("domain", _domains())
@pytest.mark.parametrize("lang", STYLE["decimal"]["comma"])
def test_decimal_numbers_are_written_with_the_language_s_comma(lang: str, domain: str) -> None:
    wrong = [(key, text) for key, text in _translations(domain, lang)
             if DECIMAL.search(COMMAND.sub("", text))]
    assert not wrong, f"{len(wrong)} {lang} strings write a decimal point: {wrong[:5]}"
