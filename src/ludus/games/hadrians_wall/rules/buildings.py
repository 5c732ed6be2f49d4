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
from ludus.core.reasons import N_, Reason, because

from ..components import (
    ACTIONS,
    BUILDING_INDEX,
    BUILDINGS,
    FORUM_BOXES,
    INFRASTRUCTURE_AT,
    ITEM_INDEX,
    Cost,
)
from ..config import ActionTable, plus_resource
from ..state import Board, HadriansWallData
from .general import gain_all, pay, show


def building_cost(s: HadriansWallData, key: str) -> Cost:
    """What building ``key`` costs (Solo Campaign Fort 4 adds a Resource to most buildings)."""
    bld = BUILDINGS[key]
    return plus_resource(bld.cost, s.cfg.building_extra if not bld.landmark else 0)


def build_actions(s: HadriansWallData, p: int, b: Board, t: ActionTable, out: list[Action]) -> None:
    """Every building whose order, requirement and cost are met."""
    cfg = s.cfg
    reached = cfg.build_reached
    c = b.citizens
    a = b.attrs
    # A bit mask of the buildings whose requirement is met (one table per requirement slot,
    # indexed by the level): far fewer buildings to look at than the whole sheet.
    candidates = (
        reached[0][c[0]] | reached[1][c[1]] | reached[2][c[2]] | reached[3][c[3]] | reached[4][c[4]]
        | reached[5][a[0]] | reached[6][a[1]] | reached[7][a[2]] | reached[8][a[3]]
        | reached[9][INFRASTRUCTURE_AT[b.fort]]
    )
    sl, bl, sv, cv, r = b.items
    if not bl:
        candidates &= ~cfg.build_with_builder
    if not candidates:
        return
    built = b.built
    by_bit = cfg.build_by_bit
    actions = t.build
    while candidates:
        low = candidates & -candidates  # the lowest bit: buildings in sheet order
        candidates ^= low
        k, after, _, _, cost = by_bit[low]
        if built[k] or (after >= 0 and not built[after]):
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


def forum_actions(s: HadriansWallData, p: int, b: Board, t: ActionTable, out: list[Action]) -> None:
    """Every Forum exchange the player board allows (once a Year)."""
    forum = b.forum
    if len(forum) < FORUM_BOXES and s.year not in forum:
        _, bl, sv, cv, _ = b.items
        # (looked up by the worker counts, 2 or more counting as 2: no loop over the exchanges)
        out.extend(
            t.forum_by_workers[(bl if bl < 2 else 2) * 9 + (sv if sv < 2 else 2) * 3 + (cv if cv < 2 else 2)])


def forum(s: HadriansWallData, a: Action, log: Log) -> None:
    """Forum: return 2 workers (no Soldiers), gain 1 worker of another type; once per Year."""
    p = a.player
    b = s.boards[p]
    x, y, g = (ITEM_INDEX[str(arg)] for arg in a.args)
    b.items[x] -= 1
    b.items[y] -= 1
    b.items[g] += 1
    b.forum.append(s.year)
    show(log, p, "forum", seat=p, returned=[x, y], gained=g)


def build_why(s: HadriansWallData, a: Action) -> Reason | None:
    """Why ``build <building>`` is refused: built already, the building before it is not, or the
    workers and Resources it costs are not there (an unmet requirement: ``None``, the generic text)."""
    b = s.boards[a.player]
    key = str(a.args[0]) if len(a.args) == 1 else ""
    if s.phase is not ACTIONS or b.done or b.pending or key not in BUILDINGS or key in s.cfg.banned:
        return None
    if b.built[BUILDING_INDEX[key]]:
        return because(N_("{building:building} is built already"), building=key)
    after = BUILDINGS[key].after
    if after is not None and not b.built[BUILDING_INDEX[after]]:
        return because(N_("build {after:building} first"), after=after)
    cost = building_cost(s, key)
    missing = [max(0, need - have) for need, have in zip(cost, b.items, strict=True)]
    if any(missing):
        return because(N_("{building:building} needs {missing:counts} more"), building=key, missing=missing)
    return None
