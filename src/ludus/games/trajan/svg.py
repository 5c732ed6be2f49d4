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

from collections.abc import Mapping, Sequence
from typing import Any

from ludus.core.actions import Action
from ludus.core.board import Svg
from ludus.core.i18n import LangLike, as_lang
from ludus.games.trajan.components import (
    ACTIONS,
    ADJACENCY_EDGES,
    CAMP,
    COMMODITY_INDEX,
    DEMAND_KINDS,
    DOMAIN,
    FORUM_KIND_INDEX,
    GRID_COLUMNS,
    PROVINCES,
    SENATE_VP,
    SHIPS,
    TRAJAN_CATEGORIES,
    action_name,
    commodity_name,
    demand_name,
    forum_kind_name,
    province_name,
    ship_name,
    text_in,
)
from ludus.games.trajan.mat import _BUILDINGS, COMMODITY_COLOURS, MARKERS, SEATS, WIDTH, _Mat, _short
from ludus.games.trajan.notation import describe

__all__ = ["COMMODITY_COLOURS", "MARKERS", "SEATS", "svg"]

# the provinces map: each province's place (x, y) in a 680 × 400 box, from its longitude and
# latitude (Britannia north-west, Narbonensis south, Noricum east), the camp south of the Alps
_PLACES: dict[str, tuple[float, float]] = {
    "britannia": (120, 50), "germania_inferior": (380, 60), "belgica": (250, 140),
    "lugudunensis": (110, 190), "germania_superior": (450, 160), "aquitania": (80, 310),
    "narbonensis": (250, 340), "alpes": (360, 260), "raetia": (500, 250), "noricum": (610, 190),
    "camp": (560, 350)}


class _Table(_Mat):
    """The whole table: the main board, the people's demands, each player's mat and the buttons."""

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
        c.region("provinces", x0 - 3, y0 - 3, 696, 426)
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
        c.region("time_track", x0 - 4, y0, min(cell * t["lap"], 690) + 6, 50)
        y = y0 + 70
        c.text(x0, y - 6, _("Senate"), size=13, weight="bold")
        c.region("senate", x0 - 4, y - 20, 84 * len(SENATE_VP) + 6, 66)
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
        c.region("trajan_stacks", x0 - 4, y0, 114 * len(self.view["trajan_stacks"]) + 2, 94)
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
        start = y0
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
        c.region("seaport", x0 - 4, start - 4, 690, y + 70 - start)
        c.region("bonus", x - 4, y - 4, WIDTH - 14 - x, 70)
        return y + 70

    def forum(self, x0: float, y0: float) -> float:
        c, _, view = self.canvas, self._, self.view
        c.rect(x0, y0, WIDTH - 20, 96, fill="#f4eedf", stroke="#8c7a55", rx=10)
        c.region("forum", x0 - 3, y0 - 3, WIDTH - 14, 102)
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
        c.region("demands", x + 12, y0 + 58, WIDTH - 30 - x, 34)
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
        c.region("construction", x0 - 3, y0 - 3, WIDTH - 14, 256)
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


def svg(view: Mapping[str, Any], player: int | None, locale: LangLike = None) -> str:
    """The table ``player`` (None: a spectator) sees, as SVG, in ``locale`` (a board view: see
    :func:`ludus.core.board.board_view`)."""
    return _Table(view, player, as_lang(locale).for_domain(DOMAIN)).draw()
