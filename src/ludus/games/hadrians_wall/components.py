"""Components of Hadrian's Wall, loaded from ``data/*.toml``.

Enums for the phases, verbs and ways a game ends; int constants for workers, attributes,
citizens and cohorts (hot paths index lists with them); frozen dataclasses for Fate cards,
Player cards and buildings; precomputed tables for every sheet area (the sheets' geometry:
granary columns, chains, the Scouting map); and the game's words in each language: its
catalogs (``locale/``) are registered here, and the namers (taking a ``Lang`` bound to the
domain, :func:`lang_of`) that :mod:`.words` puts together for the event templates of
``data/messages.toml``. The English words
are the msgids; a name stands in the nominative, and every count picks its plural form.

>>> counts_words([2, 0, 1, 0, 0], lang_of("pl")), item_count(4, 5, lang_of("uk"))
('2 Legionistów, 1 Sługa', '5 ресурсів')
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, Final

from ludus.core.fields import GamePhase
from ludus.core.i18n import Lang, LangLike, as_lang, register_domain

DOMAIN: Final = "hadrians-wall"
"""The game id: the domain of its event templates and its catalogs (``locale/``)."""
register_domain(DOMAIN, Path(__file__).parent / "locale")


class Phase(GamePhase):
    """Where the game is: choosing Path/Prospect, acting in the Year, spending Favours, over.

    The JSON and the view name a phase in lower case (``"choose"``), see :data:`PHASE_NAMES`.
    """

    CHOOSE = 0
    ACTIONS = 1
    FAVOUR = 2
    OVER = 3


PHASE_NAMES: tuple[str, ...] = tuple(p.name.lower() for p in Phase)
PHASE_BY_NAME: dict[str, Phase] = {p.name.lower(): p for p in Phase}
# aliases for the hot paths (a module global is cheaper to read than an enum attribute)
CHOOSE: Final = Phase.CHOOSE
ACTIONS: Final = Phase.ACTIONS
FAVOUR: Final = Phase.FAVOUR
OVER: Final = Phase.OVER


class Verb(StrEnum):
    """The verbs of the notation, named after the rulebook's actions."""

    PATH = "path"
    END = "end"
    COHORT = "cohort"
    ATTRIBUTE = "attribute"
    MINE = "mine"
    GUARD = "guard"
    TRAIN = "train"
    FORT = "fort"
    WALL = "wall"
    CIPPI = "cippi"
    BUILD = "build"
    FORUM = "forum"
    CITIZEN = "citizen"
    BUY = "buy"
    HEXAGON = "hexagon"
    PERFORM = "perform"
    TRAIN_GLADIATOR = "train_gladiator"
    BATTLE = "battle"
    TEMPLE = "temple"
    BRIBE = "bribe"
    RULING = "ruling"
    DIPLOMAT = "diplomat"
    SCOUT = "scout"
    TURN = "turn"
    PLACE = "place"
    FAVOUR = "favour"
    DEFEND = "defend"


class Termination(StrEnum):
    """How a game ends: always after the Pict attack of Year 6 (rulebook "KONIEC GRY")."""

    AFTER_YEAR_6 = "after_year_6"
    """Every game, solo or not; the Solo Campaign's goal and challenge are in the details."""


# --- scalar kinds -------------------------------------------------------------
SOLDIER, BUILDER, SERVANT, CIVILIAN, RESOURCE = range(5)
ITEMS: tuple[str, ...] = ("soldier", "builder", "servant", "civilian", "resource")
"""The five things a player holds on the board: four worker types and Resources."""
WORKERS: tuple[str, ...] = ITEMS[:4]

RENOWN, PIETY, VALOUR, DISCIPLINE = range(4)
ATTRIBUTES: tuple[str, ...] = ("renown", "piety", "valour", "discipline")

TRADER, PERFORMER, PRIEST, APPARITOR, PATRICIAN = range(5)
CITIZENS: tuple[str, ...] = ("trader", "performer", "priest", "apparitor", "patrician")

LEFT, CENTRE, RIGHT = range(3)
COHORTS: tuple[str, ...] = ("left", "centre", "right")

GLADIATORS: tuple[str, ...] = ("red", "blue")
DIFFICULTIES: tuple[str, ...] = ("easy", "normal", "hard")

Cost = tuple[int, int, int, int, int]
Rewards = tuple[str, ...]


