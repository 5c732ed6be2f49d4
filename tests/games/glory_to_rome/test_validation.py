"""Issue 10: a tampered Glory to Rome state is a StateError naming the field."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import ludus.games.glory_to_rome as gtr
from ludus.core.errors import StateError
from ludus.core.rng import Rng


def _mid_game() -> dict[str, Any]:
    """A 3-player position in the action phase, after at least 60 random actions."""
    s = gtr.GAME(players=3).new_state(11)
    rng = Rng(5)
    for _ in range(60):
        s.apply(rng.choice(s.legal_actions()))
    while s.phase != 2:
        s.apply(rng.choice(s.legal_actions()))
    return s.to_json()


DATA = _mid_game()


def _refused(change: Any) -> str:
    data = copy.deepcopy(DATA)
    change(data)
    with pytest.raises(StateError) as err:
        gtr.GAME(players=3).state_from_json(data)
    return str(err.value)


def test_the_untouched_state_loads() -> None:
    s = gtr.GAME(players=3).state_from_json(copy.deepcopy(DATA))
    assert s.to_json() == DATA


def test_a_duplicated_card_is_refused() -> None:
    def twice(d: dict[str, Any]) -> None:
        d["hands"][0].append(d["deck"][0])
    assert "Order cards" in _refused(twice)


def test_an_unknown_card_is_refused() -> None:
    def unknown(d: dict[str, Any]) -> None:
        d["deck"][0] = 10**30
    assert "state field 'deck'" in _refused(unknown)
    def negative(d: dict[str, Any]) -> None:
        d["deck"][0] = -1
    assert "state field 'deck'" in _refused(negative)


def test_a_negative_count_is_refused() -> None:
    def jacks(d: dict[str, Any]) -> None:
        d["hand_jacks"][1] = -1
        d["jack_pile"] += 1
    assert "state field 'hand_jacks'" in _refused(jacks)
    def sites(d: dict[str, Any]) -> None:
        d["in_town"][2] = -1
    assert "state field 'in_town'" in _refused(sites)


def test_a_seat_out_of_range_is_refused() -> None:
    def current(d: dict[str, Any]) -> None:
        d["current"] = 5
    assert "state field 'current': seat 5 in a 3-player game" in _refused(current)
    def leader(d: dict[str, Any]) -> None:
        d["leader"] = -2
    assert "state field 'leader'" in _refused(leader)
    def give(d: dict[str, Any]) -> None:
        assert d["phase"] == 2  # the action phase: a give may be pending
        d["gives"] = [[7, 2, 0, 0]]
    assert "state field 'gives': seat 7" in _refused(give)


def test_a_wrong_type_is_refused() -> None:
    def text(d: dict[str, Any]) -> None:
        d["pool"][0] = "road"
    assert "state field 'pool'" in _refused(text)
    def flag(d: dict[str, Any]) -> None:
        d["hand_jacks"][0] = True
    assert "state field 'hand_jacks'" in _refused(flag)
    def frame(d: dict[str, Any]) -> None:
        d["stack"] = [[0, 1.5, 1, 0, 0, 0, 0]]
    assert "state field 'stack'" in _refused(frame)


def test_lengths_must_match_the_player_count() -> None:
    def short(d: dict[str, Any]) -> None:
        d["hands"].pop()
    assert "state field 'hands': 2 entries for 3 players" in _refused(short)
    def players(d: dict[str, Any]) -> None:
        d["n"] = 4
    assert "state field 'n'" in _refused(players)


def test_pending_decisions_must_be_well_formed() -> None:
    def petition(d: dict[str, Any]) -> None:
        d["petition"] = [9, 1, 2]
    assert "state field 'petition'" in _refused(petition)
    def opened(d: dict[str, Any]) -> None:  # a petition opened, no card yet, but a material
        d["phase"], d["stack"], d["gives"], d["demands"], d["petition"] = 0, [], [], [], [2, 2, 1]
    assert "state field 'petition': material 2 before the first card" in _refused(opened)
    def demand(d: dict[str, Any]) -> None:
        d["demands"] = [7]
    assert "state field 'demands'" in _refused(demand)
    def stranded(d: dict[str, Any]) -> None:  # the action phase with nothing left to decide
        d["phase"] = 2
        d["role"] = 0
        d["stack"] = []
        d["gives"] = d["demands"] = d["colosseum"] = []
        d["act_index"] = 3
    assert "state field 'phase'" in _refused(stranded)
