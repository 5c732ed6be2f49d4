"""The balance report's figures as files: each one a standalone SVG, with an index of captions.

:func:`write_figures` writes what :func:`ludus.sim.report.render_report` drew (``ludus report
--figures DIR``): ``<nn>-<section>.svg`` per figure and ``figures.json``, which gives each figure's
section, group of games, caption and the ``ludus simulate`` commands and seeds that make its games
(``scripts/balance_study.py`` puts them in docs).
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludus.core.errors import N_
from ludus.sim.report_data import ReportError

__all__ = ["INDEX", "FigureFile", "write_figures"]

# --- one figure as SVG ------------------------------------------------------------------------------
_ID = re.compile(r'\bid="([^"]+)"')


def _svg(fig: Any, number: int) -> tuple[str, str]:
    """``fig`` as inline SVG, its ids prefixed with ``number`` (several figures share one page), and as a
    standalone SVG document; both deterministic (a fixed hash salt, no date)."""
    import matplotlib

    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "ludus"}):
        fig.savefig(buffer, format="svg", bbox_inches="tight",
                    metadata={"Date": None, "Creator": None, "Format": None, "Type": None})
    document = buffer.getvalue()
    text = document[document.index("<svg"):]
    prefix = f"f{number}-"
    text = _ID.sub(lambda m: f'id="{prefix}{m.group(1)}"', text)
    return text.replace("url(#", f"url(#{prefix}").replace('href="#', f'href="#{prefix}'), document


@dataclass(frozen=True, slots=True)
class FigureFile:
    """One figure of the page, as :func:`write_figures` writes it: ``<nn>-<slug>.svg`` and its entry in
    ``figures.json``."""

    number: int
    """The figure's number on the page (1, 2, …); ``slug`` names its section (``win-rate-by-seat``)."""
    slug: str
    section: str
    group: str
    """The group of games it shows (players, agents, options), or empty for every group."""
    caption: str
    """Plain text, with the ``ludus simulate`` commands and seeds that make its games."""
    commands: tuple[str, ...]
    seeds: tuple[str, ...]
    svg: str

    def name(self, width: int = 2) -> str:
        """The file name: ``01-win-rate-by-seat.svg``."""
        return f"{self.number:0{width}d}-{self.slug}.svg"


INDEX = "figures.json"
"""The index of a figures folder (:func:`write_figures`)."""


def write_figures(files: Sequence[FigureFile], folder: str | Path, game: str = "") -> list[Path]:
    """Write every figure as ``folder/<nn>-<slug>.svg`` and their index ``folder/figures.json``.

    The index lists, in page order, each figure's file, number, section, group, plain caption
    (with the ``ludus simulate`` commands and seeds that make its games), commands and seeds.
    Figures of an earlier index in ``folder`` that this one does not rewrite are removed, so the
    folder holds this report's figures only. The same results give byte-identical files.
    """
    target = Path(folder)
    width = max(2, len(str(len(files))))
    entries = [
        {"file": f.name(width), "number": f.number, "section": f.section, "slug": f.slug, "group": f.group,
         "caption": f.caption, "commands": list(f.commands), "seeds": list(f.seeds)} for f in files]
    written = []
    try:
        target.mkdir(parents=True, exist_ok=True)
        index = target / INDEX
        old: list[str] = []
        if index.is_file():
            with contextlib.suppress(ValueError, TypeError, KeyError):
                old = [str(e["file"]) for e in json.loads(index.read_text(encoding="utf-8"))["figures"]]
        for f, entry in zip(files, entries):
            path = target / str(entry["file"])
            path.write_text(f.svg, encoding="utf-8")
            written.append(path)
        for name in set(old) - {str(e["file"]) for e in entries}:
            if "/" not in name and name.endswith(".svg"):
                (target / name).unlink(missing_ok=True)
        index.write_text(json.dumps({"game": game, "figures": entries}, ensure_ascii=False, indent=1) + "\n",
                         encoding="utf-8")
    except OSError as exc:
        raise ReportError(N_("cannot write {path}: {reason}"), path=str(exc.filename or target),
                          reason=exc.strerror) from None
    return [*written, index]
