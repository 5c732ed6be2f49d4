"""Commodity cards ([HU] "Árucikklapok"): the draw pile, the two discard piles, hands.

RULE: trajan.hu "Árucikklapok" — the draw pile lies face down between two face-up
      discard piles. Ruling 13 (docs/games/trajan.md): an empty draw pile is rebuilt from
      the discard piles except their top cards (option ``reshuffle``; otherwise draws stop).
"""

from __future__ import annotations

from ludus.core.decks import draw, refill
from ludus.core.events import Log
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
    return draw(s.draw)


def draw_to_hand(s: TrajanData, p: int, count: int, log: Log) -> None:
    """``p`` draws ``count`` cards into the hand (each seen only by ``p``)."""
    for _ in range(count):
        c = draw_card(s)
        if c >= 0:
            s.hand[p][c] += 1
            log.private(p, "draw", seat=p, card=c)


def refill_discard(s: TrajanData, pile: int) -> None:
    """An emptied discard pile gets the top card of the draw pile.

    [HU]: "ha egy dobópakli kiürül, akkor a ... pakli legfelső lapjával kell feltölteni".
    """
    if not s.discards[pile]:
        c = draw_card(s)
        if c >= 0:
            s.discards[pile].append(c)


def leave_hand(s: TrajanData, p: int, c: int) -> None:
    """A card of commodity ``c`` leaves ``p``'s hand face up.

    ``known`` counts the cards of a hand everyone knows (taken face up from a discard
    pile); cards are identical, so one known card of that commodity is no longer sure.
    """
    s.hand[p][c] -= 1
    if s.known[p][c]:
        s.known[p][c] -= 1
