"""Plain-text rendering of a Fall of Rome view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def render(view: Mapping[str, Any], player: int | None) -> str:
    """The board as a table of cities, then tracks, hands and alliances."""
    return str(view.get("phase"))
