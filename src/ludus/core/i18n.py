"""Languages: gettext catalogs managed with Babel, one domain for the platform and one per game.

A :class:`Lang` is an immutable handle on one language (``en``, ``pl``, ``hu``,
``uk``): it translates messages of a domain (``"ludus"`` for the platform, a game's
id for a game), picks plural forms, and formats numbers and lists the way the
locale writes them (Babel). Nothing here is global: every call that returns text
takes a ``Lang``, so two threads may render two languages at once.

Catalogs live in ``<localedir>/<lang>/LC_MESSAGES/<domain>.po`` with their
compiled ``.mo`` beside them; the platform's localedir is ``ludus/locale`` and a
game's is the ``locale`` directory of its package (:func:`register_domain`).
``make i18n`` extracts, updates and compiles them (``pybabel``; event templates are
read from each game's ``data/messages.toml`` by :func:`extract_toml`).

>>> pl = get_lang("pl")
>>> pl.number(12.5), pl.join(["Rubble", "Wood", "Brick"])
('12,5', 'Rubble, Wood i Brick')
>>> get_lang("en").ngettext("{n} card", "{n} cards", 2).format(n=2)
'2 cards'
"""

from __future__ import annotations

import copy
import gettext
import locale as system_locale
import math
import os
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, BinaryIO

from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal, format_percent

from ludus.core.errors import N_, LanguageError, LudusError

__all__ = [
    "LANGUAGES",
    "N_",
    "Lang",
    "LangLike",
    "as_lang",
    "domains",
    "extract_toml",
    "get_lang",
    "negotiate",
    "register_domain",
]

LANGUAGES: tuple[str, ...] = ("en", "pl", "hu", "uk")
"""The languages of the rulebooks ludus is built from, and English."""
PLATFORM = "ludus"
"""The platform's domain (CLI, terminal, errors)."""

_DOMAINS: dict[str, Path] = {PLATFORM: Path(__file__).resolve().parent.parent / "locale"}


def register_domain(domain: str, localedir: Path) -> None:
    """Say where ``domain``'s catalogs are (a game registers its package's ``locale``)."""
    _DOMAINS[domain] = localedir


def localedir(domain: str) -> Path:
    """The directory holding ``domain``'s catalogs."""
    return _DOMAINS[domain]


def domains() -> tuple[str, ...]:
    """The domains registered so far: the platform's, and each loaded game's."""
    return tuple(_DOMAINS)


@cache
def _translations(domain: str, code: str) -> gettext.NullTranslations:
    where = _DOMAINS.get(domain)
    if where is None:
        return gettext.NullTranslations()
    return gettext.translation(domain, where, languages=[code], fallback=True)


class Lang:
    """One language: translations of every domain, plural forms, numbers and lists.

    Make one with :func:`get_lang` (cached: a ``Lang`` is immutable). A ``Lang`` has a
    default domain (the platform's); :meth:`for_domain` gives the same language
    translating a game's messages by default, so a game's code writes
    ``lang.gettext("Rubble")`` and ``pybabel`` extracts it.

    A reader also knows the people at the table: :meth:`with_names` gives the same
    language calling each seat by its name, and :meth:`player` is how every board, log
    line and status names a seat ("Player 1"… counted from 1 when it has no name).
    """

    __slots__ = ("code", "domain", "locale", "names")

    def __init__(self, code: str, domain: str = PLATFORM) -> None:
        if code not in LANGUAGES:
            raise LanguageError(f"unknown language {code!r}: choose one of {', '.join(LANGUAGES)}")
        self.code = code
        self.domain = domain
        self.locale = Locale.parse(code)
        self.names: tuple[str, ...] = ()

    def for_domain(self, domain: str) -> Lang:
        """This language, translating ``domain`` (a game's id) by default (the seats' names kept)."""
        bound = _bound(self.code, domain)
        return bound.with_names(self.names) if self.names else bound

    def with_names(self, names: Sequence[str]) -> Lang:
        """This language, calling seat ``n`` by ``names[n]`` (an empty name: "Player n+1").

        >>> en = get_lang("en").with_names(["Ada", ""])
        >>> en.player(0), en.player(1), get_lang("pl").player(2)
        ('Ada', 'Player 2', 'Gracz 3')
        """
        named = copy.copy(self)
        named.names = tuple(str(name) for name in names)
        return named

    def player(self, seat: int) -> str:
        """What a reader calls ``seat`` (0-based): its name at the table, else "Player 1"… (from 1).

        Notation keeps the seat's number (``0:march Lugdunum``); people read this.
        """
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return _translations(PLATFORM, self.code).gettext(N_("Player {n}")).format(n=seat + 1)

    def players(self, seats: Sequence[int]) -> str:
        """Several seats' names as the language lists them ("Ada and Player 2")."""
        return self.join([self.player(seat) for seat in seats])

    def gettext(self, message: str, domain: str | None = None) -> str:
        """``message`` (its English msgid) in this language."""
        return _translations(domain or self.domain, self.code).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int, domain: str | None = None) -> str:
        """The form of a message for the count ``n`` (Polish and Ukrainian have three forms)."""
        return _translations(domain or self.domain, self.code).ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str, domain: str | None = None) -> str:
        """``message`` in ``context`` (a component name: ``pgettext("building", "Forum")``)."""
        return _translations(domain or self.domain, self.code).pgettext(context, message)

    def error_text(self, error: LudusError) -> str:
        """``error`` (a message id and its values: :mod:`ludus.core.errors`) in this language.

        >>> from ludus.core.errors import NotationError
        >>> get_lang("pl").error_text(NotationError(N_("the game is over")))
        'gra się skończyła'
        """
        return error.text_in(self)

    def number(self, value: float) -> str:
        """A number as the locale writes it."""
        return format_decimal(value, locale=self.locale)

    def fixed(self, value: float, digits: int = 2) -> str:
        """``value`` with ``digits`` decimals as the locale writes it (``12,50`` in Polish; ``–`` for NaN)."""
        if math.isnan(value):
            return "–"
        return format_decimal(
            value, format="#,##0." + "0" * digits if digits else "#,##0", locale=self.locale
        )

    def percent(self, value: float) -> str:
        """A rate as a percentage with one decimal as the locale writes it (``62,5%``)."""
        return format_percent(value, format="#,##0.0%", locale=self.locale)

    def join(self, items: list[str]) -> str:
        """A list as the locale writes it ("A, B and C")."""
        return format_list(items, locale=self.locale) if items else ""

    def __repr__(self) -> str:
        return f"Lang({self.code!r})" if self.domain == PLATFORM else f"Lang({self.code!r}, {self.domain!r})"


