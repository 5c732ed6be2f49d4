"""Policy rollout (the greedy bot improved by simulation) on the fixture games and on Nim."""

from __future__ import annotations

import pytest

import ludus
from fixtures.fixture_games import PledgeGame
from ludus.agents import GreedyAgent, Level, make_agent, play_game
from ludus.agents.rollout import Rollout
from ludus.core.actions import Action

from .test_ismcts import NimGame, NimState, twin_positions

pytestmark = pytest.mark.usefixtures("fixture_games")


@pytest.mark.parametrize(("pile", "take"), [(4, 1), (5, 2)])
def test_sees_the_win_that_one_step_cannot(pile: int, take: int) -> None:
    # Nim's value is 0 until the last stone, so the greedy bot takes 1 or 2 at random; leaving 3
    # wins whatever the (greedy) opponent does next, and the simulations see it.
    state = NimState(NimGame(2), pile)
    greedy = {GreedyAgent(seed).act(state, 0) for seed in range(12)}
    assert len(greedy) == 2  # the greedy bot cannot tell the moves apart
    for seed in range(6):
        assert Rollout(seed=seed, rollouts=16, turns=6).act(state, 0) == Action(0, "take", (take,))


def test_a_decision_is_the_same_on_states_that_differ_only_in_what_the_seat_cannot_see() -> None:
    decided = set()
    for seed, (state, twin, seat) in enumerate(twin_positions()):
        decisions = [Rollout(seed=seed, rollouts=8, turns=4).act(s, seat) for s in (state, twin)]
        assert decisions[0] == decisions[1]
        decided.add(decisions[0])
    assert len(decided) > 1


def test_decisions_are_reproducible_for_a_seed() -> None:
    state = ludus.load("trajan", 2).new_state(seed=4)
    first = [Rollout(seed=9, rollouts=4, turns=4).act(state, 0) for _ in range(2)]
    assert first[0] == first[1] and first[0] in state.legal_actions(0)


def test_it_cheers_out_of_turn_when_it_is_the_last_chance_and_passes_when_it_cannot() -> None:
    # The last card: seat 0 plays its 4 and the game ends 9-8, unless seat 1 cheers now (+1: a tie).
    game = ludus.load("fixture-draw", players=2)
    state = game.new_state(2)
    state.deck, state.hands, state.scores, state.turn = [], [[4], []], [5, 8], 0
    bot = Rollout(seed=1, rollouts=4, turns=4)
    assert bot.react(state, 1) == Action(1, "cheer")
    state.cheered[1] = True
    assert bot.react(state, 1) is None  # nothing left to play
    assert bot.react(state, 0) is None  # to move: not a reaction


def test_simultaneous_decisions_are_simulated_for_the_seat_asked() -> None:
    state = ludus.load("hadrians-wall", 2).new_state(seed=5)
    while len(state.to_move()) < 2:
        state.apply(state.legal_actions(state.to_move()[0])[0])
    for seat in state.to_move():
        bot = Rollout(seed=2, rollouts=2, turns=3, width=3)
        assert bot.act(state, seat) in state.legal_actions(seat)
        assert bot.simulations >= 2


def test_a_cooperative_simultaneous_game_is_played_to_the_end() -> None:
    game = PledgeGame(2)
    state, record = play_game(game.new_state(3), [Rollout(seed=s, rollouts=4, turns=3) for s in range(2)],
                              seed=3)
    assert state.is_terminal() and record.stopped is None
    replayed = game.new_state(3)
    for text in record.actions:
        replayed.apply(game.parse_action(replayed, text))
    assert replayed.digest() == state.digest()


def test_it_beats_the_greedy_bot_on_the_fixture_game() -> None:
    game = ludus.load("fixture-draw", players=2)
    wins = 0.0
    for seed in range(8):
        seats = [Rollout(seed=seed, rollouts=8, turns=6), GreedyAgent(seed)]
        me = seed % 2  # seats rotated
        if me:
            seats.reverse()
        state, _ = play_game(game.new_state(seed), seats, seed=seed)
        out = state.outcome()
        wins += (me in out.winners) / len(out.winners)
    assert wins >= 4


def test_bad_budgets_are_refused() -> None:
    with pytest.raises(ValueError, match="rollouts >= 1"):
        Rollout(rollouts=0)


@pytest.mark.parametrize(("game", "players", "normal", "hard", "width"), [
    ("hadrians-wall", 1, 2, 8, 4), ("hadrians-wall", 2, 2, 8, 4), ("hadrians-wall", 4, 1, 4, 4),
    ("hadrians-wall", 6, 1, 2, 4), ("trajan", 2, 2, 6, 3), ("trajan", 4, 1, 3, 3)])
def test_levels_search_by_rollout_with_fewer_simulations_at_larger_tables(
        game: str, players: int, normal: int, hard: int, width: int) -> None:
    state = ludus.load(game, players).new_state(seed=2)
    seat = state.to_move()[0]
    for name, rollouts in (("normal", normal), ("hard", hard)):
        bot = make_agent(name, 1)
        assert isinstance(bot, Level) and bot.act(state, seat) in state.legal_actions(seat)
        assert isinstance(bot.search, Rollout) and (bot.search.rollouts,
                                                    bot.search.width) == (rollouts, width)


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="level must be"):
        Level(1, "master")  # type: ignore[arg-type]


def test_one_candidate_is_played_without_simulating() -> None:
    state = ludus.load("trajan", 2).new_state(seed=4)
    bot = Rollout(seed=3, width=1)
    assert bot.act(state, 0) in state.legal_actions(0) and bot.simulations == 0
    assert Rollout(seed=3, width=2).act(state, 0) in state.legal_actions(0)
