"""Conservation and hidden-information invariants over random games."""

from __future__ import annotations

import pytest

import ludus
from ludus.agents.lookahead import SEARCH
from ludus.core.rng import Rng
from ludus.games.hadrians_wall import components as c
from ludus.games.hadrians_wall.components import Phase
from ludus.games.hadrians_wall.game import HadriansWallState
from ludus.testing.scenario import conserved


def _check_invariants(st: HadriansWallState) -> None:
    # Every Fate card is in the deck, the discard pile or the current attack.
    fate = st.fate_deck + st.fate_discard + st.attack
    assert sorted(fate) == list(range(len(c.FATE_CARDS)))
    # Every Player card of every set is in its deck, hand, Paths, Prospect or covered Prospects.
    for b in st.boards:
        cards = b.deck + b.hand + b.paths + b.covered + ([b.prospect] if b.prospect >= 0 else [])
        assert sorted(cards) == list(range(12))
        assert b.disdain <= c.DISDAIN_BOXES and 0 <= b.disdain_removed <= b.disdain
        assert all(0 <= a <= c.ATTRIBUTE_MAX for a in b.attrs)
        assert all(x >= 0 for x in b.items)
        assert (b.wall <= b.fort and b.cippi == 0) or c.CIPPI_CHAIN[b.cippi - 1] <= b.fort
        assert sum(b.cohorts) <= 18 and b.production <= 9
    if st.cfg.neutral_per_year:
        assert sorted(st.neutral_deck + st.neutral + st.neutral_discard) == list(range(12))
        assert len(st.neutral) == len(st.neutral_items)
    conserved(st)  # the game's own invariants (checked after every action by check_game)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_conservation_over_random_games(players: int) -> None:
    game = ludus.load("hadrians-wall", players=players, difficulty="hard")
    rng = Rng(players)
    for seed in range(3):
        st = game.new_state(seed)
        assert isinstance(st, HadriansWallState)
        while not st.is_terminal():
            _check_invariants(st)
            actions = st.legal_actions()
            st.apply(actions[rng.randbelow(len(actions))])
        _check_invariants(st)
        assert st.year == 6 and st.phase is Phase.OVER
        assert len(st.outcome().scores) == players


def test_drawn_cards_are_private_until_revealed() -> None:
    game = ludus.load("hadrians-wall", players=3)
    st = game.new_state(1)
    mine = st.view(0)["boards"][0]
    theirs = st.view(1)["boards"][0]
    assert len(mine["hand"]) == 2 and "hand" not in theirs and theirs["hand_size"] == 2
    st.apply(st.legal_actions(0)[0])
    assert st.view(0)["boards"][0]["choice"] is not None
    assert "choice" not in st.view(1)["boards"][0] and st.view(1)["boards"][0]["chosen"] is True
    assert "fate_deck" not in st.view(None)


def test_render_shows_both_sheets() -> None:
    game = ludus.load("hadrians-wall", players=2)
    st = game.new_state(3)
    for p in (0, 1):
        st.apply(st.legal_actions(p)[0])
    text = game.render(st.view(0), 0)
    for word in ("Cohorts", "Wall Guard", "Fort", "Market", "Ludus", "Temples", "Map", "Neutral n0"):
        assert word in text


def test_deep_states_from_greedy_play_round_trip_and_hide_nothing() -> None:
    """Greedy play (with some random moves) reaches the right sheet's buildings; every few
    actions: all legal actions apply to clones, to_json round-trips, views survive determinize."""
    import json

    game = ludus.load("hadrians-wall", players=3, difficulty="normal")
    rng = Rng(42)
    st = game.new_state(0)
    assert isinstance(st, HadriansWallState)
    step = 0
    while not st.is_terminal():
        if step % 9 == 0:
            digest = st.digest()
            legal = st.legal_actions()
            for action in legal:
                st.clone().apply(action)
            assert st.digest() == digest
            rebuilt = game.state_from_json(json.loads(json.dumps(st.to_json())))
            assert rebuilt.digest() == digest and rebuilt.legal_actions() == legal
            for q in (None, 0, 1, 2):
                assert st.view(q) == st.determinize(q, step).view(q)
            _check_invariants(st)
        movers = st.to_move()
        p = movers[rng.randbelow(len(movers))]
        if rng.random() < 0.15:
            actions = st.legal_actions(p)
            action = actions[rng.randbelow(len(actions))]
        else:
            found = game.greedy_action(st, p, rng, SEARCH)
            assert found is not None
            action = found
        st.apply(action)
        step += 1
    assert sum(sum(b.built) for b in st.boards) > 10
