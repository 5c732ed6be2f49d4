"""One test per event card (KARTY ZDARZEŃ), normal and destabilizing versions."""

from __future__ import annotations

from games.fall_of_rome.fr_helpers import act, cubes, legions, put, run, scenario
from ludus.games.fall_of_rome.components import CARD_TOKENS, REVOLT, TOKEN_CARD, TOKEN_CITY, Phase
from ludus.games.fall_of_rome.decisions import AleaDice
from ludus.games.fall_of_rome.game import FallOfRomeState
from ludus.games.fall_of_rome.rules.board import place_fort
from ludus.games.fall_of_rome.rules.invasions import draw_barbarian_top
from ludus.testing.scenario import edit, legal


def no_revolts(s: FallOfRomeState) -> None:
    """Make the top of the player deck Revolt-free (swap Revolts deeper down)."""
    deck = s.pdeck
    for i in range(len(deck) - 1, len(deck) - 7, -1):
        if deck[i] == REVOLT:
            j = next(j for j in range(len(deck)) if deck[j] != REVOLT)
            deck[i], deck[j] = deck[j], deck[i]


def test_events_are_played_by_their_holder_on_any_turn() -> None:
    s = scenario(hands=((), ("Carpe_Diem",)))
    assert s.to_move() == (0,)
    assert "1:play Carpe_Diem normal" in legal(s, 1)
    assert "1:play Carpe_Diem normal" in [str(a) for a in s.legal_actions()]
    act(s, "1:play Carpe_Diem normal")
    assert s.actions_left == 6 and s.to_move() == (0,)


def test_abundans_cautela_non_nocet_normal_reveals_two_fewer_cards() -> None:
    s = scenario(hands=(("Abundans_Cautela_Non_Nocet",), ()))
    s.rate = 4  # invasion rate 4
    no_revolts(s)
    act(s, "0:play Abundans_Cautela_Non_Nocet normal")
    act(s, "0:draw")
    size = len(s.bdeck)
    act(s, "0:invade")
    act(s, "0:invade")
    assert len(s.bdeck) == size - 2 and s.cur == 1 and s.phase == Phase.ACTIONS


def test_abundans_cautela_non_nocet_destabilizing_skips_the_invasions() -> None:
    s = scenario(hands=(("Abundans_Cautela_Non_Nocet",), ()))
    no_revolts(s)
    act(s, "0:draw")
    act(s, "0:play Abundans_Cautela_Non_Nocet destabilizing")
    assert s.decline == 1
    size = len(s.bdeck)
    act(s, "0:invade")
    assert len(s.bdeck) == size and s.cur == 1


def test_alea_iacta_est_normal_sets_the_dice_of_one_battle() -> None:
    s = scenario(cities=("Lutetia", "Roma"), hands=(("Alea_Iacta_Est",), ()))
    put(s, "Lutetia", "green", 3, legions=3)
    act(s, "0:play Alea_Iacta_Est normal")
    act(s, "0:battle 2")
    act(s, "0:set_die barbarian")
    assert "0:set_die legion" not in legal(s, 0)  # faces are set in face order (ruling 37)
    act(s, "0:set_die two_barbarians_legion")
    assert cubes(s, "Lutetia", "green") == 0 and legions(s, "Lutetia") == 2
    put(s, "Lutetia", "green", 1)
    act(s, "0:battle 1")  # the second battle is rolled
    assert not s.pending or not isinstance(s.pending[-1], AleaDice)


def test_alea_iacta_est_destabilizing_sets_every_battle_this_turn() -> None:
    s = scenario(cities=("Lutetia", "Roma"), hands=(("Alea_Iacta_Est",), ()))
    put(s, "Lutetia", "green", 3, legions=3)
    act(s, "0:play Alea_Iacta_Est destabilizing")
    for _ in range(3):
        act(s, "0:battle 1")
        act(s, "0:set_die barbarian")
    assert cubes(s, "Lutetia", "green") == 0 and legions(s, "Lutetia") == 3 and s.decline == 1
    assert "0:play Alea_Iacta_Est normal" not in legal(s, 0)


def test_audentes_fortuna_iuvat_draws_more_after_the_draw() -> None:
    for mode, extra in (("normal", 2), ("destabilizing", 4)):
        s = scenario(hands=(("Audentes_Fortuna_Iuvat",), ()))
        no_revolts(s)
        assert f"0:play Audentes_Fortuna_Iuvat {mode}" not in legal(s, 0)  # not before the draw
        act(s, "0:draw")
        assert len(s.hands[0]) == 3
        act(s, f"0:play Audentes_Fortuna_Iuvat {mode}")
        assert len(s.hands[0]) + s.box_revolts == 2 + extra


