"""The Theatre.

RULE: hadrians_wall.pl "TEATR" — once a Year, 1 Resource for one performance: a box whose
Performers requirement is met, in any order; the box's reward is gained and the Year written
beside it.
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log

from ..components import (
    RESOURCE,
    THEATRE,
    THEATRE_BOXES,
    THEATRE_PERFORMERS,
    THEATRE_REWARDS,
)
from ..config import ActionTable
from ..state import Board, HadriansWallData
from .general import gain_all, show


def theatre_actions(s: HadriansWallData, p: int, b: Board, t: ActionTable, out: list[Action]) -> None:
    """Every open performance, if none was held this Year."""
    if b.built[THEATRE] and b.items[RESOURCE] and s.year not in b.theatre:
        performers = b.citizens[1]
        actions = t.perform
        for k in range(6):
            if not b.theatre[k] and performers >= THEATRE_PERFORMERS[k]:
                out.append(actions[k])


def perform(s: HadriansWallData, a: Action, log: Log) -> None:
    """Theatre: pay 1 Resource for one performance (once per Year), take the box's reward."""
    p = a.player
    b = s.boards[p]
    k = THEATRE_BOXES.index(str(a.args[0]))
    b.items[RESOURCE] -= 1
    b.theatre[k] = s.year
    show(log, p, "perform", seat=p, box=k)
    gain_all(s, p, THEATRE_REWARDS[k], log)
