"""Action notation round-trips and malformed text is rejected clearly."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludus.core.actions import Action, check_token
from ludus.core.errors import NotationError

tokens = st.from_regex(r"[a-z][a-z0-9_\-]{0,8}", fullmatch=True)
args = st.lists(st.one_of(st.integers(-50, 10_000), tokens), max_size=5).map(tuple)


@given(st.integers(0, 6), tokens, args)
def test_notation_round_trips(player: int, verb: str, arguments: tuple[int | str, ...]) -> None:
    action = Action(player, verb, arguments)
    assert Action.from_notation(str(action)) == action


def test_player_prefix_may_be_left_out_with_a_default() -> None:
    assert Action.from_notation("lead laborer", default_player=2) == Action(2, "lead", ("laborer",))


@pytest.mark.parametrize("text", ["", "   ", "x:lead", "0:", "0: 12", "lead laborer"])
def test_malformed_notation_raises(text: str) -> None:
    with pytest.raises(NotationError):
        Action.from_notation(text)


def test_check_token_rejects_what_would_not_round_trip() -> None:
    assert check_token("laborer") == "laborer"
    for bad in ("", "12", "a b", "a:b", "a,b"):
        with pytest.raises(ValueError):
            check_token(bad)
