"""The Fall of Rome table as an SVG picture, drawn from a board view only.

The map places the 31 cities by the latitude and longitude of the historical sites
(``data/map.toml``), projected (equirectangular, longitude scaled by the cosine of 44°N).
Roads join them; a port has a blue ring (Sail goes from any port to any other). Each
tribe's homeland (its supply space, with the cubes left, its alliance cost and whether it is
allied) sits beyond the frontier where its paths enter, and its migration paths are drawn
in its colour, arrows towards Roma. A city shows its barbarian cubes by colour, its legions
(red), its fort (grey tower) and the pawns there (each character's colour and initials).
The invasion-rate, recruitment and decline tracks, the alliances, every player's open hand
(event cards with their effect), the player and barbarian decks, the known top cards and
both discard piles follow. A city is a click for what the seat can do there; a card for
what plays, pays or moves it; the rest are buttons (:mod:`ludus.core.board`).

>>> import ludus
>>> state = ludus.load("fall-of-rome", 2).new_state(3)
>>> picture = ludus.svg(state, state.to_move()[0], "pl")
>>> picture.startswith("<svg") and 'data-id="Roma"' in picture
True
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from ludus.core.actions import Action
from ludus.core.board import Canvas, Svg
from ludus.core.i18n import Lang, LangLike, as_lang
from ludus.games.fall_of_rome.components import (
    CARD_TOKENS,
    CITIES,
    COLOURS,
    CONNECTIONS,
    DOMAIN,
    EVENT_BY_ID,
    INVASION_RATE,
    NODES,
    NT,
    PORT,
    RECRUITMENT_RATE,
    ROLE_INDEX,
    TOKEN_CARD,
    TOKEN_CITY,
    TRIBES,
    city_name,
    colour_name,
    tribe_name,
    word,
)
from ludus.games.fall_of_rome.notation import component_text, describe

__all__ = ["FILL", "ROLE_FILL", "svg", "xy"]

WIDTH = 1500
MAP_H = 960
LON0, LAT1, KX, KY = -8.5, 55.6, 31.6, 44.0
"""The projection: x = (lon - LON0)·KX, y = (LAT1 - lat)·KY (KX = KY·cos 44°)."""

FILL: dict[str, str] = {"orange": "#e8822a", "black": "#2a2a2a", "green": "#3f9a3a", "white": "#f4f4f4",
                        "blue": "#2f63c0"}
"""Each tribe's colour (its cubes, paths, cards)."""
INK: dict[str, str] = {"orange": "#000", "black": "#fff", "green": "#fff", "white": "#000", "blue": "#fff"}
ROLE_FILL: dict[str, str] = {"Consul": "#b8860b", "Magister_Militum": "#8b1a1a", "Mercator": "#2e8b57",
                             "Praefectus_Classis": "#1f4e8c", "Praefectus_Fabrum": "#6b4f2a",
                             "Regina_Foederata": "#7b3f99", "Vestalis": "#d36aa0"}
"""Each character's pawn colour (ludus's own choice)."""
HOMELAND: dict[str, tuple[float, float]] = {"orange": (54.3, 5.5), "black": (52.6, 12.5),
                                            "green": (48.9, 21.6), "white": (45.2, 26.2),
                                            "blue": (48.4, 32.6)}
"""Where each tribe's supply space is drawn (lat, lon): beyond the frontier where its paths enter."""

# the element a card action acts on: the places a card of that verb may be drawn in (others: any)
_CARD_PLACES: dict[str, tuple[str, ...]] = {
    **{v: ("hand",) for v in ("discard", "pay", "plot_store", "give", "play", "plot_give", "plot_take",
                              "mercator_give", "mercator_take", "classis_recruit", "vestalis_draw")},
    "plot_retrieve": ("treasury",), "put_back": ("pending", "hand"), "take": ("discard", "pending", "hand"),
    "remove_card": ("barbarian", "barbarian deck", "pending"),
    "place": ("barbarian", "barbarian deck", "pending"),
}
_CITY_VERBS = {"march", "sail", "classis_sail", "fabrum_move", "move_to", "start", "choose_city", "fort_city",
               "fort_from", "reinforce", "consul_fort", "fortify", "fabrum_fort", "replace", "remove_cube"}
