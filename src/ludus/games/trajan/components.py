"""Trajan's components, loaded from ``data/*.toml``.

Everything here is immutable: tuples of frozen dataclasses and index constants.
Also here: the phases, verbs and terminations as enums (with plain aliases for
the hot paths), the tokens of the action notation, and the namers that turn ids
into words (:mod:`.words` puts them together for the event templates).

Indices are used throughout the state for speed:

* actions (trays, Trajan-tile slots I..VI): 0 Seaport, 1 Forum, 2 Military,
  3 Senate, 4 Trajan, 5 Construction — the clockwise order of the action circle;
* marker colours 0..5, commodities 0..11, provinces 0..9 (the camp is ``CAMP``);
* Trajan tiles 0..53 (``T01``..``T54``), forum tiles 0..69, extra-action tiles
  0..11, construction tiles 0..19, bonus tiles 0..11 (``B1``..``B12``), demand
  tiles 0..14.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from functools import partial
from pathlib import Path
from typing import Any, Final

from ludus.core.fields import GamePhase
from ludus.core.i18n import N_, Lang, get_lang, register_domain

_DATA = Path(__file__).parent / "data"


def _load(name: str) -> dict[str, Any]:
    with open(_DATA / name, "rb") as handle:
        return tomllib.load(handle)


_BOARD = _load("board.toml")
_TILES = _load("tiles.toml")
_TRAJAN = _load("trajan_tiles.toml")
TEXTS: Final[dict[str, Any]] = _load("texts.toml")
"""``data/texts.toml``: display names and effect texts of every component (issue 11)."""

# --- actions and colours -------------------------------------------------
ACTIONS: tuple[str, ...] = tuple(_BOARD["actions"]["order"])
ACTION_NAMES_EN: tuple[str, ...] = tuple(_BOARD["actions"]["en"])
ACTION_NAMES_HU: tuple[str, ...] = tuple(_BOARD["actions"]["hu"])
SEAPORT, FORUM, MILITARY, SENATE, TRAJAN, CONSTRUCTION = range(6)
N_ACTIONS = 6
SLOT_NAMES = ("I", "II", "III", "IV", "V", "VI")

COLOURS: tuple[str, ...] = tuple(_BOARD["colours"]["order"])
COLOUR_NAMES_EN: tuple[str, ...] = tuple(_BOARD["colours"]["en"])
COLOUR_NAMES_HU: tuple[str, ...] = tuple(_BOARD["colours"]["hu"])
MARKERS_PER_COLOUR: int = _BOARD["colours"]["per_colour"]
N_COLOURS = 6

TOKENS_PER_PLAYER: int = _BOARD["tokens"]["per_player"]

LAP_DEFAULTS: dict[int, int] = {n: _BOARD["time_track"][f"lap_{n}"] for n in (2, 3, 4)}
ROUNDS_PER_QUARTER: int = _BOARD["time_track"]["rounds_per_quarter"]
QUARTERS: int = _BOARD["time_track"]["quarters"]

SENATE_VP: tuple[int, ...] = tuple(_BOARD["senate"]["vp"])
SENATE_VOTES: tuple[int, ...] = tuple(_BOARD["senate"]["votes"])
SENATE_LAST = len(SENATE_VP) - 1

FORUM_TILES_BY_PLAYERS: dict[int, int] = {
    int(k): v for k, v in _BOARD["forum"]["tiles_by_players"].items()
}
FORUM_EXTRA_SPACES: int = _BOARD["forum"]["extra_spaces"]

GRID_COLUMNS: int = _BOARD["construction_grid"]["columns"]
GRID_ROWS: int = _BOARD["construction_grid"]["rows"]
GRID_SPACES = GRID_COLUMNS * GRID_ROWS


def _grid_neighbours(space: int) -> tuple[int, ...]:
    row, col = divmod(space, GRID_COLUMNS)
    out = []
    if row > 0:
        out.append(space - GRID_COLUMNS)
    if row < GRID_ROWS - 1:
        out.append(space + GRID_COLUMNS)
    if col > 0:
        out.append(space - 1)
    if col < GRID_COLUMNS - 1:
        out.append(space + 1)
    return tuple(out)


GRID_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_grid_neighbours(s) for s in range(GRID_SPACES))

DEMAND_KINDS: tuple[str, ...] = tuple(_BOARD["demands"]["kinds"])
DEMAND_NAMES_HU: tuple[str, ...] = tuple(_BOARD["demands"]["kinds_hu"])
DEMAND_PENALTY: tuple[int, ...] = tuple(_BOARD["demands"]["penalty"])
DEMANDS_REMOVED_AT_SETUP: int = _BOARD["demands"]["removed_at_setup"]
DEMAND_TILES_PER_KIND: int = _BOARD["demands"]["tiles_per_kind"]
BREAD, GAMES, RELIGION = range(3)
#: Kind (0 bread, 1 games, 2 religion) of each of the 15 demand tiles.
DEMAND_TILE_KIND: tuple[int, ...] = tuple(
    k for k in range(len(DEMAND_KINDS)) for _ in range(DEMAND_TILES_PER_KIND)
)


# --- provinces -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Province:
    """A province of the military map: its key, names and VP value."""

    index: int
    key: str
    en: str
    hu: str
    vp: int


PROVINCES: tuple[Province, ...] = tuple(
    Province(i, p["key"], p["en"], p["hu"], p["vp"]) for i, p in enumerate(_BOARD["provinces"])
)
PROVINCE_INDEX: dict[str, int] = {p.key: p.index for p in PROVINCES}
N_PROVINCES = len(PROVINCES)
CAMP = -1
"""The leader's position in the military camp (not a province)."""


