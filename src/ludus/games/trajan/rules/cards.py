"""Commodity cards ([HU] "Árucikklapok"): the draw pile, the two discard piles, hands.

RULE: trajan.hu "Árucikklapok" — the draw pile lies face down between two face-up discard
      piles. Ruling 13 (docs/games/trajan.md): an empty draw pile is rebuilt from the discard
      piles except their top cards (option ``reshuffle``; otherwise draws stop).
RULE: trajan.hu "Felkészülés a játékra", "Kikötőakció" — the discard piles lie face up, so the
      cards of a rebuilt draw pile are public (ruling 26): ``pile_rebuilt`` and ``pile_hand``
      keep what the table knows of them as they are drawn into hands.
"""

from __future__ import annotations

from ludus.core.decks import draw, refill
from ludus.core.events import Log
from ludus.games.trajan.components import N_COMMODITIES
from ludus.games.trajan.state import TrajanData

__all__ = ["can_draw", "draw_card", "draw_to_hand", "leave_hand", "refill_discard"]


def can_draw(s: TrajanData) -> bool:
    """Whether a card can be drawn (the draw pile, or discard piles to rebuild it from)."""
    if s.draw:
        return True
    if not s.cfg.reshuffle:
        return False
    return len(s.discards[0]) > 1 or len(s.discards[1]) > 1


def draw_card(s: TrajanData) -> int:
    """Take the top card of the draw pile (-1 if none), rebuilding an empty pile (ruling 13)."""
    if not s.draw and s.cfg.reshuffle:
        refill(s.draw, s.discards, s.rng, keep_top=1)
        if s.draw:
            # everyone saw these cards in the discard piles; the cards drawn from an earlier
            # rebuilt pile are no longer told apart from the other hidden cards (ruling 26)
            s.pile_rebuilt = 1
            s.pile_hand = [[0] * N_COMMODITIES for _ in s.pile_hand]
    return draw(s.draw)


def draw_to_hand(s: TrajanData, p: int, count: int, log: Log) -> None:
    """``p`` draws ``count`` cards into the hand (each seen only by ``p``)."""
    for _ in range(count):
        c = draw_card(s)
        if c >= 0:
            s.hand[p][c] += 1
            if s.pile_rebuilt:
                s.pile_hand[p][c] += 1
            log.private(p, "draw", seat=p, card=c)


def refill_discard(s: TrajanData, pile: int, log: Log) -> None:
    """An emptied discard pile gets the top card of the draw pile, face up for all to see.

    [HU]: "ha egy dobópakli kiürül, akkor a ... pakli legfelső lapjával kell feltölteni".
    """
    if not s.discards[pile]:
        c = draw_card(s)
        if c >= 0:
            s.discards[pile].append(c)
            log.public("refill_discard", pile=pile, card=c)


def leave_hand(s: TrajanData, p: int, c: int) -> None:
    """A card of commodity ``c`` leaves ``p``'s hand face up.

    ``known`` counts the cards of a hand everyone knows (taken face up from a discard
    pile); cards are identical, so one known card of that commodity is no longer sure.
    Otherwise the card was a hidden one: drawn from the rebuilt pile (``pile_hand``) or
    not. What the table concludes must not depend on what it cannot see (ruling 26).
    """
    known = s.known[p]
    if known[c]:
        known[c] -= 1
    elif s.pile_rebuilt and any(s.pile_hand[p]):
        _hidden_card_leaves(s, p, c)
    s.hand[p][c] -= 1


def _hidden_card_leaves(s: TrajanData, p: int, c: int) -> None:
    """A hidden card ``c`` of ``p``, who holds cards drawn from the rebuilt pile, is shown.

    It counts as one of those cards when it must be one (all of ``p``'s hidden cards came
    from the pile, or no other hidden card anywhere is a ``c``); it is not one when the
    rebuilt pile had no ``c`` left to give. Otherwise nobody else can tell: the table stops
    telling the rebuilt pile's cards apart from the other hidden cards.
    """
    own = s.pile_hand[p]
    from_pile = sum(own)
    hidden = sum(s.hand[p]) - sum(s.known[p])
    if hidden == from_pile:
        own[c] -= 1
        return
    pile_c = s.draw.count(c) + sum(h[c] for h in s.pile_hand)
    if not pile_c:
        return
    others_c = sum(s.hand[q][c] - s.known[q][c] - s.pile_hand[q][c] for q in range(len(s.hand)))
    if not others_c:
        own[c] -= 1
        return
    s.pile_rebuilt = 0
    s.pile_hand = [[0] * N_COMMODITIES for _ in s.pile_hand]
