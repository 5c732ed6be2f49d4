"""KONIEC GRY: the players win together, or lose at once.

They win as soon as every tribe is allied or has no cube on the board; they lose when a
tribe must place a cube it no longer has, when the player deck cannot give 2 cards, when
the decline marker reaches its 8th space (ruling 12), or when Roma is sacked.
"""

from __future__ import annotations

from ludus.core.events import Log
from ludus.games.fall_of_rome.components import DECLINE_LOSS, NT, PHASE_OVER, TRIBES, Termination
from ludus.games.fall_of_rome.scoring import WIN, loss_reason
from ludus.games.fall_of_rome.state import FallOfRomeData

S = FallOfRomeData
TRIBE_CUBES: tuple[int, ...] = tuple(t.cubes for t in TRIBES)
"""Each tribe's cubes in the box: all in its supply means none on the board."""


def lose(s: S, log: Log, termination: Termination, tribe: int = -1) -> None:
    """The players lose at once (``tribe``: the tribe out of cubes)."""
    if s.result:
        return
    s.result = "loss: " + loss_reason(termination, tribe)
    s.phase = PHASE_OVER
    s.pending = []
    if tribe >= 0:
        log.public("lose_" + termination, tribe=tribe)
    else:
        log.public("lose_" + termination)


def move_decline(s: S, log: Log, steps: int = 1) -> None:
    """Move the decline marker; the 8th step loses the game (ruling 12)."""
    s.decline += steps
    log.public("decline", step=s.decline)
    if s.decline >= DECLINE_LOSS:
        lose(s, log, Termination.DECLINE)


def check_win(s: S, log: Log) -> None:
    """Every tribe allied or without cubes on the board: the players win."""
    if s.result:
        return
    allied = s.allied
    supply = s.supply
    for t in range(NT):
        if not allied[t] and supply[t] != TRIBE_CUBES[t]:
            return
    s.result = WIN
    s.phase = PHASE_OVER
    s.pending = []
    log.public("win")
