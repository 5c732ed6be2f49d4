"""The rule index of ``docs/games/<game>.md``: rulebook heading → ``module:function``.

Each game's doc has a section ``## Rule index`` with a table whose rows are

    | "ŁĄZNIE" | `ludus.games.hadrians_wall.rules.baths:bribe` |

:func:`check_rule_index` checks both directions a reader relies on: every quoted
heading occurs in the printed rulebook (compared case-folded, with diacritics
and OCR spacing ignored), and every ``module:function`` exists.
"""

from __future__ import annotations

import importlib
import re
import unicodedata
from pathlib import Path

__all__ = ["check_rule_index", "normalize", "rule_index"]

_ROW = re.compile(r'^\|\s*"(?P<heading>[^"]+)"\s*\|\s*`(?P<target>[\w.]+:[\w.]+)`\s*\|')


def normalize(text: str) -> str:
    """Case-folded, without diacritics (ł → l), punctuation and spacing collapsed.

    >>> normalize("ŁĄZNIE  i  Świątynie")
    'laznie i swiatynie'
    """
    text = text.casefold().replace("ł", "l")
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    text = re.sub(r"[^\w]+", " ", text)
    return " ".join(text.split())


def rule_index(doc: Path) -> list[tuple[str, str]]:
    """The (heading, ``module:function``) rows of ``doc``'s "Rule index" section."""
    rows: list[tuple[str, str]] = []
    inside = False
    for line in doc.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            inside = line.strip().lower() == "## rule index"
            continue
        match = _ROW.match(line) if inside else None
        if match:
            rows.append((match["heading"], match["target"]))
    return rows


def _resolves(target: str) -> bool:
    module_name, _, attribute = target.partition(":")
    try:
        obj: object = importlib.import_module(module_name)
    except ImportError:
        return False
    for part in attribute.split("."):
        if not hasattr(obj, part):
            return False
        obj = getattr(obj, part)
    return callable(obj)


def check_rule_index(doc: Path, rulebooks: list[Path] | None) -> list[str]:
    """Problems with ``doc``'s rule index (empty when it is right).

    ``rulebooks`` are the game's rulebook texts; ``None`` checks only the targets.
    """
    rows = rule_index(doc)
    problems = [] if rows else [f"{doc.name} has no '## Rule index' table"]
    texts = [normalize(p.read_text(encoding="utf-8")) for p in rulebooks or []]
    for heading, target in rows:
        if not _resolves(target):
            problems.append(f"{target} (for {heading!r}) does not exist")
        if rulebooks is not None and not any(normalize(heading) in t for t in texts):
            problems.append(f"heading {heading!r} does not occur in {', '.join(p.name for p in rulebooks)}")
    return problems