def _load(name: str) -> dict[str, Any]:
    with (Path(__file__).parent / "data" / name).open("rb") as handle:
        return tomllib.load(handle)


@dataclass(frozen=True, slots=True)
class FateCard:
    """A Fate card: the Cohort its Pict attacks, gladiator damage, Trade Good, income."""

    index: int
    attack: int
    damage: int
    good: int
    income: Cost


@dataclass(frozen=True, slots=True)
class PlayerCard:
    """A Player card: a Path (end-game VP) over a Prospect (income, good, pattern)."""

    index: int
    id: str
    names: dict[str, str]
    thresholds: tuple[int, int, int]
    income: Cost
    good: int
    pattern: str


@dataclass(frozen=True, slots=True)
class Building:
    """A building on either sheet (granaries, Hotel ... Courthouse, Landmarks)."""

    id: str
    names: dict[str, str]
    requirement: str
    at_least: int
    after: str | None
    cost: Cost
    rewards: Rewards
    sheet: str
    large: bool
    landmark: bool


@dataclass(frozen=True, slots=True)
class Fort:
    """One fort of the official Solo Campaign."""

    number: int
    name: str
    rules: dict[str, Any]
    goal: str
    challenge: str
    reward: Cost


def _cost(values: list[int]) -> Cost:
    a, b, c, d, e = values
    return (a, b, c, d, e)


def _rewards(rows: list[list[str]]) -> tuple[Rewards, ...]:
    return tuple(tuple(r) for r in rows)


def _columns(sizes: list[int]) -> tuple[int, ...]:
    """Granary column (0 small, 1 medium, 2 large) of each box of a track."""
    out: list[int] = []
    for col, size in enumerate(sizes):
        out.extend([col] * size)
    return tuple(out)


def _open_boxes(columns: tuple[int, ...]) -> tuple[int, ...]:
    """Per granary level (open columns, 0–3): how many boxes of a track are in open columns.

    The columns fill left to right, so box ``n`` (0-based) is open iff ``n < OPEN[level]``.
    """
    return tuple(sum(1 for col in columns if col < level) for level in range(4))


_FATE = _load("fate_cards.toml")
_PLAYER = _load("player_cards.toml")
_SHEETS = _load("sheets.toml")
_YEAR = _load("year.toml")
TEXTS: dict[str, Any] = _load("texts.toml")
"""What every component does (``data/texts.toml``): read by :func:`.notation.describe_component`."""

FATE_CARDS: tuple[FateCard, ...] = tuple(
    FateCard(i, COHORTS.index(row[0]), row[1], row[2], _cost(row[3:8]))
    for i, row in enumerate(_FATE["deck"]["cards"]))

PLAYER_CARDS: tuple[PlayerCard, ...] = tuple(
    PlayerCard(i, key, dict(c["names"]), tuple(c["thresholds"]), _cost(c["income"]), c["good"], c["pattern"])
    for i, (key, c) in enumerate(_PLAYER["cards"].items()))
PLAYER_CARD_INDEX: dict[str, int] = {c.id: c.index for c in PLAYER_CARDS}
PATTERN_CELLS: dict[str, tuple[tuple[int, int], ...]] = {
    k: tuple((r, c) for r, c in v) for k, v in _PLAYER["patterns"].items()
}

S = _SHEETS
COHORT_BOXES: int = S["cohorts"]["boxes"]
COHORT_REWARDS = _rewards(S["cohorts"]["rewards"])
MINING_REWARDS = _rewards(S["mining"]["rewards"])
MINING_COLUMN = _columns(S["mining"]["columns"])
MINING_OPEN = _open_boxes(MINING_COLUMN)
GUARD_REWARDS = _rewards(S["wall_guard"]["rewards"])
GUARD_COLUMN = _columns(S["wall_guard"]["columns"])
GUARD_OPEN = _open_boxes(GUARD_COLUMN)
CIPPI_REWARDS = _rewards(S["cippi"]["rewards"])
CIPPI_COLUMN = _columns(S["cippi"]["columns"])
CIPPI_OPEN = _open_boxes(CIPPI_COLUMN)
CIPPI_CHAIN: tuple[int, ...] = tuple(S["cippi"]["chain"])
WALL_REWARDS = _rewards(S["wall"]["rewards"])
WALL_COLUMN = _columns(S["wall"]["columns"])
FORT_REWARDS = _rewards(S["fort"]["rewards"])
FORT_COLUMN = _columns(S["fort"]["columns"])
FORT_OPEN = _open_boxes(FORT_COLUMN)
INFRASTRUCTURE_AT: tuple[int, ...] = tuple(
    sum(1 for r in FORT_REWARDS[:n] if "infrastructure" in r) for n in range(len(FORT_REWARDS) + 1))
