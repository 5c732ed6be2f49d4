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

import pytest

from games.trajan.tj_helpers import action_step, in_play, rebuilt_by_seat_0
from ludus.core.errors import StateError
from ludus.core.rng import Rng
from ludus.games.trajan.components import COMMODITIES, SEAPORT
from ludus.games.trajan.game import TrajanState
from ludus.games.trajan.rules.cards import decode
from ludus.games.trajan.validation import violations
from ludus.testing.scenario import conserved, edit, play


def _cards(counts: list[int]) -> Counter[int]:
    return Counter({c: k for c, k in enumerate(counts) if k})


def _drawn(state: TrajanState, seat: int, pile: int = 1) -> Counter[int]:
    """The cards ``seat`` drew from rebuilt pile ``pile`` (its ``pile_log``), shown since or not."""
    return Counter(c for g, c in map(decode, state.pile_log[seat]) if g == pile)


def _hidden(state: TrajanState, seat: int) -> Counter[int]:
    return _cards([h - k for h, k in zip(state.hand[seat], state.known[seat])])


def test_the_rebuilt_pile_is_public_and_the_cards_drawn_from_it_are_counted() -> None:
    state, rebuilt = rebuilt_by_seat_0()
    conserved(state)
    assert state.pile_rebuilt == 1 and sum(_drawn(state, 0).values()) == 2
    names = {COMMODITIES[c]: k for c, k in rebuilt.items()}
    # seat 1 knows the pile's cards, two of which are now in seat 0's hand
    assert state.view(1)["draw_pile_known"] == names
    assert state.view(None)["draw_pile_known"] == names
    assert state.view(1)["players"][0]["hand_from_pile"] == 2
    assert state.view(1)["rebuilt_piles"] == {"cards": [names], "log": [[["draw", 1], ["draw", 1]], []]}
    # seat 0 knows which two it drew: the rest is exactly the draw pile
    assert state.view(0)["draw_pile_known"] == {COMMODITIES[c]: k for c, k in Counter(state.draw).items()}
    assert [entry[2] for entry in state.view(0)["rebuilt_piles"]["log"][0]] == [
        COMMODITIES[decode(e)[1]] for e in state.pile_log[0]]


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
        assert Counter(world.draw) + _drawn(world, 0) == rebuilt
        assert _drawn(world, 0) <= _hidden(world, 0) and sum(world.hand[0]) == sum(state.hand[0])
        drawn_by_0.add(tuple(sorted(_drawn(world, 0).elements())))
        assert world.view(1) == state.view(1)
        assert not violations(world)
    assert len(orders) > 1 and len(drawn_by_0) > 1


def test_a_card_that_must_come_from_the_rebuilt_pile_leaves_it_in_every_world() -> None:
    state, rebuilt = rebuilt_by_seat_0()
    with edit(state):
        # all of seat 0's hidden cards are the two drawn from the pile
        for c in range(len(COMMODITIES)):
            extra = state.hand[0][c] - _drawn(state, 0)[c]
            state.hand[0][c] -= extra
            state.display[0][c] += extra
            state.known[0][c] = 0
    card = next(iter(_drawn(state, 0)))
    play(state, "0:pile left", f"0:discard {COMMODITIES[card]}")
    conserved(state)
    assert state.pile_rebuilt == 1 and state.pile_log[0][-1] == card
    assert state.view(1)["rebuilt_piles"]["log"][0][-1] == ["show", COMMODITIES[card]]
    for seed in range(20):
        world = state.determinize(1, seed)
        # the shown card was one of the pile's: the rest of the pile is in the pile and seat 0's hand
        assert Counter(world.draw) + _hidden(world, 0) == rebuilt - Counter([card])
        assert not violations(world)


def _ambiguous(seed: int) -> tuple[TrajanState, Counter[int], int, int]:
    """Seat 0, holding starting cards and two cards drawn from a rebuilt pile, shows a card that
    could be either; the pile held no card of commodity ``absent``, seat 0's starting hand did.

    Returns the state, the rebuilt pile's cards, the shown card and ``absent``.
    """
    state = in_play(2, seed)
    with edit(state):
        absent = next(c for c in range(len(COMMODITIES)) if state.hand[0][c] > state.known[0][c])
        pile = [c for c in state.draw if c != absent]
        others = [c for c in state.draw if c == absent]
        state.discards[0][:0] = pile[:25]
        state.discards[1][:0] = pile[25:]
        state.draw = []
        state.display[1] = [k + others.count(c) for c, k in enumerate(state.display[1])]
        action_step(state, 0, SEAPORT)
        state.target = SEAPORT
    rebuilt = Counter(state.discards[0][:-1] + state.discards[1][:-1])
    play(state, "0:draw_two")
    card = next(c for c in range(len(COMMODITIES))
                if state.hand[0][c] > _drawn(state, 0)[c] + state.known[0][c] and rebuilt[c])
    play(state, "0:pile left", f"0:discard {COMMODITIES[card]}")
    return state, rebuilt, card, absent


