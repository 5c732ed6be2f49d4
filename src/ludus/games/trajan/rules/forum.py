"""The Forum action ([HU] "Fórumakció"), and the forum tiles a player holds.

RULE: trajan.hu "Fórumakció" — the player takes any one tile from the forum (the extra-action
      tiles on its extra spaces included).
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.engine import Handler
from ludus.core.errors import N_, IllegalActionError, LudusError
from ludus.core.events import Log
from ludus.core.reasons import Reason, because
from ludus.games.trajan.components import (
    ACTION_NAMES_EN,
    DOMAIN,
    EXTRA_TILE_ACTION,
    FORUM_KEYS,
    FORUM_KIND_INDEX,
    FORUM_KINDS,
    FORUM_TILE_KIND,
    K_EXTRA_OF_ACTION,
    MAX_PLAYERS,
    TEXTS,
    Verb,
)
from ludus.games.trajan.state import TrajanData

__all__ = ["VERBS", "count_kind", "options", "remove_kind", "take_tile", "take_tile_why"]

_TAKE_TILE = tuple(tuple(Action(p, Verb.TAKE_TILE, (k,)) for k in FORUM_KEYS) for p in range(MAX_PLAYERS))


def count_kind(tiles: list[int], kind: int) -> int:
    """How many of the forum tiles ``tiles`` are of ``kind``."""
    n = 0
    for t in tiles:
        if FORUM_TILE_KIND[t] == kind:
            n += 1
    return n


def remove_kind(tiles: list[int], kind: int) -> int:
    """Take a tile of ``kind`` out of ``tiles`` and return it."""
    for i, t in enumerate(tiles):
        if FORUM_TILE_KIND[t] == kind:
            del tiles[i]
            return t
    raise IllegalActionError(N_("no {tile} held"), domain=DOMAIN, tile=_named(kind))


def _named(kind: int) -> LudusError:
    """The name of a forum-tile kind as an error's value, said in the reader's language when read
    (:meth:`~ludus.core.errors.LudusError.text_in` translates a value that is itself a message)."""
    action = FORUM_KINDS[kind].action
    if action >= 0:
        return LudusError(str(TEXTS["extra_action"]["name"]), domain=DOMAIN,
                          action=LudusError(ACTION_NAMES_EN[action], domain=DOMAIN))
    return LudusError(str(TEXTS["forum"][FORUM_KINDS[kind].key]["name"]), domain=DOMAIN)


def options(s: TrajanData, p: int) -> list[Action]:
    """One option per kind of tile on the forum (tiles of a kind are alike)."""
    out: list[Action] = []
    row = _TAKE_TILE[p]
    seen: set[int] = set()
    for t in s.forum_slots:
        if t >= 0:
            k = FORUM_TILE_KIND[t]
            if k not in seen:
                seen.add(k)
                out.append(row[k])
    for t in s.extra_slots:
        if t >= 0:
            k = K_EXTRA_OF_ACTION[EXTRA_TILE_ACTION[t]]
            if k not in seen:
                seen.add(k)
                out.append(row[k])
    return out


def take_tile(s: TrajanData, a: Action, log: Log) -> None:
    """Take any one tile from the forum (an extra-action tile of its own back first)."""
    p = a.player
    k = FORUM_KIND_INDEX[str(a.args[0])]
    act = FORUM_KINDS[k].action
    if act >= 0:
        for i, t in enumerate(s.extra_slots):
            if t >= 0 and EXTRA_TILE_ACTION[t] == act:
                s.xtiles[p].append(t)
                s.extra_slots[i] = -1
                log.public("take_extra_tile", seat=p, action=act)
                return
    for i, t in enumerate(s.forum_slots):
        if t >= 0 and FORUM_TILE_KIND[t] == k:
            s.ftiles[p].append(t)
            s.forum_slots[i] = -1
            log.public("take_forum_tile", seat=p, forum=k)
            return
    raise AssertionError("take_tile: legal tile not found")


VERBS: dict[str, Handler] = {Verb.TAKE_TILE: take_tile}
"""The Forum's verb answering :class:`~ludus.games.trajan.decisions.TakeAction`."""


def take_tile_why(s: TrajanData, a: Action) -> Reason | None:
    """Why ``take_tile <kind>`` is refused: the forum has no tile of that kind."""
    k = FORUM_KIND_INDEX.get(str(a.args[0])) if len(a.args) == 1 else None
    if k is None or any(x.args == a.args for x in options(s, a.player)):
        return None
    return because(N_("the forum has no {forum:a_forum}"), forum=k)
