"""Issue 34: one table driver (ludus.core.driver.Table) under play_game, the terminal and the web."""

from __future__ import annotations

import pytest

import ludus
from ludus.agents import RandomAgent, play_game
from ludus.core.actions import Action
from ludus.core.api import State
from ludus.core.driver import FatalMove, Table, forced_move
from ludus.core.errors import IllegalActionError, LudusError

pytestmark = pytest.mark.usefixtures("fixture_games")


def test_an_illegal_action_is_refused_once_with_its_reason_and_changes_nothing() -> None:
    table = Table(ludus.load("glory-to-rome", 2).new_state(3))
    before = table.state.digest()
    wrong = table.state.game.parse_action(table.state, "0:lead legionary school")  # seat 1 leads
    with pytest.raises(IllegalActionError) as refused:
        table.play(wrong)
    assert str(refused.value) == f"illegal action {wrong}: {table.state.why_illegal(wrong)}"
    assert table.state.digest() == before and table.actions == [] and table.record.actions == []


def test_the_record_events_and_digests_follow_every_action_and_undo() -> None:
    table = Table(ludus.load("glory-to-rome", 2).new_state(3), seed=3, digests=True)
    lead = table.state.game.parse_action(table.state, "1:lead legionary school")
    events = table.play(lead)
    assert table.actions == [lead] and table.events == [events] and table.record.actions == [lead.notation()]
    assert table.record.digests == [table.state.digest()]
    assert table.undo_steps(1) == 1 and table.undo(1) == 1
    assert table.actions == table.events == table.record.actions == table.record.digests == []
    assert table.state.digest() == ludus.load("glory-to-rome", 2).new_state(3).digest()
    with pytest.raises(LudusError, match="nothing has been played yet"):
        table.undo(1)


def test_a_view_is_built_once_per_seat_and_position() -> None:
    table = Table(ludus.load("glory-to-rome", 2).new_state(3))
    first = table.view(0)
    assert table.view(0) is first and table.view(None) is table.view(None)
    table.play(table.state.game.parse_action(table.state, "1:lead legionary school"))
    assert table.view(0) is not first and table.view(0) == table.state.view(0)


def test_an_undo_takes_back_the_choice_with_the_forced_moves_played_for_it() -> None:
    # Fall of Rome solo: once the first start city is chosen, the second is forced (see test_live).
    table = Table(ludus.load("fall-of-rome", 1).new_state(1))
    for _ in range(8):
        options = table.legal(0)
        choice = next((a for a in options if forced_move(_after(table.state, a), ()) is not None), None)
        if choice is not None:
            break
        table.play(options[0])
    assert choice is not None
    before = table.state.digest()
    table.play(choice)
    assert table.settle() == 1 and table.forced_move() is None
    assert table.undo_steps(0) == 2 and table.history is not None and table.history.undoable(0) >= 2
    assert table.undo(0) == 2 and table.state.digest() == before


def _after(state: State, action: Action) -> State:
    copy = state.clone()
    copy.apply(action)
    return copy


def test_who_moves_next_asks_people_and_plays_bots_and_their_forced_moves() -> None:
    table = Table(ludus.load("glory-to-rome", 2).new_state(3), bots={0: RandomAgent(0)})
    turn = table.next_turn()
    assert turn is not None and (turn.seat, turn.kind) == (1, "ask")
    table.play(table.legal(1)[0])
    turn = table.next_turn()
    assert turn is not None and (turn.seat, turn.kind) == (0, "act")
    assert table.next_turn(people_wait=False) == turn  # a web table: the same bot moves
    assert table.run_bots() >= 1
    turn = table.next_turn()
    assert turn is not None and turn.kind == "ask" and turn.seat == 1
    assert table.next_turn(people_wait=False) is None  # a web table waits for the person only


def test_a_fatal_move_needs_confirming() -> None:
    game = ludus.load("fixture-draw", 2)
    state = game.state_from_json({"rng": 1, "deck": [], "hands": [[1], []], "scores": [0, 5],
                                  "cheered": [True, True], "turn": 0, "plays": 11})
    table = Table(state)
    play = table.legal(0)[0]
    with pytest.raises(FatalMove):
        table.play(play, confirm=False)
    assert table.actions == []
    table.play(play)  # confirmed
    assert table.state.is_terminal() and table.record.final_digest == table.state.digest()


def test_a_mark_puts_the_table_back() -> None:
    table = Table(ludus.load("glory-to-rome", 2).new_state(3))
    mark = table.mark()
    digest = table.state.digest()
    table.play(table.state.game.parse_action(table.state, "1:lead legionary school"))
    table.restore(mark)
    assert table.state.digest() == digest and table.actions == [] and table.record.actions == []
    assert table.undo_steps(1) == 0 and table.next_turn() is not None


@pytest.mark.parametrize("game_id", ["fixture-draw", "glory-to-rome", "hadrians-wall"])
def test_play_game_is_the_driver_with_bots_in_every_seat(game_id: str) -> None:
    # The same game, played by play_game and by hand through next_turn/take_turn, is the same game.
    game = ludus.load(game_id, 2)
    _, record = play_game(
        game.new_state(7), [RandomAgent(1, 0.3), RandomAgent(2, 0.3)], seed=7, max_actions=200
    )
    table = Table(
        game.new_state(7), bots={0: RandomAgent(1, 0.3), 1: RandomAgent(2, 0.3)}, seed=7, undo=False
    )
    while len(table.record.actions) < 200 and (turn := table.next_turn()) is not None:
        table.take_turn(turn)
    assert table.record.actions == record.actions


def test_simultaneous_seats_take_turns_round_robin() -> None:
    # Hadrian's Wall: both seats decide at once; the table asks them in turn, one action each.
    state = ludus.load("hadrians-wall", 2).new_state(2)
    table = Table(state, bots={0: RandomAgent(1), 1: RandomAgent(2)}, undo=False)
    both = 0
    for _ in range(300):
        turn = table.next_turn()
        if turn is None:
            break
        movers = table.state.to_move()
        if turn.kind == "act" and len(movers) == 2 and table.last in movers:
            assert turn.seat != table.last  # the other seat's turn now
            both += 1
        table.take_turn(turn)
    assert both > 10
