"""The Laborer (PL "ROLA: TRAGARZ").

RULE: glory_to_rome.pl "ROLA: TRAGARZ" — "Akcja: przynies material budowlany": a pool card
      goes to your stockpile. Dock (Dok): also a card from hand.
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log
from ludus.core.reasons import N_, Reason, because
from ludus.games.glory_to_rome.components import (
    BUILDING_INDEX,
    CARD_MATERIAL,
    MATERIAL_INDEX,
    SLUGS,
    V_GATHER,
    V_GATHER_HAND,
    B,
    distinct_buildings,
    distinct_materials,
    take_building,
    take_material,
)
from ludus.games.glory_to_rome.decisions import O_HAND, O_POOL, Frame, GtrData

_DOCK = B.DOCK


def laborer_legal(s: GtrData, f: Frame) -> list[Action]:
    """A Laborer action: a pool material (Dock: and a card from hand)."""
    p = f.who
    T = s.acts
    out: list[Action] = []
    dock = (s.active[p] >> _DOCK) & 1
    if f.open == 0:
        if f.left > 0:
            out = [T.gather[p][m] for m in distinct_materials(s.pool)]
            if dock:
                out.extend(T.get(p, V_GATHER_HAND, SLUGS[b]) for b in distinct_buildings(s.hands[p]))
        out.append(T.pass_[p])
        return out
    if not f.open & O_POOL:
        out = [T.gather[p][m] for m in distinct_materials(s.pool)]
    if not f.open & O_HAND and dock:
        out.extend(T.get(p, V_GATHER_HAND, SLUGS[b]) for b in distinct_buildings(s.hands[p]))
    out.append(T.next[p])
    return out


def laborer_act(s: GtrData, f: Frame, a: Action, log: Log) -> None:
    """Carry out ``gather`` or ``gather_hand`` within a Laborer frame."""
    p = f.who
    left = f.left - 1 if f.open == 0 else f.left
    if a.verb == V_GATHER:
        s.pending[-1] = f.with_counts(left, f.open | O_POOL)  # (the batch answered is the top: no search)
        card = take_material(s.pool, MATERIAL_INDEX[str(a.args[0])])
    else:
        s.pending[-1] = f.with_counts(left, f.open | O_HAND)  # (the batch answered is the top: no search)
        card = take_building(s.hands[p], BUILDING_INDEX[str(a.args[0])])
    laborer_gather(s, p, card, log)


def laborer_gather(s: GtrData, p: int, card: int, log: Log) -> None:
    """Laborer: a card goes to the stockpile (from the pool, or from hand with Dock)."""
    s.stock[p].append(card)
    log.public("gather", seat=p, material=CARD_MATERIAL[card])


def gather_why(s: GtrData, f: Frame, a: Action) -> Reason | None:
    """Why ``gather <material>`` is refused: the pool has no card of that material."""
    m = MATERIAL_INDEX.get(str(a.args[0])) if len(a.args) == 1 else None
    if m is None or any(CARD_MATERIAL[c] == m for c in s.pool):
        return None
    return because(N_("the pool has no {material:material}"), material=m)
