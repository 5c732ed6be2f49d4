"""Issue 10, ruling 19: determinize keeps exactly what the player's view shows.

PL, Tragarz: the card goes under the camp board "tak, by było widać tylko nazwę materiału
budowlanego na karcie" (so that only the material's name on the card is visible); Patron:
"tak, by było widać tylko nazwę roli na karcie" (only the role's name); Cieśla/Murarz: a
material is tucked under the foundation "tak, by było widać rodzaj użytego materiału"
(so that the kind of material is visible). The names of those cards are not shown to
anybody, their owner included, so a determinization deals them anew within their material.
"""

from __future__ import annotations

import pytest

import ludus.games.glory_to_rome as gtr
from games.glory_to_rome.gtr_table import Table, act
from ludus.core.rng import Rng
from ludus.games.glory_to_rome.components import CARD_BUILDING, CARD_MATERIAL, VIS_PUBLIC
from ludus.games.glory_to_rome.decisions import petition_of
from ludus.games.glory_to_rome.game import GtrState
from ludus.testing.hidden import check_determinize_canonical


def _table() -> GtrState:
    t = Table(3, leader=0)
    t.stock(1, "rubble", "wood", "stone")
    t.clients(1, "legionary", "architect")
    t.building(2, "temple", "marble", "marble")  # incomplete: two Marble materials in it
    t.hand(0, "road", "villa", "jack").hand(1, "academy", "bath").hand(2, "statue")
    t.pool("brick", "concrete")
    s = t.state()
    assert sorted(s.card_places()) == list(range(144))
    return s


def test_stockpile_clientele_and_structure_materials_are_dealt_anew_within_their_material() -> None:
    s = _table()
    for observer in (None, 0, 1, 2):
        names: dict[str, set[tuple[int, ...]]] = {"stock": set(), "clients": set(), "materials": set()}
        for seed in range(12):
            d = s.determinize(observer, seed)
            assert d.view(observer) == s.view(observer)
            assert sorted(d.card_places()) == list(range(144))
            assert [CARD_MATERIAL[c] for c in d.stock[1]] == [CARD_MATERIAL[c] for c in s.stock[1]]
            assert [CARD_MATERIAL[c] for c in d.clients[1]] == [CARD_MATERIAL[c] for c in s.clients[1]]
            names["stock"].add(tuple(CARD_BUILDING[c] for c in d.stock[1]))
            names["clients"].add(tuple(CARD_BUILDING[c] for c in d.clients[1]))
            names["materials"].add(tuple(CARD_BUILDING[c] for c in d.buildings[2][0].materials))
            assert d.pool == s.pool and d.buildings[2][0].card == s.buildings[2][0].card
            if observer is not None:
                assert sorted(d.hands[observer]) == sorted(s.hands[observer])
        # The owner (seat 1) sees only materials and roles too: the names vary for everybody.
        assert all(len(v) > 1 for v in names.values()), (observer, names)


def test_revealed_and_own_cards_keep_their_names() -> None:
    t = Table(2, leader=0)
    t.hand(0, "academy", "road", "villa").hand(1, "bar", "insula")
    s = t.state()
    act(s, "0:lead legionary academy", "1:think_jack", "0:demand rubble")
    for seed in range(8):
        d = s.determinize(1, seed)
        assert d.view(1) == s.view(1)
        assert set(s.revealed[0]) <= set(d.hands[0])  # the revealed Road is still there
        assert sorted(d.hands[1]) == sorted(s.hands[1])


def test_vault_cards_keep_the_material_their_viewer_saw() -> None:
    """PL, Kupiec: "jawny jest rodzaj materiału budowlanego w momencie przenoszenia go ze
    składu budowlanego do skarbca - jednak później już nikt (nawet właściciel) nie może
    przeglądać zawartości skarbca" (the material is public as it moves to the vault; later
    nobody, not even the owner, may look): public vault cards keep their material, not their name."""
    s = _table()
    s.vault[1] = [s.stock[1].pop()]
    s.vault_vis[1] = [VIS_PUBLIC]
    seen = set()
    for seed in range(12):
        d = s.determinize(2, seed)
        assert d.view(2) == s.view(2)
        assert CARD_MATERIAL[d.vault[1][0]] == CARD_MATERIAL[s.vault[1][0]]
        seen.add(CARD_BUILDING[d.vault[1][0]])
    assert len(seen) > 1


def test_random_games_views_agree_and_names_move() -> None:
    """Along random 2- to 5-player games: every determinization shows each seat the same view
    and keeps every card once; stockpile names change across seeds."""
    moved = 0
    for players in (2, 3, 4, 5):
        game = gtr.GAME(players=players)
        s = game.new_state(players)
        rng = Rng(players)
        steps = 0
        while not s.is_terminal() and steps < 400:
            if steps % 25 == 0:
                for p in (None, *range(players)):
                    d = s.determinize(p, steps)
                    assert d.view(p) == s.view(p)
                    assert sorted(d.card_places()) == list(range(144))
                    assert d.legal_actions() and d.to_move() == s.to_move()
                    moved += any(d.stock[q] != s.stock[q] for q in range(players))
            s.apply(rng.choice(s.legal_actions()))
            steps += 1
    assert moved > 0


@pytest.mark.parametrize(("players", "options"),
                         [(2, {}), (3, {}), (4, {}), (5, {}), (3, {"rules": "classic"}),
                          (2, {"simplified": True})])
def test_determinize_is_canonical_along_random_games(players: int, options: dict[str, object]) -> None:
    """determinize(p, seed) is a function of p's view and the seed: from a state and from
    another determinization of it (a state p cannot tell apart) it deals the same state. The
    games pass through revealed cards given away, revealed cards anywhere in a hand, clients
    hired this turn and petitions in progress (each broke it once)."""
    game = gtr.GAME(players=players, **options)
    checked = 0
    for seed in range(2):
        s = game.new_state(seed)
        rng = Rng(seed + 40)
        steps = 0
        while not s.is_terminal() and steps < 500:
            if steps % 5 == 0 or petition_of(s) is not None or any(s.revealed) or any(s.fresh):
                check_determinize_canonical(game, s, rng, steps)
                checked += 1
            s.apply(rng.choice(s.legal_actions()))
            steps += 1
    assert checked > 40


def test_hired_clients_are_the_last_of_their_role_after_a_re_deal() -> None:
    """The view shows how many clients of each role were hired this turn, not which: a
    determinization marks the last ones of their role."""
    t = Table(2, leader=0)
    t.clients(1, "legionary", "architect", "legionary")
    s = t.state()
    s.fresh[1] = [s.clients[1][0]]  # the first Legionary was hired this turn
    for seed in range(4):
        d = s.determinize(0, seed)
        assert d.view(0) == s.view(0)
        assert d.fresh[1] == [d.clients[1][2]]
