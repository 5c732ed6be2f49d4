"""Issue 10, bad input on the command line: one line on stderr, exit status 2, nothing lost."""

from __future__ import annotations

import importlib
import io
import json
from pathlib import Path

import pytest
from rich.console import Console

import ludus
from ludus.agents import RandomAgent, play_game
from ludus.cli import escape, main

pytestmark = pytest.mark.usefixtures("fixture_games")


def run(argv: list[str], stdin: str = "", monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str]:
    out = io.StringIO()
    if monkeypatch is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(argv, console=Console(file=out, width=140, color_system=None))
    return status, out.getvalue()


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("ludus: error: "), err
    return err


def saved_record(tmp_path: Path, **changes: object) -> Path:
    game = ludus.load("fixture-draw", players=2)
    _, record = play_game(game.new_state(6), [RandomAgent(1), RandomAgent(2)], seed=6, digests=True)
    data = {**record.to_json(), **changes}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", ["players", "game_id"])
@pytest.mark.parametrize("command", [["play", "fixture-draw"], ["simulate", "fixture-draw", "-n", "1"]])
def test_an_option_named_like_a_parameter(command: list[str], name: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    status, _ = run([*command, "--option", f"{name}=3"])
    assert status == 2
    assert name in one_error_line(capsys)


def test_an_option_named_players_in_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _ = run(["replay", str(saved_record(tmp_path, options={"players": 3}))])
    assert status == 2 and "players" in one_error_line(capsys)


def test_empty_agent_names(capsys: pytest.CaptureFixture[str]) -> None:
    status, _ = run(["simulate", "fixture-draw", "-n", "1", "--agents", ","])
    assert status == 2 and "--agents" in one_error_line(capsys)


@pytest.mark.parametrize(
    "content",
    [
        b"\xff\xfe\x00binary\x00\x80",
        b"[" * 100_000 + b"]" * 100_000,
        b'{"game": "fixture-draw", "players": 2, "seed": ' + b"9" * 5000 + b', "actions": []}',
        b'{"game": "fixture-draw", "players": 2, "seed": 0, "options": {"cards": Infinity}, "actions": []}',
        b'{"game": "fixture-draw", "players": 2, "seed": 0, "options": {"cards": 1e400}, "actions": []}',
        b'{"game": "fixture-draw", "players": 2, "seed": 0, "actions": ["0:play ' + b"7" * 5000 + b'"]}',
        b'{"game": "fixture-draw", "players": 2, "seed": 18446744073709551617, "actions": []}',
    ],
    ids=["binary", "deep", "huge-seed", "infinity", "1e400", "huge-int-action", "seed-over-64-bits"],
)
def test_bad_record_files(content: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    for command in (["replay", str(path)], ["play", "--load", str(path)]):
        status, _ = run(command)
        assert status == 2
        one_error_line(capsys)


@pytest.mark.parametrize("value", ["Infinity", "1e400", "nan", "9" * 5000])
def test_bad_option_values(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, _ = run(["simulate", "fixture-draw", "-n", "1", "--option", f"cards={value}"])
    assert status == 2 and "cards" in one_error_line(capsys)


def test_a_seed_too_long_is_an_argparse_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["play", "fixture-draw", "--seed", "9" * 5000], console=Console(file=io.StringIO()))
    assert exit_.value.code == 2


@pytest.mark.parametrize("answer", ["²", "9" * 5000, "0:play " + "9" * 5000])
def test_play_tells_and_asks_again(answer: str, monkeypatch: pytest.MonkeyPatch) -> None:
    status, text = run(["play", "fixture-draw", "--players", "2", "--seed", "3"], answer + "\n" + "1\n" * 40,
                       monkeypatch)
    assert status == 0 and "Game over" in text
    assert "There is no action" in text or "too many digits" in text


def test_replay_of_a_record_without_actions_checks_the_final_digest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved_record(tmp_path, actions=[], digests=[], final_digest="0" * 16)
    status, text = run(["replay", str(path)])
    assert status == 2 and "final digest" in one_error_line(capsys)
    state = ludus.load("fixture-draw", players=2).new_state(6)
    path = saved_record(tmp_path, actions=[], digests=[], final_digest=state.digest())
    status, text = run(["replay", str(path)])
    assert status == 0 and "digests verified" in text


def test_replay_refuses_extra_digests_and_newer_versions(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(saved_record(tmp_path).read_text(encoding="utf-8"))
    path = saved_record(tmp_path, digests=data["digests"] + ["0" * 16])
    assert run(["replay", str(path)])[0] == 2 and "digests" in one_error_line(capsys)
    path = saved_record(tmp_path, version="99.0.0")
    assert run(["replay", str(path)])[0] == 2 and "99.0.0" in one_error_line(capsys)
    path = saved_record(tmp_path, version="0.0.9")
    assert run(["replay", str(path)])[0] == 0


def test_play_load_of_another_game_names_both(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _ = run(["play", "glory-to-rome", "--load", str(saved_record(tmp_path))])
    err = one_error_line(capsys)
    assert status == 2 and "fixture-draw" in err and "glory-to-rome" in err


def test_record_action_text_is_printed_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved_record(tmp_path, actions=["0:play \x1b[2J\x07"], digests=None, final_digest=None)
    status, _ = run(["replay", str(path)])
    err = one_error_line(capsys)
    assert status == 2 and "\x1b" not in err and "\x07" not in err and "\\x1b" in err
    assert escape("a\x1b[31mb\n") == "a\\x1b[31mb\\n"


@pytest.mark.parametrize("seconds", ["inf", "nan", "-1", "0", "3601"])
def test_bench_seconds_are_bounded(seconds: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, _ = run(["bench", "fixture-draw", "--seconds", seconds])
    assert status == 2 and "--seconds" in one_error_line(capsys)


def test_simulate_streams_its_tasks(monkeypatch: pytest.MonkeyPatch) -> None:
    """-n 100000000 must not build every task first: the pool sees them one chunk at a time."""
    sim = importlib.import_module("ludus.sim.simulate")
    taken: list[int] = []

    def fake_run(tasks: object, jobs: int, chunksize: int = 1, backend: str = "local") -> object:
        for task in tasks:  # type: ignore[attr-defined]
            taken.append(task.index)
            if len(taken) == 3:
                break
        return iter(())

    monkeypatch.setattr(sim, "_run", fake_run)
    assert sim.simulate("fixture-draw", 100_000_000, 2) == []
    assert taken == [0, 1, 2]


def test_simulate_results_are_the_same_in_a_pool() -> None:
    from ludus.sim.simulate import simulate

    one = simulate("glory-to-rome", 6, 2, seed=4)
    two = simulate("glory-to-rome", 6, 2, seed=4, jobs=2)
    assert [r.to_json() | {"duration": 0} for r in one] == [r.to_json() | {"duration": 0} for r in two]
    assert [r.index for r in two] == list(range(6))


@pytest.mark.usefixtures("fixture_games")
def test_bench_of_a_game_that_never_ends_stops_at_the_cap() -> None:
    from ludus.sim.bench import bench

    result = bench("fixture-endless", 2, seconds=0.05)
    assert result.games >= 1 and result.actions >= 100  # 20 × its 5 typical actions, per game
