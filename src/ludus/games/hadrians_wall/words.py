"""Hadrian's Wall in words, in a language: component names, counts, boxes, the event namers.

Every function takes a :class:`~ludus.core.i18n.Lang` bound to the game's domain
(:func:`lang_of`); the English words are the msgids of the game's catalogs (component names
come from the data files: ``names = { en = ... }``). Polish, Hungarian and Ukrainian nouns
inflect, so a name is given in the nominative, after a colon or in parentheses, and every
count picks its plural form (``ngettext``). The English event templates of
``data/messages.toml`` are registered here with the namers that turn ids into words.

>>> counts_words([2, 0, 1, 0, 0], lang_of("pl")), item_count(4, 5, lang_of("uk"))
('2 Legionistów, 1 Sługa', '5 ресурсів')
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ludus.core.events import register_messages
from ludus.core.i18n import Lang, LangLike, as_lang

from .components import (
    AREA_NAMES,
    ATTRIBUTE_CHOICES,
    ATTRIBUTE_INDEX,
    ATTRIBUTE_NAMES,
    ATTRIBUTES,
    BATHS_APPARITORES,
    BATHS_BOXES,
    BUILDER,
    BUILDINGS,
    CITIZEN_INDEX,
    CITIZEN_NAMES,
    CITIZENS,
    CIVILIAN,
    COURT_APPARITORES,
    DOMAIN,
    GLADIATOR_NAMES,
    GLADIATORS,
    ITEM_INDEX,
    ITEM_NAMES,
    ITEMS,
    MARKET_TRADERS,
    PLAYER_CARD_INDEX,
    PLAYER_CARDS,
    SERVANT,
    SOLDIER,
    THEATRE_BOXES,
    THEATRE_PERFORMERS,
    mask_token,
    shape_words,
)

__all__ = [
    "EN", "ENGLISH", "attribute_name", "building_name", "card_id_name", "card_name", "citizen_name", "cohort_name",
    "counts_words", "gladiator_name", "item_count", "item_name", "lang_of", "pending_words", "reward_words",
    "source_words",
]


def lang_of(locale: LangLike) -> Lang:
    """The language ``locale`` (a :class:`Lang`, a code, None for English) translating this game."""
    return as_lang(locale).for_domain(DOMAIN)


ENGLISH = lang_of(None)
"""English, the msgids themselves."""
EN = "en"
"""The key of a data file's English name: the msgid (a name, so that extraction takes no literal)."""


def card_name(card: int, lang: Lang) -> str:
    """Player card ``card`` (its index) by name."""
    return lang.gettext(PLAYER_CARDS[card].names[EN])


def card_id_name(card_id: str, lang: Lang) -> str:
    """Player card ``card_id`` (``"forager"``) by name."""
    return card_name(PLAYER_CARD_INDEX[card_id], lang)


def building_name(key: str, lang: Lang) -> str:
    """A building by name (``"Medium Granary"``)."""
    return lang.gettext(BUILDINGS[key].names[EN])


def item_name(i: int, lang: Lang) -> str:
    """Item ``i`` (a worker type or Resource) by name, singular."""
    return lang.gettext(ITEM_NAMES[ITEMS[i]][EN])


def attribute_name(a: int, lang: Lang) -> str:
    """Attribute ``a`` (Renown, Piety, Valour, Discipline)."""
    return lang.gettext(ATTRIBUTE_NAMES[ATTRIBUTES[a]][EN])


def citizen_name(c: int, lang: Lang) -> str:
    """Citizen track ``c`` (named in the plural: Traders)."""
    return lang.gettext(CITIZEN_NAMES[CITIZENS[c]][EN])


def cohort_name(c: int, lang: Lang) -> str:
    """Cohort ``c``: Left, Centre or Right."""
    if c == 0:
        return lang.gettext("Left")
    if c == 1:
        return lang.gettext("Centre")
    return lang.gettext("Right")


def gladiator_name(g: int, lang: Lang) -> str:
    """Gladiator ``g``: the Red or the Blue Gladiator."""
    return lang.gettext(GLADIATOR_NAMES[GLADIATORS[g]][EN])


