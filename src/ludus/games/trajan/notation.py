"""Trajan for people: readable action labels and what every component is and does.

The notation itself is the generic one (``0:march germania_inferior``); the labels
name components as the rulebook does (``Military: march the leader to Germania
Inferior``), from the display names of ``data/texts.toml``. :func:`component_text`
answers ``show NAME`` for every action, tile, card, ship and bonus tile (issue 11).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ludus.core.actions import Action
from ludus.core.record import version_key
from ludus.games.trajan.components import (
    ACTION_NAMES_EN,
    ACTIONS,
    BONUS_INDEX,
    BONUS_NAMES,
    BONUS_TILES,
    CATEGORY_KEYS,
    COLOUR_NAMES_EN,
    COLOURS,
    COMMODITIES,
    CONSTRUCTION_TILES,
    DEMAND_KINDS,
    DEMAND_SOURCES,
    FORUM_KIND_INDEX,
    FORUM_KINDS,
    PILES,
    PROVINCES,
    SHIP_KEYS,
    SHIPS,
    SOURCE_NAMES,
    TEXTS,
    TRAJAN_CATEGORIES,
    TRAJAN_INDEX,
    TRAJAN_TILES,
    Verb,
    building_name,
    forum_kind_name,
    trajan_tile_name,
    with_article,
)
from ludus.games.trajan.state import TrajanData

_PROVINCE_NAMES = {p.key: p.en for p in PROVINCES}
_ACTION_NAMES = dict(zip(ACTIONS, ACTION_NAMES_EN, strict=True))
_COLOUR_NAMES = dict(zip(COLOURS, COLOUR_NAMES_EN, strict=True))
_CATEGORY_NAMES = {c.key: str(TEXTS["trajan_categories"][c.key]["name"]) for c in TRAJAN_CATEGORIES}
_SHIP_NAMES = {s.key: s.en for s in SHIPS}
_SOURCES = dict(zip(DEMAND_SOURCES, SOURCE_NAMES, strict=True))
_PLACES = {"deck": "the draw pile", "left": "the left discard pile", "right": "the right discard pile"}


def _extra_name(key: str) -> str:
    """``extra_forum`` → ``Forum extra-action tile``; ``extra_joker`` → ``extra-action joker``."""
    return forum_kind_name(FORUM_KIND_INDEX[key])


def _load_name(token: str) -> str:
    return "a commodity joker" if token == "joker" else with_article(f"{token} card")


def _choose(arg: str) -> str:
    if arg in TRAJAN_INDEX:
        return f"choose {with_article(trajan_tile_name(TRAJAN_INDEX[arg]))}"
    return f"choose {with_article(_CATEGORY_NAMES[arg])}"


def _build(state: TrajanData | None, space: int) -> str:
    text = f"Construction: a worker to space {space}"
    if state is not None and 0 <= space < len(state.grid_tile) and state.grid_tile[space] >= 0:
        text += f" (the {building_name(state.grid_tile[space])})"
    return text


_LABELS: dict[str, Callable[[TrajanData | None, tuple[Any, ...]], str]] = {
    "arrange": lambda s, a: f"put {with_article(_COLOUR_NAMES[a[0]])} starting marker in the next tray",
    "take_card": lambda s, a: f"take a starting card from {_PLACES[a[0]]}",
    "choose": lambda s, a: _choose(a[0]),
    "stack": lambda s, a: f"choose a tile from the {_CATEGORY_NAMES[a[0]]} stack",
    "take": lambda s, a: f"take the markers of the {_ACTION_NAMES[a[0]]} tray",
    "sow": lambda s, a: f"sow {with_article(_COLOUR_NAMES[a[0]])} marker",
    "effect": lambda s, a: "carry out the Trajan tile's effect",
    "plus2": lambda s, a: f"place a [+2] marker on the {_ACTION_NAMES[a[0]]} action",
    "skip": lambda s, a: "forgo the Trajan tile's effect",
    "pass": lambda s, a: "take no action",
    "extra": lambda s, a: f"use {with_article(_extra_name(a[0]))} for an extra action",
    "decline": lambda s, a: "use no extra-action tile",
    "draw_two": lambda s, a: "Seaport: draw 2 cards, discard 1",
    "pile": lambda s, a: f"discard a card on {_PLACES[a[0]]}",
    "discard": lambda s, a: f"discard {_load_name(str(a[0]))}",
    "take_discard": lambda s, a: f"Seaport: take the top card of {_PLACES[a[0]]}",
    "display": lambda s, a: f"play {a[0]} to the display",
    "stop": lambda s, a: "play no more cards",
    "ship": lambda s, a: f"Seaport: load the {_SHIP_NAMES[a[0]]}",
    "load": lambda s, a: "load " + " and ".join(_load_name(str(t)) for t in a),
    "sail": lambda s, a: "ship the load",
    "take_tile": lambda s, a: f"Forum: take {with_article(forum_kind_name(FORUM_KIND_INDEX[a[0]]))}",
    "recruit": lambda s, a: "Military: a legionnaire to the camp",
    "march": lambda s, a: f"Military: march the leader to {_PROVINCE_NAMES[a[0]]}",
    "deploy": lambda s, a: "Military: a legionnaire to the leader's province",
    "senate": lambda s, a: "Senate: advance one space",
    "trajan": lambda s, a: f"Trajan: take the top {_CATEGORY_NAMES[a[0]]}",
    "hire": lambda s, a: "Construction: a worker to the worker camp",
    "build": lambda s, a: _build(s, int(a[0])),
    "meet": lambda s, a: f"meet a {a[0]} demand with {with_article(_SOURCES[a[1]])}",
    "consul": lambda s, a: f"take the {BONUS_NAMES[BONUS_INDEX[a[0]]]} as consul",
}


def describe(action: Action, state: TrajanData | None = None) -> str:
    """A short English label for ``action``, naming components as the rulebook does.

    >>> describe(Action(0, "march", ("germania_inferior",)))
    'seat 0: Military: march the leader to Germania Inferior'
    """
    label = _LABELS.get(action.verb)
    if label is None:
        return str(action)
    try:
        text = label(state, action.args)
    except (KeyError, IndexError, ValueError):
        return str(action)
    return f"seat {action.player}: {text}"


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


def _entry(title: str, section: dict[str, Any], **fields: object) -> str:
    text = f"{title}: {str(section['en']).format(**fields)}"
    if "hu" in section:
        text += f'\n  (rulebook, HU: "{section["hu"]}")'
    return text


def _trajan_tile_text(t: int) -> str:
    tile = TRAJAN_TILES[t]
    category = TRAJAN_CATEGORIES[tile.category]
    a, b = (COLOUR_NAMES_EN[c] for c in tile.colours)
    need = f"two {a} markers" if a == b else f"a {a} and a {b} marker"
    head = (f"{trajan_tile_name(t)}: accomplished when your last sown marker lands in the tray beside it "
            f"and that tray holds {need}")
    return _entry(head, TEXTS["trajan_categories"][category.key])


def _entries() -> Iterator[tuple[list[str], str]]:
    for key, name in zip(ACTIONS, ACTION_NAMES_EN, strict=True):
        yield [key, name, f"{name} action"], _entry(f"{name} action", TEXTS["actions"][key])
    for key, section in TEXTS["options"].items():
        yield [key, section["name"]], _entry(section["name"], section)
    for key, section in TEXTS["trajan_categories"].items():
        yield [key, section["name"]], _entry(section["name"], section)
    for t in range(len(TRAJAN_TILES)):
        yield [TRAJAN_TILES[t].id, trajan_tile_name(t)], _trajan_tile_text(t)
    for k, kind in enumerate(FORUM_KINDS):
        name = forum_kind_name(k)
        if kind.action >= 0:
            action = ACTION_NAMES_EN[kind.action]
            yield [kind.key, name], _entry(name, TEXTS["extra_action"], action=action)
        else:
            yield [kind.key, name], _entry(name, TEXTS["forum"][kind.key])
    for tile in CONSTRUCTION_TILES:
        name = building_name(tile.index)
        fields = {"vp": tile.vp, "picture": tile.en, "action": ACTION_NAMES_EN[tile.action]}
        yield [tile.name, name, tile.en], _entry(name, TEXTS["construction"], **fields)
    for demand in DEMAND_KINDS:
        name = str(TEXTS["demand"]["name"]).format(kind=demand)
        yield [name, f"{demand} demand tile"], _entry(name, TEXTS["demand"], kind=demand)
    for c, commodity in enumerate(COMMODITIES):
        bonus = next(BONUS_NAMES[b.index] for b in BONUS_TILES if c in b.commodities)
        name = str(TEXTS["commodity"]["name"]).format(commodity=commodity)
        yield [commodity, name], _entry(name, TEXTS["commodity"], commodity=commodity, bonus=bonus)
    for key in SHIP_KEYS:
        section = TEXTS["ships"][key]
        yield [key, section["name"], f"{key} ship"], _entry(section["name"], section)
    yield ["[+2] marker", "+2 marker", "+2"], _entry("[+2] marker", TEXTS["plus2"])
    for b in BONUS_TILES:
        sides = f"{b.yellow:g} (yellow side) or {b.grey:g} (grey side) {b.en}"
        yield [b.id, BONUS_NAMES[b.index]], f'{BONUS_NAMES[b.index]}: {sides}\n  (rulebook, HU: "{b.hu}")'
    for p in PROVINCES:
        text = (f"{p.en} (province): a legionnaire deployed here scores {p.vp} VP, less 3 per other "
                "seat's legionnaire already there (never below 0); a forum tile lying here goes to the "
                "first leader to march in.")
        yield [p.key, p.en], text


def _catalogue() -> dict[str, str]:
    out: dict[str, str] = {}
    for names, text in _entries():
        for name in names:
            out.setdefault(_key(name), text)
    return out


CATALOGUE: dict[str, str] = _catalogue()
"""Every component's text by every name it is known by (matched with :func:`_key`)."""


def component_text(name: str) -> str | None:
    """What the Trajan component called ``name`` is and does (display name or id, any case).

    >>> component_text("germania inferior").splitlines()[0][:30]
    'Germania Inferior (province): '
    >>> component_text("no such thing") is None
    True
    """
    return CATALOGUE.get(_key(name))


__all__ = ["CATALOGUE", "SPLIT_VERSION", "component_text", "describe", "upgrade"]
