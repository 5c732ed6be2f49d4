"""The conformance suite for every player count and option; hidden information."""

from __future__ import annotations

import pytest

import ludus.core.registry as registry
from games.fall_of_rome.fr_helpers import act, scenario
from ludus.core.rng import Rng
from ludus.games.fall_of_rome.components import CARD_TOKENS, REVOLT, Phase
from ludus.testing import check_game


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("difficulty", ["novice", "normal", "heroic"])
def test_check_game_each_difficulty(players: int, difficulty: str) -> None:
    check_game("fall-of-rome", players=players, options={"difficulty": difficulty}, games=1, seed=players)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize(
    "options",
    [
        {"roma_caput_mundi": True},
        {"roma_caput_mundi": True, "difficulty": "legendary"},
        {"roles": "chosen", "first_player": "most_days"},
        {"vestalis_may_return_revolt": True, "roma_caput_mundi": True, "regina_cubes_into_roma": True},
    ],
)
def test_check_game_options(players: int, options: dict[str, object]) -> None:
    check_game("fall-of-rome", players=players, options=options, games=2, seed=7 + players)


def test_determinize_keeps_revolt_piles_and_known_cards() -> None:
    game = registry.load("fall-of-rome", players=3)
    s = game.new_state(11)
    while s.phase == Phase.START:
        act(s, str(s.legal_actions()[0]))
    for seed in range(10):
        d = s.determinize(0, seed)
        assert d.piles == s.piles and d.view(0) == s.view(0)
        start = 0
        for size in s.piles:
            assert d.pdeck[start : start + size].count(REVOLT) == s.pdeck[start : start + size].count(REVOLT)
            start += size
        assert sorted(d.pdeck) == sorted(s.pdeck) or sorted(d.pdeck + d.box_events) == sorted(
            s.pdeck + s.box_events
        )
        assert d.hands == s.hands and d.bdiscard == s.bdiscard
    assert len({s.determinize(0, seed).digest() for seed in range(5)}) > 1


def test_determinize_keeps_the_melius_order_and_vestalis_known_top() -> None:
    s = scenario(roles=("Vestalis", "Consul"), hands=(("Melius_Cavere_Quam_Pavere",), ()))
    top6 = s.bdeck[-6:]
    act(s, "0:play Melius_Cavere_Quam_Pavere normal")
    for card in top6[:5]:
        act(s, f"0:place {CARD_TOKENS[card]}")
    order = list(s.bdeck[-6:])
    assert order == list(reversed(top6))
    act(s, "0:draw3")
    act(s, str(s.legal_actions(0)[0]))  # put one card back: it is known
    top = s.pdeck[-1]
    assert s.pknown == 1
    for seed in range(5):
        d = s.determinize(1, seed)
        assert d.bdeck[-6:] == order and d.pdeck[-1] == top and d.view(1) == s.view(1)


def test_random_play_is_reproducible() -> None:
    game = registry.load("fall-of-rome", players=4)
    digests = []
    for _ in range(2):
        s = game.new_state(5)
        rng = Rng(9)
        while not s.is_terminal():
            moves = s.legal_actions()
            s.apply(moves[rng.randbelow(len(moves))])
        digests.append(s.digest())
    assert digests[0] == digests[1]
