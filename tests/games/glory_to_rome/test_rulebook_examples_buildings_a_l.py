"""The examples of the building appendix (PL "Dodatek: funkcje obiektów"), Akademia to Łuk.

Seat 0 is "you" unless the example needs you to follow ("the player on your
right" leads): then you are seat 1 and the leader is seat 0.
"""

from __future__ import annotations

from games.glory_to_rome.gtr_table import Table, act, legal, materials, names
from ludus.games.glory_to_rome.components import ACADEMY, VIS_NOBODY, VIS_PUBLIC, Termination
from ludus.games.glory_to_rome.decisions import end_steps
from ludus.games.glory_to_rome.state import clientele_limit, hand_limit, hand_size, influence, vault_limit


def test_academy_example() -> None:
    """Akademia: two Craftsman clients, empty hand; you think (5 cards), lay two
    foundations with the clients, and think again at the end of the turn (2 cards)."""
    t = Table(3, leader=0)
    t.building(1, "academy", "brick", "brick", complete=True)
    t.clients(1, "craftsman", "craftsman")
    t.hand(0, "palisade")
    t.deck_top("dock", "road", "villa", "temple", "bath")
    s = t.state()
    act(s, "0:lead craftsman palisade", "1:think_draw", "2:think_jack")
    assert hand_size(s, 1) == 5
    act(s, "1:lay dock wood in", "1:lay road rubble in")
    assert hand_size(s, 1) == 3
    assert [(e.kind, e.who) for e in end_steps(s)] == [(ACADEMY, 1)]  # Academy's end-of-turn think
    act(s, "1:think_draw")
    assert hand_size(s, 1) == 5 and s.leader == 1


def test_aqueduct_example_client_from_hand() -> None:
    """Akwedukt: one Patron client; the pool holds one Merchant; you lead Patron. First
    action: the Merchant from the pool and a Legionary from hand; second: another
    Legionary from hand."""
    t = Table(2, leader=0)
    t.building(0, "aqueduct", "concrete", "concrete", complete=True)
    t.clients(0, "patron")
    t.hand(0, "temple", "academy", "atrium")
    t.pool("merchant")
    s = t.state()
    act(s, "0:lead patron temple", "1:think_jack")
    assert s.pending[-1].left == 2
    act(s, "0:hire merchant", "0:hire_hand academy", "0:hire_hand atrium")
    assert sorted(materials(s.clients[0])) == ["brick", "brick", "marble", "stone"]
    assert s.hands[0] == []


def test_aqueduct_example_clientele_of_fourteen() -> None:
    """Akwedukt: Insula and Aqueduct with 5 influence: (5 + 2) × 2 = 14 clients."""
    t = Table(2)
    t.building(0, "insula", "rubble", complete=True)
    t.building(0, "aqueduct", "concrete", "concrete", complete=True)
    s = t.state()
    assert influence(s, 0) == 5 and clientele_limit(s, 0) == 14


def test_amphitheatre_example() -> None:
    """Amfiteatr: completing it as your only building gives 4 influence and up to four
    Craftsman actions; you use two: lay a foundation and add a material from hand."""
    t = Table(2, leader=0)
    t.building(0, "amphitheatre", "concrete")
    t.stock(0, "concrete")
    t.hand(0, "tower", "insula", "road")
    s = t.state()
    act(s, "0:lead architect tower", "1:think_jack", "0:build amphitheatre concrete")
    assert influence(s, 0) == 4
    assert s.pending[-1].role == 1 and s.pending[-1].left == 4  # four Craftsman actions
    act(s, "0:lay insula rubble in", "0:build insula road")
    assert s.buildings[0][1].complete and influence(s, 0) == 5
    assert s.leader == 1  # nothing left to do: the two other actions are forgone


