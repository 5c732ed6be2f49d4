"""Trajan for people: readable action labels and what every component is and does.

The notation itself is the generic one (``0:march germania_inferior``); the labels
name components as the rulebook does (``Military: march the leader to Germania
Inferior``), from the display names of ``data/texts.toml``. :func:`component_text`
answers ``show NAME`` for every action, tile, card, ship and bonus tile (issue 11).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

from ludus.core.actions import Action
from ludus.core.i18n import N_, Lang, get_lang
from ludus.core.info import Outcome
from ludus.core.record import version_key
from ludus.games.trajan.components import (
    ACTIONS,
    BONUS_INDEX,
    BONUS_TILES,
    CATEGORY_KEYS,
    COLOURS,
    COMMODITIES,
    COMMODITY_INDEX,
    CONSTRUCTION_TILES,
    DEMAND_KINDS,
    DEMAND_SOURCES,
    DOMAIN,
    ENGLISH,
    FORUM_KIND_INDEX,
    FORUM_KINDS,
    PILES,
    PROVINCE_INDEX,
    PROVINCES,
    SHIP_KEYS,
    SOURCE_NAMES,
    TEXTS,
    TRAJAN_CATEGORIES,
    TRAJAN_INDEX,
    TRAJAN_TILES,
    Verb,
    action_name,
    bonus_name,
    building_name,
    colour_name,
    commodity_name,
    demand_name,
    forum_kind_name,
    province_name,
    ship_name,
    text_in,
    trajan_tile_name,
    with_article,
)
from ludus.games.trajan.state import TrajanData
from ludus.games.trajan.words import PALETTE

_PLACES = {
    "deck": N_("the draw pile"),
    "left": N_("the left discard pile"),
    "right": N_("the right discard pile"),
}


def _category(key: str, lang: Lang) -> str:
    return text_in(lang, "trajan_categories", key, "name")


def _colour(key: str, lang: Lang) -> str:
    return colour_name(COLOURS.index(key), lang)


def _action(key: str, lang: Lang) -> str:
    return action_name(ACTIONS.index(key), lang)


def _card_name(token: str, lang: Lang) -> str:
    """A commodity card (``an oil card``), or the commodity joker, as a loaded or discarded card."""
    if token == "joker":
        return with_article(text_in(lang, "forum", "commodity_joker", "name"), lang)
    commodity = commodity_name(COMMODITY_INDEX[token], lang)
    return with_article(text_in(lang, "commodity", "name").format(commodity=commodity), lang)


def _choose(arg: str, lang: Lang) -> str:
    if arg in TRAJAN_INDEX:
        tile = with_article(trajan_tile_name(TRAJAN_INDEX[arg], lang), lang)
    else:
        tile = with_article(_category(arg, lang), lang)
    return lang.gettext("choose {tile}").format(tile=tile)


def _build(state: TrajanData | None, space: int, lang: Lang) -> str:
    if state is not None and 0 <= space < len(state.grid_tile) and state.grid_tile[space] >= 0:
        return lang.gettext("Construction: a worker to space {space} (the {building})").format(
            space=space, building=building_name(state.grid_tile[space], lang)
        )
    return lang.gettext("Construction: a worker to space {space}").format(space=space)


def _meet(demand: str, source: str, lang: Lang) -> str:
    what = with_article(lang.gettext(SOURCE_NAMES[DEMAND_SOURCES.index(source)]), lang)
    return lang.gettext("meet a {demand} demand with {source}").format(
        demand=demand_name(DEMAND_KINDS.index(demand), lang), source=what
    )


def _place(key: str, lang: Lang) -> str:
    return lang.gettext(_PLACES[key])


_Label = Callable[[TrajanData | None, tuple[Any, ...], Lang], str]
_LABELS: dict[str, _Label] = {
    "arrange": lambda s, a, lang: lang.gettext("put {colour} starting marker in the next tray").format(
        colour=with_article(_colour(a[0], lang), lang)
    ),
    "take_card": lambda s, a, lang: lang.gettext("take a starting card from {place}").format(
        place=_place(a[0], lang)
    ),
    "choose": lambda s, a, lang: _choose(a[0], lang),
    "stack": lambda s, a, lang: lang.gettext("choose a tile from the {category} stack").format(
        category=_category(a[0], lang)
    ),
    "take": lambda s, a, lang: lang.gettext("take the markers of the {tray} tray").format(
        tray=_action(a[0], lang)
    ),
    "sow": lambda s, a, lang: lang.gettext("sow {colour} marker").format(
        colour=with_article(_colour(a[0], lang), lang)
    ),
    "effect": lambda s, a, lang: lang.gettext("carry out the Trajan tile's effect"),
    "plus2": lambda s, a, lang: lang.gettext("place a [+2] marker on the {action} action").format(
        action=_action(a[0], lang)
    ),
    "skip": lambda s, a, lang: lang.gettext("forgo the Trajan tile's effect"),
    "pass": lambda s, a, lang: lang.gettext("take no action"),
    "extra": lambda s, a, lang: lang.gettext("use {tile} for an extra action").format(
        tile=with_article(forum_kind_name(FORUM_KIND_INDEX[a[0]], lang), lang)
    ),
    "decline": lambda s, a, lang: lang.gettext("use no extra-action tile"),
    "draw_two": lambda s, a, lang: lang.gettext("Seaport: draw 2 cards, discard 1"),
    "pile": lambda s, a, lang: lang.gettext("discard a card on {place}").format(place=_place(a[0], lang)),
    "discard": lambda s, a, lang: lang.gettext("discard {card}").format(card=_card_name(str(a[0]), lang)),
    "take_discard": lambda s, a, lang: lang.gettext("Seaport: take the top card of {place}").format(
        place=_place(a[0], lang)
    ),
    "display": lambda s, a, lang: lang.gettext("play {commodity} to the display").format(
        commodity=commodity_name(COMMODITY_INDEX[a[0]], lang)
    ),
    "stop": lambda s, a, lang: lang.gettext("play no more cards"),
    "ship": lambda s, a, lang: lang.gettext("Seaport: load the {ship}").format(
        ship=ship_name(SHIP_KEYS.index(a[0]), lang)
    ),
    "load": lambda s, a, lang: lang.gettext("load {cards}").format(
        cards=lang.join([_card_name(str(t), lang) for t in a])
    ),
    "sail": lambda s, a, lang: lang.gettext("ship the load"),
    "take_tile": lambda s, a, lang: lang.gettext("Forum: take {tile}").format(
        tile=with_article(forum_kind_name(FORUM_KIND_INDEX[a[0]], lang), lang)
    ),
    "recruit": lambda s, a, lang: lang.gettext("Military: a legionnaire to the camp"),
    "march": lambda s, a, lang: lang.gettext("Military: march the leader to {province}").format(
        province=province_name(PROVINCE_INDEX[a[0]], lang)
    ),
    "deploy": lambda s, a, lang: lang.gettext("Military: a legionnaire to the leader's province"),
    "senate": lambda s, a, lang: lang.gettext("Senate: advance one space"),
    "trajan": lambda s, a, lang: lang.gettext("Trajan: take the top {category}").format(
        category=_category(a[0], lang)
    ),
    "hire": lambda s, a, lang: lang.gettext("Construction: a worker to the worker camp"),
    "build": lambda s, a, lang: _build(s, int(a[0]), lang),
    "meet": lambda s, a, lang: _meet(a[0], a[1], lang),
    "consul": lambda s, a, lang: lang.gettext("take the {bonus} as consul").format(
        bonus=bonus_name(BONUS_INDEX[a[0]], lang)
    ),
}


def describe(action: Action, state: TrajanData | None = None, lang: Lang | None = None) -> str:
    """A short label for ``action`` in ``lang`` (English by default), naming components as the
    rulebook does. The menu is the seat's own, so the label does not name the seat.

    >>> describe(Action(0, "march", ("germania_inferior",)))
    'Military: march the leader to Germania Inferior'
    >>> describe(Action(0, "senate", ()), lang=get_lang("hu").for_domain(DOMAIN))
    'Szenátus: lépj előre egy mezőt'
    """
    label = _LABELS.get(action.verb)
    if label is None:
        return str(action)
    try:
        return label(state, action.args, lang or ENGLISH)
    except (KeyError, IndexError, ValueError):
        return str(action)


# --- records of older versions ------------------------------------------------------------------
SPLIT_VERSION = "0.4.0"
"""The engine version whose Seaport discard chooses the pile, then the card, and whose pre-game
Trajan tile is chosen by stack, then tile (issue 11)."""


def upgrade(text: str, version: str) -> list[str]:
    """The actions that ``text`` of a record written by ludus ``version`` stands for now.

    Before :data:`SPLIT_VERSION` the discard after ``draw_two`` was one action
    ``<seat>:discard <commodity> left|right``; now it is ``<seat>:pile left|right`` and then
    ``<seat>:discard <commodity>``. The pre-game ``<seat>:choose <tile>`` is now
    ``<seat>:stack <category>`` (the tile's category, fixed by the components) and then
    ``<seat>:choose <tile>``; ``choose <category>`` (a face-down stack's top tile) stays one
    action. Anything else stands for itself.

    >>> upgrade("1:discard cattle right", "0.1.0")
    ['1:pile right', '1:discard cattle']
    >>> upgrade("0:choose T19", "0.1.0")
    ['0:stack worker', '0:choose T19']
    >>> upgrade("1:discard cattle", "0.4.0")
    ['1:discard cattle']
    """
    if version_key(version) >= version_key(SPLIT_VERSION):
        return [text]
    seat, colon, rest = text.partition(":")
    words = rest.split()
    if colon and len(words) == 2 and words[0] == Verb.CHOOSE and words[1] in TRAJAN_INDEX:
        category = CATEGORY_KEYS[TRAJAN_TILES[TRAJAN_INDEX[words[1]]].category]
        return [f"{seat}:{Verb.STACK} {category}", text]
    if not colon or len(words) != 3 or words[0] != Verb.DISCARD or words[2] not in PILES:
        return [text]
    return [f"{seat}:{Verb.PILE} {words[2]}", f"{seat}:{Verb.DISCARD} {words[1]}"]


# --- show NAME ------------------------------------------------------------------------------------
def _key(name: str) -> str:
    """How names are matched: any case, spaces, underscores or hyphens between words."""
    return " ".join(name.lower().replace("_", " ").replace("-", " ").split())


_QUOTED = ("en", "hu")
"""The languages whose component texts quote the Hungarian rulebook (its own language, and English,
whose rulebook ludus does not have): a Polish or Ukrainian reader is not given Hungarian."""


def _quote(quote: str, lang: Lang) -> str:
    if lang.code not in _QUOTED:
        return ""
    return "\n  " + lang.gettext('(rulebook, HU: "{quote}")').format(quote=quote)


def _entry(title: str, section: dict[str, Any], lang: Lang, **fields: object) -> str:
    text = f"{title}: {lang.gettext(str(section['en'])).format(**fields)}"
    return text + (_quote(section["hu"], lang) if "hu" in section else "")


def _trajan_tile_text(t: int, lang: Lang) -> str:
    tile = TRAJAN_TILES[t]
    category = TRAJAN_CATEGORIES[tile.category]
    a, b = (colour_name(c, lang) for c in tile.colours)
    need = (
        lang.gettext("two {colour} markers").format(colour=a)
        if a == b
        else lang.gettext("a {a} and a {b} marker").format(a=a, b=b)
    )
    head = lang.gettext(
        "{tile}: accomplished when your last sown marker lands in the tray beside it and "
        "that tray holds {need}"
    ).format(tile=trajan_tile_name(t, lang), need=need)
    return (
        head
        + ": "
        + text_in(lang, "trajan_categories", category.key, "en")
        + _quote(TEXTS["trajan_categories"][category.key]["hu"], lang)
    )


def _entries(lang: Lang) -> Iterator[tuple[list[str], str]]:
    """Each component: the names it is known by (ids, English names, names in ``lang``) and its text."""
    en = ENGLISH
    for i, key in enumerate(ACTIONS):
        section = TEXTS["actions"][key]
        title = lang.gettext(str(section["title"]))
        names = [key, section["name"], section["title"], action_name(i, lang), title]
        yield names, _entry(title, section, lang)
    for key, section in TEXTS["options"].items():
        name = lang.gettext(str(section["name"]))
        yield [key, section["name"], name], _entry(name, section, lang)
    for key, section in TEXTS["trajan_categories"].items():
        name = lang.gettext(str(section["name"]))
        yield [key, section["name"], name], _entry(name, section, lang)
    for t in range(len(TRAJAN_TILES)):
        yield (
            [TRAJAN_TILES[t].id, trajan_tile_name(t, en), trajan_tile_name(t, lang)],
            _trajan_tile_text(t, lang),
        )
    for k, kind in enumerate(FORUM_KINDS):
        name = forum_kind_name(k, lang)
        names = [kind.key, forum_kind_name(k, en), name]
        if kind.action >= 0:
            yield names, _entry(name, TEXTS["extra_action"], lang, action=action_name(kind.action, lang))
        else:
            yield names, _entry(name, TEXTS["forum"][kind.key], lang)
    for tile in CONSTRUCTION_TILES:
        name = building_name(tile.index, lang)
        picture = lang.gettext(tile.en)
        fields = {"vp": tile.vp, "picture": picture, "action": action_name(tile.action, lang)}
        names = [tile.name, building_name(tile.index, en), tile.en, picture, name]
        yield names, _entry(name, TEXTS["construction"], lang, **fields)
    for k, demand in enumerate(DEMAND_KINDS):
        word = demand_name(k, lang)
        name = text_in(lang, "demand", "name").format(kind=word)
        names = [str(TEXTS["demand"]["name"]).format(kind=demand), f"{demand} demand tile", name]
        yield names, _entry(name, TEXTS["demand"], lang, kind=word)
    for c, commodity in enumerate(COMMODITIES):
        bonus = bonus_name(next(b.index for b in BONUS_TILES if c in b.commodities), lang)
        word = commodity_name(c, lang)
        name = text_in(lang, "commodity", "name").format(commodity=word)
        names = [commodity, str(TEXTS["commodity"]["name"]).format(commodity=commodity), word, name]
        yield names, _entry(name, TEXTS["commodity"], lang, commodity=word, bonus=bonus)
    for i, key in enumerate(SHIP_KEYS):
        section = TEXTS["ships"][key]
        name = ship_name(i, lang)
        yield [key, section["name"], f"{key} ship", name], _entry(name, section, lang)
    plus2 = text_in(lang, "plus2", "name")
    yield ["[+2] marker", "+2 marker", "+2", plus2], _entry(plus2, TEXTS["plus2"], lang)
    for b in BONUS_TILES:
        name = bonus_name(b.index, lang)
        sides = lang.gettext("{yellow} (yellow side) or {grey} (grey side) {effect}").format(
            yellow=lang.number(b.yellow), grey=lang.number(b.grey), effect=lang.gettext(b.en)
        )
        yield [b.id, bonus_name(b.index, en), name], f"{name}: {sides}" + _quote(b.hu, lang)
    for i, p in enumerate(PROVINCES):
        text = lang.gettext(
            "{province} (province): a legionnaire deployed here scores {vp} VP, less 3 per "
            "other seat's legionnaire already there (never below 0); a forum tile lying here "
            "goes to the first leader to march in."
        ).format(province=province_name(i, lang), vp=p.vp)
        yield [p.key, p.en, province_name(i, lang)], text


def catalogue(lang: Lang | None = None) -> dict[str, str]:
    """Every component's text in ``lang`` (English by default) by every name it is known by, in
    English and in ``lang`` (matched with :func:`_key`)."""
    lang = lang or ENGLISH
    if type(lang) is Lang:
        return _cached(lang.code)
    return _built(lang)


def _built(lang: Lang) -> dict[str, str]:
    out: dict[str, str] = {}
    for names, text in _entries(lang):
        for name in names:
            out.setdefault(_key(name), text)
    return out


@cache
def _cached(code: str) -> dict[str, str]:
    return _built(get_lang(code).for_domain(DOMAIN))


def component_text(name: str, lang: Lang | None = None) -> str | None:
    """What the Trajan component called ``name`` is and does, in ``lang`` (English by default);
    ``name`` is a display name in English or in ``lang``, or an id, in any case.

    >>> component_text("germania inferior").splitlines()[0][:30]
    'Germania Inferior (province): '
    >>> component_text("kikötőakció", get_lang("hu").for_domain(DOMAIN)).split(":")[0]
    'kikötőakció'
    >>> component_text("no such thing") is None
    True
    """
    return catalogue(lang).get(_key(name))


def outcome_text(outcome: Outcome, lang: Lang = ENGLISH) -> str:
    """Why the game ended, in ``lang``: the English ``outcome.reason`` is a msgid of Trajan's catalogs."""
    return lang.gettext(outcome.reason)


__all__ = ["PALETTE", "SPLIT_VERSION", "catalogue", "component_text", "describe", "outcome_text", "upgrade"]
