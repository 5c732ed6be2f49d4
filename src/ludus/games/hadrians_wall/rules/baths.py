"""The Baths.

RULE: hadrians_wall.pl "ŁĄZNIE" — "W każdym Roku gracze mogą wrzucić maksymalnie 2
Łapówki." (Each Year at most 2 Bribes.) Only while holding Disdain; a bribe pays the box's
Resources (its Apparitores requirement met, boxes in any order) and removes 1 Disdain
("POGARDA").
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log

from ..components import (
    BATHS,
    BATHS_APPARITORES,
    BATHS_BOXES,
    BATHS_PER_YEAR,
    BATHS_RESOURCES,
    RESOURCE,
)
from ..config import ActionTable
from ..state import Board, HadriansWallData
from .general import show


def baths_actions(s: HadriansWallData, p: int, b: Board, t: ActionTable, out: list[Action]) -> None:
    """Every open Baths box the player can pay, while holding Disdain and under 2 bribes a Year."""
    if b.built[BATHS] and b.disdain > b.disdain_removed and b.baths.count(s.year) < BATHS_PER_YEAR:
        apparitores = b.citizens[3]
        actions = t.bribe
        for k in range(6):
            if not b.baths[k] and apparitores >= BATHS_APPARITORES[k] and b.items[
                    RESOURCE] >= BATHS_RESOURCES[k]:
                out.append(actions[k])


def bribe(s: HadriansWallData, a: Action, log: Log) -> None:
    """Baths: pay the box's Resources, remove 1 Disdain (at most 2 bribes per Year)."""
    p = a.player
    b = s.boards[p]
    k = BATHS_BOXES.index(str(a.args[0]))
    b.items[RESOURCE] -= BATHS_RESOURCES[k]
    b.baths[k] = s.year
    b.disdain_removed += 1
    show(log, p, "bribe", seat=p, box=k)
