"""Rules and rulings beyond the worked examples (reference §6–§15)."""

from __future__ import annotations

import ludus.games.glory_to_rome as gtr
from games.glory_to_rome.gtr_table import Table, act, legal, materials, names
from ludus.games.glory_to_rome.components import CARD_BUILDING, PL_RANK, B, Termination
from ludus.games.glory_to_rome.decisions import half_laid
from ludus.games.glory_to_rome.game import GtrState
from ludus.games.glory_to_rome.scoring import merchant_bonuses, score_breakdown
from ludus.games.glory_to_rome.state import hand_size, has, influence
from ludus.testing.scenario import edit


def test_setup_sites_hands_jacks_and_pool() -> None:
    """Setup: N in-town sites per material, 6 − N out of town; 4 Orders + 1 Jack each;
    the start player's card is first in Polish alphabetical order; turned cards form the pool."""
    for n in (2, 3, 4, 5):
        s = gtr.GAME(players=n).new_state(n)
        assert s.in_town == [n] * 6 and s.out_town == [6 - n] * 6
        assert all(len(h) == 4 for h in s.hands) and s.hand_jacks == [1] * n and s.jack_pile == 6 - n
        assert len(s.pool) >= n
        ranks = [PL_RANK[CARD_BUILDING[c]] for c in s.pool]
        assert min(ranks) == PL_RANK[CARD_BUILDING[s.pool[s.leader]]] or len(s.pool) > n
        assert len(s.deck) == 144 - 4 * n - len(s.pool)


def test_simplified_game_setup_and_no_functions() -> None:
    """Training game: at most 3 sites per material, half the deck removed, functions ignored."""
    s = gtr.GAME(players=4, simplified=True).new_state(2)
    assert s.in_town == [3] * 6 and s.out_town == [0] * 6
    assert len(s.removed) == (144 - 16 - len(s.pool)) // 2
    t = Table(2, simplified=True)
    t.building(0, "temple", "marble", "marble", "marble", complete=True)
    st = t.state()
    assert influence(st, 0) == 5 and st.active == [0, 0]  # influence counts, the function does not


def test_legionary_reaches_neighbours_only_in_a_five_player_game() -> None:
    """Rome demands: with four or five players only the neighbours give."""
    t = Table(5, leader=0)
    t.hand(0, "academy", "road")
    for p in range(1, 5):
        t.hand(p, "bar")
    s = t.state()
    act(s, "0:lead legionary academy", *[f"{p}:think_jack" for p in range(1, 5)], "0:demand rubble",
        "1:give bar", "4:give bar")
    assert len(s.stock[0]) == 2 and s.hands[1] == [] and s.hands[4] == []
    assert len(s.hands[2]) == 1 and len(s.hands[3]) == 1  # not neighbours: untouched


def test_a_protected_player_may_give_voluntarily() -> None:
    """Palisade: "you may give cards if you wish"."""
    t = Table(2, leader=0)
    t.building(1, "palisade", "wood", complete=True)
    t.hand(0, "academy", "road").hand(1, "bar")
    s = t.state()
    act(s, "0:lead legionary academy", "1:think_jack", "0:demand rubble")
    assert legal(s) == {"1:give bar", "1:refuse"}
    act(s, "1:give bar")
    assert names(s, s.stock[0]) == ["bar"]


def test_jacks_cannot_be_revealed_and_a_card_is_shown_once_per_turn() -> None:
    t = Table(2, leader=0)
    t.hand(0, "academy", "road", "jack")
    s = t.state()
    act(s, "0:lead legionary academy", "1:think_jack")
    assert legal(s) == {"0:demand rubble", "0:pass"}


def test_new_clients_do_not_act_in_the_round_they_are_hired() -> None:
    """Garden hires a Craftsman during a Craftsman round: it gives no action this round."""
    t = Table(2, leader=0)
    t.building(0, "garden", "stone", "stone")
    t.hand(0, "dock", "villa", "road", "insula").hand(1, "market")
    t.pool("craftsman")
    s = t.state()
    act(s, "0:lead craftsman dock", "1:follow market", "0:build garden villa", "0:hire craftsman")
    # No further Craftsman action for player 0 (the Bath is not there): the round is over.
    assert s.leader == 1 and len(s.clients[0]) == 1 and names(s, s.hands[0]) == ["insula", "road"]