"""Infrastructure level reached with ``n`` Fort boxes filled."""
PRODUCTION_CIRCLES: int = S["production"]["circles"]
TRAINING_BOXES: int = S["training"]["boxes"]
FORUM_BOXES: int = S["forum"]["boxes"]
ATTRIBUTE_MAX: int = S["attributes"]["max"]
ATTRIBUTE_REWARDS: tuple[tuple[str | None, ...], ...] = tuple(
    tuple(S["attributes"][a].get(str(pos)) for pos in range(ATTRIBUTE_MAX + 1)) for a in ATTRIBUTES)
"""``ATTRIBUTE_REWARDS[attr][pos]``: what filling box ``pos`` (1-based) of that track gives."""
DISDAIN_BOXES: int = S["disdain"]["boxes"]
DISDAIN_PENALTY: tuple[int, ...] = tuple(S["disdain"]["penalty"])
CITIZEN_BOXES: int = S["citizens"]["boxes"]
CITIZEN_REWARDS: tuple[tuple[Rewards, ...], ...] = tuple(_rewards(S["citizens"][c]) for c in CITIZENS)
MARKET_HEXAGONS: tuple[str, ...] = tuple(S["market"]["hexagons"])
MARKET_TRADERS: tuple[int, ...] = tuple(S["market"]["traders"])
MARKET_EXTRA = _rewards(S["market"]["extra"])
MARKET_UNIQUE_BONUS: tuple[int, ...] = tuple(S["market"]["unique_bonus"])
THEATRE_BOXES: tuple[str, ...] = tuple(S["theatre"]["boxes"])
THEATRE_PERFORMERS: tuple[int, ...] = tuple(S["theatre"]["performers"])
THEATRE_REWARDS = _rewards(S["theatre"]["rewards"])
THEATRE_COST = _cost(S["theatre"]["cost"])
LUDUS_PERFORMERS: tuple[int, ...] = tuple(S["ludus"]["performers"])
LUDUS_DEATH = _rewards(S["ludus"]["death"])
LUDUS_SURVIVAL = _rewards(S["ludus"]["survival"])
TEMPLE_ROWS: tuple[tuple[int, ...], ...] = (
    tuple(S["temples"]["small"]), tuple(S["temples"]["medium"]), tuple(S["temples"]["large"])
)
TEMPLE_IDS: tuple[str, ...] = ("small_temple", "medium_temple", "large_temple")
# Temple boxes in filling order: (temple, priests needed, gives piety, gives favour)
TEMPLE_BOXES: tuple[tuple[int, int, bool, bool], ...] = tuple(
    (t, need, half == 1, half == 1 and row == len(rows) - 1)
    for t, rows in enumerate(TEMPLE_ROWS)
    for row, need in enumerate(rows)
    for half in (0, 1)
)
TEMPLE_SIZE: tuple[int, ...] = tuple(2 * len(rows) for rows in TEMPLE_ROWS)
BATHS_BOXES: tuple[str, ...] = tuple(S["baths"]["boxes"])
BATHS_APPARITORES: tuple[int, ...] = tuple(S["baths"]["apparitores"])
BATHS_RESOURCES: tuple[int, ...] = tuple(S["baths"]["resources"])
BATHS_PER_YEAR: int = S["baths"]["per_year"]
COURT_APPARITORES: tuple[tuple[int, ...], ...] = tuple(tuple(c) for c in S["courthouse"]["apparitores"])
COURT_PAY: tuple[Cost, ...] = tuple(_cost(c) for c in S["courthouse"]["pay"])
COURT_GAIN = _rewards(S["courthouse"]["gain"])
DIPLOMAT_PATRICIANS: tuple[int, ...] = tuple(S["diplomats"]["patricians"])
DIPLOMAT_COST = _cost(S["diplomats"]["cost"])
DIPLOMAT_FAVOURS: int = S["diplomats"]["favours"]
MAP_ROWS: int = S["scouting"]["rows"]
MAP_COLUMNS: int = S["scouting"]["columns"]
SCOUT_PATRICIANS: tuple[int, ...] = tuple(S["scouting"]["scouts"])
MAP_ICONS: tuple[str, ...] = tuple("".join(S["scouting"]["map"]))
COSTS = {"mining": _cost(S["mining"]["cost"]), "wall_guard": _cost(S["wall_guard"]["cost"]),
         "cippi": _cost(S["cippi"]["cost"]), "wall": _cost(S["wall"]["cost"]),
         "training": _cost(S["training"]["cost"])}
