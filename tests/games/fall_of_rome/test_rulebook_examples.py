"""Every worked example of the rulebook (Polish edition), as a scenario test."""

from __future__ import annotations

from games.fall_of_rome.fr_helpers import act, cubes, legions, put, run, scenario
from ludus.games.fall_of_rome.components import FACE_INDEX, TOKEN_CARD, TOKEN_CITY, Phase
from ludus.games.fall_of_rome.game import FallOfRomeState
from ludus.games.fall_of_rome.rules.battle import battle
from ludus.games.fall_of_rome.rules.board import remove_cube
from ludus.games.fall_of_rome.rules.invasions import invade, invasion_target, place_barbarian
from ludus.testing.scenario import edit, legal


def _faces(*names: str) -> list[int]:
    return [FACE_INDEX[n] for n in names]


def test_battle_example_in_carnuntum() -> None:
    """PRZYKŁAD BITWY: Ania, 2 legions, 2 green and 1 blue in Carnuntum; she rolls 2 dice
    showing 2 legion and 4 barbarian symbols: 2 legions and 3 barbarians are removed."""
    s = scenario(roles=("Consul", "Vestalis"), cities=("Carnuntum", "Roma"))
    put(s, "Carnuntum", "green", 2, legions=2)
    put(s, "Carnuntum", "blue", 1)
    assert "0:battle 2" in [str(a) for a in s.legal_actions(0)]
    assert "0:battle 3" not in [str(a) for a in s.legal_actions(0)]
    run(s, battle, 0, _faces("two_barbarians_legion", "two_barbarians_legion"))
    assert legions(s, "Carnuntum") == 0
    assert cubes(s, "Carnuntum", "green") == 0 and cubes(s, "Carnuntum", "blue") == 0


def test_plot_example_in_aquileia() -> None:
    """PRZYKŁAD SPISKU: Kasia takes Marek's white Aquileia card (he agrees), now holds 8
    cards and plays Mortui Non Mordent (2 barbarians of one colour) to return to 7."""
    kasia = ("Mortui_Non_Mordent", "Narona/white", "Ravenna/white", "Genua/white", "Tyras/white",
             "Roma/white", "Lutetia/orange")
    s = scenario(roles=("Consul", "Magister_Militum"), cities=("Aquileia", "Aquileia"),
                 hands=(kasia, ("Aquileia/white",)))
    put(s, "Lutetia", "green", 2)
    act(s, "0:plot_take 1 Aquileia/white")
    assert s.to_move() == (1,)  # Marek must agree
    act(s, "1:agree")
    assert len(s.hands[0]) == 8 and "Aquileia/white" not in [str(c) for c in s.hands[1]]
    assert s.actions_left == 3
    assert s.to_move() == (0,)
    moves = [str(a) for a in s.legal_actions(0)]
    assert "0:discard Aquileia/white" in moves and "0:play Mortui_Non_Mordent normal" in moves
    assert "0:march Roma" not in moves  # the hand limit comes first
    act(s, "0:play Mortui_Non_Mordent normal")
    act(s, "0:remove_cube Lutetia green")
    act(s, "0:remove_cube Lutetia green")
    assert cubes(s, "Lutetia", "green") == 0
    assert len(s.hands[0]) == 7 and not s.pending


def test_enlist_barbarians_example_in_philippopolis() -> None:
    """PRZYKŁAD WERBOWANIA BARBARZYŃCÓW: Kasia, 1 legion and 3 Huns in Philippopolis, the
    Huns just allied: she discards a green card, the 3 Huns go back, 3 legions come in."""
    s = scenario(roles=("Consul", "Magister_Militum"), cities=("Philippopolis", "Roma"),
                 hands=(("Patrae/green",), ()))
    put(s, "Philippopolis", "green", 3, legions=1)
    s.allied[2] = 1
    assert "0:enlist_barbarians green" in legal(s, 0)
    act(s, "0:enlist_barbarians green", "0:add 3")
    assert cubes(s, "Philippopolis", "green") == 0 and s.supply[2] == 19  # 1 stays in Iuvavum
    assert legions(s, "Philippopolis") == 4
    assert s.hands[0] == [] and TOKEN_CARD["Patrae/green"] in s.pdiscard


