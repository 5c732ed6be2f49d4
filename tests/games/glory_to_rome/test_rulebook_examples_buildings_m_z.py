"""The examples of the building appendix (PL "Dodatek: funkcje obiektów"), Magazyn to Więzienie.

Seat 0 is "you" unless the example needs you to follow ("the player on your
right" leads): then you are seat 1 and the leader is seat 0.
"""

from __future__ import annotations

from games.glory_to_rome.gtr_table import Table, act, legal, materials, names
from ludus.games.glory_to_rome.components import VIS_PUBLIC, Termination
from ludus.games.glory_to_rome.scoring import score_breakdown
from ludus.games.glory_to_rome.state import clientele_limit, hand_limit, hand_size, influence, vault_limit


def test_storeroom_example() -> None:
    """Magazyn: the pool holds four Bricks and a Stone; Laborer, Craftsman and Patron
    clients all act as Laborers: four Laborer actions take the Stone and three Bricks."""
    t = Table(2, leader=0)
    t.building(0, "storeroom", "concrete", "concrete", complete=True)
    t.clients(0, "laborer", "craftsman", "patron")
    t.pool("brick", "brick", "brick", "brick", "stone")
    t.hand(0, "road")
    s = t.state()
    act(s, "0:lead laborer road", "1:think_jack")
    assert s.pending[-1].left == 4
    act(s, "0:gather stone", "0:gather brick", "0:gather brick", "0:gather brick")
    assert materials(s.stock[0]) == ["brick", "brick", "brick", "stone"]


def test_bridge_example() -> None:
    """Most, four players: the left player has a Palisade, the right one a Wall. You demand
    Marble: one from the pool, one from the hands of the opposite and left players, one
    from each of their stockpiles: five Marbles."""
    t = Table(4, leader=0)
    t.building(0, "bridge", "concrete", "concrete", complete=True)
    t.building(1, "palisade", "wood", complete=True)
    t.building(3, "wall", "concrete", "concrete", complete=True)
    t.hand(0, "academy", "forum")
    for p in (1, 2, 3):
        t.hand(p, "temple").stock(p, "marble")
    t.pool("marble")
    s = t.state()
    act(s, "0:lead legionary academy", "1:think_jack", "2:think_jack", "3:think_jack", "0:demand marble",
        "1:give temple", "2:give temple")
    assert "3:refuse" in legal(s)  # the Wall protects; giving would be voluntary
    act(s, "3:refuse")
    assert materials(s.stock[0]) == ["marble"] * 5
    assert names(s, s.hands[3]) == ["temple"] and len(s.stock[3]) == 1  # the Wall protects


def test_wall_example_immunity() -> None:
    """Mur obronny: the right player (with a Bridge) demands Stone and gets none from
    you; then you demand Stone and take one from the opponent's hand."""
    t = Table(2, leader=0)
    t.building(1, "wall", "concrete", "concrete", complete=True)
    t.building(0, "bridge", "concrete", "concrete", complete=True)
    t.hand(1, "villa", "sewer", "academy")
    t.stock(1, "stone")
    t.hand(0, "atrium", "garden")
    s = t.state()
    act(s, "0:lead legionary atrium", "1:follow academy", "0:demand stone", "1:refuse")
    assert materials(s.stock[0]) == [] and len(s.hands[1]) == 2 and len(s.stock[1]) == 1
    act(s, "1:demand stone", "0:give garden")
    assert materials(s.stock[1]) == ["stone", "stone"] and s.hands[0] == []


def test_wall_example_scoring_seven_points() -> None:
    """Mur obronny: Wall and Insula, five stockpile materials, an empty vault: 5 + 2 = 7."""
    t = Table(2)
    t.building(0, "wall", "concrete", "concrete", complete=True)
    t.building(0, "insula", "rubble", complete=True)
    t.stock(0, "rubble", "wood", "brick", "stone", "marble")
    s = t.state()
    parts = score_breakdown(s, 0)
    assert parts["influence"] == 5 and parts["wall"] == 2 and parts["total"] == 7


