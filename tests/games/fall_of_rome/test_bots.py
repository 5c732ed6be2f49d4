"""The greedy bot's policy: sensible choices in small positions, and games won."""

from __future__ import annotations

import pytest

import ludus.core.registry as registry
from games.fall_of_rome.fr_helpers import put, scenario
from ludus.agents.greedy import GreedyAgent
from ludus.agents.lookahead import SEARCH
from ludus.agents.random import RandomAgent
from ludus.core.rng import Rng
from ludus.games.fall_of_rome import heuristic, planner
from ludus.games.fall_of_rome.components import Phase
from ludus.games.fall_of_rome.game import FallOfRomeState


def _play_turn(s: FallOfRomeState, seed: int = 0) -> list[str]:
    """The current player's actions with the greedy bot, up to (not including) the draw."""
    rng = Rng(seed)
    taken = []
    while s.phase == Phase.ACTIONS and not s.is_terminal():
        seat = s.to_move()[0]
        action = planner.greedy_action(s, seat, rng, SEARCH)
        assert action is not None
        if action.verb in ("draw", "draw3"):
            break
        taken.append(str(action))
        s.apply(action)
    return taken


def test_bot_forges_an_alliance_it_holds_the_cards_for() -> None:
    s = scenario(cities=("Aquileia", "Roma"), hands=(("Aquileia/blue", "Carnuntum/blue", "Sinope/blue"), ()))
    put(s, "Aquileia", "blue", 1)
    taken = _play_turn(s)
    assert "0:forge_alliance blue" in taken
    assert s.allied[4] == 1


def test_bot_battles_a_city_about_to_be_sacked() -> None:
    s = scenario(roles=("Magister_Militum", "Consul"), cities=("Genua", "Roma"), hands=((), ()))
    put(s, "Genua", "white", 3, legions=3)
    taken = _play_turn(s, seed=3)
    assert any(a.startswith("0:battle") for a in taken)


def test_bot_never_plays_a_destabilizing_event_on_the_last_decline_step() -> None:
    s = scenario(hands=(("Carpe_Diem", "Hic_Manebimus_Optime", "Abundans_Cautela_Non_Nocet"), ()))
    s.decline = 7
    put(s, "Genua", "white", 3)
    taken = _play_turn(s, seed=5)
    assert not any("destabilizing" in a for a in taken)
    assert not s.is_terminal()


def test_value_uses_only_public_information() -> None:
    game = registry.load("fall-of-rome", players=2)
    s = game.new_state(11)
    agents = [GreedyAgent(1), GreedyAgent(2)]
    for _ in range(30):
        seat = s.to_move()[0]
        s.apply(agents[seat].act(s, seat))
    values = {round(heuristic.score(s.determinize(0, seed)), 9) for seed in range(5)}
    assert len(values) == 1


def test_out_of_turn_the_bot_passes() -> None:
    s = scenario()
    assert planner.greedy_action(s, 1, Rng(0), SEARCH) is None


def _alliances(agent: str, seeds: range) -> tuple[int, int]:
    wins = alliances = 0
    for seed in seeds:
        game = registry.load("fall-of-rome", players=1, difficulty="novice")
        s = game.new_state(seed)
        bot = GreedyAgent(seed) if agent == "greedy" else RandomAgent(seed)
        while not s.is_terminal():
            s.apply(bot.act(s, 0))
        wins += s.result == "win"
        alliances += sum(s.allied)
    return wins, alliances


@pytest.mark.slow
def test_greedy_bot_forges_alliances_and_wins_solitaire_games() -> None:
    seeds = range(20)
    greedy_wins, greedy_alliances = _alliances("greedy", seeds)
    random_wins, random_alliances = _alliances("random", seeds)
    assert greedy_wins >= 1 and random_wins == 0
    assert greedy_alliances >= 2 * len(seeds) > random_alliances