def test_out_of_town_needs_two_actions() -> None:
    t = Table(2, leader=0)
    t.hand(0, "dock", "road").hand(1, "market")
    s = t.state()
    act(s, "0:lead craftsman dock", "1:follow market")
    assert "0:lay road rubble in" in legal(s) and "0:lay road rubble out" not in legal(s)
    t = Table(2, leader=0)
    t.clients(0, "craftsman")
    t.hand(0, "dock", "road").hand(1, "market")
    s = t.state()
    act(s, "0:lead craftsman dock", "1:follow market", "0:lay road rubble out")
    assert s.buildings[0][0].out and s.leader == 1  # both actions used, the round is over


def test_no_two_buildings_of_one_name() -> None:
    t = Table(2, leader=0)
    t.building(0, "road")
    t.hand(0, "dock", "road", "bar").hand(1, "market")
    s = t.state()
    act(s, "0:lead craftsman dock", "1:follow market")
    assert not any(a.startswith("0:lay road") for a in legal(s)) and "0:lay bar rubble in" in legal(s)


def test_last_in_town_site_ends_the_game() -> None:
    t = Table(2, leader=0)
    t.hand(0, "dock", "road").hand(1, "market")
    s = t.state()
    s.in_town = [1, 0, 0, 0, 0, 0]
    act(s, "0:lead craftsman dock", "1:follow market", "0:lay road rubble in")
    assert s.is_terminal() and "in-town" in s.end_reason
    assert s.outcome().termination == Termination.LAST_SITE


def test_the_game_ends_when_a_draw_empties_the_deck() -> None:
    t = Table(2, leader=0)
    t.hand(0, "road")
    s = t.state()
    s.removed, s.deck = s.deck[:-3], s.deck[-3:]
    act(s, "0:think_draw")
    assert s.is_terminal() and hand_size(s, 0) == 4 and "deck" in s.end_reason
    assert s.outcome().termination == Termination.DECK_EXHAUSTED


def test_merchant_bonus_needs_a_strict_majority() -> None:
    t = Table(3)
    t.vault(0, "stone", "stone").vault(1, "stone", "stone").vault(2, "rubble")
    s = t.state()
    assert merchant_bonuses(s) == [[], [], [0]]


def test_tie_break_is_cards_in_hand() -> None:
    t = Table(2)
    t.hand(1, "road", "jack")
    s = t.state()
    with edit(s):
        s.over = 1
    assert s.outcome().winners == (1,)


def test_forum_foundation_under_gate_wins_when_laid() -> None:
    """Gate makes an incomplete Forum active: laying it can win at once (§12)."""
    t = Table(2, leader=0)
    t.building(0, "gate", "brick", "brick", complete=True)
    t.clients(0, "laborer", "craftsman", "legionary", "architect", "merchant", "patron")
    t.stock(0, "rubble", "wood", "brick", "concrete", "stone", "marble")
    t.hand(0, "dock", "forum").hand(1, "market")
    s = t.state()
    act(s, "0:lead craftsman dock", "1:follow market", "0:lay forum marble in")
    assert s.is_terminal() and s.outcome().winners == (0,)


def test_forum_with_ludus_magnus_merchants_stand_in() -> None:
    t = Table(2, leader=0, rules="classic")
    t.building(0, "ludus_magnus", "marble", "marble", "marble", complete=True)
    t.building(0, "forum", "marble", "marble")
    t.clients(0, "laborer", "merchant", "merchant", "merchant", "merchant", "merchant")
    t.hand(0, "dock", "temple").hand(1, "market")
    s = t.state()
    act(s, "0:lead craftsman dock", "1:follow market", "0:build forum temple")
    assert s.is_terminal() and s.outcome().winners == (0,)


def test_prison_stealing_a_catacomb_ends_the_game() -> None:
    t = Table(2, leader=0)
    t.building(0, "prison", "stone", "stone")
    t.building(1, "catacomb", "stone", "stone", "stone", complete=True)
    t.stock(0, "stone").hand(0, "wall")
    s = t.state()
    act(s, "0:lead architect wall", "1:think_jack", "0:build prison stone", "0:prison 1 catacomb")
    assert s.is_terminal() and "Catacomb" in s.end_reason
    assert s.outcome().termination == Termination.CATACOMB


def test_senate_takes_only_opponents_jacks() -> None:
    t = Table(2, leader=0)
    t.building(0, "senate", "concrete", "concrete", complete=True)
    t.hand(0, "jack").hand(1, "road")
    s = t.state()
    act(s, "0:lead laborer jack", "1:follow road")
    assert s.leader == 1 and s.hand_jacks[0] == 0 and s.jack_pile == 6


