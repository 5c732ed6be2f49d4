"""Issue 10: a tampered Fall of Rome state is refused when loaded, with the field named.

``Game.state_from_json`` runs ``validation.violations`` (ranges the rules rely on) and the
conservation counts of ``invariants.py``; each test below tampers with one field of a real
state and expects a :class:`StateError` whose message names that field.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import ludus
from ludus.core.errors import StateError
from ludus.core.rng import Rng
from ludus.games.fall_of_rome.components import REVOLT, TOKEN_CARD


def _saved(players: int = 2, steps: int = 40, seed: int = 3) -> dict[str, Any]:
    """A real state after ``steps`` random actions, as JSON data."""
    game = ludus.load("fall-of-rome", players)
    s = game.new_state(seed)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        legal = s.legal_actions(s.to_move()[0])
        s.apply(legal[rng.randbelow(len(legal))])
    data: dict[str, Any] = json.loads(json.dumps(s.to_json()))
    return data


def _refused(data: dict[str, Any], field: str, players: int = 2) -> str:
    with pytest.raises(StateError) as info:
        ludus.load("fall-of-rome", players).state_from_json(data)
    message = str(info.value)
    assert f"'{field}'" in message, message
    return message


def test_a_real_state_loads_back_unchanged() -> None:
    data = _saved()
    state = ludus.load("fall-of-rome", 2).state_from_json(data)
    assert state.to_json() == data


def _first_card(data: dict[str, Any]) -> int:
    return int(next(c for h in data["hands"] for c in h))


TAMPERINGS: dict[str, tuple[str, Callable[[dict[str, Any]], None]]] = {
    "a duplicated card": ("hands", lambda d: d["hands"][1].append(d["hands"][0][0])),
    "an unknown card": ("hands", lambda d: d["hands"][0].append(999)),
    "a Revolt in a hand": ("hands", lambda d: d["hands"][0].append(REVOLT)),
    "a card of the wrong type": ("hands", lambda d: d["hands"][0].append("Roma/orange")),
    "a negative cube count": ("cubes", lambda d: d["cubes"].__setitem__(0, -1)),
    "a 4th cube of a tribe in a city": ("cubes", lambda d: d["cubes"].__setitem__(0, 4)),
    "a negative legion reserve": ("reserve", lambda d: d.__setitem__("reserve", -2)),
    "legions beyond the 16": ("legions", lambda d: d["legions"].__setitem__(0, 17)),
    "a second fort in a city": ("forts", lambda d: d["forts"].__setitem__(0, 2)),
    "the invasion marker off its track": ("rate", lambda d: d.__setitem__("rate", 8)),
    "the decline marker past the loss": ("decline", lambda d: d.__setitem__("decline", 9)),
    "a current pawn that does not exist": ("cur", lambda d: d.__setitem__("cur", 5)),
    "a pawn in no city": ("pawn_city", lambda d: d["pawn_city"].__setitem__(1, 31)),
    "a role that does not exist": ("roles", lambda d: d["roles"].__setitem__(0, 7)),
    "a role twice": ("roles", lambda d: d["roles"].__setitem__(1, d["roles"][0])),
    "a hand too many": ("hands", lambda d: d["hands"].append([])),
    "a count of the wrong type": ("actions_left", lambda d: d.__setitem__("actions_left", "4")),
    "a flag of the wrong type": ("drawn", lambda d: d.__setitem__("drawn", 1)),
    "an unknown phase": ("phase", lambda d: d.__setitem__("phase", "lunch")),
    "a Revolt step with no Revolt waiting": ("pending_revolts", lambda d: d.__setitem__("phase", "revolt")),
    "more actions than a turn can hold": ("actions_left", lambda d: d.__setitem__("actions_left", 9)),
    "a barbarian segment of no cards": ("bsegs", lambda d: d["bsegs"].append([0, 0])),
    "player piles that do not make the deck": ("piles",
                                               lambda d: d["piles"].__setitem__(0, d["piles"][0] + 1)),
    "an unknown end of game": ("result", lambda d: d.update(phase="over", result="loss: boredom")),
    "a missing field": ("turn", lambda d: d.pop("turn")),
}


@pytest.mark.parametrize("name", TAMPERINGS)
def test_a_tampered_field_is_named(name: str) -> None:
    field, tamper = TAMPERINGS[name]
    data = _saved()
    tamper(data)
    _refused(data, field)


def test_a_pending_decision_for_a_seat_that_does_not_exist_is_refused() -> None:
    data = _saved()
    card = _first_card(data)
    data["pending"] = [{"k": "pay", "who": 4, "cards": [card], "count": 1}]
    assert "seat 4" in _refused(data, "pending")


def test_a_payment_in_cards_the_payer_does_not_hold_is_refused() -> None:
    data = _saved()
    held = {int(c) for c in data["hands"][0]}
    other = next(c for c in range(49) if c not in held)
    data["pending"] = [{"k": "pay", "who": 0, "cards": [other], "count": 1}]
    _refused(data, "pending")


def test_a_pending_decision_of_an_unknown_kind_is_refused() -> None:
    data = _saved()
    data["pending"] = [{"k": "bribe", "who": 0}]
    _refused(data, "pending")


def test_a_pending_decision_with_a_field_of_the_wrong_type_is_refused() -> None:
    data = _saved()
    data["pending"] = [{"k": "regina", "who": 0, "city": "Roma", "n": 1}]
    assert "city" in _refused(data, "pending")


def test_vestalis_holding_no_cards_is_refused() -> None:
    data = _saved()
    data["pending"] = [{"k": "putback", "who": 0, "cards": []}]
    _refused(data, "pending")


def test_a_solitaire_treasury_card_that_is_an_event_is_refused() -> None:
    data = _saved(players=1)
    data["treasury"].append(TOKEN_CARD["Carpe_Diem"])
    _refused(data, "treasury", players=1)


def test_a_pending_legions_choice_needs_its_legions_where_the_pawn_stands() -> None:
    # Found by the long state fuzz: a pawn moved (in the data) while its legions were being chosen.
    game = ludus.load("fall-of-rome", 2)
    state = game.new_state(11)
    rng = Rng(5)
    while not any(a.verb == "legions" and a.args[0] != 0 for a in state.legal_actions(state.to_move()[0])):
        legal = state.legal_actions(state.to_move()[0])
        state.apply(legal[rng.randbelow(len(legal))])
    data = state.to_json()
    board = data["legions"]
    seat_pawn = data["cur"]
    empty = next(c for c, n in enumerate(board) if n == 0)
    tampered = json.loads(json.dumps(data))
    tampered["pawn_city"][seat_pawn] = empty
    with pytest.raises(StateError, match="legions from a city that holds fewer"):
        game.state_from_json(tampered)
    game.state_from_json(data)  # the untouched state loads
