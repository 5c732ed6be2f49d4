"""The Trajan table as an SVG picture, drawn from a board view only.

The main board: the time track (its lap for this player count), the senate track, the map of the
provinces (roads, legionnaires, leaders, forum tiles), the military camp, the forum, the
construction area, the six Trajan-tile stacks (the top tile's category, two colours and VP), the
three ships, the draw and discard piles, the senate's bonus tiles and the people's demands. Each
player's mat: the action circle of six trays with their markers (the game's colours,
:data:`MARKERS`), the Trajan tile beside each tray, the arch, and the hand (its owner's only),
display and tiles taken. A click on a tray takes it, on a marker sows it, on a province, forum
tile, construction space, ship, pile or stack does that action; the rest are buttons.

>>> import ludus
>>> state = ludus.load("trajan", 2).new_state(3)
>>> picture = ludus.svg(state, 0, "hu")
>>> picture.startswith("<svg") and 'data-action="0:arrange yellow' in picture
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from ludus.core.actions import Action
from ludus.core.board import Canvas, Svg
from ludus.core.i18n import Lang, LangLike, as_lang, get_lang
from ludus.games.trajan.components import (
    ACTIONS,
    ADJACENCY_EDGES,
    BONUS_INDEX,
    CAMP,
    COLOURS,
    COMMODITIES,
    COMMODITY_INDEX,
    CONSTRUCTION_TILES,
    DEMAND_KINDS,
    DOMAIN,
    FORUM_KIND_INDEX,
    GRID_COLUMNS,
    PROVINCE_INDEX,
    PROVINCES,
    SENATE_VP,
    SHIPS,
    SLOT_NAMES,
    TRAJAN_CATEGORIES,
    TRAJAN_INDEX,
    TRAJAN_TILES,
    action_name,
    bonus_name,
    building_name,
    colour_name,
    commodity_name,
    demand_name,
    forum_kind_name,
    province_name,
    ship_name,
    text_in,
    trajan_tile_name,
)
from ludus.games.trajan.notation import catalogue, describe

__all__ = ["COMMODITY_COLOURS", "MARKERS", "SEATS", "svg"]

MARKERS: dict[str, str] = {"yellow": "#f2d21b", "orange": "#f08a1c", "green": "#9ad94f", "white": "#ffffff",
                           "pink": "#f06aa8", "blue": "#2f6fd6"}
"""The fill of each action-marker colour (the terminal's ``render.PALETTE``: yellow, dark orange,
green, bright white, hot pink, blue)."""
SEATS = ("#b8322a", "#2b2b2b", "#7b3fa0", "#8a5a24")
"""Each seat's colour: its legionnaires, leader, workers and senate marker."""
COMMODITY_COLOURS: dict[str, str] = dict(zip(COMMODITIES, (
    "#e8dcb0", "#c9bd5a", "#c97a9c", "#8dbfe0", "#d4af37", "#6cc4a8",
    "#d9d4cc", "#b89870", "#e8955a", "#d08a66", "#c4a484", "#e3c566"), strict=True))
"""A card colour for each of the 12 commodities (the cards carry only a picture)."""

WIDTH = 1400
MAT_H = 300
# the provinces map: each province's place (x, y) in a 680 × 400 box, from its longitude and
# latitude (Britannia north-west, Narbonensis south, Noricum east), the camp south of the Alps
_PLACES: dict[str, tuple[float, float]] = {
    "britannia": (120, 50), "germania_inferior": (380, 60), "belgica": (250, 140),
    "lugudunensis": (110, 190), "germania_superior": (450, 160), "aquitania": (80, 310),
    "narbonensis": (250, 340), "alpes": (360, 260), "raetia": (500, 250), "noricum": (610, 190),
    "camp": (560, 350)}
_BUILDINGS = {t.name: t for t in CONSTRUCTION_TILES}


_ELEMENT = {"arrange": "marker", "sow": "marker", "take": "tray", "plus2": "tray", "take_card": "pile",
            "take_discard": "pile", "pile": "pile", "stack": "stack", "trajan": "stack", "display": "card",
            "discard": "card", "load": "card", "ship": "ship", "take_tile": "forum", "march": "province",
            "build": "space", "meet": "demand", "consul": "bonus", "extra": "held"}
"""The kind of element each verb's first argument names (``take seaport``: the Seaport tray)."""