@cache
def _bound(code: str, domain: str) -> Lang:
    return Lang(code, domain)


@cache
def get_lang(code: str) -> Lang:
    """The :class:`Lang` of ``code`` (one of :data:`LANGUAGES`); raises
    :class:`~ludus.core.errors.LanguageError`."""
    return Lang(code)


LangLike = Lang | str | None
"""What an API that returns text takes as ``locale``: a :class:`Lang`, a code, or None (English)."""


def as_lang(locale: LangLike) -> Lang:
    """The :class:`Lang` for ``locale`` (a ``Lang``, a code such as ``"pl"``, or None for English).

    >>> as_lang(None), as_lang("hu"), as_lang(get_lang("uk"))
    (Lang('en'), Lang('hu'), Lang('uk'))
    """
    if locale is None:
        return get_lang("en")
    if isinstance(locale, Lang):
        return locale
    return get_lang(locale)


def negotiate(explicit: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to use: ``explicit`` (``--lang``), else ``LUDUS_LANG``, else the
    system locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``) when it is one of ours, else English.

    >>> negotiate(None, {"LANG": "pl_PL.UTF-8"}), negotiate("hu", {"LUDUS_LANG": "uk"})
    ('pl', 'hu')
    """
    env = os.environ if environ is None else environ
    if explicit:
        return get_lang(explicit.lower()).code
    chosen = env.get("LUDUS_LANG")
    if chosen:
        return get_lang(chosen.lower()).code
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            code = value.split(".")[0].split("_")[0].lower()
            return code if code in LANGUAGES else "en"
    if environ is None:
        found = system_locale.getlocale()[0]
        if found and found.split("_")[0] in LANGUAGES:
            return found.split("_")[0]
    return "en"


def extract_toml(
    fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: Mapping[str, Any]
) -> Iterator[tuple[int, str | None, str | tuple[str, str], list[str]]]:
    """A Babel extractor for a game's TOML data.

    Without options (a ``data/messages.toml``) every string of every table is a message
    (``[events]``, ``[reasons]``, … tables of kind = template), and a table with ``one``
    and ``other`` is a plural message (``ngettext``). With ``keys = en name`` (babel.cfg)
    only the strings, or lists of strings, under those keys anywhere in the file are
    messages (component names and effect texts kept beside the rest of a component's data).
    Each message's comment is where it was found.
    """
    data = tomllib.loads(fileobj.read().decode("utf-8"))
    keys = set(str(options.get("keys", "")).split())
    if keys:
        yield from _keyed(data, keys, "")
        return
    for table, entries in data.items():
        if not isinstance(entries, dict) or table == "meta":
            continue
        for kind, template in entries.items():
            if isinstance(template, str):
                yield 0, None, template, [f"{table}.{kind}"]
            elif isinstance(template, dict) and {"one", "other"} <= template.keys():
                yield 0, "ngettext", (template["one"], template["other"]), [f"{table}.{kind}"]


def _keyed(node: Any, keys: set[str], path: str) -> Iterator[tuple[int, str | None, str, list[str]]]:
    if isinstance(node, list):
        for i, item in enumerate(node):
            yield from _keyed(item, keys, f"{path}[{i}]")
    elif isinstance(node, dict):
        for key, value in node.items():
            where = f"{path}.{key}" if path else key
            if key in keys and isinstance(value, str):
                yield 0, None, value, [where]
            elif key in keys and isinstance(value, list) and all(isinstance(v, str) for v in value):
                for text in value:
                    yield 0, None, text, [where]
            elif key != "meta":
                yield from _keyed(value, keys, where)
