"""Issue 10, bad input through the API: a LudusError, the state unchanged."""

from __future__ import annotations

import json

import pytest

import ludus
from ludus.core.api import OptionSpec
from ludus.core.errors import LudusError, NotationError, OptionError, RecordError
from ludus.core.registry import configure

pytestmark = pytest.mark.usefixtures("fixture_games")


@pytest.mark.parametrize("name", ["players", "game_id"])
def test_options_named_like_parameters(name: str) -> None:
    with pytest.raises(OptionError, match=name):
        configure("fixture-draw", 2, {name: 3})
    record = ludus.GameRecord("fixture-draw", 2, 0, {name: 3})  # type: ignore[dict-item]
    with pytest.raises(RecordError, match=name):
        ludus.replay(record)
    with pytest.raises(OptionError, match="game_id"):
        ludus.load("fixture-draw", 2, game_id="x")


@pytest.mark.parametrize("value",
                         [float("inf"), float("-inf"), float("nan"), 1e400, "Infinity", "1e400", "9" * 5000])
def test_option_values_that_are_not_integers(value: object) -> None:
    with pytest.raises(OptionError, match="'n' must be int"):
        OptionSpec("n", 3, "a number").coerce(value)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        '{"game": "fixture-draw", "players": 2, "seed": ' + "9" * 5000 + ', "actions": []}',
        '{"game": "fixture-draw", "players": 2, "seed": 0, "actions": [], "version": "99.0"}',
        '{"game": "fixture-draw", "players": 2, "seed": 0, "actions": [], "version": 3}',
        '{"game": "fixture-draw", "players": 2, "seed": 0, "actions": [], "digests": ["x"]}',
        '{"game": "fixture-draw", "players": 2, "seed": 0, "actions": [], "final_digest": 5}',
    ],
)
def test_records_that_do_not_load(text: str) -> None:
    with pytest.raises(RecordError):
        ludus.GameRecord.loads(text)


def test_record_files_that_are_not_text(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "r.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff")
    with pytest.raises(RecordError, match="not UTF-8"):
        ludus.GameRecord.load(path)


def test_records_with_bad_options_do_not_replay() -> None:
    for value in (float("inf"), float("nan")):
        record = ludus.GameRecord.loads(
            json.dumps(
                {"game": "fixture-draw", "players": 2, "seed": 0, "actions": [],
                 "options": {"cards": value}}))
        with pytest.raises(RecordError, match="cards"):
            ludus.replay(record)


@pytest.mark.parametrize("text", ["0:play " + "9" * 5000, "9" * 5000 + ":play", "play " + "1" * 101])
def test_notation_with_huge_integers(text: str) -> None:
    game = ludus.load("fixture-draw", players=2)
    state = game.new_state(1)
    before = state.digest()
    with pytest.raises(NotationError, match="too many digits"):
        game.parse_action(state, text)
    with pytest.raises(NotationError):
        ludus.Action.from_notation(text, 0)
    assert state.digest() == before


@pytest.mark.parametrize("seat", [-2, -1, 3, 99])
def test_seats_that_do_not_exist(seat: int) -> None:
    state = ludus.load("glory-to-rome", players=3).new_state(2)
    before = state.digest()
    with pytest.raises(LudusError, match=f"no seat {seat}"):
        state.view(seat)
    with pytest.raises(LudusError, match=f"no seat {seat}"):
        state.legal_actions(seat)
    with pytest.raises(LudusError, match=f"no seat {seat}"):
        state.has_actions(seat)
    with pytest.raises(LudusError, match=f"no seat {seat}"):
        state.determinize(seat, 1)
    assert state.digest() == before
    assert state.view(None) and state.legal_actions() and state.legal_actions(0) is not None


@pytest.mark.parametrize("game_id", ["fall-of-rome", "glory-to-rome", "hadrians-wall", "trajan"])
def test_every_game_checks_the_seat(game_id: str) -> None:
    game = ludus.load(game_id)
    state = game.new_state(0)
    for seat in (-1, game.players):
        with pytest.raises(LudusError):
            state.view(seat)
        with pytest.raises(LudusError):
            state.determinize(seat, 0)
        with pytest.raises(LudusError):
            state.legal_actions(seat)
    with pytest.raises(LudusError):
        state.apply(ludus.Action(-1, "pass"))


def test_bench_seconds_through_the_api() -> None:
    from ludus.sim.bench import bench

    for seconds in (float("inf"), float("nan"), 0.0, 4000.0):
        with pytest.raises(OptionError):
            bench("fixture-draw", 2, seconds)


def test_simulate_without_agents() -> None:
    from ludus.sim.simulate import simulate

    with pytest.raises(OptionError):
        simulate("fixture-draw", 1, 2, agents=())
