"""Ruling 26: the cards of a draw pile rebuilt from the face-up discard piles are public.

[HU] "Felkészülés a játékra": "Fordítsátok meg a legfelső kártyát, és tegyétek képpel felfelé a
húzópakli egyik oldalára, így létrehozva egy dobópaklit." (Turn the top card over and put it face
up beside the draw pile: a discard pile.) [HU] "Kikötőakció": "egy általa választott lapot dobnia
kell a kezéből, és a két dobópakli valamelyikének a tetejére kell tennie, képpel felfelé
fordítva." (He must discard a card of his choice onto one of the two discard piles, face up.)
Every card of the discard piles was seen, so everyone knows which cards a pile rebuilt from them
holds (not their order), and which of them went face down into a hand (how many, not which).
"""

from __future__ import annotations

import json
from collections import Counter

from games.trajan.tj_helpers import action_step, in_play, rebuilt_by_seat_0
from ludus.core.rng import Rng
from ludus.games.trajan.components import COMMODITIES, SEAPORT
from ludus.games.trajan.game import TrajanState
from ludus.games.trajan.validation import violations
from ludus.testing.scenario import conserved, edit, play


def _cards(counts: list[int]) -> Counter[int]:
    return Counter({c: k for c, k in enumerate(counts) if k})


def test_the_rebuilt_pile_is_public_and_the_cards_drawn_from_it_are_counted() -> None:
    state, rebuilt = rebuilt_by_seat_0()
    conserved(state)
    assert state.pile_rebuilt == 1 and sum(state.pile_hand[0]) == 2
    names = {COMMODITIES[c]: k for c, k in rebuilt.items()}
    # seat 1 knows the pile's cards, two of which are now in seat 0's hand
    assert state.view(1)["draw_pile_known"] == names
    assert state.view(None)["draw_pile_known"] == names
    assert state.view(1)["players"][0]["hand_from_pile"] == 2
    # seat 0 knows which two it drew: the rest is exactly the draw pile
    assert state.view(0)["draw_pile_known"] == {COMMODITIES[c]: k for c, k in Counter(state.draw).items()}


def test_determinize_keeps_the_rebuilt_cards_and_shuffles_their_order() -> None:
    state, rebuilt = rebuilt_by_seat_0()
    orders = set()
    drawn_by_0 = set()
    for seed in range(30):
        world = state.determinize(0, seed)
        assert Counter(world.draw) == Counter(state.draw)  # seat 0 knows the pile's cards
        orders.add(tuple(world.draw))
        world = state.determinize(1, seed)
        # seat 1 knows the pile and seat 0's two drawn cards together, not which are where
        assert Counter(world.draw) + _cards(world.pile_hand[0]) == rebuilt
        assert sum(world.pile_hand[0]) == 2 and sum(world.hand[0]) == sum(state.hand[0])
        drawn_by_0.add(tuple(world.pile_hand[0]))
        assert world.view(1) == state.view(1)
    assert len(orders) > 1 and len(drawn_by_0) > 1


def test_a_card_that_must_come_from_the_rebuilt_pile_leaves_its_count() -> None:
    state, rebuilt = rebuilt_by_seat_0()
    with edit(state):
        # all of seat 0's hidden cards are the two drawn from the pile
        for c in range(len(COMMODITIES)):
            extra = state.hand[0][c] - state.pile_hand[0][c]
            state.hand[0][c] -= extra
            state.display[0][c] += extra
            state.known[0][c] = 0
    card = next(c for c in range(len(COMMODITIES)) if state.pile_hand[0][c])
    play(state, "0:pile left", f"0:discard {COMMODITIES[card]}")
    conserved(state)
    assert state.pile_rebuilt == 1 and sum(state.pile_hand[0]) == 1
    assert state.view(1)["draw_pile_known"] == {COMMODITIES[c]: k
                                                for c, k in (rebuilt - Counter([card])).items()}


def _hidden_elsewhere(state: TrajanState, card: int) -> int:
    """Hidden cards of commodity ``card`` in hands, not drawn from the rebuilt pile."""
    return sum(state.hand[q][card] - state.known[q][card] - state.pile_hand[q][card] for q in range(2))


def test_a_card_nobody_else_can_hold_counts_as_drawn_from_the_rebuilt_pile() -> None:
    state, rebuilt = rebuilt_by_seat_0()
    card = next(c for c in range(len(COMMODITIES)) if state.pile_hand[0][c]
                and not _hidden_elsewhere(state, c))
    play(state, "0:pile left", f"0:discard {COMMODITIES[card]}")
    assert state.pile_rebuilt == 1 and sum(state.pile_hand[0]) == 1
    assert state.view(1)["players"][0]["hand_from_pile"] == 1
    assert state.view(1)["draw_pile_known"] == {COMMODITIES[c]: k
                                                for c, k in (rebuilt - Counter([card])).items()}


def test_a_card_the_table_cannot_place_ends_what_is_known_of_the_pile() -> None:
    state, _ = rebuilt_by_seat_0()
    # a starting card of seat 0 that the rebuilt pile also holds: from the pile, or not?
    card = next(c for c in range(len(COMMODITIES))
                if state.hand[0][c] > state.pile_hand[0][c] and state.draw.count(c))
    play(state, "0:pile left", f"0:discard {COMMODITIES[card]}")
    assert state.pile_rebuilt == 0 and not any(map(any, state.pile_hand))
    assert state.view(1)["draw_pile_known"] is None and state.view(1)["players"][0]["hand_from_pile"] == 0
    conserved(state)
    assert not violations(state)


def test_a_saved_rebuilt_pile_loads_back_and_older_states_keep_their_form() -> None:
    state, _ = rebuilt_by_seat_0()
    data = json.loads(json.dumps(state.to_json()))
    assert "pile_rebuilt" in data and "pile_hand" in data
    assert state.game.state_from_json(data).to_json() == data
    fresh = in_play(2, 0).to_json()
    assert "pile_rebuilt" not in fresh and "pile_hand" not in fresh


def test_views_and_determinize_agree_through_games_with_rebuilt_piles() -> None:
    """[view-leak] over random games whose draw pile runs out early and is rebuilt again and again."""
    rebuilds = 0
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        state = in_play(players, seed)
        with edit(state):
            state.discards[0][:0] = state.draw[:-3]
            del state.draw[:-3]
        rng = Rng(seed)
        step = 0
        while not state.is_terminal():
            step += 1
            if step % 3 == 0:
                for p in [None, *range(players)]:
                    world = state.determinize(p, step)
                    assert world.view(p) == state.view(p), (players, seed, step, p)
                    assert not violations(world)
            was = state.pile_rebuilt
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
            rebuilds += state.pile_rebuilt and not was
    assert rebuilds >= 3


def test_a_seat_loading_the_pairs_ship_is_dealt_a_pair() -> None:
    # choosing the pairs ship with nothing loaded tells the table the seat holds a pair
    state = in_play(2, 5)
    with edit(state):
        for c in range(len(COMMODITIES)):
            state.display[0][c] += state.hand[1][c]
            state.hand[1][c] = 0
            state.known[1][c] = 0
        wine = next(c for c in range(len(COMMODITIES)) if state.draw.count(c) >= 2)
        for _ in range(2):
            state.draw.remove(wine)
            state.hand[1][wine] += 1
        action_step(state, 1, SEAPORT)
    conserved(state)
    play(state, "1:ship pairs")
    for seed in range(40):
        world = state.determinize(0, seed)
        assert max(world.hand[1]) >= 2
        assert world.legal_actions(1)

