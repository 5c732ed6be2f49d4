"""What the search bots rely on: canonical determinizations and the all-seats evaluation.

``determinize(p, seed)`` must be a function of what seat ``p`` sees and of the seed, so that
ISMCTS, which sees the game only through determinizations, decides the same on two states
that differ only in what its seat cannot see (issue 18).
"""

from __future__ import annotations

import pytest

import ludus
from games.trajan.tj_helpers import in_play
from ludus.core.rng import Rng
from ludus.games.trajan.heuristic import seat_value, seat_values
from ludus.testing.hidden import check_determinize_canonical
from ludus.testing.scenario import edit


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_is_canonical_through_random_games(players: int) -> None:
    game = ludus.load("trajan", players=players)
    checked = 0
    for seed in range(2):
        state = game.new_state(100 + seed)
        rng = Rng(seed)
        step = 0
        while not state.is_terminal():
            if step % 9 == 0:
                check_determinize_canonical(game, state, rng, step)
                checked += 1
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
            step += 1
    assert checked > 40


def test_determinize_is_canonical_with_a_rebuilt_draw_pile() -> None:
    state = in_play(3, 2)
    with edit(state):
        state.discards[0][:0] = state.draw[:-3]
        del state.draw[:-3]
    rng = Rng(5)
    rebuilt = 0
    for step in range(240):
        if state.is_terminal():
            break
        if step % 4 == 0:
            check_determinize_canonical(state.game, state, rng, step)
            rebuilt += state.pile_rebuilt
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    assert rebuilt > 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seat_values_are_seat_value_for_every_seat_and_evaluate_all_is_on_the_returns_scale(
        players: int) -> None:
    game = ludus.load("trajan", players=players)
    state = game.new_state(7)
    rng = Rng(players)
    compared = 0
    while not state.is_terminal():
        if rng.randbelow(4) == 0:
            values = seat_values(state)
            assert values == [seat_value(state, p) for p in range(players)]  # exactly: greedy compares them
            scores = game.evaluate_all(state)
            assert len(scores) == players and all(-1.0 < v < 1.0 for v in scores)
            leader = max(range(players), key=values.__getitem__)
            assert scores[leader] == max(scores) and scores[leader] >= 0.0
            if players == 2:
                assert scores[0] == -scores[1]
            compared += 1
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    assert compared > 40
    assert game.evaluate_all(state) == state.returns()
