"""The validated options of a game of Hadrian's Wall, as one frozen :class:`HadriansWallConfig`.

The rules read switches from here, never ``options["..."]``: the difficulty, the neighbour
options, and the rule changes of a Solo Campaign fort (``data/year.toml``). Derived tables
that depend only on the configuration are built here once: each seat's prebuilt actions and
the buildings' legality rows, each seat's prebuilt actions (:class:`ActionTable`, with the
orientations and placements of the Scouting patterns they need).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from ludus.core.actions import Action
from ludus.core.api import OptionValue
from ludus.core.errors import N_, OptionError

from .components import (
    ATTACK_CARDS,
    ATTRIBUTE_INDEX,
    ATTRIBUTES,
    BATHS_BOXES,
    BUILDING_IDS,
    BUILDING_INDEX,
    BUILDINGS,
    CITIZEN_INDEX,
    CITIZENS,
    COHORTS,
    COURT_BOXES,
    DOMAIN,
    FORTS,
    FORUM_TYPES,
    GLADIATORS,
    ITEMS,
    LANDMARKS,
    MAP_COLUMNS,
    MAP_ROWS,
    MARKET_HEXAGONS,
    NEUTRAL_CARDS,
    PATTERN_CELLS,
    PLAYER_CARDS,
    THEATRE_BOXES,
    WORKERS,
    Cost,
    Fort,
    Verb,
    mask_token,
)


# --- the Scouting patterns' orientations and placements, and every action, built once ---------
def _orientations(cells: tuple[tuple[int, int], ...]) -> list[tuple[tuple[int, int], ...]]:
    shapes: set[tuple[tuple[int, int], ...]] = set()
    current = list(cells)
    for mirror in (False, True):
        pts = [(r, -c) for r, c in current] if mirror else list(current)
        for _ in range(4):
            pts = [(c, -r) for r, c in pts]
            r0 = min(r for r, _ in pts)
            c0 = min(c for _, c in pts)
            shapes.add(tuple(sorted((r - r0, c - c0) for r, c in pts)))
    return sorted(shapes)


def _shape_mask(shape: tuple[tuple[int, int], ...]) -> int:
    return sum(1 << (r * MAP_COLUMNS + c) for r, c in shape)


@cache
def orientations(pattern: str) -> tuple[int, ...]:
    """The distinct orientations (rotations and mirrors) of ``pattern`` as cell masks at the map's corner.

    >>> [mask_token(m) for m in orientations("O")]
    ['a1.b1.a2.b2']
    """
    return tuple(_shape_mask(shape) for shape in _orientations(PATTERN_CELLS[pattern]))


@cache
def shape_placements(shape: int) -> tuple[int, ...]:
    """Every position of an orientation (a mask at the corner) on the empty map, as cell masks."""
    cells = [i for i in range(MAP_ROWS * MAP_COLUMNS) if shape >> i & 1]
    height = 1 + max(i // MAP_COLUMNS for i in cells)
    width = 1 + max(i % MAP_COLUMNS for i in cells)
    return tuple(sorted(shape << (top * MAP_COLUMNS + left)
                        for top in range(MAP_ROWS - height + 1) for left in range(MAP_COLUMNS - width + 1)))


@cache
def placements(pattern: str) -> tuple[int, ...]:
    """Every placement of ``pattern`` on the empty map (rotations and mirrors), as cell masks."""
    return tuple(sorted({m for shape in orientations(pattern) for m in shape_placements(shape)}))


class ActionTable:
    """The prebuilt actions of one seat (legal-action lists pick from these, never build)."""

    __slots__ = (
        "attribute", "battle", "bribe", "build", "buy", "cippi", "citizen", "cohort", "defend",
        "diplomat", "end", "favour_diplomat", "favour_temple", "fort", "forum", "forum_by_workers", "guard",
        "hexagon", "mine", "path", "perform", "place", "ruling", "scout", "temple", "train",
        "train_gladiator", "turn", "wall",
    )

    def __init__(self, p: int, players: int) -> None:
        self.end = Action(p, Verb.END)
        self.mine = Action(p, Verb.MINE)
        self.guard = Action(p, Verb.GUARD)
        self.train = Action(p, Verb.TRAIN)
        self.wall = Action(p, Verb.WALL)
        self.cippi = Action(p, Verb.CIPPI)
        self.defend = Action(p, Verb.DEFEND)
        self.fort = (Action(p, Verb.FORT, ("builder",)), Action(p, Verb.FORT, ("soldier",)))
        self.build = tuple(Action(p, Verb.BUILD, (key,)) for key in BUILDING_IDS)
        forum: list[tuple[int, int, int, Action]] = []
        for i, x in enumerate(FORUM_TYPES):
            for y in FORUM_TYPES[i:]:
                for g in FORUM_TYPES:
                    if g != x and g != y:
                        forum.append((x, y, g, Action(p, Verb.FORUM, (ITEMS[x], ITEMS[y], ITEMS[g]))))
        self.forum = tuple(forum)
        # The exchanges each count of Builders, Servants and Civilians allows (2 or more count
        # as 2): ``forum_by_workers[9 * builders + 3 * servants + civilians]``.
        self.forum_by_workers = tuple(
            tuple(a for x, y, _, a in forum if (0, bl, sv, cv)[x] >= 1 + (x == y) and (0, bl, sv, cv)[y] >= 1)
            for bl in range(3)
            for sv in range(3)
            for cv in range(3)
        )
        self.citizen = tuple(Action(p, Verb.CITIZEN, (name,)) for name in CITIZENS)
        sources = ["deck", "own", *(f"p{q}" for q in range(players) if q != p), "n0", "n1"]
        self.buy = {s: Action(p, Verb.BUY, (s,)) for s in sources if s != "own"}
        self.hexagon = tuple(Action(p, Verb.HEXAGON, (h,)) for h in MARKET_HEXAGONS)
        self.perform = tuple(Action(p, Verb.PERFORM, (name,)) for name in THEATRE_BOXES)
        self.train_gladiator = tuple(
            (Action(p, Verb.TRAIN_GLADIATOR, (g, "servant")),
             Action(p, Verb.TRAIN_GLADIATOR, (g, "civilian")))
            for g in GLADIATORS
        )
        self.battle = tuple(Action(p, Verb.BATTLE, (g,)) for g in GLADIATORS)
        self.temple = tuple(Action(p, Verb.TEMPLE, (w,)) for w in WORKERS)
        self.bribe = tuple(Action(p, Verb.BRIBE, (name,)) for name in BATHS_BOXES)
        self.ruling = tuple(Action(p, Verb.RULING, (name,)) for name in COURT_BOXES)
        self.diplomat = tuple(Action(p, Verb.DIPLOMAT, (c,)) for c in COHORTS)
        self.scout = {s: Action(p, Verb.SCOUT, (s,)) for s in sources if s != "deck"}
        self.turn = {m: Action(p, Verb.TURN, (mask_token(m),)) for pat in PATTERN_CELLS
                     for m in orientations(pat)}
        self.place = {m: Action(p, Verb.PLACE, (mask_token(m),)) for pat in PATTERN_CELLS
                      for m in placements(pat)}
        self.cohort = tuple(Action(p, Verb.COHORT, (c,)) for c in COHORTS)
        self.attribute = tuple(Action(p, Verb.ATTRIBUTE, (a,)) for a in ATTRIBUTES)
        self.path = tuple(Action(p, Verb.PATH, (card.id,)) for card in PLAYER_CARDS)
        self.favour_temple = tuple(Action(p, Verb.FAVOUR, ("temple", c)) for c in COHORTS)
        self.favour_diplomat = tuple(Action(p, Verb.FAVOUR, ("diplomat", c)) for c in COHORTS)


BuildRow = tuple[int, int, int, int, Cost]
"""Per building: index, prerequisite index (-1), requirement slot, minimum, cost."""

REQUIREMENT_LEVELS = 64
"""Levels a requirement table covers (every track of the sheets is shorter)."""


@dataclass(frozen=True, slots=True)
class HadriansWallConfig:
    """Player count, difficulty, neighbour options and the Solo Campaign fort's rule changes."""

    players: int
    difficulty: str
    fort: Fort | None
    neutral_per_year: int
    building_extra: int
    banned: frozenset[str]
    no_diplomats: bool
    wall_from_year: int
    year1_soldiers: int
    mining_servants: int
    extra_attack_cards: int
    setup_reward: Cost | None
    final_pass: bool
    resource_passing: bool
    attack_cards: tuple[int, ...]
    tables: tuple[ActionTable, ...]
    build_rows: tuple[BuildRow, ...]
    build_reached: tuple[tuple[int, ...], ...]
    build_by_bit: dict[int, BuildRow]
    build_with_builder: int

    @classmethod
    def from_options(cls, players: int, options: Mapping[str, OptionValue]) -> HadriansWallConfig:
        """Check the option combination and derive the rule switches (:class:`OptionError`)."""
        number = int(options["campaign_fort"])
        if number and players != 1:
            raise OptionError(N_("campaign_fort is a solo option: play it with players=1"), domain=DOMAIN)
        if options["campaign_reward"] and number < 2:
            raise OptionError(N_("campaign_reward needs campaign_fort 2–16 (the reward comes from the "
                                 "previous fort)"),
                              domain=DOMAIN)
        fort: Fort | None = FORTS[number - 1] if number else None
        rules: dict[str, Any] = fort.rules if fort else {}
        banned: set[str] = set()
        if rules.get("no_theatre_ludus"):
            banned |= {"theatre", "ludus"}
        if rules.get("no_landmarks"):
            banned |= set(LANDMARKS)
        if rules.get("no_large_granary"):
            banned.add("large_granary")
        building_extra = int(rules.get("building_extra_resource", 0))
        build_rows = building_rows(frozenset(banned), building_extra)
        difficulty = str(options["difficulty"])
        return cls(
            players=players,
            difficulty=difficulty,
            fort=fort,
            neutral_per_year=int(rules.get("neutral_cards", NEUTRAL_CARDS.get(players, 0))),
            building_extra=building_extra,
            banned=frozenset(banned),
            no_diplomats=bool(rules.get("no_diplomats", False)),
            wall_from_year=int(rules.get("no_wall_cippi_before_year", 1)),
            year1_soldiers=int(rules.get("year1_fate_soldiers", 0)),
            mining_servants=int(rules.get("mining_servants", 1)),
            extra_attack_cards=int(rules.get("extra_attack_cards", 0)),
            setup_reward=FORTS[number - 2].reward if number >= 2 and options["campaign_reward"] else None,
            final_pass=bool(options["final_pass"]),
            resource_passing=bool(options["resource_passing"]),
            attack_cards=ATTACK_CARDS[difficulty],
            tables=tuple(ActionTable(p, players) for p in range(players)),
            build_rows=build_rows,
            build_reached=requirement_masks(build_rows),
            build_by_bit={1 << row[0]: row for row in build_rows},
            build_with_builder=sum(1 << row[0] for row in build_rows if row[4][1]),
        )


