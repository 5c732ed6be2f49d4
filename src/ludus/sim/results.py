"""One row per simulated game, and the files that hold them: JSONL, CSV and Parquet.

A row (:meth:`GameResult.to_json`) is, as JSON::

    {"game": "trajan", "players": 2, "options": {}, "index": 0, "seed": 1000003,
     "batch_seed": 1, "rotation": 0, "agents": ["greedy", "hard"], "finished": true,
     "scores": [102.0, 80.0], "ranking": [1, 2], "winners": [0], "cooperative_win": null,
     "length": 312, "duration": 1.234, "reason": "...", "termination": "four_quarters",
     "breakdown": {"track": [87, 55], ...}, "details": {"rank": "Primus Pilus"}}

``breakdown`` is the game's score sheet (``outcome.details["sheet"]``) as category →
points per seat; ``details`` the scalar entries of ``outcome.details``. A game stopped
at the action cap (:data:`CAPPED`) or by an error (:data:`ERROR`) has ``finished``
false and empty ``scores``, ``ranking``, ``winners`` and ``breakdown``.

The writers stream: :func:`open_results` writes rows as they come, a Parquet file in
row groups of :data:`ROW_GROUP` rows, so nothing grows with the number of games.
:func:`read_results` gives the rows back, in the JSON shape, from any of the three.
"""

from __future__ import annotations

import contextlib
import csv
import json
import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from ludus.core.errors import N_, LudusError

CAPPED = "capped"
"""The ``termination`` of a game stopped unfinished at the action cap."""
ERROR = "error"
"""The ``termination`` of a game stopped by an exception in its worker (``reason`` says which)."""
SUFFIXES = (".csv", ".jsonl", ".parquet")
"""The kinds of result file, by suffix."""
ROW_GROUP = 1000
"""Rows per Parquet row group (and rows a CSV or Parquet writer holds at most)."""
BREAKDOWN = "breakdown."
"""The prefix of the flattened breakdown columns of CSV and Parquet (``breakdown.<category>``)."""


@dataclass(slots=True)
class GameResult:
    """One simulated game: the row of a result file (see the module's docstring)."""

    game: str
    players: int
    options: dict[str, Any]
    index: int
    seed: int
    batch_seed: int
    rotation: int
    agents: list[str]
    finished: bool = False
    scores: list[float] = field(default_factory=list)
    ranking: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    cooperative_win: bool | None = None
    length: int = 0
    duration: float = 0.0
    reason: str = ""
    termination: str = ""
    breakdown: dict[str, list[float]] = field(default_factory=dict)
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The row as a JSON-ready dict."""
        return asdict(self)


def require(module: str) -> ModuleType:
    """Import an optional library of the ``scale`` extra (``ray``, ``pyarrow``) or say how to get it."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise LudusError(N_("{module} is not installed: pip install 'ludus[scale]'"), module=module) from None


def sheet_breakdown(details: Mapping[str, Any]) -> dict[str, list[float]]:
    """The score sheet of an outcome's ``details`` as category → points per seat ({} without one)."""
    return {str(row["category"]): list(row["points"]) for row in details.get("sheet", ())}


def scalar_details(details: Mapping[str, Any]) -> dict[str, Any]:
    """The entries of an outcome's ``details`` that are a string, a number or a truth value."""
    return {k: v for k, v in details.items() if isinstance(v, str | int | float | bool)}


# --- writing ------------------------------------------------------------------------------
@contextlib.contextmanager
def open_results(path: Path) -> Iterator[Callable[[GameResult], None]]:
    """A function writing one row to ``path`` (``.jsonl``, ``.csv`` or ``.parquet``) as it comes.

    Parquet needs pyarrow (the ``scale`` extra). CSV and Parquet name their breakdown
    columns after the categories of the first rows; a category that first shows up
    later widens the file when it is closed (streamed, a row group at a time).
    """
    if path.suffix not in SUFFIXES:
        raise LudusError(N_("a result file ends in .csv, .jsonl or .parquet, not {path}"), path=str(path))
    sink: _Jsonl | _Csv | _Parquet = (_Jsonl if path.suffix == ".jsonl" else
                                      _Csv if path.suffix == ".csv" else _Parquet)(path)
    try:
        yield sink.write
    finally:
        sink.close()


class _Jsonl:
    """One JSON object a line."""

    def __init__(self, path: Path) -> None:
        self.fh = path.open("w", encoding="utf-8")

    def write(self, result: GameResult) -> None:
        self.fh.write(json.dumps(result.to_json()) + "\n")

    def close(self) -> None:
        self.fh.close()


