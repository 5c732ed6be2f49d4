"""Commodity cards ([HU] "Árucikklapok"): the draw pile, the two discard piles, hands.

RULE: trajan.hu "Árucikklapok" — the draw pile lies face down between two face-up discard
      piles. Ruling 13 (docs/games/trajan.md): an empty draw pile is rebuilt from the discard
      piles except their top cards (option ``reshuffle``; otherwise draws stop).
RULE: trajan.hu "Felkészülés a játékra", "Kikötőakció" — the discard piles lie face up, so the
      cards of a rebuilt draw pile are public (ruling 26): ``pile_rebuilt`` and ``pile_log``
      keep what the table saw of them: which hand drew from which pile, and each hidden card
      that a hand showed since.
"""

from __future__ import annotations

from ludus.core.decks import draw, refill
from ludus.core.events import Log
from ludus.games.trajan.components import N_COMMODITIES
from ludus.games.trajan.state import TrajanData

__all__ = [
    "can_draw", "decode", "draw_card", "draw_to_hand", "drawn", "leave_hand", "log_problem", "refill_discard",
]


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
            s.pile_rebuilt += 1  # everyone saw these cards in the discard piles (ruling 26)
    return draw(s.draw)


def drawn(pile: int, c: int) -> int:
    """The ``pile_log`` entry of a card of commodity ``c`` drawn from rebuilt pile ``pile`` (1, 2, ...)."""
    return -1 - ((pile - 1) * N_COMMODITIES + c)


def decode(entry: int) -> tuple[int, int]:
    """``(pile, c)`` of a ``pile_log`` entry: the rebuilt pile a card was drawn from (0: a hidden
    card shown, not drawn) and its commodity."""
    if entry >= 0:
        return 0, entry
    k = -1 - entry
    return k // N_COMMODITIES + 1, k % N_COMMODITIES


def draw_to_hand(s: TrajanData, p: int, count: int, log: Log) -> None:
    """``p`` draws ``count`` cards into the hand (each seen only by ``p``)."""
    for _ in range(count):
        c = draw_card(s)
        if c >= 0:
            s.hand[p][c] += 1
            if s.pile_rebuilt:
                s.pile_log[p].append(drawn(s.pile_rebuilt, c))
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
    Otherwise a hidden card was shown: once a pile was rebuilt, ``pile_log`` records it, in
    its place among the hand's draws (ruling 26: whether it came from a rebuilt pile is what
    the table cannot always tell, so it keeps what it saw rather than a conclusion).
    """
    known = s.known[p]
    if known[c]:
        known[c] -= 1
    elif s.pile_rebuilt:
        s.pile_log[p].append(c)
    s.hand[p][c] -= 1


def log_problem(s: TrajanData, p: int) -> str | None:
    """Why seat ``p``'s ``pile_log`` cannot have happened with its hand, or ``None``.

    The hand's hidden cards at the first rebuild are its hidden cards now, plus those shown
    since, less those drawn since: none of them may be negative; and each shown card was in
    the hand when it was shown (held at the first rebuild, or drawn before).
    """
    hand, known, entries = s.hand[p], s.known[p], s.pile_log[p]
    at_rebuild = [hand[c] - known[c] for c in range(N_COMMODITIES)]
    for e in entries:
        if e >= N_COMMODITIES:
            return f"entry {e} is no commodity"
        pile, c = decode(e)
        if not 0 <= pile <= s.pile_rebuilt:
            return f"entry {e} names rebuilt pile {pile} of {s.pile_rebuilt}"
        at_rebuild[c] += -1 if pile else 1
    if min(at_rebuild) < 0:
        worst = at_rebuild.index(min(at_rebuild))
        return f"more cards of commodity {worst} drawn than the hand holds or showed"
    held = at_rebuild
    for e in entries:
        pile, c = decode(e)
        held[c] += 1 if pile else -1
        if held[c] < 0:
            return f"a card of commodity {c} shown that the hand did not hold"
    return None