def _adjacency() -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[tuple[int, int], ...]]:
    adj: list[list[int]] = [[] for _ in PROVINCES]
    camp: list[int] = []
    edges: list[tuple[int, int]] = []
    for a, b in _BOARD["adjacency"]["edges"]:
        if a == "camp":
            camp.append(PROVINCE_INDEX[b])
            edges.append((CAMP, PROVINCE_INDEX[b]))
            continue
        ia, ib = PROVINCE_INDEX[a], PROVINCE_INDEX[b]
        adj[ia].append(ib)
        adj[ib].append(ia)
        edges.append((ia, ib))
    return tuple(tuple(sorted(x)) for x in adj), tuple(sorted(camp)), tuple(edges)


PROVINCE_ADJ, CAMP_ADJ, ADJACENCY_EDGES = _adjacency()


def leader_moves(position: int) -> tuple[int, ...]:
    """Provinces a leader standing at ``position`` (a province or ``CAMP``) may march to."""
    return CAMP_ADJ if position == CAMP else PROVINCE_ADJ[position]


# --- ships -------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Ship:
    """A ship tile: the combination it takes and its VP table (index = number of units − 1)."""

    index: int
    key: str
    en: str
    hu: str
    unit: str
    coloured: tuple[int, ...]
    grey: tuple[int, ...]

    @property
    def capacity(self) -> int:
        """The most cards (or pairs) one shipment may hold."""
        return len(self.coloured)


SHIPS: tuple[Ship, ...] = tuple(
    Ship(i, s["key"], s["en"], s["hu"], s["unit"], tuple(s["coloured"]), tuple(s["grey"]))
    for i, s in enumerate(_BOARD["ships"])
)
SHIP_IDENTICAL, SHIP_PAIRS, SHIP_DIFFERENT = range(3)


# --- commodities ---------------------------------------------------------------
COMMODITIES: tuple[str, ...] = tuple(_TILES["commodities"]["keys"])
COMMODITY_NAMES_HU: tuple[str, ...] = tuple(_TILES["commodities"]["hu"])
COMMODITY_INDEX: dict[str, int] = {c: i for i, c in enumerate(COMMODITIES)}
COPIES_PER_COMMODITY: int = _TILES["commodities"]["copies"]
N_COMMODITIES = len(COMMODITIES)
N_CARDS = N_COMMODITIES * COPIES_PER_COMMODITY


# --- forum tiles -----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ForumKind:
    """A kind of forum tile (all 70 share one back)."""

    index: int
    key: str
    en: str
    hu: str
    count: int
    votes: int
    demand: int
    action: int


