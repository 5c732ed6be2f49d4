"""Behaviour pins: golden playthroughs, and records and simulation rows saved by earlier versions.

The playthroughs were written from main before the architecture refactoring
(``make golden`` rewrites them on purpose); the records in ``tests/fixtures/records``
were saved by ludus 0.1.0 (games played with ``play_game(..., digests=True)``, half of
each saved as ``ludus play`` saves an unfinished game) and the ``simulate_*.jsonl`` rows by
``ludus simulate GAME -n 4 --players 2 --agents greedy,random --seed 5``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ludus
from ludus.core.record import GameRecord
from ludus.sim.simulate import simulate
from ludus.testing.golden import CASES, GoldenCase, compare

TESTS = Path(__file__).resolve().parents[1]
RECORDS = sorted((TESTS / "fixtures" / "records").glob("*.json"))
SIMULATIONS = sorted((TESTS / "fixtures" / "records").glob("simulate_*.jsonl"))


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.game}-{c.filename[:-4]}")
def test_golden_playthrough_is_reproduced(case: GoldenCase) -> None:
    difference = compare(case, TESTS)
    assert difference is None, difference


def test_every_game_has_playthroughs_at_every_player_count() -> None:
    for info in ludus.games():
        counts = {c.players for c in CASES if c.game == info.id}
        assert counts == set(range(info.min_players, info.max_players + 1)), info.id


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
