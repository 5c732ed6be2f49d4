"""Conservation: no tile, card, token or marker is created or lost.

:func:`component_counts` counts every kind of component wherever it lies;
:func:`violations` compares the counts with the box (``Game.invariant_violations``,
which the conformance suite calls after every action).
"""

from __future__ import annotations

from ludus.games.trajan.components import (
    ARRANGE,
    CONSTRUCTION_TILES,
    COPIES_PER_COMMODITY,
    DEMAND_TILE_KIND,
    MARKERS_PER_COLOUR,
    N_BONUS_TILES,
    N_COLOURS,
    N_COMMODITIES,
    N_EXTRA_TILES,
    N_FORUM_TILES,
    N_TRAJAN_TILES,
    SOW,
    TAKE,
    TOKENS_PER_PLAYER,
)
from ludus.games.trajan.decisions import LoadShip
from ludus.games.trajan.state import TrajanData

__all__ = ["EXPECTED_COUNTS", "component_counts", "violations"]

EXPECTED_COUNTS = {
    "forum_tiles": N_FORUM_TILES,
    "extra_action_tiles": N_EXTRA_TILES,
    "commodity_cards": N_COMMODITIES * COPIES_PER_COMMODITY,
    "trajan_tiles": N_TRAJAN_TILES,
    "construction_tiles": len(CONSTRUCTION_TILES),
    "bonus_tiles": N_BONUS_TILES,
    "demand_tiles": len(DEMAND_TILE_KIND),
}
"""The box: how many of each kind of component there are."""


def component_counts(s: TrajanData) -> dict[str, int]:
    """Totals of every kind of component wherever it lies (all constant over a game)."""
    n = s.cfg.players
    tokens = [
        s.supply[p] + s.mcamp[p] + s.wcamp[p]
        + sum((m >> p) & 1 for m in s.province_legions)
        + sum((w >> p) & 1 for w in s.grid_workers)
        for p in range(n)
    ]
    forum = (
        len(s.fdeck) + sum(1 for t in s.forum_slots if t >= 0) + sum(1 for t in s.province_tile if t >= 0)
        + sum(len(x) for x in s.ftiles) + len(s.forum_removed)
    )
    extras = len(s.xdeck) + sum(1 for t in s.extra_slots if t >= 0) + sum(len(x) for x in s.xtiles) + len(
        s.extra_removed
    )
    loaded = sum(1 for d in s.pending if isinstance(d, LoadShip) for c in d.load if c >= 0)
    cards = (
        len(s.draw) + len(s.discards[0]) + len(s.discards[1])
        + sum(sum(h) for h in s.hand) + sum(sum(d) for d in s.display) + loaded
    )
    trajan_tiles = (
        sum(len(x) for x in s.trajan_stacks) + sum(1 for sl in s.trajan_slots for t in sl if t >= 0)
        + sum(len(x) for x in s.held_f) + len(s.trajan_removed)
    )
    construction = sum(1 for t in s.grid_tile if t >= 0) + sum(len(x) for x in s.ctiles)
    bonus = len(s.bonus_bag) + len(s.senate_bonus) + sum(len(x) for x in s.bonus_yellow) + sum(
        len(x) for x in s.bonus_grey
    )
    demand = len(s.demand_stack) + len(s.demand_removed) + len(s.demand_revealed) + len(s.demand_spent)
    markers = [sum(sum(t) for t in s.trays[p]) for p in range(n)]
    if s.phase in (SOW, ARRANGE):
        markers[s.decider] += sum(s.hand_markers)
    out = {
        "forum_tiles": forum,
        "extra_action_tiles": extras,
        "commodity_cards": cards,
        "trajan_tiles": trajan_tiles,
        "construction_tiles": construction,
        "bonus_tiles": bonus,
        "demand_tiles": demand,
    }
    for p in range(n):
        out[f"tokens_{p}"] = tokens[p]
        out[f"markers_{p}"] = markers[p]
    return out


def violations(s: TrajanData) -> list[str]:
    """One line per broken conservation count (empty when all hold).

    Tokens (15 a seat) hold from the start; action markers (12 a seat) once the
    set-up decisions are over.
    """
    counts = component_counts(s)
    out = [f"{key}: {counts[key]} instead of {want}" for key, want in EXPECTED_COUNTS.items()
           if counts[key] != want]
    for p in range(s.cfg.players):
        if counts[f"tokens_{p}"] != TOKENS_PER_PLAYER:
            out.append(f"tokens of seat {p}: {counts[f'tokens_{p}']} instead of {TOKENS_PER_PLAYER}")
        if s.phase >= TAKE and counts[f"markers_{p}"] != MARKERS_PER_COLOUR * N_COLOURS:
            out.append(f"markers of seat {p}: {counts[f'markers_{p}']} instead of "
                       f"{MARKERS_PER_COLOUR * N_COLOURS}")
    return out
