"""Trajan's words: the English language, the event templates with their namers, the palette.

The namers of single components (a colour, a province, a tile …) are in :mod:`.components`,
beside the data they name; here they are put together for the templates of
``data/messages.toml``, registered for the game's domain. Every module that says something in
words takes a :class:`~ludus.core.i18n.Lang` translating the domain: :func:`lang_of` makes one,
:data:`ENGLISH` is the default.

>>> ENGLISH.code, ENGLISH.domain, lang_of("hu").domain
('en', 'trajan', 'trajan')
>>> PALETTE["blue"], MARKER_INITIALS["blue"], marker_initials(lang_of("hu"))["blue"]
('blue', 'B', 'K')
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Final

from ludus.core.events import Namer, register_messages
from ludus.core.i18n import N_, Lang, LangLike, as_lang
from ludus.games.trajan.components import (
    COLOUR_NAMES_EN,
    COLOURS,
    DOMAIN,
    ENGLISH,
    FORUM_TILE_KIND,
    SLOT_NAMES,
    SOURCE_NAMES,
    action_name,
    bonus_name,
    building_name,
    colour_name,
    commodity_name,
    demand_name,
    forum_kind_name,
    province_name,
    ship_name,
    trajan_tile_name,
    with_article,
)

__all__ = ["ENGLISH", "MARKER_INITIALS", "MESSAGES", "PALETTE", "PILE_NAMES", "lang_of", "marker_initials"]


def lang_of(locale: LangLike) -> Lang:
    """``locale`` (a :class:`Lang`, a code, None: English) as the language translating Trajan."""
    return as_lang(locale).for_domain(DOMAIN)


# --- the palette of the terminal ----------------------------------------------------------
def marker_initials(lang: Lang) -> dict[str, str]:
    """The one-letter initial of each marker colour on a player's action circle in ``lang``
    (:func:`.render.render_seat`): a message each, whose context tells the translator which colour
    it stands for, so that each language picks six letters that tell its colour words apart (hu
    ``S N Z F R K``, never the English ``Y O G W P B``)."""
    return {
        "yellow": lang.pgettext("initial of the action-marker colour yellow", "Y"),
        "orange": lang.pgettext("initial of the action-marker colour orange", "O"),
        "green": lang.pgettext("initial of the action-marker colour light green", "G"),
        "white": lang.pgettext("initial of the action-marker colour white", "W"),
        "pink": lang.pgettext("initial of the action-marker colour pink", "P"),
        "blue": lang.pgettext("initial of the action-marker colour blue", "B"),
    }


MARKER_INITIALS: Final = marker_initials(ENGLISH)
"""The English initials (``Y O G W P B``), which the terminal's palette colours."""
_MARKER_STYLE = {
    "yellow": "yellow",
    "orange": "dark_orange",
    "green": "green",
    "white": "bright_white",
    "pink": "hot_pink",
    "blue": "blue",
}
PALETTE: dict[str, str] = {
    # the six colours of the action markers by the words the board and the labels use (the
    # rulebook's "light green" is the colour id green; each word is a msgid of Trajan's catalogs, so
    # the terminal colours its translation too), and their initials on a player's circle
    **{COLOUR_NAMES_EN[i]: _MARKER_STYLE[colour] for i, colour in enumerate(COLOURS)},
    **{MARKER_INITIALS[colour]: style for colour, style in _MARKER_STYLE.items()},
}
"""Marker colours for the terminal (words, and the initials of :func:`.render.render_seat`)."""


# --- event templates ---------------------------------------------------------------------
PILE_NAMES: tuple[str, str] = (N_("left"), N_("right"))
"""The two discard piles as a person reads them (notation: ``left``, ``right``)."""

_NAMERS: dict[str, Namer] = {
    "card": commodity_name,
    "colour": colour_name,
    "tray": action_name,
    "tile": trajan_tile_name,
    "slot": lambda i, lang: SLOT_NAMES[i],
    "province": province_name,
    "forum": forum_kind_name,
    "a_forum": lambda k, lang: with_article(forum_kind_name(k, lang), lang),
    "a_tile": lambda t, lang: with_article(trajan_tile_name(t, lang), lang),
    "forum_tile": lambda t, lang: forum_kind_name(FORUM_TILE_KIND[t], lang),
    "bonus": bonus_name,
    "demand": demand_name,
    "source": lambda i, lang: lang.gettext(SOURCE_NAMES[i]),
    "pile": lambda i, lang: lang.gettext(PILE_NAMES[i]),
    "ship": ship_name,
    "building": building_name,
    "ordinal": lambda q, lang: str(q + 1),
}
with open(Path(__file__).parent / "data" / "messages.toml", "rb") as _handle:
    MESSAGES: Final[dict[str, Any]] = tomllib.load(_handle)
"""``data/messages.toml``: the English templates of the events (``[events]``)."""
register_messages(DOMAIN, MESSAGES["events"], _NAMERS)
