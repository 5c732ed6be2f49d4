"""Research-interface tests: the fixture games they need are registered for every test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fixtures.fixture_games import RL_FIXTURES
from ludus.core import registry


@pytest.fixture(autouse=True)
def rl_games() -> Iterator[None]:
    """Register the fixture games the wrappers are tested on."""
    for cls in RL_FIXTURES:
        registry.register(cls)
    yield
    for cls in RL_FIXTURES:
        registry.unregister(cls.info.id)
