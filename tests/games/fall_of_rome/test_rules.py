"""Turn structure, Revolts, hand limit, losses, setup and the Roma Caput Mundi challenge."""

from __future__ import annotations

from collections import Counter

import pytest

import ludus.core.registry as registry
from games.fall_of_rome.fr_helpers import act, check_conservation, cubes, legions, put, run, scenario
from ludus.core.errors import IllegalActionError
from ludus.games.fall_of_rome.components import (
    INVASION_RATE,
    NODES,
    REVOLT,
    ROMA,
    TOKEN_CARD,
    TOKEN_CITY,
    Phase,
    Termination,
)
from ludus.games.fall_of_rome.rules.board import place_fort
from ludus.games.fall_of_rome.rules.invasions import (
    draw_barbarian_top,
    invade,
    invasion_target,
    place_barbarian,
)
from ludus.games.fall_of_rome.rules.revolts import revolt
from ludus.testing.scenario import edit, legal, play


# --- setup --------------------------------------------------------------------
@pytest.mark.parametrize(("players", "hand", "deck"), [(2, 4, 45), (3, 3, 45), (4, 2, 47), (5, 2, 47)])
def test_setup_hands_deck_and_revolt_piles(players: int, hand: int, deck: int) -> None:
    s = registry.load("fall-of-rome", players=players).new_state(3)
    assert [len(h) for h in s.hands] == [hand] * players
    assert len(s.pdeck) == deck + 6 and s.pdeck.count(REVOLT) == 6
    assert len(s.piles) == 6 and sum(s.piles) == len(s.pdeck)
    assert max(s.piles) - min(s.piles) <= 1 and s.piles == sorted(s.piles)  # smallest at the bottom
    start = 0
    for size in s.piles:
        assert s.pdeck[start : start + size].count(REVOLT) == 1
        start += size
    check_conservation(s)


def test_setup_first_invasion() -> None:
    s = registry.load("fall-of-rome", players=2).new_state(5)
    gold = sorted(s.bdiscard[5:], key=lambda c: (NODES[c].city, NODES[c].tribe))
    # 3 cards placed 3 cubes, 3 placed 2, 3 placed 1: 18 cubes on the 9 gold cards' cities
    placed = sorted(s.cubes[NODES[c].city * 5 + NODES[c].tribe] for c in gold)
    assert placed == [1, 1, 1, 2, 2, 2, 3, 3, 3] and sum(s.cubes) == 18
    assert len(s.bdeck) == 35 and len(s.bdiscard) == 14
    assert {NODES[c].frame for c in s.bdiscard} == {"red", "gold"}
    assert s.forts[ROMA] == 1 and s.fort_supply == 5


def test_setup_starting_city_is_chosen_from_own_city_cards() -> None:
    s = registry.load("fall-of-rome", players=2).new_state(1)
    own = {NODES[c].city for c in s.hands[0] if c < 49}
    assert {TOKEN_CITY[str(a.args[0])] for a in s.legal_actions(0)} == own
    assert s.legal_actions(1) == []
    act(s, str(s.legal_actions(0)[0]))
    act(s, str(s.legal_actions(1)[0]))
    assert s.phase == Phase.ACTIONS and sum(s.legions) == 4 and s.turn == 1


def test_roles_may_be_chosen() -> None:
    s = registry.load("fall-of-rome", players=2, roles="chosen").new_state(1)
    assert s.phase == Phase.ROLE and len(s.legal_actions(0)) == 7
    act(s, "0:choose_role Vestalis")
    assert "1:choose_role Vestalis" not in legal(s, 1)
    act(s, "1:choose_role Consul")
    assert s.phase == Phase.START and s.vdeck  # Vestalis takes the unused events


def test_solitaire_setup() -> None:
    s = registry.load("fall-of-rome", players=1).new_state(2)
    assert len(s.roles) == 3 and 2 not in s.roles  # no Mercator
    assert len(s.hands[0]) == 3 and len(s.treasury) == 3
    assert all(c < 49 for c in s.hands[0] + s.treasury)
    assert TOKEN_CARD["Do_Ut_Des"] in s.pbox
    assert len(s.pdeck) == 43 + 4 + 6
    for _ in range(3):
        act(s, str(s.legal_actions(0)[0]))
    assert sorted(s.pawn_city) == sorted(NODES[c].city for c in s.hands[0]) and s.cur == 0
    if 6 in s.roles:
        assert len(s.vdeck) == 9


def test_first_player_most_days() -> None:
    game = registry.load("fall-of-rome", players=2, first_player="most_days")
    for seed in range(20):
        s = game.new_state(seed)
        s.hands[0] = [TOKEN_CARD["Iuvavum/green"]]  # 27 days
        s.hands[1] = [TOKEN_CARD["Genua/white"]]  # 3 days
        act(s, "0:start Iuvavum")
        act(s, "1:start Genua")
        assert s.cur == 0