def test_foundry_example() -> None:
    """Odlewnia: the pool holds Wood, two Bricks, two Marbles; completing the Foundry as
    your first building gives 4 influence and up to four Laborer actions."""
    t = Table(2, leader=0)
    t.building(0, "foundry", "brick")
    t.hand(0, "dock", "academy")
    t.hand(1, "market")
    t.pool("wood", "brick", "brick", "marble", "marble")
    s = t.state()
    act(s, "0:lead craftsman dock", "1:follow market", "0:build foundry academy")
    assert influence(s, 0) == 4 and s.pending[-1].role == 0 and s.pending[-1].left == 4
    act(s, "0:gather brick", "0:gather brick", "0:gather marble", "0:gather marble")
    assert materials(s.stock[0]) == ["brick", "brick", "marble", "marble"]


def test_garden_example() -> None:
    """Ogród: no clients; the pool holds two Legionaries, a Craftsman, two Patrons.
    Completing the Garden: 5 influence, up to five Patron actions; you hire four."""
    t = Table(2, leader=0)
    t.building(0, "garden", "stone", "stone")
    t.hand(0, "dock", "villa")
    t.hand(1, "market")
    t.pool("legionary", "legionary", "craftsman", "patron", "patron")
    s = t.state()
    act(s, "0:lead craftsman dock", "1:follow market", "0:build garden villa")
    assert influence(s, 0) == 5 and clientele_limit(s, 0) == 5 and s.pending[-1].left == 5
    act(s, "0:hire patron", "0:hire craftsman", "0:hire legionary", "0:hire legionary", "0:pass")
    assert len(s.clients[0]) == 4
    assert materials(s.pool) == ["marble", "wood", "wood"]  # one Patron left, plus the played cards


def test_shrine_example() -> None:
    """Ołtarz: as your only building: hand limit 7."""
    t = Table(2)
    t.building(0, "shrine", "brick", "brick", complete=True)
    assert hand_limit(t.state(), 0) == 7


def test_palisade_example() -> None:
    """Palisada, three players: the leader demands Marble, takes one from the pool and
    one from the player on his right, none from you; you then demand Marble and get
    three: the pool's, and one from each opponent's hand."""
    t = Table(3, leader=0)
    t.building(1, "palisade", "wood", complete=True)
    t.hand(1, "academy", "temple")
    t.hand(0, "atrium", "statue")
    t.hand(2, "palace", "palace")
    t.pool("marble", "marble")
    s = t.state()
    act(s, "0:lead legionary atrium", "1:follow academy", "2:think_jack", "0:demand marble", "1:refuse",
        "2:give palace")
    assert materials(s.stock[0]) == ["marble", "marble"] and names(s, s.hands[1]) == ["temple"]
    act(s, "1:demand marble", "2:give palace", "0:give statue")
    assert materials(s.stock[1]) == ["marble"] * 3


def test_palace_example() -> None:
    """Pałac: three Merchants, a Laborer and a Senator in hand, one Merchant client: lead
    Merchant with three Merchants and the Senator: up to five Merchant actions."""
    t = Table(2, leader=0)
    t.building(0, "palace", "marble", "marble", "marble", complete=True)
    t.clients(0, "merchant")
    t.hand(0, "villa", "sewer", "garden", "road", "jack")
    t.hand(1, "prison")
    t.stock(0, "stone")
    s = t.state()
    act(s, "0:lead merchant villa", "0:follow sewer", "0:follow garden", "0:follow jack", "0:done")
    act(s, "1:follow prison")
    assert s.pending[-1].who == 0 and s.pending[-1].left == 5


def _forum_table(rules: str) -> Table:
    t = Table(2, leader=0, rules=rules)
    for p in (0, 1):
        t.clients(p, "laborer", "craftsman", "legionary", "architect", "merchant", "patron")
        t.stock(p, "rubble", "wood", "brick", "concrete", "stone", "marble")
        t.building(p, "forum", "marble", "marble")
    t.hand(0, "dock", "temple")
    t.hand(1, "market", "statue")
    return t


def test_forum_example() -> None:
    """Plac miejski: you and the left player have every client and material and a Forum
    with two Marbles; you complete yours first and win; the left player never acts."""
    s = _forum_table("new").state()
    act(s, "0:lead craftsman dock", "1:follow market", "0:build forum temple")
    assert s.is_terminal() and s.outcome().winners == (0,) and "Forum" in s.end_reason
    assert s.outcome().termination == Termination.FORUM
    assert len(s.hands[1]) == 1  # the left player did not act