def test_carpe_diem_gives_more_actions() -> None:
    for mode, extra in (("normal", 2), ("destabilizing", 4)):
        s = scenario(hands=(("Carpe_Diem",), ()))
        act(s, f"0:play Carpe_Diem {mode}")
        assert s.actions_left == 4 + extra


def test_do_ut_des_swaps_city_cards() -> None:
    s = scenario(cities=("Roma", "Roma"), hands=(("Do_Ut_Des", "Tyras/white"), ("Sinope/blue",)))
    act(s, "0:play Do_Ut_Des normal")
    act(s, "0:swap 0 1")
    act(s, "0:give Tyras/white")
    act(s, "0:give Sinope/blue")
    assert s.hands[0] == [TOKEN_CARD["Sinope/blue"]] and s.hands[1] == [TOKEN_CARD["Tyras/white"]]
    # destabilizing: players anywhere
    s = scenario(cities=("Roma", "Tyras"), hands=(("Do_Ut_Des", "Tyras/white"), ("Sinope/blue",)))
    act(s, "0:play Do_Ut_Des destabilizing")
    act(s, "0:swap 0 1")
    act(s, "0:give Tyras/white")
    act(s, "0:give Sinope/blue")
    assert s.hands[1] == [TOKEN_CARD["Tyras/white"]] and s.decline == 1


def test_do_ut_des_normal_needs_two_players_in_one_city() -> None:
    s = scenario(cities=("Roma", "Tyras"), hands=(("Do_Ut_Des", "Tyras/white"), ("Sinope/blue",)))
    act(s, "0:play Do_Ut_Des normal")
    assert not s.pending and s.hands[1] == [TOKEN_CARD["Sinope/blue"]]


def test_festina_lente_moves_a_pawn_with_its_owners_permission() -> None:
    s = scenario(cities=("Roma", "Tyras"), hands=(("Festina_Lente",), ()))
    put(s, "Tyras", legions=3)
    act(s, "0:play Festina_Lente normal")
    act(s, "0:choose_city Lutetia")
    act(s, "0:move_pawn Magister_Militum", "0:legions 2")
    assert s.to_move() == (1,)
    act(s, "1:agree")
    assert s.pawn_city[1] == TOKEN_CITY["Lutetia"] and legions(s, "Lutetia") == 2 and not s.pending


def test_festina_lente_destabilizing_moves_any_number_of_pawns() -> None:
    s = scenario(players=3, roles=("Consul", "Magister_Militum", "Vestalis"),
                 cities=("Roma", "Tyras", "Sinope"), hands=(("Festina_Lente",), (), ()))
    act(s, "0:play Festina_Lente destabilizing")
    act(s, "0:choose_city Lutetia")
    act(s, "0:move_pawn Consul", "0:legions 0")
    act(s, "0:move_pawn Magister_Militum", "0:legions 0")
    act(s, "1:agree")
    act(s, "0:move_pawn Vestalis", "0:legions 0")
    act(s, "2:refuse")
    act(s, "0:done")
    assert [s.pawn_city[i] for i in range(3)] == [TOKEN_CITY[c] for c in ("Lutetia", "Lutetia", "Sinope")]


def test_hic_manebimus_optime_reinforces_fort_cities() -> None:
    s = scenario(hands=(("Hic_Manebimus_Optime",), ()))
    for city in ("Tyras", "Sinope", "Lutetia"):
        run(s, place_fort, TOKEN_CITY[city], -1)
    act(s, "0:play Hic_Manebimus_Optime normal")
    act(s, "0:reinforce Tyras")
    assert legal(s, 0) == ["0:add 1", "0:add 2"]  # normal: 1-2 legions
    act(s, "0:add 2")
    act(s, "0:reinforce Sinope", "0:add 2")
    act(s, "0:reinforce Roma", "0:add 1")
    assert not s.pending  # 3 cities at most
    assert (legions(s, "Tyras"), legions(s, "Sinope"), legions(s, "Roma"),
            legions(s, "Lutetia")) == (2, 2, 1, 0)
    s = scenario(hands=(("Hic_Manebimus_Optime",), ()))
    for city in ("Tyras", "Sinope", "Lutetia"):
        run(s, place_fort, TOKEN_CITY[city], -1)
    act(s, "0:play Hic_Manebimus_Optime destabilizing")
    for city in ("Tyras", "Sinope", "Lutetia", "Roma"):
        act(s, f"0:reinforce {city}", "0:add 3")
    assert sum(s.legions) == 12 and not s.pending


