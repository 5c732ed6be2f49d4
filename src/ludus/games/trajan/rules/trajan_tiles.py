"""Turn step 2 ([HU] "Traianuslapka teljesítése", "A Traianuslapkák speciális akciói").

RULE: trajan.hu "Traianuslapka teljesítése" — if the Trajan tile beside the target tray shows
      two colours present in the tray, the player gains its VP and may carry out its effect
      (ruling 6: accomplishing is automatic, the effect optional).
RULE: trajan.hu "A Traianuslapkák speciális akciói" — A: draw 2 cards; B/C: 1 or 2 tokens to the
      military / worker camp; D: a [+2] marker; E: 9 VP only; F: kept to meet demands.
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log
from ludus.games.trajan.components import (
    ACTIONS,
    CAT_CARDS,
    CAT_DEMAND,
    CAT_LAUREL,
    CAT_LEGION,
    CAT_PLUS2,
    CAT_WORKER,
    EFFECT,
    MAX_PLAYERS,
    N_ACTIONS,
    PLUS2_PER_PLAYER,
    TRAJAN_TILES,
    Verb,
)
from ludus.games.trajan.rules.cards import can_draw, draw_to_hand
from ludus.games.trajan.rules.extra_actions import begin_action
from ludus.games.trajan.state import TrajanData

__all__ = ["accomplish_trajan_tile", "effect", "legal_effect", "plus2", "skip"]

_EFFECT = tuple(Action(p, Verb.EFFECT) for p in range(MAX_PLAYERS))
_SKIP = tuple(Action(p, Verb.SKIP) for p in range(MAX_PLAYERS))
_PLUS2 = tuple(tuple(Action(p, Verb.PLUS2, (a,)) for a in ACTIONS) for p in range(MAX_PLAYERS))


def accomplish_trajan_tile(s: TrajanData, p: int, log: Log) -> None:
    """If the tile beside the target tray shows colours present in the tray, gain its VP;
    its effect is offered when it can do something (ruling 18), else the action step begins."""
    target = s.target
    t = s.trajan_slots[p][target]
    s.effect_tile = -1
    if t >= 0 and TRAJAN_TILES[t].is_satisfied_by(s.trays[p][target]):
        tile = TRAJAN_TILES[t]
        s.trajan_slots[p][target] = -1
        s.vp[p] += tile.vp
        log.public("accomplish", seat=p, tile=t, vp=tile.vp)
        if s.arch[p] < 0:
            # an arch waiting in the centre moves to the freed slot
            s.arch[p] = target
        if tile.category == CAT_DEMAND:
            s.held_f[p].append(t)
        else:
            s.trajan_removed.append(t)
            if tile.category != CAT_LAUREL and _effect_possible(s, p, t):
                s.effect_tile = t
    if s.effect_tile >= 0:
        s.phase = EFFECT
    else:
        begin_action(s)


def _effect_possible(s: TrajanData, p: int, tile: int) -> bool:
    cat = TRAJAN_TILES[tile].category
    if cat == CAT_CARDS:
        return can_draw(s)
    if cat in (CAT_LEGION, CAT_WORKER):
        return s.supply[p] > 0
    if cat == CAT_PLUS2:
        return sum(s.plus2[p]) < PLUS2_PER_PLAYER
    return False


def legal_effect(s: TrajanData, p: int) -> list[Action]:
    """The effect (a [+2] marker on each free action for category D), or ``skip``."""
    tile = TRAJAN_TILES[s.effect_tile]
    if tile.category == CAT_PLUS2:
        out = [_PLUS2[p][a] for a in range(N_ACTIONS) if not s.plus2[p][a]]
    else:
        out = [_EFFECT[p]]
    out.append(_SKIP[p])
    return out


def effect(s: TrajanData, a: Action, log: Log) -> None:
    """Carry out the accomplished tile's effect (categories A, B, C)."""
    p = a.player
    t = s.effect_tile
    tile = TRAJAN_TILES[t]
    if tile.category == CAT_CARDS:
        draw_to_hand(s, p, 2, log)
        log.public("effect_draw", seat=p, tile=t)
    elif tile.category == CAT_LEGION:
        k = min(tile.tokens, s.supply[p])
        s.supply[p] -= k
        s.mcamp[p] += k
        log.public("effect_legion", seat=p, tile=t, tokens=k)
    elif tile.category == CAT_WORKER:
        k = min(tile.tokens, s.supply[p])
        s.supply[p] -= k
        s.wcamp[p] += k
        log.public("effect_worker", seat=p, tile=t, tokens=k)
    s.effect_tile = -1
    begin_action(s)


def plus2(s: TrajanData, a: Action, log: Log) -> None:
    """Place a [+2] marker under an action (category D)."""
    p = a.player
    act = ACTIONS.index(str(a.args[0]))
    s.plus2[p][act] = 1
    s.effect_tile = -1
    log.public("plus2", seat=p, action=act)
    begin_action(s)


def skip(s: TrajanData, a: Action, log: Log) -> None:
    """Forgo the accomplished tile's effect (its VP are kept)."""
    s.effect_tile = -1
    begin_action(s)
