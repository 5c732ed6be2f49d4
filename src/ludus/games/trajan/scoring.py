"""Final scoring ([HU] "A játék vége és a végső értékelés") and the outcome."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ludus.core.api import Outcome, rank_by
from ludus.core.errors import N_, LudusError
from ludus.games.trajan.components import (
    BONUS_TILES,
    CONSTRUCTION_TILES,
    CONSTRUCTION_TYPES,
    DOMAIN,
    FORUM_KINDS,
    FORUM_TILE_KIND,
    K_COMMODITY_JOKER,
    K_CONSTRUCTION_JOKER,
    K_DEMAND_JOKER,
    SET_OF_3_VP,
    SET_OF_4_VP,
    TEXTS,
    Termination,
)
from ludus.games.trajan.state import TrajanData

REASON = N_("four quarters played; most VP wins, ties to the higher senate position")
"""``Outcome.reason`` (English, kept word for word in records; :meth:`Game.outcome_text` translates it)."""


def construction_sets(counts: Sequence[int], jokers: int) -> int:
    """VP for sets of construction tiles: 10 for 3 of a type, 20 for 4 (not cumulative).

    Ruling 11: a set needs at least one real tile; each joker fills one gap.
    The jokers are placed where they score most.

    >>> construction_sets([3, 2, 1, 0, 0], 0)
    10
    >>> construction_sets([3, 2, 1, 0, 0], 1)
    20
    >>> construction_sets([2, 2, 0, 0, 0], 2)
    20
    """

    def value(c: int) -> int:
        return SET_OF_4_VP if c >= 4 else SET_OF_3_VP if c == 3 else 0

    best = 0

    def search(i: int, left: int, total: int) -> None:
        nonlocal best
        if i == len(counts):
            best = max(best, total)
            return
        c = counts[i]
        for use in range(0, left + 1):
            if use and (c == 0 or c + use > 4):
                break
            search(i + 1, left - use, total + value(c + use))

    search(0, jokers, 0)
    return best


def final_breakdown(s: TrajanData, p: int) -> dict[str, int]:
    """Each item of ``p``'s final scoring (the VP track is the item ``track``)."""
    out: dict[str, int] = {"track": s.vp[p]}
    out["hand"] = sum(s.hand[p])
    out["workers_in_camp"] = s.wcamp[p]
    out["legionnaires_in_camp"] = s.mcamp[p]
    if s.cfg.edition == 2:
        out["trajan_tiles_on_circle"] = sum(1 for t in s.trajan_slots[p] if t >= 0)
    counts = [0] * len(CONSTRUCTION_TYPES)
    for t in s.ctiles[p]:
        counts[CONSTRUCTION_TYPES.index(CONSTRUCTION_TILES[t].action)] += 1
    cjokers = sum(1 for t in s.ftiles[p] if FORUM_TILE_KIND[t] == K_CONSTRUCTION_JOKER)
    out["construction_sets"] = construction_sets(counts, cjokers)
    out["bonus_tiles"] = bonus_points(s, p)
    return out


def bonus_points(s: TrajanData, p: int) -> int:
    """VP of all of ``p``'s bonus tiles, yellow and grey sides ([HU] p. 10; reference §15)."""
    total = 0.0
    yellow = s.bonus_yellow[p]
    n_yellow = len(yellow)
    legionnaires = sum((m >> p) & 1 for m in s.province_legions)
    workers = sum((w >> p) & 1 for w in s.grid_workers)
    demand_kinds = [FORUM_KINDS[FORUM_TILE_KIND[t]].demand for t in s.ftiles[p]]
    demand_jokers = sum(1 for t in s.ftiles[p] if FORUM_TILE_KIND[t] == K_DEMAND_JOKER)
    commodity_jokers = sum(1 for t in s.ftiles[p] if FORUM_TILE_KIND[t] == K_COMMODITY_JOKER)
    best_joker = 0.0
    for side, tiles in ((1, yellow), (0, s.bonus_grey[p])):
        for b in tiles:
            tile = BONUS_TILES[b]
            value = tile.yellow if side else tile.grey
            if tile.kind == "commodities":
                cards = sum(s.display[p][c] for c in tile.commodities)
                total += value * cards
                best_joker = max(best_joker, value)
            elif tile.kind == "legionnaires":
                total += value * legionnaires
            elif tile.kind == "workers":
                # grey side: half a VP per worker, total rounded up
                total += math.ceil(value * workers)
            elif tile.kind == "yellow_bonus":
                # ruling 8: a yellow B9 counts itself
                total += value * n_yellow
            elif tile.kind == "demand":
                has = tile.demand in demand_kinds
                if not has and s.cfg.demand_joker_bonus and demand_jokers:
                    has = True
                if has:
                    total += value
    # ruling 10: an unused commodity joker counts as one card for the best commodity bonus tile
    total += commodity_jokers * best_joker
    return math.ceil(total)


def final_scores(s: TrajanData) -> list[int]:
    """Total VP of every seat after final scoring."""
    return [sum(final_breakdown(s, p).values()) for p in range(s.cfg.players)]


def senate_tiebreak(s: TrajanData) -> list[int]:
    """Tie-break key per seat: the higher position in the senate (ruling 16).

    By default the stack after the final reset (the quarter-4 senate ranking, consul
    on top); with option ``final_tiebreak=track`` the track position before it.
    """
    if s.cfg.final_tiebreak == "track" and s.final_senate:
        return list(s.final_senate)
    return list(s.senate_stamp)


def score_sheet(s: TrajanData) -> list[dict[str, Any]]:
    """The score sheet: one row per scoring category of the rulebook, in its order.

    Each row is ``{"category": id, "label": English words, "hu": the rulebook's words,
    "points": [VP per seat]}`` (docs/games/trajan.md, "Score sheet"); the rows of a seat
    add up to its score. The Trajan-tile row is left out in the first edition.
    """
    items = [final_breakdown(s, p) for p in range(s.cfg.players)]
    return [
        {"category": row["category"], "label": row["label"], "hu": row["hu"],
         "points": [item[row["category"]] for item in items]}
        for row in TEXTS["sheet"]
        if row["category"] in items[0]
    ]


def outcome(s: TrajanData) -> Outcome:
    """The outcome of a finished game."""
    if not s.is_terminal():
        raise LudusError(N_("the game is not over yet"), domain=DOMAIN)
    scores = final_scores(s)
    tie = senate_tiebreak(s)
    keys = [(float(scores[p]), float(tie[p])) for p in range(len(scores))]
    ranking = rank_by(keys)
    winners = tuple(p for p in range(len(scores)) if ranking[p] == 1)
    details = {"breakdown": [final_breakdown(s, p) for p in range(len(scores))], "sheet": score_sheet(s)}
    return Outcome(
        tuple(float(x) for x in scores),
        ranking,
        winners,
        REASON,
        None,
        details,
        termination=Termination.FOUR_QUARTERS,
    )