def item_count(i: int, n: int, lang: Lang) -> str:
    """``n`` of item ``i`` ("2 Soldiers"), in the plural form of ``n``.

    >>> item_count(0, 2, ENGLISH), item_count(4, 1, ENGLISH)
    ('2 Soldiers', '1 Resource')
    """
    if i == SOLDIER:
        text = lang.ngettext("{n} Soldier", "{n} Soldiers", n)
    elif i == BUILDER:
        text = lang.ngettext("{n} Builder", "{n} Builders", n)
    elif i == SERVANT:
        text = lang.ngettext("{n} Servant", "{n} Servants", n)
    elif i == CIVILIAN:
        text = lang.ngettext("{n} Civilian", "{n} Civilians", n)
    else:
        text = lang.ngettext("{n} Resource", "{n} Resources", n)
    return text.format(n=n)


def counts_words(counts: list[int] | tuple[int, ...], lang: Lang) -> str:
    """Item counts ``[soldiers, builders, servants, civilians, resources]`` in words.

    >>> counts_words([2, 0, 1, 0, 0], ENGLISH), counts_words([0, 0, 0, 0, 0], ENGLISH)
    ('2 Soldiers, 1 Servant', 'nothing')
    """
    words = [item_count(i, n, lang) for i, n in enumerate(counts) if n]
    return ", ".join(words) if words else lang.gettext("nothing")


def _reward_word(token: str, lang: Lang) -> str:
    if token in ITEM_INDEX:
        return item_count(ITEM_INDEX[token], 1, lang)
    if token in ATTRIBUTE_INDEX:
        return lang.gettext("1 {attribute}").format(attribute=attribute_name(ATTRIBUTE_INDEX[token], lang))
    if token in CITIZEN_INDEX:
        return lang.gettext("a {citizen} box").format(citizen=citizen_name(CITIZEN_INDEX[token], lang))
    if token == "cohort":
        return lang.gettext("a Cohort box")
    if token == "hammer":
        return lang.gettext("a Resource Production circle")
    if token == "infrastructure":
        return lang.gettext("an infrastructure icon")
    if token == "piety_or_discipline":
        return lang.gettext("1 Piety or Discipline")
    return lang.gettext("1 Renown or Valour")


def reward_words(tokens: list[str] | tuple[str, ...], lang: Lang) -> str:
    """Printed reward icons in words.

    >>> reward_words(["soldier", "piety_or_discipline"], ENGLISH)
    '1 Soldier, 1 Piety or Discipline'
    """
    return ", ".join(_reward_word(t, lang) for t in tokens)


def source_words(source: str, lang: Lang) -> str:
    """Whose Prospect card a purchase or a scouting uses (``own``, ``p<seat>``, ``n<index>``)."""
    if source == "own":
        return lang.gettext("own Prospect card")
    if source.startswith("p"):
        return lang.gettext("seat {seat}'s Prospect card").format(seat=source[1:])
    if source.startswith("n"):
        return lang.gettext("a Neutral Prospect card")
    return lang.gettext("the Fate deck")


def market_box_words(h: int, lang: Lang) -> str:
    """A Market hexagon, by the Traders it needs (the sheet prints no name on it)."""
    n = MARKET_TRADERS[h]
    return lang.ngettext("the Market hexagon for {n} Trader", "the Market hexagon for {n} Traders", n).format(n=n)


def theatre_box_words(k: int, lang: Lang) -> str:
    """A Theatre performance, by the Performers it needs."""
    n = THEATRE_PERFORMERS[k]
    if THEATRE_BOXES[k][0] == "L":
        text = lang.ngettext("for {n} Performer (left column)", "for {n} Performers (left column)", n)
    else:
        text = lang.ngettext("for {n} Performer (right column)", "for {n} Performers (right column)", n)
    return text.format(n=n)


def baths_box_words(k: int, lang: Lang) -> str:
    """A Baths box, by the Apparitores it needs."""
    n = BATHS_APPARITORES[k]
    if BATHS_BOXES[k][0] == "L":
        text = lang.ngettext("box for {n} Apparitor, left column", "box for {n} Apparitores, left column", n)
    else:
        text = lang.ngettext("box for {n} Apparitor, right column", "box for {n} Apparitores, right column", n)
    return text.format(n=n)


