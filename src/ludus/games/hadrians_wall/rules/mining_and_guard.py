"""Mining & Foresting, the Wall Guard and the Training Grounds, in the granary columns.

RULE: hadrians_wall.pl "LAS I KOPALNIE" — 1 Servant fills the next box; hammer boxes give a
Resource and the next circle of "PRODUKCJA SUROWCÓW". "STRAŻ" — 1 Soldier fills the next
Wall Guard box. "KOSZARY" — once a Year, 1 Builder gives a Sword that fills the next Wall
Guard box. "SPICHLERZE" — boxes of the centre and right columns need the Medium and the
Large Granary, whatever fills them (a Sword too, reference §4.2).
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log

from ..components import (
    BUILDER,
    GUARD_OPEN,
    GUARD_REWARDS,
    LARGE_GRANARY,
    MEDIUM_GRANARY,
    MINING_OPEN,
    MINING_REWARDS,
    SERVANT,
    SOLDIER,
    TRAINING_BOXES,
)
from ..config import ActionTable
from ..state import Board, HadriansWallData
from .general import gain_all, show


def mining_and_guard_actions(s: HadriansWallData, p: int, b: Board, t: ActionTable,
                             out: list[Action]) -> None:
    """Mining & Foresting, Wall Guard and Training Grounds, if their next box is open."""
    items = b.items
    built = b.built
    level = 1 + built[MEDIUM_GRANARY] + built[LARGE_GRANARY]
    if b.mining < MINING_OPEN[level] and items[SERVANT] >= s.cfg.mining_servants:
        out.append(t.mine)
    if b.guard < GUARD_OPEN[level]:
        if items[SOLDIER]:
            out.append(t.guard)
        if items[BUILDER] and len(b.training) < TRAINING_BOXES and s.year not in b.training:
            out.append(t.train)


def mine(s: HadriansWallData, a: Action, log: Log) -> None:
    """Mining & Foresting: pay Servant(s), fill the next box."""
    p = a.player
    b = s.boards[p]
    b.items[SERVANT] -= s.cfg.mining_servants
    b.mining += 1
    show(log, p, "fill", seat=p, area="mining", box=b.mining)
    gain_all(s, p, MINING_REWARDS[b.mining - 1], log)


def fill_wall_guard(s: HadriansWallData, p: int, log: Log) -> None:
    """Fill the next Wall Guard box."""
    b = s.boards[p]
    b.guard += 1
    gain_all(s, p, GUARD_REWARDS[b.guard - 1], log)


def guard(s: HadriansWallData, a: Action, log: Log) -> None:
    """Wall Guard: pay 1 Soldier, fill the next box."""
    p = a.player
    b = s.boards[p]
    b.items[SOLDIER] -= 1
    show(log, p, "fill", seat=p, area="wall_guard", box=b.guard + 1)
    fill_wall_guard(s, p, log)


def train(s: HadriansWallData, a: Action, log: Log) -> None:
    """Training Grounds: pay 1 Builder (once per Year); the Sword fills the next Wall Guard box."""
    p = a.player
    b = s.boards[p]
    b.items[BUILDER] -= 1
    b.training.append(s.year)
    show(log, p, "train", seat=p, box=b.guard + 1)
    fill_wall_guard(s, p, log)
