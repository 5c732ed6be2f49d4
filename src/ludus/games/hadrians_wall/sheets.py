"""A Hadrian's Wall player's two sheets as SVG, and the drawing kit of the board picture.

Both sheets as printed: every area's boxes with their reward icons (each box drawn once as a
symbol and used), costs, the granary columns with the chain links of the Wall and the Cippi to
the Fort, filled (crossed) and circled boxes, the Years written in them; the Theatre and the
Ludus, the Temples, the Baths and the Courthouse, the Scouting map. :mod:`.svg` draws the year
board, each player's strip and the legend around them with the same kit (:class:`_Sheets`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludus.core.actions import Action
from ludus.core.board import Canvas, actions_by, esc
from ludus.core.i18n import Lang

from . import components as hw
from .notation import describe, describe_component
from .scoring import disdain_penalty
from .state import Board

__all__ = ["ICONS"]

ICONS: dict[str, tuple[str, str]] = {
    "soldier": ("#b03a2e", "⚔"), "builder": ("#ca6f1e", "⚒"), "servant": ("#2874a6", "♟"),
    "civilian": ("#1e8449", "☺"), "resource": ("#7b5a3a", "■"), "renown": ("#d4ac0d", "★"),
    "piety": ("#7d3c98", "✚"), "valour": ("#c0392b", "♦"), "discipline": ("#1f3a93", "⚜"),
    "trader": ("#117a65", "⚖"), "performer": ("#af601a", "♫"), "priest": ("#6c3483", "☩"),
    "apparitor": ("#34495e", "✎"), "patrician": ("#922b21", "♔"), "cohort": ("#4d5656", "⚑"),
    "hammer": ("#6e4b2a", "⚙"), "infrastructure": ("#5d6d7e", "⌂"), "favour": ("#b7950b", "✦")}
"""Our own icon of each reward token (a colour and a symbol); the legend names them."""

INK = "#1c2e5a"
_DEFS = ("<defs>" + "".join(
    f'<symbol id="hw-{token}" viewBox="-10 -10 20 20"><circle r="9.3" fill="{fill}" stroke="#fff" '
    'stroke-width="1"/><text y="4.4" font-size="12" text-anchor="middle" fill="#fff" '
    f'pointer-events="none">{symbol}</text></symbol>'
    for token, (fill, symbol) in ICONS.items())
    + "</defs><style>text { pointer-events: none; } .b { fill: #fffdf7; "
    f"stroke: #6b5d45; stroke-width: 0.8; rx: 3px; }} .k {{ fill: #c9c2b2; }} .x {{ stroke: {INK}; "
    "stroke-width: 2.4; pointer-events: none; } .o { fill: none; stroke: #c0392b; stroke-width: 1.8; "
    "pointer-events: none; }</style>")
"""Each icon drawn once, used everywhere (a picture holds hundreds)."""

# the picture, a sheet, a player's strip above the sheets
WIDTH, SHEET_W, STRIP_H, SHEET_H = 1680, 820, 118, 700
P, B, FINE = 26, 22, 8  # the pitch and the size of a box; the smallest text (10 CSS px on the web page)


def _text(component: str, lang: Lang, cache: dict[tuple[str, str, str], str] = {}) -> str:  # noqa: B006
    """A component's full effect text (``describe_component``), remembered per language."""
    key = (component, lang.code, type(lang).__name__)
    return cache[key] if key in cache else cache.setdefault(key, describe_component(component, lang))


_EVENT_AREAS = {
    "production": "production", "train": "training", "forum": "forum", "hexagon": "market",
    "perform": "theatre", "place": "scouting", "train_gladiator": "ludus", "battle": "ludus",
    "temple": "temples", "bribe": "baths", "ruling": "courthouse", "defence": "disdain",
    "diplomat": "diplomats", "cohort": "cohorts", "citizen": "citizens", "attribute_box": "attributes",
    "train+": "wall_guard", "bribe+": "disdain"}
"""The area each kind of event fills a box of (``fill`` names its area)."""