def _invade(s: FallOfRomeState, card: str) -> None:
    run(s, invade, TOKEN_CARD[card])


def test_invasion_example_lugdunum() -> None:
    """PRZYKŁADY NAJAZDÓW: the black Lugdunum card, 1 black there already: a second one."""
    s = scenario()
    put(s, "Lugdunum", "black", 1)
    _invade(s, "Lugdunum/black")
    assert cubes(s, "Lugdunum", "black") == 2


def test_invasion_example_tingi() -> None:
    """PRZYKŁADY NAJAZDÓW: the black Tingi card; Tingi empty, 1 black in Corduba (the
    previous city): Tingi can be invaded."""
    s = scenario()
    put(s, "Corduba", "black", 1)
    _invade(s, "Tingi/black")
    assert cubes(s, "Tingi", "black") == 1 and cubes(s, "Corduba", "black") == 1


def test_invasion_example_patrae_back_to_constantinopolis() -> None:
    """PRZYKŁAD NAJAZDU: the white Patrae card; neither Patrae nor Athenae can be invaded;
    Constantinopolis can (white in Tyras): the cube goes to Constantinopolis."""
    s = scenario()
    put(s, "Tyras", "white", 1)
    assert invasion_target(s, TOKEN_CARD["Patrae/white"]) == TOKEN_CITY["Constantinopolis"]
    _invade(s, "Patrae/white")
    assert cubes(s, "Constantinopolis", "white") == 1
    assert cubes(s, "Patrae", "white") == 0 and cubes(s, "Athenae", "white") == 0


def test_invasion_example_eburacum_to_gesoriacum() -> None:
    """PRZYKŁAD NAJAZDU: the orange Eburacum card, no orange in Eburacum, Londinium or
    Gesoriacum: the path city beside the supply, Gesoriacum, is invaded."""
    s = scenario()
    _invade(s, "Eburacum/orange")
    assert cubes(s, "Gesoriacum", "orange") == 1
    assert cubes(s, "Eburacum", "orange") == 0 and cubes(s, "Londinium", "orange") == 0


def test_defence_example_carthago() -> None:
    """PRZYKŁADY OBRONY: a black cube due in Carthago, 2 legions and Ania's pawn: attack,
    no cube, 1 legion removed."""
    s = scenario(cities=("Carthago", "Roma"))
    put(s, "Carthago", legions=2)
    run(s, place_barbarian, TOKEN_CITY["Carthago"], 1, [])
    assert cubes(s, "Carthago", "black") == 0 and legions(s, "Carthago") == 1


def test_defence_example_roma() -> None:
    """PRZYKŁADY OBRONY: an orange cube due in Roma, 3 legions and a fort: 1 legion removed."""
    s = scenario(cities=("Londinium", "Londinium"))
    put(s, "Roma", legions=3)
    assert s.forts[TOKEN_CITY["Roma"]]
    run(s, place_barbarian, TOKEN_CITY["Roma"], 0, [])
    assert cubes(s, "Roma", "orange") == 0 and legions(s, "Roma") == 2


def test_defence_example_philippopolis_ambush() -> None:
    """PRZYKŁAD OBRONY: a green cube due in Philippopolis, 2 legions, no pawn, no fort:
    ambush, no cube, every legion removed."""
    s = scenario()
    put(s, "Philippopolis", legions=2)
    run(s, place_barbarian, TOKEN_CITY["Philippopolis"], 2, [])
    assert cubes(s, "Philippopolis", "green") == 0 and legions(s, "Philippopolis") == 0
    assert s.reserve == 16


def test_sack_example_sinope_chain_reaction_in_chersonesus() -> None:
    """PRZYKŁAD GRABIEŻY: the blue Sinope card, 3 blue in Sinope: sacked (decline +1);
    Constantinopolis' legions are ambushed; Chersonesus (3 blue) is chain-sacked (decline
    +1) and places 1 blue in Tyras; Sinope is not hit again."""
    s = scenario()
    put(s, "Sinope", "blue", 3)
    put(s, "Chersonesus", "blue", 3)
    put(s, "Constantinopolis", legions=2)
    _invade(s, "Sinope/blue")
    assert s.decline == 2
    assert legions(s, "Constantinopolis") == 0 and cubes(s, "Constantinopolis", "blue") == 0
    assert cubes(s, "Tyras", "blue") == 1
    assert cubes(s, "Sinope", "blue") == 3 and cubes(s, "Chersonesus", "blue") == 3
    assert not s.result


