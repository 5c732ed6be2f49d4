"""Helpers for the Fall of Rome tests: rulebook positions, conservation, random play."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ludus.core.registry as registry
from ludus.core.events import Log
from ludus.core.rng import Rng
from ludus.games.fall_of_rome.components import (
    COLOUR_INDEX,
    DOMAIN,
    NC,
    NT,
    ROLE_INDEX,
    TOKEN_CARD,
    TOKEN_CITY,
    Phase,
)
from ludus.games.fall_of_rome.game import FallOfRomeState
from ludus.games.fall_of_rome.invariants import barbarian_cards, player_cards
from ludus.games.fall_of_rome.rules.board import add_legions, remove_cube, remove_legions
from ludus.games.fall_of_rome.rules.turn import begin_turn
from ludus.testing.scenario import conserved, edit, play

__all__ = ["act", "barbarian_cards", "check_conservation", "cubes", "legions", "player_cards", "put",
           "random_game", "run", "scenario"]


def check_conservation(s: FallOfRomeState) -> None:
    """Nothing is created or lost: 100 cubes, 16 legions, 6 forts, 70 + 49 cards."""
    conserved(s)


def run(s: FallOfRomeState, rule: Callable[..., Any], *args: Any) -> Log:
    """Apply a rule's effect by hand (``rule(s, *args, log)``) as a scenario edit; return its events."""
    log = Log.of(DOMAIN)()
    with edit(s):
        rule(s, *args, log)
    return log


def random_game(game_id: str, players: int, seed: int, check: bool = True,
                **options: object) -> FallOfRomeState:
    """Play a random game to the end, checking conservation after every action."""
    game = registry.load(game_id, players=players, **options)
    s: FallOfRomeState = game.new_state(seed)
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
    game = registry.load("fall-of-rome", players=players, **options)
    s: FallOfRomeState = game.new_state(seed)
    while s.phase == Phase.START:
        s.apply(s.legal_actions()[0])
    with edit(s):
        _empty_board(s)
        _set_roles_and_hands(s, roles, cities, hands)
    if keep_alive:
        blue = "Chersonesus" if s.caput else "Roma"
        for city, colour in (("Narbo", "orange"), ("Cesarea", "black"), ("Iuvavum", "green"),
                             ("Nova_Carthago", "white"), (blue, "blue")):
            put(s, city, colour)
    with edit(s):
        begin_turn(s, 0, Log.of(DOMAIN)())
        s.turn = 1
    return s


def _empty_board(s: FallOfRomeState) -> None:
    for c in range(NC):
        for t in range(NT):
            while s.cubes[c * NT + t]:
                remove_cube(s, c, t)
        remove_legions(s, c, s.legions[c])


def _set_roles_and_hands(s: FallOfRomeState, roles: tuple[str, ...], cities: tuple[str, ...],
                         hands: tuple[tuple[str, ...], ...] | None) -> None:
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


def put(s: FallOfRomeState, city: str, colour: str | None = None, n: int = 1, legions: int = 0) -> None:
    """Put ``n`` cubes of ``colour`` and ``legions`` legions in ``city`` from the supplies."""
    c = TOKEN_CITY[city]
    with edit(s):
        if colour is not None:
            t = COLOUR_INDEX[colour]
            s.cubes[c * NT + t] += n
            s.supply[t] -= n
        if legions:
            assert add_legions(s, c, legions) == legions


def cubes(s: FallOfRomeState, city: str, colour: str) -> int:
    """Cubes of ``colour`` in ``city``."""
    return s.cubes[TOKEN_CITY[city] * NT + COLOUR_INDEX[colour]]


def legions(s: FallOfRomeState, city: str) -> int:
    """Legions in ``city``."""
    return s.legions[TOKEN_CITY[city]]


def act(s: FallOfRomeState, *texts: str) -> None:
    """Apply actions written in notation, in order."""
    play(s, *texts)
