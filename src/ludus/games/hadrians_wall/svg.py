"""The Hadrian's Wall table as an SVG picture, drawn from a board view only.

On top the year board: the Years and their attack potential, the Fate deck, the Year's card, the
Pict attack of the Year by Cohort, the Neutral cards (1–2 players). Then each player, the viewer
first: items on hand, Path and Prospect cards (cards in hand only to their owner), the scoring
column and both sheets as printed: every box with its reward icons (legend), costs, the chain
links of the Wall and the Cippi to the Fort, filled (crossed) and circled boxes, Years written in.
A click on the next box of an area fills it; a Scouting pattern is placed cell by cell (each cell
lists the placements covering it, which a front end narrows click by click).

>>> import ludus
>>> state = ludus.load("hadrians-wall", 2).new_state(3)
>>> picture = ludus.svg(state, 0, "pl")
>>> picture.startswith("<svg") and 'data-action="0:path ' in picture
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ludus.core.actions import Action
from ludus.core.board import Svg
from ludus.core.i18n import LangLike, as_lang

from . import components as hw
from .components import DOMAIN
from .decisions import pending_words
from .notation import describe
from .scoring import SHEET_CATEGORIES, disdain_penalty, path_vp, score
from .sheets import _DEFS, _SYMBOLS, ICONS, SHEET_H, SHEET_W, STRIP_H, WIDTH, _board_of, _Sheets, _text

__all__ = ["ICONS", "svg"]

_BLOCKS: dict[tuple[Any, ...], tuple[list[str], set[str], set[str]]] = {}
"""Players' blocks drawn lately, by what they are drawn from (the seats of one table see most of them
alike)."""


class _Table(_Sheets):
    """The whole table: the year board, each player's strip and sheets (drawn once for all who
    see them alike), the legend."""

    # --- the year board -----------------------------------------------------------------
    def year_board(self, y: float) -> float:
        c, _, view, lang = self.c, self._, self.view, self.lang
        c.rect(10, y, WIDTH - 20, 176, fill="#efe6cf", stroke="#8c7a55", rx=10)
        self.text(24, y + 30, _("Hadrian's Wall — Year {year}").format(year=view["year"]), size=24,
                  weight="bold")
        over, movers = view["phase"] == "over", lang.players(view["to_move"])
        self.text(24, y + 56,
                  _("The game is over.") if over else _("To move: {players}").format(players=movers), size=15,
                  weight="bold", fill="#8b1a1a" if over else "#0b5cad")
        for i in range(hw.YEARS):  # the Year track with each Year's attack potential
            x, now = 24 + i * 62, i + 1 == view["year"]
            c.rect(x, y + 70, 56, 44, fill="#fff3c4" if now else "#fffdf7",
                   stroke="#0b5cad" if now else "#8c7a55", rx=5, stroke_width=3 if now else 1,
                   tip=_("Attack potential (grey flag) {potential}").format(potential=hw.ATTACK_POTENTIAL[i]))
            self.text(x + 28, y + 90, _("Year {year}").format(year=i + 1), size=11, anchor="middle",
                      weight="bold")
            self.text(x + 28, y + 108, f"⚑ {hw.ATTACK_POTENTIAL[i]}", size=12, anchor="middle", fill="#555")
        with c.group(actions=self.take("source:deck"), tip=_text("other:fate", lang)):
            c.rect(420, y + 14, 74, 100, fill="#5b3a29", stroke="#2b1a10", rx=6, classes="frame")
            self.text(457, y + 60, str(view["fate_deck_size"]), size=24, anchor="middle", weight="bold",
                      fill="#f5e6b0")
        self.text(457, y + 130, _("Fate card"), size=11, anchor="middle")
        if view["year_card"] >= 0:
            self.fate(506, y + 14, view["year_card"], 100, 100)
            self.text(556, y + 130, _("Year card"), size=11, anchor="middle")
        self.attack(640, y + 8)
        c.region("fate", 414, y + 8, 200, 130)
        for i, card in enumerate(view["neutral"]):
            self.card(1080 + 150 * i, y + 12, card, "prospect", f"neutral {i}",
                      actions=self.take(f"source:n{i}"), items=view["neutral_items"][i])
        return y + 186

    def fate(self, x: float, y: float, card: int, w: float = 40, h: float = 54) -> None:
        """A Fate card face up: the Cohort it attacks as a Pict card, damage, Trade Good (and income)."""
        c, f = self.c, hw.FATE_CARDS[card]
        with c.group(tip=_text(f"fate:{card + 1}", self.lang), data_id=f"fate{card + 1}", data_place="fate"):
            c.rect(x, y, w, h, fill="#f7f1e1", stroke="#5b3a29", rx=4, classes="frame")
            self.text(x + w / 2, y + 13, hw.cohort_name(f.attack, self.lang)[: int(w / 6)], size=9.5,
                      anchor="middle", weight="bold", fill="#8b1a1a")
            self.text(x + 4, y + 28, f"⚔{f.damage}", size=10)
            self.text(x + w - 4, y + 28, f"◈{f.good}", size=10, anchor="end")
            if h > 60:
                self.cost(x + 8, y + 50, f.income[:3], 9)
                self.cost(x + 8, y + 72, (0, 0, 0, *f.income[3:]), 9)

    def attack(self, x: float, y: float) -> None:
        """The Pict attack cards of the Year under the Cohort each attacks (a Favour is a click there)."""
        c, view = self.c, self.view
        self.text(x, y + 16, _text("other:pict_attack", self.lang).split(":")[0].split(".")[0][:60], size=13,
                  weight="bold")
        by = [[card for card in view["attack"] if hw.FATE_CARDS[card].attack == k] for k in range(3)]
        for k in range(3):
            cx = x + k * 140
            with c.group(actions=self.take(f"favour:{hw.COHORTS[k]}"),
                         tip=_text("other:pict_attack", self.lang)):
                c.rect(cx, y + 24, 132, 136, fill="#f3d9d3" if by[k] else "#faf3ec", stroke="#8b1a1a", rx=6,
                       classes="frame")
                self.text(cx + 8, y + 42, f"{hw.cohort_name(k, self.lang)}: ⚔ {len(by[k])}", size=13,
                          weight="bold", fill="#8b1a1a")
            for i, card in enumerate(by[k][:6]):  # (the heading counts them all)
                self.fate(cx + 6 + (i % 3) * 42, y + 50 + (i // 3) * 56, card)

    def card(self, x: float, y: float, card_id: str, face: str, place: str,
             actions: Sequence[str] | None = None, items: int | None = None, w: float = 140, h: float = 150,
             vp: int | None = None) -> None:
        """A Player card: its name; the Path's thresholds for 1/2/3 VP; the Prospect's Trade Good,
        income and Scouting pattern (``face``: ``path``, ``prospect`` or ``both`` for a card in hand)."""
        c, _, pc = self.c, self._, hw.PLAYER_CARDS[hw.PLAYER_CARD_INDEX[card_id]]
        with c.group(actions=actions, tip=_text(f"card:{card_id}", self.lang), data_id=card_id,
                     data_place=place):
            c.rect(x, y, w, h, fill="#fffaf0", stroke="#6b5d45", rx=7, classes="frame")
            c.rect(x, y, w, 20, fill="#6b4f2a" if face != "prospect" else "#2f5f4f", rx=7)
            self.text(x + w / 2, y + 15, hw.card_id_name(card_id, self.lang), size=12, anchor="middle",
                      weight="bold", fill="#fff", fit=w - 8)
            ty = y + 34
            if face != "prospect":
                self.text(x + 6, ty, "/".join(map(str, pc.thresholds)) + " → 1/2/3" + (
                    "  = " + _("{vp} VP").format(vp=vp) if vp is not None else ""), size=10.5, weight="bold")
                ty += 16
            if face != "path":
                self.text(x + 6, ty, _("Trade Good {good}").format(good=pc.good), size=10)
                self.cost(x + 6, ty + 14, pc.income, 9)
                self.mini(x + w - 40, ty + 26,
                          [r * hw.MAP_COLUMNS + col for r, col in hw.PATTERN_CELLS[pc.pattern]])
                self.text(x + 6, ty + 40, _("pattern {pattern}").format(pattern=pc.pattern), size=10)
            self.text(x + 6, y + h - 8, _("items on it: {n}").format(n=items) if items else "", size=10,
                      weight="bold")

    # --- a player ------------------------------------------------------------------------
    def strip(self, y: float, seat: int, b: Mapping[str, Any]) -> None:
        """A player's name, items on hand, Path and Prospect cards, decisions and scoring column."""
        c, _, lang = self.c, self._, self.lang
        moving = seat in self.view["to_move"] and self.view["phase"] != "over"
        with c.group(classes="to-move" if moving else ""):
            c.rect(10, y, WIDTH - 20, STRIP_H + SHEET_H + 12, fill="#e2d7bd", stroke="#8c7a55", rx=10,
                   classes="frame")
        who = _("{seat} (you)").format(seat=lang.player(seat)) if seat == self.player else lang.player(seat)
        self.text(24, y + 24, who + ("  · " + _("ended the Year") if b["done"] else ""), size=17,
                  weight="bold")
        for i, n in enumerate(b["items"]):
            c.rect(22 + i * 58, y + 34, 54, 24, tip=hw.item_count(i, n, lang), fill="#fffdf7", rx=4)
            self.icon(34 + i * 58, y + 46, hw.ITEMS[i], 10)
            self.text(48 + i * 58, y + 51, f"×{n}", size=14, weight="bold")
        choices, covered = _("; then ").join(pending_words(t, lang) for t in b["pending"]), b["covered"]
        self.text(24, y + 80, _("to choose first: {choices}").format(choices=choices) if choices else "",
                  size=12, fill="#0b5cad")
        self.text(24, y + 104, _("earlier Prospect cards: {cards}").format(cards=", ".join(
            hw.card_id_name(k, lang) for k in covered)) if covered else "", size=11, fill="#5b4a2f", fit=300)
        board = _board_of(b)
        for i, card in enumerate(b["paths"]):
            self.card(330 + 150 * (i % 3), y + 8 + 52 * (i // 3), card, "path", f"path {seat}", w=144, h=46,
                      vp=path_vp(board, hw.PLAYER_CARD_INDEX[card]))
        if b["prospect"]:
            self.card(790, y + 8, b["prospect"], "prospect", f"prospect {seat}", w=150, h=102,
                      actions=self.take("source:own" if seat == self.player else f"source:p{seat}"))
        for i in range(b["hand_size"] if seat != self.player else 0):  # the Player cards it drew, face down
            c.rect(950 + 40 * i, y + 8, 34, 52, fill="#6b4f2a", stroke="#3b2a14", rx=4,
                   tip=_text("other:player_card", lang))
        points = [*board.attrs, sum(path_vp(board, k) for k in board.paths),
                  -disdain_penalty(board.final_disdain())]
        c.rect(1200, y + 6, 460, 106, fill="#fffdf7", stroke="#6b5d45", rx=6)  # the final-scoring column
        for i, ((_cat, label), n) in enumerate(zip(SHEET_CATEGORIES, points)):
            self.text(1208 + (i // 3) * 190, y + 26 + (i % 3) * 20, f"{_(label)}: {n}", size=12)
        self.text(1208, y + 100, _("Total: {vp} VP").format(vp=score(board)["total"]), size=15, weight="bold")

    def player_block(self, y: float, seat: int, b: Mapping[str, Any]) -> None:
        """A player's strip and both sheets at ``y``: drawn once for all who see them alike (remembered)."""
        moving = seat in self.view["to_move"] and self.view["phase"] != "over"
        mine = tuple(self.actions) if seat == self.player else tuple(self.on.get(f"source:p{seat}", ()))
        key = (self.lang.code, seat, seat == self.player, moving, json.dumps(b, sort_keys=True),
               frozenset(a for s, a in self.recent if s == seat), mine)
        found = _BLOCKS.get(key)
        if found is None:
            parts, used, symbols = self.c.parts, self.used, self.symbols
            self.c.parts, self.used, self.symbols = [], set(), set()
            self.strip(0, seat, b)
            for x, draw in ((12, self.left_sheet), (12 + SHEET_W + 16, self.right_sheet)):
                with self.c.group(transform=f"translate({x},{STRIP_H})"):
                    self.c.rect(0, 0, SHEET_W, SHEET_H, fill="#f4ecd8", stroke="#8c7a55", rx=8)
                    draw(seat, b)
            found = (self.c.parts, self.used, self.symbols)
            self.c.parts, self.used, self.symbols = parts, used, symbols
            if len(_BLOCKS) >= 64:
                _BLOCKS.clear()
            _BLOCKS[key] = found
        self.used |= found[1]
        self.symbols |= found[2]
        self.c.parts.extend([f'<g transform="translate(0,{y:g})">', *found[0], "</g>"])

    # --- the whole table -----------------------------------------------------------------
    def legend(self, y: float) -> float:
        self.text(20, y + 16, self._("Legend:"), size=12, weight="bold")
        x = 90.0
        for token in ICONS:
            words = (hw.reward_words([token], self.lang)
                     if token != "favour" else _text("other:favour", self.lang).split(":")[0])
            if x + 30 + 6.4 * len(words) > WIDTH - 20:
                x, y = 90.0, y + 22
            self.icon(x, y + 12, token, 7)
            self.text(x + 10, y + 16, words, size=10.5)
            x += 30 + 6.4 * len(words)
        return y + 30

    def regions(self, y: float, items: int) -> None:
        """The named regions of the viewer's strip and sheets (at ``y``), for the lessons."""
        c, left, right = self.c, 12, 12 + SHEET_W + 16
        c.region("items", 18, y + 30, 58 * items + 2, 32)
        c.region("cards", 326, y + 4, 620, 112)
        c.region("sheet_left", left - 4, y + STRIP_H - 4, SHEET_W + 8, SHEET_H + 8)
        for name, (x, top, w, h) in {"cohorts": (8, 8, 300, 118), "production": (316, 8, 496, 118),
                                     "attributes": (8, 488, 804, 140), "disdain": (8, 636, 804, 56)}.items():
            c.region(name, left + x - 2, y + STRIP_H + top - 2, w + 4, h + 4)
        for r, name in enumerate(("mining", "wall_guard", "wall", "fort")):
            c.region(name, left + 8, y + STRIP_H + 182 + r * 36, 800, 36)
        c.region("citizens", right + 6, y + STRIP_H + 6, 334, 174)

    def draw(self) -> Svg:
        c, view = self.c, self.view
        c.parts.append(_DEFS)
        y = self.legend(c.news(self.year_board(0), view, self.player, DOMAIN, self.lang))  # from the top down
        mine = view["boards"][self.player] if self.player is not None else {}
        if mine.get("hand"):
            self.text(20, y + 18, self._("Your Player cards: keep one as Path (the other is your Prospect)"),
                      size=15, weight="bold")
            for i, card in enumerate(mine["hand"]):
                self.card(20 + i * 160, y + 28, card, "both", "hand", actions=self.take(f"path:{card}"))
            chosen = (self._("(Path chosen: {card})").format(card=hw.card_id_name(mine["choice"], self.lang))
                      if mine.get("choice") else "")
            self.text(350, y + 100, chosen, size=15, weight="bold", fill="#1a7f37")
            c.region("cards", 14, y + 22, 326, 162)
            y += 190
        mark, top = len(c.parts), y
        for seat in sorted(range(len(view["boards"])), key=lambda p: p != self.player):
            self.player_block(y, seat, view["boards"][seat])
            y += STRIP_H + SHEET_H + 22
        rest = [n for n in self.actions if n not in self.used]
        if rest:  # actions with no element of their own (end the Year, spend no more Favours): buttons
            body = c.parts[mark:]
            del c.parts[mark:]
            below = c.button_row(top, [(describe(Action.from_notation(n), None, self.lang), n) for n in rest])
            c.parts.extend([f'<g transform="translate(0,{below - top})">', *body, "</g>"])
            y += below - top
        if self.player is not None:  # the viewer's block comes first: the lessons' regions on it
            self.regions(below if rest else top, len(view["boards"][self.player]["items"]))
        c.parts.insert(1, "<defs>" + "".join(_SYMBOLS[sym] for sym in sorted(self.symbols)) + "</defs>")
        c.height = y + 10
        return c.svg()


def svg(view: Mapping[str, Any], player: int | None, locale: LangLike = None) -> str:
    """The table ``player`` (None: a spectator) sees, as SVG, in ``locale``, from a board view
    (:func:`.board_view`)."""
    return _Table(view, player, as_lang(locale).for_domain(DOMAIN)).draw()