def _forum_kinds() -> tuple[ForumKind, ...]:
    out = []
    for i, k in enumerate(_TILES["forum_tiles"]["kinds"]):
        demand = DEMAND_KINDS.index(k["demand"]) if "demand" in k else -1
        action = ACTIONS.index(k["action"]) if "action" in k else -1
        out.append(ForumKind(i, k["key"], k["en"], k["hu"], k["count"], k.get("votes", 0), demand, action))
    return tuple(out)


FORUM_KINDS: tuple[ForumKind, ...] = _forum_kinds()
FORUM_KIND_INDEX: dict[str, int] = {k.key: k.index for k in FORUM_KINDS}
K_COMMODITY_JOKER = FORUM_KIND_INDEX["commodity_joker"]
K_DEMAND_JOKER = FORUM_KIND_INDEX["demand_joker"]
K_CONSTRUCTION_JOKER = FORUM_KIND_INDEX["construction_joker"]
K_EXTRA_JOKER = FORUM_KIND_INDEX["extra_joker"]
#: Forum kind of the forum-back extra-action tile of each action.
K_EXTRA_OF_ACTION: tuple[int, ...] = tuple(FORUM_KIND_INDEX["extra_" + a] for a in ACTIONS)
#: Forum kind of the demand tile of each demand kind.
K_DEMAND_OF_KIND: tuple[int, ...] = tuple(FORUM_KIND_INDEX[d] for d in DEMAND_KINDS)
#: Kind index of each of the 70 forum tiles (tile id order = kind order).
FORUM_TILE_KIND: tuple[int, ...] = tuple(k.index for k in FORUM_KINDS for _ in range(k.count))
N_FORUM_TILES = len(FORUM_TILE_KIND)
N_FORUM_KINDS = len(FORUM_KINDS)

EXTRA_PER_ACTION: int = _TILES["extra_action_tiles"]["per_action"]
#: Action of each of the 12 extra-action tiles (own back).
EXTRA_TILE_ACTION: tuple[int, ...] = tuple(a for a in range(N_ACTIONS) for _ in range(EXTRA_PER_ACTION))
N_EXTRA_TILES = len(EXTRA_TILE_ACTION)
PLUS2_PER_PLAYER: int = _TILES["extra_action_tiles"]["plus2_markers_per_player"]


# --- construction tiles ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ConstructionTile:
    """A construction tile: its type (named by the action its first copy grants) and VP."""

    index: int
    action: int
    vp: int
    en: str
    hu: str

    @property
    def name(self) -> str:
        """Short name such as ``senate-4``."""
        return f"{ACTIONS[self.action]}-{self.vp}"


def _construction_tiles() -> tuple[ConstructionTile, ...]:
    out: list[ConstructionTile] = []
    for t in _TILES["construction_tiles"]["types"]:
        for vp in _TILES["construction_tiles"]["vp"]:
            out.append(ConstructionTile(len(out), ACTIONS.index(t["action"]), vp, t["en"], t["hu"]))
    return tuple(out)


CONSTRUCTION_TILES: tuple[ConstructionTile, ...] = _construction_tiles()
CONSTRUCTION_TYPES: tuple[int, ...] = tuple(
    ACTIONS.index(t["action"]) for t in _TILES["construction_tiles"]["types"]
)
SET_OF_3_VP: int = _TILES["construction_tiles"]["set_of_3"]
SET_OF_4_VP: int = _TILES["construction_tiles"]["set_of_4"]


# --- bonus tiles -------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BonusTile:
    """A two-sided bonus tile: what it counts and its yellow (front) / grey (back) values."""

    index: int
    id: str
    kind: str
    commodities: tuple[int, ...]
    demand: int
    yellow: float
    grey: float
    en: str
    hu: str


BONUS_TILES: tuple[BonusTile, ...] = tuple(
    BonusTile(i, b["id"], b["kind"], tuple(COMMODITY_INDEX[c] for c in b.get("commodities", ())),
              DEMAND_KINDS.index(b["demand"]) if "demand" in b else -1, b["yellow"], b["grey"], b["en"],
              b["hu"])
    for i, b in enumerate(_TILES["bonus_tiles"]["tiles"]))
BONUS_INDEX: dict[str, int] = {b.id: b.index for b in BONUS_TILES}
N_BONUS_TILES = len(BONUS_TILES)


