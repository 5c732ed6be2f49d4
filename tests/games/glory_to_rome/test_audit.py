"""Rules-fidelity audit: each test names the rule it checks and cites the rulebook
(PL = shared/rules/glory_to_rome.pl.txt) or the reference's ruling it follows."""

from __future__ import annotations

import ludus.games.glory_to_rome as gtr
from games.glory_to_rome.gtr_table import Table, act, names
from ludus.games.glory_to_rome.components import CARD_BUILDING, CARD_MATERIAL, RUBBLE, Termination
from ludus.games.glory_to_rome.state import hand_limit, influence
from ludus.testing.scenario import edit


def test_stairway_public_gate_activates_every_players_marble_foundations() -> None:
    # PL appendix, Schody: the function of the structure "becomes available to all
    # players"; Brama: "you may use the functions of your incomplete Marble structures".
    t = Table(2, leader=0)
    t.building(0, "stairway", "marble", "marble", "marble", complete=True)
    t.building(0, "temple")  # a Temple foundation without materials
    t.building(1, "gate", "brick", "brick", complete=True)
    t.stock(0, "brick")
    t.hand(0, "tower").hand(1, "wall")
    s = t.state()
    assert hand_limit(s, 0) == 5
    act(s, "0:lead architect tower", "1:follow wall", "0:stairway 1 gate brick")
    assert s.buildings[1][0].public
    assert hand_limit(s, 0) == 9  # the public Gate activates your Temple foundation
    assert influence(s, 0) == 5  # but gives no influence for it


def test_simplified_game_out_of_play_cards_are_unknown_to_everyone() -> None:
    # PL setup, "Uproszczona gra": half the draw deck is removed from play, unseen; so
    # determinize() must re-deal those cards with the deck, not keep them fixed.
    s = gtr.GAME(players=3, simplified=True).new_state(4)
    changed = 0
    for seed in range(5):
        for p in (None, 0, 1, 2):
            d = s.determinize(p, seed)
            assert d.view(p) == s.view(p)
            assert len(d.removed) == len(s.removed)
            assert sorted(d.card_places()) == list(range(144))
            changed += sorted(d.removed) != sorted(s.removed)
    assert changed == 20


def test_a_giver_s_hand_stays_hidden_in_determinize() -> None:
    # PL, Legionista: "Ilość kart na ręce jest jawna" - only the number of cards in hand
    # is public. Every demanded seat is asked (ruling 20), so the question shows nothing
    # about the hand, and the demander's determinization assumes nothing: the re-dealt hand
    # may hold two Rubble names, one, or none (then "glory" is the answer).
    t = Table(2, leader=0)
    t.hand(0, "academy", "road")
    t.hand(1, "bar", "insula", "temple", "villa", "garden", "senate")
    s = t.state()
    act(s, "0:lead legionary academy", "1:think_jack", "0:demand rubble")
    assert s.to_move() == (1,) and {str(a) for a in s.legal_actions()} == {"1:give bar", "1:give insula"}
    kinds = set()
    for seed in range(40):
        d = s.determinize(0, seed)
        assert d.view(0) == s.view(0) and d.legal_actions() and d.to_move() == (1,)
        kinds.add(len({CARD_BUILDING[c] for c in d.hands[1] if CARD_MATERIAL[c] == RUBBLE}))
    assert {0, 1, 2} <= kinds


def test_a_protected_giver_s_hand_stays_hidden_in_determinize() -> None:
    # PL, Palisada: "you may give cards if you wish": a protected player is asked in any
    # case, so the question shows nothing about the hand.
    t = Table(2, leader=0)
    t.building(1, "palisade", "wood", complete=True)
    t.hand(0, "academy", "road")
    t.hand(1, "bar", "temple", "villa", "garden")
    s = t.state()
    act(s, "0:lead legionary academy", "1:think_jack", "0:demand rubble")
    assert s.to_move() == (1,)
    hands = set()
    for seed in range(20):
        d = s.determinize(0, seed)
        assert d.view(0) == s.view(0) and "1:refuse" in {str(a) for a in d.legal_actions()}
        hands.add(tuple(sorted(d.hands[1])))
    assert len(hands) > 1


def test_a_petitioner_s_hand_stays_hidden_in_determinize() -> None:
    # PL, "Składanie petycji": the first petition card is on the table; the rest of the
    # hand is hidden, except that it holds another card of that role.
    t = Table(2, leader=0)
    t.hand(0, "road", "bar", "temple", "villa", "garden")
    t.hand(1, "tower")
    s = t.state()
    act(s, "0:petition merchant", "0:petition bar")
    hands = set()
    for seed in range(20):
        d = s.determinize(1, seed)
        assert d.view(1) == s.view(1) and d.legal_actions()
        assert any(CARD_MATERIAL[c] == RUBBLE for c in d.hands[0])
        hands.add(tuple(sorted(d.hands[0])))
    assert len(hands) > 1