# --- the turn -----------------------------------------------------------------
def test_four_actions_then_draw_then_invasions() -> None:
    s = scenario(cities=("Lutetia", "Roma"))
    for _ in range(4):
        act(s, "0:march Lugdunum" if s.pawn_city[0] == TOKEN_CITY["Lutetia"] else "0:march Lutetia",
            "0:legions 0")
    assert s.actions_left == 0 and legal(s, 0) == ["0:draw"]
    s.pdeck[-2:] = [TOKEN_CARD["Tyras/white"], TOKEN_CARD["Sinope/blue"]]
    act(s, "0:draw")
    assert s.phase == Phase.INVADE and len(s.hands[0]) == 2
    size = len(s.bdeck)
    for _ in range(INVASION_RATE[0]):
        assert s.cur == 0
        act(s, "0:invade")
    assert len(s.bdeck) == size - 2 and s.cur == 1 and s.actions_left == 4 and s.phase == Phase.ACTIONS


def test_drawing_fewer_than_two_cards_loses() -> None:
    s = scenario()
    s.pdeck = s.pdeck[-1:]
    s.piles = [1]
    act(s, "0:draw")
    assert s.is_terminal() and "cannot give 2" in s.outcome().reason


def test_revolt_increase_revolt_from_the_bottom_intensify() -> None:
    s = scenario()
    bottom = s.bdeck[0]
    node = NODES[bottom]
    s.bdiscard.append(s.bdeck.pop())  # one invasion card already discarded
    s.bsegs[-1][0] -= 1
    discard = Counter([*s.bdiscard, bottom])
    s.pdeck[-2:] = [REVOLT, TOKEN_CARD["Tyras/white"]]
    act(s, "0:draw")
    assert s.rate == 1 and s.box_revolts == 1
    assert s.cubes[node.city * 5 + node.tribe] >= 3 or s.decline > 0
    # the discard pile, with the Revolt's card, is now on top of the deck
    n = sum(discard.values())
    assert Counter(s.bdeck[-n:]) == discard and s.bdiscard == [] and s.bsegs[-1] == [n, 0]
    assert s.phase == Phase.INVADE


def test_revolt_cubes_are_placed_one_at_a_time_with_defence() -> None:
    s = scenario()
    card = TOKEN_CARD["Lutetia/green"]
    s.bdeck.remove(card)
    s.bdeck.insert(0, card)
    put(s, "Lutetia", legions=2)
    s.pending_revolts = 1
    run(s, revolt)
    # ambushed by the first cube, the 2 others are placed
    assert legions(s, "Lutetia") == 0 and cubes(s, "Lutetia", "green") == 2


def test_two_revolts_are_resolved_one_after_the_other_with_an_event_window() -> None:
    s = scenario(hands=((), ("Carpe_Diem",)))
    s.pdeck[-2:] = [REVOLT, REVOLT]
    act(s, "0:draw")
    assert s.rate == 1 and s.phase == Phase.REVOLT
    assert "1:play Carpe_Diem normal" in legal(s, 1) and legal(s, 0) == ["0:revolt"]
    # the second Intensify shuffles only the card of its own Revolt
    act(s, "0:revolt")
    assert s.rate == 2 and s.bsegs[-1] == [1, 0] and s.phase == Phase.INVADE


def test_hand_limit_is_enforced_at_once() -> None:
    cards = ("Tyras/white", "Sinope/blue", "Roma/black", "Roma/white", "Genua/white", "Narbo/white",
             "Narona/white")
    s = scenario(hands=(cards, ()))
    s.pdeck[-2:] = [TOKEN_CARD["Athenae/white"], TOKEN_CARD["Patrae/white"]]
    act(s, "0:draw")
    assert s.to_move() == (0,) and all(m.startswith("0:discard") for m in legal(s, 0))
    act(s, "0:discard Roma/black")
    act(s, "0:discard Roma/white")
    assert len(s.hands[0]) == 7 and legal(s, 0) == ["0:invade"]


def test_decline_reaching_the_last_space_loses() -> None:
    s = scenario()
    s.decline = 7
    put(s, "Tyras", "white", 3)
    run(s, place_barbarian, TOKEN_CITY["Tyras"], 3, [])
    assert s.is_terminal() and "decline" in s.outcome().reason


def test_roma_sacked_loses() -> None:
    s = scenario(cities=("Tyras", "Tyras"))
    put(s, "Roma", "black", 3)
    run(s, place_barbarian, ROMA, 1, [])
    assert s.is_terminal() and s.outcome().reason == "Roma was sacked"


