"""The Construction action ([HU] "Építésakció"): workers and construction tiles.

RULE: trajan.hu "Építésakció" — (a) a token from the supply to the worker camp, or (b) a worker
      into the construction area: the first anywhere, later ones orthogonally next to an own
      worker (ruling 12: not onto a space already holding one); the tile there and its VP. The
      first tile of a type grants that type's action at once, as part of the turn.
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.engine import Handler
from ludus.core.events import Log
from ludus.core.reasons import N_, Reason, because
from ludus.games.trajan.components import (
    CONSTRUCTION_TILES,
    GRID_NEIGHBOURS,
    GRID_SPACES,
    MAX_PLAYERS,
    Verb,
)
from ludus.games.trajan.decisions import OFFER_EXTRA, TAKE_ACTION
from ludus.games.trajan.state import TrajanData

__all__ = ["VERBS", "build", "build_spaces", "build_why", "hire", "options", "supply_why"]

_HIRE = tuple(Action(p, Verb.HIRE) for p in range(MAX_PLAYERS))
_BUILD = tuple(tuple(Action(p, Verb.BUILD, (space,)) for space in range(GRID_SPACES))
               for p in range(MAX_PLAYERS))


def options(s: TrajanData, p: int) -> list[Action]:
    """Hire (with tokens in the supply), build (with a worker in the camp)."""
    out: list[Action] = []
    if s.supply[p]:
        out.append(_HIRE[p])
    if s.wcamp[p]:
        row = _BUILD[p]
        for space in build_spaces(s, p):
            out.append(row[space])
    return out


def build_spaces(s: TrajanData, p: int) -> list[int]:
    """Spaces where ``p`` may put a worker.

    The first worker may go anywhere; later ones orthogonally next to an own worker.
    A space already holding an own worker is not allowed (ruling 12).
    """
    bit = 1 << p
    workers = s.grid_workers
    own = [i for i in range(GRID_SPACES) if workers[i] & bit]
    if not own:
        return list(range(GRID_SPACES))
    spaces: set[int] = set()
    for i in own:
        for j in GRID_NEIGHBOURS[i]:
            if not workers[j] & bit:
                spaces.add(j)
    return sorted(spaces)


def hire(s: TrajanData, a: Action, log: Log) -> None:
    """Construction (a): a token from the supply becomes a worker in the worker camp."""
    p = a.player
    s.supply[p] -= 1
    s.wcamp[p] += 1
    log.public("hire", seat=p)


def build(s: TrajanData, a: Action, log: Log) -> None:
    """Construction (b): a worker into the construction area, taking the tile there.

    The first tile of a type grants that type's action at once, as part of the turn
    (and an extra-action tile may extend it).
    """
    p = a.player
    space = int(a.args[0])
    s.wcamp[p] -= 1
    s.grid_workers[space] |= 1 << p
    t = s.grid_tile[space]
    if t < 0:
        log.public("build_worker", seat=p, space=space)
        return
    tile = CONSTRUCTION_TILES[t]
    first = all(CONSTRUCTION_TILES[o].action != tile.action for o in s.ctiles[p])
    s.ctiles[p].append(t)
    s.grid_tile[space] = -1
    s.vp[p] += tile.vp
    log.public("build", seat=p, building=t, space=space, vp=tile.vp)
    if first:
        s.pending.append(OFFER_EXTRA[p][tile.action])
        s.pending.append(TAKE_ACTION[p][tile.action])
        log.public("bonus_action", seat=p, action=tile.action)


VERBS: dict[str, Handler] = {Verb.HIRE: hire, Verb.BUILD: build}
"""The Construction's verbs answering :class:`~ludus.games.trajan.decisions.TakeAction`."""


def supply_why(s: TrajanData, a: Action) -> Reason | None:
    """Why ``hire`` (or ``recruit``) is refused: no token is left in the supply."""
    return None if s.supply[a.player] else because(N_("your supply has no token left"))


def build_why(s: TrajanData, a: Action) -> Reason | None:
    """Why ``build <space>`` is refused: no worker in the worker camp, or a space that is not next
    to an own worker (or holds one already)."""
    p = a.player
    if not s.wcamp[p]:
        return because(N_("your worker camp has no worker to build with"))
    if len(a.args) != 1 or not isinstance(a.args[0], int) or not 0 <= a.args[0] < GRID_SPACES:
        return None
    if (s.grid_workers[a.args[0]] >> p) & 1:
        return because(N_("you already have a worker on that space"))
    if a.args[0] not in build_spaces(s, p):
        return because(N_("a new worker goes next to one of your workers"))
    return None