def court_box_words(k: int, lang: Lang) -> str:
    """A Courthouse ruling: its column's exchange and the Apparitores it needs."""
    col, row = divmod(k, 3)
    if col == 0:
        exchange = lang.gettext("gain 1 Servant")
    elif col == 1:
        exchange = lang.gettext("1 Builder for 2 Servants")
    else:
        exchange = lang.gettext("1 Servant for 1 Builder")
    n = COURT_APPARITORES[col][row]
    return lang.ngettext("{exchange} (for {n} Apparitor)", "{exchange} (for {n} Apparitores)", n).format(
        exchange=exchange, n=n)


def area_name(key: str, lang: Lang) -> str:
    """An area of the sheets by name (``"Wall Guard"``)."""
    return lang.gettext(AREA_NAMES[key][EN])


def pending_words(token: str, lang: Lang) -> str:
    """A pending decision in words (its JSON token: see :mod:`.decisions`)."""
    kind, _, rest = token.partition(":")
    if kind == "cohort":
        return lang.gettext("a Cohort box")
    if kind == "attr":
        return lang.gettext("an attribute of choice")
    if kind in ATTRIBUTE_CHOICES:
        first, second = (attribute_name(a, lang) for a in ATTRIBUTE_CHOICES[kind])
        return lang.gettext("{first} or {second}").format(first=first, second=second)
    if kind == "place":
        return lang.gettext("turn the {pattern} pattern").format(pattern=rest)
    if kind == "shape":
        return lang.gettext("place the {pattern} pattern").format(pattern=rest.partition(":")[0])
    if kind == "hexagon":
        return lang.gettext("a Market hexagon for Trade Good {good}").format(good=rest.partition(":")[2])
    return token


def _favour(kind: str, lang: Lang) -> str:
    return lang.gettext("Temple") if kind == "temple" else lang.gettext("Diplomat")


def _roads(n: int, lang: Lang) -> str:
    if not n:
        return ""
    return lang.ngettext("; {n} attribute of choice from Roads", "; {n} attributes of choice from Roads", n).format(n=n)


def _temple_favour(favour: bool, lang: Lang) -> str:
    return lang.gettext(": the Temple is complete, a Favour") if favour else ""


def _fate_word(died: bool, lang: Lang) -> str:
    return lang.gettext("dies") if died else lang.gettext("survives")


def _load(name: str) -> dict[str, Any]:
    with (Path(__file__).parent / "data" / name).open("rb") as handle:
        return tomllib.load(handle)


NAMERS: dict[str, Callable[[Any, Lang], str]] = {
    "card": card_name,
    "cards": lambda cards, lang: lang.join([card_name(c, lang) for c in cards]),
    "fate": lambda card, lang: str(card + 1),
    "building": building_name,
    "item": item_name,
    "items": lambda items, lang: ", ".join(item_name(i, lang) for i in items),
    "counts": counts_words,
    "roads": _roads,
    "cohort": cohort_name,
    "attribute": attribute_name,
    "citizen": citizen_name,
    "gladiator": gladiator_name,
    "good": lambda g, lang: lang.gettext("Trade Good {good}").format(good=g),
    "source": source_words,
    "favour": _favour,
    "area": area_name,
    "rewards": reward_words,
    "cells": lambda mask, lang: mask_token(mask).replace(".", ", "),
    "shape": lambda shape, lang: shape_words(shape),
    "temple_favour": _temple_favour,
    "fate_word": _fate_word,
    "market_box": market_box_words,
    "theatre_box": theatre_box_words,
    "baths_box": baths_box_words,
    "court_box": court_box_words,
}
"""``{field:namer}`` of the event templates: an id in words, in the reader's language."""
MESSAGES: dict[str, Any] = dict(_load("messages.toml")["events"])
REASONS: dict[str, str] = dict(_load("messages.toml")["reasons"])
"""How a game ended (:meth:`~.game.HadriansWall.outcome_text`): templates of the ``[reasons]`` table."""
register_messages(DOMAIN, MESSAGES, NAMERS)
