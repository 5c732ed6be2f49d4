"""``ludus simulate`` at scale (issue 20): the result row, its three files, records, rotated seats, errors."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from ludus.cli import main
from ludus.core.record import GameRecord, replay
from ludus.sim import results as results_module
from ludus.sim.results import CAPPED, ERROR, GameResult, open_results, read_results
from ludus.sim.simulate import run_games, seatings, simulate, summarize

FIELDS: dict[str, type | tuple[type, ...]] = {
    "game": str, "players": int, "options": dict, "index": int, "seed": int, "batch_seed": int,
    "rotation": int, "agents": list, "finished": bool, "scores": list, "ranking": list, "winners": list,
    "cooperative_win": (bool, type(None)), "length": int, "duration": float, "reason": str,
    "termination": str, "breakdown": dict, "details": dict,
}


def run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    status = main(argv, console=Console(file=out, width=200, color_system=None))
    return status, out.getvalue()


def without_duration(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in row.items() if k != "duration"} for row in rows]


@pytest.mark.parametrize(("game", "players", "options", "sums"), [
    ("hadrians-wall", 2, {}, True),
    ("hadrians-wall", 1, {"difficulty": "hard"}, True),
    ("trajan", 2, {}, True),
    ("glory-to-rome", 3, {}, True),
    ("fall-of-rome", 2, {"difficulty": "novice"}, False),  # co-op: the sheet holds figures, not points
])
def test_every_field_of_the_row_is_there_and_typed(game: str, players: int, options: dict[str, Any],
                                                    sums: bool) -> None:
    agent = "random" if game == "fall-of-rome" else "greedy"  # Fall of Rome's greedy takes seconds a game
    rows = [r.to_json() for r in simulate(game, 2, players, [agent], options, seed=7)]
    for i, row in enumerate(rows):
        assert list(row) == list(FIELDS)
        for name, kind in FIELDS.items():
            assert isinstance(row[name], kind), (name, row[name])
        assert row["game"] == game and row["players"] == players and row["options"] == options
        assert row["index"] == i and row["batch_seed"] == 7 and row["seed"] == 7 * 1_000_003 + i
        assert row["rotation"] == 0 and row["agents"] == [agent] * players
        assert row["finished"] and row["termination"] and row["length"] > 0 and row["duration"] > 0
        assert len(row["scores"]) == len(row["ranking"]) == players
        assert row["breakdown"] and all(len(points) == players for points in row["breakdown"].values())
        assert all(isinstance(v, str | int | float | bool) for v in row["details"].values())
        if sums:  # the sheet's categories add up to the score, seat by seat
            assert [sum(points[p] for points in row["breakdown"].values())
                    for p in range(players)] == row["scores"]
    if players == 1:
        assert all("rank" in row["details"] for row in rows)
    if game == "fall-of-rome":
        assert all(row["cooperative_win"] is not None and "decline" in row["details"] for row in rows)


@pytest.mark.parametrize("suffix", [".jsonl", ".csv", ".parquet"])
def test_result_files_give_back_the_rows(tmp_path: Path, suffix: str) -> None:
    results = simulate("hadrians-wall", 3, 2, ["random", "greedy"], seed=3)
    results += simulate("hadrians-wall", 2, 1, ["greedy"], seed=3, max_actions=30)  # capped: no breakdown
    path = tmp_path / f"rows{suffix}"
    with open_results(path) as write:
        for r in results:
            write(r)
    back = list(read_results(path))
    assert back == [r.to_json() for r in results]
    assert [r["termination"] for r in back[3:]] == [CAPPED, CAPPED]


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_category_first_seen_after_a_row_group_widens_the_file(
        tmp_path: Path, suffix: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(results_module, "ROW_GROUP", 2)

    def row(i: int, breakdown: dict[str, list[float]]) -> GameResult:
        return GameResult("g", 2, {"k": "v"}, i, i, 1, 0, ["a", "b"], bool(breakdown),
                          [1.0, 2.0] if breakdown else [], [2, 1] if breakdown else [],
                          [1] if breakdown else [], None, 5, 0.5, "r", "t", breakdown, {"rank": "x"})

    rows = [row(0, {}), row(1, {}), row(2, {"a": [1.0, 2.0]}), row(3, {"a": [0.5, 0.0]}),
            row(4, {"a": [1.0, 1.0], "b": [0.0, 1.0]}), row(5, {"b": [3.0, 3.0]})]
    path = tmp_path / f"rows{suffix}"
    with open_results(path) as write:
        for r in rows:
            write(r)
    assert list(read_results(path)) == [r.to_json() for r in rows]
    assert not [p.name for p in tmp_path.iterdir() if p.name != path.name]  # no parts left behind


def test_records_replay_to_the_rows_scores(tmp_path: Path) -> None:
    rows = list(run_games("hadrians-wall", 2, 2, ["random", "greedy"], seed=5, records=tmp_path, jobs=2))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["0.json", "1.json"]
    for row in rows:
        record = GameRecord.load(tmp_path / f"{row.index}.json")
        assert record.seed == row.seed and record.seats == row.agents and len(record.actions) == row.length
        assert list(replay(record).outcome().scores) == row.scores
    status, text = run(["replay", str(tmp_path / "1.json")])
    assert status == 0 and "digests verified" in text


def test_seatings_every_permutation_or_the_rotations() -> None:
    assert seatings(["random", "greedy"], 2) == [("random", "greedy")]
    assert seatings(["random", "greedy"], 2, rotate=True) == [("random", "greedy"), ("greedy", "random")]
    assert seatings(["greedy"], 3, rotate=True) == [("greedy",) * 3]
    # 6 distinct seatings of 2+2 agents over 4 seats are more than 4: the distinct cyclic rotations
    assert seatings(["a", "b"], 4, rotate=True) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    four = seatings(["a", "b", "c", "d"], 4, rotate=True)
    assert len(four) == 4 and all(sorted(s[seat] for s in four) == ["a", "b", "c", "d"] for seat in range(4))


@pytest.mark.parametrize("players", [2, 3])
def test_rotate_seats_plays_each_seating_with_the_same_deal(players: int) -> None:
    rows = simulate("hadrians-wall", 2, players, ["random", "greedy"], seed=9, rotate=True)
    expected = seatings(["random", "greedy"], players, rotate=True)
    assert len(expected) == players  # 2p: both orders; 3p: greedy in each seat once
    assert len(rows) == 2 * players
    for r in rows:
        number, rotation = divmod(r.index, players)
        assert r.rotation == rotation and tuple(r.agents) == expected[rotation]
        assert r.seed == 9 * 1_000_003 + number
    shares = summarize(rows, players, 1.0).agent_wins  # wins per seat taken, ties split
    assert set(shares) == {"random", "greedy"}
    if players == 2:
        assert shares["random"] + shares["greedy"] == pytest.approx(1.0)
    # the deal is the seed's: a seating's first game equals the unrotated batch's game of that seed
    plain = simulate("hadrians-wall", 2, players, ["random", "greedy"], seed=9)
    assert without_duration([r.to_json() for r in plain]) == without_duration(
        [dict(r.to_json(), index=r.index // players) for r in rows if r.rotation == 0])


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_erroring_agent_gives_error_rows_and_the_run_finishes(jobs: int) -> None:
    agents = ["sim.failing_agent:FailsOnFifth", "random"]
    rows = simulate("hadrians-wall", 6, 2, agents, seed=1, jobs=jobs)
    errors = [r for r in rows if r.termination == ERROR]
    assert errors and len(errors) < 6 and [r.index for r in rows] == list(range(6))
    for r in errors:
        assert not r.finished and r.scores == [] and r.breakdown == {} and r.length > 0
        assert r.reason.startswith("RuntimeError: the bot broke on its 5th decision") and "\n" not in r.reason
    summary = summarize(rows, 2, 1.0)
    assert summary.errors == len(errors) and summary.capped == 0 and summary.terminations[ERROR] == len(
        errors)
    assert sum(summary.wins) == pytest.approx(1.0)  # over the finished games


def test_cli_end_to_end_parquet_records_rotated_and_an_error(tmp_path: Path) -> None:
    out, records = tmp_path / "x.parquet", tmp_path / "d"
    status, text = run(["simulate", "hadrians-wall", "--players", "2", "-n", "3", "--seed", "1", "--agents",
                        "sim.failing_agent:FailsOnFifth,greedy", "--rotate-seats", "--out", str(out),
                        "--records", str(records), "--jobs", "2"])
    assert status == 0
    assert "6 games, 2 players, seed 1 (deals × seatings: 3 × 2)" in " ".join(text.split())
    rows = list(read_results(out))
    assert [r["index"] for r in rows] == list(range(6)) and [r["rotation"] for r in rows] == [0, 1] * 3
    errors = [r["index"] for r in rows if r["termination"] == ERROR]
    assert errors and f"{len(errors)} of 6 games stopped with an error" in text
    assert sorted(int(p.stem) for p in records.iterdir()) == [r["index"] for r in rows if r["finished"]]
    finished = next(r for r in rows if r["finished"])
    status, text = run(["replay", str(records / f"{finished['index']}.json")])
    assert status == 0 and "digests verified" in text


@pytest.mark.parametrize(("argv", "said"), [
    (["--out", "x.txt"], "--out must end in .csv, .jsonl or .parquet"),
    (["--backend", "spark"], "--backend must be local or ray, got 'spark'"),
    (["--seed", str(2**62), "--out", "x.parquet"], "is too large for Parquet"),
])
def test_cli_bad_out_or_backend_is_one_line(argv: list[str], said: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    status, _ = run(["simulate", "hadrians-wall", "-n", "1", *argv])
    err = capsys.readouterr().err
    assert status == 2 and said in err and len(err.strip().splitlines()) == 1


def test_jsonl_rows_are_the_contract(tmp_path: Path) -> None:
    out = tmp_path / "x.jsonl"
    status, _ = run(["simulate", "hadrians-wall", "--players", "1", "-n", "2", "--agents", "greedy",
                     "--option", "difficulty=normal", "--out", str(out)])
    assert status == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["options"] for r in rows] == [{"difficulty": "normal"}] * 2 and all("rank" in r["details"]
                                                                                  for r in rows)
