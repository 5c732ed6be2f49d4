"""Glory to Rome's words: the English language, the event templates with their namers, the palette.

The namers of single components (a card, a building, a material, a role …) are in
:mod:`.components`, beside the data they name; here they are put together for the templates of
``data/messages.toml``, registered for the game's domain. Every module that says something in
words takes a :class:`~ludus.core.i18n.Lang` translating the domain: :func:`lang_of` makes one,
:data:`ENGLISH` is the default.

>>> ENGLISH.code, ENGLISH.domain, lang_of("pl").domain
('en', 'glory-to-rome', 'glory-to-rome')
>>> PALETTE["Rubble"], PALETTE["Laborer"]
('yellow', 'yellow')
"""

from __future__ import annotations

from typing import Any, Final

from ludus.core.events import register_messages
from ludus.core.i18n import N_, Lang, LangLike, as_lang, get_lang
from ludus.games.glory_to_rome.components import (
    DOMAIN,
    MESSAGES,
    building_name,
    card_name,
    card_names,
    material_name,
    players_named,
    role_name,
    with_article,
)

__all__ = ["ENGLISH", "NAMERS", "PALETTE", "lang_of"]

ENGLISH: Final[Lang] = get_lang("en").for_domain(DOMAIN)
"""English, translating this game's domain (the default of the functions that say something)."""


def lang_of(locale: LangLike) -> Lang:
    """``locale`` (a :class:`Lang`, a code, None: English) as the language translating Glory to Rome."""
    return as_lang(locale).for_domain(DOMAIN)


PALETTE: dict[str, str] = {
    # the colours of the Order cards (reference/glory_to_rome.md §3): material, role, client.
    # The keys are the English names, msgids of the game's catalogs: the terminal colours their
    # translations too.
    "Rubble": "yellow",
    "Laborer": "yellow",
    "Wood": "green",
    "Craftsman": "green",
    "Brick": "red",
    "Legionary": "red",
    "Concrete": "grey62",
    "Architect": "grey62",
    "Stone": "blue",
    "Merchant": "blue",
    "Marble": "magenta",
    "Patron": "magenta",  # purple cards
    "Jack": "bold",
}
"""Materials, roles and the Jack in the colours of their cards (for the terminal)."""


# --- the event templates (data/messages.toml) and their namers ----------------------------
_SOURCES = {"pool": N_("the pool"), "hand": N_("hand (Aqueduct)"), "deck": N_("the deck (Bar)")}

NAMERS: dict[str, Any] = {
    "card": card_name,
    "cards": card_names,
    "building": building_name,
    "material": material_name,
    "materials": lambda ms, lang: lang.join([material_name(m, lang) for m in ms]),
    "role": role_name,
    "a_role": lambda r, lang: with_article(role_name(r, lang), lang),
    "a_building": lambda b, lang: with_article(building_name(b, lang), lang),
    "a_material": lambda m, lang: with_article(material_name(m, lang), lang),
    "where": lambda out, lang: lang.gettext("out of town") if out else lang.gettext("in town"),
    "source": lambda src, lang: lang.gettext(_SOURCES[src]),
    "players": players_named,
}
"""The namers of the event templates: ``{card:card}`` → ``NAMERS["card"](card, lang)``."""
register_messages(DOMAIN, MESSAGES["events"], NAMERS)
