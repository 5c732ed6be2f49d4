"""What a player may see, and determinization.

Hands are open in Fall of Rome and both discard piles are public, so every seat
(and a spectator) sees the same view. Hidden: the order of the player deck (its
Revolt piles' structure is public), the order of each barbarian deck segment
(the segment's contents are public: the intensified discards, the untouched rest,
or an order fixed by Melius Cavere Quam Pavere), Vestalis's event deck and the
events left in the box.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from ludus.core.decisions import Decision
from ludus.core.rng import Rng, Shuffler
from ludus.games.fall_of_rome.components import (
    CARD_TOKENS,
    CITY_TOKEN,
    COLOURS,
    FIRST_EVENT,
    INVASION_RATE,
    NC,
    NT,
    RECRUITMENT_RATE,
    REVOLT,
    ROLES,
)
from ludus.games.fall_of_rome.decisions import MeliusCavere, Pay, PutBack
from ludus.games.fall_of_rome.rules import to_move
from ludus.games.fall_of_rome.rules.board import seat_of
from ludus.games.fall_of_rome.state import FallOfRomeData

_ROLE_ID: tuple[str, ...] = tuple(role.id for role in ROLES)


def _cards(cards: list[int]) -> list[str]:
    return [CARD_TOKENS[c] for c in cards]


def _pending_view(p: Decision) -> dict[str, Any]:
    """A sub-decision as saved, with card tokens for the player cards and barbarian cards it holds."""
    out = p.to_json()
    if isinstance(p, (Pay, PutBack, MeliusCavere)):
        out["cards"] = _cards(out["cards"])
    return out


def view(s: FallOfRomeData, player: int | None) -> dict[str, Any]:
    """The public view (the same for every seat and for a spectator)."""
    board = []
    here: dict[int, list[str]] = {}  # the pawns in each city, in pawn order
    for role, c in zip(s.roles, s.pawn_city):
        here.setdefault(c, []).append(_ROLE_ID[role])
    cubes = s.cubes
    for c in range(NC):
        row = cubes[c * NT:c * NT + NT]
        board.append(
            {
                "city": CITY_TOKEN[c],
                "cubes": {colour: k for colour, k in zip(COLOURS, row) if k} if any(row) else {},
                "legions": s.legions[c],
                "fort": bool(s.forts[c]),
                "pawns": here.get(c, []),
            }
        )
    segs = []
    pos = 0
    for size, known in s.bsegs:
        cards = s.bdeck[pos : pos + size]
        pos += size
        segs.append(
            {
                "size": size,
                "known_order": bool(known),
                "cards": _cards(list(reversed(cards))) if known else sorted(_cards(cards)),
            }
        )
    known_top = s.pdeck[len(s.pdeck) - s.pknown :] if s.pknown else []
    return {
        "player": player,
        "phase": str(s.phase),
        "turn": s.turn,
        "to_move": list(to_move(s)),
        "current_pawn": s.cur,
        "current_role": ROLES[s.roles[s.cur]].id if s.roles else None,
        "actions_left": s.actions_left,
        "solo": s.solo,
        "roma_caput_mundi": s.caput,
        "pawns": [
            {"role": ROLES[r].id, "city": CITY_TOKEN[s.pawn_city[i]] if s.pawn_city[i] >= 0 else None,
             "seat": seat_of(s, i)}
            for i, r in enumerate(s.roles)
        ],
        "board": board,
        "supply": {COLOURS[t]: s.supply[t] for t in range(NT)},
        "allied": [COLOURS[t] for t in range(NT) if s.allied[t]],
        "legion_reserve": s.reserve,
        "fort_supply": s.fort_supply,
        "invasion_track": s.rate + 1,
        "invasion_rate": INVASION_RATE[s.rate],
        "recruitment_rate": RECRUITMENT_RATE[s.rate],
        "decline": s.decline,
        "hands": [_cards(h) for h in s.hands],
        "treasury": _cards(s.treasury),
        "player_deck": {
            "size": len(s.pdeck),
            "piles": list(s.piles),
            "known_top": _cards(list(reversed(known_top))),
            "revolts": s.pdeck.count(REVOLT),
        },
        "player_discard": _cards(s.pdiscard),
        "barbarian_deck": segs,
        "barbarian_discard": _cards(s.bdiscard),
        "barbarian_removed": _cards(s.bremoved),
        "vestalis_deck": len(s.vdeck),
        "box": {"revolts": s.box_revolts, "events_unseen": len(s.box_events), "out_of_game": _cards(s.pbox)},
        "flags": {
            "alea": s.alea,
            "invasion_reduction": s.inv_reduce,
            "skip_invasion": s.inv_skip,
            "drawn": s.drawn,
            "invasions_left": s.invasions_left,
            "pending_revolts": s.pending_revolts,
            "battle_city": CITY_TOKEN[s.battle_city] if s.battle_city >= 0 else None,
            "battle_removed": s.battle_removed,
            "mercator_used": s.mercator_used,
            "regina_used": s.regina_used,
            "refused": list(s.refused),
        },
        "pending": [_pending_view(p) for p in s.pending],
        "result": s.result,
    }


def redeal_hidden(d: FallOfRomeData, seed: int) -> None:
    """Re-deal the hidden orders of ``d`` (a fresh clone) consistently with all public information.

    Keeps: the known top of the player deck, the size of every Revolt pile and
    the Revolts each pile still holds, the number of events in the player deck,
    the contents of every barbarian deck segment and the order of known segments.

    Canonical: every unseen pile is sorted before it is shuffled, so the result depends
    only on what every seat sees (the view is the same for all) and on ``seed``, never on
    the order the true state holds the hidden cards in.
    """
    shuffler = Shuffler(seed)
    shuffle = shuffler.shuffle
    d.rng = Rng(shuffler.randbelow(1 << 53))
    # barbarian deck: shuffle inside each segment of unknown order
    deck = d.bdeck
    pos = 0
    for size, known in d.bsegs:
        if not known and size > 1:
            part = sorted(deck[pos : pos + size])
            shuffle(part)
            deck[pos : pos + size] = part
        pos += size
    # player deck: unseen cards among the unknown slots, pile by pile
    deck = d.pdeck
    unknown = len(deck) - d.pknown
    hidden = sorted(deck[:unknown])  # cities < events < Revolts
    revolts = len(hidden) - bisect_left(hidden, REVOLT)
    first_event = bisect_left(hidden, FIRST_EVENT)
    cities = hidden[:first_event]
    k = len(hidden) - revolts - first_event  # events in the player deck
    events = hidden[first_event : len(hidden) - revolts]
    if d.vdeck or d.box_events:
        events += d.vdeck
        events += d.box_events
        events.sort()
    shuffle(events)
    nv = len(d.vdeck)
    if nv or d.box_events:
        d.vdeck = events[k : k + nv]
        d.box_events = sorted(events[k + nv :])
    pool = cities + events[:k]
    if revolts == 0:
        shuffle(pool)
        deck[:unknown] = pool
        return
    shuffle(pool)
    start = 0
    for size in d.piles:
        end = min(start + size, unknown)
        if end > start:
            n = deck[start:end].count(REVOLT)
            take = end - start - n
            part = pool[:take]
            del pool[:take]
            if n:
                part += [REVOLT] * n
                shuffle(part)
            deck[start:end] = part
        start += size


def compositions(s: FallOfRomeData, player: int | None) -> dict[str, list[int]]:
    """The hidden zones whose contents the view states, each with its cards
    (``Game.known_compositions``; the same for every seat): each barbarian deck segment, the
    known top of the player deck, its unseen cities, the kinds of its unseen cards (how many
    events), the Revolts in each of its piles, and the unseen events (in the player deck,
    Vestalis's deck or the box)."""
    out: dict[str, list[int]] = {}
    pos = 0
    for i, (size, _) in enumerate(s.bsegs):
        out[f"barbarian deck segment {i}"] = s.bdeck[pos : pos + size]
        pos += size
    deck = s.pdeck
    unknown = len(deck) - s.pknown
    hidden = deck[:unknown]
    out["player deck, known top"] = deck[unknown:]
    out["player deck, unseen cities"] = [c for c in hidden if c < FIRST_EVENT]
    out["player deck, unseen kinds"] = [(c >= FIRST_EVENT) + (c >= REVOLT) for c in hidden]
    out["unseen events"] = [c for c in hidden if FIRST_EVENT <= c < REVOLT] + s.vdeck + s.box_events
    start = 0
    for i, size in enumerate(s.piles):
        out[f"Revolts in player deck pile {i}"] = [c for c in deck[start : min(start + size, unknown)]
                                                   if c >= REVOLT]
        start += size
    return out