def test_colosseum_arena_example() -> None:
    """Arena, three players: the right player leads Legionary and demands two Marbles
    (one from your hand, two from the pool); you demand Brick and Stone, get a Stone
    from the left player's hand, and take the right player's Legionary and Merchant
    clients and the left player's Legionary client into your vault."""
    t = Table(3, leader=0)
    t.building(1, "colosseum", "stone", "stone", "stone", complete=True)
    t.hand(1, "academy", "atrium", "villa", "temple")  # two Legionaries, a Merchant, a Patron
    t.pool("marble", "marble")
    t.clients(1, "legionary", "architect", "architect", "architect")
    t.clients(0, "legionary", "merchant")
    t.clients(2, "legionary", "architect")
    t.hand(0, "bath", "statue", "palace")  # leads with a Legionary, reveals two Marbles
    t.hand(2, "sewer")
    s = t.state()
    act(s, "0:lead legionary bath", "1:follow academy", "2:think_jack")
    act(s, "0:demand marble", "0:demand marble", "1:give temple", "1:glory", "2:glory", "2:glory")
    assert materials(s.stock[0]) == ["marble", "marble", "marble"]
    assert names(s, s.hands[1]) == ["atrium", "villa"]
    act(s, "1:demand brick", "1:demand stone", "2:glory", "2:give sewer", "0:glory", "0:glory")
    assert materials(s.stock[1]) == ["stone"]
    assert materials(s.vault[1]) == ["brick", "brick", "stone"]
    assert s.clients[0] == [] and materials(s.clients[2]) == ["concrete"]
    # The left player neither followed nor keeps a Legionary client: no action; the turn ends.
    assert s.leader == 1


def test_atrium_example() -> None:
    """Atrium: one Merchant client, a Stone in the stockpile; you follow Merchant with a
    Senator: the Stone to the vault, then the unseen top card of the deck."""
    t = Table(2, leader=0)
    t.building(1, "atrium", "brick", "brick", complete=True)
    t.clients(1, "merchant")
    t.stock(1, "stone")
    t.hand(1, "jack")
    t.hand(0, "villa")
    s = t.state()
    act(s, "0:lead merchant villa", "1:follow jack", "1:sell stone", "1:sell_deck")
    assert len(s.vault[1]) == 2 and sorted(s.vault_vis[1]) == [VIS_NOBODY, VIS_PUBLIC]
    assert s.view(1)["players"][1]["vault"] == ["stone", "?"]  # unknown even to the owner
    assert s.view(0)["players"][1]["vault"] == ["stone", "?"]


def test_fountain_example() -> None:
    """Fontanna: three Craftsman clients; you lead Craftsman. Draw a Palisade and lay it
    out of town with the second action; draw another Palisade as Wood to complete it;
    draw a third Palisade and keep it."""
    t = Table(2, leader=0)
    t.building(0, "fountain", "marble", "marble", "marble", complete=True)
    t.clients(0, "craftsman", "craftsman", "craftsman")
    t.hand(0, "dock")
    t.hand(1, "market")
    t.deck_top("palisade", "palisade", "palisade")
    s = t.state()
    act(s, "0:lead craftsman dock", "1:follow market")
    assert s.pending[-1].left == 4
    act(s, "0:fountain")
    assert s.view(0)["fountain"]["card"] == "palisade" and s.view(1)["fountain"]["card"] == "?"
    act(s, "0:lay palisade wood out")
    act(s, "0:fountain", "0:build palisade palisade")
    assert s.buildings[0][1].complete and s.buildings[0][1].out
    act(s, "0:fountain", "0:keep")
    assert names(s, s.hands[0]) == ["palisade"]


def test_gate_example() -> None:
    """Brama: a Temple foundation without materials gives its function (hand 9) as soon
    as you complete the Gate."""
    t = Table(2, leader=0)
    t.building(0, "temple")
    t.building(0, "gate", "brick")
    t.stock(0, "brick")
    t.hand(0, "tower")
    s = t.state()
    assert hand_limit(s, 0) == 5
    act(s, "0:lead architect tower", "1:think_jack", "0:build gate brick")
    assert hand_limit(s, 0) == 9
    assert not s.buildings[0][0].complete and influence(s, 0) == 4  # no influence for the Temple


def test_circus_example() -> None:
    """Cyrk: with Merchant and Laborer in hand you lead Architect with the Laborer; next
    round you follow Architect with the Merchant."""
    t = Table(2, leader=0)
    t.building(0, "circus", "wood", complete=True)
    t.hand(0, "villa", "road")
    t.hand(1, "tower", "wall")
    s = t.state()
    assert "0:lead architect road" in legal(s)
    act(s, "0:lead architect road", "1:follow tower", "0:pass", "1:pass")
    assert s.leader == 1
    act(s, "1:lead architect wall")
    assert "0:follow villa" in legal(s)
    act(s, "0:follow villa")
    assert "villa" in names(s, s.pool)  # played, then to the pool at the end of the round