def _board_of(data: Mapping[str, Any]) -> Board:
    """A :class:`Board` holding a view's public sheet (what scoring reads)."""
    b = Board()
    hidden = ("hand", "deck", "choice", "pending", "paths")
    for name in (f.name for f in Board.FIELDS if f.name not in hidden):
        setattr(b, name, data[name])
    b.paths = [hw.PLAYER_CARD_INDEX[c] for c in data["paths"]]
    return b


_SYMBOLS: dict[str, str] = {}
"""The boxes as printed (a frame and its icons) by id, each drawn once in a picture's defs."""


def _place_key(words: list[str]) -> str | None:
    """The element an action acts on: an area's next box (``mine``), a box or card (``perform:L1``), a
    Prospect card bought or scouted from (``source:p1``), a Cohort's Pict cards (``favour:left``)."""
    verb, args = words[0], words[1:]
    if verb in ("mine", "guard", "train", "wall", "cippi", "fort", "forum", "temple", "diplomat"):
        return verb
    if verb in ("buy", "scout", "favour") and args:
        return ("source:" if verb != "favour" else "favour:") + args[-1]
    return f"{verb}:{args[0]}" if args and verb not in ("place", "end", "defend") else None


class _Sheets:
    """One drawing: the canvas, the language and the viewer's actions by the element they act on."""

    def __init__(self, view: Mapping[str, Any], player: int | None, lang: Lang) -> None:
        self.view, self.player, self.lang, self._ = view, player, lang, lang.gettext
        self.actions: list[str] = list(view.get("actions", ()))
        self.on = actions_by(self.actions, _place_key)
        self.cells: dict[int, list[str]] = {}  # map cell -> the placements covering it
        for n in (n for n in self.actions if n.partition(":")[2].startswith("place ")):
            mask = hw.cells_mask(n.split()[-1]) or 0
            for i in (i for i in range(hw.MAP_ROWS * hw.MAP_COLUMNS) if mask >> i & 1):
                self.cells.setdefault(i, []).append(n)
        self.used, self.symbols = set[str](), set[str]()  # the actions drawn; the boxes' symbols used
        self.recent = _recent(view.get("recent", ()))
        self.c = Canvas(WIDTH, 0, title=self._("Hadrian's Wall — Year {year}").format(year=view["year"]),
                        background="#e9e3d3")

    # --- helpers ---------------------------------------------------------------------
    def take(self, key: str, seat: int | None = None) -> list[str] | None:
        """The viewer's actions on element ``key`` (on ``seat``'s sheets when given; None: no click)."""
        acts = self.on.get(key) if self.player is not None and seat in (None, self.player) else None
        self.used.update(acts or ())
        return acts

    def text(self, x: float, y: float, words: str, size: float = 12, anchor: str = "start",
             weight: str | None = None, fill: str = "#222", fit: float = 0) -> None:
        """Text, smaller to ``fit`` a width (condensed to it rather than under ``FINE``); none for no
        words."""
        if not words:
            return
        size = max(FINE, shrunk := min(size, fit / (0.66 * len(words))) if fit else size)
        extra = ((' font-weight="bold"' if weight else "")
                 + (f' text-anchor="{anchor}"' if anchor != "start" else ""))
        extra += (f' fill="{fill}"' if fill != "#222" else "") + (
            f' textLength="{fit:g}" lengthAdjust="spacingAndGlyphs"' if shrunk < FINE else "")
        self.c.parts.append(f'<text x="{x:g}" y="{y:g}" font-size="{size:.3g}"{extra}>{esc(words)}</text>')

    def icon(self, x: float, y: float, token: str, r: float = 7) -> None:
        """Reward icon ``token`` centred on (x, y) (a ``<use>`` of its symbol in the picture's defs)."""
        self.c.parts.append(f'<use href="#hw-{token}" x="{x - r:.4g}" y="{y - r:.4g}" width="{2 * r:.3g}" '
                            f'height="{2 * r:.3g}"/>')

    def icons(self, x: float, y: float, tokens: Sequence[str], r: float = 6.5) -> None:
        """Several icons side by side, centred on (x, y); a choice token as its two options."""
        flat = [t for token in tokens for t in (token.split("_or_") if "_or_" in token else [token])]
        for i, token in enumerate(flat):
            self.icon(x + (i - (len(flat) - 1) / 2) * (2 * r + 1), y, token, r)

    def cost(self, x: float, y: float, counts: Sequence[int], size: float = 10) -> float:
        """A cost as counts and icons (``2⚒``); returns the x after it."""
        for i, n in enumerate(counts):
            if n:
                self.text(x, y + 4, str(n), size=size + 1, weight="bold", fill=INK)
                self.icon(x + size + 2, y, hw.ITEMS[i], size * 0.65)
                x += size * 2 + 6
        return x

    def box(self, x: float, y: float, tokens: Sequence[str], *, filled: bool = False, circled: bool = False,
            closed: bool = False, year: int = 0, actions: Sequence[str] | None = None, tip: str = "",
            label: str = "", w: float = B) -> None:
        """A box of a sheet: its reward icons, crossed when filled, circled in red, shaded in a closed granary
        column, the Year written in it, ``label`` above it (a need); hover text ``tip`` when clickable (the
        frame has the area's)."""
        if actions:
            self.c.parts.append(f'<rect class="b{" k" if closed else ""} playable" x="{x:g}" y="{y:g}" '
                                f'width="{w:g}" height="{B}" data-action="{esc(",".join(actions))}">'
                                + (f"<title>{esc(tip)}</title></rect>" if tip else "</rect>"))
            self.icons(x + w / 2, y + B / 2, tokens, 6.5 if len(tokens) < 2 else 5.2)
        else:  # a box as printed, drawn once in the picture's defs and used here
            sym = f"s{w:g}{'k' if closed else ''}-" + "-".join(tokens)
            if sym not in _SYMBOLS:
                parts, self.c.parts = self.c.parts, []
                self.icons(w / 2, B / 2, tokens, 6.5 if len(tokens) < 2 else 5.2)
                fill = "#c9c2b2" if closed else "#fffdf7"
                _SYMBOLS[sym] = (f'<g id="{sym}"><rect width="{w:g}" height="{B}" rx="3" fill="{fill}" '
                                 'stroke="#6b5d45" stroke-width="0.8"/>' + "".join(self.c.parts) + "</g>")
                self.c.parts = parts
            self.symbols.add(sym)
            self.c.parts.append(f'<use href="#{sym}" x="{x:g}" y="{y:g}"/>')
        self.text(x + w / 2, y - 2, label, size=8.5, anchor="middle", fill="#5b4a2f")
        if circled:
            self.c.parts.append(f'<circle class="o" cx="{x + w / 2:g}" cy="{y + B / 2:g}" '
                                f'r="{B / 2 + 1.5:g}"/>')
        if filled:
            self.c.parts.append(f'<path class="x" d="M{x + 3:g} {y + 3:g}L{x + w - 3:g} '
                                f'{y + B - 3:g}M{x + w - 3:g} {y + 3:g}L{x + 3:g} {y + B - 3:g}"/>')
        self.text(x + w / 2, y + B / 2 + 5, str(year or ""), size=13, anchor="middle", weight="bold",
                  fill=INK)

    def area(self, x: float, y: float, w: float, h: float, key: str, seat: int,
             title: str | None = None) -> None:
        """An area's frame (its full text on hover; amber when it changed) and its name."""
        tip = {"granaries": "building:medium_granary", "buildings": ""}.get(key, f"area:{key}")
        self.c.rect(x, y, w, h, fill="#fbf6ea", stroke="#a08a5c", rx=6,
                    tip=_text(tip, self.lang) if tip else None,
                    classes="recent" if (seat, key) in self.recent else "")
        self.text(x + 6, y + 14, hw.area_name(key, self.lang) if title is None else title, size=12,
                  weight="bold", fill="#4a3b22", fit=min(w - 12, 132))

    def tip(self, key: str, n: object, tokens: Sequence[str], need: str = "") -> str:
        """A box's hover text: its area, number and reward, and what it needs."""
        rewards = ((hw.reward_words(tuple(tokens), self.lang) if tokens else "—")
                   + (f" ({need})" if need else ""))
        return self._("{area}, box {box}: {rewards}").format(area=hw.area_name(key, self.lang), box=n,
                                                             rewards=rewards)

    def building(self, x: float, y: float, key: str, seat: int, built: bool, w: float = 150) -> None:
        """A building's box: its name, what it needs, its cost and what it gives; ticked when built."""
        b, acts = hw.BUILDINGS[key], self.take(f"build:{key}", seat)
        recent = "recent" if (seat, "building:" + key) in self.recent else ""
        css = " ".join(c for c in ("playable" if acts else "", recent) if c)
        self.c.parts.append(f'<g{f" class={chr(34)}{css}{chr(34)}" if css else ""} data-id="{key}" '
                            f'data-place="sheet {seat}"'
                            + (f' data-action="{esc(",".join(acts))}"' if acts else "")
                            + f"><title>{esc(_text(f'building:{key}', self.lang))}</title>"
                            f'<rect class="frame" x="{x:g}" y="{y:g}" width="{w:g}" height="38" rx="4" '
                            f'fill="{"#dcefd8" if built else "#fffdf7"}" stroke="#6b5d45"/>')
        self.text(x + 5, y + 13, hw.building_name(key, self.lang), size=10.5, weight="bold", fit=w - 24)
        self.icon(x + 11, y + 27, b.requirement, 6.5)
        self.text(x + 20, y + 31, str(b.at_least), size=10, weight="bold")
        end = self.cost(x + 40, y + 27, b.cost, 8)
        if b.rewards:
            self.text(end + 2, y + 31, "→", size=10)
            self.icons(end + 14 + 6.5 * (len(b.rewards) - 1), y + 27, b.rewards, 5.5)
        if built:
            self.text(x + w - 6, y + 14, "✓", size=16, anchor="end", weight="bold", fill="#1a7f37")
        self.c.parts.append("</g>")

    def track(self, xs: Sequence[float], y: float, key: str, seat: int, rewards: Sequence[Sequence[str]],
              filled: int, act: str, columns: Sequence[int] = (), level: int = 3) -> None:
        """A row of boxes filled left to right (at ``xs``); boxes in closed granary columns shaded."""
        for i, tokens in enumerate(rewards):
            self.box(xs[i], y, tokens, filled=i < filled,
                     closed=bool(columns) and columns[i] >= level and i >= filled,
                     actions=self.take(act, seat) if i == filled else None,
                     tip=self.tip(key, i + 1, tokens) if i == filled else "")

    def left_sheet(self, seat: int, b: Mapping[str, Any]) -> None:
        c, _, lang = self.c, self._, self.lang
        level = 1 + b["built"][0] + b["built"][1]
        self.area(8, 8, 300, 118, "cohorts", seat)
        for k in range(3):
            self.text(16, 44 + k * 28, hw.cohort_name(k, lang), size=11, fit=66)
            self.track([86 + i * P for i in range(6)], 28 + k * 28, "cohorts", seat, hw.COHORT_REWARDS,
                       b["cohorts"][k], f"cohort:{hw.COHORTS[k]}")
        self.area(316, 8, 496, 118, "production", seat)
        for i in range(hw.PRODUCTION_CIRCLES):
            c.circle(480 + i * 26, 20, 10, fill="#fffdf7", stroke="#6b5d45")
            self.icon(480 + i * 26, 20, "resource", 6)
            if i < b["production"]:
                self.text(480 + i * 26, 27, "✕", size=20, anchor="middle", fill=INK)
        for row, (key, n, boxes) in enumerate((("training", hw.TRAINING_BOXES, b["training"]),
                                               ("forum", hw.FORUM_BOXES, b["forum"]))):
            ty = 46 + row * 40
            self.area(320, ty - 6, 488, 34, key, seat, "")
            self.text(326, ty + 15, hw.area_name(key, lang), size=12, weight="bold", fill="#4a3b22", fit=112)
            if key == "training":
                self.cost(444, ty + 11, (0, 1, 0, 0, 0), 9)
            for i in range(n):
                self.box(480 + i * P, ty, [], year=boxes[i] if i < len(boxes) else 0,
                         actions=self.take(key, seat) if i == len(boxes) else None,
                         tip=_text(f"area:{key}", lang))
        # the granary columns: Mining, Wall Guard, Wall, Fort, Cippi (the Wall and the Cippi chained to the
        # Fort)
        self.area(8, 134, 804, 236, "granaries", seat, _("Granaries"))
        for col in (1, 2):
            self.building(120 + col * 204, 140, hw.BUILDING_IDS[col - 1], seat, bool(b["built"][col - 1]),
                          w=186)

        def xs(columns: Sequence[int], pitch: float = P) -> list[float]:
            return [120 + col * 204 + (i - sum(1 for k in columns[:i] if k < col)) * pitch
                    for i, col in enumerate(columns)]
        fort = xs(hw.FORT_COLUMN)
        rows = (
            ("mining", hw.MINING_REWARDS, b["mining"], hw.MINING_COLUMN, "mine", (0, 0, 1, 0, 0),
             xs(hw.MINING_COLUMN, 36)),
            ("wall_guard", hw.GUARD_REWARDS, b["guard"], hw.GUARD_COLUMN, "guard", (1, 0, 0, 0, 0),
             xs(hw.GUARD_COLUMN)),
            ("wall", hw.WALL_REWARDS, b["wall"], hw.WALL_COLUMN, "wall", (0, 0, 0, 0, 1), fort),
            ("fort", hw.FORT_REWARDS, b["fort"], hw.FORT_COLUMN, "fort", (1, 1, 0, 0, 0), fort),
            ("cippi", hw.CIPPI_REWARDS, b["cippi"], hw.CIPPI_COLUMN, "cippi", (0, 0, 0, 0, 1),
             [fort[k - 1] for k in hw.CIPPI_CHAIN]))
        for r, (key, rewards, filled, columns, act, cost, pos) in enumerate(rows):
            ty = 190 + r * 36
            c.rect(12, ty - 6, 104, 32, fill="#fbf6ea", rx=4, tip=_text(f"area:{key}", lang), stroke="none",
                   classes="recent" if (seat, key) in self.recent else "")
            self.text(16, ty + 7, hw.area_name(key, lang), size=10.5, weight="bold", fit=100)
            self.cost(18, ty + 18, cost, 8)
            self.text(49, ty + 22, "/" if key == "fort" else "", size=10)
            self.track(pos, ty, key, seat, rewards, filled, act, columns, level)
        # chain links: a Wall box needs the Fort box below it, a Cippi box its Fort box
        for i, x in enumerate(fort):
            c.line(x + B / 2, 190 + 2 * 36 + B, x + B / 2, 190 + 3 * 36, stroke="#6b5d45", width=2)
            if i + 1 in hw.CIPPI_CHAIN:
                c.line(x + B / 2, 190 + 3 * 36 + B, x + B / 2, 190 + 4 * 36, stroke="#6b5d45", width=2)
        self.area(8, 378, 804, 102, "buildings", seat, _("Buildings"))
        others = [k for k, v in hw.BUILDINGS.items() if v.sheet == "left" and not k.endswith("granary")]
        for i, key in enumerate(others):
            self.building(16 + (i % 5) * 158, 398 + (i // 5) * 40, key, seat,
                          bool(b["built"][hw.BUILDING_INDEX[key]]), w=152)
        self.area(8, 488, 804, 140, "attributes", seat)
        for a, name in enumerate(hw.ATTRIBUTES):
            ty = 510 + a * 28
            self.icon(20, ty + 11, name, 7)
            self.text(30, ty + 15, hw.attribute_name(a, lang), size=11, fit=78)
            self.track([112 + i * 27 for i in range(hw.ATTRIBUTE_MAX)], ty, "attributes", seat,
                       [[t] if t else [] for t in hw.ATTRIBUTE_REWARDS[a][1:]], b["attrs"][a],
                       f"attribute:{name}")
        self.area(8, 636, 804, 56, "disdain", seat)
        final = b["disdain"] - b["disdain_removed"]
        for i in range(hw.DISDAIN_BOXES):
            self.box(112 + i * P, 658, [], circled=i < b["disdain"], filled=i < b["disdain_removed"],
                     tip=_text("area:disdain", lang))
        self.text(520, 674, _("Final Disdain") + f": {final} (−{disdain_penalty(final)})", size=12,
                  weight="bold")

    def right_sheet(self, seat: int, b: Mapping[str, Any]) -> None:
        lang = self.lang
        built = {k: bool(b["built"][i]) for i, k in enumerate(hw.BUILDINGS)}
        self.area(8, 8, 330, 170, "citizens", seat)
        for k, name in enumerate(hw.CITIZENS):
            ty = 30 + k * 29
            self.icon(18, ty + 11, name, 7)
            self.text(28, ty + 15, hw.citizen_name(k, lang), size=10.5, fit=72)
            self.track([104 + i * 25 for i in range(hw.CITIZEN_BOXES)], ty, "citizens", seat,
                       hw.CITIZEN_REWARDS[k], b["citizens"][k], f"citizen:{name}")
        self.area(346, 8, 466, 106, "buildings", seat, self._("Buildings"))
        for i, key in enumerate(
                ("small_precinct", "medium_precinct", "large_precinct", "small_gardens", "large_gardens")):
            self.building(354 + (i % 3) * 152, 26 + (i // 3) * 42, key, seat, built[key], w=148)
        self.area(346, 120, 466, 58, "market", seat, "")
        self.building(352, 130, "market", seat, built["market"], w=140)
        for h, name in enumerate(hw.MARKET_HEXAGONS):
            x, y = 516 + h * 37, 153
            pts = " ".join(f"{x + 15 * dx:.1f},{y + 15 * dy:.1f}" for dx, dy in
                           ((0, -1), (0.87, -0.5), (0.87, 0.5), (0, 1), (-0.87, 0.5), (-0.87, -0.5)))
            acts = self.take(f"hexagon:{name}", seat)
            data = f' class="playable" data-action="{esc(",".join(acts))}"' if acts else ""
            tip = self.tip("market", name, hw.MARKET_EXTRA[h], hw.market_box_words(h, lang))
            self.c.parts.append(f'<polygon points="{pts}" fill="#fffdf7" '
                                f'stroke="#6b5d45"{data}><title>{esc(tip) if acts else ""}</title>'
                                "</polygon>")
            self.text(x, y - 18, f"⚖{hw.MARKET_TRADERS[h]}", size=8.5, anchor="middle",
                      fill=ICONS["trader"][0])
            if b["market"][h]:
                self.text(x, y + 5, str(b["market"][h]), size=14, anchor="middle", weight="bold", fill=INK)
            elif hw.MARKET_EXTRA[h]:
                self.icons(x, y, hw.MARKET_EXTRA[h], 5.5)
        self.theatre_ludus(seat, b, built)
        self.temples_baths_court(seat, b, built)
        self.scouting(seat, b)

    def theatre_ludus(self, seat: int, b: Mapping[str, Any], built: Mapping[str, bool]) -> None:
        self.area(8, 186, 400, 104, "theatre", seat)
        self.building(250, 192, "theatre", seat, built["theatre"], w=150)
        self.cost(20, 226, hw.THEATRE_COST, 9)
        for k, name in enumerate(hw.THEATRE_BOXES):
            self.box(20 + k * 64, 258, hw.THEATRE_REWARDS[k], w=44, year=b["theatre"][k],
                     label=f"♫{hw.THEATRE_PERFORMERS[k]}", actions=self.take(f"perform:{name}", seat),
                     tip=self.tip("theatre", hw.box_label(name, self.lang), hw.THEATRE_REWARDS[k],
                                  hw.theatre_box_words(k, self.lang)))
        self.area(8, 298, 400, 118, "ludus", seat)
        self.building(250, 304, "ludus", seat, built["ludus"], w=150)
        self.text(44, 410, "✝", size=12, anchor="middle")
        for i in range(6):  # what a gladiator of each Strength gives when it dies (survival: in its box)
            self.icons(97 + i * 34, 406, hw.LUDUS_DEATH[i], 5)
        for g, colour in enumerate(("red", "blue")):
            y = 348 + g * 28
            self.c.rect(14, y, 60, B, fill=("#c0392b", "#2874a6")[g], rx=4,
                        actions=self.take(f"battle:{colour}", seat), tip=hw.gladiator_name(g, self.lang))
            self.text(44, y + 16, "✝" if b["dead"][g] else "⚔", size=14, anchor="middle", fill="#fff",
                      weight="bold")
            for i in range(6):
                self.box(82 + i * 34, y, hw.LUDUS_SURVIVAL[i], w=30, circled=i < b["strength"][g],
                         filled=i < b["damage"][g], label=f"♫{hw.LUDUS_PERFORMERS[i]}" if g == 0 else "",
                         actions=self.take(f"train_gladiator:{colour}", seat)
                         if i == b["strength"][g] else None,
                         tip=self.tip("ludus", i + 1, hw.LUDUS_SURVIVAL[i]))
            self.text(292, y + 15, " ".join(["⚔", *map(str, b["battles"][g])]) if b["battles"][g] else "",
                      size=11)

    def temples_baths_court(self, seat: int, b: Mapping[str, Any], built: Mapping[str, bool]) -> None:
        self.area(416, 186, 396, 230, "temples", seat)
        acts, k = self.take("temple", seat), 0
        for t, rows in enumerate(hw.TEMPLE_ROWS):
            x = 422 + t * 130
            self.building(x, 204, hw.TEMPLE_IDS[t], seat, built[hw.TEMPLE_IDS[t]], w=126)
            for r, need in enumerate(rows):
                for half in (0, 1):
                    tokens = ["piety", "favour"][: half * (1 + (r == len(rows) - 1))]
                    self.box(x + 30 + half * 30, 266 + r * 34, tokens, w=26, filled=k < b["temple_filled"],
                             label=f"☩{need}" if half == 0 else "",
                             actions=acts if k == b["temple_filled"] else None,
                             tip=self.tip("temples", k + 1, tokens))
                    k += 1
        self.text(424, 404, "✦" * (b["temple_favours"] - b["temple_used"]) + "✧" * b["temple_used"], size=14)
        self.area(8, 424, 400, 132, "baths", seat)
        self.building(250, 430, "baths", seat, built["baths"], w=150)
        for k, name in enumerate(hw.BATHS_BOXES):
            self.box(20 + k * 64, 492, [], w=44, year=b["baths"][k], label=f"✎{hw.BATHS_APPARITORES[k]}",
                     actions=self.take(f"bribe:{name}", seat),
                     tip=self.tip("baths", hw.box_label(name, self.lang), [],
                                  hw.baths_box_words(k, self.lang)))
            self.cost(24 + k * 64, 528, (0, 0, 0, 0, hw.BATHS_RESOURCES[k]), 8)
        self.area(416, 424, 396, 132, "courthouse", seat)
        self.building(540, 430, "courthouse", seat, built["courthouse"], w=150)
        for k, name in enumerate(hw.COURT_BOXES):
            col, row = divmod(k, 3)
            x, y = 430 + col * 128, 490 + row * 22
            if row == 0:
                end = self.cost(x, y - 6, hw.COURT_PAY[col], 7)
                self.text(end, y - 2, "→", size=9)
                self.icons(end + 18, y - 6, hw.COURT_GAIN[col], 5)
            self.box(x + 60, y + 4, [], w=30, year=b["court"][k], actions=self.take(f"ruling:{name}", seat),
                     tip=self.tip("courthouse", hw.box_label(name, self.lang), [],
                                  hw.court_box_words(k, self.lang)))
            self.text(x + 56, y + 19, f"✎{hw.COURT_APPARITORES[col][row]}", size=9, anchor="end")

    def scouting(self, seat: int, b: Mapping[str, Any]) -> None:
        c, lang = self.c, self.lang
        self.area(8, 564, 400, 128, "diplomats", seat)
        for i, need in enumerate(hw.DIPLOMAT_PATRICIANS):
            self.box(20 + i * 90, 602, [], w=80, label=f"♔{need}", tip=_text("area:diplomats", lang),
                     actions=self.take("diplomat", seat) if i == len(b["diplomats"]) else None)
            if i < len(b["diplomats"]):
                left = hw.DIPLOMAT_FAVOURS - b["diplomat_used"][i]
                self.text(60 + i * 90, 617, f"{hw.cohort_name(b['diplomats'][i], lang)[:8]} {'✦' * left}",
                          size=10, anchor="middle", weight="bold")
        self.cost(300, 613, hw.DIPLOMAT_COST, 8)
        self.text(20, 654, self._("Scouts"), size=11, weight="bold")
        for i, need in enumerate(hw.SCOUT_PATRICIANS):
            self.box(140 + i * 30, 640, [], filled=i < b["scouts"], label=f"♔{need}",
                     tip=_text("area:scouting", lang))
        self.area(416, 564, 396, 128, "scouting", seat)
        for i in range(hw.MAP_ROWS * hw.MAP_COLUMNS):
            r, col = divmod(i, hw.MAP_COLUMNS)
            icon = {"R": ["resource"], "S": ["servant"]}.get(hw.MAP_ICONS[i], [])
            acts = self.cells.get(i) if seat == self.player else None
            self.used.update(acts or ())
            self.box(446 + col * 26, 590 + r * 24, icon, filled=bool(b["map"] >> i & 1), actions=acts,
                     tip=hw.cell_name(i) + (": " + hw.reward_words(icon, lang) if icon else ""))
            self.text(457 + col * 26, 586, hw.MAP_LETTERS[col] if r == 0 else "", size=9, anchor="middle")
        for r in range(hw.MAP_ROWS):
            self.text(436, 605 + r * 24, str(r + 1), size=9, anchor="middle")
            self.icon(446 + hw.MAP_COLUMNS * 26 + 6, 601 + r * 24, "valour", 5.5)
        turns = [n for n in self.actions if seat == self.player and n.partition(":")[2].startswith("turn ")]
        for i, n in enumerate(turns):  # the pattern's orientations to choose from
            x, y, mask = 600 + (i % 4) * 50, 588 + (i // 4) * 50, hw.cells_mask(n.split()[-1]) or 0
            with c.group(actions=self.take("turn:" + n.split()[-1], seat),
                         tip=describe(Action.from_notation(n), None, lang)):
                c.rect(x, y, 44, 44, fill="#fffdf7", stroke="#6b5d45", rx=3, classes="frame")
                self.mini(x + 4, y + 4, [k for k in range(hw.MAP_ROWS * hw.MAP_COLUMNS) if mask >> k & 1])

    def mini(self, x: float, y: float, cells: Sequence[int]) -> None:
        """A Scouting pattern in small: its map cells (row by row) as squares."""
        self.c.parts.extend(f'<rect x="{x + k % hw.MAP_COLUMNS * 9:g}" y="{y + k // hw.MAP_COLUMNS * 9:g}" '
                            'width="8" height="8" fill="#2f5f4f"/>' for k in cells)


def _recent(events: Sequence[Mapping[str, Any]]) -> set[tuple[int, str]]:
    """(seat, area) of the areas the recent events touched (``building:<id>`` for a building)."""
    touched: set[tuple[int, str]] = set()
    for data, kind in ((e.get("data", {}), e.get("kind", "")) for e in events if "seat" in e.get("data", {})):
        area = (f"building:{data['building']}"
                if kind == "build" else _EVENT_AREAS.get(kind, str(data.get("area"))))
        touched |= {(int(data["seat"]), area), (int(data["seat"]), _EVENT_AREAS.get(kind + "+", ""))}
    return touched