def test_homo_faber_fortunae_suae_takes_a_card_from_the_discard_pile() -> None:
    s = scenario(cities=("Tyras", "Roma"), hands=(("Homo_Faber_Fortunae_Suae",), ()))
    s.pdiscard.extend([TOKEN_CARD["Tyras/white"], TOKEN_CARD["Sinope/blue"]])
    s.pdeck = [c for c in s.pdeck if c not in (TOKEN_CARD["Tyras/white"], TOKEN_CARD["Sinope/blue"])]
    s.piles[-1] -= 2
    act(s, "0:play Homo_Faber_Fortunae_Suae normal")
    assert legal(s, 0) == ["0:take Tyras/white"]
    act(s, "0:take Tyras/white")
    assert s.hands[0] == [TOKEN_CARD["Tyras/white"]]
    with edit(s):
        s.hands[0].append(TOKEN_CARD["Homo_Faber_Fortunae_Suae"])
        s.pdiscard.remove(TOKEN_CARD["Homo_Faber_Fortunae_Suae"])
    act(s, "0:play Homo_Faber_Fortunae_Suae destabilizing")
    assert "0:take Sinope/blue" in legal(s, 0)
    act(s, "0:take Sinope/blue")
    assert TOKEN_CARD["Sinope/blue"] in s.hands[0]


def test_melius_cavere_quam_pavere_reorders_the_top_six() -> None:
    s = scenario(hands=(("Melius_Cavere_Quam_Pavere",), ()))
    top6 = s.bdeck[-6:]
    act(s, "0:play Melius_Cavere_Quam_Pavere normal")
    order = sorted(top6)
    for c in order[:5]:
        act(s, f"0:place {CARD_TOKENS[c]}")
    assert not s.pending
    assert list(reversed(s.bdeck[-6:])) == order and s.bsegs[-1] == [6, 1]
    assert draw_barbarian_top(s) == order[0]


def test_melius_cavere_quam_pavere_destabilizing_removes_one_card() -> None:
    s = scenario(hands=(("Melius_Cavere_Quam_Pavere",), ()))
    top6 = s.bdeck[-6:]
    size = len(s.bdeck)
    act(s, "0:play Melius_Cavere_Quam_Pavere destabilizing")
    act(s, f"0:remove_card {CARD_TOKENS[top6[0]]}")
    for c in top6[1:5]:
        act(s, f"0:place {CARD_TOKENS[c]}")
    assert s.bremoved == [top6[0]] and len(s.bdeck) == size - 1 and s.decline == 1


def test_mors_tua_vita_mea_replaces_barbarians_with_legions() -> None:
    s = scenario(hands=(("Mors_Tua_Vita_Mea",), ()))
    put(s, "Tyras", "white", 3)
    act(s, "0:play Mors_Tua_Vita_Mea normal")
    assert "0:done" not in legal(s, 0)
    act(s, "0:replace Tyras white")
    assert cubes(s, "Tyras", "white") == 2 and legions(s, "Tyras") == 1 and not s.pending
    s = scenario(hands=(("Mors_Tua_Vita_Mea",), ()))
    put(s, "Tyras", "white", 3)
    put(s, "Sinope", "blue", 1)
    act(s, "0:play Mors_Tua_Vita_Mea destabilizing")
    act(s, "0:replace Tyras white")
    assert "0:replace Sinope blue" not in legal(s, 0)  # one city
    act(s, "0:replace Tyras white")
    act(s, "0:replace Tyras white")
    assert cubes(s, "Tyras", "white") == 0 and legions(s, "Tyras") == 3 and not s.pending


def test_mortui_non_mordent_removes_barbarians_of_one_colour() -> None:
    s = scenario(hands=(("Mortui_Non_Mordent",), ()))
    put(s, "Tyras", "white", 1)
    put(s, "Sinope", "blue", 1)
    put(s, "Athenae", "white", 1)
    act(s, "0:play Mortui_Non_Mordent normal")
    act(s, "0:remove_cube Athenae white")
    assert "0:remove_cube Sinope blue" not in legal(s, 0)
    act(s, "0:remove_cube Tyras white")
    assert not s.pending and cubes(s, "Sinope", "blue") == 1