def test_forum_classic_variant_needs_only_clients() -> None:
    """Plac miejski, classic variant: clients of all six roles are enough."""
    t = Table(2, leader=0, rules="classic")
    t.clients(0, "laborer", "craftsman", "legionary", "architect", "merchant", "patron")
    t.building(0, "forum", "marble", "marble")
    t.hand(0, "dock", "temple").hand(1, "market")
    s = t.state()
    act(s, "0:lead craftsman dock", "1:follow market", "0:build forum temple")
    assert s.is_terminal() and s.outcome().winners == (0,)
    # New rules: without the six materials the same position does not win.
    t = Table(2, leader=0)
    t.clients(0, "laborer", "craftsman", "legionary", "architect", "merchant", "patron")
    t.building(0, "forum", "marble", "marble")
    t.hand(0, "dock", "temple").hand(1, "market")
    s = t.state()
    act(s, "0:lead craftsman dock", "1:follow market", "0:build forum temple")
    assert not s.is_terminal()


def test_statue_example() -> None:
    """Posąg: completed on a Brick site as your first building: 4 influence + 3 = 7 VP."""
    t = Table(2, leader=0)
    t.building(0, "statue", "brick", site="brick")
    t.stock(0, "brick")
    t.hand(0, "tower")
    s = t.state()
    act(s, "0:lead architect tower", "1:think_jack", "0:build statue brick")
    parts = score_breakdown(s, 0)
    assert parts["influence"] == 4 and parts["statue"] == 3 and parts["total"] == 7


def test_statue_foundation_may_go_on_any_site() -> None:
    """Posąg: its foundation may be laid on any site."""
    t = Table(2, leader=0)
    t.hand(0, "tower", "statue")
    s = t.state()
    act(s, "0:lead architect tower", "1:think_jack")
    assert {f"0:lay statue {m} in"
            for m in ("rubble", "wood", "brick", "concrete", "stone", "marble")} <= legal(s)


def test_villa_example() -> None:
    """Rezydencja: one Stone from the stockpile with an Architect action completes it:
    5 influence, 5 clients, 5 vault cards."""
    t = Table(2, leader=0)
    t.building(0, "villa")
    t.stock(0, "stone")
    t.hand(0, "tower").hand(1, "wall")
    s = t.state()
    act(s, "0:lead architect tower", "1:follow wall", "0:build villa stone")
    assert s.buildings[0][0].complete
    assert (influence(s, 0), clientele_limit(s, 0), vault_limit(s, 0)) == (5, 5, 5)


def test_basilica_example() -> None:
    """Sąd: a Merchant client, a Brick in the stockpile, two Concretes and a Senator in
    hand; lead Merchant with the Senator: Brick and a Concrete, then the other Concrete."""
    t = Table(2, leader=0)
    t.building(0, "basilica", "marble", "marble", "marble", complete=True)
    t.clients(0, "merchant")
    t.stock(0, "brick")
    t.hand(0, "tower", "wall", "jack").hand(1, "villa")
    s = t.state()
    act(s, "0:lead merchant jack", "1:follow villa", "0:sell brick", "0:sell_hand tower", "0:sell_hand wall")
    assert materials(s.vault[0]) == ["brick", "concrete", "concrete"]
    assert sorted(s.vault_vis[0]) == [VIS_PUBLIC, 0, 0]
    assert s.view(1)["players"][0]["vault"] == ["brick", "?", "?"]  # in the order they went in
    assert s.view(0)["players"][0]["vault"] == ["brick", "concrete", "concrete"]


def test_stairway_example() -> None:
    """Schody: complete the Stairway with a Marble, then add a Brick to the opponent's
    Archway, then (with the now public Archway) a Brick from the pool to the opponent's
    Shrine: every player's hand limit rises by 2."""
    t = Table(2, leader=0)
    t.building(0, "stairway", "marble", "marble")
    t.building(1, "archway", "brick", "brick", complete=True)
    t.building(1, "shrine", "brick", "brick", complete=True)
    t.clients(0, "architect", "architect")
    t.stock(0, "marble", "brick")
    t.pool("brick")
    t.hand(0, "tower").hand(1, "wall")
    s = t.state()
    act(s, "0:lead architect tower", "1:follow wall", "0:build stairway marble")
    act(s, "0:stairway 1 archway brick", "0:stairway_pool 1 shrine brick")
    assert hand_limit(s, 0) == 7 and s.buildings[1][1].public


