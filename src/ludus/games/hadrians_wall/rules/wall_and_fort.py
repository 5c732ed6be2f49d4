"""The Cippi, the Wall and the Fort.

RULE: hadrians_wall.pl "OSTROKÓŁ, MUR I FORT" — "Aby rozwinąć linię Ostrokołu lub wzmocnić
Mur gracze muszą najpierw rozbudować połączone z nimi fragmenty Fortu." Wall box n is
chained to Fort box n, the Cippi boxes to Fort boxes 1, 4, 7, 10, 13, 16, 20 (reference
§4.5); Cippi and Wall cost 1 Resource, the Fort 1 Builder or 1 Soldier; the Fort's
infrastructure icons raise the Infrastructure level. Boxes in closed granary columns wait
for the granaries ("SPICHLERZE"). Solo Campaign fort 10: no Wall or Cippi before Year 3.
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log
from ludus.core.reasons import N_, Reason, because

from ..components import (
    ACTIONS,
    BUILDER,
    CIPPI_CHAIN,
    CIPPI_OPEN,
    CIPPI_REWARDS,
    FORT_OPEN,
    FORT_REWARDS,
    LARGE_GRANARY,
    MEDIUM_GRANARY,
    RESOURCE,
    SOLDIER,
    WALL_REWARDS,
)
from ..config import ActionTable
from ..state import Board, HadriansWallData
from .general import gain_all, show


def wall_and_fort_actions(s: HadriansWallData, p: int, b: Board, t: ActionTable, out: list[Action]) -> None:
    """Fort (with a Builder or a Soldier), Wall and Cippi, if their next box is open."""
    items = b.items
    built = b.built
    level = 1 + built[MEDIUM_GRANARY] + built[LARGE_GRANARY]
    fort = b.fort
    if fort < FORT_OPEN[level]:
        if items[BUILDER]:
            out.append(t.fort[0])
        if items[SOLDIER]:
            out.append(t.fort[1])
    if items[RESOURCE] and s.year >= s.cfg.wall_from_year:
        if b.wall < fort:
            out.append(t.wall)
        cippi = b.cippi
        if cippi < CIPPI_OPEN[level] and fort >= CIPPI_CHAIN[cippi]:
            out.append(t.cippi)


def fort(s: HadriansWallData, a: Action, log: Log) -> None:
    """Fort: pay 1 Builder or 1 Soldier, fill the next box (Infrastructure may rise)."""
    p = a.player
    b = s.boards[p]
    b.items[BUILDER if a.args[0] == "builder" else SOLDIER] -= 1
    b.fort += 1
    show(log, p, "fill", seat=p, area="fort", box=b.fort)
    gain_all(s, p, FORT_REWARDS[b.fort - 1], log)


def wall(s: HadriansWallData, a: Action, log: Log) -> None:
    """Wall: pay 1 Resource, fill the next box (its chained Fort box must be filled)."""
    p = a.player
    b = s.boards[p]
    b.items[RESOURCE] -= 1
    b.wall += 1
    show(log, p, "fill", seat=p, area="wall", box=b.wall)
    gain_all(s, p, WALL_REWARDS[b.wall - 1], log)


def cippi(s: HadriansWallData, a: Action, log: Log) -> None:
    """Cippi: pay 1 Resource, fill the next box (its chained Fort box must be filled)."""
    p = a.player
    b = s.boards[p]
    b.items[RESOURCE] -= 1
    b.cippi += 1
    show(log, p, "fill", seat=p, area="cippi", box=b.cippi)
    gain_all(s, p, CIPPI_REWARDS[b.cippi - 1], log)


def _acting(s: HadriansWallData, a: Action) -> Board | None:
    b = s.boards[a.player]
    return b if s.phase is ACTIONS and not b.done and not b.pending else None


def fort_why(s: HadriansWallData, a: Action) -> Reason | None:
    """Why ``fort builder|soldier`` is refused: no worker of that kind to pay with."""
    b = _acting(s, a)
    if b is None or len(a.args) != 1 or a.args[0] not in ("builder", "soldier"):
        return None
    item = BUILDER if a.args[0] == "builder" else SOLDIER
    return None if b.items[item] else because(N_("you have no {item:item} to pay with"), item=item)


def wall_why(s: HadriansWallData, a: Action) -> Reason | None:
    """Why ``wall`` is refused: no Resource, or the Wall has reached the Fort."""
    b = _acting(s, a)
    if b is None:
        return None
    if not b.items[RESOURCE]:
        return because(N_("you have no {item:item} to pay with"), item=RESOURCE)
    if b.wall >= b.fort:
        return because(N_("the Wall cannot rise above the Fort: fill the next Fort box first"))
    return None


def cippi_why(s: HadriansWallData, a: Action) -> Reason | None:
    """Why ``cippi`` is refused: no Resource, or the next Cippi box waits for its Fort box."""
    b = _acting(s, a)
    if b is None:
        return None
    if not b.items[RESOURCE]:
        return because(N_("you have no {item:item} to pay with"), item=RESOURCE)
    if b.cippi < len(CIPPI_CHAIN) and b.fort < CIPPI_CHAIN[b.cippi]:
        return because(N_("the next Cippi box waits for Fort box {box}"), box=CIPPI_CHAIN[b.cippi])
    return None
