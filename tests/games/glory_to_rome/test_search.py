"""What search (ISMCTS) needs from Glory to Rome: leaf values on the returns() scale that
reward completing buildings, and decisions that depend only on what the seat sees."""

from __future__ import annotations

import math

import pytest

import ludus.games.glory_to_rome as gtr
from games.glory_to_rome.gtr_table import Table, act
from ludus.agents.ismcts import Ismcts
from ludus.core.rng import Rng
from ludus.games.glory_to_rome.heuristic import evaluate_all, leaf_points


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_evaluate_all_is_on_the_returns_scale_and_is_the_returns_at_the_end(players: int) -> None:
    game = gtr.GAME(players=players)
    s = game.new_state(players)
    rng = Rng(players + 7)
    while not s.is_terminal():
        values = game.evaluate_all(s)
        assert len(values) == players and all(-1.0 <= v <= 1.0 for v in values)
        assert math.isclose(sum(values), 0.0, abs_tol=1e-9)  # a lead over one seat is its loss
        points = leaf_points(s)
        leader = max(range(players), key=points.__getitem__)
        assert values[leader] == max(values)
        s.apply(rng.choice(s.legal_actions()))
    assert game.evaluate_all(s) == s.returns()


def test_completing_a_building_is_the_best_valued_action() -> None:
    """The greedy bot laid foundations and finished none (issue 18): a leaf where the Garden
    is completed is worth more to its builder than any other answer to the Craftsman."""
    t = Table(2, leader=0)
    t.building(0, "garden", "stone", "stone")
    t.hand(0, "dock", "villa", "road", "insula").hand(1, "market")
    s = t.state()
    act(s, "0:lead craftsman dock", "1:follow market")
    values = {}
    for a in s.legal_actions(0):
        after = s.clone()
        after.apply(a)
        values[str(a)] = evaluate_all(after)[0]
    assert max(values, key=values.__getitem__) == "0:build garden villa"
    assert values["0:build garden villa"] > evaluate_all(s)[0]


def test_a_search_decides_the_same_on_states_its_seat_cannot_tell_apart() -> None:
    """ISMCTS sees the game through determinize, which is canonical: for a fixed seed its
    decision on a state and on another determinization of it are the same."""
    game = gtr.GAME(players=3)
    s = game.new_state(4)
    rng = Rng(4)
    checked = 0
    for step in range(120):
        if step % 20 == 10:
            p = s.to_move()[0]
            if len(s.legal_actions(p)) > 1:
                twin = s.determinize(p, rng.next())
                assert Ismcts(seed=step, iterations=40).act(s,
                                                            p) == Ismcts(seed=step, iterations=40).act(
                                                                twin, p)
                checked += 1
        s.apply(rng.choice(s.legal_actions()))
    assert checked >= 3
