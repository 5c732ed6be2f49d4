"""One test per character ability and battle-die special (POSTACIE)."""

from __future__ import annotations

from games.fall_of_rome.fr_helpers import act, cubes, legions, put, run, scenario
from ludus.games.fall_of_rome.components import FACE_INDEX, REVOLT, TOKEN_CARD, TOKEN_CITY, Phase
from ludus.games.fall_of_rome.rules.battle import battle
from ludus.games.fall_of_rome.rules.board import place_fort
from ludus.testing.scenario import edit, legal

SPECIAL = [FACE_INDEX["special"]]


def test_consul_adds_legions_to_a_fort_city_and_to_his_city() -> None:
    s = scenario(roles=("Consul", "Vestalis"), cities=("Lutetia", "Roma"))
    assert "0:consul_fort Roma" in legal(s, 0) and "0:consul_here" in legal(s, 0)
    act(s, "0:consul_fort Roma")
    act(s, "0:consul_here")
    assert legions(s, "Roma") == 1 and legions(s, "Lutetia") == 1 and s.actions_left == 2


def test_consul_battle_special_adds_a_legion() -> None:
    s = scenario(roles=("Consul", "Vestalis"), cities=("Lutetia", "Roma"))
    put(s, "Lutetia", "green", 1, legions=1)
    run(s, battle, 0, SPECIAL)
    assert legions(s, "Lutetia") == 2 and cubes(s, "Lutetia", "green") == 1


def test_magister_militum_loses_one_legion_fewer_and_special_removes_two() -> None:
    s = scenario(roles=("Magister_Militum", "Vestalis"), cities=("Lutetia", "Roma"))
    put(s, "Lutetia", "green", 3, legions=3)
    run(s, battle, 0, [FACE_INDEX["legion"], FACE_INDEX["barbarian_legion"], FACE_INDEX["special"]])
    # 2 legion symbols - 1 = 1 lost; 1 + 2 barbarians removed
    assert legions(s, "Lutetia") == 2 and cubes(s, "Lutetia", "green") == 0


def test_mercator_gives_and_takes_once_per_turn_and_allies_without_a_cube() -> None:
    hand = ("Lutetia/green", "Patrae/green", "Brundisium/green", "Mediolanum/green", "Lutetia/orange")
    s = scenario(roles=("Mercator", "Consul"), cities=("Lutetia", "Lutetia"),
                 hands=(hand, ("Lugdunum/green",)))
    m = legal(s, 0)
    assert "0:mercator_take 1 Lugdunum/green" in m and "0:mercator_give 1 Lutetia/orange" in m
    assert "0:forge_alliance green" in m  # no green cube in Lutetia: Mercator needs none
    act(s, "0:mercator_give 1 Lutetia/orange")
    assert TOKEN_CARD["Lutetia/orange"] in s.hands[1]
    assert not any(x.startswith("0:mercator") for x in legal(s, 0))  # once per turn
    act(s, "0:forge_alliance green")  # exactly 4 green cards: discarded without a choice
    assert s.allied[2] and s.hands[0] == [] and not s.pending


def test_mercator_battle_special_removes_a_barbarian_and_a_legion() -> None:
    s = scenario(roles=("Mercator", "Consul"), cities=("Lutetia", "Roma"))
    put(s, "Lutetia", "green", 2, legions=2)
    run(s, battle, 0, SPECIAL)
    assert legions(s, "Lutetia") == 1 and cubes(s, "Lutetia", "green") == 1


def test_praefectus_classis_sails_without_a_card_and_recruits_in_a_port() -> None:
    s = scenario(roles=("Praefectus_Classis", "Consul"), cities=("Londinium", "Roma"),
                 hands=(("Tingi/black",), ()))
    put(s, "Londinium", legions=3)
    act(s, "0:classis_sail Tingi", "0:legions 3")
    assert s.pawn_city[0] == TOKEN_CITY["Tingi"] and legions(s, "Tingi") == 3
    act(s, "0:classis_recruit Tingi/black", "0:add 2")
    assert legions(s, "Tingi") == 5 and s.hands[0] == []
    with edit(s):
        s.pawn_city[0] = TOKEN_CITY["Lutetia"]  # inland: no port actions
    assert not any(x.startswith("0:classis") for x in legal(s, 0))


def test_praefectus_classis_special_only_in_a_port() -> None:
    s = scenario(roles=("Praefectus_Classis", "Consul"), cities=("Londinium", "Roma"))
    put(s, "Londinium", "orange", 2, legions=1)
    put(s, "Lutetia", "orange", 2, legions=1)
    run(s, battle, 0, SPECIAL)
    assert cubes(s, "Londinium", "orange") == 1
    s.pawn_city[0] = TOKEN_CITY["Lutetia"]
    run(s, battle, 0, SPECIAL)
    assert cubes(s, "Lutetia", "orange") == 2


def test_praefectus_fabrum_builds_a_fort_from_two_legions_and_moves_through_forts() -> None:
    s = scenario(roles=("Praefectus_Fabrum", "Consul"), cities=("Lutetia", "Roma"),
                 hands=(("Tingi/black", "Sinope/blue"), ()))
    put(s, "Lutetia", legions=3)
    act(s, "0:fabrum_fort")
    assert s.forts[TOKEN_CITY["Lutetia"]] and legions(s, "Lutetia") == 1
    # from a fort city to any city, discarding any city card (a choice between two)
    act(s, "0:fabrum_move Sinope", "0:legions 1")
    act(s, "0:pay Tingi/black")
    assert s.pawn_city[0] == TOKEN_CITY["Sinope"] and legions(s, "Sinope") == 1
    # from a city without a fort only to a fort city
    m = legal(s, 0)
    assert "0:fabrum_move Roma" in m and "0:fabrum_move Tingi" not in m


