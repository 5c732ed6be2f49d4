"""Conservation: no cube, legion, fort or card is created or lost.

100 cubes (each tribe's count, board + supply, at most 3 of a tribe per city), 16 legions,
6 forts, the 49 city cards + 14 events + the Revolts of the difficulty, and the 49
barbarian cards — wherever they are, a sub-decision holding some included.
"""

from __future__ import annotations

from collections import Counter

from ludus.games.fall_of_rome.components import (
    EVENTS,
    FORTS,
    LEGIONS,
    N_CITY_CARDS,
    NC,
    NT,
    REVOLT,
    TRIBES,
)
from ludus.games.fall_of_rome.decisions import MeliusCavere, PutBack
from ludus.games.fall_of_rome.state import FallOfRomeData


def player_cards(s: FallOfRomeData) -> Counter[int]:
    """Every player card wherever it is (hands, decks, piles, box, held by a sub-decision)."""
    cards: Counter[int] = Counter()
    for hand in s.hands:
        cards.update(hand)
    for pile in (s.treasury, s.pdeck, s.pdiscard, s.vdeck, s.box_events, s.pbox):
        cards.update(pile)
    cards[REVOLT] += s.box_revolts + s.pending_revolts
    for p in s.pending:
        if isinstance(p, PutBack):
            cards.update(p.cards)
    return cards


def barbarian_cards(s: FallOfRomeData) -> Counter[int]:
    """Every barbarian card (deck, discard, removed, held by Melius Cavere Quam Pavere)."""
    cards: Counter[int] = Counter(s.bdeck + s.bdiscard + s.bremoved)
    for p in s.pending:
        if isinstance(p, MeliusCavere):
            cards.update(p.cards)
            cards.update(p.placed)
    return cards


def violations(s: FallOfRomeData) -> list[str]:
    """Every broken conservation count of ``s`` (empty when all hold)."""
    out: list[str] = []
    for t in range(NT):
        on_board = sum(s.cubes[c * NT + t] for c in range(NC))
        if on_board + s.supply[t] != TRIBES[t].cubes:
            out.append(f"tribe {t} cubes: {on_board} on the board + {s.supply[t]} in the supply != "
                       f"{TRIBES[t].cubes}")
        if not all(0 <= s.cubes[c * NT + t] <= 3 for c in range(NC)):
            out.append(f"tribe {t}: a city holds fewer than 0 or more than 3 cubes")
    if sum(s.legions) + s.reserve != LEGIONS or min(s.legions) < 0 or s.reserve < 0:
        out.append(f"legions: {sum(s.legions)} on the board + {s.reserve} in the reserve != {LEGIONS}")
    if sum(s.forts) + s.fort_supply != FORTS:
        out.append(f"forts: {sum(s.forts)} on the board + {s.fort_supply} in the supply != {FORTS}")
    expected = Counter(range(N_CITY_CARDS + len(EVENTS)))
    expected[REVOLT] = s.cfg.revolts
    if player_cards(s) != expected:
        out.append("player cards are not conserved")
    if barbarian_cards(s) != Counter(range(N_CITY_CARDS)):
        out.append("barbarian cards are not conserved")
    return out
