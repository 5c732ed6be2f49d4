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

import textwrap
from collections.abc import Sequence

from rich.text import Text

from ludus.core.i18n import Lang, get_lang
from ludus.play.colours import Painter, game_palette, translated_palette

__all__ = ["MIN_WIDTH", "Painter", "decision_screen", "game_palette", "menu_lines", "paint_rows",
           "translated_palette", "wrap"]  # Painter, game_palette, translated_palette: ludus.play.colours

WIDTH = 80
HEIGHT = 24
MIN_WIDTH = 20
"""The narrowest screen laid out (a terminal narrower still folds its lines)."""
SEAT_AREA_MAX = 9
"""The most lines of the seat's area on the decision screen (the rest: ``board``)."""
MENU_HANG = 6
"""Where a menu label starts (``"  12  label"``): its wrapped lines start there too."""


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


def paint_rows(paint: Painter, line: str, width: int, hang: int | None = None, style: str = "") -> list[Text]:
    """``line`` wrapped to ``width`` (:func:`wrap`), each row in the game's colours."""
    return [paint(row, style) for row in wrap(line, width, hang)]


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