# --- Trajan tiles ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TrajanCategory:
    """One of the six Trajan-tile categories (A..F)."""

    index: int
    key: str
    letter: str
    en: str
    hu: str
    effect: str


TRAJAN_CATEGORIES: tuple[TrajanCategory, ...] = tuple(
    TrajanCategory(i, c["key"], c["letter"], c["en"], c["hu"], c["effect"])
    for i, c in enumerate(_TRAJAN["categories"])
)
CAT_CARDS, CAT_LEGION, CAT_WORKER, CAT_PLUS2, CAT_LAUREL, CAT_DEMAND = range(6)
TRAJAN_CATEGORY_INDEX: dict[str, int] = {c.key: c.index for c in TRAJAN_CATEGORIES}


@dataclass(frozen=True, slots=True)
class TrajanTile:
    """A Trajan tile: category, the two marker colours it needs, VP, and its effect data."""

    index: int
    id: str
    category: int
    colours: tuple[int, int]
    vp: int
    tokens: int
    demand: int

    def is_satisfied_by(self, tray: list[int]) -> bool:
        """Whether a tray with colour counts ``tray`` shows both colours of the tile.

        A same-colour tile (e.g. blue + blue) needs both markers of that colour.
        """
        a, b = self.colours
        if a == b:
            return tray[a] >= 2
        return tray[a] >= 1 and tray[b] >= 1


def _trajan_tiles() -> tuple[TrajanTile, ...]:
    letters = {c.letter: c.index for c in TRAJAN_CATEGORIES}
    out = []
    for i, t in enumerate(_TRAJAN["tiles"]):
        c1, c2 = (COLOURS.index(c) for c in t["colours"])
        out.append(TrajanTile(i, t["id"], letters[t["category"]], (c1, c2), t["vp"], t.get("tokens", 0),
                              DEMAND_KINDS.index(t["demand"]) if "demand" in t else -1))
    return tuple(out)


TRAJAN_TILES: tuple[TrajanTile, ...] = _trajan_tiles()
TRAJAN_INDEX: dict[str, int] = {t.id: t.index for t in TRAJAN_TILES}
N_TRAJAN_TILES = len(TRAJAN_TILES)


# --- phases, verbs, terminations ---------------------------------------------------------
class Phase(GamePhase):
    """Whose decision and of what kind the state waits for (JSON: the int)."""

    ARRANGE = 0
    """Setup: a player puts starting action markers into trays (2 per tray)."""
    DEAL = 1
    """Setup: a player takes the 3 cards of the starting hand from any piles."""
    CHOOSE_TRAJAN = 2
    """Setup, last step: a player chooses 3 Trajan tiles for slots II, IV, VI."""
    TAKE = 3
    """Turn step 1: choose the tray whose markers are taken."""
    SOW = 4
    """Turn step 1: put the taken markers one per tray, choosing each colour."""
    EFFECT = 5
    """Turn step 2: the optional effect of the accomplished Trajan tile."""
    ACTION = 6
    """Turn step 3: the tray's action, bonus actions and extra actions (see decisions.py)."""
    DEMANDS = 7
    """Quarter end: a player meets the people's demands."""
    CONSUL = 8
    """Quarter end: the consul chooses a bonus tile."""
    OVER = 9  # the game is over


# aliases for the hot paths (a module global compares faster than ``Phase.X``)
ARRANGE: Final = Phase.ARRANGE
DEAL: Final = Phase.DEAL
CHOOSE_TRAJAN: Final = Phase.CHOOSE_TRAJAN
TAKE: Final = Phase.TAKE
SOW: Final = Phase.SOW
EFFECT: Final = Phase.EFFECT
ACTION: Final = Phase.ACTION
DEMANDS: Final = Phase.DEMANDS
CONSUL: Final = Phase.CONSUL
OVER: Final = Phase.OVER


