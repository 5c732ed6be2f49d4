"""Components of Glory to Rome, loaded from ``data/cards.toml``.

Materials and roles share one index (rubble/laborer = 0 ... marble/patron = 5):
every Order card shows one material and the role of that material.  Order cards
are small integers (card ids); :data:`CARD_BUILDING` gives each card's building.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import IntEnum
from importlib import resources
from typing import Any


class Material(IntEnum):
    """The six building materials (the index is also the role's index)."""

    RUBBLE = 0
    WOOD = 1
    BRICK = 2
    CONCRETE = 3
    STONE = 4
    MARBLE = 5


class Role(IntEnum):
    """The six roles; ``Role(m)`` is the role printed on cards of material ``m``."""

    LABORER = 0
    CRAFTSMAN = 1
    LEGIONARY = 2
    ARCHITECT = 3
    MERCHANT = 4
    PATRON = 5


THINKER = 6
"""Pseudo-role of a Thinker action (Academy, School)."""


def _load() -> dict[str, Any]:
    text = resources.files("ludus.games.glory_to_rome").joinpath("data/cards.toml").read_text("utf-8")
    return tomllib.loads(text)


DATA: dict[str, Any] = _load()

MATERIAL_NAMES: tuple[str, ...] = tuple(DATA["materials"]["order"])
ROLE_NAMES: tuple[str, ...] = tuple(DATA["materials"][m]["role"] for m in MATERIAL_NAMES)
MATERIAL_EN: tuple[str, ...] = tuple(DATA["materials"][m]["en"] for m in MATERIAL_NAMES)
MATERIAL_PL: tuple[str, ...] = tuple(DATA["materials"][m]["pl"] for m in MATERIAL_NAMES)
ROLE_EN: tuple[str, ...] = tuple(DATA["materials"][m]["role_en"] for m in MATERIAL_NAMES)
ROLE_PL: tuple[str, ...] = tuple(DATA["materials"][m]["role_pl"] for m in MATERIAL_NAMES)
VALUE: tuple[int, ...] = tuple(DATA["materials"][m]["value"] for m in MATERIAL_NAMES)
MATERIAL_INDEX: dict[str, int] = {name: i for i, name in enumerate(MATERIAL_NAMES)}
ROLE_INDEX: dict[str, int] = {name: i for i, name in enumerate(ROLE_NAMES)}


@dataclass(frozen=True, slots=True)
class Building:
    """One of the 40 building types printed on the Order cards."""

    index: int
    slug: str
    en: str
    pl: str
    pl_rank: int
    material: int
    copies: int

    @property
    def value(self) -> int:
        """Materials needed to complete it (on its own site), influence gained."""
        return VALUE[self.material]

    @property
    def role(self) -> int:
        """The role printed on the card."""
        return self.material


def _buildings() -> tuple[Building, ...]:
    out: list[Building] = []
    for slug, row in DATA["buildings"].items():
        if not isinstance(row, list):
            continue
        en, pl, rank, material, copies = row
        out.append(Building(len(out), slug, en, pl, rank, MATERIAL_INDEX[material], copies))
    return tuple(out)


BUILDINGS: tuple[Building, ...] = _buildings()
BUILDING_INDEX: dict[str, int] = {b.slug: b.index for b in BUILDINGS}


class B:
    """Building indices, named for readable rules code (``B.PALACE``).

    Plain ``int`` class attributes rather than an enum: the rules test them in
    bit masks on every action, and enum member lookup is several times slower.
    """

    BAR = BUILDING_INDEX["bar"]
    INSULA = BUILDING_INDEX["insula"]
    LATRINE = BUILDING_INDEX["latrine"]
    ROAD = BUILDING_INDEX["road"]
    CIRCUS = BUILDING_INDEX["circus"]
    DOCK = BUILDING_INDEX["dock"]
    MARKET = BUILDING_INDEX["market"]
    PALISADE = BUILDING_INDEX["palisade"]
    ACADEMY = BUILDING_INDEX["academy"]
    ARCHWAY = BUILDING_INDEX["archway"]
    ATRIUM = BUILDING_INDEX["atrium"]
    BATH = BUILDING_INDEX["bath"]
    FOUNDRY = BUILDING_INDEX["foundry"]
    GATE = BUILDING_INDEX["gate"]
    SCHOOL = BUILDING_INDEX["school"]
    SHRINE = BUILDING_INDEX["shrine"]
    AMPHITHEATRE = BUILDING_INDEX["amphitheatre"]
    AQUEDUCT = BUILDING_INDEX["aqueduct"]
    BRIDGE = BUILDING_INDEX["bridge"]
    SENATE = BUILDING_INDEX["senate"]
    STOREROOM = BUILDING_INDEX["storeroom"]
    TOWER = BUILDING_INDEX["tower"]
    VOMITORIUM = BUILDING_INDEX["vomitorium"]
    WALL = BUILDING_INDEX["wall"]
    CATACOMB = BUILDING_INDEX["catacomb"]
    CIRCUS_MAXIMUS = BUILDING_INDEX["circus_maximus"]
    COLOSSEUM = BUILDING_INDEX["colosseum"]
    GARDEN = BUILDING_INDEX["garden"]
    PRISON = BUILDING_INDEX["prison"]
    SCRIPTORIUM = BUILDING_INDEX["scriptorium"]
    SEWER = BUILDING_INDEX["sewer"]
    VILLA = BUILDING_INDEX["villa"]
    BASILICA = BUILDING_INDEX["basilica"]
    FORUM = BUILDING_INDEX["forum"]
    FOUNTAIN = BUILDING_INDEX["fountain"]
    LUDUS_MAGNUS = BUILDING_INDEX["ludus_magnus"]
    PALACE = BUILDING_INDEX["palace"]
    STAIRWAY = BUILDING_INDEX["stairway"]
    STATUE = BUILDING_INDEX["statue"]
    TEMPLE = BUILDING_INDEX["temple"]


def _deck() -> tuple[int, ...]:
    out: list[int] = []
    for b in BUILDINGS:
        out.extend([b.index] * b.copies)
    return tuple(out)


CARD_BUILDING: tuple[int, ...] = _deck()
"""Building index of each Order card id (144 cards)."""

CARD_MATERIAL: tuple[int, ...] = tuple(BUILDINGS[b].material for b in CARD_BUILDING)
"""Material (and role) of each Order card id."""

N_CARDS = len(CARD_BUILDING)
N_JACKS: int = DATA["jacks"]["count"]
SITES_PER_MATERIAL: int = DATA["sites"]["per_material"]
MERCHANT_BONUS: int = DATA["merchant_bonus"]["points"]
STARTING_INFLUENCE: int = DATA["limits"]["starting_influence"]
HAND_LIMIT: int = DATA["limits"]["hand_limit"]
STARTING_ORDERS: int = DATA["limits"]["starting_orders"]
CLASSIC_FORUM_COPIES: int = DATA["classic_forum"]["copies"]

# Start-player order: the Polish alphabet (PL α) or English names.
PL_RANK: tuple[int, ...] = tuple(b.pl_rank for b in BUILDINGS)
EN_RANK: tuple[int, ...] = tuple(
    sorted(range(len(BUILDINGS)), key=lambda i: BUILDINGS[i].en).index(i) + 1 for i in range(len(BUILDINGS))
)
