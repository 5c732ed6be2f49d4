"""A Trajan player's mat as SVG, and the drawing kit of the board picture.

The mat: the action circle of six trays with their markers (the game's colours, :data:`MARKERS`),
the Trajan tile beside each tray and the [+2] markers, the arch, the hand (its owner's only), the
display and the tiles taken. :mod:`.svg` draws the main board around the mats with the same kit
(:class:`_Kit`): the viewer's actions by element, tiles, markers, pawns and chips.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from ludus.core.board import Canvas
from ludus.core.i18n import Lang, get_lang
from ludus.games.trajan.components import (
    ACTIONS,
    BONUS_INDEX,
    COLOURS,
    COMMODITIES,
    COMMODITY_INDEX,
    CONSTRUCTION_TILES,
    DEMAND_KINDS,
    DOMAIN,
    FORUM_KIND_INDEX,
    PROVINCE_INDEX,
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
    text_in,
    trajan_tile_name,
)
from ludus.games.trajan.notation import catalogue

__all__ = ["COMMODITY_COLOURS", "MARKERS", "SEATS"]


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


class _Kit:
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

    def bonus(self, x: float, y: float, b: str, actions: Sequence[str] | None = None, place: str = "",
              grey: bool = False) -> float:
        words = text_in(self.lang, "bonus_names", b, "short")
        return self.chip(x, y, 108, _short(words, 108), "#cfcfcf" if grey else "#f2d675",
                         self.tip(b) or bonus_name(BONUS_INDEX[b], self.lang), actions, b, place,
                         self.mark("bonus", BONUS_INDEX[b]))


class _Mat(_Kit):
    """A player's mat: the action circle, the arch, cards and tiles (:meth:`mat`)."""

    def mat(self, y: float, p: int, pv: Mapping[str, Any]) -> float:
        c, _, view = self.canvas, self._, self.view
        mine = p == self.player
        top, first = y, len(c.parts)
        x = 575.0
        c.circle(x + 9, y + 20, 9, fill=SEATS[p])
        who = _("{seat} (you)").format(seat=self.lang.player(p)) if mine else self.lang.player(p)
        c.text(x + 26, y + 26, who, size=16, weight="bold")
        self.circle(292, y + 150, p, pv)
        if mine:  # the lessons' regions: the trays, and the Trajan tiles beside them
            c.region("action_circle", 292 - 164, y + 150 - 112, 328, 224)
            c.region("trajan_tiles", 292 - 262, y + 150 - 156, 524, 312)
        y += 24
        leader = (_("military camp")
                  if pv["leader"] == "camp" else province_name(PROVINCE_INDEX[pv["leader"]], self.lang))
        c.text(x, y + 26, _("{vp} VP · senate {senate} · supply {supply} · military camp {military} · "
                            "worker camp {worker} · leader: {leader} · hand {cards}").format(

            vp=pv["vp"], senate=pv["senate"], supply=pv["supply"], military=pv["military_camp"],
            worker=pv["worker_camp"], leader=leader, cards=pv["hand_size"]), size=13)
        row = y + 40
        if "hand" in pv:
            hand = row
            row = self.cards(x, row, _("Hand"), pv["hand"], "hand", actions=True)
            c.region("hand", x - 6, hand - 2, WIDTH - 26 - x, row - hand + 4)
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


def _arch(x: float, y: float) -> str:
    """Trajan's arch: a small brown arch centred on (x, y)."""
    return (f'<path d="M{x - 9:.1f},{y + 6:.1f} v-6 a9,9 0 0 1 18,0 v6" fill="none" stroke="#8b5a1c" '
            'stroke-width="4"/>')


def _short(words: str, width: float) -> str:
    """``words`` cut to fit ``width`` user units at 11-unit text (a full name is on hover)."""
    most = int(width / 6.2)
    return words if len(words) <= most else words[: most - 1] + "…"
