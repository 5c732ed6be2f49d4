"""What a search bot needs: a canonical determinize and a team value for every seat."""

from __future__ import annotations

import pytest

import ludus.core.registry as registry
from ludus.core.rng import Rng
from ludus.games.fall_of_rome.game import FallOfRomeState
from ludus.testing.hidden import check_determinize_canonical

OPTIONS: list[dict[str, object]] = [
    {},
    {"difficulty": "heroic", "roles": "chosen"},
    {"roma_caput_mundi": True, "vestalis_may_return_revolt": True},
]


def _random_states(players: int, seed: int, every: int, **options: object) -> list[FallOfRomeState]:
    """Every ``every``-th state of a seeded random game (the last one included)."""
    game = registry.load("fall-of-rome", players=players, **options)
    s: FallOfRomeState = game.new_state(seed)
    rng = Rng(seed * 31 + players)
    out = []
    steps = 0
    while not s.is_terminal():
        if steps % every == 0:
            out.append(s.clone())
        actions = s.legal_actions()
        s.apply(actions[rng.randbelow(len(actions))])
        steps += 1
    return out


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_determinize_is_canonical(players: int) -> None:
    checked = 0
    for i, options in enumerate(OPTIONS):
        game = registry.load("fall-of-rome", players=players, **options)
        rng = Rng(players * 100 + i)
        for seed in (players + 10 * i, players + 10 * i + 100):
            for step, s in enumerate(_random_states(players, seed, 5, **options)):
                check_determinize_canonical(game, s, rng, step)
                checked += 1
    assert checked > 60


@pytest.mark.parametrize("players", [1, 3, 5])
def test_evaluate_all_is_the_team_value_for_every_seat(players: int) -> None:
    game = registry.load("fall-of-rome", players=players)
    states = _random_states(players, 3, 5)
    for s in states:
        values = game.evaluate_all(s)
        assert len(values) == players
        assert values == (game.evaluate(s, 0),) * players
        assert -0.95 <= values[0] <= 0.95
    last = states[-1]
    while not last.is_terminal():
        last.apply(last.legal_actions()[0])
    assert game.evaluate_all(last) == (1.0 if last.outcome().cooperative_win else -1.0,) * players


def test_ismcts_decides_from_the_view_only() -> None:
    """Two states the seat cannot tell apart (the true one and a determinization) get the same decision."""
    from ludus.agents.ismcts import Ismcts

    for s in _random_states(2, 5, 40)[1:4]:
        p = s.to_move()[0]
        twin = s.determinize(p, 99)
        assert twin.to_json() != s.to_json()
        assert Ismcts(seed=4, iterations=60).act(s, p) == Ismcts(seed=4, iterations=60).act(twin, p)