def plus_resource(cost: Cost, extra: int) -> Cost:
    """``cost`` with ``extra`` more Resources (Solo Campaign fort 4)."""
    if not extra:
        return cost
    return (cost[0], cost[1], cost[2], cost[3], cost[4] + extra)


def building_rows(banned: frozenset[str], extra: int) -> tuple[BuildRow, ...]:
    """Per building: index, prerequisite index (-1), requirement slot, minimum, cost.

    The requirement slot indexes ``(*citizens, *attributes, infrastructure)``; banned
    buildings (Solo Campaign) are left out; Landmarks never cost the ``extra`` Resource.
    """
    rows: list[BuildRow] = []
    for k, key in enumerate(BUILDING_IDS):
        bld = BUILDINGS[key]
        if key in banned:
            continue
        if bld.requirement == "infrastructure":
            slot = 9
        elif bld.requirement in CITIZEN_INDEX:
            slot = CITIZEN_INDEX[bld.requirement]
        else:
            slot = 5 + ATTRIBUTE_INDEX[bld.requirement]
        after = BUILDING_INDEX[bld.after] if bld.after else -1
        rows.append((k, after, slot, bld.at_least, plus_resource(bld.cost, 0 if bld.landmark else extra)))
    return tuple(rows)


def requirement_masks(rows: tuple[BuildRow, ...]) -> tuple[tuple[int, ...], ...]:
    """Per requirement slot, per level: the bit mask (bit ``1 << index``) of the buildings it allows.

    ``OR`` over the ten slots of a player's levels gives every building whose requirement is met.
    """
    return tuple(
        tuple(
            sum(1 << k for k, _, slot_, least, _ in rows if slot_ == slot and level >= least)
            for level in range(REQUIREMENT_LEVELS)
        )
        for slot in range(10)
    )