def test_a_card_the_table_cannot_place_keeps_both_worlds_and_never_an_impossible_one() -> None:
    """Seat 0 shows a card that came from the rebuilt pile or from its starting hand: seat 1
    cannot tell. Before, the table then forgot the pile's cards, and a world could put into the
    draw pile a commodity the rebuilt pile never held (issue 33)."""
    worlds: set[tuple[int, bool]] = set()
    for seed in range(3):
        state, rebuilt, card, absent = _ambiguous(seed)
        conserved(state)
        assert not violations(state)
        assert state.pile_rebuilt == 1 and state.view(1)["draw_pile_known"] == {
            COMMODITIES[c]: k for c, k in rebuilt.items()}
        for world_seed in range(40):
            world = state.determinize(1, world_seed)
            assert not violations(world) and world.view(1) == state.view(1)
            assert absent not in world.draw
            assert Counter(world.draw) <= rebuilt
            # the pile's cards are in the draw pile or were drawn by seat 0 (two of them)
            assert Counter(world.draw) + _drawn(world, 0) == rebuilt
            worlds.add((seed, _drawn(world, 0)[card] > 0))
    # in some worlds seat 0 drew no such card (the shown one was a starting card), in others it did
    assert {w[1] for w in worlds} == {True, False}


def test_a_saved_rebuilt_pile_loads_back_and_older_states_keep_their_form() -> None:
    state, _ = rebuilt_by_seat_0()
    data = json.loads(json.dumps(state.to_json()))
    assert "pile_rebuilt" in data and "pile_log" in data
    assert state.game.state_from_json(data).to_json() == data
    fresh = in_play(2, 0).to_json()
    assert "pile_rebuilt" not in fresh and "pile_log" not in fresh


def test_a_rebuilt_pile_saved_by_ludus_0_4_loads_with_the_same_knowledge() -> None:
    """0.4 saved ``pile_hand``: per hand, the cards drawn from the rebuilt pile still held."""
    state, _ = rebuilt_by_seat_0()
    data = json.loads(json.dumps(state.to_json()))
    data["pile_hand"] = [[_drawn(state, p)[c] for c in range(len(COMMODITIES))] for p in range(2)]
    del data["pile_log"]
    loaded = state.game.state_from_json(data)
    assert sorted(loaded.pile_log[0]) == sorted(state.pile_log[0]) and loaded.pile_log[1] == []
    for p in (None, 0, 1):
        assert loaded.view(p) == state.view(p)
    data["pile_hand"][0][0] = 10**9
    with pytest.raises(StateError):
        state.game.state_from_json(data)


def test_a_second_rebuild_keeps_what_was_known_of_the_first() -> None:
    state, first = rebuilt_by_seat_0()
    play(state, "0:pile left", f"0:discard {COMMODITIES[next(iter(_drawn(state, 0)))]}")
    with edit(state):
        # the rest of the first pile is turned face up onto the discard piles
        state.discards[1][:0] = state.draw
        state.draw = []
        action_step(state, 1, SEAPORT)
        state.target = SEAPORT
    second = Counter(state.discards[0][:-1] + state.discards[1][:-1])
    play(state, "1:draw_two")
    assert state.pile_rebuilt == 2
    view = state.view(None)
    assert view["rebuilt_piles"]["log"][1] == [["draw", 2], ["draw", 2]]
    assert len(view["rebuilt_piles"]["cards"]) == 2
    for seed in range(20):
        world = state.determinize(None, seed)
        assert not violations(world)
        assert Counter(world.draw) + _drawn(world, 1, 2) == second
        assert _drawn(world, 0, 1) + _drawn(world, 1, 1) == _drawn(state, 0, 1) + _drawn(state, 1, 1)
    del first


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
            rebuilds += state.pile_rebuilt - was
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

