"""Text rendering of a Glory to Rome view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def render(view: Mapping[str, Any], player: int | None) -> str:
    """Plain text for a terminal."""
    return str(view)
