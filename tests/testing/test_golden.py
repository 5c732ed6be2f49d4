"""Behaviour pins: golden playthroughs, and records and simulation rows saved by earlier versions.

The playthroughs were written from main before the architecture refactoring
(``make golden`` rewrites them on purpose); the records in ``tests/fixtures/records``
were saved by ludus 0.1.0 (games played with ``play_game(..., digests=True)``, half of
each saved as ``ludus play`` saves an unfinished game) and the ``simulate_*.jsonl`` rows by
``ludus simulate GAME -n 4 --players 2 --agents greedy,random --seed 5``.

The playthroughs cover every game of the repository (``registry.house_games()``, found through the
entry points): ``scripts/new_game.py`` writes a new game's files when it makes the game, so there is
no game without them and no case is skipped.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ludus
from ludus.core.record import GameRecord
from ludus.core.registry import house_games
from ludus.sim.simulate import simulate
from ludus.testing.golden import CASES, GoldenCase, compare, path_of

TESTS = Path(__file__).resolve().parents[1]
RECORDS = sorted((TESTS / "fixtures" / "records").glob("*.json"))
SIMULATIONS = sorted((TESTS / "fixtures" / "records").glob("simulate_*.jsonl"))


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.game}-{c.filename[:-4]}")
def test_golden_playthrough_is_reproduced(case: GoldenCase) -> None:
    difference = compare(case, TESTS)
    assert difference is None, difference


def test_every_game_has_playthroughs_at_every_player_count() -> None:
    assert len(house_games()) >= 4
    for game_id in house_games():
        info = ludus.load(game_id).info
        counts = {c.players for c in CASES if c.game == game_id}
        assert counts == set(range(info.min_players, info.max_players + 1)), game_id


def test_every_playthrough_file_is_compared() -> None:
    # A file no case names would be compared with nothing: a game or a variant dropped from the cases.
    files = set((TESTS / "games").glob("*/playthroughs/*.txt"))
    assert files == {path_of(case, TESTS) for case in CASES}


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_saved_record_replays_with_its_digests(path: Path) -> None:
    record = GameRecord.load(path)
    assert record.digests, "the fixture records carry a digest per action"
    state = ludus.replay(record)          # raises RecordError on the first differing digest
    assert state.digest() == record.digests[-1]
    assert state.is_terminal() == (record.final_digest is not None)


@pytest.mark.parametrize("path", SIMULATIONS, ids=lambda p: p.stem)
def test_saved_simulation_rows_are_reproduced(path: Path) -> None:
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    game = path.stem.removeprefix("simulate_")
    results = simulate(game, games=len(rows), players=2, agents=["greedy", "random"], seed=5, jobs=1)
    for row, result in zip(rows, sorted(results, key=lambda r: r.index), strict=True):
        fresh = result.to_json()
        assert {k: fresh[k] for k in row} == row
