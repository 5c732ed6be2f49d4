"""Fall of Rome's words: the English language, the event templates with their namers, the palette.

The namers of single components (a city, a tribe, a card …) are in :mod:`.components`, beside
the data they name; here they are put together for the templates of ``data/messages.toml``,
registered for the game's domain. Every module that says something in words takes a
:class:`~ludus.core.i18n.Lang` translating the domain: :func:`lang_of` makes one, :data:`ENGLISH`
is the default.

>>> ENGLISH.code, ENGLISH.domain, lang_of("uk").domain
('en', 'fall-of-rome', 'fall-of-rome')
>>> PALETTE["O2"], COLOUR_INITIALS["black"]
('dark_orange', 'K')
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Final

from ludus.core.events import register_messages
from ludus.core.i18n import Lang, LangLike, as_lang
from ludus.games.fall_of_rome.components import (
    DOMAIN,
    ENGLISH,
    FACE_WORDS,
    ROLES,
    TRIBES,
    VERSION_WORDS,
    card_name,
    city_name,
    colour_name,
    tribe_name,
)

__all__ = ["COLOUR_INITIALS", "ENGLISH", "MESSAGES", "PALETTE", "lang_of"]


def lang_of(locale: LangLike) -> Lang:
    """``locale`` (a :class:`Lang`, a code, None: English) as the language translating Fall of Rome."""
    return as_lang(locale).for_domain(DOMAIN)


# --- the palette of the terminal ----------------------------------------------------------
COLOUR_INITIALS: Final = {"orange": "O", "black": "K", "green": "G", "white": "W", "blue": "B"}
"""The letter of each cube colour on the board (a symbol, like the notation: the same in every
language), as in the terminal's cube counts (``O2``: two orange cubes)."""
_STYLE = {
    "orange": "dark_orange",
    "black": "grey50",
    "green": "green",
    "white": "bright_white",
    "blue": "blue",
}
PALETTE: dict[str, str] = {
    **_STYLE,
    **{tribe.name: _STYLE[tribe.colour] for tribe in TRIBES},
    **{f"{COLOUR_INITIALS[colour]}{n}": style for colour, style in _STYLE.items() for n in range(1, 10)},
}
"""The tribes' colours for the terminal: colour words, tribe names and cube counts (``O2``)."""

with (Path(__file__).parent / "data" / "messages.toml").open("rb") as _f:
    MESSAGES: Final[dict[str, Any]] = tomllib.load(_f)
"""``data/messages.toml``: the event templates (``[events]``), the verbs' labels, the end reasons."""


# --- the event templates (data/messages.toml) and their namers ----------------------
_VERSIONS = {False: VERSION_WORDS["normal"], True: VERSION_WORDS["destabilizing"]}
register_messages(
    DOMAIN,
    MESSAGES["events"],
    {
        "city": lambda c, lang: city_name(int(c), lang),
        "colour": lambda t, lang: colour_name(int(t), lang),
        "tribe": lambda t, lang: tribe_name(int(t), lang),
        "card": lambda c, lang: card_name(int(c), lang),
        "cards": lambda cs, lang: lang.join([card_name(int(c), lang) for c in cs]),
        "role": lambda r, lang: ROLES[int(r)].name,
        "faces": lambda fs, lang: lang.join([lang.gettext(FACE_WORDS[int(f)]) for f in fs]),
        "version": lambda d, lang: lang.gettext(_VERSIONS[bool(d)]),
    },
)
