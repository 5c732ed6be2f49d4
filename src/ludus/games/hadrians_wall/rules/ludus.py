"""The Ludus Gladiatorious.

RULE: hadrians_wall.pl "LUDUS GLADIATORIOUS" — training (1 Servant or 1 Civilian) circles the
next box of a gladiator, up to the Performers' limit; a battle, once a Year per gladiator,
reveals a Fate card whose damage fills circled boxes: the gladiator survives (its survival
reward) or dies (its death reward). A battle needs a circled, unfilled box (ruling 4).
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log

from ..components import (
    CIVILIAN,
    FATE_CARDS,
    GLADIATOR_INDEX,
    ITEM_INDEX,
    LUDUS,
    LUDUS_DEATH,
    LUDUS_PERFORMERS,
    LUDUS_SURVIVAL,
    SERVANT,
)
from ..config import ActionTable
from ..state import Board, HadriansWallData
from .general import draw_fate, gain_all, show


def ludus_actions(s: HadriansWallData, p: int, b: Board, t: ActionTable, out: list[Action]) -> None:
    """Training and battles of both gladiators."""
    if not b.built[LUDUS]:
        return
    table = t
    performers = b.citizens[1]
    for g in range(2):
        if b.dead[g]:
            continue
        strength = b.strength[g]
        if strength < 6 and performers >= LUDUS_PERFORMERS[strength]:
            if b.items[SERVANT]:
                out.append(table.train_gladiator[g][0])
            if b.items[CIVILIAN]:
                out.append(table.train_gladiator[g][1])
        # Ruling: a battle needs at least one circled, unfilled box.
        if strength > b.damage[g] and s.year not in b.battles[g]:
            out.append(table.battle[g])


def train_gladiator(s: HadriansWallData, a: Action, log: Log) -> None:
    """Ludus: pay 1 Servant or 1 Civilian, circle the gladiator's next box (+1 Strength)."""
    p = a.player
    b = s.boards[p]
    g = GLADIATOR_INDEX[str(a.args[0])]
    b.items[ITEM_INDEX[str(a.args[1])]] -= 1
    b.strength[g] += 1
    show(log, p, "train_gladiator", seat=p, gladiator=g, strength=b.strength[g])


def battle(s: HadriansWallData, a: Action, log: Log) -> None:
    """Ludus battle: a Fate card's damage fills circled boxes; death or survival reward."""
    p = a.player
    b = s.boards[p]
    g = GLADIATOR_INDEX[str(a.args[0])]
    b.battles[g].append(s.year)
    card = draw_fate(s, log)
    s.fate_discard.append(card)
    hits = min(FATE_CARDS[card].damage, b.strength[g] - b.damage[g])
    b.damage[g] += hits
    died = b.damage[g] == b.strength[g]
    log.public("battle", seat=p, gladiator=g, card=card, hits=hits, died=died)
    if died:
        b.dead[g] = 1
        gain_all(s, p, LUDUS_DEATH[b.damage[g] - 1], log)
    else:
        gain_all(s, p, LUDUS_SURVIVAL[b.strength[g] - 1], log)
