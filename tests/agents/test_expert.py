"""The ``expert`` level: its search, its values and its guarantees (issue 33)."""

from __future__ import annotations

import pytest

import ludus
from fixtures.fixture_games import DrawState
from ludus.agents import AGENTS, LEVELS, GreedyAgent, Level, make_agent
from ludus.agents.levels import EXPERT_MARGIN, EXPERT_NOISE
from ludus.agents.rollout import Rollout, margin_value
from ludus.core.actions import Action

from .test_ismcts import twin_positions

pytestmark = pytest.mark.usefixtures("fixture_games")


def test_expert_is_a_level_players_can_pick() -> None:
    assert LEVELS[-1] == "expert" and "expert" in AGENTS
    assert isinstance(make_agent("expert", 1), Level)


@pytest.mark.parametrize(("game", "players", "rollouts", "width", "rounds"), [
    ("glory-to-rome", 2, 40, 5, None), ("glory-to-rome", 4, 20, 5, None), ("trajan", 2, 7, 3, 3),
    ("trajan", 3, 4, 3, 2), ("hadrians-wall", 2, 16, 5, None), ("hadrians-wall", 6, 5, 5, None)])
def test_expert_is_policy_rollout_at_its_budget_with_opponents_that_are_not_the_greedy_bot(
        game: str, players: int, rollouts: int, width: int, rounds: int | None) -> None:
    state = ludus.load(game, players).new_state(seed=2)
    seat = state.to_move()[0]
    bot = make_agent("expert", 1)
    assert isinstance(bot, Level) and bot.act(state, seat) in state.legal_actions(seat)
    search = bot.search
    assert isinstance(search, Rollout)
    assert (search.rollouts, search.width) == (rollouts, width)
    # rounds of the table a simulation plays (None: the levels' own, the game's search_turns)
    assert search.turns == (state.game.search_turns if rounds is None else rounds * players)
    assert (search.noise, search.margin) == (EXPERT_NOISE, EXPERT_MARGIN) and search.noise > 0 < search.margin


def test_fall_of_romes_expert_is_the_greedy_planner_with_three_times_hards_beam() -> None:
    state = ludus.load("fall-of-rome", 2).new_state(seed=1)
    seat = state.to_move()[0]
    bot = make_agent("expert", 1)
    assert bot.act(state, seat) in state.legal_actions(seat)
    assert isinstance(bot, Level) and isinstance(bot.search, GreedyAgent) and bot.search.search.breadth == 12


def _finished(scores: list[int]) -> DrawState:
    state = DrawState.setup(ludus.load("fixture-draw", players=2), 0)
    state.deck, state.hands, state.scores = [], [[], []], list(scores)
    assert state.is_terminal()
    return state


def test_a_finished_simulation_is_valued_with_its_margin() -> None:
    near, far = _finished([9, 10]), _finished([2, 10])
    assert near.returns()[0] == far.returns()[0] == -1.0  # the returns alone: lost alike
    assert margin_value(near, 0, -1.0, 0.4) > margin_value(far, 0, -1.0, 0.4)
    assert margin_value(near, 1, 1.0, 0.4) < margin_value(far, 1, 1.0, 0.4)  # a safer win is worth more
    assert margin_value(far, 0, -1.0, 0.0) == -1.0  # no weight: the returns
    assert margin_value(far, 1, 1.0, 0.4) == pytest.approx(0.6 + 0.4 * 0.8)


def test_an_unfinished_simulation_keeps_its_value() -> None:
    state = ludus.load("fixture-draw", players=2).new_state(0)
    assert margin_value(state, 0, 0.25, 0.4) == 0.25


def test_expert_decides_the_same_on_states_that_differ_only_in_what_the_seat_cannot_see() -> None:
    decided: set[Action] = set()
    for seed, (state, twin, seat) in enumerate(twin_positions()):
        bot = Rollout(seed=seed, rollouts=8, turns=4, noise=EXPERT_NOISE, margin=EXPERT_MARGIN)
        again = Rollout(seed=seed, rollouts=8, turns=4, noise=EXPERT_NOISE, margin=EXPERT_MARGIN)
        decisions = [bot.act(state, seat), again.act(twin, seat)]
        assert decisions[0] == decisions[1]
        decided.add(decisions[0])
    assert len(decided) > 1


@pytest.mark.parametrize("game", ["glory-to-rome", "trajan", "hadrians-wall"])
def test_the_expert_level_decides_the_same_on_twin_positions_of_each_competitive_game(game: str) -> None:
    state = ludus.load(game, 2).new_state(seed=4)
    greedy = [GreedyAgent(p) for p in range(2)]
    for _ in range(12):  # a few decisions in: hands dealt, piles unseen
        seat = state.to_move()[0]
        state.apply(greedy[seat].act(state, seat))
    seat = state.to_move()[0]
    twin = state.determinize(seat, 99)  # what the seat cannot see re-dealt
    assert twin.view(seat) == state.view(seat) and twin.to_json() != state.to_json()
    assert make_agent("expert", 5).act(state, seat) == make_agent("expert", 5).act(twin, seat)


def test_noise_and_margin_out_of_range_are_refused() -> None:
    with pytest.raises(ValueError, match="noise and margin"):
        Rollout(noise=1.5)
    with pytest.raises(ValueError, match="noise and margin"):
        Rollout(margin=-0.1)
