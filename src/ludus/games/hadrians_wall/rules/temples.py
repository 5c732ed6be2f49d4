"""The Temples.

RULE: hadrians_wall.pl "ŚWIĄTYNIE" — "Gracze nie mogą zacząć wykreślać pól Średniej Świątyni
zanim Mała Świątynia nie będzie w całości wykreślona." Built Small → Medium → Large; any 1
worker fills the next box (rows top to bottom, left to right) when the row's Priests
requirement is met; every second box gives Piety, the last box of each Temple a Favour
("WSPARCIE").
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log

from ..components import (
    ITEM_INDEX,
    PIETY,
    TEMPLE_BOXES,
    TEMPLES,
)
from ..config import ActionTable
from ..state import Board, HadriansWallData
from .general import gain_attribute, show


def temple_actions(s: HadriansWallData, p: int, b: Board, t: ActionTable, out: list[Action]) -> None:
    """Any worker for the next Temple box, if its Temple is built and its Priests are there."""
    if b.temple_filled < len(TEMPLE_BOXES):
        temple_index, need, _, _ = TEMPLE_BOXES[b.temple_filled]
        if b.built[TEMPLES[temple_index]] and b.citizens[2] >= need:
            actions = t.temple
            for w in range(4):
                if b.items[w]:
                    out.append(actions[w])


def temple(s: HadriansWallData, a: Action, log: Log) -> None:
    """Temples: pay any 1 worker, fill the next Temple box (Piety each row, a Favour per Temple)."""
    p = a.player
    b = s.boards[p]
    b.items[ITEM_INDEX[str(a.args[0])]] -= 1
    _, _, piety, favour = TEMPLE_BOXES[b.temple_filled]
    b.temple_filled += 1
    show(log, p, "temple", seat=p, box=b.temple_filled, favour=favour)
    if piety:
        gain_attribute(s, p, PIETY, log)
    if favour:
        b.temple_favours += 1
