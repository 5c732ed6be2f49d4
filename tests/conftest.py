"""Shared test set-up: the fixture games are registered for every test."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from fixtures.fixture_games import ALL_FIXTURES
from ludus.core import registry


@pytest.fixture
def fixture_games() -> Iterator[None]:
    """Register the test-only fixture games for the duration of a test."""
    for cls in ALL_FIXTURES:
        registry.register(cls)
    yield
    for cls in ALL_FIXTURES:
        registry.unregister(cls.info.id)


@pytest.fixture(autouse=True)
def _data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Autosaved games go to a fresh directory per test, never the user's."""
    folder = tmp_path_factory.mktemp("ludus-data")
    monkeypatch.setenv("LUDUS_DATA_DIR", str(folder))
    return folder