def test_a_protected_player_is_asked_whether_or_not_they_hold_the_material() -> None:
    # PL, Palisada / Mur obronny: a protected player "may give cards if he wishes"; only
    # the number of cards in hand is public (PL, Legionista). Asking only the protected
    # players who hold the demanded material would tell everyone who holds it.
    views = []
    for held in ("bar", "temple"):  # a Rubble card, or none
        t = Table(2, leader=0)
        t.building(1, "palisade", "wood", complete=True)
        t.hand(0, "academy", "road")
        t.hand(1, held, "villa")
        s = t.state()
        act(s, "0:lead legionary academy", "1:think_jack", "0:demand rubble")
        assert s.to_move() == (1,) and "1:refuse" in {str(a) for a in s.legal_actions()}
        views.append(s.view(0))
        act(s, "1:refuse")
        assert s.hands[1] and s.stock[0] == []
    assert views[0] == views[1]


def test_forum_win_is_immediate_when_a_given_card_completes_the_stockpile() -> None:
    # PL, Plac miejski: with clients and materials of all six kinds "the game ends at
    # once with your victory"; Koniec gry: "Gra przerywana jest natychmiast". The last
    # material may arrive from an opponent's hand during a Legionary demand.
    t = Table(2, leader=0)
    t.building(0, "forum", "marble", "marble", "marble", complete=True)
    t.clients(0, "laborer", "craftsman", "legionary", "architect", "merchant", "patron")
    t.stock(0, "rubble", "wood", "brick", "concrete", "stone")
    t.hand(0, "academy", "temple")
    t.hand(1, "statue", "road")
    s = t.state()
    act(s, "0:lead legionary academy", "1:think_jack", "0:demand marble", "1:give statue")
    assert s.is_terminal() and "Forum" in s.end_reason
    assert s.outcome().termination == Termination.FORUM
    assert s.outcome().winners == (0,)


def test_road_tower_prison_stairway_examples_check_what_the_rulebook_says() -> None:
    # PL appendix, Ulica: the Catacomb then "needs only one more material of any kind".
    t = Table(2, leader=0)
    t.building(1, "road")
    t.building(1, "catacomb", "stone")
    t.clients(1, "architect", "architect")
    t.stock(1, "rubble", "wood", "wood", "brick")
    t.hand(0, "tower").hand(1, "wall")
    s = t.state()
    act(s, "0:lead architect tower", "1:follow wall", "1:build road rubble", "1:build catacomb wood")
    assert {"1:build catacomb wood", "1:build catacomb brick"} <= {str(a) for a in s.legal_actions()}
    act(s, "1:build catacomb brick")
    assert s.is_terminal() and "Catacomb" in s.end_reason  # one more material completed it
    assert s.outcome().termination == Termination.CATACOMB
    # PL appendix, Wieża: the out-of-town Sewer then needs two more, Stone and/or Rubble.
    t = Table(2, leader=0)
    t.building(0, "tower", "concrete")
    t.clients(0, "architect", "architect", "architect")
    t.stock(0, "concrete", "rubble", "wood", "stone", "rubble")
    t.hand(0, "wall", "sewer")
    s = t.state()
    s.out_town[4] += s.in_town[4]
    s.in_town[4] = 0
    act(s, "0:lead architect wall", "1:think_jack", "0:build tower concrete", "0:lay sewer stone out")
    act(s, "0:build sewer rubble")
    assert {str(a) for a in s.legal_actions()} == {"0:build sewer rubble", "0:build sewer stone", "0:pass"}
    # PL appendix, Więzienie: the thief may now add Rubble to any structure; the victim's
    # Temple keeps Marble + Rubble and is completed by one more Marble, not by Rubble.
    t = Table(2, leader=0)
    t.building(0, "prison", "stone", "stone")
    t.building(0, "villa")
    t.building(1, "tower", "concrete", "concrete", complete=True)
    t.building(1, "temple", "marble", "rubble")
    t.clients(0, "architect")
    t.stock(0, "stone", "rubble")
    t.stock(1, "rubble", "marble")
    t.hand(0, "wall")
    s = t.state()
    act(s, "0:lead architect wall", "1:think_jack", "0:build prison stone", "0:prison 1 tower")
    assert "0:build villa rubble" in {str(a) for a in s.legal_actions()}
    act(s, "0:pass")
    act(s, "1:lead architect jack", "0:think_jack")
    assert {str(a) for a in s.legal_actions()} >= {"1:build temple marble"}
    assert "1:build temple rubble" not in {str(a) for a in s.legal_actions()}
    act(s, "1:build temple marble")
    assert s.buildings[1][0].complete
    # PL appendix, Schody: the public Shrine raises the hand limit of every player who
    # had no completed Shrine; its owner does not get it twice.
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
    assert hand_limit(s, 0) == 7 and hand_limit(s, 1) == 7


