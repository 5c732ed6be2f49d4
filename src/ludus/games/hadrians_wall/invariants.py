"""Conservation invariants: no card is created or lost, no track overflows.

Checked by the conformance suite after every action (``Game.invariant_violations``), so
cheap: a few sorted lists and counters.
"""

from __future__ import annotations

from .components import (
    ATTRIBUTE_MAX,
    CIPPI_CHAIN,
    COHORT_BOXES,
    DISDAIN_BOXES,
    FATE_CARDS,
    PLAYER_CARDS,
    PRODUCTION_CIRCLES,
)
from .state import HadriansWallData

_FATE = list(range(len(FATE_CARDS)))
_PLAYER = list(range(len(PLAYER_CARDS)))


def violations(s: HadriansWallData) -> list[str]:
    """One line per broken invariant of ``s`` (empty when all hold)."""
    out: list[str] = []
    # Every Fate card is in the deck, the discard pile or the current attack.
    if sorted(s.fate_deck + s.fate_discard + s.attack) != _FATE:
        out.append("the Fate cards are not the 48 cards, each once (deck + discard + attack)")
    # Every Player card of every set is in its deck, hand, Paths, Prospect or covered Prospects.
    for p, b in enumerate(s.boards):
        cards = b.deck + b.hand + b.paths + b.covered + ([b.prospect] if b.prospect >= 0 else [])
        if sorted(cards) != _PLAYER:
            out.append(f"seat {p}: the Player cards are not the 12 cards, each once")
        if not (b.disdain <= DISDAIN_BOXES and 0 <= b.disdain_removed <= b.disdain):
            out.append(f"seat {p}: Disdain {b.disdain} (removed {b.disdain_removed}) out of the track")
        if not all(0 <= a <= ATTRIBUTE_MAX for a in b.attrs):
            out.append(f"seat {p}: an attribute beyond its track: {b.attrs}")
        if any(x < 0 for x in b.items):
            out.append(f"seat {p}: a negative count on the player board: {b.items}")
        if b.wall > b.fort or (b.cippi and CIPPI_CHAIN[b.cippi - 1] > b.fort):
            out.append(
                f"seat {p}: Wall {b.wall} / Cippi {b.cippi} beyond their chained Fort boxes ({b.fort})")
        if sum(b.cohorts) > 3 * COHORT_BOXES or b.production > PRODUCTION_CIRCLES:
            out.append(f"seat {p}: Cohorts {b.cohorts} or production {b.production} beyond the sheet")
    if s.cfg.neutral_per_year:
        if sorted(s.neutral_deck + s.neutral + s.neutral_discard) != _PLAYER:
            out.append("the Neutral cards are not the 12 cards, each once")
        if len(s.neutral) != len(s.neutral_items):
            out.append("a Neutral card without its item count")
    return out
