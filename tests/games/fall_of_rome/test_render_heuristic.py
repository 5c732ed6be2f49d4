"""The text rendering and the greedy bot's heuristic."""

from __future__ import annotations

import ludus.core.registry as registry
from games.fall_of_rome.fr_helpers import put, scenario
from ludus.agents.lookahead import SEARCH
from ludus.core.rng import Rng
from ludus.games.fall_of_rome import planner


def test_render_shows_the_map_tracks_hands_and_alliances() -> None:
    s = scenario(cities=("Tyras", "Roma"), hands=(("Tyras/white",), ()))
    put(s, "Sinope", "blue", 3, legions=2)
    s.allied[2] = 1
    text = s.game.render(s.view(0), 0)
    assert "Sinope" in text and "B3" in text and "fort" in text
    assert "Invasion track 1/8" in text and "Decline 0/8" in text
    assert "Alliances: green" in text and "Tyras (white)" in text and "Consul" in text


def test_evaluate_prefers_fewer_barbarians_and_less_decline() -> None:
    s = scenario()
    worse = s.clone()
    put(worse, "Genua", "white", 3)
    assert s.game.evaluate(s, 0) > s.game.evaluate(worse, 0)
    declined = s.clone()
    declined.decline = 4
    assert s.game.evaluate(s, 0) > s.game.evaluate(declined, 0)
    assert -1 < s.game.evaluate(s, 0) < 1


def test_greedy_action_is_legal_and_passes_out_of_turn() -> None:
    game = registry.load("fall-of-rome", players=2)
    s = game.new_state(4)
    rng = Rng(1)
    for _ in range(40):
        if s.is_terminal():
            break
        seat = s.to_move()[0]
        assert planner.greedy_action(s, 1 - seat, rng, SEARCH) is None
        action = planner.greedy_action(s, seat, rng, SEARCH)
        assert action in s.legal_actions(seat)
        s.apply(action)


def test_every_legal_action_has_a_description() -> None:
    game = registry.load("fall-of-rome", players=3)
    s = game.new_state(2)
    rng = Rng(3)
    while not s.is_terminal():
        for action in s.legal_actions():
            text = game.describe(s, action)
            assert not text.startswith("seat") and text != str(action)  # the menu is the seat's own
        moves = s.legal_actions()
        s.apply(moves[rng.randbelow(len(moves))])