def test_vaults_are_revealed_when_the_game_is_scored() -> None:
    # PL, Premie kupieckie: "Na koniec gry wszyscy gracze odsłaniają zawartość swoich
    # skarbców" - at the end every vault is turned face up, the unseen Atrium card too.
    t = Table(2, leader=0)
    t.building(1, "atrium", "brick", "brick", complete=True)
    t.clients(1, "merchant")
    t.stock(1, "stone")
    t.hand(1, "jack")
    t.hand(0, "villa")
    t.deck_top("temple")
    s = t.state()
    s.deck = s.deck[-1:]  # the Temple is the last card of the deck
    act(s, "0:lead merchant villa", "1:follow jack", "1:sell stone")
    assert s.view(0)["players"][1]["vault"] == ["stone"]
    act(s, "1:sell_deck")
    assert s.is_terminal() and "deck" in s.end_reason
    assert s.outcome().termination == Termination.DECK_EXHAUSTED
    for viewer in (None, 0, 1):
        assert s.view(viewer)["players"][1]["vault"] == ["stone", "marble"]  # in the order they went in
    assert s.determinize(0, 1).view(0) == s.view(0)


def test_a_latrine_or_vomitorium_discard_must_be_followed_by_the_think() -> None:
    # PL appendix, Latryna / Vomitorium: "Zanim pomyślisz możesz odrzucić..." - the discard
    # comes before a Thinker action; it is not a way to empty the hand without thinking
    # (an Academy think at the end of the turn, or a School think).
    t = Table(2, leader=0)
    t.building(1, "academy", "brick", "brick", complete=True)
    t.building(1, "vomitorium", "concrete", "concrete", complete=True)
    t.clients(1, "craftsman")
    t.hand(0, "palisade")
    t.hand(1, "road", "temple", "statue")
    s = t.state()
    act(s, "0:lead craftsman palisade", "1:think_jack", "1:lay road rubble in")
    assert "1:pass" in {str(a) for a in s.legal_actions()}  # the Academy think is optional
    act(s, "1:vomitorium")
    assert "1:pass" not in {str(a) for a in s.legal_actions()}
    act(s, "1:think_draw")
    assert len(s.hands[1]) == 5 and s.leader == 1
    # With no Jack left to take, the draw is the only think left after the discard.
    t = Table(2, leader=0)
    t.building(1, "academy", "brick", "brick", complete=True)
    t.building(1, "vomitorium", "concrete", "concrete", complete=True)
    t.clients(1, "craftsman")
    t.hand(0, "palisade")
    t.hand(1, "road", "temple", "statue", "jack")
    s = t.state()
    act(s, "0:lead craftsman palisade", "1:follow jack", "1:lay road rubble in", "1:pass")
    with edit(s):
        s.jack_pile = 0
    act(s, "1:vomitorium")
    assert {str(a) for a in s.legal_actions()} == {"1:think_draw"}
    act(s, "1:think_draw")
    assert len(s.hands[1]) == 5 and s.leader == 1
    # School: each of its thinks may be preceded by a discard, but not replaced by one.
    t = Table(2, leader=0)
    t.building(0, "school", "brick")
    t.building(0, "latrine", "rubble", complete=True)
    t.stock(0, "brick")
    t.hand(0, "tower", "road", "dock")
    s = t.state()
    act(s, "0:lead architect tower", "1:think_jack", "0:build school brick", "0:latrine road")
    assert "0:pass" not in {str(a) for a in s.legal_actions()}


def test_a_revealed_card_given_away_is_not_dealt_back_as_revealed() -> None:
    # Found by issue 11's games: a card revealed for a demand and then given to another
    # demander is no longer shown; determinize must not deal it back into the hand "revealed".
    t = Table(3, leader=0)
    t.hand(0, "foundry", "palisade", "road").hand(1, "academy", "dock", "market").hand(2, "atrium", "bath")
    s = t.state()
    act(s, "0:lead legionary foundry", "1:follow academy", "2:follow atrium", "0:demand wood", "1:give dock",
        "2:glory", "1:demand wood", "2:glory", "0:give palisade")
    assert s.pending[-1].who == 2 and names(s, s.revealed[0]) == ["palisade"]
    assert "palisade" not in names(s, s.hands[0])
    for seed in range(30):
        assert s.determinize(2, seed).view(2) == s.view(2)
