"""Components of Pandemic: Fall of Rome, loaded from ``data/*.toml``.

Cities, tribes and roles are small integers; the tables below are tuples indexed
by them. Card ids:

* city cards ``0..48`` — one per (tribe, city) migration-path node, in the order of
  ``data/tribes.toml``; barbarian cards use the same ids in their own deck;
* events ``49..62`` (order of ``data/cards.toml``);
* ``REVOLT`` (``63``) — the seven Revolt cards are identical, so they share one id.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import Any


def _load(name: str) -> dict[str, Any]:
    with (Path(__file__).parent / "data" / name).open("rb") as f:
        return tomllib.load(f)


_MAP = _load("map.toml")
_TRIBES = _load("tribes.toml")
_CARDS = _load("cards.toml")
_ROLES = _load("characters.toml")


class Tribe(IntEnum):
    """The five tribes, by the colour of their cubes."""

    ORANGE = 0
    BLACK = 1
    GREEN = 2
    WHITE = 3
    BLUE = 4


@dataclass(frozen=True, slots=True)
class City:
    """A city of the map."""

    index: int
    name: str
    name_pl: str
    modern: str
    colours: tuple[int, ...]
    port: bool
    days: int | None


@dataclass(frozen=True, slots=True)
class TribeInfo:
    """A tribe: colour, names, cube count and alliance cost."""

    index: int
    colour: str
    name: str
    name_pl: str
    colour_pl: str
    cubes: int
    alliance_cost: int


@dataclass(frozen=True, slots=True)
class PathNode:
    """One (tribe, city) node of a migration path = one barbarian card = one city card."""

    index: int
    tribe: int
    city: int
    parent: int  # previous city on the path, -1 = the supply space
    frame: str  # "red" (Roma), "gold" (starting) or "plain"


@dataclass(frozen=True, slots=True)
class EventCard:
    """An event card with its normal and destabilizing effects (paraphrased)."""

    index: int  # card id
    id: str
    name: str
    name_pl: str
    meaning: str
    when: str
    has_destabilizing: bool
    solo: bool
    normal: str
    destabilizing: str


@dataclass(frozen=True, slots=True)
class Role:
    """A character (role card)."""

    index: int
    id: str
    name_pl: str
    solo: bool
    abilities: tuple[str, ...]
    special: str


COLOURS: tuple[str, ...] = tuple(t["colour"] for t in _TRIBES["tribe"])
COLOUR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
NT = len(COLOURS)

CITIES: tuple[City, ...] = tuple(
    City(
        i,
        c["name"],
        c["name_pl"],
        c["modern"],
        tuple(COLOUR_INDEX[x] for x in c["colours"]),
        bool(c["port"]),
        c.get("days"),
    )
    for i, c in enumerate(_MAP["city"])
)
NC = len(CITIES)
CITY_INDEX: dict[str, int] = {c.name: c.index for c in CITIES}
CITY_TOKEN: tuple[str, ...] = tuple(c.name.replace(" ", "_") for c in CITIES)
TOKEN_CITY: dict[str, int] = {t: i for i, t in enumerate(CITY_TOKEN)}
ROMA = CITY_INDEX["Roma"]
PORT: tuple[bool, ...] = tuple(c.port for c in CITIES)
CONNECTIONS: tuple[tuple[int, int], ...] = tuple(
    (CITY_INDEX[a], CITY_INDEX[b]) for a, b in _MAP["connections"]["pairs"]
)


def _neighbours() -> tuple[tuple[int, ...], ...]:
    adj: list[list[int]] = [[] for _ in range(NC)]
    for a, b in CONNECTIONS:
        adj[a].append(b)
        adj[b].append(a)
    return tuple(tuple(sorted(x)) for x in adj)


NEIGHBOURS: tuple[tuple[int, ...], ...] = _neighbours()

TRIBES: tuple[TribeInfo, ...] = tuple(
    TribeInfo(i, t["colour"], t["name"], t["name_pl"], t["colour_pl"], t["cubes"], t["alliance_cost"])
    for i, t in enumerate(_TRIBES["tribe"])
)


def _nodes() -> tuple[PathNode, ...]:
    out: list[PathNode] = []
    for t, tribe in enumerate(_TRIBES["tribe"]):
        for city, parent, frame in tribe["nodes"]:
            out.append(PathNode(len(out), t, CITY_INDEX[city], CITY_INDEX[parent] if parent else -1, frame))
    return tuple(out)


NODES: tuple[PathNode, ...] = _nodes()
N_CITY_CARDS = len(NODES)
# PARENT[tribe][city]: previous city on the tribe's path; -1 = supply; -2 = not on the path
PARENT: tuple[tuple[int, ...], ...] = tuple(
    tuple(next((n.parent for n in NODES if n.tribe == t and n.city == c), -2) for c in range(NC))
    for t in range(NT)
)
# CARDS_OF_CITY[city]: the city-card ids naming the city (one per colour)
CARDS_OF_CITY: tuple[tuple[int, ...], ...] = tuple(
    tuple(n.index for n in NODES if n.city == c) for c in range(NC)
)

EVENTS: tuple[EventCard, ...] = tuple(
    EventCard(
        N_CITY_CARDS + i,
        e["id"],
        e["name"],
        e["name_pl"],
        e["meaning"],
        e["when"],
        bool(e["has_destabilizing"]),
        bool(e.get("solo", True)),
        e["normal"],
        e["destabilizing"],
    )
    for i, e in enumerate(_CARDS["event"])
)
FIRST_EVENT = N_CITY_CARDS
REVOLT = N_CITY_CARDS + len(EVENTS)
N_REVOLTS: int = _CARDS["revolts"]["count"]
EVENT_BY_ID: dict[str, EventCard] = {e.id: e for e in EVENTS}

ROLES: tuple[Role, ...] = tuple(
    Role(i, r["id"], r["name_pl"], bool(r["solo"]), tuple(r["abilities"]), r["special"])
    for i, r in enumerate(_ROLES["role"])
)
ROLE_INDEX: dict[str, int] = {r.id: r.index for r in ROLES}


class RoleId(IntEnum):
    """The seven characters."""

    CONSUL = 0
    MAGISTER_MILITUM = 1
    MERCATOR = 2
    PRAEFECTUS_CLASSIS = 3
    PRAEFECTUS_FABRUM = 4
    REGINA_FOEDERATA = 5
    VESTALIS = 6


class EventId(IntEnum):
    """The fourteen events, as card ids."""

    ABUNDANS = FIRST_EVENT
    ALEA = FIRST_EVENT + 1
    AUDENTES = FIRST_EVENT + 2
    CARPE_DIEM = FIRST_EVENT + 3
    DO_UT_DES = FIRST_EVENT + 4
    FESTINA_LENTE = FIRST_EVENT + 5
    HIC_MANEBIMUS = FIRST_EVENT + 6
    HOMO_FABER = FIRST_EVENT + 7
    MELIUS_CAVERE = FIRST_EVENT + 8
    MORS_TUA = FIRST_EVENT + 9
    MORTUI_NON_MORDENT = FIRST_EVENT + 10
    SI_VIS_PACEM = FIRST_EVENT + 11
    VAE_VICTIS = FIRST_EVENT + 12
    VENI_VIDI_VICI = FIRST_EVENT + 13


TRACKS = _MAP["tracks"]
INVASION_RATE: tuple[int, ...] = tuple(TRACKS["invasion_rate"])
RECRUITMENT_RATE: tuple[int, ...] = tuple(TRACKS["recruitment_rate"])
DECLINE_LOSS: int = TRACKS["decline_loss_step"]
LEGIONS: int = _MAP["pieces"]["legions"]
FORTS: int = _MAP["pieces"]["forts"]
DICE: int = _MAP["pieces"]["dice"]
HAND_LIMIT: int = _MAP["pieces"]["hand_limit"]

SETUP = _CARDS["setup"]
SETUP_EVENTS: dict[int, int] = {int(k): v for k, v in SETUP["events"].items()}
SETUP_HAND: dict[int, int] = {int(k): v for k, v in SETUP["hand"].items()}
GOLD_CUBES: tuple[int, ...] = tuple(SETUP["gold_cubes"])
START_LEGIONS: int = SETUP["start_legions"]
SOLO_TREASURY: int = SETUP["solo_treasury"]
SOLO_ROLES: int = SETUP["solo_roles"]
REVOLTS_STANDARD: dict[str, int] = dict(_CARDS["difficulty"]["standard"])
REVOLTS_CAPUT_MUNDI: dict[str, int] = dict(_CARDS["difficulty"]["roma_caput_mundi"])
DIE_FACES: tuple[str, ...] = tuple(_CARDS["die"]["faces"])
FACE_NAMES: tuple[str, ...] = ("legion", "barbarian", "barbarian_legion", "two_barbarians_legion", "special")
FACE_INDEX: dict[str, int] = {f: i for i, f in enumerate(FACE_NAMES)}
# per face kind: (barbarians removed, legions lost)
FACE_EFFECT: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (1, 1), (2, 1), (0, 0))
DIE_FACE_KIND: tuple[int, ...] = tuple(FACE_INDEX[f] for f in DIE_FACES)


def card_colour(card: int) -> int:
    """The colour (tribe) of a city card."""
    return NODES[card].tribe


def card_city(card: int) -> int:
    """The city a city card names."""
    return NODES[card].city


def card_token(card: int) -> str:
    """The notation token of a player card: ``Aquileia/white``, an event id, or ``Revolt``."""
    if card < N_CITY_CARDS:
        n = NODES[card]
        return f"{CITY_TOKEN[n.city]}/{COLOURS[n.tribe]}"
    if card < REVOLT:
        return EVENTS[card - FIRST_EVENT].id
    return "Revolt"


CARD_TOKENS: tuple[str, ...] = tuple(card_token(c) for c in range(REVOLT + 1))
TOKEN_CARD: dict[str, int] = {t: i for i, t in enumerate(CARD_TOKENS)}