def test_senate_example() -> None:
    """Senat: you and the left player have Senates; everyone plays a Senator; you take
    both opponents' Senators and the left player takes yours."""
    t = Table(3, leader=0)
    t.building(0, "senate", "concrete", "concrete", complete=True)
    t.building(1, "senate", "concrete", "concrete", complete=True)
    t.hand(0, "jack").hand(1, "jack").hand(2, "jack")
    s = t.state()
    act(s, "0:lead patron jack", "1:follow jack", "2:follow jack")
    act(s, "0:senate 1", "0:senate 2", "1:senate 0")
    assert s.hand_jacks == [2, 1, 0] and s.leader == 1


def test_scriptorium_example() -> None:
    """Skryptorium: complete it with a Stone, then one Marble each completes the Wall
    (no materials yet) and the Temple (one Marble)."""
    t = Table(2, leader=0)
    t.building(0, "scriptorium", "stone", "stone")
    t.building(0, "wall")
    t.building(0, "temple", "marble")
    t.clients(0, "craftsman", "craftsman")
    t.hand(0, "dock", "villa", "forum", "statue").hand(1, "market")
    s = t.state()
    act(s, "0:lead craftsman dock", "1:follow market", "0:build scriptorium villa")
    act(s, "0:build wall forum", "0:build temple statue")
    assert all(st.complete for st in s.buildings[0])


def test_school_example() -> None:
    """Szkoła: two cards in hand; completing the School (4 influence) gives four thinks:
    refill to 5, two Senators, one more card: 8 cards."""
    t = Table(2, leader=0)
    t.building(0, "school", "brick")
    t.stock(0, "brick")
    t.hand(0, "tower", "road", "dock")
    s = t.state()
    act(s, "0:lead architect tower", "1:think_jack", "0:build school brick")
    assert hand_size(s, 0) == 2 and s.pending[-1].left == 4
    act(s, "0:think_draw", "0:think_jack", "0:think_jack", "0:think_draw")
    assert hand_size(s, 0) == 8


def test_ludus_magnus_example() -> None:
    """Szkoła gladiatorów: Craftsman and Merchant clients; completing Ludus Magnus turns
    the Merchant into an extra Craftsman at once: lay an Insula and complete it."""
    t = Table(2, leader=0)
    t.building(0, "ludus_magnus", "marble", "marble")
    t.clients(0, "craftsman", "merchant")
    t.hand(0, "dock", "temple", "insula", "road").hand(1, "market")
    s = t.state()
    act(s, "0:lead craftsman dock", "1:follow market")
    assert s.pending[-1].left == 2
    act(s, "0:build ludus_magnus temple")
    assert s.pending[-1].left == 2  # one used, one left, one more from the Merchant
    act(s, "0:lay insula rubble in", "0:build insula road")
    assert all(st.complete for st in s.buildings[0])


def test_sewer_example() -> None:
    """Ściek: you follow Merchant with a Merchant; at the end of the turn the leader's
    card goes to the pool and yours to your stockpile as Stone."""
    t = Table(2, leader=0)
    t.building(1, "sewer", "stone", "stone", "stone", complete=True)
    t.hand(0, "villa").hand(1, "garden")
    s = t.state()
    act(s, "0:lead merchant villa", "1:follow garden", "1:sewer")
    assert names(s, s.stock[1]) == ["garden"] and names(s, s.pool) == ["villa"]


def test_temple_example() -> None:
    """Świątynia: as your only building: hand limit 9."""
    t = Table(2)
    t.building(0, "temple", "marble", "marble", "marble", complete=True)
    assert hand_limit(t.state(), 0) == 9


def test_circus_maximus_example() -> None:
    """Targ niewolników: you and the left player have it and two Merchant clients; you
    lead Merchant (5 actions), the left player does not follow (2 actions, no bonus)."""
    t = Table(2, leader=0)
    for p in (0, 1):
        t.building(p, "circus_maximus", "stone", "stone", "stone", complete=True)
        t.clients(p, "merchant", "merchant")
        t.stock(p, "rubble", "rubble")
    t.hand(0, "villa")
    s = t.state()
    act(s, "0:lead merchant villa", "1:think_jack")
    assert s.pending[-1].who == 0 and s.pending[-1].left == 5
    act(s, "0:pass")
    assert s.pending[-1].who == 1 and s.pending[-1].left == 2


