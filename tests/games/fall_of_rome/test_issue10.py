"""Issue 10, the last rules deviations of Fall of Rome (rulings 6, 31 and 32).

Each test quotes the Polish rulebook (shared/rules/fall_of_rome.pl.txt) with a translation.
"""

from __future__ import annotations

from games.fall_of_rome.fr_helpers import act, cubes, legions, put, run, scenario
from ludus.games.fall_of_rome.components import FACE_INDEX, REVOLT, TOKEN_CARD, TOKEN_CITY
from ludus.games.fall_of_rome.decisions import Pay, RemoveCubes
from ludus.games.fall_of_rome.rules.battle import battle
from ludus.testing.scenario import edit, legal


# BUNTY: "Jeśli wśród dobranych kart znajdują się karty buntów, gracz natychmiast wykonuje
# poniższe czynności" — if the cards drawn include Revolts, the player at once carries out
# the steps below. VESTALIS: "Podczas fazy dobierania możesz dobrać 3 karty gry zamiast 2.
# Jedną z dobranych kart odłóż z powrotem na wierzch stosu kart gry." — draw 3 instead of 2,
# put one of them back on top. A drawn Revolt is resolved at once: by default she cannot put
# it back (ruling 6; option vestalis_may_return_revolt for the other reading).
def test_ruling_6_a_revolt_vestalis_draws_is_resolved_at_once_not_put_back() -> None:
    s = scenario(roles=("Vestalis", "Consul"), cities=("Lutetia", "Roma"))
    s.pdeck[-3:] = [TOKEN_CARD["Tyras/white"], REVOLT, TOKEN_CARD["Sinope/blue"]]
    act(s, "0:draw3")
    assert sorted(legal(s, 0)) == ["0:put_back Sinope/blue", "0:put_back Tyras/white"]
    act(s, "0:put_back Sinope/blue")
    assert s.rate == 1 and s.box_revolts == 1  # the Revolt was resolved
    assert s.pdeck[-1] == TOKEN_CARD["Sinope/blue"] and s.pknown == 1
    assert TOKEN_CARD["Tyras/white"] in s.hands[0]
    # the other reading, as an option
    s = scenario(roles=("Vestalis", "Consul"), cities=("Lutetia", "Roma"), vestalis_may_return_revolt=True)
    s.pdeck[-3:] = [TOKEN_CARD["Tyras/white"], REVOLT, TOKEN_CARD["Sinope/blue"]]
    act(s, "0:draw3")
    assert "0:put_back Revolt" in legal(s, 0)


# WERBOWANIE BARBARZYŃCÓW: "Następnie umieść w tym mieście maksymalnie tyle znaczników
# legionistów z rezerwy, ile znaczników barbarzyńców usunąłeś." — then place in this city
# at most as many legions from the reserve as barbarians you removed (ruling 31: 0 to that
# number, the player's choice).
def test_ruling_31_enlist_places_up_to_as_many_legions_as_barbarians_removed() -> None:
    s = scenario(roles=("Consul", "Magister_Militum"), cities=("Philippopolis", "Roma"),
                 hands=(("Patrae/green",), ()))
    put(s, "Philippopolis", "green", 3, legions=1)
    s.allied[2] = 1
    options = [a for a in legal(s, 0) if a.startswith("0:enlist_barbarians")]
    assert options == ["0:enlist_barbarians green"]  # the tribe, then the legions (ruling 34)
    act(s, "0:enlist_barbarians green")
    assert legal(s, 0) == [f"0:add {n}" for n in range(4)]
    act(s, "0:add 1")
    assert cubes(s, "Philippopolis", "green") == 0 and legions(s, "Philippopolis") == 2
    # the reserve caps the choice
    s = scenario(roles=("Consul", "Magister_Militum"), cities=("Philippopolis", "Roma"),
                 hands=(("Patrae/green",), ()))
    put(s, "Philippopolis", "green", 3, legions=s.reserve - 1)
    s.allied[2] = 1
    assert s.reserve == 1
    act(s, "0:enlist_barbarians green")
    assert legal(s, 0) == ["0:add 0", "0:add 1"]


# PRAEFECTUS CLASSIS: "Jeśli znajdujesz się w mieście portowym, odrzuć kartę miasta w kolorze
# miasta portowego, w którym się znajdujesz, aby umieścić w nim do 2 znaczników legionistów."
# — in a port, discard a city card of its colour to place up to 2 legions there (ruling 31:
# 1 or 2, the player's choice).
def test_ruling_31_praefectus_classis_recruits_up_to_2_legions() -> None:
    s = scenario(roles=("Praefectus_Classis", "Consul"), cities=("Tingi", "Roma"),
                 hands=(("Tingi/black",), ()))
    options = [a for a in legal(s, 0) if a.startswith("0:classis_recruit")]
    assert options == ["0:classis_recruit Tingi/black"]  # the card, then the legions (ruling 34)
    act(s, "0:classis_recruit Tingi/black")
    assert legal(s, 0) == ["0:add 1", "0:add 2"]
    act(s, "0:add 1")
    assert legions(s, "Tingi") == 1 and s.hands[0] == []