AREA_NAMES: dict[str, dict[str, str]] = {k: dict(v) for k, v in S["areas"].items() if isinstance(v, dict)}
ITEM_NAMES: dict[str, dict[str, str]] = {k: dict(v) for k, v in S["workers"].items() if isinstance(v, dict)}
ATTRIBUTE_NAMES: dict[str, dict[str, str]] = {k: dict(v) for k, v in S["attributes"]["names"].items()}
CITIZEN_NAMES: dict[str, dict[str, str]] = {k: dict(v) for k, v in S["citizens"]["names"].items()}
GLADIATOR_NAMES: dict[str, dict[str, str]] = {k: dict(v) for k, v in S["ludus"]["gladiators"].items()}
DIFFICULTY_NAMES: dict[str, dict[str, str]] = {k: dict(v) for k, v in _YEAR["attack"]["names"].items()}

BUILDINGS: dict[str, Building] = {
    key: Building(key, dict(b["names"]), b["requirement"][0], b["requirement"][1], b.get("after"),
                  _cost(b["cost"]), tuple(b["rewards"]), b["sheet"], b["large"], b.get("landmark", False))
    for key, b in S["buildings"].items()}
BUILDING_IDS: tuple[str, ...] = tuple(BUILDINGS)
LANDMARKS: tuple[str, ...] = tuple(k for k, b in BUILDINGS.items() if b.landmark)
LARGE_BUILDINGS: tuple[str, ...] = tuple(k for k, b in BUILDINGS.items() if b.large)

Y = _YEAR
ATTACK_POTENTIAL: tuple[int, ...] = tuple(Y["attack"]["potential"])
ATTACK_CARDS: dict[str, tuple[int, ...]] = {d: tuple(Y["attack"][d]) for d in DIFFICULTIES}
NEUTRAL_CARDS: dict[int, int] = {1: Y["neutral"]["players_1"], 2: Y["neutral"]["players_2"]}
SOLO_RANKS: tuple[tuple[int, dict[str, str]], ...] = tuple((r["min"], dict(r["names"]))
                                                           for r in Y["solo_ranks"])
FORTS: tuple[Fort, ...] = tuple(
    Fort(i + 1, f["name"], dict(f["rules"]), f["goal"], f["challenge"], _cost(f["reward"]))
    for i, f in enumerate(Y["forts"]))
YEARS = 6


MAP_LETTERS = "abcde"


