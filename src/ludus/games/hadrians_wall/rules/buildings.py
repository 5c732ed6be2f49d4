"""Buildings, and the Forum.

RULE: hadrians_wall.pl "ZAJAZD, WARSZTAT I DROGA" — the ordinary buildings below the Fort
need an Infrastructure level, workers and Resources; Small before Large; Hotels, Workshops
and Roads give income every Year. "BUDOWLE SPECJALNE" — the Landmarks need 15 in an
attribute. The right sheet's buildings ("DZIELNICE", "TARG", "TEATR", "OGRODY", "ŚWIĄTYNIE",
...) need a level on a citizen track. A building's box is filled and its rewards gained.
"FORUM" — once a Year, 2 workers (no Soldiers) for 1 worker of another type (ruling 3).
Solo Campaign: fort 4 adds a Resource to every building but the Landmarks; forts 6, 7 and
15 ban the Theatre and Ludus, the Landmarks and the Large Granary.
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log

from ..components import BUILDING_INDEX, BUILDINGS, FORUM_BOXES, INFRASTRUCTURE_AT, ITEM_INDEX, Cost
from ..config import plus_resource
from ..state import Board, HadriansWallData
from .general import gain_all, pay, tell


def building_cost(s: HadriansWallData, key: str) -> Cost:
    """What building ``key`` costs (Solo Campaign Fort 4 adds a Resource to most buildings)."""
    bld = BUILDINGS[key]
    return plus_resource(bld.cost, s.cfg.building_extra if not bld.landmark else 0)


def build_actions(s: HadriansWallData, p: int, b: Board, out: list[Action]) -> None:
    """Every building whose order, requirement and cost are met."""
    built = b.built
    sl, bl, sv, cv, r = b.items
    levels = (*b.citizens, *b.attrs, INFRASTRUCTURE_AT[b.fort])
    actions = s.cfg.tables[p].build
    # Most buildings need a Builder: without one only the others are worth checking.
    for k, after, req, least, cost in s.cfg.build_rows if bl else s.cfg.build_rows_no_builder:
        if built[k] or (after >= 0 and not built[after]) or levels[req] < least:
            continue
        if sl >= cost[0] and bl >= cost[1] and sv >= cost[2] and cv >= cost[3] and r >= cost[4]:
            out.append(actions[k])


def build(s: HadriansWallData, a: Action, log: Log) -> None:
    """Build a building: pay its cost, fill its box, take its rewards."""
    p = a.player
    key = str(a.args[0])
    b = s.boards[p]
    pay(b, building_cost(s, key))
    b.built[BUILDING_INDEX[key]] = 1
    log.public("build", seat=p, building=key)
    gain_all(s, p, BUILDINGS[key].rewards, log)


def forum_actions(s: HadriansWallData, p: int, b: Board, out: list[Action]) -> None:
    """Every Forum exchange the player board allows (once a Year)."""
    if len(b.forum) < FORUM_BOXES and s.year not in b.forum:
        items = b.items
        for x, y, _, action in s.cfg.tables[p].forum:
            if items[x] >= 1 + (x == y) and items[y] >= 1:
                out.append(action)


def forum(s: HadriansWallData, a: Action, log: Log) -> None:
    """Forum: return 2 workers (no Soldiers), gain 1 worker of another type; once per Year."""
    p = a.player
    b = s.boards[p]
    x, y, g = (ITEM_INDEX[str(arg)] for arg in a.args)
    b.items[x] -= 1
    b.items[y] -= 1
    b.items[g] += 1
    b.forum.append(s.year)
    tell(log, p, "forum", seat=p, returned=[x, y], gained=g)
