"""``ludus simulate --backend ray`` on a local Ray (one start for the module): the local pool's rows."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import ray
from rich.console import Console

from ludus.cli import main
from ludus.sim.backends import start_ray
from ludus.sim.results import read_results
from ludus.sim.simulate import simulate


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A local Ray of 2 CPUs for the module's tests (a run finds it started and leaves it up)."""
    assert start_ray(2)
    assert not start_ray(2)  # already connected: joined, not started again
    assert ray.cluster_resources()["CPU"] == 2
    yield
    ray.shutdown()


def without_duration(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in row.items() if k != "duration"} for row in rows]


@pytest.mark.usefixtures("local_ray")
def test_ray_gives_the_local_pools_rows() -> None:
    local = simulate("hadrians-wall", 6, 2, ["random"], seed=11, jobs=1)
    on_ray = simulate("hadrians-wall", 6, 2, ["random"], seed=11, jobs=2, backend="ray")
    assert [r.index for r in on_ray] == list(range(6))
    assert without_duration([r.to_json() for r in on_ray]) == without_duration([r.to_json() for r in local])


@pytest.mark.usefixtures("local_ray")
def test_cli_on_ray_rotated_with_records(tmp_path: Path) -> None:
    out, records = tmp_path / "x.parquet", tmp_path / "d"
    argv = ["simulate", "hadrians-wall", "--players", "2", "-n", "2", "--agents", "random,greedy", "--seed",
            "4", "--rotate-seats", "--jobs", "2"]
    status = main([*argv, "--out", str(out), "--records", str(records), "--backend", "ray"],
                  console=Console(file=io.StringIO()))
    assert status == 0
    rows = list(read_results(out))
    assert sorted(p.name for p in records.iterdir()) == [f"{i}.json" for i in range(4)]
    local = tmp_path / "local.parquet"
    assert main([*argv, "--out", str(local)], console=Console(file=io.StringIO())) == 0
    assert without_duration(rows) == without_duration(list(read_results(local)))
