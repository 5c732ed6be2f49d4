"""The game's words in their colours, in every language and in every form a sentence puts them in.

A game's :attr:`~ludus.core.api.Game.palette` maps words (English msgids of its catalog) to
colours: Glory to Rome's materials, roles and the Jack in the colours of their cards, Fall of
Rome's tribes, Trajan's marker colours and their one-letter initials. :func:`game_palette`
gives the words to colour in a language: each word's translations in the game's catalog (in
any context), the forms the game's glossary gives the same term (its plural), and, for a
one-letter initial, the language's own initial in its place. :class:`Painter` colours them in
any case and with any ending ("Senator": "Senatora", "Senatorowie"), so a component is
coloured as what it is, not as its English text reads.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from babel.messages.mofile import read_mo
from rich.text import Text

from ludus.core.i18n import Lang, localedir

__all__ = ["Painter", "catalog_translations", "game_palette", "glossary_forms", "stem", "translated_palette"]

STEM_MIN = 4
"""The shortest stem a palette word is matched by with any ending (shorter words match whole)."""
ENDINGS = "aeoiyąęаеєиіїоуюяйь"
"""Short final vowels an inflected form replaces ("Cegła" → "cegły", "Tégla" → "téglát")."""


def stem(word: str) -> str:
    """The part of ``word`` its inflected forms start with: without its final short vowels,
    when at least :data:`STEM_MIN` letters remain.

    >>> stem("Cegła"), stem("Senator"), stem("Legionary"), stem("Fa"), stem("жовтий")
    ('Cegł', 'Senator', 'Legionar', 'Fa', 'жовт')
    """
    cut = word.rstrip(ENDINGS + ENDINGS.upper())
    return cut if len(cut) >= STEM_MIN else word


class Painter:
    """Colours a game's words (its :attr:`~ludus.core.api.Game.palette`) in plain text.

    Words match in any case and in any inflected form: a word of :data:`STEM_MIN` letters or
    more (after its final vowels) with any ending ("Senator": "Senatora", "Senatorowie";
    "Jack": "Jacks"), a shorter one whole. A one-letter key (a marker's initial, ``Y``)
    matches only itself, as a word of its own.

    >>> paint = Painter({"brick": "red", "Y": "yellow", "Senator": "bold"})
    >>> [(span.start, span.end, span.style) for span in paint("Brick: Y YW").spans]
    [(0, 5, 'red'), (7, 8, 'yellow')]
    >>> [(span.start, span.end, span.style) for span in paint("weź Senatora, cegły").spans]
    [(4, 12, 'bold')]
    """

    def __init__(self, palette: Mapping[str, str]) -> None:
        self.palette = {word.casefold(): style for word, style in palette.items() if len(word) > 1}
        self.letters = {word: style for word, style in palette.items() if len(word) == 1}
        self.styles: list[str] = []
        patterns: list[str] = []
        for word in sorted(self.palette, key=len, reverse=True):
            head, _, last = word.rpartition(" ")
            root = stem(last)
            ending = r"\w*" if len(root) >= STEM_MIN else r"\b"
            patterns.append(f"(?P<w{len(patterns)}>{re.escape(head + ' ' if head else '')}{re.escape(root)})"
                            + ending)
            self.styles.append(self.palette[word])
        self.words = re.compile(r"\b(?:" + "|".join(patterns) + ")", re.IGNORECASE) if patterns else None
        letters = "".join(map(re.escape, self.letters))
        self.initials = re.compile(rf"(?<!\w)[{letters}](?!\w)") if letters else None

    def __call__(self, line: str, style: str = "") -> Text:
        """``line`` as rich text, each palette word in its colour."""
        text = Text(line, style=style, no_wrap=True, overflow="ellipsis")
        if self.words is not None:
            for found in self.words.finditer(line):
                index = int((found.lastgroup or "w0")[1:])
                text.stylize(self.styles[index], found.start(), found.end())
        if self.initials is not None:
            for found in self.initials.finditer(line):
                text.stylize(self.letters[found.group()], found.start(), found.end())
        return text


def translated_palette(palette: Mapping[str, str], lang: Lang, domain: str) -> dict[str, str]:
    """``palette`` with each word's translation in ``domain`` added (one-letter keys stay as they are).

    >>> from ludus.core.i18n import get_lang
    >>> translated_palette({"Rubble": "grey"}, get_lang("en"), "ludus")
    {'Rubble': 'grey'}
    """
    found = dict(palette)
    for word, style in palette.items():
        if len(word) > 1:
            found.setdefault(lang.gettext(word, domain), style)
    return found


@cache
def catalog_translations(domain: str, code: str) -> dict[str, frozenset[str]]:
    """Each message of ``domain``'s compiled catalog in ``code`` (in any context) → its
    translations; empty when the domain has no catalog in that language.

    >>> sorted(catalog_translations("glory-to-rome", "pl")["Jack"])
    ['Senator']
    """
    try:
        with (localedir(domain) / code / "LC_MESSAGES" / f"{domain}.mo").open("rb") as file:
            catalog = read_mo(file)
    except (KeyError, OSError):
        return {}
    found: dict[str, set[str]] = {}
    for message in catalog:
        if isinstance(message.id, str) and message.id and isinstance(message.string, str) and message.string:
            found.setdefault(message.id, set()).add(message.string)
    return {word: frozenset(said) for word, said in found.items()}


def glossary_forms(package: str, code: str) -> dict[str, list[str]]:
    """The forms of each term of a game's glossary (``<package>/data/glossary.toml``) in the
    language ``code``, by the term's English name (casefolded): the term and its plural
    ("Legionista", "Legioniści"); empty for a game without a glossary.

    >>> glossary_forms("ludus.games.glory_to_rome", "pl")["jack"]
    ['Senator', 'Senatorowie']
    """
    try:
        text = resources.files(package).joinpath("data/glossary.toml").read_text("utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        return {}
    forms: dict[str, list[str]] = {}
    for term in tomllib.loads(text).get("terms", {}).values():
        english = term.get("en")
        if isinstance(english, str):
            said = [term.get(code), term.get(f"{code}_plural")]
            forms[english.casefold()] = [form for form in said if isinstance(form, str) and form]
    return forms


def game_palette(game: Any, lang: Lang) -> dict[str, str]:
    """The words ``game`` colours in ``lang``: its palette's words and their translations in the
    game's catalog (in any context), the forms its glossary gives the same term, and its
    one-letter initials as the language writes them — a component is coloured as what it is,
    in every language, whatever form a sentence puts it in (:class:`Painter` adds the endings).

    >>> import ludus
    >>> from ludus.core.i18n import get_lang
    >>> polish = game_palette(ludus.load("trajan"), get_lang("pl"))
    >>> polish["żółty"], polish["Ż"], polish["P"], "Y" in polish  # Polish P is orange, not pink
    ('yellow', 'yellow', 'dark_orange', False)
    """
    palette: Mapping[str, str] = game.palette
    found = {word: style for word, style in translated_palette(palette, lang, game.info.id).items()
             if len(word) > 1}
    said = catalog_translations(game.info.id, lang.code) if lang.code != "en" else {}
    forms = glossary_forms(type(game).__module__.rpartition(".")[0], lang.code)
    for word, style in palette.items():
        if len(word) > 1:
            for form in [*sorted(said.get(word, ())), *forms.get(word.casefold(), ())]:
                found.setdefault(form, style)
    return found | _letters(palette, said)


def _letters(palette: Mapping[str, str], said: Mapping[str, frozenset[str]]) -> dict[str, str]:
    """The one-letter keys of ``palette`` as the language writes them: each key's translation
    (a marker's initial is a message of its own: Trajan's yellow "Y" is Polish "Ż") in its
    place, the key itself when it has none; a letter two colours would share is left out."""
    letters: dict[str, str] = {}
    shared: set[str] = set()
    for word, style in palette.items():
        if len(word) != 1:
            continue
        translated = said.get(word, frozenset())
        letter = next(iter(translated)) if len(translated) == 1 else word
        if letters.get(letter, style) != style:
            shared.add(letter)
        letters[letter] = style
    return {letter: style for letter, style in letters.items() if letter not in shared}