def test_market_example() -> None:
    """Targowisko: as your only building: 3 influence, 3 clients, 5 vault cards."""
    t = Table(2)
    t.building(0, "market", "wood", complete=True)
    s = t.state()
    assert (influence(s, 0), clientele_limit(s, 0), vault_limit(s, 0)) == (3, 3, 5)


def test_bar_example() -> None:
    """Tawerna: the pool holds two Craftsmen and a Legionary. You take the Legionary and
    the top card (an Architect); the left player takes only deck cards: a Legionary,
    then a Merchant."""
    t = Table(2, leader=0)
    t.building(0, "bar", "rubble", complete=True)
    t.building(1, "bar", "rubble", complete=True)
    t.clients(1, "patron")
    t.pool("craftsman", "craftsman", "legionary")
    t.hand(0, "temple").hand(1, "statue")
    t.deck_top("tower", "academy", "villa")
    s = t.state()
    act(s, "0:lead patron temple", "1:follow statue", "0:hire legionary", "0:hire_deck")
    assert materials(s.clients[0]) == ["brick", "concrete"]
    act(s, "1:hire_deck", "1:hire_deck")
    assert materials(s.clients[1]) == ["brick", "marble", "stone"]


def test_road_example() -> None:
    """Ulica: Rubble completes the Road; then Wood goes into the Catacomb (Stone), which
    then needs only one more material of any kind."""
    t = Table(2, leader=0)
    t.building(1, "road")
    t.building(1, "catacomb", "stone")
    t.clients(1, "architect")
    t.stock(1, "rubble", "wood", "wood")
    t.hand(0, "tower").hand(1, "wall")
    s = t.state()
    act(s, "0:lead architect tower", "1:follow wall", "1:build road rubble", "1:build catacomb wood")
    assert s.buildings[1][0].complete and len(s.buildings[1][1].materials) == 2


def test_vomitorium_example() -> None:
    """Vomitorium: three Patrons and a Senator in hand; you think: the Patrons to the
    pool, the Senator to its pile, and refill to the limit."""
    t = Table(2, leader=0)
    t.building(1, "vomitorium", "concrete", "concrete", complete=True)
    t.hand(1, "temple", "statue", "palace", "jack").hand(0, "tower")
    s = t.state()
    act(s, "0:lead architect tower", "1:vomitorium", "1:think_draw")
    assert hand_size(s, 1) == 5 and s.hand_jacks[1] == 0
    assert names(s, s.pool) == ["palace", "statue", "temple", "tower"]  # with the leader's card
    assert s.jack_pile == 6


def test_tower_example() -> None:
    """Wieża: complete the Tower, lay a Sewer on an out-of-town Stone site with one
    action, add Rubble to it: it needs two more (Stone or Rubble)."""
    t = Table(2, leader=0)
    t.building(0, "tower", "concrete")
    t.clients(0, "architect", "architect")
    t.stock(0, "concrete", "rubble")
    t.hand(0, "wall", "sewer")
    s = t.state()
    s.out_town[4] += s.in_town[4]
    s.in_town[4] = 0  # only out-of-town Stone sites are left
    act(s, "0:lead architect wall", "1:think_jack", "0:build tower concrete", "0:lay sewer stone out")
    act(s, "0:build sewer rubble")
    sewer = s.buildings[0][1]
    assert sewer.out and not sewer.complete and len(sewer.materials) == 1


def test_prison_example() -> None:
    """Więzienie: steal the opponent's Tower, giving them the Prison's site (3 influence);
    their Temple foundation keeps its Marble and Rubble."""
    t = Table(2, leader=0)
    t.building(0, "prison", "stone", "stone")
    t.building(1, "tower", "concrete", "concrete", complete=True)
    t.building(1, "temple", "marble", "rubble")
    t.stock(0, "stone")
    t.hand(0, "wall")
    s = t.state()
    act(s, "0:lead architect wall", "1:think_jack", "0:build prison stone", "0:prison 1 tower")
    assert influence(s, 0) == 2 and influence(s, 1) == 7
    assert [n for n in names(s, [st.card for st in s.buildings[0]])] == ["prison", "tower"]
    assert materials(s.buildings[1][0].materials) == ["marble", "rubble"]
    assert not s.buildings[1][0].complete
