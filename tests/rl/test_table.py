"""The shared turn order: one seat at a time, masks from the seat's legal actions, observations from its
view."""

from __future__ import annotations

import numpy as np
import pytest

import ludus
from fixtures.fixture_games import PledgeGame
from ludus.core.errors import IllegalActionError
from ludus.core.spaces import ActionKind
from ludus.rl.table import Turns, observation
from rl.rl_helpers import CASES, random_walk, require_space


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_the_mask_is_the_selected_seats_legal_actions_and_nobody_elses(game_id: str, players: int) -> None:
    require_space(game_id, players)
    game = ludus.load(game_id, players=players)
    for reactions in (False, True):
        turns = Turns(game, game.new_state(seed=3), range(players) if reactions else ())
        for t in random_walk(turns, seed=4):
            seat = t.seat
            assert seat is not None
            expected = {game.encode_action(a) for a in t.state.legal_actions(seat)}
            if t.window:
                expected.add(t.pass_id)
            assert set(np.flatnonzero(t.mask(seat))) == expected
            assert t.mask(seat).shape == (t.num_actions,)
            for other in range(players):
                if other != seat:
                    assert not t.mask(other).any()
            if not t.window:
                assert seat in t.state.to_move()


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_a_seats_observation_is_the_same_on_states_it_cannot_tell_apart(game_id: str, players: int) -> None:
    require_space(game_id, players)
    game = ludus.load(game_id, players=players)
    turns = Turns(game, game.new_state(seed=5))
    differed = 0
    for step, t in enumerate(random_walk(turns, seed=6)):
        if step % 7:
            continue
        for seat in [*range(players), None]:
            twin = t.state.determinize(seat, seed=step)
            assert np.array_equal(observation(game, twin, seat), observation(game, t.state, seat))
            differed += twin.digest() != t.state.digest()
    assert differed or players == 1 or not game.info.hidden_information


def test_simultaneous_seats_are_asked_round_robin_in_seat_order() -> None:
    game = ludus.load("fixture-pledge", players=3)
    turns = Turns(game, game.new_state(seed=1))
    asked = []
    for _ in range(6):
        assert turns.seat is not None
        asked.append(turns.seat)
        turns.play(turns.legal_ids(turns.seat)[0])
    assert asked == [0, 1, 2, 0, 1, 2]


def test_a_reaction_window_offers_the_out_of_turn_actions_and_a_pass_until_declined() -> None:
    game = ludus.load("fixture-draw", players=2)
    turns = Turns(game, game.new_state(seed=1), reacting=(0, 1))
    assert (turns.seat, turns.window) == (1, True)  # seat 1 may cheer before seat 0's turn
    assert turns.legal_ids(1) == [game.encode_action(ludus.Action(1, "cheer")), turns.pass_id]
    turns.play(turns.pass_id)
    assert (turns.seat, turns.window, turns.steps) == (0, False, 0)
    turns.play(turns.legal_ids(0)[0])
    assert (turns.seat, turns.window) == (0, True)  # now seat 0 may cheer before seat 1's turn
    turns.play(turns.legal_ids(0)[0])  # it cheers: the state changed, so seat 1 is asked again
    assert (turns.seat, turns.window, turns.steps) == (1, False, 2)  # seat 0 has cheered; 1 is to move
    plain = Turns(game, game.new_state(seed=1))
    assert (plain.seat, plain.window, plain.num_actions) == (0, False, game.num_distinct_actions)


def test_an_illegal_number_changes_nothing_and_a_game_without_numbering_is_refused() -> None:
    game = ludus.load("fixture-draw", players=2)
    turns = Turns(game, game.new_state(seed=1))
    before = turns.state.digest()
    cheer = game.encode_action(ludus.Action(0, "cheer"))
    with pytest.raises(IllegalActionError):
        turns.play(cheer)  # seat 0 is to move: cheering is out of turn only
    assert turns.state.digest() == before and turns.steps == 0
    with pytest.raises(RuntimeError, match="nothing to decline"):
        turns.decline()
    bare = BareGame(2)
    with pytest.raises(ValueError, match="no fixed action numbering"):
        Turns(bare, bare.new_state(0))


class BareGame(PledgeGame):
    """The pledge game without its action numbering."""

    def action_kinds(self) -> list[ActionKind]:
        return []


def test_the_cap_truncates_and_a_clone_and_json_round_trip_keep_the_turn_order() -> None:
    game = ludus.load("fixture-draw", players=2)
    turns = Turns(game, game.new_state(seed=2), reacting=(0, 1), cap=3)
    for _ in range(20):
        if turns.seat is None:
            break
        copy = turns.clone()
        again = Turns.from_json(game, turns.to_json(), (0, 1), 3)
        assert (copy.seat, copy.window, again.seat, again.window) == (turns.seat, turns.window) * 2
        turns.play(turns.legal_ids(turns.seat)[-1])
    assert turns.truncated and turns.steps == 3 and turns.seat is None
