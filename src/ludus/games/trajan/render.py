"""Plain-text rendering of a Trajan view."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any


def render(view: Mapping[str, Any], player: int | None) -> str:
    """Text for a terminal."""
    return json.dumps(view, indent=1, sort_keys=True)
