"""The Diplomats.

RULE: hadrians_wall.pl "DYPLOMACI" — 1, 3 and 6 Patricians for the three Diplomats; each
costs 1 Servant, 1 Soldier and 2 Resources, gives 1 Valour and 2 Favours ("WSPARCIE") for
the Cohort it serves, and each serves a different Cohort. Solo Campaign forts 8 and 14: no
Diplomats.
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log

from ..components import (
    COHORT_INDEX,
    DIPLOMAT_COST,
    DIPLOMAT_PATRICIANS,
    PATRICIAN,
    VALOUR,
)
from ..config import ActionTable
from ..state import Board, HadriansWallData
from .general import can_pay, gain_attribute, pay, show


def diplomat_actions(s: HadriansWallData, p: int, b: Board, t: ActionTable, out: list[Action]) -> None:
    """The next Diplomat, for each Cohort no Diplomat serves yet."""
    diplomats = b.diplomats
    k = len(diplomats)
    if (
        k < len(DIPLOMAT_PATRICIANS)
        and b.citizens[PATRICIAN] >= DIPLOMAT_PATRICIANS[k]
        and not s.cfg.no_diplomats
        and can_pay(b, DIPLOMAT_COST)
    ):
        actions = t.diplomat
        for c in range(3):
            if c not in diplomats:
                out.append(actions[c])


def diplomat(s: HadriansWallData, a: Action, log: Log) -> None:
    """Diplomats: pay, +1 Valour and 2 Favours for the chosen Cohort (each a different one)."""
    p = a.player
    b = s.boards[p]
    c = COHORT_INDEX[str(a.args[0])]
    pay(b, DIPLOMAT_COST)
    b.diplomats.append(c)
    b.diplomat_used.append(0)
    show(log, p, "diplomat", seat=p, cohort=c)
    gain_attribute(s, p, VALOUR, log)
