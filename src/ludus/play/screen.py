"""One decision on one screen: what happened, the seat's own area, the menu, the prompt.

A terminal of 80×24 must show the decision at hand without scrolling: the news since
the seat's last decision (the latest lines, with how many earlier ones ``log`` shows),
the seat's area (the game's :meth:`~ludus.core.api.Game.render_seat`) just above the
menu, and the numbered menu — in columns when it is long, and shortened with a note when
even columns do not fit (``menu`` lists it whole). The whole table is ``board``.

Nothing is cut: a line wider than the terminal wraps between words, its next lines
indented under its text (:func:`wrap`), and the screen counts the lines it wraps into.
The screen is as wide as the terminal (at least :data:`MIN_WIDTH`).

>>> lines = decision_screen(["Seat 1 led Laborer."], ["Hand: Atrium, Bar"], ["think", "lead laborer"])
>>> for line in lines:
...     print(line.plain)
Since your last decision:
  Seat 1 led Laborer.
Hand: Atrium, Bar
   1  think
   2  lead laborer
"""

from __future__ import annotations

import re
import textwrap
import tomllib
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

from rich.text import Text

from ludus.core.i18n import Lang, get_lang

__all__ = ["MIN_WIDTH", "Painter", "decision_screen", "game_palette", "menu_lines", "translated_palette",
           "wrap"]

WIDTH = 80
HEIGHT = 24
MIN_WIDTH = 20
"""The narrowest screen laid out (a terminal narrower still folds its lines)."""
SEAT_AREA_MAX = 9
"""The most lines of the seat's area on the decision screen (the rest: ``board``)."""
MENU_HANG = 6
"""Where a menu label starts (``"  12  label"``): its wrapped lines start there too."""
STEM_MIN = 4
"""The shortest stem a palette word is matched by with any ending (shorter words match whole)."""
ENDINGS = "aeoiyąęаеєиіїоуюяйь"
"""Short final vowels an inflected form replaces ("Cegła" → "cegły", "Tégla" → "téglát")."""


def stem(word: str) -> str:
    """The part of ``word`` its inflected forms start with: without its final short vowels,
    when at least :data:`STEM_MIN` letters remain.

    >>> stem("Cegła"), stem("Senator"), stem("Legionary"), stem("Fa"), stem("жовтий")
    ('Cegł', 'Senator', 'Legionar', 'Fa', 'жовт')
    """
    cut = word.rstrip(ENDINGS + ENDINGS.upper())
    return cut if len(cut) >= STEM_MIN else word


class Painter:
    """Colours a game's words (its :attr:`~ludus.core.api.Game.palette`) in plain text.

    Words match in any case and in any inflected form: a word of :data:`STEM_MIN` letters or
    more (after its final vowels) with any ending ("Senator": "Senatora", "Senatorowie";
    "Jack": "Jacks"), a shorter one whole. A one-letter key (a marker's initial, ``Y``)
    matches only itself, as a word of its own.

    >>> paint = Painter({"brick": "red", "Y": "yellow", "Senator": "bold"})
    >>> [(span.start, span.end, span.style) for span in paint("Brick: Y YW").spans]
    [(0, 5, 'red'), (7, 8, 'yellow')]
    >>> [(span.start, span.end, span.style) for span in paint("weź Senatora, cegły").spans]
    [(4, 12, 'bold')]
    """

    def __init__(self, palette: Mapping[str, str]) -> None:
        self.palette = {word.casefold(): style for word, style in palette.items() if len(word) > 1}
        self.letters = {word: style for word, style in palette.items() if len(word) == 1}
        self.styles: list[str] = []
        patterns: list[str] = []
        for word in sorted(self.palette, key=len, reverse=True):
            head, _, last = word.rpartition(" ")
            root = stem(last)
            ending = r"\w*" if len(root) >= STEM_MIN else r"\b"
            patterns.append(f"(?P<w{len(patterns)}>{re.escape(head + ' ' if head else '')}{re.escape(root)})"
                            + ending)
            self.styles.append(self.palette[word])
        self.words = re.compile(r"\b(?:" + "|".join(patterns) + ")", re.IGNORECASE) if patterns else None
        letters = "".join(map(re.escape, self.letters))
        self.initials = re.compile(rf"(?<!\w)[{letters}](?!\w)") if letters else None

    def __call__(self, line: str, style: str = "") -> Text:
        """``line`` as rich text, each palette word in its colour."""
        text = Text(line, style=style, no_wrap=True, overflow="ellipsis")
        if self.words is not None:
            for found in self.words.finditer(line):
                index = int((found.lastgroup or "w0")[1:])
                text.stylize(self.styles[index], found.start(), found.end())
        if self.initials is not None:
            for found in self.initials.finditer(line):
                text.stylize(self.letters[found.group()], found.start(), found.end())
        return text

    def rows(self, line: str, width: int, hang: int | None = None, style: str = "") -> list[Text]:
        """``line`` wrapped to ``width`` (:func:`wrap`), each row painted."""
        return [self(row, style) for row in wrap(line, width, hang)]


