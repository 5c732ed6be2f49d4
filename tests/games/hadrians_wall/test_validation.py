"""Issue 10: a tampered Hadrian's Wall state is a StateError naming the field (validation.py).

Each test takes a real state's JSON, changes one field as a careless or hostile editor
might, and expects ``Game.state_from_json`` to refuse it with a message naming the field.
The state has no seat-valued field of its own: a seat that does not exist is a board too
many (or an answer pending for another seat, which the JSON cannot even express).
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

import ludus
from ludus.core.errors import StateError
from ludus.core.rng import Rng


def _positions(players: int) -> dict[str, dict[str, Any]]:
    """JSON of a choice, an action phase and a Favour step of one random game."""
    game = ludus.load("hadrians-wall", players=players)
    st = game.new_state(3)
    rng = Rng(8)
    out: dict[str, dict[str, Any]] = {"choose": json.loads(json.dumps(st.to_json()))}
    while not st.is_terminal() and len(out) < 3:
        movers = st.to_move()
        legal = st.legal_actions(movers[rng.randbelow(len(movers))])
        st.apply(legal[rng.randbelow(len(legal))])
        phase = st.to_json()["phase"]
        if phase not in out and st.year >= 2:
            out[phase] = json.loads(json.dumps(st.to_json()))
    return out


POSITIONS = _positions(2)


def _refused(data: dict[str, Any], field: str, players: int = 2) -> str:
    game = ludus.load("hadrians-wall", players=players)
    with pytest.raises(StateError) as err:
        game.state_from_json(data)
    message = str(err.value)
    assert f"'{field}" in message, message
    return message


def _position(phase: str) -> dict[str, Any]:
    return copy.deepcopy(POSITIONS[phase])


def test_the_untampered_positions_load() -> None:
    game = ludus.load("hadrians-wall", players=2)
    assert set(POSITIONS) == {"choose", "actions", "favour"}
    for data in POSITIONS.values():
        assert game.state_from_json(data).to_json() == data


def test_a_duplicated_card_is_refused() -> None:
    data = _position("actions")
    deck = data["boards"][1]["deck"]
    deck[0] = deck[1]
    _refused(data, "boards[1].deck")
    data = _position("actions")
    data["fate_deck"][0] = data["fate_discard"][0]  # one Fate card in two piles
    _refused(data, "fate_discard")


def test_an_unknown_card_is_refused() -> None:
    data = _position("actions")
    data["boards"][0]["paths"][0] = 12  # Player cards are 0–11
    _refused(data, "boards[0].paths")
    data = _position("actions")
    data["neutral"] = [40]
    _refused(data, "neutral")
    data = _position("actions")
    data["year_card"] = 48
    _refused(data, "year_card")


def test_a_negative_count_is_refused() -> None:
    data = _position("actions")
    data["boards"][0]["items"][2] = -1
    _refused(data, "boards[0].items")
    data = _position("actions")
    data["boards"][1]["mining"] = -3
    _refused(data, "boards[1].mining")
    data = _position("actions")
    data["neutral_items"] = [-1]
    _refused(data, "neutral_items")


def test_counts_beyond_the_sheet_are_refused() -> None:
    data = _position("actions")
    data["boards"][0]["cippi"] = 8  # 7 Cippi boxes
    _refused(data, "boards[0].cippi")
    data = _position("actions")
    data["boards"][0]["attrs"] = [0, 0, 26, 0]
    _refused(data, "boards[0].attrs")
    data = _position("actions")
    data["boards"][0]["market"][0] = 7  # Trade Goods 1–6: a 7th distinct good has no bonus
    _refused(data, "boards[0].market")
    data = _position("actions")
    data["boards"][0]["built"] = [0] * 24
    _refused(data, "boards[0].built")
    data = _position("actions")
    data["boards"][0]["map"] = 1 << 20  # 20 cells
    _refused(data, "boards[0].map")


def test_a_seat_that_does_not_exist_is_refused() -> None:
    data = _position("actions")
    data["boards"].append(copy.deepcopy(data["boards"][0]))
    _refused(data, "boards")
    _refused(_position("actions"), "boards", players=3)


def test_a_wrong_type_is_refused() -> None:
    for field, value in (("mining", "3"), ("mining", 1.5), ("mining", True), ("hand", "ab"),
                         ("pending", [1])):
        data = _position("choose")
        data["boards"][0][field] = value
        _refused(data, f"boards[0].{field}")
    data = _position("choose")
    data["boards"][0]["battles"] = [[]]
    _refused(data, "boards[0].battles")
    data = _position("choose")
    data["year"] = 1.0
    _refused(data, "year")
    data = _position("choose")
    data["phase"] = 1
    _refused(data, "phase")
    data = _position("choose")
    data["boards"][1] = []
    _refused(data, "boards[1]")


def test_years_and_phases_out_of_the_game_are_refused() -> None:
    data = _position("actions")
    data["year"] = 7
    _refused(data, "year")
    data = _position("choose")
    data["phase"] = "over"  # over before Year 6
    _refused(data, "phase")
    data = _position("actions")
    data["boards"][0]["training"] = [data["year"] + 1]  # a Year still to come
    _refused(data, "boards[0].training")


def test_the_player_cards_must_be_where_the_year_puts_them() -> None:
    data = _position("choose")
    board = data["boards"][0]
    board["deck"].append(board["hand"].pop())  # one drawn card only: the reveal needs two
    _refused(data, "boards[0].hand")
    data = _position("choose")
    board = data["boards"][0]
    board["choice"] = next(c for c in board["deck"])  # a Path that was not drawn
    _refused(data, "boards[0].choice")
    data = _position("actions")
    data["boards"][0]["choice"] = data["boards"][0]["paths"][0]
    _refused(data, "boards[0].choice")


def test_pending_decisions_must_be_well_formed() -> None:
    data = _position("actions")
    data["boards"][0]["pending"] = ["lunch"]
    _refused(data, "boards[0].pending")
    data = _position("choose")
    data["boards"][0]["pending"] = ["cohort"]  # before the reveal only the Roads' choices wait
    _refused(data, "boards[0].pending")
    data = _position("favour")
    data["boards"][0]["pending"] = ["attr"]
    _refused(data, "boards[0].pending")
    # A scout's pattern that fits nowhere would leave the seat with no legal action.
    data = _position("actions")
    board = data["boards"][0]
    board.update(done=0, scouts=5, map=(1 << 20) - 1 - (1 << 19) - (1 << 18) - (1 << 17) - (1 << 16),
                 pending=[])
    board["pending"] = ["place:O"]  # four cells of the last row are free: the O square fits nowhere
    assert "fits nowhere" in _refused(data, "boards[0].pending")
    board["pending"] = ["place:I"]  # the I line fits there
    assert ludus.load("hadrians-wall", players=2).state_from_json(data).legal_actions(0)
    # More Cohort icons pending than empty Cohort boxes.
    data = _position("actions")
    board = data["boards"][0]
    board.update(done=0, cohorts=[6, 6, 5], pending=["cohort", "cohort"])
    assert "Cohort icons" in _refused(data, "boards[0].pending")


def test_somebody_is_to_move_while_the_game_runs() -> None:
    data = _position("actions")
    for board in data["boards"]:
        board.update(done=1, pending=[])
    _refused(data, "boards")
    data = _position("choose")
    for board in data["boards"]:
        board["choice"] = board["hand"][0]
    _refused(data, "boards")
