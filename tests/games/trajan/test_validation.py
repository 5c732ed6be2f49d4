"""Issue 10: a tampered Trajan state is a StateError naming the field (validation.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import ludus
from games.trajan.tj_helpers import in_play, rebuilt_by_seat_0
from ludus.core.errors import StateError
from ludus.core.rng import Rng
from ludus.games.trajan.components import ACTION, SOW
from ludus.games.trajan.game import TrajanState
from ludus.games.trajan.rules.cards import drawn


def _saved(state: TrajanState) -> dict[str, Any]:
    return json.loads(json.dumps(state.to_json()))


def _reached(players: int, seed: int, done: Callable[[TrajanState], bool]) -> TrajanState:
    """A random game of ``players`` played until ``done`` holds."""
    state = in_play(players, seed)
    rng = Rng(seed)
    while not done(state):
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    return state


def _refused(data: dict[str, Any], field: str, players: int = 2) -> str:
    with pytest.raises(StateError) as caught:
        ludus.load("trajan", players).state_from_json(data)
    message = str(caught.value)
    assert f"'{field}'" in message, message
    return message


def _sowing() -> dict[str, Any]:
    """A saved state in the middle of a sowing (markers of two colours still in hand)."""
    state = _reached(2, 3, lambda s: s.phase == SOW and len([c for c in s.hand_markers if c]) > 1)
    return _saved(state)


def test_real_states_load_back() -> None:
    game = ludus.load("trajan", 3)
    state = game.new_state(4)
    rng = Rng(4)
    while not state.is_terminal():
        data = _saved(state)
        assert game.state_from_json(data).to_json() == data
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    assert game.state_from_json(_saved(state)).is_terminal()


@pytest.mark.parametrize("left", [0, -1, -5])
def test_sowing_with_no_marker_left_is_refused(left: int) -> None:
    # issue 10: "sow_left <= 0 makes the next apply loop forever"
    data = _sowing()
    data["sow_left"] = left
    _refused(data, "sow_left")


def test_sowing_more_markers_than_in_hand_is_refused() -> None:
    data = _sowing()
    data["sow_left"] += 1
    _refused(data, "sow_left")


def test_a_duplicated_tile_is_refused() -> None:
    data = _saved(in_play(2, 1))
    data["fdeck"][0] = data["fdeck"][1]
    message = _refused(data, "fdeck")
    assert "twice" in message


def test_a_duplicated_card_is_refused() -> None:
    data = _saved(in_play(2, 1))
    data["draw"].append(data["draw"][0])
    _refused(data, "draw")


def test_an_unknown_card_is_refused() -> None:
    data = _saved(in_play(2, 1))
    data["draw"][0] = 12
    assert "outside 0..11" in _refused(data, "draw")


def test_an_unknown_trajan_tile_is_refused() -> None:
    data = _saved(in_play(2, 1))
    data["trajan_stacks"][0][0] = 54
    _refused(data, "trajan_stacks")


def test_a_trajan_tile_in_another_category_stack_is_refused() -> None:
    data = _saved(in_play(2, 1))
    stacks = data["trajan_stacks"]
    stacks[0][0], stacks[1][0] = stacks[1][0], stacks[0][0]
    assert "category" in _refused(data, "trajan_stacks")


@pytest.mark.parametrize("field", ["supply", "mcamp", "wcamp"])
def test_a_negative_count_is_refused(field: str) -> None:
    data = _saved(in_play(2, 1))
    data[field][0] = -1
    _refused(data, field)


def test_a_negative_hand_count_is_refused() -> None:
    data = _saved(in_play(2, 1))
    data["hand"][0][0] = -1
    _refused(data, "hand")


@pytest.mark.parametrize(("field", "seat"),
                         [("current", 5), ("current", -1), ("decider", 2), ("decider", -1)])
def test_a_seat_out_of_range_is_refused(field: str, seat: int) -> None:
    data = _saved(in_play(2, 1))
    data[field] = seat
    _refused(data, field)


@pytest.mark.parametrize(("field", "value"),
                         [("time_pos", "3"), ("time_pos", 1.5), ("vp", "x"), ("hand", [1, 2])])
def test_a_wrong_type_is_refused(field: str, value: object) -> None:
    data = _saved(in_play(2, 1))
    data[field] = value
    _refused(data, field)


def test_a_list_of_the_wrong_length_is_refused() -> None:
    data = _saved(in_play(2, 1))
    data["vp"].append(0)
    assert "3 entries instead of 2" in _refused(data, "vp")


def test_the_time_marker_off_the_track_is_refused() -> None:
    data = _saved(in_play(2, 1))
    data["time_pos"] = 11  # the 2-player track has spaces 0..10
    _refused(data, "time_pos")


def test_a_marker_too_many_is_refused() -> None:
    data = _saved(in_play(2, 1))
    tray = next(t for t in data["trays"][0] if sum(t) < 12)
    tray[0] += 1
    _refused(data, "trays")


def test_the_arch_on_an_occupied_slot_is_refused() -> None:
    data = _saved(in_play(2, 1))
    data["arch"][0] = 1  # slot II holds a pre-game tile
    _refused(data, "arch")


def test_a_quarter_beyond_the_fourth_is_refused() -> None:
    data = _saved(in_play(2, 1))
    data["quarter"] = 4
    _refused(data, "quarter")


def test_decisions_pending_outside_the_action_step_are_refused() -> None:
    data = _saved(in_play(2, 1))
    data["agenda"] = [0]
    _refused(data, "agenda")


def test_a_saved_decision_out_of_range_is_refused() -> None:
    data = _saved(_reached(2, 2, lambda s: s.phase == ACTION))
    data["agenda"] = [12]
    _refused(data, "agenda")
    data = _saved(_reached(2, 2, lambda s: s.phase == ACTION))
    data["sub"] = 7
    _refused(data, "sub")


def test_cards_drawn_from_a_rebuilt_pile_must_be_in_the_hand() -> None:
    state, _ = rebuilt_by_seat_0()
    data = _saved(state)
    card = next(c for c, k in enumerate(data["hand"][1]) if not k)
    data["pile_log"][1].append(drawn(1, card))  # seat 1 drew a card it does not hold
    assert "drawn than the hand" in _refused(data, "pile_log")
    data = _saved(state)
    data["pile_log"][1] += [card, drawn(1, card)]  # shown before it was drawn
    assert "did not hold" in _refused(data, "pile_log")
    data = _saved(state)
    data["pile_log"][1].append(99)  # no such commodity
    _refused(data, "pile_log")
    data = _saved(state)
    data["pile_rebuilt"] = 0
    assert "'pile_rebuilt' is 0" in _refused(data, "pile_log")
    data = _saved(state)
    data["pile_log"][0][0] = drawn(2, 0)  # a second rebuilt pile that never was
    _refused(data, "pile_log")
    data = _saved(state)
    data["pile_rebuilt"] = -1
    _refused(data, "pile_rebuilt")