def test_vault_limit_stops_the_merchant() -> None:
    t = Table(2, leader=0)
    t.vault(0, "rubble", "rubble")
    t.stock(0, "stone").hand(0, "villa")
    s = t.state()
    act(s, "0:lead merchant villa", "1:think_jack")
    assert s.leader == 1 and materials(s.stock[0]) == ["stone"]  # no room: the action is lost


def test_basilica_card_is_known_to_its_owner_after_determinize() -> None:
    t = Table(2, leader=0)
    t.building(0, "basilica", "marble", "marble", "marble", complete=True)
    t.hand(0, "jack", "road", "tower").hand(1, "villa")
    s = t.state()
    act(s, "0:lead merchant jack", "1:think_jack", "0:sell_hand tower")
    for seed in range(5):
        d = s.determinize(0, seed)
        assert d.view(0) == s.view(0) and materials(d.vault[0]) == ["concrete"]
        assert s.determinize(1, seed).view(1) == s.view(1)


def test_the_pool_take_of_a_demand_is_optional() -> None:
    """Rome demands: the matching pool card may be left (reference §15.11)."""
    t = Table(2, leader=0)
    t.hand(0, "academy", "temple").hand(1, "statue")
    t.pool("marble")
    s = t.state()
    act(s, "0:lead legionary academy", "1:think_jack")
    assert {"0:demand marble", "0:demand marble nopool"} <= legal(s)
    act(s, "0:demand marble nopool", "1:give statue")
    assert materials(s.stock[0]) == ["marble"] and materials(s.pool) == ["brick", "marble"]


def test_colosseum_with_little_vault_room_lets_the_demander_choose() -> None:
    """Arena: "if you lack room in the vault you choose which clients you take"."""
    t = Table(3, leader=0)
    t.building(0, "colosseum", "stone", "stone", "stone", complete=True)
    t.vault(0, "rubble", "rubble", "rubble", "rubble")  # room for one more (5 influence)
    t.clients(1, "legionary").clients(2, "legionary")
    t.hand(0, "academy", "atrium")
    s = t.state()
    act(s, "0:lead legionary academy", "1:think_jack", "2:think_jack", "0:demand brick", "1:glory", "2:glory")
    assert legal(s) == {"0:colosseum 1 legionary", "0:colosseum 2 legionary"}
    act(s, "0:colosseum 2 legionary")
    assert s.clients[2] == [] and len(s.clients[1]) == 1 and len(s.vault[0]) == 5


def test_two_bath_clients_combine_for_an_out_of_town_foundation() -> None:
    """Bath: "two such actions may combine for an out-of-town foundation" (§15.14)."""
    t = Table(2, leader=0)
    t.building(0, "bath", "brick", "brick", complete=True)
    t.clients(0, "patron")
    t.pool("craftsman", "craftsman")
    t.hand(0, "temple", "road").hand(1, "statue")
    s = t.state()
    act(s, "0:lead patron temple", "1:think_jack", "0:hire craftsman", "0:lay road rubble out")
    assert half_laid(s) is not None and legal(s) == {"0:hire craftsman", "0:pass"}
    act(s, "0:hire craftsman")
    assert legal(s) == {"0:lay_continue", "0:pass"}
    act(s, "0:lay_continue")
    assert half_laid(s) is None and s.buildings[0][1].out and s.out_town[0] == 3


def test_an_unfinished_out_of_town_foundation_returns_to_hand() -> None:
    t = Table(2, leader=0)
    t.building(0, "bath", "brick", "brick", complete=True)
    t.pool("craftsman").clients(0, "patron")  # a second Patron action may follow (ruling 28) ...
    t.hand(0, "temple", "road").hand(1, "statue")
    s = t.state()
    # ... but the pool is empty then: no client comes to finish the foundation.
    act(s, "0:lead patron temple", "1:think_jack", "0:hire craftsman", "0:lay road rubble out")
    assert s.leader == 1 and names(s, s.hands[0]) == ["road"] and s.out_town[0] == 4
    assert len(s.buildings[0]) == 1


def test_sewer_takes_petition_cards_but_never_jacks() -> None:
    t = Table(2, leader=0)
    t.building(0, "sewer", "stone", "stone", "stone", complete=True)
    t.hand(0, "road", "bar").hand(1, "jack")
    s = t.state()
    act(s, "0:petition merchant", "0:petition bar", "0:petition road", "1:follow jack", "0:sewer")
    assert names(s, s.stock[0]) == ["bar", "road"] and s.jack_pile == 6


def test_gate_active_statue_gives_no_points_until_complete() -> None:
    """Gate + Statue: the Statue counts as Marble, but +3 needs completion (§12)."""
    t = Table(2)
    t.building(0, "gate", "brick", "brick", complete=True)
    t.building(0, "statue", site="brick")
    s = t.state()
    assert score_breakdown_total(s) == 4