_HERE_VERBS = {"fortify", "recruit_army", "consul_here", "fabrum_fort", "battle", "forge_alliance",
               "enlist_barbarians", "remove", "escort", "skip_battle", "regina_add", "set_die"}
"""Actions with no city of their own, done where the current pawn stands (or the battle is)."""


def xy(lat: float, lon: float) -> tuple[float, float]:
    """A place on the map in picture units (the map's top left is 0, 0)."""
    return (lon - LON0) * KX, (LAT1 - lat) * KY


def _wrap(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width, break_long_words=False) or [""]


def _recent(view: Mapping[str, Any]) -> tuple[set[int], set[str]]:
    """The cities and cards named by the recent events."""
    cities: set[int] = set()
    cards: set[str] = set()
    for e in view.get("recent", ()):
        data = e.get("data", {})
        if isinstance(data.get("city"), int):
            cities.add(data["city"])
        for c in (([data["card"]] if isinstance(data.get("card"), int) else [])
                  + list(data.get("cards", []) or [])):
            if isinstance(c, int) and 0 <= c < len(CARD_TOKENS):
                cards.add(CARD_TOKENS[c])
    return cities, cards


class _Table:
    """One picture being drawn: the view, the language, the viewer's actions by element."""

    def __init__(self, view: Mapping[str, Any], player: int | None, lang: Lang) -> None:
        self.view, self.player, self.lang, self._ = view, player, lang, lang.gettext
        self.canvas = Canvas(WIDTH, 2000, title=self._("Pandemic: Fall of Rome"), background="#f3ead2")
        self.placed: set[str] = set()
        self.recent_cities, self.recent_cards = _recent(view)
        cur = view.get("current_pawn")
        pawns = view["pawns"]
        here = (view["flags"].get("battle_city")
                or (pawns[cur]["city"] if cur is not None and cur < len(pawns) else None))
        self.on_city: dict[str, list[str]] = {}
        self.on_card: dict[str, list[tuple[str, tuple[str, ...], int | None]]] = {}
        for n in view["actions"]:
            a = Action.from_notation(n)
            args = [str(x) for x in a.args]
            if a.verb in _CITY_VERBS and args and args[0] in TOKEN_CITY:
                self.on_city.setdefault(args[0], []).append(n)
            elif a.verb in _HERE_VERBS and here is not None:
                self.on_city.setdefault(here, []).append(n)
            elif a.verb in ("plot_take", "mercator_take") and len(args) == 2:
                self.on_card.setdefault(args[1], []).append((n, ("hand",), int(args[0])))
            elif args and (args[-1] in TOKEN_CARD or args[0] in TOKEN_CARD):
                token = args[0] if args[0] in TOKEN_CARD else args[-1]
                self.on_card.setdefault(token, []).append((n, _CARD_PLACES.get(a.verb, ()), None))

    def take_city(self, token: str) -> list[str]:
        found = self.on_city.get(token, [])
        self.placed.update(found)
        return found

    def take_card(self, token: str, place: str, owner: int | None = None) -> list[str]:
        found = [n for n, places, who in self.on_card.get(token, ())
                 if (not places or place in places) and (who is None or who == owner)]
        self.placed.update(found)
        return found

    # --- the map -------------------------------------------------------------------
    def map(self, top: float) -> float:
        c, _ = self.canvas, self._
        c.rect(8, top, WIDTH - 16, MAP_H, fill="#dbe8f0", stroke="#8c7a55", rx=10)
        pos = [self._at(top, city.lat, city.lon) for city in CITIES]
        defs = "".join(
            f'<marker id="arrow-{col}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" '
            f'markerHeight="5" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="{FILL[col]}" '
            f'stroke="#333" stroke-width="0.8"/></marker>' for col in COLOURS)
        c.parts.append(f"<defs>{defs}</defs>")
        roads = " ".join(f"M{pos[a][0]:.0f} {pos[a][1]:.0f}L{pos[b][0]:.0f} {pos[b][1]:.0f}"
                         for a, b in CONNECTIONS)
        for colour, width in (("#9c8a66", 5), ("#efe2bf", 2.5)):  # the 53 roads, edged
            c.parts.append(f'<path d="{roads}" stroke="{colour}" stroke-width="{width}" '
                           'stroke-linecap="round" fill="none"/>')
        homes = {col: self._at(top, *HOMELAND[col]) for col in COLOURS}
        for node in NODES:
            col = COLOURS[node.tribe]
            start = homes[col] if node.parent < 0 else pos[node.parent]
            self._path(start, pos[node.city], node.tribe, col)
        for t in range(NT):
            self.homeland(t, *homes[COLOURS[t]])
        rows = {row["city"]: row for row in self.view["board"]}
        mine = {p["city"] for p in self.view["pawns"] if p["seat"] == self.player and p["city"]}
        for i, city in enumerate(CITIES):
            row = rows[city.name.replace(" ", "_")]
            self.city(i, *pos[i], row)
            if row["city"] in mine:  # the lessons' region: the city of the viewer's pawn
                c.region("city", pos[i][0] - 60, pos[i][1] - 34, 150, 72)
        c.region("map", 5, top - 3, WIDTH - 10, MAP_H + 6)
        c.text(24, top + MAP_H - 14,
               _("Roads join the cities; a blue ring is a port (Sail goes from any port to any other); "
                 "coloured arrows are the tribes' migration paths."), size=13)
        return top + MAP_H + 10

    def _at(self, top: float, lat: float, lon: float) -> tuple[float, float]:
        x, y = xy(lat, lon)
        return 30 + x, top + 10 + y

    def _path(self, a: tuple[float, float], b: tuple[float, float], t: int, col: str) -> None:
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1.0
        off = (t - 2) * 3.2
        ox, oy = -dy / length * off, dx / length * off
        cut = 20 / length
        x1, y1 = a[0] + dx * cut + ox, a[1] + dy * cut + oy
        x2, y2 = b[0] - dx * cut + ox, b[1] - dy * cut + oy
        if col in ("white", "orange"):
            self.canvas.line(x1, y1, x2, y2, stroke="#333", width=3.6, opacity="0.6")
        self.canvas.line(x1, y1, x2, y2, stroke=FILL[col], width=2.2, marker_end=f"url(#arrow-{col})")

    def homeland(self, t: int, x: float, y: float) -> None:
        c, _, col = self.canvas, self._, COLOURS[t]
        allied = col in self.view["allied"]
        tip = component_text(col, self.lang) or tribe_name(t, self.lang)
        with c.group(tip=tip, data_id=f"tribe-{col}", data_place="homeland"):
            c.rect(x - 90, y - 30, 180, 60, fill=FILL[col], stroke="#333", rx=8, classes="frame")
            c.text(x, y - 12, tribe_name(t, self.lang), size=11.5, anchor="middle", weight="bold",
                   fill=INK[col])
            cubes, cost = self.view["supply"][col], TRIBES[t].alliance_cost
            supply = self.lang.ngettext("supply: {cubes} cube", "supply: {cubes} cubes", cubes)
            c.text(x, y + 4, supply.format(cubes=cubes), size=11, anchor="middle", fill=INK[col])
            words = (_("allied") if allied else self.lang.ngettext(
                "alliance: {cards} card", "alliance: {cards} cards", cost).format(cards=cost))
            c.text(x, y + 20, words, size=11, anchor="middle", weight="bold" if allied else None,
                   fill=INK[col])

    def city(self, i: int, x: float, y: float, row: Mapping[str, Any]) -> None:
        c, lang = self.canvas, self.lang
        token = row["city"]
        roma = CITIES[i].name == "Roma"
        acts = self.take_city(token)
        tip = component_text(token, lang) or city_name(i, lang)
        classes = "recent" if i in self.recent_cities else ""
        r = 17 if roma else 12
        with c.group(actions=acts or None, tip=tip, classes=classes, data_id=token, data_place="map"):
            if PORT[i]:
                c.circle(x, y, r + 4, fill="none", stroke="#2f63c0", stroke_width=3)
            c.circle(x, y, r, fill="#f2c84b" if roma else "#fffaf0", stroke="#5a4630", stroke_width=2,
                     classes="frame")
            if row["fort"]:
                c.rect(x - 6, y - 7, 12, 14, fill="#6d6d6d", stroke="#222")
                c.rect(x - 6, y - 10, 3, 4, fill="#6d6d6d")
                c.rect(x + 3, y - 10, 3, 4, fill="#6d6d6d")
            c.text(x, y + r + 15, city_name(i, lang), size=14 if roma else 12, anchor="middle",
                   weight="bold", stroke="#fffaf0", stroke_width=3, paint_order="stroke")
            for k, (col, n) in enumerate(row["cubes"].items()):
                bx = x + r + 4 + k * 15
                c.rect(bx, y - 14, 13, 13, fill=FILL[col], stroke="#222")
                c.text(bx + 6.5, y - 3.5, str(n), size=10, anchor="middle", weight="bold", fill=INK[col])
            if row["legions"]:
                c.rect(x + r + 4, y + 2, 22, 13, fill="#b22222", stroke="#400", rx=3)
                c.text(x + r + 15, y + 12.5, str(row["legions"]), size=10.5, anchor="middle", weight="bold",
                       fill="#fff")
            for k, role in enumerate(row["pawns"]):
                self.pawn(x - r - 8 - k * 15, y - 10 if k % 2 == 0 else y + 6, role)

    def pawn(self, x: float, y: float, role: str) -> None:
        initials = "".join(w[0] for w in role.split("_"))
        cur = self.view.get("current_role") == role and not self.view["result"]
        self.canvas.circle(x, y, 8, fill=ROLE_FILL.get(role, "#555"), stroke="#0b5cad" if cur else "#111",
                           stroke_width=3 if cur else 1, tip=word(role, self.lang))
        self.canvas.text(x, y + 3.5, initials, size=8.5, anchor="middle", weight="bold", fill="#fff")

    # --- tracks ---------------------------------------------------------------------
    def tracks(self, top: float) -> None:
        """The invasion-rate and recruitment track, the decline track, alliances, reserves (top right of the
        map)."""
        c, _, v = self.canvas, self._, self.view
        x0, y0 = 880.0, top + 14
        c.rect(x0 - 10, y0 - 6, WIDTH - x0 - 8, 214, fill="#fbf6e6", stroke="#8c7a55", rx=8, opacity="0.95")
        c.text(x0, y0 + 14, _("Invasion rate"), size=13, weight="bold")
        c.text(x0, y0 + 56, _("Recruitment rate"), size=13, weight="bold")
        for k in range(len(INVASION_RATE)):
            bx = x0 + 150 + k * 54
            on = k + 1 == v["invasion_track"]
            c.rect(bx, y0, 48, 22, fill="#c0392b" if on else "#f4e2c8", stroke="#5a4630", rx=4)
            c.text(bx + 24, y0 + 16, str(INVASION_RATE[k]), size=13, anchor="middle", weight="bold",
                   fill="#fff" if on else None)
            c.rect(bx, y0 + 40, 48, 22, fill="#b22222" if on else "#f4e2c8", stroke="#5a4630", rx=4)
            c.text(bx + 24, y0 + 56, str(RECRUITMENT_RATE[k]), size=13, anchor="middle", weight="bold",
                   fill="#fff" if on else None)
        c.region("invasion_track", x0 - 8, y0 - 4, 156 + 54 * len(INVASION_RATE), 70)
        c.region("decline_track", x0 - 8, y0 + 76, 156 + 54 * 8, 30)
        c.region("alliances", x0 - 8, y0 + 112, 560, 30)
        c.text(x0, y0 + 96, _("Decline"), size=13, weight="bold")
        for k in range(1, 9):
            bx = x0 + 150 + (k - 1) * 54
            reached = k <= v["decline"]
            c.rect(bx, y0 + 80, 48, 22, fill="#5a3d6b" if reached else ("#e7b3b3" if k == 8 else "#f4e2c8"),
                   stroke="#5a4630", rx=4)
            c.text(bx + 24, y0 + 96, str(k), size=13, anchor="middle", fill="#fff" if reached else None)
        allied = lang_join(self.lang, [colour_name(COLOURS.index(col), self.lang) for col in v["allied"]])
        c.text(x0, y0 + 130, _("Alliances: {tribes}").format(tribes=allied or _("none")), size=13)
        for k, col in enumerate(COLOURS):
            c.rect(x0 + 420 + k * 26, y0 + 117, 20, 18, fill=FILL[col], stroke="#222", rx=3,
                   opacity="1" if col in v["allied"] else "0.25")
        c.text(x0, y0 + 156, _("Legions in reserve: {legions} · forts left: {forts}").format(
            legions=v["legion_reserve"], forts=v["fort_supply"]), size=13)
        c.rect(x0, y0 + 168, 22, 13, fill="#b22222", rx=3)
        c.text(x0 + 28, y0 + 180, _("legions"), size=12)
        c.rect(x0 + 110, y0 + 166, 12, 15, fill="#6d6d6d", stroke="#222")
        c.text(x0 + 128, y0 + 180, _("fort"), size=12)
        c.circle(x0 + 200, y0 + 174, 8, fill=ROLE_FILL["Consul"], stroke="#111")
        c.text(x0 + 214, y0 + 180, _("pawn"), size=12)
        c.circle(x0 + 290, y0 + 174, 10, fill="none", stroke="#2f63c0", stroke_width=3)
        c.text(x0 + 306, y0 + 180, _("port"), size=12)

    # --- header, news, hands, decks -----------------------------------------------------
    def header(self, y: float) -> float:
        c, _, v = self.canvas, self._, self.view
        c.text(20, y + 30, _("Pandemic: Fall of Rome"), size=22, weight="bold")
        role = word(v["current_role"], self.lang) if v.get("current_role") else "–"
        if v["result"]:
            line = _("The players win!") if v["result"] == "win" else _("The players lose.")
        else:
            left = self.lang.ngettext("{n} action left", "{n} actions left", v["actions_left"]).format(
                n=v["actions_left"])
            line = _("Turn {turn} · {role} · {left} · to move: {seats}").format(
                turn=v["turn"], role=role, left=left, seats=", ".join(map(str, v["to_move"])) or "–")
        c.text(340, y + 30, line, size=16)
        return y + 44

    def card(self, x: float, y: float, token: str, place: str, owner: int | None = None, w: float = 132,
             h: float = 112) -> None:
        """A player card (a city card in its tribe's colour, an event with its effect, a Revolt) or a
        barbarian card."""
        c, lang = self.canvas, self.lang
        acts = self.take_card(token, place, owner)
        tip = component_text(token.replace("_", " "), lang) or word(token, lang)
        if "/" in token:  # the city card's side of the text
            tip = tip.split("\n")[0]
        classes = "recent" if token in self.recent_cards else ""
        with c.group(actions=acts or None, tip=tip, classes=classes, data_id=token, data_place=place):
            if "/" in token:
                city, col = token.split("/")
                c.rect(x, y, w, h, fill="#fffaf0", stroke="#555", rx=6, classes="frame")
                c.rect(x, y, w, 22, fill=FILL[col], rx=6)
                c.text(x + w / 2, y + 16, colour_name(COLOURS.index(col), lang), size=11, anchor="middle",
                       fill=INK[col])
                for k, line in enumerate(_wrap(city_name(TOKEN_CITY[city], lang), 14)[:2]):
                    c.text(x + w / 2, y + 44 + 15 * k, line, size=13, anchor="middle", weight="bold")
            elif token in EVENT_BY_ID:
                event = EVENT_BY_ID[token]
                c.rect(x, y, w, h, fill="#efe6ff", stroke="#555", rx=6, classes="frame")
                for k, line in enumerate(_wrap(event.name, 20)[:2]):
                    c.text(x + 6, y + 14 + 12 * k, line, size=10.5, weight="bold")
                for k, line in enumerate(_wrap(lang.gettext(event.normal), 30)[:7]):
                    c.text(x + 6, y + 40 + 10 * k, line, size=7.8)
            else:
                c.rect(x, y, w, h, fill="#c0392b", stroke="#555", rx=6, classes="frame")
                c.text(x + w / 2, y + h / 2 + 5, word(token, lang), size=14, anchor="middle", weight="bold",
                       fill="#fff")

    def hands(self, y: float) -> float:
        c, _, v = self.canvas, self._, self.view
        for seat, hand in enumerate(v["hands"]):
            roles = [p for p in v["pawns"] if p["seat"] == seat]
            h = 170
            classes = "to-move" if seat in v["to_move"] and not v["result"] else ""
            with c.group(classes=classes):
                c.rect(10, y, WIDTH - 20, h - 10, fill="#f7f0dc" if seat == self.player else "#f9f5ea",
                       stroke="#8c7a55", rx=10, classes="frame")
            name = self.lang.player(seat)
            who = _("{seat} (you)").format(seat=name) if seat == self.player else name
            c.text(24, y + 24, who, size=16, weight="bold")
            if seat == self.player:
                c.region("hand", 6, y - 4, WIDTH - 12, h - 2)
            for k, pawn in enumerate(roles):
                r = ROLE_INDEX.get(pawn["role"])
                tip = component_text(pawn["role"], self.lang) if r is not None else None
                c.circle(32, y + 46 + 22 * k, 8, fill=ROLE_FILL.get(pawn["role"], "#555"), stroke="#111",
                         tip=tip)
                where = city_name(TOKEN_CITY[pawn["city"]], self.lang) if pawn["city"] else "–"
                c.text(46, y + 51 + 22 * k, f"{word(pawn['role'], self.lang)} · {where}", size=12.5,
                       weight="bold" if v.get("current_role") == pawn["role"] else None)
            c.text(24, y + h - 20, self.lang.ngettext("{n} card", "{n} cards", len(hand)).format(n=len(hand)),
                   size=12)
            step = min(138.0, (WIDTH - 320) / max(1, len(hand)))  # over the hand limit, the cards narrow
            for k, token in enumerate(hand):
                self.card(300 + k * step, y + 10, token, "hand", seat, w=step - 6, h=h - 30)
            y += h
        return y

    def row_of(self, y: float, label: str, tokens: Sequence[str], place: str,
               tip: str | None = None) -> float:
        """A labelled row of small cards (a discard pile, the known top, a deck's segment)."""
        c = self.canvas
        c.text(20, y + 16, label, size=14, weight="bold")
        if tip:
            c.rect(14, y, 6, 20, fill="#8c7a55", tip=tip)
        per_row = 10
        if not tokens:
            c.text(20, y + 38, "–", size=13)
        for k, token in enumerate(tokens):
            row, col = divmod(k, per_row)
            self.chip(20 + col * 146, y + 24 + row * 28, token, place)
        rows = max(1, -(-len(tokens) // per_row))
        return y + 30 + rows * 28

    def chip(self, x: float, y: float, token: str, place: str) -> None:
        """A card in a pile, small: its colour and name (its text on hover: the city card's or the
        barbarian card's side, as the pile holds)."""
        c, lang = self.canvas, self.lang
        acts = self.take_card(token, place)
        text = component_text(token.replace("_", " "), lang) or word(token, lang)
        if "/" in token:  # a city card's text, then the barbarian card's
            parts = text.split("\n")
            text = parts[-1] if place.startswith("barbarian") else parts[0]
        classes = "recent" if token in self.recent_cards else ""
        col = token.split("/")[1] if "/" in token else ""
        with c.group(actions=acts or None, tip=text, classes=classes, data_id=token, data_place=place):
            c.rect(x, y, 140, 24,
                   fill="#fffaf0" if col else ("#efe6ff" if token in EVENT_BY_ID else "#c0392b"),
                   stroke="#555", rx=4, classes="frame")
            if col:
                c.rect(x, y, 14, 24, fill=FILL[col], stroke="#555", rx=4)
            name = city_name(TOKEN_CITY[token.split("/")[0]], lang) if col else word(token, lang)
            c.text(x + (20 if col else 6), y + 16, name if len(name) <= 20 else name[:19] + "…", size=11.5)

    def decks(self, y: float) -> float:
        c, _, v = self.canvas, self._, self.view
        deck = v["player_deck"]
        bsize = sum(seg["size"] for seg in v["barbarian_deck"])
        line = self.lang.ngettext(
            "Player deck: {size} card (Revolt piles {piles}, Revolts {revolts})",
            "Player deck: {size} cards (Revolt piles {piles}, Revolts {revolts})", deck["size"]).format(
            size=deck["size"], piles=", ".join(map(str, deck["piles"])) or "–", revolts=deck["revolts"])
        line += " · " + self.lang.ngettext(
            "Barbarian deck: {size} card", "Barbarian deck: {size} cards", bsize).format(size=bsize)
        if v["vestalis_deck"]:
            line += " · " + _("Vestalis's event deck: {n}").format(n=v["vestalis_deck"])
        c.rect(14, y, 40, 26, fill="#c0392b", rx=4, tip=component_text("revolt", self.lang))
        c.text(60, y + 19, line, size=14, weight="bold")
        c.region("player_deck", 8, y - 4, WIDTH - 16, 34)
        y += 34
        for p in v["pending"]:
            # an event's "cards" may be seats
            if p.get("cards") and all(isinstance(c, str) for c in p["cards"]):
                y = self.row_of(y, _("Cards being decided on"), p["cards"], "pending")
        if deck["known_top"]:
            y = self.row_of(y, _("Known top of the player deck"), deck["known_top"], "top")
        if v["treasury"]:
            y = self.row_of(y, _("Treasury"), v["treasury"], "treasury")
        y = self.row_of(y, _("Player discard pile"), v["player_discard"], "discard")
        barbarian = y
        y = self.segments(self.row_of(y, _("Barbarian discard pile"), v["barbarian_discard"], "barbarian"))
        c.region("barbarian_deck", 8, barbarian - 4, WIDTH - 16, y - barbarian)
        return y

    def segments(self, y: float) -> float:
        """The barbarian deck, part by part from the top: the cards of a part are public (in order
        when known), listed by colour."""
        c, _ = self.canvas, self._
        for k, seg in enumerate(self.view["barbarian_deck"]):
            label = (_("Barbarian deck, part {n} from the top (in this order)") if seg["known_order"]
                     else _("Barbarian deck, part {n} from the top (order unknown)")).format(n=k + 1)
            c.text(20, y + 16, label, size=14, weight="bold")
            y += 20
            by_colour: dict[str, list[str]] = {}
            for token in seg["cards"]:
                city, col = token.split("/") if "/" in token else (token, "")
                by_colour.setdefault("" if seg["known_order"] else col, []).append(
                    word(token, self.lang) if seg["known_order"] else city_name(TOKEN_CITY[city], self.lang))
            for col, names in by_colour.items():
                for line in _wrap(", ".join(names), 180):
                    if col:
                        c.rect(20, y + 5, 14, 14, fill=FILL[col], stroke="#222")
                    c.text(40, y + 17, line, size=12.5)
                    y += 18
            y += 6
        return y + 6

    def buttons(self, y: float) -> float:
        rest = [n for n in self.view["actions"] if n not in self.placed]
        if not rest:
            return y
        self.canvas.text(20, y + 16, self._("Your choices:"), size=14, weight="bold")
        return self.canvas.button_row(
            y + 24, [(describe(Action.from_notation(n), None, self.lang), n) for n in rest])

    def draw(self) -> Svg:
        y = self.header(0)
        y = self.canvas.news(y, self.view, self.player, DOMAIN, self.lang)
        top = y
        y = self.map(top)
        self.tracks(top)
        y = self.hands(y)
        y = self.decks(y)
        y = self.buttons(y)
        self.canvas.height = y + 10
        return self.canvas.svg()


def lang_join(lang: Lang, words: Sequence[str]) -> str:
    """``words`` as a list in ``lang`` (``a, b and c``)."""
    return lang.join(list(words)) if words else ""


def svg(view: Mapping[str, Any], player: int | None, locale: LangLike = None) -> str:
    """The table ``player`` (None: a spectator) sees, as SVG, in ``locale`` (a board view: see
    :func:`ludus.core.board.board_view`)."""
    return _Table(view, player, as_lang(locale).for_domain(DOMAIN)).draw()