def translated_palette(palette: Mapping[str, str], lang: Lang, domain: str) -> dict[str, str]:
    """``palette`` with each word's translation in ``domain`` added (one-letter keys stay as they are).

    >>> translated_palette({"Rubble": "grey"}, get_lang("en"), "ludus")
    {'Rubble': 'grey'}
    """
    found = dict(palette)
    for word, style in palette.items():
        if len(word) > 1:
            found.setdefault(lang.gettext(word, domain), style)
    return found


def glossary_forms(package: str, code: str) -> dict[str, list[str]]:
    """The forms of each term of a game's glossary (``<package>/data/glossary.toml``) in the
    language ``code``, by the term's English name (casefolded): the term and its plural
    ("Legionista", "Legioniści"); empty for a game without a glossary.

    >>> glossary_forms("ludus.games.glory_to_rome", "pl")["jack"]
    ['Senator', 'Senatorowie']
    """
    try:
        text = resources.files(package).joinpath("data/glossary.toml").read_text("utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        return {}
    forms: dict[str, list[str]] = {}
    for term in tomllib.loads(text).get("terms", {}).values():
        english = term.get("en")
        if isinstance(english, str):
            said = [term.get(code), term.get(f"{code}_plural")]
            forms[english.casefold()] = [form for form in said if isinstance(form, str) and form]
    return forms


def game_palette(game: Any, lang: Lang) -> dict[str, str]:
    """The words ``game`` colours in ``lang``: its palette, each word's translation, and the
    forms its glossary gives the same term — a component is coloured as what it is, in every
    language, whatever form a sentence puts it in (:class:`Painter` adds the endings)."""
    found = translated_palette(game.palette, lang, game.info.id)
    forms = glossary_forms(type(game).__module__.rpartition(".")[0], lang.code)
    for word, style in game.palette.items():
        for form in forms.get(word.casefold(), ()) if len(word) > 1 else ():
            found.setdefault(form, style)
    return found


def wrap(line: str, width: int, hang: int | None = None) -> list[str]:
    """``line`` in rows of at most ``width`` characters, broken between words (a word wider
    than a row, inside it); the rows after the first start ``hang`` columns in (by default
    two more than the line's own indent). Nothing is left out.

    >>> wrap("  12  keep Lanista as your Path card (the other is your card", 30, 6)
    ['  12  keep Lanista as your', '      Path card (the other is', '      your card']
    """
    if len(line) <= width:
        return [line]
    indent = len(line) - len(line.lstrip(" "))
    hang = indent + 2 if hang is None else hang
    hang = min(hang, width // 2)
    rows = textwrap.wrap(line, width, subsequent_indent=" " * hang, break_on_hyphens=False,
                         replace_whitespace=False)
    return rows or [line[:width]]


def _layouts(entries: list[str], width: int) -> list[tuple[int, list[int], list[int]]]:
    """Ways to lay out the menu: (columns, entries in the grid, entries on lines of their
    own — those too wide for a cell, wrapped), fewest columns first (one column: every
    entry on lines of its own)."""
    out: list[tuple[int, list[int], list[int]]] = [(1, [], list(range(len(entries))))]
    for columns in (2, 3, 4):
        cell = width // columns
        grid = [i for i, e in enumerate(entries) if len(e) < cell]
        if len(grid) > len(entries) // 2:  # a grid for the few: not worth it
            out.append((columns, grid, [i for i in range(len(entries)) if len(entries[i]) >= cell]))
    return out


def menu_lines(labels: Sequence[str], rows: int, width: int = WIDTH, paint: Painter | None = None,
               lang: Lang | None = None) -> list[Text]:
    """The numbered menu in at most ``rows`` lines of ``width``.

    The fewest columns that hold the whole menu with every label whole (a label too
    wide for a column gets lines of its own, after the grid, wrapped under its text);
    when none holds it, the layout that shows the most entries whole (the wide ones and
    the grid's first) and a last line saying how many more ``menu`` lists. Numbers never
    change with the layout, and no label is ever cut.
    """
    paint = paint or Painter({})
    lang = lang or get_lang("en")
    count = len(labels)
    rows = max(rows, 2)
    entries = [f"{i:>4}  {label}" for i, label in enumerate(labels, start=1)]
    wrapped = [wrap(entry, width, MENU_HANG) for entry in entries]
    layouts = _layouts(entries, width)

    def more(hidden: int) -> str:
        return lang.ngettext(
            "  … and {count} more: type menu to see it (or type the notation)",
            "  … and {count} more: type menu to see them all (or type the notation)",
            hidden,
        ).format(count=hidden)

    def height(layout: tuple[int, list[int], list[int]]) -> int:
        columns, grid, wide = layout
        return -(-len(grid) // columns) + sum(len(wrapped[i]) for i in wide)

    def fitted(layout: tuple[int, list[int], list[int]]) -> tuple[list[int], list[int]]:
        """The grid entries and the wide ones shown when the menu does not fit: the wide
        ones first (in order, while they fit), then as many of the grid as the rest holds."""
        columns, grid, wide = layout
        room = rows - len(wrap(more(count), width, 4))
        shown: list[int] = []
        for i in wide:
            if len(wrapped[i]) > room:
                break
            shown.append(i)
            room -= len(wrapped[i])
        return grid[: max(room, 0) * columns], shown

    fits = [layout for layout in layouts if height(layout) <= rows]
    if fits:
        columns, grid, wide = fits[0]
    else:  # as many entries as the layouts can show whole
        best = max(layouts, key=lambda layout: sum(map(len, fitted(layout))))
        columns = best[0]
        grid, wide = fitted(best)
    tall = -(-len(grid) // columns)
    cell = width // columns
    lines: list[Text] = []
    for r in range(tall):
        line = Text(no_wrap=True, overflow="ellipsis")
        for c in range(columns):
            k = c * tall + r
            if k >= len(grid):
                break
            entry = entries[grid[k]]
            line.append_text(paint(entry.ljust(cell) if c < columns - 1 else entry))
        lines.append(line)
    lines.extend(paint(row) for i in wide for row in wrapped[i])
    shown = len(grid) + len(wide)
    if shown < count:
        lines.extend(Text(row, style="dim") for row in wrap(more(count - shown), width, 4))
    return lines


def decision_screen(
    news: Sequence[str],
    area: Sequence[str],
    labels: Sequence[str],
    width: int = WIDTH,
    height: int = HEIGHT,
    paint: Painter | None = None,
    lang: Lang | None = None,
) -> list[Text]:
    """The lines of one decision screen, leaving the last line of ``height`` for the prompt.

    Every line wider than ``width`` wraps (nothing is cut); the wrapped lines count."""
    paint = paint or Painter({})
    lang = lang or get_lang("en")
    budget = height - 1
    area_rows = [row for line in area for row in wrap(line, width)]
    shown_area = [paint(row) for row in area_rows[:SEAT_AREA_MAX]]
    if len(area_rows) > SEAT_AREA_MAX:
        hidden = len(area_rows) - SEAT_AREA_MAX + 1
        more = lang.ngettext(
            "  … {count} more line: type board", "  … {count} more lines: type board", hidden
        ).format(count=hidden)
        note = wrap(more, width, 4)
        shown_area[len(shown_area) - len(note):] = [Text(row, style="dim") for row in note]
    room = budget - len(shown_area)
    # The menu first: every entry whole if it can be, leaving the news at least a line.
    menu = menu_lines(labels, room - (1 if news else 0), width, paint, lang)
    room -= len(menu)
    lines: list[Text] = []
    items = [wrap(f"  {line}", width, 4) for line in news]
    heading = wrap(lang.gettext("Since your last decision:"), width)
    kept: list[list[str]] = []
    if news and room >= len(heading) + 1:
        left = room - len(heading)
        if sum(map(len, items)) > left:  # the latest that fit, under a line saying how many more
            earlier_note = lang.ngettext("  … {count} earlier: type log", "  … {count} earlier: type log",
                                         len(news))
            left -= len(wrap(earlier_note.format(count=len(news)), width, 4))
            for item in reversed(items):
                if len(item) > left:
                    break
                kept.insert(0, item)
                left -= len(item)
        else:
            kept = items
    if kept:
        lines.extend(Text(row, style="bold") for row in heading)
        if len(kept) < len(news):
            earlier = len(news) - len(kept)
            told = lang.ngettext("  … {count} earlier: type log", "  … {count} earlier: type log", earlier)
            lines.extend(Text(row, style="dim") for row in wrap(told.format(count=earlier), width, 4))
        lines.extend(paint(row) for item in kept for row in item)
    elif news and room >= 1:
        said = lang.ngettext("{count} thing happened since your last decision: type log",
                             "{count} things happened since your last decision: type log", len(news))
        happened = wrap(said.format(count=len(news)), width)
        if len(happened) <= room:
            lines.extend(Text(row, style="dim") for row in happened)
    return lines + shown_area + menu
