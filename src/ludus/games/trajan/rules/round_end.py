"""The end of a turn and of a round ([HU] "Egy játékforduló vége", "Forduló vége").

RULE: trajan.hu "Forduló vége" — the round ends after the turn of the player whose time marker
      reaches or passes the start space; after rounds 1-3 of a quarter a demand tile is
      revealed ([HU] "A nép szükségletei"), after round 4 the quarter ends.
"""

from __future__ import annotations

from ludus.core.events import Log
from ludus.core.seats import left_of
from ludus.games.trajan.components import DEMAND_TILE_KIND, ROUNDS_PER_QUARTER, TAKE
from ludus.games.trajan.rules.quarter_end import start_demands
from ludus.games.trajan.state import TrajanData

__all__ = ["end_turn"]


def end_turn(s: TrajanData, log: Log) -> None:
    """After the turn: the end of the round, of the quarter, or the next player's turn."""
    s.extra_used = 0
    s.target = -1
    if s.round_over:
        s.round_over = 0
        s.round += 1
        log.public("round_over", round=s.round - 1)
        if s.round < ROUNDS_PER_QUARTER:
            # reveal one demand tile
            if s.demand_stack:
                d = s.demand_stack.pop()
                s.demand_revealed.append(d)
                log.public("demand_revealed", demand=DEMAND_TILE_KIND[d])
        else:
            log.public("quarter_over", quarter=s.quarter)
            start_demands(s, 0)
            return
    s.current = left_of(s.current, s.cfg.players)
    s.decider = s.current
    s.phase = TAKE
    log.public("turn", seat=s.current)