class _Tabular(ABC):
    """A file whose columns are fixed when it opens: rows wait (at most :data:`ROW_GROUP`) to name them."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.categories: list[str] = []
        self.written: list[str] | None = None  # the categories of the open file
        self.buffer: list[dict[str, Any]] = []

    def write(self, result: GameResult) -> None:
        row = result.to_json()
        new = [c for c in row["breakdown"] if c not in self.categories]
        if new and self.written is not None:
            self.flush()
            self.widen()
        self.categories.extend(new)
        self.buffer.append(row)
        if len(self.buffer) >= ROW_GROUP:
            self.flush()

    def flush(self) -> None:
        """Write the rows held (opening the file with the categories known now)."""
        if self.written is None:
            self.written = list(self.categories)
            self.start()
        if self.buffer:
            self.rows(self.buffer)
            self.buffer = []

    @abstractmethod
    def start(self) -> None:
        """Open the file with the columns of :attr:`written`."""

    @abstractmethod
    def rows(self, rows: list[dict[str, Any]]) -> None:
        """Append ``rows``."""

    @abstractmethod
    def widen(self) -> None:
        """Reopen the file with the categories met since it opened (what was written is kept)."""

    @abstractmethod
    def close(self) -> None:
        """Write what is held and close the file."""


_CSV_HEAD = ["game", "players", "options", "index", "seed", "batch_seed", "rotation", "agents", "finished",
             "scores", "ranking", "winners", "cooperative_win", "length", "duration", "reason", "termination",
             "details"]


def _cell(value: Any) -> str:
    """A CSV cell: lists joined with ``;``, objects as JSON, truth values as ``true``/``false``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return ""
    if isinstance(value, list):
        return ";".join(_cell(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value)
    if isinstance(value, float):
        return repr(value)
    return str(value)


class _Csv(_Tabular):
    """CSV: the breakdown in ``breakdown.<category>`` columns; new categories are added as last columns."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.fh = path.open("w", newline="", encoding="utf-8")
        self.out = csv.writer(self.fh)
        self.stale = False

    def start(self) -> None:
        self.out.writerow(_CSV_HEAD + [BREAKDOWN + c for c in self.categories])

    def rows(self, rows: list[dict[str, Any]]) -> None:
        for row in rows:
            points = row["breakdown"]
            self.out.writerow([_cell(row[k]) for k in _CSV_HEAD]
                              + [_cell(points.get(c)) for c in self.categories])

    def widen(self) -> None:
        self.stale = True  # rows from now on are longer than the header: rewritten at the end

    def close(self) -> None:
        self.flush()
        self.fh.close()
        if not self.stale:
            return
        width = len(_CSV_HEAD) + len(self.categories)
        spare = self.path.with_name(self.path.name + ".widening")
        with (self.path.open(newline="", encoding="utf-8") as old,
              spare.open("w", newline="", encoding="utf-8") as new):
            reader, writer = csv.reader(old), csv.writer(new)
            next(reader)
            writer.writerow(_CSV_HEAD + [BREAKDOWN + c for c in self.categories])
            for line in reader:
                writer.writerow(line + [""] * (width - len(line)))
        os.replace(spare, self.path)


class _Parquet(_Tabular):
    """Parquet, in row groups; new categories start a new part, merged into one file at the end."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.pa = require("pyarrow")
        self.pq = require("pyarrow.parquet")
        self.parts = [path]
        self.writer: Any = None
        path.open("wb").close()  # fail early when the file cannot be written

    def schema(self, categories: list[str]) -> Any:
        pa = self.pa
        ints, floats = pa.list_(pa.int64()), pa.list_(pa.float64())
        columns = [
            ("game", pa.string()), ("players", pa.int64()), ("options", pa.string()), ("index", pa.int64()),
            ("seed", pa.int64()), ("batch_seed", pa.int64()), ("rotation", pa.int64()),
            ("agents", pa.list_(pa.string())), ("finished", pa.bool_()), ("scores", floats),
            ("ranking", ints), ("winners", ints), ("cooperative_win", pa.bool_()), ("length", pa.int64()),
            ("duration", pa.float64()), ("reason", pa.string()), ("termination", pa.string()),
            ("details", pa.string()),
        ]
        return pa.schema(columns + [(BREAKDOWN + c, floats) for c in categories])

    def start(self) -> None:
        self.writer = self.pq.ParquetWriter(self.parts[-1], self.schema(self.categories))

    def rows(self, rows: list[dict[str, Any]]) -> None:
        flat = []
        for row in rows:
            cells = {k: v for k, v in row.items() if k != "breakdown"}
            cells["options"], cells["details"] = json.dumps(row["options"]), json.dumps(row["details"])
            points = row["breakdown"]
            for c in self.written or ():
                cells[BREAKDOWN + c] = None if c not in points else [float(x) for x in points[c]]
            flat.append(cells)
        try:
            table = self.pa.Table.from_pylist(flat, schema=self.writer.schema)
        except OverflowError as exc:  # e.g. a seed beyond 64-bit signed integers
            raise LudusError(N_("cannot write a Parquet row: {error}"), error=str(exc)) from None
        self.writer.write_table(table)

    def widen(self) -> None:
        self.writer.close()
        self.written = None
        self.parts.append(self.path.with_name(f"{self.path.name}.part{len(self.parts)}"))

    def close(self) -> None:
        self.flush()
        self.writer.close()
        if len(self.parts) == 1:
            return
        pa = self.pa
        schema = self.schema(self.categories)
        spare = self.path.with_name(self.path.name + ".widening")
        with self.pq.ParquetWriter(spare, schema) as out:
            for part in self.parts:
                source = self.pq.ParquetFile(part)
                for batch in source.iter_batches(batch_size=ROW_GROUP):
                    table = pa.Table.from_batches([batch])
                    for name in schema.names:
                        if name not in table.column_names:
                            table = table.append_column(pa.field(name, schema.field(name).type),
                                                        pa.nulls(table.num_rows, schema.field(name).type))
                    out.write_table(table.select(schema.names).cast(schema))
        os.replace(spare, self.path)
        for part in self.parts[1:]:
            part.unlink()


# --- reading ------------------------------------------------------------------------------
def read_results(path: str | Path) -> Iterator[dict[str, Any]]:
    """The rows of a result file (``.jsonl``, ``.csv`` or ``.parquet``) in the JSON shape, one at a time."""
    path = Path(path)
    if path.suffix == ".jsonl":
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    yield json.loads(line)
    elif path.suffix == ".csv":
        with path.open(newline="", encoding="utf-8") as fh:
            for cells in csv.DictReader(fh):
                yield _from_csv(cells)
    elif path.suffix == ".parquet":
        pq = require("pyarrow.parquet")
        for batch in pq.ParquetFile(path).iter_batches(batch_size=ROW_GROUP):
            for cells in batch.to_pylist():
                yield _from_flat(cells, json.loads(cells["options"]), json.loads(cells["details"]))
    else:
        raise LudusError(N_("a result file ends in .csv, .jsonl or .parquet, not {path}"), path=str(path))


def _split(text: str, kind: Callable[[str], Any]) -> list[Any]:
    return [kind(x) for x in text.split(";")] if text else []


def _from_csv(cells: dict[str, str]) -> dict[str, Any]:
    coop = cells["cooperative_win"]
    typed: dict[str, Any] = {
        "game": cells["game"], "players": int(cells["players"]), "index": int(cells["index"]),
        "seed": int(cells["seed"]), "batch_seed": int(cells["batch_seed"]),
        "rotation": int(cells["rotation"]), "agents": _split(cells["agents"], str),
        "finished": cells["finished"] == "true", "scores": _split(cells["scores"], float),
        "ranking": _split(cells["ranking"], int), "winners": _split(cells["winners"], int),
        "cooperative_win": None if coop == "" else coop == "true", "length": int(cells["length"]),
        "duration": float(cells["duration"]), "reason": cells["reason"], "termination": cells["termination"],
    }
    for name, text in cells.items():
        if name.startswith(BREAKDOWN):
            typed[name] = _split(text, float) if text else None
    return _from_flat(typed, json.loads(cells["options"]), json.loads(cells["details"]))


def _from_flat(cells: dict[str, Any], options: dict[str, Any], details: dict[str, Any]) -> dict[str, Any]:
    """A row in the JSON shape from a flat one (breakdown columns, options and details decoded)."""
    row = {k: cells[k] for k in ("game", "players")}
    row["options"] = options
    for k in ("index", "seed", "batch_seed", "rotation", "agents", "finished", "scores", "ranking", "winners",
              "cooperative_win", "length", "duration", "reason", "termination"):
        row[k] = cells[k]
    row["breakdown"] = {name.removeprefix(BREAKDOWN): points for name, points in cells.items()
                        if name.startswith(BREAKDOWN) and points is not None}
    row["details"] = details
    return row