class Sub(IntEnum):
    """The JSON code (``sub``) of the Seaport sub-decision pending inside an action, or of the
    set-up's chosen Trajan stack (``STACK_CARDS + category``) until its tile is chosen."""

    NONE = 0
    DISCARD = 1
    """Seaport (a): after drawing 2 cards, discard 1 onto a discard pile."""
    DISPLAY = 2
    """Seaport (c): after playing 1 card to the display, a second card or stop."""
    SHIP = 3
    """Seaport (d): loading a ship card by card (pair by pair), then sail."""
    DISCARD_LEFT = 4
    """Seaport (a): the left discard pile chosen (``pile left``), the card to discard onto it."""
    DISCARD_RIGHT = 5
    """Seaport (a): the right discard pile chosen (``pile right``), the card to discard onto it."""
    STACK_CARDS = 6
    """Set-up: the commodity Trajan stack chosen (``stack cards``), the tile to choose from it."""
    STACK_LEGION = 7
    """Set-up: the legion Trajan stack chosen, the tile to choose from it."""
    STACK_WORKER = 8
    """Set-up: the worker Trajan stack chosen, the tile to choose from it."""
    STACK_PLUS2 = 9
    """Set-up: the [+2] Trajan stack chosen, the tile to choose from it."""
    STACK_LAUREL = 10
    """Set-up: the victory-point Trajan stack chosen, the tile to choose from it."""
    STACK_DEMAND = 11
    """Set-up: the demand Trajan stack chosen, the tile to choose from it."""


class Verb(StrEnum):
    """The verbs of the action notation (``<seat>:<verb> <args>``)."""

    ARRANGE = "arrange"
    TAKE_CARD = "take_card"
    CHOOSE = "choose"
    STACK = "stack"
    TAKE = "take"
    SOW = "sow"
    EFFECT = "effect"
    PLUS2 = "plus2"
    SKIP = "skip"
    PASS = "pass"
    EXTRA = "extra"
    DECLINE = "decline"
    DRAW_TWO = "draw_two"
    PILE = "pile"
    DISCARD = "discard"
    TAKE_DISCARD = "take_discard"
    DISPLAY = "display"
    STOP = "stop"
    SHIP = "ship"
    LOAD = "load"
    SAIL = "sail"
    TAKE_TILE = "take_tile"
    RECRUIT = "recruit"
    MARCH = "march"
    DEPLOY = "deploy"
    SENATE = "senate"
    TRAJAN = "trajan"
    HIRE = "hire"
    BUILD = "build"
    MEET = "meet"
    CONSUL = "consul"


class Termination(StrEnum):
    """How a game of Trajan ends (there is one way: the fourth quarter is over)."""

    FOUR_QUARTERS = "four_quarters"


# --- tokens of the notation --------------------------------------------------------------
MAX_PLAYERS = 4
PILES: tuple[str, str] = ("left", "right")
"""The two face-up discard piles, beside the draw pile."""
DEMAND_SOURCES: tuple[str, ...] = ("trajan", "forum", "joker")
"""What meets a demand: a category-F Trajan tile, a forum tile, a demand joker."""
SOURCE_TRAJAN, SOURCE_FORUM, SOURCE_JOKER = range(3)
CATEGORY_KEYS: tuple[str, ...] = tuple(c.key for c in TRAJAN_CATEGORIES)
SHIP_KEYS: tuple[str, ...] = tuple(s.key for s in SHIPS)
FORUM_KEYS: tuple[str, ...] = tuple(k.key for k in FORUM_KINDS)
EXTRA_KEYS: tuple[str, ...] = tuple("extra_" + a for a in ACTIONS)
PRE_GAME_SLOTS: tuple[int, ...] = (1, 3, 5)
"""Slots II, IV and VI receive the pre-game Trajan tiles ([HU] "Felkészülés a játékra")."""


# --- names for people (data/texts.toml), in a language ----------------------------------------
DOMAIN = "trajan"
"""The domain of Trajan's messages (the game's id): event templates, labels, boards, texts."""
register_domain(DOMAIN, Path(__file__).parent / "locale")

COMMODITY_NAMES_EN: tuple[str, ...] = tuple(_TILES["commodities"]["en"])
DEMAND_TRAJAN_NAMES: tuple[str, ...] = (N_("bread Trajan tile"), N_("games Trajan tile"),
                                        N_("religion Trajan tile"))
