"""Hadrian's Wall's words: the English language, the event templates with their namers, the palette.

The namers of single components (a card, an item, a box of a sheet …) are in
:mod:`.components`, beside the data they name; here they are put together for the templates of
``data/messages.toml``, registered for the game's domain. Every module that says something in
words takes a :class:`~ludus.core.i18n.Lang` translating the domain: :func:`lang_of` makes one,
:data:`ENGLISH` is the default.

>>> ENGLISH.code, ENGLISH.domain, lang_of("pl").domain
('en', 'hadrians-wall', 'hadrians-wall')
>>> NAMERS["fate"](0, ENGLISH), PALETTE
('1', {})
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ludus.core.events import register_messages
from ludus.core.i18n import Lang

from .components import (
    DOMAIN,
    ENGLISH,
    area_name,
    attribute_name,
    baths_box_words,
    building_name,
    card_name,
    citizen_name,
    cohort_name,
    counts_words,
    court_box_words,
    gladiator_name,
    item_name,
    lang_of,
    market_box_words,
    mask_token,
    reward_words,
    shape_words,
    source_words,
    theatre_box_words,
)

__all__ = ["ENGLISH", "MESSAGES", "NAMERS", "PALETTE", "lang_of"]


def _roads(n: int, lang: Lang) -> str:
    """The attributes of choice from Roads in an event (nothing when there are none)."""
    if not n:
        return ""
    return lang.ngettext(
        "; {n} attribute of choice from Roads", "; {n} attributes of choice from Roads", n
    ).format(n=n)


PALETTE: dict[str, str] = {}
"""Words the terminal colours: none (the sheets' numbers speak for themselves)."""


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
    "favour": lambda kind, lang: lang.gettext("Temple") if kind == "temple" else lang.gettext("Diplomat"),
    "area": area_name,
    "rewards": reward_words,
    "cells": lambda mask, lang: mask_token(mask).replace(".", ", "),
    "shape": lambda shape, lang: shape_words(shape),
    "temple_favour": lambda favour, lang: (
        lang.gettext(": the Temple is complete, a Favour") if favour else ""
    ),
    "fate_word": lambda died, lang: lang.gettext("dies") if died else lang.gettext("survives"),
    "market_box": market_box_words,
    "theatre_box": theatre_box_words,
    "baths_box": baths_box_words,
    "court_box": court_box_words,
}
"""``{field:namer}`` of the event templates: an id in words, in the reader's language."""
with open(Path(__file__).parent / "data" / "messages.toml", "rb") as _handle:
    MESSAGES: dict[str, Any] = dict(tomllib.load(_handle)["events"])
"""The English templates of the events (``data/messages.toml``)."""
register_messages(DOMAIN, MESSAGES, NAMERS)
