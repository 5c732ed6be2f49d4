"""Agents and the play_game driver."""

from __future__ import annotations

import pytest

import ludus
from ludus.agents import GreedyAgent, Level, RandomAgent, make_agent, play_game

pytestmark = pytest.mark.usefixtures("fixture_games")


def test_play_game_finishes_and_records_a_replayable_game() -> None:
    game = ludus.load("fixture-draw", players=3)
    state, record = play_game(game.new_state(9), [RandomAgent(s) for s in range(3)], seed=9)
    assert state.is_terminal()
    assert record.final_digest == state.digest()
    assert ludus.replay(record).digest() == state.digest()


def test_random_agent_is_reproducible_for_a_seed() -> None:
    game = ludus.load("fixture-draw", players=2)
    records = [play_game(game.new_state(4), [RandomAgent(1), RandomAgent(2)], seed=4)[1] for _ in range(2)]
    assert records[0].actions == records[1].actions


def test_random_agents_react_out_of_turn_sometimes() -> None:
    game = ludus.load("fixture-draw", players=3)
    cheers = 0
    for seed in range(20):
        _, record = play_game(game.new_state(seed), [RandomAgent(seed * 3 + s, 0.2) for s in range(3)],
                              seed=seed)
        cheers += sum("cheer" in a for a in record.actions)
    assert cheers > 0


def test_play_game_stops_an_endless_game_at_the_cap_without_raising() -> None:
    game = ludus.load("fixture-endless", players=2)
    assert game.action_cap == 20 * game.info.typical_actions == 100
    state, record = play_game(game.new_state(3), [RandomAgent(1), RandomAgent(2)], seed=3)
    assert not state.is_terminal()
    assert len(record.actions) == game.action_cap
    assert record.stopped == "stopped unfinished at the cap of 100 actions"
    assert record.final_digest is None  # an unfinished record, as `ludus play` saves one
    assert ludus.replay(record).digest() == state.digest()


def test_play_game_takes_an_explicit_cap_and_a_finished_game_is_not_stopped() -> None:
    game = ludus.load("fixture-draw", players=2)
    state, record = play_game(game.new_state(4), [RandomAgent(1), RandomAgent(2)], seed=4, max_actions=3)
    assert len(record.actions) == 3 and record.stopped is not None and not state.is_terminal()
    state, record = play_game(game.new_state(4), [RandomAgent(1), RandomAgent(2)], seed=4)
    assert state.is_terminal() and record.stopped is None and record.final_digest == state.digest()
    assert "stopped" not in record.to_json()


def test_greedy_beats_random_in_the_fixture_game() -> None:
    game = ludus.load("fixture-draw", players=2)
    wins = 0
    for seed in range(30):
        state, _ = play_game(game.new_state(seed), [GreedyAgent(seed), RandomAgent(seed)], seed=seed)
        wins += 0 in state.outcome().winners
    assert wins >= 18


def test_unknown_agent_name() -> None:
    with pytest.raises(ludus.LudusError, match="unknown agent 'smart'"):
        make_agent("smart")


def test_drivers_ask_each_seat_for_its_own_actions_only() -> None:
    # Issue 10: legal_actions() without a seat lists other seats' options (their secrets);
    # bots, play_game and the terminal only ever ask legal_actions(seat).
    import io

    from rich.console import Console

    from fixtures.fixture_games import DrawGame, DrawState
    from ludus.core.actions import Action
    from ludus.play.terminal import TerminalSession

    class OneSeatState(DrawState):
        def legal_actions(self, player: int | None = None) -> list[Action]:
            assert player is not None, "a driver asked for every seat's legal actions"
            return super().legal_actions(player)

    class OneSeatGame(DrawGame):
        state_class = OneSeatState

    game = OneSeatGame(3)
    for agents in ([RandomAgent(1, react_probability=0.5), GreedyAgent(2), RandomAgent(3)],
                   [GreedyAgent(4), GreedyAgent(5), RandomAgent(6, react_probability=1.0)]):
        final, record = play_game(game.new_state(5), agents, seed=5)
        assert final.is_terminal() and record.actions
    state = game.new_state(6)
    session = TerminalSession(game, state, ludus.GameRecord(game.info.id, 3, 6, game.option_dict, []),
                              humans=[0], bots={1: RandomAgent(1, 1.0), 2: GreedyAgent(2)},
                              console=Console(file=io.StringIO()), input_fn=lambda prompt: "1")
    assert session.run() is not None


def test_fall_of_rome_levels_are_the_greedy_planner_with_a_wider_beam() -> None:
    state = ludus.load("fall-of-rome", 2).new_state(seed=1)
    seat = state.to_move()[0]
    for name, breadth in (("easy", 1), ("normal", 2), ("hard", 4)):
        bot = make_agent(name, 1)
        assert bot.act(state, seat) in state.legal_actions(seat)
        search = bot.search if isinstance(bot, Level) else bot
        assert isinstance(search, GreedyAgent) and search.search.breadth == breadth


def test_the_wider_planner_decides_the_same_on_positions_its_seat_cannot_tell_apart() -> None:
    state = ludus.load("fall-of-rome", 3).new_state(seed=4)
    greedy = [GreedyAgent(p) for p in range(3)]
    for _ in range(25):  # into the first turns: hands dealt, decks and barbarian segments unseen
        seat = state.to_move()[0]
        state.apply(greedy[seat].act(state, seat))
    seat = state.to_move()[0]
    twin = state.determinize(seat, 99)  # what the seat cannot see re-dealt
    assert twin.view(seat) == state.view(seat) and twin.digest() != state.digest()
    assert make_agent("hard", 5).act(state, seat) == make_agent("hard", 5).act(twin, seat)
