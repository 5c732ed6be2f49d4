"""Where the terminal keeps every game: autosaved records in the user's data directory.

Each game played with ``ludus play`` is written after every action to
``<data dir>/games/<game>-<UTC time>-<seed>.json`` (the data directory comes from
:mod:`platformdirs`, or the ``LUDUS_DATA_DIR`` environment variable), so quitting,
Ctrl-C or a crash loses nothing; ``ludus play --resume`` continues the latest
unfinished one. A finished game keeps its record, with its final digest.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import platformdirs

from ludus.core.errors import LudusError
from ludus.core.record import GameRecord

__all__ = ["data_dir", "latest_unfinished", "new_save_path"]


def data_dir() -> Path:
    """The user's ludus data directory (``LUDUS_DATA_DIR`` overrides it)."""
    override = os.environ.get("LUDUS_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir("ludus"))


def new_save_path(game_id: str, seed: int) -> Path:
    """A fresh autosave file name for a new game."""
    folder = data_dir() / "games"
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    path = folder / f"{game_id}-{stamp}-{seed}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{game_id}-{stamp}-{seed}-{n}.json"
    return path


def latest_unfinished() -> tuple[Path, GameRecord] | None:
    """The most recently saved game that has not ended (``None`` if there is none)."""
    folder = data_dir() / "games"
    if not folder.is_dir():
        return None
    for path in sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True):
        try:
            record = GameRecord.load(path)
        except (LudusError, OSError):
            continue  # not a record of this ludus: skip it
        if record.final_digest is None:
            return path, record
    return None