def test_ludus_0_1_0_notation_without_a_count_places_as_many_legions_as_it_can() -> None:
    s = scenario(roles=("Consul", "Magister_Militum"), cities=("Philippopolis", "Roma"),
                 hands=(("Patrae/green",), ()))
    put(s, "Philippopolis", "green", 3, legions=1)
    s.allied[2] = 1
    act(s, "0:enlist_barbarians green", "0:add all")  # 0.1.0's "enlist_barbarians green", upgraded
    assert legions(s, "Philippopolis") == 4
    s = scenario(roles=("Praefectus_Classis", "Consul"), cities=("Tingi", "Roma"),
                 hands=(("Tingi/black",), ()))
    act(s, "0:classis_recruit Tingi/black", "0:add all")
    assert legions(s, "Tingi") == 2


# KARTY ZDARZEŃ: "Kartę zdarzenia można zagrać w dowolnym momencie, chyba że na karcie podano
# inaczej. Jedynym wyjątkiem od tej zasady jest moment pomiędzy dobraniem i rozpatrzeniem
# jakiejś karty." — an event may be played at any moment unless the card says otherwise; the
# only exception is the moment between drawing a card and resolving it (ruling 32).
def test_ruling_32_an_event_may_be_played_while_another_seat_decides() -> None:
    s = scenario(cities=("Aquileia", "Aquileia"), hands=(("Mortui_Non_Mordent",), ("Aquileia/white",)))
    put(s, "Lutetia", "green", 2)
    act(s, "0:plot_take 1 Aquileia/white")
    assert s.to_move() == (1,) and legal(s, 1) == ["1:agree", "1:refuse"]  # seat 1 answers first
    assert "0:play Mortui_Non_Mordent normal" in legal(s, 0)  # seat 0 may play its event meanwhile
    act(s, "0:play Mortui_Non_Mordent normal")
    act(s, "0:remove_cube Lutetia green")
    act(s, "0:remove_cube Lutetia green")
    assert cubes(s, "Lutetia", "green") == 0
    assert s.to_move() == (1,) and legal(s, 1) == ["1:agree", "1:refuse"]  # the plot is still asked
    act(s, "1:agree")
    assert TOKEN_CARD["Aquileia/white"] in s.hands[0]


def test_ruling_32_no_event_between_drawing_cards_and_resolving_them() -> None:
    # Vestalis has drawn 3 player cards and not put one back yet
    s = scenario(roles=("Vestalis", "Consul"), cities=("Lutetia", "Roma"), hands=((), ("Carpe_Diem",)))
    assert "1:play Carpe_Diem normal" in legal(s, 1)
    act(s, "0:draw3")
    assert s.pending and legal(s, 1) == []
    # Melius Cavere Quam Pavere has taken the top barbarian cards and not put them all back
    s = scenario(hands=(("Melius_Cavere_Quam_Pavere",), ("Carpe_Diem",)))
    act(s, "0:play Melius_Cavere_Quam_Pavere normal")
    assert s.pending and legal(s, 1) == []


def test_ruling_32_an_event_that_removes_the_battles_barbarians_ends_the_colour_choice() -> None:
    s = scenario(cities=("Lutetia", "Roma"), hands=((), ("Mors_Tua_Vita_Mea",)))
    put(s, "Lutetia", "green", 1, legions=2)
    put(s, "Lutetia", "black", 1)
    run(s, battle, 0, [FACE_INDEX["barbarian"]])
    assert isinstance(s.pending[-1], RemoveCubes) and legal(s, 0) == ["0:remove black", "0:remove green"]
    act(s, "1:play Mors_Tua_Vita_Mea destabilizing")
    act(s, "1:replace Lutetia black")
    act(s, "1:replace Lutetia green")  # no barbarian left in Lutetia: the event and the colour choice end
    assert not s.pending and s.to_move() == (0,) and legions(s, "Lutetia") == 4


def test_ruling_32_do_ut_des_does_not_take_a_card_being_paid() -> None:
    s = scenario(cities=("Roma", "Roma"),
                 hands=(("Lutetia/orange", "Lutetia/green", "Tingi/black"), ("Do_Ut_Des", "Tyras/white")))
    paid = (TOKEN_CARD["Lutetia/orange"], TOKEN_CARD["Lutetia/green"])
    with edit(s):
        s.pending.append(Pay(0, paid, 1))
    act(s, "1:play Do_Ut_Des normal")
    act(s, "1:swap 0 1")
    assert legal(s, 1) == ["1:give Tingi/black"]
    assert s.pawn_city[0] == TOKEN_CITY["Roma"]
