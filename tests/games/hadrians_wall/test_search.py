"""Issue 18: what search (ISMCTS) needs of Hadrian's Wall.

``determinize`` is canonical (a function of the seat's view and the seed only), and
``evaluate_all`` values every seat at once on the scale of ``returns()``: solo the estimated
final VP, with opponents the lead over the best other seat.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import ludus
from games.hadrians_wall.hw_helpers import positions
from ludus.core.rng import Rng
from ludus.games.hadrians_wall import heuristic
from ludus.games.hadrians_wall.components import Phase
from ludus.games.hadrians_wall.game import HadriansWallState
from ludus.testing.hidden import check_determinize_canonical
from ludus.testing.scenario import started


def _positions(players: int, seed: int, every: int, **options: object) -> Iterator[HadriansWallState]:
    return positions(players, seed, every, 1000, **options)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_determinize_is_canonical_throughout_random_games(players: int) -> None:
    checked = 0
    for seed in (players, players + 10):
        rng = Rng(seed)
        for st in _positions(players, seed, every=5, difficulty="normal"):
            check_determinize_canonical(st.game, st, rng, checked)
            checked += 1
    assert checked > 30


_VARIANTS = [
    *((1, {"campaign_fort": fort, "difficulty": "normal", "campaign_reward": fort > 1})
      for fort in range(1, 17)),
    (3, {"final_pass": True}), (3, {"resource_passing": False}), (2, {"resource_passing": False}),
]


def test_determinize_is_canonical_in_every_campaign_fort_and_option() -> None:
    for players, options in _VARIANTS:
        rng = Rng(5)
        checked = 0
        for st in _positions(players, 3, every=9, **options):
            check_determinize_canonical(st.game, st, rng, checked)
            checked += 1
        assert checked > 3, options


def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    st: HadriansWallState = started("hadrians-wall", 3, 4)
    st.apply(st.legal_actions(1)[0])  # seat 1 has chosen its Path, face down
    hands = [b.hand[:] for b in st.boards]
    worlds = [st.determinize(0, seed) for seed in range(24)]
    for world in worlds:
        assert world.view(0) == st.view(0)
        assert world.boards[0].hand == hands[0] and world.boards[0].choice == -1
        assert world.boards[1].choice in world.boards[1].hand
        for q in (1, 2):
            held = world.boards[q].deck + world.boards[q].hand
            assert sorted(held) == sorted(st.boards[q].deck + st.boards[q].hand)
    assert len({tuple(w.boards[1].hand) for w in worlds}) > 1
    assert len({tuple(w.fate_deck) for w in worlds}) == len(worlds)
    # The same seed from the same view: the same world, whatever the true hidden cards.
    assert st.determinize(0, 7).to_json() == worlds[3].determinize(0, 7).to_json()


@pytest.mark.parametrize("players", [1, 2, 4, 6])
def test_evaluate_all_is_each_seats_estimate_on_the_returns_scale(players: int) -> None:
    for st in _positions(players, players + 20, every=17):
        values = st.game.evaluate_all(st)
        assert heuristic.estimates(st) == [heuristic.evaluate(st, p) for p in range(players)]
        estimates = heuristic.estimates_for_search(st)
        assert len(values) == players and all(-1.0 <= v <= 1.0 for v in values)
        if players == 1:
            continue
        # With opponents: a seat's value orders with its lead, only the leaders are above 0.
        best = max(estimates)
        for p in range(players):
            assert (values[p] > 0) == (estimates[p] == best and estimates.count(best) == 1)
        assert sorted(range(players), key=lambda p: values[p]) == sorted(range(players),
                                                                         key=lambda p: estimates[p])


def test_solo_evaluate_all_values_the_score_itself() -> None:
    game = ludus.load("hadrians-wall", players=1, difficulty="normal")
    final = None
    for st in _positions(1, 3, every=50):
        final = st
    assert final is not None and final.is_terminal()
    vp = final.outcome().scores[0]
    assert heuristic.evaluate(final, 0) == vp
    # More VP is better all the way: 55 and 65 VP stay apart (not squashed flat at the top).
    with_vp = [heuristic.evaluate_all_of([v])[0]
               for v in (-20.0, 0.0, heuristic.SOLO_CENTRE, 45.0, 55.0, 65.0)]
    assert with_vp == sorted(with_vp) and len(set(with_vp)) == len(with_vp) and with_vp[2] == 0.0
    assert with_vp[-1] - with_vp[-2] > 0.1 and with_vp[0] > -1.0
    assert game.evaluate_all(final) == heuristic.evaluate_all_of([vp])


def test_evaluate_all_of_values_the_lead_over_the_best_other_seat() -> None:
    values = heuristic.evaluate_all_of([60.0, 50.0, 50.0])
    assert values[0] == -values[1] and values[1] == values[2] and values[0] > 0.7
    tied = heuristic.evaluate_all_of([60.0, 60.0, 40.0])
    assert tied[0] == tied[1] == 0.0 and tied[2] < -0.9


def test_the_search_estimate_still_counts_the_attacks_in_the_favour_phase() -> None:
    # The greedy estimate drops the attacks once the Year is ended (it never rates such a
    # state); search rates it, so the attacks still to come keep counting there: ending the
    # Year does not raise the value by itself.
    seen = 0
    for st in _positions(2, 8, every=1, difficulty="hard"):
        if st.phase is Phase.FAVOUR:
            search, greedy = heuristic.estimates_for_search(st), heuristic.estimates(st)
            assert all(s <= g for s, g in zip(search, greedy))
            seen += search != greedy
    assert seen > 0