def test_a_tribe_out_of_cubes_loses() -> None:
    s = scenario()
    s.supply[4] = 0  # (the cubes are elsewhere: not a conserved position, only the rule)
    run(s, place_barbarian, TOKEN_CITY["Sinope"], 4, [])
    assert s.is_terminal() and "blue" in s.outcome().reason


def test_sack_removes_the_fort_and_spreads_to_every_neighbour_off_the_path() -> None:
    s = scenario(cities=("Roma", "Roma"))
    put(s, "Lutetia", "orange", 3)
    run(s, place_fort, TOKEN_CITY["Lutetia"], -1)
    run(s, place_barbarian, TOKEN_CITY["Lutetia"], 0, [])
    assert not s.forts[TOKEN_CITY["Lutetia"]] and s.decline == 1
    for city in ("Londinium", "Gesoriacum", "Mogontiacum", "Burdigala", "Lugdunum"):
        assert cubes(s, city, "orange") == 1


def test_invasion_restriction_ignores_cubes_two_cities_back() -> None:
    s = scenario()
    put(s, "Caesaraugusta", "black", 1)
    # Tingi: not invadable (Corduba empty); Corduba: invadable (Caesaraugusta has black)
    assert invasion_target(s, TOKEN_CARD["Tingi/black"]) == TOKEN_CITY["Corduba"]


def test_apply_rejects_illegal_actions_and_leaves_the_state_unchanged() -> None:
    s = scenario()
    digest = s.digest()
    with pytest.raises(IllegalActionError):
        act(s, "0:march Sinope", "0:legions 0")
    with pytest.raises(IllegalActionError):
        act(s, "1:draw")
    assert s.digest() == digest


# --- Roma Caput Mundi ---------------------------------------------------------
def test_roma_caput_mundi_setup_and_revolt_counts() -> None:
    for difficulty, n in (("novice", 4), ("normal", 5), ("heroic", 6), ("legendary", 7)):
        s = registry.load("fall-of-rome", players=2, roma_caput_mundi=True, difficulty=difficulty).new_state(
            0)
        assert s.pdeck.count(REVOLT) == n and s.forts[ROMA] == 0 and s.fort_supply == 6


def test_roma_caput_mundi_start_in_roma_places_no_legions() -> None:
    s = registry.load("fall-of-rome", players=2, roma_caput_mundi=True).new_state(0)
    s.hands[0].append(TOKEN_CARD["Roma/black"])
    act(s, "0:start Roma")
    assert s.legions[ROMA] == 0 and s.reserve == 16


def test_roma_caput_mundi_no_legions_in_roma_and_cubes_become_decline() -> None:
    s = scenario(cities=("Genua", "Tyras"), roma_caput_mundi=True)
    put(s, "Genua", legions=3)
    assert "0:march Roma" in legal(s, 0)
    act(s, "0:march Roma")
    assert legal(s, 0) == ["0:legions 0"]  # no legion goes along into Roma Caput Mundi
    with s.edit():
        s.pending.pop()
    run(s, place_barbarian, ROMA, 0, [])
    assert s.decline == 1 and cubes(s, "Roma", "orange") == 0
    # an invasion along a path into Roma
    put(s, "Genua", "orange", 1)
    run(s, invade, TOKEN_CARD["Roma/orange"])
    assert s.decline == 2


# --- rulings --------------------------------------------------------------------
def test_ruling_6_option_vestalis_puts_a_revolt_back_and_the_next_draw_resolves_it() -> None:
    s = scenario(roles=("Vestalis", "Consul"), cities=("Roma", "Tyras"), vestalis_may_return_revolt=True)
    s.pdeck[-3:] = [TOKEN_CARD["Tyras/white"], TOKEN_CARD["Sinope/blue"], REVOLT]
    act(s, "0:draw3")
    act(s, "0:put_back Revolt")
    assert s.rate == 0 and s.box_revolts == 0
    while s.cur == 0:
        act(s, "0:invade")
    act(s, "1:draw")
    assert s.box_revolts == 1 and s.rate == 1


def test_ruling_10_a_revolt_city_sacked_gets_no_more_revolt_cubes() -> None:
    s = scenario()
    card = TOKEN_CARD["Lutetia/green"]
    s.bdeck.remove(card)
    s.bdeck.insert(0, card)
    put(s, "Lutetia", "green", 2)
    s.pending_revolts = 1
    run(s, revolt)
    # 1 cube makes 3, the 2nd sacks Lutetia (decline 1), the 3rd is not placed
    assert cubes(s, "Lutetia", "green") == 3 and s.decline == 1
    assert cubes(s, "Londinium", "green") == 1 and cubes(s, "Lugdunum", "green") == 1


