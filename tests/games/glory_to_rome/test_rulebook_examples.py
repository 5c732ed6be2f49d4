"""The rulebook's worked examples outside the building appendix."""

from __future__ import annotations

from games.glory_to_rome.gtr_table import Table, act, legal, materials, names
from ludus.games.glory_to_rome.components import LEAD
from ludus.games.glory_to_rome.scoring import score_breakdown
from ludus.games.glory_to_rome.state import clientele_limit, hand_size, influence, vault_limit


def test_example_round_leader_laborer_senator_follower_two_thinkers() -> None:
    """PL "Przykładowa runda": 4 players; 1st leads Laborer, 2nd follows with a Senator,
    3rd thinks with 3 cards (refills to 5), 4th thinks with 5 cards (draws 1)."""
    t = Table(4, leader=0)
    t.hand(0, "road").hand(1, "jack").hand(2, "academy", "bath", "gate")
    t.hand(3, "wall", "tower", "bridge", "senate", "storeroom")
    t.clients(0, "laborer").clients(2, "laborer")
    t.pool("brick", "stone", "marble", "concrete", "wood")
    s = t.state()
    act(s, "0:lead laborer road", "1:follow jack", "2:think_draw")
    assert len(s.hands[2]) == 5  # refilled to the hand limit
    act(s, "3:think_draw")
    assert len(s.hands[3]) == 6  # at the limit: one card
    # The leader has a Laborer client: two Laborer actions.
    assert s.pending[-1].who == 0 and s.pending[-1].left == 2
    act(s, "0:gather brick", "0:gather stone")
    # The second player: one action for following.
    assert s.pending[-1].who == 1 and s.pending[-1].left == 1
    act(s, "1:gather marble")
    # The third player thought but has a Laborer client: one action.
    assert s.pending[-1].who == 2 and s.pending[-1].left == 1
    act(s, "2:gather concrete")
    # The fourth player neither followed nor has a client: no action; the round ends.
    assert materials(s.stock[0]) == ["brick", "stone"]
    assert materials(s.stock[1]) == ["marble"] and materials(s.stock[2]) == ["concrete"]
    assert s.stock[3] == []
    assert "road" in names(s, s.pool) and s.jack_pile == 6  # the Order to the pool, the Senator to its pile
    assert s.leader == 1 and s.phase == LEAD and s.current == 1


def test_scoring_example_10_plus_7_plus_3_is_20() -> None:
    """PL scoring: 10 influence + 7 in the vault + 3 for the most Concrete = 20."""
    t = Table(2)
    t.building(0, "forum", "marble", "marble", "marble", complete=True)
    t.building(0, "temple", "marble", "marble", "marble", complete=True)
    t.building(0, "senate", "concrete", "concrete", complete=True)
    t.vault(0, "concrete", "concrete", "stone")
    t.vault(1, "concrete", "stone")
    s = t.state()
    parts = score_breakdown(s, 0)
    assert parts["influence"] == 10 and parts["vault"] == 7 and parts["merchant_bonus"] == 3
    assert parts["total"] == 20
    # Stone is tied 1-1: nobody gets that bonus.
    assert score_breakdown(s, 1)["merchant_bonus"] == 0


def test_starting_influence_limits_and_think_rules() -> None:
    """Camp boards: 2 influence; clientele and vault limits equal influence; hand limit 5."""
    t = Table(2)
    t.hand(0, "road")
    s = t.state()
    assert influence(s, 0) == 2 and clientele_limit(s, 0) == 2 and vault_limit(s, 0) == 2
    assert {"0:think_jack", "0:think_draw", "0:lead laborer road"} <= legal(s)
    act(s, "0:think_draw")
    assert hand_size(s, 0) == 5 and s.leader == 1  # the leader thought: the round ends at once


def test_petition_two_cards_of_one_role_act_as_a_jack_three_in_classic() -> None:
    """PL "Składanie petycji": two Orders of one role played as a Senator; classic: three."""
    t = Table(2)
    t.hand(0, "road", "bar", "insula")
    s = t.state()
    assert "0:petition merchant" in legal(s) and not any(a.count(" ") > 1 for a in legal(s)
                                                         if "petition" in a)
    act(s, "0:petition merchant")
    # Three Rubble Orders: a first card with a later one after it (ruling 24), then the later ones.
    assert legal(s) == {"0:petition bar", "0:petition insula"}
    act(s, "0:petition bar")
    assert legal(s) == {"0:petition insula", "0:petition road"}
    act(s, "0:petition road")
    assert s.role == 4 and s.units[0] == 1 and s.current == 1
    t = Table(2, rules="classic")
    t.hand(0, "road", "bar")
    s = t.state()
    assert not any(a.startswith("0:petition") for a in legal(s))
