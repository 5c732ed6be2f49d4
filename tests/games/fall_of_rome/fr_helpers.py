"""Helpers for the Fall of Rome tests: conservation counts and random play."""

from __future__ import annotations

from collections import Counter

import ludus.core.registry as registry
from ludus.core.rng import Rng
from ludus.games.fall_of_rome.components import (
    EVENTS,
    FORTS,
    LEGIONS,
    N_CITY_CARDS,
    NT,
    REVOLT,
    REVOLTS_CAPUT_MUNDI,
    REVOLTS_STANDARD,
    TRIBES,
)
from ludus.games.fall_of_rome.state import FallOfRomeState


def player_cards(s: FallOfRomeState) -> Counter[int]:
    """Every player card wherever it is (hands, decks, piles, box, held by a sub-decision)."""
    cards: Counter[int] = Counter()
    for hand in s.hands:
        cards.update(hand)
    for pile in (s.treasury, s.pdeck, s.pdiscard, s.vdeck, s.box_events, s.pbox):
        cards.update(pile)
    cards[REVOLT] += s.box_revolts + s.pending_revolts
    for p in s.pending:
        if p["k"] == "putback":
            cards.update(p["cards"])
    return cards


def barbarian_cards(s: FallOfRomeState) -> Counter[int]:
    cards: Counter[int] = Counter(s.bdeck + s.bdiscard + s.bremoved)
    for p in s.pending:
        if p["k"] == "ev" and p["e"] == EVENTS[8].index:
            cards.update(p["cards"])
            cards.update(p["done"])
    return cards


def check_conservation(s: FallOfRomeState) -> None:
    """Nothing is created or lost: 100 cubes, 16 legions, 6 forts, 70 + 49 cards."""
    for t in range(NT):
        on_board = sum(s.cubes[c * NT + t] for c in range(len(s.legions)))
        assert on_board + s.supply[t] == TRIBES[t].cubes, f"tribe {t} cubes"
        assert all(0 <= s.cubes[c * NT + t] <= 3 for c in range(len(s.legions)))
    assert sum(s.legions) + s.reserve == LEGIONS
    assert min(s.legions) >= 0 and s.reserve >= 0
    assert sum(s.forts) + s.fort_supply == FORTS
    expected = Counter(range(N_CITY_CARDS + len(EVENTS)))
    table = REVOLTS_CAPUT_MUNDI if s.caput else REVOLTS_STANDARD
    expected[REVOLT] = table[str(s.game.options["difficulty"])]
    got = player_cards(s)
    assert got == expected, "player cards"
    assert barbarian_cards(s) == Counter(range(N_CITY_CARDS)), "barbarian cards"


def random_game(game_id: str, players: int, seed: int, check: bool = True, **options: object) -> FallOfRomeState:
    """Play a random game to the end, checking conservation after every action."""
    game = registry.load(game_id, players=players, **options)
    s = game.new_state(seed)
    rng = Rng(seed * 7919 + 1)
    steps = 0
    while not s.is_terminal():
        actions = s.legal_actions()
        assert actions, "no legal action in a non-terminal state"
        s.apply(actions[rng.randbelow(len(actions))])
        steps += 1
        assert steps < 50_000
        if check:
            check_conservation(s)
    return s
