"""The Senate action ([HU] "Szenátusakció"), and standing in the senate.

RULE: trajan.hu "Szenátusakció" — the disc moves 1 space up the senate track, on top of any
      discs there, and the player gains the VP of that space; not beyond the last space.
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.engine import Handler
from ludus.core.events import Log
from ludus.games.trajan.components import (
    FORUM_KINDS,
    FORUM_TILE_KIND,
    MAX_PLAYERS,
    SENATE_LAST,
    SENATE_VOTES,
    SENATE_VP,
    Verb,
)
from ludus.games.trajan.state import TrajanData

__all__ = ["VERBS", "options", "senate", "senate_ranking", "votes"]

_SENATE = tuple(Action(p, Verb.SENATE) for p in range(MAX_PLAYERS))


def options(s: TrajanData, p: int) -> list[Action]:
    """The one step up, unless the disc is on the last space."""
    return [_SENATE[p]] if s.senate_pos[p] < SENATE_LAST else []


def senate(s: TrajanData, a: Action, log: Log) -> None:
    """Move the disc 1 space up the senate track, on top of any discs there, and gain its VP."""
    p = a.player
    s.senate_pos[p] += 1
    s.senate_stamp[p] = s.stamp_counter
    s.stamp_counter += 1
    gained = SENATE_VP[s.senate_pos[p]]
    s.vp[p] += gained
    log.public("senate", seat=p, space=s.senate_pos[p], vp=gained)


def votes(s: TrajanData, p: int) -> int:
    """``p``'s votes: the senate space plus the votes of the senate tiles held."""
    v = SENATE_VOTES[s.senate_pos[p]]
    for t in s.ftiles[p]:
        v += FORUM_KINDS[FORUM_TILE_KIND[t]].votes
    return v


def senate_ranking(s: TrajanData) -> list[int]:
    """Seats by senate standing, best first: votes, then track position, then disc height.

    [HU] "Erőegyensúly a szenátusban": ties go to the higher position on the track,
    then to the disc higher in the stack.
    """
    return sorted(
        range(s.cfg.players), key=lambda p: (votes(s, p), s.senate_pos[p], s.senate_stamp[p]), reverse=True
    )


VERBS: dict[str, Handler] = {Verb.SENATE: senate}
"""The Senate's verb answering :class:`~ludus.games.trajan.decisions.TakeAction`."""