def _key(words: list[str], view: Mapping[str, Any], player: int | None) -> tuple[str, ...] | None:
    """The element an action (its words after the seat) acts on, or None for a button."""
    verb, args = words[0], words[1:]
    if verb == "choose":  # a tile of the chosen stack, or a face-down stack's top tile
        return ("choice" if args[0] in TRAJAN_INDEX else "stack", args[0])
    if verb == "load" and args[0] == "joker":  # the seat's commodity joker
        return ("held", "commodity_joker")
    if verb in _ELEMENT:
        return (_ELEMENT[verb], args[0])
    if verb == "draw_two":
        return ("pile", "deck")
    if verb == "sail" and view["turn"]["ship"]:
        return ("ship", view["turn"]["ship"])
    if verb == "deploy" and player is not None:
        return ("province", view["players"][player]["leader"])
    return (verb,) if verb in ("recruit", "senate", "hire") else None


class _Table:
    """One drawing: the canvas, the language, the viewer's actions by the element they act on."""

    def __init__(self, view: Mapping[str, Any], player: int | None, lang: Lang) -> None:
        self.view, self.player, self.lang = view, player, lang
        self._ = lang.gettext
        self.actions: list[str] = list(view.get("actions", ()))
        self.on: dict[tuple[str, ...], list[str]] = {}
        self.buttons: list[str] = []
        for notation in self.actions:
            key = _key(notation.partition(":")[2].split(), view, player)
            if key is None:
                self.buttons.append(notation)
            else:
                self.on.setdefault(key, []).append(notation)
        self.used: set[str] = set(self.buttons)
        self.recent = self._recent(view.get("recent", ()))
        # the components' texts in the language (cached per language; their translation is
        # checked with the catalogues of issue 12)
        self.texts = catalogue(get_lang(lang.code).for_domain(DOMAIN))
        self.canvas = Canvas(WIDTH, 0, title=self._("Trajan — quarter {quarter}, round {round}").format(
            quarter=view["quarter"], round=view["round"]))

    def acts(self, *key: str) -> list[str] | None:
        """The viewer's actions on the element ``key`` (recorded as drawn), or None."""
        found = self.on.get(key)
        if found:
            self.used.update(found)
        return found or None

    def tip(self, name: str) -> str:
        """A component's full text (``show NAME``) in the picture's language."""
        return self.texts.get(" ".join(name.lower().replace("_", " ").replace("-", " ").split()), "")

    @staticmethod
    def _recent(events: Sequence[Mapping[str, Any]]) -> set[tuple[Any, ...]]:
        """The elements the recent events touched: ("province", 3), ("tray", seat, 2), …"""
        marks: set[tuple[Any, ...]] = set()
        for event in events:
            data, kind = event.get("data", {}), event.get("kind", "")
            fields = (("province", "space", "ship", "pile", "bonus")
                      + (("tile",) if kind != "march_take" else ()))
            marks |= {(field, data[field]) for field in fields if field in data}
            marks |= {("tray", data["seat"], data["tray"])} if kind == "take_tray" else set()
            marks |= {("senate", data["space"])} if kind == "senate" else set()
            marks |= {("camp",)} if kind in ("recruit", "deploy", "march", "march_take") else set()
            marks |= {("workers",)} if kind in ("hire", "build_worker", "effect_worker") else set()
        return marks

    def mark(self, *key: Any) -> str:
        return "recent" if key in self.recent else ""

    # --- small pieces -----------------------------------------------------------------------
    def trajan_tile(self, x: float, y: float, tile_id: str, w: float = 64, h: float = 34,
                    actions: Sequence[str] | None = None, place: str = "", classes: str = "") -> None:
        """A Trajan tile: its two colours, VP and category (a demand tile: its demand)."""
        c, lang = self.canvas, self.lang
        t = TRAJAN_TILES[TRAJAN_INDEX[tile_id]]
        left, right, vp = MARKERS[COLOURS[t.colours[0]]], MARKERS[COLOURS[t.colours[1]]], t.vp
        kind = (demand_name(t.demand, lang)
                if t.demand >= 0 else lang.gettext(TRAJAN_CATEGORIES[t.category].en))
        with c.group(actions=actions, tip=self.tip(tile_id) or trajan_tile_name(t.index, lang),
                     data_id=tile_id, data_place=place, classes=classes or self.mark("tile", t.index)):
            c.rect(x, y, w, h, fill="#efe3c2", stroke="#6b5a3a", rx=4, classes="frame")
            c.rect(x + 3, y + 3, 16, h - 15, fill=left, stroke="#555", rx=2)
            c.rect(x + 20, y + 3, 16, h - 15, fill=right, stroke="#555", rx=2)
            c.text(x + w - 4, y + 15, str(vp), size=12, anchor="end", weight="bold")
            c.text(x + w / 2, y + h - 3, _short(kind, w * 1.3), size=8, anchor="middle")

    def empty(self, x: float, y: float, w: float, h: float = 24) -> float:
        """An empty space (a forum space, a Trajan-tile slot); returns the x after it."""
        self.canvas.rect(x, y, w, h, fill="none", stroke="#bbb", rx=4, stroke_dasharray="4 3")
        return x + w + 4

    def marker(self, x: float, y: float, colour: str, actions: Sequence[str] | None = None,
               r: float = 7) -> None:
        self.canvas.circle(x, y, r, fill=MARKERS[colour], stroke="#333", actions=actions,
                           tip=colour_name(COLOURS.index(colour), self.lang))

    def pawn(self, x: float, y: float, seat: int, r: float = 8, label: str | None = None) -> None:
        c = self.canvas
        c.circle(x, y, r, fill=SEATS[seat], stroke="#fff", stroke_width=1.5,
                 tip=self.lang.player(seat))
        c.text(x, y + r * 0.45, str(seat + 1) if label is None else label, size=r * 1.2, anchor="middle",
               weight="bold", fill="#fff")

    def chip(self, x: float, y: float, w: float, label: str, fill: str, tip: str,
             actions: Sequence[str] | None = None, data_id: str | None = None, place: str | None = None,
             classes: str = "") -> float:
        """A small labelled tile (a forum tile, a card, a bonus tile); returns the x after it."""
        c = self.canvas
        with c.group(actions=actions, tip=tip, data_id=data_id, data_place=place, classes=classes):
            c.rect(x, y, w, 24, fill=fill, stroke="#555", rx=4, classes="frame")
            c.text(x + w / 2, y + 16, label, size=11, anchor="middle")
        return x + w + 4

    def forum_tile(self, x: float, y: float, key: str, w: float = 100, actions: Sequence[str] | None = None,
                   place: str = "forum", classes: str = "") -> float:
        k = FORUM_KIND_INDEX[key]
        fill = "#f1e6c8" if key.startswith("senate") else "#d6e4f0" if key in DEMAND_KINDS else "#e6dcf0"
        name = forum_kind_name(k, self.lang)
        return self.chip(x, y, w, _short(name, w), fill, self.tip(key) or name, actions, "forum:" + key,
                         place, classes)

    # --- the board -----------------------------------------------------------------------------
    def header(self, y: float) -> float:
        c, _, view = self.canvas, self._, self.view
        c.text(20, y + 32, self._("Trajan"), size=28, weight="bold")
        t = view["time"]
        c.text(185, y + 30,
               _("Quarter {quarter} of 4 · round {round} of 4 · time {position} of {lap}").format(
            quarter=view["quarter"], round=view["round"], position=t["position"], lap=t["lap"]), size=16)
        if view["to_move"] is None:
            c.text(185, y + 56, _("The game is over."), size=16, weight="bold", fill="#8b1a1a")
        else:
            c.text(185, y + 56, _("To move: {seat} · turn of {current}").format(
                seat=self.lang.player(view["to_move"]), current=self.lang.player(view["current"])), size=16,
                   weight="bold", fill="#0b5cad")
        return y + 70

    def button_row(self, y: float, notations: Sequence[str]) -> float:
        self.used.update(notations)
        return self.canvas.button_row(
            y, [(describe(Action.from_notation(n), None, self.lang), n) for n in notations])

    def provinces(self, x0: float, y0: float) -> None:
        """The map: roads, provinces (VP, forum tile, legionnaires, leaders) and the military camp."""
        c, _, lang = self.canvas, self._, self.lang
        c.rect(x0, y0, 690, 420, fill="#e9efe0", stroke="#8c7a55", rx=10)
        c.text(x0 + 12, y0 + 22, _("Provinces"), size=15, weight="bold")
        at = {p.index: _PLACES[p.key] for p in PROVINCES} | {CAMP: _PLACES["camp"]}
        for a, b in ADJACENCY_EDGES:
            (ax, ay), (bx, by) = at[a], at[b]
            c.line(x0 + ax, y0 + ay + 20, x0 + bx, y0 + by + 20, stroke="#a08a5a", width=3,
                   stroke_dasharray="6 4" if a == CAMP else None)
        leaders: dict[str, list[int]] = {}
        for seat, pv in enumerate(self.view["players"]):
            leaders.setdefault(pv["leader"], []).append(seat)
        for i, prov in enumerate(self.view["provinces"]):
            px, py = at[i]
            bx, by = x0 + px - 66, y0 + py
            name = province_name(i, lang)
            with c.group(actions=self.acts("province", prov["province"]), tip=self.tip(prov["province"]),
                         data_id=prov["province"], data_place="map", classes=self.mark("province", i)):
                c.rect(bx, by, 132, 46, fill="#f7f1de", stroke="#6b5a3a", rx=8, classes="frame")
                c.text(bx + 6, by + 14, name, size=11 if len(name) < 16 else 9.5, weight="bold")
                c.text(bx + 126, by + 14, str(prov["vp"]), size=12, anchor="end", weight="bold",
                       fill="#8b1a1a")
            for k, seat in enumerate(prov["legionnaires"]):
                c.rect(bx + 6 + k * 14, by + 22, 11, 11, fill=SEATS[seat], stroke="#fff",
                       tip=_("legionnaire of {seat}").format(seat=self.lang.player(seat)))
            for k, seat in enumerate(leaders.get(prov["province"], [])):
                self.pawn(bx + 120 - k * 18, by + 32, seat, 7)
            if prov["tile"]:
                self.forum_tile(bx + 6, by + 48, prov["tile"], 120, place="map")
        cx, cy = _PLACES["camp"]
        with c.group(actions=self.acts("recruit"),
                     tip=_("Military camp: legionnaires and leaders not yet marched."),
                     classes=self.mark("camp")):
            c.rect(x0 + cx - 70, y0 + cy, 180, 56, fill="#eadcc4", stroke="#6b5a3a", rx=8, classes="frame")
            c.text(x0 + cx - 62, y0 + cy + 16, _("Military camp"), size=12, weight="bold")
        for seat, pv in enumerate(self.view["players"]):
            sx = x0 + cx - 58 + seat * 42
            c.rect(sx, y0 + cy + 24, 14, 14, fill=SEATS[seat], stroke="#fff",
                   tip=_("legionnaires of {seat} in the camp: {count}").format(seat=self.lang.player(seat),
                                                                               count=pv["military_camp"]))
            c.text(sx + 17, y0 + cy + 36, f"×{pv['military_camp']}", size=10)
        for k, seat in enumerate(leaders.get("camp", [])):
            self.pawn(x0 + cx + 96 - k * 18, y0 + cy + 14, seat, 7)

    def tracks(self, x0: float, y0: float) -> float:
        """The time track (one lap of this player count) and the senate track."""
        c, _, view = self.canvas, self._, self.view
        t = view["time"]
        c.text(x0, y0 + 14, _("Time track (a lap of {lap}: a round)").format(lap=t["lap"]), size=13,
               weight="bold")
        cell = min(32.0, 680 / t["lap"])
        for i in range(t["lap"]):
            here = i == t["position"]
            c.rect(x0 + i * cell, y0 + 22, cell - 3, 24, fill="#8b1a1a" if here else "#f3ead3",
                   stroke="#6b5a3a", rx=3)
            c.text(x0 + i * cell + (cell - 3) / 2, y0 + 39, str(i), size=10, anchor="middle",
                   fill="#fff" if here else "#555")
        y = y0 + 70
        c.text(x0, y - 6, _("Senate"), size=13, weight="bold")
        with c.group(actions=self.acts("senate"), tip=self.tip("senate")):
            for i, vp in enumerate(SENATE_VP):
                c.rect(x0 + i * 84, y, 80, 40, fill="#e7dcc0", stroke="#6b5a3a", rx=4,
                       classes=self.mark("senate", i))
                c.text(x0 + i * 84 + 4, y + 12, str(vp) if i else "", size=10, fill="#8b1a1a", weight="bold")
        for seat, pv in enumerate(view["players"]):
            here = [s for s, p in enumerate(view["players"]) if p["senate"] == pv["senate"]]
            self.pawn(x0 + pv["senate"] * 84 + 22 + here.index(seat) * 17, y + 27, seat, 7)
        return y + 48

    def stacks(self, x0: float, y0: float) -> float:
        """The six Trajan-tile stacks: the top tile (face up) and how many are left; a tile to choose."""
        c, _, lang = self.canvas, self._, self.lang
        c.text(x0, y0 + 14, _("Trajan tiles"), size=13, weight="bold")
        for i, stack in enumerate(self.view["trajan_stacks"]):
            x, cat = x0 + i * 114, stack["category"]
            name = lang.gettext(TRAJAN_CATEGORIES[i].en)
            with c.group(actions=self.acts("stack", cat), tip=self.tip(cat) or name, data_place="stack"):
                c.rect(x, y0 + 20, 108, 70, fill="#d9c9a3", stroke="#6b5a3a", rx=6, classes="frame")
                c.text(x + 6, y0 + 34, f"{TRAJAN_CATEGORIES[i].letter} · {name}"[:18], size=10, weight="bold")
                c.text(x + 102, y0 + 86, f"×{stack['size']}", size=10, anchor="end")
                if "top" in stack:  # in the stack's group: a click on it takes it
                    self.trajan_tile(x + 6, y0 + 40, stack["top"], 72, 34, place="stack")
        y = y0 + 96
        choices = [k[1] for k in self.on if k[0] == "choice"]
        if choices:
            c.text(x0, y + 14, _("Choose a tile:"), size=12, weight="bold")
            for k, tile in enumerate(sorted(choices)):
                self.trajan_tile(x0 + 100 + k * 64, y, tile, 60, 34, actions=self.acts("choice", tile),
                                 place="choice")
            y += 40
        return y

    def ships_and_piles(self, x0: float, y0: float) -> float:
        c, _, lang, view = self.canvas, self._, self.lang, self.view
        for i, ship in enumerate(view["ships"]):
            x, key = x0 + i * 228, ship["ship"]
            values = SHIPS[i].grey if ship["grey"] else SHIPS[i].coloured
            with c.group(actions=self.acts("ship", key), tip=self.tip(key), data_id="ship:" + key,
                         classes=self.mark("ship", i)):
                c.rect(x, y0, 222, 50, fill="#b9b9b9" if ship["grey"] else "#7fb3d5", stroke="#34495e", rx=18,
                       classes="frame")
                c.text(x + 111, y0 + 18, _short(ship_name(i, lang), 222), size=11, anchor="middle",
                       weight="bold")
                c.text(x + 111, y0 + 38, " / ".join(str(v) for v in values) + " " + _("VP"), size=12,
                       anchor="middle")
        if view["turn"]["load"]:
            load = ", ".join(commodity_name(COMMODITY_INDEX[k], lang) if k in COMMODITY_INDEX
                             else forum_kind_name(FORUM_KIND_INDEX["commodity_joker"], lang)
                             for k in view["turn"]["load"])
            c.text(x0, y0 + 66, _("Loaded: {cards}").format(cards=load), size=12)
            y0 += 18
        y = y0 + 60
        tops = [("deck", _("Draw pile"), view["draw_pile"], None)] + [
            (side, _("Left discard pile") if k == 0 else _("Right discard pile"), len(pile),
             pile[-1] if pile else None)
            for k, (side, pile) in enumerate(zip(("left", "right"), view["discard_piles"], strict=True))]
        for k, (side, label, size, top) in enumerate(tops):
            x = x0 + k * 150
            fill = COMMODITY_COLOURS[top] if top else "#8c6d46" if side == "deck" else "#eee"
            words = commodity_name(COMMODITY_INDEX[top], lang) if top else ""
            with c.group(actions=self.acts("pile", side),
                         tip=f"{label}: {size}" + (f" · {words}" if words else ""),
                         data_id=f"card:{top}" if top else None, data_place=side,
                         classes=self.mark("pile", k - 1) if k else ""):
                c.rect(x, y, 140, 62, fill=fill, stroke="#555", rx=6, classes="frame")
                c.text(x + 70, y + 18, label, size=11, anchor="middle", weight="bold",
                       fill="#fff" if side == "deck" else None)
                c.text(x + 70, y + 38, words or str(size), size=12, anchor="middle",
                       fill="#fff" if side == "deck" else None)
                c.text(x + 70, y + 55, f"×{size}" if top else "", size=10, anchor="middle")
        x = x0 + 460
        c.text(x, y + 10, _("Senate bonus tiles (bag: {count})").format(count=len(view["bonus_bag"])),
               size=10, weight="bold")
        for k, b in enumerate(view["senate_bonus"]):
            self.bonus(x + k * 112, y + 18, b, self.acts("bonus", b), "senate")
        return y + 70

    def bonus(self, x: float, y: float, b: str, actions: Sequence[str] | None = None, place: str = "",
              grey: bool = False) -> float:
        words = text_in(self.lang, "bonus_names", b, "short")
        return self.chip(x, y, 108, _short(words, 108), "#cfcfcf" if grey else "#f2d675",
                         self.tip(b) or bonus_name(BONUS_INDEX[b], self.lang), actions, b, place,
                         self.mark("bonus", BONUS_INDEX[b]))

    def forum(self, x0: float, y0: float) -> float:
        c, _, view = self.canvas, self._, self.view
        c.rect(x0, y0, WIDTH - 20, 96, fill="#f4eedf", stroke="#8c7a55", rx=10)
        c.text(x0 + 12, y0 + 20,
               _("Forum (tiles left in the pile: {count})").format(count=view["forum_deck"]), size=13,
               weight="bold")
        x = x0 + 12
        for key in view["forum"]:
            x = (self.forum_tile(x, y0 + 30, key, 100, self.acts("forum", key))
                 if key else self.empty(x, y0 + 30, 100))
        x = x0 + 12
        c.text(x, y0 + 76, _("Extra-action tiles:"), size=12, weight="bold")
        x += 130
        for action in view["forum_extra"]:
            key = f"extra_{action}"
            name = forum_kind_name(FORUM_KIND_INDEX[key], self.lang) if action else ""
            x = (self.chip(x, y0 + 62, 150, _short(name, 150), "#e6dcf0", self.tip(key) or name,
                           self.acts("forum", key), "extra:" + action, "forum")
                 if action else self.empty(x, y0 + 62, 150))
        label = _("Demands (tiles left: {count}):").format(count=view["demand_stack"])
        c.text(x + 20, y0 + 80, label, size=12, weight="bold")
        dx = x + 30 + 7.2 * len(label)
        for d in sorted(set(view["demands"]), key=DEMAND_KINDS.index):
            n = view["demands"].count(d)
            name = text_in(self.lang, "demand", "name").format(
                kind=demand_name(DEMAND_KINDS.index(d), self.lang))
            dx = self.chip(dx, y0 + 62, 110, f"{_short(name, 90)} ×{n}", "#d6e4f0", self.tip(name),
                           self.acts("demand", d), "demand:" + d, "demands")
        return y0 + 106

    def construction(self, x0: float, y0: float) -> float:
        c, _, view = self.canvas, self._, self.view
        c.rect(x0, y0, WIDTH - 20, 250, fill="#efe6d6", stroke="#8c7a55", rx=10)
        c.text(x0 + 12, y0 + 20, _("Construction area"), size=13, weight="bold")
        for i, cell in enumerate(view["construction"]):
            row, col = divmod(i, GRID_COLUMNS)
            x, y = x0 + 12 + col * 146, y0 + 30 + row * 54
            tile = cell["tile"]
            t = _BUILDINGS.get(tile) if tile else None
            tip = self.tip(tile) if tile else _("Space {space}: built").format(space=i)
            with c.group(actions=self.acts("space", str(i)), tip=tip,
                         data_id=f"building:{tile}" if tile else None, data_place="construction",
                         classes=self.mark("space", i)):
                c.rect(x, y, 140, 48, fill="#fbf3df" if t else "#d8cbb0", stroke="#6b5a3a", rx=4,
                       classes="frame")
                if t is not None:
                    c.text(x + 6, y + 16,
                           text_in(self.lang, "construction_short", ACTIONS[t.action], "short"), size=11,
                           weight="bold")
                    c.text(x + 134, y + 16, str(t.vp), size=12, anchor="end", weight="bold", fill="#8b1a1a")
                    c.text(x + 6, y + 30, action_name(t.action, self.lang), size=9, fill="#555")
            for k, seat in enumerate(cell["workers"]):
                self.pawn(x + 12 + k * 18, y + 40, seat, 6)
        x = x0 + 760
        with c.group(actions=self.acts("hire"), tip=self.tip("hire") or _("Worker camp"),
                     classes=self.mark("workers")):
            c.rect(x, y0 + 30, 300, 100, fill="#eadcc4", stroke="#6b5a3a", rx=8, classes="frame")
            c.text(x + 10, y0 + 50, _("Worker camp"), size=12, weight="bold")
        for seat, pv in enumerate(view["players"]):
            self.pawn(x + 20 + seat * 70, y0 + 80, seat, 9)
            c.text(x + 34 + seat * 70, y0 + 85, f"×{pv['worker_camp']}", size=12)
        return y0 + 260

    # --- a player's mat ------------------------------------------------------------------------
    def mat(self, y: float, p: int, pv: Mapping[str, Any]) -> float:
        c, _, view = self.canvas, self._, self.view
        mine = p == self.player
        top, first = y, len(c.parts)
        x = 575.0
        c.circle(x + 9, y + 20, 9, fill=SEATS[p])
        who = _("{seat} (you)").format(seat=self.lang.player(p)) if mine else self.lang.player(p)
        c.text(x + 26, y + 26, who, size=16, weight="bold")
        self.circle(292, y + 150, p, pv)
        y += 24
        leader = (_("military camp")
                  if pv["leader"] == "camp" else province_name(PROVINCE_INDEX[pv["leader"]], self.lang))
        c.text(x, y + 26, _("{vp} VP · senate {senate} · supply {supply} · military camp {military} · "
                            "worker camp {worker} · leader: {leader} · hand {cards}").format(

            vp=pv["vp"], senate=pv["senate"], supply=pv["supply"], military=pv["military_camp"],
            worker=pv["worker_camp"], leader=leader, cards=pv["hand_size"]), size=13)
        row = y + 40
        if "hand" in pv:
            row = self.cards(x, row, _("Hand"), pv["hand"], "hand", actions=True)
        elif pv["hand_known"]:
            row = self.cards(x, row, _("Known in hand"), pv["hand_known"], "hand known")
        row = self.cards(x, row, _("Cards on display"), pv["display"], "display")
        row = self.held(x, row, p, pv)
        height = max(MAT_H, row - top + 14)
        # the mat's ground, drawn under what lies on it once its height is known
        drawn = len(c.parts)
        with c.group(classes="to-move" if p == view["to_move"] else ""):
            c.rect(10, top, WIDTH - 20, height - 10, fill="#f3ecdc" if mine else "#f7f3ea", stroke="#8c7a55",
                   rx=10, classes="frame")
        ground = c.parts[drawn:]
        del c.parts[drawn:]
        c.parts[first:first] = ground
        return top + height

    def circle(self, cx: float, cy: float, p: int, pv: Mapping[str, Any]) -> None:
        """The action circle: six trays (markers), the Trajan tile beside each, the arch; the markers
        in hand to sow (or to place, at the start) in the middle."""
        c, lang, view = self.canvas, self.lang, self.view
        mine = p == self.player
        for slot, action in enumerate(ACTIONS):
            angle = math.radians(-60 + 60 * slot)
            tx, ty = cx + 125 * math.cos(angle), cy + 75 * math.sin(angle)
            tray = pv["trays"][action]
            with c.group(actions=self.acts("tray", action) if mine else None,
                         tip=self.tip(action) or action_name(slot, lang), data_id=f"tray:{action}",
                         data_place=f"mat {p}", classes=self.mark("tray", p, slot)):
                c.circle(tx, ty, 34, fill="#e9dcc0", stroke="#6b5a3a", stroke_width=2, classes="frame")
                c.text(tx, ty - 20, SLOT_NAMES[slot], size=10, anchor="middle", weight="bold")
                name = action_name(slot, lang)
                c.text(tx, ty - 8, _short(name, 80), size=9 if len(name) < 13 else 7.5, anchor="middle",
                       weight="bold")
            if action in pv["plus2"]:  # a [+2] marker assigned to this action
                c.rect(tx - 16, ty + 22, 32, 14, fill="#f5c6c6", stroke="#8b1a1a", rx=3, tip=self.tip("+2"))
                c.text(tx, ty + 33, "[+2]", size=9, anchor="middle", weight="bold", fill="#8b1a1a")
            dots = [col for col in COLOURS for _k in range(tray.get(col, 0))]
            for k, col in enumerate(dots):
                self.marker(tx - 20 + (k % 4) * 13, ty + 5 + (k // 4) * 12, col, r=5.5)
            ox, oy = cx + 225 * math.cos(angle), cy + 135 * math.sin(angle)
            tile = pv["trajan_slots"][slot]
            if tile:
                self.trajan_tile(ox - 32, oy - 17, tile, place=f"slot {p} {SLOT_NAMES[slot]}")
            else:
                self.empty(ox - 32, oy - 17, 64, 34)
            if pv["arch"] == slot:
                c.parts.append(_arch(cx + 172 * math.cos(angle), cy + 103 * math.sin(angle)))
        if pv["arch"] < 0:
            c.parts.append(_arch(cx, cy))
        turn = view["turn"]
        if p == view["to_move"] and turn["markers_in_hand"]:
            dots = [col for col, n in turn["markers_in_hand"].items() for _k in range(n)]
            for k, col in enumerate(dots):
                self.marker(cx - 36 + (k % 6) * 14.5, cy - 8 + (k // 6) * 15, col,
                            self.acts("marker", col) if mine else None, r=6.5)

    def cards(self, x: float, y: float, label: str, counts: Mapping[str, int], place: str,
              actions: bool = False) -> float:
        """Commodity cards by kind and count (a hand, a display)."""
        c, lang = self.canvas, self.lang
        c.text(x, y + 16, label, size=12, weight="bold")
        cx = x + 150
        if not counts:
            c.text(cx, y + 16, "–", size=12)
        for key, n in counts.items():
            name = commodity_name(COMMODITY_INDEX[key], lang)
            w = max(70.0, 7 * len(name) + 26)
            if cx + w > WIDTH - 20:
                cx, y = x + 150, y + 28
            cx = self.chip(cx, y, w, f"{name} ×{n}" if n > 1 else name, COMMODITY_COLOURS[key],
                           self.tip(key) or name, self.acts("card", key) if actions else None, "card:" + key,
                           place)
        return y + 28

    def held(self, x: float, y: float, p: int, pv: Mapping[str, Any]) -> float:
        """The tiles a player has taken: forum and extra-action tiles, demand Trajan tiles, [+2]
        markers, construction tiles, bonus tiles."""
        c, _, lang = self.canvas, self._, self.lang
        mine = p == self.player
        c.text(x, y + 16, _("Tiles"), size=12, weight="bold")
        cx, top = x + 150, y

        def room(w: float) -> None:
            nonlocal cx, y
            if cx + w > WIDTH - 20:
                cx, y = x + 150, y + 28

        for key in pv["forum_tiles"]:
            room(100)
            cx = self.forum_tile(cx, y, key, 100, self.acts("held", key) if mine else None, f"tiles {p}")
        for action in pv["extra_tiles"]:
            name = text_in(lang, "extra_action", "name").format(
                action=action_name(ACTIONS.index(action), lang))
            room(140)
            cx = self.chip(cx, y, 140, _short(name, 140), "#e6dcf0", self.tip(name) or name,
                           self.acts("held", "extra_" + action) if mine else None, "extra:" + action,
                           f"tiles {p}")
        for tile in pv["demand_trajan_tiles"]:
            room(70)
            self.trajan_tile(cx, y - 5, tile, place=f"tiles {p}")
            cx += 70
        for name in pv["construction_tiles"]:
            t = _BUILDINGS[name]
            room(90)
            cx = self.chip(cx, y, 90,
                           f"{text_in(lang, 'construction_short', ACTIONS[t.action], 'short')} {t.vp}",
                           "#fbf3df", self.tip(name) or building_name(t.index, lang), None,
                           "building:" + name, f"tiles {p}")
        for b in pv["bonus_yellow"] + pv["bonus_grey"]:
            room(112)
            cx = self.bonus(cx, y, b, None, f"tiles {p}", grey=b in pv["bonus_grey"])
        if cx == x + 150 and y == top:
            c.text(cx, y + 16, "–", size=12)
        return y + 30

    def draw(self) -> Svg:
        y = self.canvas.news(self.header(0), self.view, self.player, DOMAIN, self.lang)
        top = y = self.button_row(y, self.buttons) if self.buttons else y
        self.provinces(10, y)  # left; on the right: the tracks, the Trajan stacks, the ships and the piles
        y = max(self.ships_and_piles(715, self.stacks(715, self.tracks(715, y + 4)) + 4), top + 430)
        y = self.construction(10, self.forum(10, y))
        for p, pv in enumerate(self.view["players"]):
            y = self.mat(y, p, pv)
        rest = [n for n in self.actions if n not in self.used]
        if rest:
            self.canvas.text(20, y + 18, self._("Other choices:"), size=13, weight="bold")
            y = self.button_row(y + 26, rest)
        self.canvas.height = y + 10
        return self.canvas.svg()


def _arch(x: float, y: float) -> str:
    """Trajan's arch: a small brown arch centred on (x, y)."""
    return (f'<path d="M{x - 9:.1f},{y + 6:.1f} v-6 a9,9 0 0 1 18,0 v6" fill="none" stroke="#8b5a1c" '
            'stroke-width="4"/>')


def _short(words: str, width: float) -> str:
    """``words`` cut to fit ``width`` user units at 11-unit text (a full name is on hover)."""
    most = int(width / 6.2)
    return words if len(words) <= most else words[: most - 1] + "…"


def svg(view: Mapping[str, Any], player: int | None, locale: LangLike = None) -> str:
    """The table ``player`` (None: a spectator) sees, as SVG, in ``locale`` (a board view: see
    :func:`ludus.core.board.board_view`)."""
    return _Table(view, player, as_lang(locale).for_domain(DOMAIN)).draw()