def cell_name(cell: int) -> str:
    """Map cell ``cell`` (row-major, 0..19) as text, column letter then row: ``a1`` … ``e4``."""
    return MAP_LETTERS[cell % MAP_COLUMNS] + str(cell // MAP_COLUMNS + 1)


def mask_token(mask: int) -> str:
    """The notation of a set of map cells, e.g. ``a3.b3.a4.b4``."""
    return ".".join(cell_name(i) for i in range(MAP_ROWS * MAP_COLUMNS) if mask >> i & 1)


def cells_mask(token: str) -> int | None:
    """The cell mask of a ``place`` token such as ``a3.b3.a4.b2``, or ``None`` if malformed.

    >>> mask_token(cells_mask("b2.a1") or 0)
    'a1.b2'
    """
    mask = 0
    for cell in token.lower().split("."):
        if len(cell) != 2 or cell[0] not in MAP_LETTERS[:MAP_COLUMNS] or not cell[1].isdigit():
            return None
        row = int(cell[1]) - 1
        if not 0 <= row < MAP_ROWS:
            return None
        mask |= 1 << (row * MAP_COLUMNS + MAP_LETTERS.index(cell[0]))
    return mask


def shape_of(mask: int) -> int:
    """The orientation a placement has: its cells moved to the map's corner (a1).

    >>> mask_token(shape_of(cells_mask("c2.c3.d3.d4") or 0))
    'a1.a2.b2.b3'
    """
    cells = [i for i in range(MAP_ROWS * MAP_COLUMNS) if mask >> i & 1] or [0]
    return mask >> (min(i // MAP_COLUMNS for i in cells) * MAP_COLUMNS + min(i % MAP_COLUMNS for i in cells))


def shape_words(shape: int) -> str:
    """An orientation drawn row by row (``#`` a cell of the pattern, ``.`` none), rows split by ``/``.

    >>> shape_words(cells_mask("a1.a2.b2.b3") or 0)
    '#. / ## / .#'
    """
    rows = ["".join(".#"[shape >> (r * MAP_COLUMNS + c) & 1] for c in range(MAP_COLUMNS))
            for r in range(MAP_ROWS)]
    rows = [row for row in rows if "#" in row]
    width = max(len(row.rstrip(".")) for row in rows)
    return " / ".join(row[:width] for row in rows)


ROW_MASKS: tuple[int, ...] = tuple(((1 << MAP_COLUMNS) - 1) << (r * MAP_COLUMNS) for r in range(MAP_ROWS))
COLUMN_MASKS: tuple[int, ...] = tuple(
    sum(1 << (r * MAP_COLUMNS + c) for r in range(MAP_ROWS)) for c in range(MAP_COLUMNS))
FULL_MAP: int = (1 << (MAP_ROWS * MAP_COLUMNS)) - 1


# --- indices for the rules' hot paths -------------------------------------------------
ITEM_INDEX: dict[str, int] = {name: i for i, name in enumerate(ITEMS)}
ATTRIBUTE_INDEX: dict[str, int] = {name: i for i, name in enumerate(ATTRIBUTES)}
CITIZEN_INDEX: dict[str, int] = {name: i for i, name in enumerate(CITIZENS)}
BUILDING_INDEX: dict[str, int] = {name: i for i, name in enumerate(BUILDING_IDS)}
COHORT_INDEX: dict[str, int] = {name: i for i, name in enumerate(COHORTS)}
GLADIATOR_INDEX: dict[str, int] = {name: i for i, name in enumerate(GLADIATORS)}
MEDIUM_GRANARY = BUILDING_INDEX["medium_granary"]
LARGE_GRANARY = BUILDING_INDEX["large_granary"]
HOTELS = (BUILDING_INDEX["small_hotel"], BUILDING_INDEX["large_hotel"])
WORKSHOPS = (BUILDING_INDEX["small_workshop"], BUILDING_INDEX["large_workshop"])
ROADS = (BUILDING_INDEX["small_road"], BUILDING_INDEX["large_road"])
MARKET = BUILDING_INDEX["market"]
THEATRE = BUILDING_INDEX["theatre"]
LUDUS = BUILDING_INDEX["ludus"]
BATHS = BUILDING_INDEX["baths"]
COURTHOUSE = BUILDING_INDEX["courthouse"]
TEMPLES = tuple(BUILDING_INDEX[t] for t in TEMPLE_IDS)
COURT_BOXES: tuple[str, ...] = tuple(f"{col}{row + 1}" for col in "LCR" for row in range(3))
"""Courthouse boxes: column L/C/R, row 1–3."""
FORUM_TYPES: tuple[int, ...] = (BUILDER, SERVANT, CIVILIAN)
"""The workers the Forum exchanges (Soldiers never)."""
ATTRIBUTE_CHOICES: dict[str, tuple[int, ...]] = {
    "attr": (RENOWN, PIETY, VALOUR, DISCIPLINE),
    "pd": (PIETY, DISCIPLINE),
    "rv": (RENOWN, VALOUR),
}
"""An attribute of choice (Road income), Piety or Discipline, Renown or Valour (Road builds)."""


# --- words in a language: names, counts, boxes (the event templates' namers: words.py) ----
def lang_of(locale: LangLike) -> Lang:
    """The language ``locale`` (a :class:`Lang`, a code, None for English) translating this game."""
    return as_lang(locale).for_domain(DOMAIN)


ENGLISH = lang_of(None)
"""English, the msgids themselves."""
EN_KEY = "en"
"""The key of a data file's English name: the msgid (a name, so that extraction takes no literal)."""


def card_name(card: int, lang: Lang) -> str:
    """Player card ``card`` (its index) by name."""
    return lang.gettext(PLAYER_CARDS[card].names[EN_KEY])


def card_id_name(card_id: str, lang: Lang) -> str:
    """Player card ``card_id`` (``"forager"``) by name."""
    return card_name(PLAYER_CARD_INDEX[card_id], lang)


def building_name(key: str, lang: Lang) -> str:
    """A building by name (``"Medium Granary"``)."""
    return lang.gettext(BUILDINGS[key].names[EN_KEY])


def item_name(i: int, lang: Lang) -> str:
    """Item ``i`` (a worker type or Resource) by name, singular."""
    return lang.gettext(ITEM_NAMES[ITEMS[i]][EN_KEY])


def attribute_name(a: int, lang: Lang) -> str:
    """Attribute ``a`` (Renown, Piety, Valour, Discipline)."""
    return lang.gettext(ATTRIBUTE_NAMES[ATTRIBUTES[a]][EN_KEY])


def citizen_name(c: int, lang: Lang) -> str:
    """Citizen track ``c`` (named in the plural: Traders)."""
    return lang.gettext(CITIZEN_NAMES[CITIZENS[c]][EN_KEY])


def cohort_name(c: int, lang: Lang) -> str:
    """Cohort ``c``: Left, Centre or Right."""
    return (lang.gettext("Left"), lang.gettext("Centre"), lang.gettext("Right"))[c]


def column_letter(col: str, lang: Lang) -> str:
    """The letter of a sheet column, ``"L"``, ``"C"`` or ``"R"``, as ``lang`` abbreviates it.

    The Theatre and the Baths have a left and a right column of boxes, the Courthouse a left, a
    centre and a right one; the boards name a box by its column's letter and its row ("L1").

    >>> column_letter("C", ENGLISH)
    'C'
    """
    # Translators: one letter, the first of your language's word for the left, centre or right
    # column of boxes on the sheet (the rulebook's left/centre/right, as the Cohorts); the board
    # shows "L1" for the first box of the left column.
    if col == "L":
        return lang.pgettext("column letter: the first letter of 'left'", "L")
    if col == "C":
        return lang.pgettext("column letter: the first letter of 'centre'", "C")
    return lang.pgettext("column letter: the first letter of 'right'", "R")


def box_label(name: str, lang: Lang) -> str:
    """A Theatre, Baths or Courthouse box (``"L1"``, ``"C2"``) with its column letter in ``lang``.

    >>> box_label("R3", ENGLISH)
    'R3'
    """
    return column_letter(name[0], lang) + name[1:]


def gladiator_name(g: int, lang: Lang) -> str:
    """Gladiator ``g``: the Red or the Blue Gladiator."""
    return lang.gettext(GLADIATOR_NAMES[GLADIATORS[g]][EN_KEY])


def item_count(i: int, n: int, lang: Lang) -> str:
    """``n`` of item ``i`` ("2 Soldiers"), in the plural form of ``n``.

    >>> item_count(0, 2, ENGLISH), item_count(4, 1, ENGLISH)
    ('2 Soldiers', '1 Resource')
    """
    forms = (lang.ngettext("{n} Soldier", "{n} Soldiers", n), lang.ngettext("{n} Builder", "{n} Builders", n),
             lang.ngettext("{n} Servant", "{n} Servants", n),
             lang.ngettext("{n} Civilian", "{n} Civilians", n),
             lang.ngettext("{n} Resource", "{n} Resources", n))
    return forms[i].format(n=n)


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
        return lang.gettext("{seat}'s Prospect card").format(seat=lang.player(int(source[1:])))
    if source.startswith("n"):
        return lang.gettext("a Neutral Prospect card")
    return lang.gettext("the Fate deck")


def market_box_words(h: int, lang: Lang) -> str:
    """A Market hexagon, by the Traders it needs (the sheet prints no name on it)."""
    n = MARKET_TRADERS[h]
    return lang.ngettext("the Market hexagon for {n} Trader", "the Market hexagon for {n} Traders", n).format(
        n=n)


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
        text = lang.ngettext("box for {n} Apparitor, right column", "box for {n} Apparitores, right column",
                             n)
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
    return lang.gettext(AREA_NAMES[key][EN_KEY])