def test_destabilizing_event_example_mortui_non_mordent() -> None:
    """PRZYKŁAD DESTABILIZUJĄCEGO ZDARZENIA: before the first barbarian card of the Invade
    step, Ania plays Mortui Non Mordent destabilizing: decline +1, then 2 black removed
    from Burdigala and 2 from Lugdunum."""
    s = scenario(hands=(("Mortui_Non_Mordent",), ()))
    put(s, "Burdigala", "black", 2)
    put(s, "Lugdunum", "black", 3)
    put(s, "Lugdunum", "green", 1)
    act(s, "0:draw")
    while s.phase == Phase.REVOLT:
        act(s, "0:revolt")
    assert s.phase == Phase.INVADE and s.invasions_left < 0
    before = s.decline
    act(s, "0:play Mortui_Non_Mordent destabilizing")
    assert s.decline == before + 1
    act(s, "0:remove_cube Burdigala black")
    # one colour only: green is no longer offered
    assert "0:remove_cube Lugdunum green" not in [str(a) for a in s.legal_actions(0)]
    act(s, "0:remove_cube Burdigala black")
    act(s, "0:remove_cube Lugdunum black")
    act(s, "0:remove_cube Lugdunum black")
    assert not s.pending
    assert cubes(s, "Burdigala", "black") == 0 and cubes(s, "Lugdunum", "black") == 1


def test_end_of_game_example() -> None:
    """PRZYKŁAD KOŃCA GRY: the Huns are just allied; only the Ostrogoths are not, with
    cubes only in Aquileia and Ravenna: allying them, or removing those cubes, wins."""
    hand = ("Patrae/green", "Brundisium/green", "Lutetia/green", "Mediolanum/green")
    s = scenario(cities=("Lutetia", "Aquileia"), hands=(hand, ()), keep_alive=False)
    for t in (0, 1, 3):
        s.allied[t] = 1
    put(s, "Lutetia", "green", 1)
    put(s, "Aquileia", "blue", 1)
    put(s, "Ravenna", "blue", 1)
    act(s, "0:forge_alliance green")
    assert s.allied[2] and not s.is_terminal()
    # a: ally the Ostrogoths
    a = s.clone()
    with edit(a):
        a.hands[0].extend(TOKEN_CARD[c] for c in ("Sinope/blue", "Chersonesus/blue", "Aquileia/blue"))
        a.pdiscard = [c for c in a.pdiscard if c not in a.hands[0]]
        a.pawn_city[0] = TOKEN_CITY["Aquileia"]
    act(a, "0:forge_alliance blue")
    assert a.is_terminal() and a.outcome().cooperative_win
    # b: remove every blue cube
    b = s.clone()
    with edit(b):
        remove_cube(b, TOKEN_CITY["Aquileia"], 4)
        b.pawn_city[0] = TOKEN_CITY["Ravenna"]
    put(b, "Ravenna", legions=1)
    b.alea = 1
    act(b, "0:battle 1")
    act(b, "0:set_die barbarian")
    assert b.is_terminal() and b.outcome().cooperative_win


def test_solitaire_plot_example_tyras() -> None:
    """Solitaire PRZYKŁAD SPISKU: in Tyras with the Tyras card, it may go to the treasury;
    with the Tyras card in the treasury, it may be taken back."""
    s = scenario(players=1, roles=("Consul", "Vestalis", "Regina_Foederata"),
                 cities=("Tyras", "Roma", "Roma"), hands=(("Tyras/white", "Roma/black"),))
    moves = [str(a) for a in s.legal_actions(0)]
    assert "0:plot_store Tyras/white" in moves and "0:plot_store Roma/black" not in moves
    act(s, "0:plot_store Tyras/white")
    assert TOKEN_CARD["Tyras/white"] in s.treasury
    assert "0:plot_retrieve Tyras/white" in [str(a) for a in s.legal_actions(0)]
    act(s, "0:plot_retrieve Tyras/white")
    assert TOKEN_CARD["Tyras/white"] in s.hands[0] and s.actions_left == 2