def test_praefectus_fabrum_special_only_in_a_fort_city() -> None:
    s = scenario(roles=("Praefectus_Fabrum", "Consul"), cities=("Ravenna", "Roma"))
    put(s, "Ravenna", "white", 3, legions=1)
    put(s, "Genua", "white", 3, legions=1)
    run(s, place_fort, TOKEN_CITY["Ravenna"], -1)
    run(s, battle, 0, SPECIAL)
    assert cubes(s, "Ravenna", "white") == 1
    s.pawn_city[0] = TOKEN_CITY["Genua"]
    run(s, battle, 0, SPECIAL)
    assert cubes(s, "Genua", "white") == 3


def test_regina_foederata_leads_barbarians_and_enlists_once_for_free() -> None:
    s = scenario(roles=("Regina_Foederata", "Consul"), cities=("Lutetia", "Roma"))
    put(s, "Lutetia", "green", 2, legions=1)
    put(s, "Lugdunum", "green", 2)
    s.allied[2] = 1
    act(s, "0:march Lugdunum", "0:legions 1")
    m = legal(s, 0)
    assert "0:escort green" in m and "0:escort_end" in m
    act(s, "0:escort green")
    # Lugdunum now holds 3 green: no more green may be led in (never more than 3)
    assert s.pending == [] and cubes(s, "Lugdunum", "green") == 3 and cubes(s, "Lutetia", "green") == 1
    assert legions(s, "Lugdunum") == 1  # no defence was triggered
    act(s, "0:enlist_barbarians green", "0:add 3")  # free: no card in hand
    assert cubes(s, "Lugdunum", "green") == 0 and legions(s, "Lugdunum") == 4
    put(s, "Lugdunum", "green", 1)
    # once per turn, and no green card
    assert not any(x.startswith("0:enlist_barbarians") for x in legal(s, 0))


def test_regina_foederata_special_adds_a_legion_only_if_she_removed_a_barbarian() -> None:
    s = scenario(roles=("Regina_Foederata", "Consul"), cities=("Lutetia", "Roma"))
    put(s, "Lutetia", "green", 1, legions=1)
    run(s, battle, 0, [FACE_INDEX["special"], FACE_INDEX["special"]])
    # 2 specials, but only 1 barbarian to remove: she may add 1 legion
    assert cubes(s, "Lutetia", "green") == 0 and legal(s, 0) == ["0:regina_add 0", "0:regina_add 1"]
    act(s, "0:regina_add 1")
    assert legions(s, "Lutetia") == 2 and not s.pending


def test_vestalis_draws_from_her_event_deck_and_may_draw_three() -> None:
    s = scenario(roles=("Vestalis", "Consul"), cities=("Lutetia", "Roma"), hands=(("Lugdunum/green",), ()),
                 # ruling 6's other reading (the default is tested in test_issue10)
                 vestalis_may_return_revolt=True)
    assert s.vdeck  # the unused events
    top = s.vdeck[-1]
    assert "1:vestalis_draw Lugdunum/green" not in legal(s, 1)
    assert "0:vestalis_draw Lugdunum/green" in legal(s, 0)
    act(s, "0:vestalis_draw Lugdunum/green")
    assert s.hands[0] == [top]
    s.pdeck[-3:] = [TOKEN_CARD["Tyras/white"], REVOLT, TOKEN_CARD["Sinope/blue"]]
    act(s, "0:draw3")
    assert sorted(legal(s, 0)) == ["0:put_back Revolt", "0:put_back Sinope/blue", "0:put_back Tyras/white"]
    act(s, "0:put_back Revolt")
    assert s.pdeck[-1] == REVOLT and s.pknown == 1 and s.phase == Phase.INVADE
    assert TOKEN_CARD["Sinope/blue"] in s.hands[0] and TOKEN_CARD["Tyras/white"] in s.hands[0]


def test_vestalis_battle_special_removes_a_legion() -> None:
    s = scenario(roles=("Vestalis", "Consul"), cities=("Lutetia", "Roma"))
    put(s, "Lutetia", "green", 1, legions=2)
    run(s, battle, 0, SPECIAL)
    assert legions(s, "Lutetia") == 1 and cubes(s, "Lutetia", "green") == 1


def test_regina_foederata_in_roma_caput_mundi() -> None:
    s = scenario(roles=("Regina_Foederata", "Consul"), cities=("Genua", "Tyras"), roma_caput_mundi=True)
    put(s, "Genua", "white", 2)
    act(s, "0:march Roma", "0:legions 0")
    assert not s.pending  # ruling 7: no cube may be led into Roma
    s = scenario(roles=("Regina_Foederata", "Consul"), cities=("Genua", "Tyras"), roma_caput_mundi=True,
                 regina_cubes_into_roma=True)
    put(s, "Genua", "white", 2)
    act(s, "0:march Roma", "0:legions 0")
    act(s, "0:escort white")
    assert cubes(s, "Roma", "white") == 0 and cubes(s, "Genua", "white") == 1 and s.decline == 1