"""The display name of a demand Trajan tile of each demand kind."""
BONUS_NAMES: tuple[str, ...] = tuple(TEXTS["bonus_names"][b.id]["name"] for b in BONUS_TILES)
"""Each bonus tile's short display name (index = bonus tile), English."""
SOURCE_NAMES: tuple[str, ...] = (N_("Trajan tile"), N_("forum tile"), N_("demand joker"))
"""What met a demand (index = ``DEMAND_SOURCES``), English."""


def text_in(lang: Lang, *path: str) -> str:
    """The string of ``data/texts.toml`` at ``path`` (``"forum", "bread", "name"``) in ``lang``."""
    node: Any = TEXTS
    for key in path:
        node = node[key]
    return lang.gettext(str(node))


ENGLISH: Final[Lang] = get_lang("en").for_domain(DOMAIN)
"""English, translating Trajan's domain (the default of every namer)."""


def _name(english: tuple[str, ...], i: int, lang: Lang) -> str:
    """Component ``i`` of a kind in ``lang`` (below, one namer per kind: ``colour_name(2, lang)``)."""
    return lang.gettext(english[i])


colour_name = partial(_name, COLOUR_NAMES_EN)
"""A marker colour (``light green``)."""
action_name = partial(_name, ACTION_NAMES_EN)
"""One of the six actions (``Seaport``)."""
commodity_name = partial(_name, COMMODITY_NAMES_EN)
"""A commodity (``papyrus``)."""
demand_name = partial(_name, tuple(_BOARD["demands"]["kinds_en"]))
"""A demand kind (``bread``)."""
province_name = partial(_name, tuple(p.en for p in PROVINCES))
"""A province (Latin in every language)."""
ship_name = partial(_name, tuple(s.en for s in SHIPS))
"""A ship (``ship of identical cards``)."""
bonus_name = partial(_name, BONUS_NAMES)
"""A bonus tile by its short name (``religion bonus tile``)."""


def trajan_tile_name(t: int, lang: Lang | None = None) -> str:
    """A Trajan tile as a person reads it: its category, the colours it needs and its VP.

    >>> trajan_tile_name(TRAJAN_INDEX["T02"])
    'commodity Trajan tile (blue + orange, 3 VP)'
    >>> trajan_tile_name(TRAJAN_INDEX["T02"], get_lang("hu").for_domain(DOMAIN))
    'árucikk Traianuslapka (kék + narancs, 3 GyP)'
    """
    lang = lang or ENGLISH
    tile = TRAJAN_TILES[t]
    a, b = tile.colours
    if tile.demand >= 0:
        kind = lang.gettext(DEMAND_TRAJAN_NAMES[tile.demand])
    else:
        kind = text_in(lang, "trajan_categories", TRAJAN_CATEGORIES[tile.category].key, "name")
    return lang.gettext("{kind} ({a} + {b}, {vp} VP)").format(
        kind=kind, a=colour_name(a, lang), b=colour_name(b, lang), vp=tile.vp)


def forum_kind_name(k: int, lang: Lang | None = None) -> str:
    """A forum-tile kind (or an extra-action tile on the forum) by its display name."""
    lang = lang or ENGLISH
    kind = FORUM_KINDS[k]
    if kind.action >= 0:
        return extra_tile_name(kind.action, lang)
    return text_in(lang, "forum", kind.key, "name")


def extra_tile_name(a: int, lang: Lang) -> str:
    """The extra-action tile of action ``a`` (``Forum extra-action tile``)."""
    return text_in(lang, "extra_action", "name").format(action=action_name(a, lang))


def building_name(t: int, lang: Lang | None = None) -> str:
    """A construction tile by its picture and VP, e.g. ``4-VP arched doorway construction tile``."""
    lang = lang or ENGLISH
    tile = CONSTRUCTION_TILES[t]
    return text_in(lang, "construction", "name").format(vp=tile.vp, picture=lang.gettext(tile.en))


def with_article(name: str, lang: Lang | None = None) -> str:
    """``name`` after "a" or "an" as English wants it (``an extra-action joker``); other
    languages have no such article, and their templates name the thing after a colon."""
    if lang is not None and lang.code != "en":
        return name
    return ("an " if name[:1] in "aeiou" else "a ") + name