def test_ruling_16_abundans_after_the_invasions_started_applies_next_turn() -> None:
    s = scenario(hands=((), ("Abundans_Cautela_Non_Nocet",)))
    s.pdeck[-2:] = [TOKEN_CARD["Tyras/white"], TOKEN_CARD["Sinope/blue"]]
    act(s, "0:draw")
    act(s, "0:invade")
    act(s, "1:play Abundans_Cautela_Non_Nocet destabilizing")
    act(s, "0:invade")  # this step still reveals its 2nd card
    assert s.cur == 1 and s.inv_skip
    s.pdeck[-2:] = [TOKEN_CARD["Athenae/white"], TOKEN_CARD["Patrae/white"]]
    act(s, "1:draw")
    size = len(s.bdeck)
    act(s, "1:invade")
    assert len(s.bdeck) == size and s.cur == 0 and not s.inv_skip


def test_ruling_21_an_empty_barbarian_deck_is_reformed_from_the_discard_pile() -> None:
    s = scenario()
    s.bdiscard.extend(s.bdeck)
    s.bdeck = []
    s.bsegs = []
    card = draw_barbarian_top(s)
    assert len(s.bdeck) == 48 and card not in s.bdeck and s.bdiscard == []


def test_hand_limit_of_another_player_comes_first_and_events_may_answer_it() -> None:
    full = ("Tyras/white", "Sinope/blue", "Roma/black", "Roma/white", "Genua/white", "Narbo/white",
            "Mortui_Non_Mordent")
    s = scenario(roles=("Mercator", "Consul"), cities=("Roma", "Roma"), hands=(("Roma/green",), full))
    act(s, "0:mercator_give 1 Roma/green")
    assert s.to_move() == (1,) and len(s.hands[1]) == 8
    assert "1:play Mortui_Non_Mordent normal" in legal(s, 1) and legal(s, 0) == []
    act(s, "1:discard Tyras/white")
    assert s.to_move() == (0,)


def test_carpe_diem_after_the_actions_step_has_no_effect() -> None:
    s = scenario(hands=(("Carpe_Diem",), ()))
    s.pdeck[-2:] = [TOKEN_CARD["Tyras/white"], TOKEN_CARD["Sinope/blue"]]
    act(s, "0:draw")
    act(s, "0:play Carpe_Diem normal")
    assert s.phase == Phase.INVADE and legal(s, 0) == ["0:invade"]


def test_plot_refused_costs_no_action_and_is_not_offered_again() -> None:
    s = scenario(cities=("Tyras", "Tyras"), hands=(("Tyras/white",), ()))
    act(s, "0:plot_give 1 Tyras/white")
    act(s, "1:refuse")
    assert s.actions_left == 4 and TOKEN_CARD["Tyras/white"] in s.hands[0]
    assert "0:plot_give 1 Tyras/white" not in legal(s, 0)


def test_solitaire_with_roma_caput_mundi() -> None:
    s = registry.load("fall-of-rome", players=1, roma_caput_mundi=True, difficulty="legendary").new_state(8)
    assert s.forts[ROMA] == 0 and s.pdeck.count(REVOLT) == 7 and len(s.treasury) == 3
    check_conservation(s)


# --- what apply reports ---------------------------------------------------------
def test_events_are_kinds_with_ids_and_numbers_and_read_as_english() -> None:
    s = scenario(cities=("Lutetia", "Roma"))
    put(s, "Lutetia", "green", 2, legions=3)
    assert play(s, "0:march Lugdunum") == []  # the destination; the legions are asked next
    events = play(s, "0:legions 2")
    assert [(e.kind, e.data) for e in events] == [
        ("march", {"role": s.roles[0], "city": TOKEN_CITY["Lugdunum"], "legions": 2})
    ]
    assert events[0].visible_to is None and events[0].text == "Consul marches to Lugdunum with 2 legions."
    s.pdeck[-2:] = [TOKEN_CARD["Tyras/white"], TOKEN_CARD["Sinope/blue"]]
    play(s, "0:march Lutetia", "0:legions 2", "0:march Lugdunum", "0:legions 0", "0:march Lutetia",
         "0:legions 0")
    events = play(s, "0:draw")
    assert events[0].kind == "draw" and events[0].data["cards"] == [TOKEN_CARD["Sinope/blue"],
                                                                    TOKEN_CARD["Tyras/white"]]


def test_the_end_of_the_game_is_an_event_and_a_termination() -> None:
    s = scenario()
    with edit(s):
        s.decline = 7
    put(s, "Genua", "white", 3)
    log = run(s, place_barbarian, TOKEN_CITY["Genua"], 3, [])
    assert [e.kind for e in log][-3:] == ["sack", "decline", "lose_decline"]
    assert s.outcome().termination == Termination.DECLINE
    assert s.outcome().reason == "the decline marker reached the last space"