def test_si_vis_pacem_para_bellum_places_a_fort_anywhere() -> None:
    s = scenario(cities=("Roma", "Tyras"), hands=(("Si_Vis_Pacem_Para_Bellum",), ()))
    act(s, "0:play Si_Vis_Pacem_Para_Bellum normal")
    act(s, "0:fort_city Sinope")
    assert s.forts[TOKEN_CITY["Sinope"]] and not s.pending
    # destabilizing, with every fort out: a fort is moved, then a pawn goes there
    s = scenario(cities=("Roma", "Tyras"), hands=(("Si_Vis_Pacem_Para_Bellum",), ()))
    for city in ("Tyras", "Sinope", "Lutetia", "Narbo", "Genua"):
        run(s, place_fort, TOKEN_CITY[city], -1)
    put(s, "Roma", legions=3)
    act(s, "0:play Si_Vis_Pacem_Para_Bellum destabilizing")
    act(s, "0:fort_city Athenae")
    act(s, "0:fort_from Genua")
    act(s, "0:move_pawn Consul", "0:legions 3")
    assert s.forts[TOKEN_CITY["Athenae"]] and not s.forts[TOKEN_CITY["Genua"]]
    assert s.pawn_city[0] == TOKEN_CITY["Athenae"] and legions(s, "Athenae") == 3 and not s.pending


def test_vae_victis_after_a_battle_that_removed_barbarians() -> None:
    s = scenario(cities=("Lutetia", "Roma"), hands=((), ("Vae_Victis",)))
    put(s, "Lutetia", "green", 3, legions=2)
    put(s, "Tyras", "white", 2)
    put(s, "Sinope", "blue", 2)
    assert "1:play Vae_Victis normal" not in legal(s, 1)
    s.alea = 1
    act(s, "0:battle 1")
    act(s, "0:set_die two_barbarians_legion")
    act(s, "1:play Vae_Victis normal")
    act(s, "1:remove_cube Tyras white")
    assert "1:remove_cube Sinope blue" not in legal(s, 1)  # 1 other city
    assert "1:remove_cube Lutetia green" not in legal(s, 1)
    act(s, "1:remove_cube Tyras white")
    assert not s.pending and cubes(s, "Tyras", "white") == 0


def test_vae_victis_destabilizing_any_cities_and_only_right_after_the_battle() -> None:
    s = scenario(cities=("Lutetia", "Roma"), hands=((), ("Vae_Victis",)))
    put(s, "Lutetia", "green", 3, legions=2)
    put(s, "Tyras", "white", 2)
    put(s, "Sinope", "blue", 2)
    s.alea = 1
    act(s, "0:battle 1")
    act(s, "0:set_die two_barbarians_legion")
    act(s, "1:play Vae_Victis destabilizing")
    act(s, "1:remove_cube Tyras white")
    act(s, "1:remove_cube Sinope blue")
    assert not s.pending
    s = scenario(cities=("Lutetia", "Roma"), hands=((), ("Vae_Victis",)))
    put(s, "Lutetia", "green", 3, legions=2)
    s.alea = 1
    act(s, "0:battle 1")
    act(s, "0:set_die barbarian")
    act(s, "0:march Lugdunum", "0:legions 0")
    assert "1:play Vae_Victis normal" not in legal(s, 1)


def test_veni_vidi_vici_moves_and_battles_for_free() -> None:
    s = scenario(cities=("Roma", "Tyras"), hands=(("Veni_Vidi_Vici",), ()))
    put(s, "Roma", legions=3)
    put(s, "Sinope", "blue", 2)
    act(s, "0:play Veni_Vidi_Vici normal")
    act(s, "0:move_to Sinope", "0:legions 3")
    s.alea = 1
    act(s, "0:battle 3")
    for face in ("legion", "legion", "barbarian"):
        act(s, f"0:set_die {face}")
    assert legions(s, "Sinope") == 1 and cubes(s, "Sinope", "blue") == 1 and s.actions_left == 4
    s = scenario(cities=("Roma", "Tyras"), hands=(("Veni_Vidi_Vici",), ()))
    put(s, "Roma", legions=3)
    put(s, "Sinope", "blue", 2)
    act(s, "0:play Veni_Vidi_Vici destabilizing")
    act(s, "0:move_to Sinope", "0:legions 3")
    s.alea = 1
    act(s, "0:battle 3")
    for face in ("legion", "legion", "barbarian"):
        act(s, f"0:set_die {face}")
    assert legions(s, "Sinope") == 3 and s.decline == 1  # no legion lost


def test_destabilizing_event_on_the_last_decline_step_loses_before_its_effect() -> None:
    s = scenario(hands=(("Carpe_Diem",), ()))
    s.decline = 7
    act(s, "0:play Carpe_Diem destabilizing")
    assert s.is_terminal() and not s.outcome().cooperative_win and s.actions_left == 4
