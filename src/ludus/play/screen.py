"""One decision on one screen: what happened, the seat's own area, the menu, the prompt.

A terminal of 80×24 must show the decision at hand without scrolling: the news since
the seat's last decision (the latest lines, with how many earlier ones ``log`` shows),
the seat's area (the game's :meth:`~ludus.core.api.Game.render_seat`) just above the
menu, and the numbered menu — in columns when it is long, and cut with a note when
even columns do not fit (``menu`` lists it whole). The whole table is ``board``.

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
from collections.abc import Mapping, Sequence

from rich.text import Text

from ludus.core.i18n import Lang, get_lang

__all__ = ["Painter", "decision_screen", "menu_lines", "translated_palette"]

WIDTH = 80
HEIGHT = 24
SEAT_AREA_MAX = 9
"""The most lines of the seat's area on the decision screen (the rest: ``board``)."""


class Painter:
    """Colours a game's words (its :attr:`~ludus.core.api.Game.palette`) in plain text.

    Words match whole and in any case; a one-letter key (a marker's initial, ``Y``)
    matches only itself, as a word of its own.

    >>> paint = Painter({"brick": "red", "Y": "yellow"})
    >>> [(span.start, span.end, span.style) for span in paint("Brick: Y YW").spans]
    [(0, 5, 'red'), (7, 8, 'yellow')]
    """

    def __init__(self, palette: Mapping[str, str]) -> None:
        self.palette = {word.casefold(): style for word, style in palette.items() if len(word) > 1}
        self.letters = {word: style for word, style in palette.items() if len(word) == 1}
        words = sorted(self.palette, key=len, reverse=True)
        self.words = (
            re.compile(r"\b(" + "|".join(map(re.escape, words)) + r")\b", re.IGNORECASE) if words else None
        )
        letters = "".join(map(re.escape, self.letters))
        self.initials = re.compile(rf"(?<!\w)[{letters}](?!\w)") if letters else None

    def __call__(self, line: str, style: str = "") -> Text:
        """``line`` as rich text, each palette word in its colour."""
        text = Text(line, style=style, no_wrap=True, overflow="ellipsis")
        if self.words is not None:
            for found in self.words.finditer(line):
                text.stylize(self.palette[found.group().casefold()], found.start(), found.end())
        if self.initials is not None:
            for found in self.initials.finditer(line):
                text.stylize(self.letters[found.group()], found.start(), found.end())
        return text


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


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def _layouts(entries: list[str], width: int) -> list[tuple[int, list[int], list[int]]]:
    """Ways to lay out the menu: (columns, entries in the grid, entries on lines of their
    own — those too wide for a cell), fewest columns first."""
    out: list[tuple[int, list[int], list[int]]] = [(1, list(range(len(entries))), [])]
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
    wide for a column gets a line of its own, after the grid); when none holds it, the
    layout that shows the most entries whole (the wide ones and the grid's first) and a
    last line saying how many more ``menu`` lists. Numbers never change with the layout.
    """
    paint = paint or Painter({})
    lang = lang or get_lang("en")
    count = len(labels)
    rows = max(rows, 2)
    entries = [f"{i:>4}  {label}" for i, label in enumerate(labels, start=1)]
    layouts = _layouts(entries, width)

    def height(layout: tuple[int, list[int], list[int]]) -> int:
        columns, grid, wide = layout
        return -(-len(grid) // columns) + len(wide)

    fits = [layout for layout in layouts if height(layout) <= rows]
    if fits:
        columns, grid, wide = fits[0]
        tall = -(-len(grid) // columns)
    else:  # as many entries as the layouts can show whole, the wide ones and the grid's first

        def shown_by(layout: tuple[int, list[int], list[int]]) -> int:
            columns, grid, wide = layout
            room = rows - 1 - len(wide)
            return min(len(grid), room * columns) + len(wide) if room > 0 else 0

        columns, grid, wide = max(layouts, key=shown_by)
        tall = rows - 1 - len(wide)
        grid = grid[: tall * columns]
    cell = width // columns
    lines: list[Text] = []
    for r in range(tall):
        line = Text(no_wrap=True, overflow="ellipsis")
        for c in range(columns):
            k = c * tall + r
            if k >= len(grid):
                break
            entry = _cut(entries[grid[k]], cell - 1 if columns > 1 else width)
            line.append_text(paint(entry.ljust(cell) if c < columns - 1 else entry))
        lines.append(line)
    lines.extend(paint(_cut(entries[i], width)) for i in wide)
    shown = len(grid) + len(wide)
    if shown < count:
        more = lang.ngettext(
            "  … and {count} more: type menu to see it (or type the notation)",
            "  … and {count} more: type menu to see them all (or type the notation)",
            count - shown,
        )
        lines.append(Text(more.format(count=count - shown), style="dim"))
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
    """The lines of one decision screen, leaving the last line of ``height`` for the prompt."""
    paint = paint or Painter({})
    lang = lang or get_lang("en")
    budget = height - 1
    shown_area = [paint(_cut(line, width)) for line in area[:SEAT_AREA_MAX]]
    if len(area) > SEAT_AREA_MAX:
        hidden = len(area) - SEAT_AREA_MAX + 1
        more = lang.ngettext(
            "  … {count} more line: type board", "  … {count} more lines: type board", hidden
        )
        shown_area[-1] = Text(_cut(more.format(count=hidden), width), style="dim")
    room = budget - len(shown_area)
    # The menu first: every entry whole if it can be, leaving the news at least a line.
    menu = menu_lines(labels, room - (1 if news else 0), width, paint, lang)
    room -= len(menu)
    lines: list[Text] = []
    if news and room >= 3:
        keep = list(news) if len(news) <= room - 1 else list(news[len(news) - (room - 2):])
        lines.append(Text(lang.gettext("Since your last decision:"), style="bold"))
        if len(keep) < len(news):
            earlier = len(news) - len(keep)
            lines.append(
                Text(
                    lang.ngettext(
                        "  … {count} earlier: type log", "  … {count} earlier: type log", earlier
                    ).format(count=earlier),
                    style="dim",
                )
            )
        lines.extend(paint(_cut(f"  {line}", width)) for line in keep)
    elif news and room >= 1:
        said = lang.ngettext("{count} thing happened since your last decision: type log",
                             "{count} things happened since your last decision: type log", len(news))
        lines.append(Text(_cut(said.format(count=len(news)), width), style="dim"))
    return lines + shown_area + menu
