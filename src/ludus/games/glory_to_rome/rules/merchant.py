"""The Merchant (PL "ROLA: KUPIEC").

RULE: glory_to_rome.pl "Akcja: sprzedaj material budowlany" — a stockpile material goes
      face down into the vault, up to your influence; its material is seen as it moves.
Building functions of the Merchant: Atrium (the deck's top, unseen), Basilica (a card from
hand, seen by its owner only), Market (vault limit +2).
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log
from ludus.games.glory_to_rome.components import (
    BUILDING_INDEX,
    CARD_MATERIAL,
    MATERIAL_INDEX,
    SLUGS,
    V_SELL,
    V_SELL_DECK,
    V_SELL_HAND,
    VIS_NOBODY,
    VIS_PUBLIC,
    B,
    distinct_buildings,
    distinct_materials,
    take_building,
    take_material,
)
from ludus.games.glory_to_rome.decisions import O_HAND, O_MAIN, Frame, GtrData
from ludus.games.glory_to_rome.state import has, vault_limit


def merchant_legal(s: GtrData, f: Frame) -> list[Action]:
    """A Merchant action: a stockpile material (Atrium: or the deck's top; Basilica: and a
    card from hand) into the vault while there is room."""
    p = f.who
    T = s.acts
    room = len(s.vault[p]) < vault_limit(s, p)
    out: list[Action] = []
    if f.open == 0 and f.left <= 0:
        return [T.pass_[p]]
    if room:
        if not f.open & O_MAIN:
            out = [T.sell[p][m] for m in distinct_materials(s.stock[p])]
            if s.deck and has(s, p, B.ATRIUM):
                out.append(T.get(p, V_SELL_DECK))
        if not f.open & O_HAND and has(s, p, B.BASILICA):
            out.extend(T.get(p, V_SELL_HAND, SLUGS[b]) for b in distinct_buildings(s.hands[p]))
    out.append(T.next[p] if f.open else T.pass_[p])
    return out


def merchant_act(s: GtrData, f: Frame, a: Action, log: Log) -> None:
    """Carry out ``sell``, ``sell_deck`` or ``sell_hand`` within a Merchant frame."""
    p = f.who
    left = f.left - 1 if f.open == 0 else f.left
    # (the batch answered is the top: no search)
    s.pending[-1] = f.with_counts(left, f.open | (O_HAND if a.verb == V_SELL_HAND else O_MAIN))
    if a.verb == V_SELL:
        card = take_material(s.stock[p], MATERIAL_INDEX[str(a.args[0])])
        merchant_sell(s, p, card, VIS_PUBLIC, log)
    elif a.verb == V_SELL_DECK:
        merchant_sell(s, p, s.deck.pop(), VIS_NOBODY, log)  # Atrium: unseen, known to nobody.
    else:
        card = take_building(s.hands[p], BUILDING_INDEX[str(a.args[0])])
        merchant_sell(s, p, card, p, log)  # Basilica: known to its owner only.


def merchant_sell(s: GtrData, p: int, card: int, vis: int, log: Log) -> None:
    """Merchant: a card goes face down into the vault (``vis``: who knows its material)."""
    s.vault[p].append(card)
    s.vault_vis[p].append(vis)
    if vis == VIS_PUBLIC:
        log.public("sell", seat=p, material=CARD_MATERIAL[card])
    else:
        log.public("sell_hidden", seat=p)
        if vis == p:
            log.private(p, "vault_card", seat=p, card=card)
