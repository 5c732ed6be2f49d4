"""Rules-fidelity audit: one test per deviation found, named after the rule it checks.

Each test cites the rulebook section (Polish edition, shared/rules/fall_of_rome.pl.txt) or
the reference ruling (shared/reference/fall_of_rome.md §10) it follows.
"""

from __future__ import annotations

import ludus.core.registry as registry
from games.fall_of_rome.fr_helpers import act, cubes, legions, put, scenario
from ludus.games.fall_of_rome.components import REVOLT, TOKEN_CARD, TOKEN_CITY, Phase
from ludus.testing.scenario import legal


# KARTY ZDARZEŃ + reference §10 ruling 22 (consent to move another player's pawn):
# Veni, Vidi, Vici played by another player moves the current player's pawn only if the
# current player agrees.
def test_veni_vidi_vici_played_by_another_player_needs_the_current_players_consent() -> None:
    s = scenario(cities=("Roma", "Tyras"), hands=((), ("Veni_Vidi_Vici",)))
    put(s, "Roma", legions=2)
    put(s, "Lutetia", "green", 2)
    act(s, "1:play Veni_Vidi_Vici normal")
    act(s, "1:move_to Lutetia", "1:legions 2")
    assert s.to_move() == (0,) and legal(s, 0) == ["0:agree", "0:refuse"]
    assert s.pawn_city[0] == TOKEN_CITY["Roma"]  # not moved yet
    act(s, "0:agree")
    assert s.pawn_city[0] == TOKEN_CITY["Lutetia"] and legions(s, "Lutetia") == 2
    assert "1:battle 2" in legal(s, 1)  # the free battle follows
    # refused: the pawn stays, the card is spent
    s = scenario(cities=("Roma", "Tyras"), hands=((), ("Veni_Vidi_Vici",)))
    put(s, "Roma", legions=2)
    put(s, "Lutetia", "green", 2)
    act(s, "1:play Veni_Vidi_Vici normal")
    act(s, "1:move_to Lutetia", "1:legions 2")
    act(s, "0:refuse")
    assert s.pawn_city[0] == TOKEN_CITY["Roma"] and legions(s, "Roma") == 2
    assert not s.pending and cubes(s, "Lutetia", "green") == 2 and s.to_move() == (0,)


# KARTY ZDARZEŃ: "Gracz, który zagrał daną kartę, decyduje, jak z niej skorzysta" — the
# player who plays Alea Iacta Est chooses the faces, also when the battle is another
# player's.
def test_alea_iacta_est_dice_are_set_by_the_player_who_played_it() -> None:
    for mode in ("normal", "destabilizing"):
        s = scenario(cities=("Lutetia", "Tyras"), hands=((), ("Alea_Iacta_Est",)))
        put(s, "Lutetia", "green", 3, legions=3)
        act(s, f"1:play Alea_Iacta_Est {mode}")
        act(s, "0:battle 2")
        assert s.to_move() == (1,) and "1:set_die barbarian" in legal(s, 1)
        act(s, "1:set_die barbarian")
        act(s, "1:set_die two_barbarians_legion")
        assert cubes(s, "Lutetia", "green") == 0 and legions(s, "Lutetia") == 2
        assert s.to_move() == (0,) and s.actions_left == 3


# BUNTY: "Gracze mogą zagrywać karty zdarzeń po rozpatrzeniu pierwszej karty buntu, a przed
# rozpatrzeniem drugiej." An event played in that window (Audentes Fortuna Iuvat drawing
# no Revolt) does not resolve the waiting second Revolt: the window stays open.
def test_second_revolt_still_waits_after_an_event_played_in_its_window() -> None:
    s = scenario(hands=((), ("Audentes_Fortuna_Iuvat", "Mortui_Non_Mordent")))
    s.pdeck[-4:] = [TOKEN_CARD["Tyras/white"], TOKEN_CARD["Sinope/blue"], REVOLT, REVOLT]
    act(s, "0:draw")
    assert s.phase == Phase.REVOLT and s.rate == 1
    act(s, "1:play Audentes_Fortuna_Iuvat normal")
    assert len(s.hands[0]) == 2 and s.rate == 1 and s.phase == Phase.REVOLT
    assert "1:play Mortui_Non_Mordent normal" in legal(s, 1) and legal(s, 0) == ["0:revolt"]
    act(s, "0:revolt")
    assert s.rate == 2 and s.phase == Phase.INVADE


# POSTACIE, Regina Foederata: "Jeśli to zrobisz, możesz tam umieścić 1 znacznik legionisty" —
# the optional legion is her player's choice, also in a free battle of Veni, Vidi, Vici
# played (and fought) by another player.
def test_regina_foederata_chooses_her_special_legion_herself() -> None:
    s = scenario(roles=("Regina_Foederata", "Consul"), cities=("Roma", "Tyras"),
                 hands=((), ("Veni_Vidi_Vici",)))
    put(s, "Roma", legions=2)
    put(s, "Lutetia", "green", 2)
    act(s, "1:play Veni_Vidi_Vici normal")
    act(s, "1:move_to Lutetia", "1:legions 2")
    act(s, "0:agree")
    s.alea = 1  # fix the die for the test
    act(s, "1:battle 1")
    act(s, "1:set_die special")
    assert cubes(s, "Lutetia", "green") == 1
    assert s.to_move() == (0,) and legal(s, 0) == ["0:regina_add 0", "0:regina_add 1"]
    act(s, "0:regina_add 1")
    assert legions(s, "Lutetia") == 3


# ROZPOCZĘCIE ROZGRYWKI (option first_player=most_days, reference §10 rulings 1-2): the
# holder of the city card farthest from Roma starts. Roma is 0 days from itself, so any
# other city — even one whose days are unknown — is farther than Roma.
def test_most_days_a_roma_card_is_never_farther_than_another_city() -> None:
    game = registry.load("fall-of-rome", players=2, first_player="most_days")
    for seed in range(20):
        s = game.new_state(seed)
        s.hands[0] = [TOKEN_CARD["Roma/black"]]  # 0 days
        s.hands[1] = [TOKEN_CARD["Tingi/black"]]  # days unknown, certainly more than 0
        act(s, "0:start Roma")
        act(s, "1:start Tingi")
        assert s.cur == 1