def test_dock_example() -> None:
    """Dok: a Laborer client; two Wood in the pool. The right player leads Laborer and
    takes a Wood; you take Wood from the pool and a Brick from hand, then another Brick."""
    t = Table(2, leader=0)
    t.building(1, "dock", "wood", complete=True)
    t.clients(1, "laborer")
    t.hand(1, "bar", "academy", "atrium")
    t.hand(0, "road")
    t.pool("wood", "wood")
    s = t.state()
    act(s, "0:lead laborer road", "1:follow bar", "0:gather wood")
    act(s, "1:gather wood", "1:gather_hand academy", "1:gather_hand atrium")
    assert materials(s.stock[1]) == ["brick", "brick", "wood"]


def test_insula_example() -> None:
    """Insula: as your only building: 3 influence, 5 clients, 3 vault cards."""
    t = Table(2)
    t.building(0, "insula", "rubble", complete=True)
    s = t.state()
    assert (influence(s, 0), clientele_limit(s, 0), vault_limit(s, 0)) == (3, 5, 3)


def test_catacomb_example() -> None:
    """Katakumby: a Catacomb foundation with two Stones and two Craftsman clients; the
    right player leads Craftsman; you think; the left player follows; the leader lays a
    foundation; your first action completes the Catacomb: +3 influence, the game ends."""
    t = Table(3, leader=0)
    t.building(1, "catacomb", "stone", "stone")
    t.clients(1, "craftsman", "craftsman")
    t.hand(1, "villa")
    t.hand(0, "dock", "road")
    t.hand(2, "market")
    s = t.state()
    act(s, "0:lead craftsman dock", "1:think_draw", "2:follow market", "0:lay road rubble in")
    act(s, "1:build catacomb villa")
    assert s.is_terminal() and influence(s, 1) == 5 and "Catacomb" in s.end_reason
    assert s.outcome().termination == Termination.CATACOMB
    assert s.outcome().details["breakdown"][1]["influence"] == 5


def test_latrine_example() -> None:
    """Latryna: four Legionaries in hand; you think: discard one to the pool, draw two."""
    t = Table(2, leader=0)
    t.building(1, "latrine", "rubble", complete=True)
    t.hand(1, "academy", "atrium", "bath", "gate")
    t.hand(0, "tower")
    s = t.state()
    act(s, "0:lead architect tower", "1:latrine academy", "1:think_draw")
    assert hand_size(s, 1) == 5 and "academy" in names(s, s.pool)


def test_bath_example() -> None:
    """Łaźnie: the pool holds Laborer, Architect, Merchant, Patron. The right player
    leads Patron and takes the Architect; you take the Patron, which at once hires the
    Laborer, which at once takes the Stone; the left player finds the pool empty."""
    t = Table(3, leader=0)
    t.building(1, "bath", "brick", "brick", complete=True)
    t.pool("laborer", "architect", "merchant", "patron")
    t.hand(0, "temple").hand(1, "statue").hand(2, "palace")
    s = t.state()
    act(s, "0:lead patron temple", "1:follow statue", "2:follow palace", "0:hire architect")
    act(s, "1:hire patron")
    assert s.pending[-1].who == 1 and s.pending[-1].role == 5  # the new Patron acts at once
    act(s, "1:hire laborer", "1:gather stone")
    assert materials(s.clients[1]) == ["marble", "rubble"] and materials(s.stock[1]) == ["stone"]
    assert s.clients[2] == [] and s.leader == 1


def test_archway_example() -> None:
    """Łuk triumfalny: a Gate foundation, one Architect client, a Brick in the stockpile
    and one in the pool: the pool Brick, then the stockpile Brick completes the Gate."""
    t = Table(2, leader=0)
    t.building(0, "archway", "brick", "brick", complete=True)
    t.building(0, "gate")
    t.clients(0, "architect")
    t.stock(0, "brick")
    t.pool("brick")
    t.hand(0, "tower")
    s = t.state()
    act(s, "0:lead architect tower", "1:think_jack", "0:build_pool gate brick", "0:build gate brick")
    assert s.buildings[0][1].complete and s.stock[0] == [] and names(s, s.pool) == ["tower"]
