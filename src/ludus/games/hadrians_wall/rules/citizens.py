"""The citizen tracks.

RULE: hadrians_wall.pl "TORY OBYWATELI" — 1 Civilian fills the next box of a citizen track
(Traders, Performers, Priests, Apparitores, Patricians); the boxes give their rewards and
unlock the right sheet's buildings and areas. (A citizen icon from the Theatre or the
Gardens fills a box the same way: :func:`.general.gain_citizen`.)
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log

from ..components import (
    CITIZEN_BOXES,
    CITIZEN_INDEX,
    CIVILIAN,
)
from ..config import ActionTable
from ..state import Board, HadriansWallData
from .general import gain_citizen


def citizen_actions(s: HadriansWallData, p: int, b: Board, t: ActionTable, out: list[Action]) -> None:
    """Every citizen track with an empty box, if there is a Civilian to pay."""
    if b.items[CIVILIAN]:
        citizens = b.citizens
        if max(citizens) < CITIZEN_BOXES:  # (most of the game: every track is open)
            out.extend(t.citizen)
            return
        actions = t.citizen
        for c in range(5):
            if citizens[c] < CITIZEN_BOXES:
                out.append(actions[c])


def citizen(s: HadriansWallData, a: Action, log: Log) -> None:
    """Pay 1 Civilian to fill the next box of a citizen track."""
    p = a.player
    b = s.boards[p]
    c = CITIZEN_INDEX[str(a.args[0])]
    b.items[CIVILIAN] -= 1
    gain_citizen(s, p, c, log)  # (its event names the box filled)
