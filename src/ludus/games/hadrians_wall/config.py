"""The validated options of a game of Hadrian's Wall, as one frozen :class:`HadriansWallConfig`.

The rules read switches from here, never ``options["..."]``: the difficulty, the neighbour
options, and the rule changes of a Solo Campaign fort (``data/year.toml``). Derived tables
that depend only on the configuration are built here once: each seat's prebuilt actions and
the buildings' legality rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ludus.core.api import OptionValue
from ludus.core.errors import N_, OptionError

from .components import (
    ATTACK_CARDS,
    ATTRIBUTE_INDEX,
    BUILDING_IDS,
    BUILDING_INDEX,
    BUILDINGS,
    CITIZEN_INDEX,
    DOMAIN,
    FORTS,
    LANDMARKS,
    NEUTRAL_CARDS,
    ActionTable,
    Cost,
    Fort,
)

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
            raise OptionError(N_("campaign_reward needs campaign_fort 2–16 (the reward comes from the previous fort)"),
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