def score_breakdown_total(s: GtrState) -> int:
    return score_breakdown(s, 0)["total"]


def test_public_wall_protects_everyone_and_scores_for_everyone() -> None:
    """Ruling §15.17: a Stairway-public Wall works for every player."""
    t = Table(2, leader=0)
    w = t.building(1, "wall", "concrete", "concrete", "concrete", complete=True)
    t.stock(0, "rubble", "rubble")
    s = w.state()
    with edit(s):  # the functions in force are recomputed when the edit ends
        s.buildings[1][0].public = True
    assert score_breakdown(s, 0)["wall"] == 1


def test_villa_is_not_completed_by_a_craftsman() -> None:
    t = Table(2, leader=0)
    t.building(0, "villa")
    t.hand(0, "dock", "sewer").hand(1, "market")
    s = t.state()
    act(s, "0:lead craftsman dock", "1:follow market", "0:build villa sewer")
    assert not s.buildings[0][0].complete and len(s.buildings[0][0].materials) == 1


def test_a_road_lost_to_a_prison_stops_off_material_adds() -> None:
    """Road lost (Prison): cards already added stay, no more off-material cards (§12)."""
    t = Table(2, leader=1)
    t.building(0, "road", "rubble", complete=True)
    t.building(0, "catacomb", "wood")
    t.building(1, "prison", "stone", "stone")
    t.stock(1, "stone").hand(1, "wall")
    t.stock(0, "wood").hand(0, "tower")
    s = t.state()
    act(s, "1:lead architect wall", "0:follow tower", "1:build prison stone", "1:prison 0 road")
    assert materials(s.buildings[0][0].materials) == ["wood"]
    assert "0:build catacomb wood" not in legal(s)


def test_palace_with_circus_any_orders_as_architect_units() -> None:
    """Ruling §15.8: every Order played through the Circus is one Architect unit."""
    t = Table(2, leader=0)
    t.building(0, "palace", "marble", "marble", "marble", complete=True)
    t.building(0, "circus", "wood", complete=True)
    t.building(0, "bath")
    t.stock(0, "brick")
    t.hand(0, "road", "villa", "temple").hand(1, "wall")
    s = t.state()
    act(s, "0:lead architect road", "0:follow villa", "0:follow temple", "0:done", "1:think_jack")
    assert s.units[0] == 3 and s.pending[-1].left == 3


def test_academy_think_may_be_preceded_by_a_latrine_discard() -> None:
    t = Table(2, leader=0)
    t.building(0, "academy", "brick", "brick", complete=True)
    t.building(0, "latrine", "rubble", complete=True)
    t.hand(0, "dock", "road", "bar").hand(1, "market")
    s = t.state()
    act(s, "0:lead craftsman dock", "1:follow market", "0:lay road rubble in")
    assert "0:latrine bar" in legal(s)
    act(s, "0:latrine bar", "0:think_draw")
    assert hand_size(s, 0) == 5 and s.leader == 1


def test_concession_ends_the_game_when_all_others_concede() -> None:
    """Game end: all players agree to concede the game (option ``concession``)."""
    t = Table(3, leader=0, concession=True)
    t.hand(0, "road").hand(1, "bar").hand(2, "insula")
    s = t.state()
    act(s, "0:concede 2", "0:think_jack", "1:lead laborer bar", "2:concede 1", "2:think_jack")
    assert not s.is_terminal()
    t = Table(2, leader=0, concession=True)
    t.hand(0, "road")
    s = t.state()
    act(s, "0:concede 1")
    assert s.is_terminal() and s.outcome().winners == (1,) and "conceded" in s.end_reason
    assert s.outcome().termination == Termination.CONCESSION
    assert not any("concede" in a for a in legal(gtr.GAME(players=2).new_state(0)))


def test_gate_and_road_a_stone_structure_with_marble_counts_as_marble() -> None:
    """EN07 "Gate + Road": a Stone structure holding Marble counts as Marble for the Gate."""
    t = Table(2, leader=0)
    t.building(0, "gate", "brick", "brick", complete=True)
    t.building(0, "road", "rubble", complete=True)
    t.building(0, "circus_maximus")
    t.stock(0, "marble").hand(0, "tower")
    s = t.state()
    act(s, "0:lead architect tower", "1:think_jack")
    assert not has(s, 0, B.CIRCUS_MAXIMUS)
    act(s, "0:build circus_maximus marble")
    assert has(s, 0, B.CIRCUS_MAXIMUS) and not s.buildings[0][2].complete
