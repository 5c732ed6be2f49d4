"""The Courthouse.

RULE: hadrians_wall.pl "SĄD" — "Każdego Roku gracz może uzyskać maksymalnie 1 Postanowienie
z każdej kolumny pól Sądu." A ruling fills a box whose Apparitores requirement is met (in any
order): left column +1 Servant; centre a Builder for 2 Servants; right a Servant for a Builder.
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log

from ..components import (
    COURT_APPARITORES,
    COURT_BOXES,
    COURT_GAIN,
    COURT_PAY,
    COURTHOUSE,
)
from ..config import ActionTable
from ..state import Board, HadriansWallData
from .general import can_pay, gain_all, pay, show


def courthouse_actions(s: HadriansWallData, p: int, b: Board, t: ActionTable, out: list[Action]) -> None:
    """Every open box of a column not used this Year whose cost the player can pay."""
    if not b.built[COURTHOUSE]:
        return
    apparitores = b.citizens[3]
    year = s.year
    actions = t.ruling
    for col in range(3):
        court = b.court[col * 3 : col * 3 + 3]
        if year in court or not can_pay(b, COURT_PAY[col]):
            continue
        rows = COURT_APPARITORES[col]
        for r in range(3):
            if not court[r] and apparitores >= rows[r]:
                out.append(actions[col * 3 + r])


def ruling(s: HadriansWallData, a: Action, log: Log) -> None:
    """Courthouse: one ruling per column per Year."""
    p = a.player
    b = s.boards[p]
    k = COURT_BOXES.index(str(a.args[0]))
    col = k // 3
    pay(b, COURT_PAY[col])
    b.court[k] = s.year
    show(log, p, "ruling", seat=p, box=k)
    gain_all(s, p, COURT_GAIN[col], log)
