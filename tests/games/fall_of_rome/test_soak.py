"""Long runs (``-m slow``): greedy games with out-of-turn events, checked after every action."""

from __future__ import annotations

import json

import pytest

import ludus.core.registry as registry
from games.fall_of_rome.fr_helpers import check_conservation
from ludus.agents.greedy import GreedyAgent
from ludus.core.rng import Rng
from ludus.testing import check_game


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10))
def test_greedy_games_with_random_out_of_turn_events(seed: int) -> None:
    players = 1 + seed % 5
    options = [{}, {"roma_caput_mundi": True}, {"difficulty": "novice"}][seed % 3]
    game = registry.load("fall-of-rome", players=players, **options)
    s = game.new_state(seed)
    agents = [GreedyAgent(seed * 10 + i) for i in range(players)]
    rng = Rng(seed)
    steps = 0
    while not s.is_terminal():
        optional = [a for a in s.legal_actions() if a.player not in s.to_move()]
        if optional and rng.randbelow(4) == 0:
            action = optional[rng.randbelow(len(optional))]
        else:
            seat = s.to_move()[0]
            action = agents[seat].act(s, seat)
        s.apply(action)
        steps += 1
        check_conservation(s)
        if steps % 7 == 0:
            again = game.state_from_json(json.loads(json.dumps(s.to_json())))
            assert again.digest() == s.digest()
            for p in [None, *range(players)]:
                assert s.determinize(p, steps).view(p) == s.view(p)


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_check_game_many_games(players: int) -> None:
    for options in ({}, {"roma_caput_mundi": True, "difficulty": "legendary"}, {"roles": "chosen"}):
        check_game("fall-of-rome", players=players, options=options, games=15, seed=100 + players)
