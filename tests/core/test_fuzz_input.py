"""Issue 10: arbitrary input to each entry point is a LudusError or success, never another exception.

Bounded here (``make test``); the same properties with many more examples run under
``make soak`` (``-m slow``).
"""

from __future__ import annotations

import contextlib
import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

import ludus
from ludus.cli import main
from ludus.core.errors import LudusError

pytestmark = pytest.mark.usefixtures("fixture_games")

SETTINGS = settings(max_examples=200, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])

JUNK = st.sampled_from(["", ",", "=", "players=3", "game_id=x", "cards=Infinity", "cards=1e400", "cards=nan",
                        "²", "9" * 5000, "-1", "0", "inf", "nan", "\x1b[2J", "fixture-draw", "glory-to-rome",
                        "chess", "random,greedy", "/nonexistent.json", "0.01"])
WORDS = st.sampled_from(["games", "play", "simulate", "replay", "bench", "--players", "--seed", "--option",
                         "--agents", "--jobs", "-n", "--seconds", "--load", "--seat", "--out", "--log",
                         "--json"])


@SETTINGS
@given(st.lists(st.one_of(WORDS, JUNK, st.text(max_size=8)), max_size=8))
def test_cli_arguments(argv: list[str]) -> None:
    # A person at the play prompt gets "quit"; benches and simulations stay tiny.
    if "simulate" in argv and "-n" not in argv:
        argv = [*argv, "-n", "1"]
    if "bench" in argv and "--seconds" not in argv:
        argv = [*argv, "--seconds", "0.01"]
    argv = [a for a in argv if a != "--jobs"]  # no process pools in a property test
    console = Console(file=io.StringIO(), width=100, color_system=None)
    try:
        status = main(argv, console=console)
    except SystemExit as exit_:
        assert exit_.code in (0, 2)
        return
    assert status in (0, 2)


@pytest.fixture(autouse=True)
def _no_terminal_input(monkeypatch: pytest.MonkeyPatch) -> None:
    """The person at any play prompt types "quit"."""
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    monkeypatch.setattr(Console, "input", lambda self, prompt="": "quit")


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=8), children, max_size=4), max_leaves=20,
)
RECORD_FIELDS = st.fixed_dictionaries(
    {"game": st.sampled_from(["fixture-draw", "glory-to-rome", "x"]) | JSON,
     "players": st.integers(-2, 6) | JSON, "seed": st.integers() | JSON,
     "actions": st.lists(st.text(max_size=12), max_size=4) | JSON},
    optional={
        "options": st.dictionaries(st.sampled_from(["cards", "players", "game_id", "rules"]), JSON,
                                   max_size=2) | JSON,
        "digests": JSON, "final_digest": JSON, "version": JSON, "format": JSON, "seats": JSON},
)


@SETTINGS
@given(st.one_of(st.text(max_size=60), JSON.map(json.dumps), RECORD_FIELDS.map(json.dumps)))
def test_record_loading(text: str) -> None:
    try:
        record = ludus.GameRecord.loads(text)
    except LudusError:
        return
    with contextlib.suppress(LudusError):
        ludus.replay(record)


def _check_notation(text: str) -> None:
    for game_id in ("glory-to-rome", "hadrians-wall"):
        game = ludus.load(game_id)
        state = game.new_state(0)
        before = state.digest()
        try:
            action = game.parse_action(state, text)
            state.apply(action)
        except LudusError:
            assert state.digest() == before


NOTATION = st.one_of(
    st.text(max_size=30),
    st.builds(lambda p, v, args: f"{p}:{v} " + " ".join(args),
              st.sampled_from(["0", "1", "-1", "9" * 200, "²", ""]),
              st.sampled_from(["pass", "lead", "place", "think", "x", "²"]),
              st.lists(st.sampled_from(["0", "-3", "9" * 5000, "jack", "laborer", "²", "\x1b"]), max_size=3)),
)


@SETTINGS
@given(NOTATION)
def test_notation_parsing(text: str) -> None:
    _check_notation(text)


@pytest.mark.slow
@settings(max_examples=5000, deadline=None)
@given(NOTATION)
def test_notation_parsing_long(text: str) -> None:
    _check_notation(text)


@pytest.mark.slow
@settings(max_examples=5000, deadline=None)
@given(st.one_of(st.text(max_size=200), JSON.map(json.dumps), RECORD_FIELDS.map(json.dumps)))
def test_record_loading_long(text: str) -> None:
    test_record_loading.hypothesis.inner_test(text)  # type: ignore[attr-defined]


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.one_of(WORDS, JUNK, st.text(max_size=12)), max_size=10))
def test_cli_arguments_long(argv: list[str]) -> None:
    test_cli_arguments.hypothesis.inner_test(argv)  # type: ignore[attr-defined]
