"""Scouting and the Scouting map.

RULE: hadrians_wall.pl "ZWIAD" — with the Patricians a Scout box needs, 1 Soldier (to the
supply for one's own Prospect card, to the neighbour for theirs, onto a Neutral card) lets
the player mark one pattern on the 5 × 4 map, rotated or mirrored at will, inside the map
and on empty cells only; covered Servant and Resource icons are gained, and every completed
row gives 1 Valour. How the pattern is turned (:class:`PlacePattern`), then where it goes
(:class:`PlaceShape`) are pending decisions, asked one after the other (ruling 21).
"""

from __future__ import annotations

from typing import Any

from ludus.core.actions import Action
from ludus.core.decisions import Decision, DecisionRules
from ludus.core.events import Log

from ..components import (
    MAP_ICONS,
    PATRICIAN,
    PLAYER_CARDS,
    RESOURCE,
    ROW_MASKS,
    SCOUT_PATRICIANS,
    SERVANT,
    SOLDIER,
    VALOUR,
    cells_mask,
)
from ..config import ActionTable, orientations, placements, shape_placements
from ..decisions import PlacePattern, PlaceShape
from ..state import Board, HadriansWallData
from .general import gain_attribute, pay_source, show, source_card, sources


def scout_actions(s: HadriansWallData, p: int, b: Board, t: ActionTable, out: list[Action]) -> None:
    """Every Prospect card whose pattern still fits the map, if a Scout box is open."""
    scouts = b.scouts
    if scouts < len(SCOUT_PATRICIANS) and b.citizens[PATRICIAN] >= SCOUT_PATRICIANS[scouts] and b.items[
            SOLDIER]:
        actions = t.scout
        used = b.map
        for source in sources(s, p, own=True):
            for m in placements(PLAYER_CARDS[source_card(s, p, source)].pattern):
                if not m & used:  # the pattern still fits somewhere
                    out.append(actions[source])
                    break


def scout(s: HadriansWallData, a: Action, log: Log) -> None:
    """Scout: pay 1 Soldier (to the supply, a neighbour or a Neutral card), then place a pattern."""
    p = a.player
    b = s.boards[p]
    source = str(a.args[0])
    card = source_card(s, p, source)
    pattern = PLAYER_CARDS[card].pattern
    show(log, p, "scout", seat=p, source=source, card=card, pattern=pattern)
    if source == "own":
        b.items[SOLDIER] -= 1
    else:
        pay_source(s, p, source, SOLDIER, log)
    b.scouts += 1
    b.pending.append(PlacePattern(p, pattern))  # before any other pending choice


def turns_left(s: HadriansWallData, d: PlacePattern) -> list[Action]:
    """Every orientation of the pattern that still fits somewhere on the map (ruling 21)."""
    used = s.boards[d.who].map
    turn_actions = s.cfg.tables[d.who].turn
    return [turn_actions[shape] for shape in orientations(d.pattern)
            if any(not m & used for m in shape_placements(shape))]


def turn(s: HadriansWallData, d: PlacePattern, a: Action, log: Log) -> bool:
    """Turn the pattern: where it goes is the next decision (:class:`PlaceShape`)."""
    shape = cells_mask(str(a.args[0])) or 0
    show(log, d.who, "turn", seat=d.who, pattern=d.pattern, shape=shape)
    s.boards[d.who].pending.append(PlaceShape(d.who, d.pattern, shape))
    return True  # the pattern's decision is done; its place is the one on top now


def placements_left(s: HadriansWallData, d: PlaceShape) -> list[Action]:
    """Every position of the turned pattern on empty cells."""
    used = s.boards[d.who].map
    place_actions = s.cfg.tables[d.who].place
    return [place_actions[m] for m in shape_placements(d.shape) if not m & used]


def place(s: HadriansWallData, d: PlaceShape, a: Action, log: Log) -> bool:
    """Place the scouting pattern: covered icons and each completed row's Valour."""
    p = d.who
    b = s.boards[p]
    mask = cells_mask(str(a.args[0])) or 0
    before = b.map
    b.map |= mask
    found = [0, 0, 0, 0, 0]
    for i in range(len(MAP_ICONS)):
        if mask >> i & 1:
            icon = MAP_ICONS[i]
            if icon == "R":
                found[RESOURCE] += 1
            elif icon == "S":
                found[SERVANT] += 1
    b.items[RESOURCE] += found[RESOURCE]
    b.items[SERVANT] += found[SERVANT]
    rows = [row for row in ROW_MASKS if b.map & row == row and before & row != row]
    show(log, p, "place", seat=p, cells=mask, rows=len(rows), found=found)
    for _ in rows:
        gain_attribute(s, p, VALOUR, log)
    return True


DECISION_RULES: dict[type[Decision], DecisionRules[Any, Any]] = {
    PlacePattern: DecisionRules(turns_left, turn),
    PlaceShape: DecisionRules(placements_left, place),
}
