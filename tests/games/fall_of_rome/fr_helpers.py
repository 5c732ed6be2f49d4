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


def scenario(
    players: int = 2,
    roles: tuple[str, ...] = ("Consul", "Magister_Militum"),
    cities: tuple[str, ...] = ("Roma", "Roma"),
    hands: tuple[tuple[str, ...], ...] | None = None,
    seed: int = 0,
    keep_alive: bool = True,
    **options: object,
) -> FallOfRomeState:
    """A position for a rulebook example: an empty board (Roma keeps its fort), the given
    roles in the given cities, the given hands; the first pawn is in its Do Actions step.

    Cards named in ``hands`` are taken from wherever they are; all other hand cards go to
    the player discard pile. Components stay conserved. With ``keep_alive`` one cube of
    every tribe stands out of the way (Narbo, Cesarea, Iuvavum, Nova Carthago, Roma or
    Chersonesus), so that the empty board is not an immediate win.
    """
    from ludus.games.fall_of_rome import rules
    from ludus.games.fall_of_rome.components import NC, ROLE_INDEX, TOKEN_CARD, TOKEN_CITY

    game = registry.load("fall-of-rome", players=players, **options)
    s = game.new_state(seed)
    while s.phase == "start":
        s.apply(s.legal_actions()[0])
    for c in range(NC):
        for t in range(NT):
            while s.cubes[c * NT + t]:
                rules.remove_cube(s, c, t)
        rules.remove_legions(s, c, s.legions[c])
    s.roles = [ROLE_INDEX[r] for r in roles]
    s.pawn_city = [TOKEN_CITY[c] for c in cities]
    if ROLE_INDEX["Vestalis"] in s.roles and not s.vdeck:
        s.vdeck, s.box_events = s.box_events, []
    elif ROLE_INDEX["Vestalis"] not in s.roles and s.vdeck:
        s.box_events, s.vdeck = sorted(s.box_events + s.vdeck), []
    for hand in s.hands:
        s.pdiscard.extend(hand)
        hand.clear()
    if hands is not None:
        for seat, names in enumerate(hands):
            for name in names:
                card = TOKEN_CARD[name]
                for pile in (s.pdiscard, s.vdeck, s.box_events, s.treasury):
                    if card in pile:
                        pile.remove(card)
                        break
                else:
                    i = s.pdeck.index(card)
                    # swap a discarded non-event city card into its slot to keep the deck's size
                    repl = next(c for c in s.pdiscard if c < 49)
                    s.pdiscard.remove(repl)
                    s.pdeck[i] = repl
                s.hands[seat].append(card)
    if keep_alive:
        blue = "Chersonesus" if s.caput else "Roma"
        for city, colour in (("Narbo", "orange"), ("Cesarea", "black"), ("Iuvavum", "green"),
                             ("Nova_Carthago", "white"), (blue, "blue")):
            put(s, city, colour)
    rules.begin_turn(s, 0)
    s.turn = 1
    s._cache = {}
    return s


def put(s: FallOfRomeState, city: str, colour: str | None = None, n: int = 1, legions: int = 0) -> None:
    """Put ``n`` cubes of ``colour`` and ``legions`` legions in ``city`` from the supplies."""
    from ludus.games.fall_of_rome import rules
    from ludus.games.fall_of_rome.components import COLOUR_INDEX, TOKEN_CITY

    c = TOKEN_CITY[city]
    if colour is not None:
        t = COLOUR_INDEX[colour]
        s.cubes[c * NT + t] += n
        s.supply[t] -= n
    if legions:
        assert rules.add_legions(s, c, legions) == legions
    s._cache = {}


def cubes(s: FallOfRomeState, city: str, colour: str) -> int:
    from ludus.games.fall_of_rome.components import COLOUR_INDEX, TOKEN_CITY

    return s.cubes[TOKEN_CITY[city] * NT + COLOUR_INDEX[colour]]


def legions(s: FallOfRomeState, city: str) -> int:
    from ludus.games.fall_of_rome.components import TOKEN_CITY

    return s.legions[TOKEN_CITY[city]]


def act(s: FallOfRomeState, text: str) -> None:
    """Apply an action written in notation."""
    s.apply(s.game.parse_action(s, text))
