"""The Glory to Rome table as an SVG picture, drawn from a board view only.

The Order cards are the game: each is a building, a material and a role at once, in the
colour of its material (yellow Rubble/Laborer, green Wood/Craftsman, red Brick/Legionary,
grey Concrete/Architect, blue Stone/Merchant, purple Marble/Patron). The picture shows the
leader and the role led, the deck, the Jack pile, the sites left of each material, the pool,
every player's camp (influence, clientele by role, stockpile, vault, structures with their
site and the materials added and still needed, completed buildings with their function) and
the viewer's hand as cards. Every legal action of the viewer is a click on the card,
structure or stockpile it acts on, or a button (:mod:`ludus.core.board`).

>>> import ludus
>>> state = ludus.load("glory-to-rome", 2).new_state(3)
>>> seat = state.to_move()[0]
>>> picture = ludus.svg(state, seat, "pl")
>>> picture.startswith("<svg") and f'data-action="{seat}:lead laborer' in picture
True
"""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ludus.core.actions import Action
from ludus.core.board import Canvas, Svg, actions_by
from ludus.core.i18n import Lang, LangLike, as_lang
from ludus.games.glory_to_rome.components import (
    BUILDING_INDEX,
    BUILDINGS,
    DOMAIN,
    MATERIAL_INDEX,
    MATERIAL_NAMES,
    MERCHANT_BONUS,
    ROLE_INDEX,
    ROLE_NAMES,
    VALUE,
    building_name,
    effect_text,
    jack_name,
    material_name,
    role_name,
)
from ludus.games.glory_to_rome.notation import describe

__all__ = ["COLOURS", "svg"]

COLOURS: dict[str, str] = {
    "rubble": "#e9c23a", "wood": "#4f9a45", "brick": "#c8402f",
    "concrete": "#9a9a9a", "stone": "#3b6fb6", "marble": "#8a4fa8",
}
"""The card colour of each material (and of its role)."""

WIDTH = 1280
CARD_W, CARD_H = 150, 196
MINI_W, MINI_H = 78, 92
PANEL_H = 236


def _material(m: str, lang: Lang) -> str:
    return material_name(MATERIAL_INDEX[m], lang)


def _role(r: str, lang: Lang) -> str:
    """A role's name; a leader who thinks leads no role, and the Prison's take is its own step."""
    if r == "thinker":
        return lang.gettext("thinking")
    if r == "prison":
        return building_name(BUILDING_INDEX["prison"], lang)
    return role_name(ROLE_INDEX[r], lang)


def _material_text(m: str, lang: Lang) -> str:
    return effect_text("material", MATERIAL_INDEX[m], lang)


def _role_of(m: str) -> str:
    return ROLE_NAMES[MATERIAL_INDEX[m]]


def _building(slug: str, lang: Lang) -> str:
    return building_name(BUILDING_INDEX[slug], lang)


def _function(slug: str, lang: Lang) -> str:
    return effect_text("building", BUILDING_INDEX[slug], lang)


def _role_function(role: str, lang: Lang) -> str:
    return effect_text("role", ROLE_INDEX[role], lang)


def _material_of(slug: str) -> str:
    return MATERIAL_NAMES[BUILDINGS[BUILDING_INDEX[slug]].material]


def _card_tip(slug: str, lang: Lang) -> str:
    _ = lang.gettext
    m = _material_of(slug)
    return _("{building}: {material}, value {value}, role {role}. {function}").format(
        building=_building(slug, lang), material=_material(m, lang), value=VALUE[MATERIAL_INDEX[m]],
        role=_role(_role_of(m), lang), function=_function(slug, lang))


def _wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of about ``width`` characters, never breaking a word."""
    return textwrap.wrap(text, width, break_long_words=False) or [""]


def _hand_key(words: list[str]) -> str | None:
    """The hand card an action plays (a building's id, or "jack"), or None."""
    verb, args = words[0], words[1:]
    if verb == "lead" and len(args) == 2:
        return args[1]
    if verb in ("follow", "latrine", "hire_hand", "gather_hand", "sell_hand", "lay") and args:
        return args[0]
    if verb == "petition" and args and args[0] in BUILDING_INDEX:
        return args[0]
    if verb == "build" and len(args) == 2 and args[1] in BUILDING_INDEX:
        return args[1]
    if verb == "give" and args and args[0] in MATERIAL_INDEX:
        return "material:" + args[0]
    return None


def _pool_key(words: list[str]) -> str | None:
    """The pool material an action takes (Patron hires its role's colour, Laborer gathers it)."""
    verb, args = words[0], words[1:]
    if verb == "hire" and args and args[0] in ROLE_INDEX:
        return MATERIAL_NAMES[ROLE_INDEX[args[0]]]
    if verb == "gather" and args:
        return args[0]
    return None


def _structure_key(words: list[str]) -> tuple[int, str] | None:
    """The structure (owner, building) an action adds to or takes."""
    verb, args = words[0], words[1:]
    if verb == "build" and len(args) == 2 and args[1] in MATERIAL_INDEX:
        return (-1, args[0])
    if verb == "build_pool" and args:
        return (-1, args[0])
    if verb in ("stairway", "stairway_pool", "prison") and len(args) >= 2:
        return (int(args[0]), args[1])
    return None


def _stock_key(words: list[str]) -> str | None:
    if words[0] == "sell" and len(words) > 1:
        return words[1]
    return None


def _client_key(words: list[str]) -> tuple[int, str] | None:
    if words[0] == "colosseum" and len(words) > 2:
        return (int(words[1]), words[2])
    if words[0] == "senate" and len(words) > 1:
        return (int(words[1]), "jack")
    return None


class _Table:
    """One drawing: the canvas, the language and the viewer's actions by the element they act on."""

    def __init__(self, view: Mapping[str, Any], player: int | None, lang: Lang) -> None:
        self.view, self.player, self.lang = view, player, lang
        self._ = lang.gettext
        actions: list[str] = list(view.get("actions", ()))
        self.on_hand = actions_by(actions, _hand_key)
        self.on_pool = actions_by(actions, _pool_key)
        self.on_structure = actions_by(actions, _structure_key)
        self.on_stock = actions_by(actions, _stock_key)
        self.on_client = actions_by(actions, _client_key)
        placed = {n
                  for group in (self.on_hand, self.on_pool, self.on_structure, self.on_stock, self.on_client)
                  for ns in group.values() for n in ns}
        self.buttons = [n for n in actions if n not in placed]
        self.recent = self._recent(view.get("recent", ()))
        self.canvas = Canvas(WIDTH, 0,
                             title=self._("Glory to Rome — turn {turn}").format(turn=view["turn"] + 1))

    def _mine(self) -> Mapping[str, Any]:
        return self.view["players"][self.player] if self.player is not None else {}

    @staticmethod
    def _recent(events: Sequence[Mapping[str, Any]]) -> set[tuple[int, int]]:
        """(seat, building index) of the structures the recent events touched."""
        touched: set[tuple[int, int]] = set()
        for event in events:
            data = event.get("data", {})
            if "building" in data and "seat" in data and isinstance(data["building"], int):
                touched.add((int(data.get("owner", data.get("victim", data["seat"]))), data["building"]))
                touched.add((int(data["seat"]), data["building"]))
        return touched

    # --- the parts of the table ------------------------------------------------------
    def header(self, y: float) -> float:
        c, _, view = self.canvas, self._, self.view
        c.text(20, y + 30, self._("Glory to Rome"), size=26, weight="bold")
        role = view.get("role")
        led = _("role led: {role}").format(role=_role(role, self.lang)) if role else _("no role led yet")
        c.text(20, y + 58, _("Turn {turn} · leader: {leader} · {led}").format(
            turn=view["turn"] + 1, leader=self.lang.player(view["leader"]), led=led), size=16)
        if view["over"]:
            c.text(20, y + 84, _("The game is over."), size=16, weight="bold", fill="#8b1a1a")
        else:
            movers = self.lang.players(view["to_move"])
            c.text(20, y + 84, _("To move: {players}").format(players=movers), size=16, weight="bold",
                   fill="#0b5cad")
        notes = []
        if view["frames"] and view["frames"][-1]["role"] and not view["over"]:
            top = view["frames"][-1]
            notes.append(self.lang.ngettext("{seat} takes {role}: {count} action left",
                                            "{seat} takes {role}: {count} actions left", top["left"]).format(
                seat=self.lang.player(top["player"]), role=_role(top["role"], self.lang), count=top["left"]))
        if view["demands"]:
            notes.append(_("Rome demands: {materials}").format(materials=self.lang.join(
                [_material(d.split()[0], self.lang) for d in view["demands"]])))
        if view["fountain"] and view["fountain"]["card"] != "?":
            building = _building(view["fountain"]["card"], self.lang)
            notes.append(_("Fountain card: {building}").format(building=building))
        if notes:
            c.text(20, y + 110, " · ".join(notes), size=14)
        x = 760
        for label, count, fill in ((_("Deck"), view["deck_size"], "#d9cfb8"),
                                   (_("Jacks"), view["jack_pile"], "#2b2b2b"),
                                   (_("Out of play"), view["out_of_play"], "#eeeeee")):
            c.rect(x, y + 12, 90, 110, fill=fill, stroke="#555", rx=8, tip=f"{label}: {count}")
            c.text(x + 45, y + 62, str(count), size=26, anchor="middle", weight="bold",
                   fill="#fff" if fill == "#2b2b2b" else None)
            c.text(x + 45, y + 100, label, size=13, anchor="middle",
                   fill="#fff" if fill == "#2b2b2b" else None)
            x += 110
        c.region("leader", 10, y + 36, 740, 58)
        c.region("deck", 755, y + 7, 100, 120)
        c.region("jacks", 865, y + 7, 100, 120)
        return y + 130

    def sites(self, y: float) -> float:
        c, _ = self.canvas, self._
        c.text(20, y + 18, _("Sites left (in town / out of town)"), size=15, weight="bold")
        for i, m in enumerate(MATERIAL_NAMES):
            x = 20 + i * 205
            inside, outside = self.view["sites_in_town"][m], self.view["sites_out_of_town"][m]
            c.rect(x, y + 28, 190, 62, fill=COLOURS[m], stroke="#444", rx=6,
                   tip=_("{material} sites: {inside} in town, {outside} out of town").format(
                       material=_material(m, self.lang), inside=inside, outside=outside)
                   + " " + _material_text(m, self.lang))
            c.text(x + 10, y + 52, _material(m, self.lang), size=15, weight="bold")
            c.text(x + 10, y + 78, f"{inside} / {outside}", size=15)
        c.region("sites", 12, y + 2, len(MATERIAL_NAMES) * 205 - 2, 94)
        return y + 100

    def mini(self, x: float, y: float, slug: str, actions: Sequence[str] | None = None,
             classes: str = "") -> None:
        """A small card: its colour, name and value (the pool, the camps)."""
        c, m = self.canvas, _material_of(slug)
        with c.group(actions=actions, tip=_card_tip(slug, self.lang), classes=classes, data_id=slug,
                     data_place="pool"):
            c.rect(x, y, MINI_W, MINI_H, fill="#fffdf6", stroke="#555", rx=6, classes="frame")
            c.rect(x, y, MINI_W, 22, fill=COLOURS[m], rx=6)
            c.text(x + MINI_W / 2, y + 16, str(VALUE[MATERIAL_INDEX[m]]), size=13, anchor="middle",
                   weight="bold")
            for k, line in enumerate(_wrap(_building(slug, self.lang), 11)[:3]):
                c.text(x + MINI_W / 2, y + 42 + 15 * k, line, size=12 if len(line) <= 11 else 10,
                       anchor="middle")

    def jack(self, x: float, y: float, w: float, h: float, actions: Sequence[str] | None = None) -> None:
        c = self.canvas
        with c.group(actions=actions, tip=effect_text("jack", 0, self.lang)):
            c.rect(x, y, w, h, fill="#2b2b2b", stroke="#000", rx=6, classes="frame")
            c.text(x + w / 2, y + h / 2 + 6, jack_name(self.lang), size=15, anchor="middle",
                   weight="bold", fill="#f5e6b0")

    def pool(self, y: float) -> float:
        c, _ = self.canvas, self._
        c.text(20, y + 18, _("Pool"), size=15, weight="bold")
        pool = self.view["pool"]
        if not pool:
            c.text(20, y + 50, _("(empty)"), size=14)
        per_row = 14
        for i, slug in enumerate(pool):
            row, col = divmod(i, per_row)
            self.mini(20 + col * (MINI_W + 10), y + 26 + row * (MINI_H + 10), slug,
                      self.on_pool.get(_material_of(slug)))
        rows = max(1, -(-len(pool) // per_row))
        c.region("pool", 12, y + 2, WIDTH - 24, rows * (MINI_H + 10) + 24)
        return y + rows * (MINI_H + 10) + 30

    def chips(self, x: float, y: float, materials: Sequence[str], label: str,
              actions_of: Mapping[str, list[str]] | None = None, owner: int | None = None) -> None:
        """Materials as coloured chips with their count (a stockpile, a vault's known cards)."""
        c = self.canvas
        c.text(x, y, label, size=13, weight="bold")
        if not materials:
            c.text(x, y + 26, "–", size=14)
        for k, (m, n) in enumerate(sorted(Counter(materials).items(), key=lambda mn: MATERIAL_INDEX[mn[0]])):
            acts = actions_of.get(m) if actions_of is not None and owner == self.player else None
            c.rect(x + k * 46, y + 6, 40, 28, fill=COLOURS[m], stroke="#444", rx=4, actions=acts,
                   tip=f"{_material(m, self.lang)} ×{n}. {_material_text(m, self.lang)}")
            c.text(x + k * 46 + 20, y + 25, str(n), size=14, anchor="middle", weight="bold")

    def panel(self, y: float, p: int, pv: Mapping[str, Any]) -> float:
        c, _, lang = self.canvas, self._, self.lang
        classes = "to-move" if p in self.view["to_move"] and not self.view["over"] else ""
        with c.group(classes=classes):
            c.rect(10, y, WIDTH - 20, PANEL_H - 12, fill="#f3ecdc" if p == self.player else "#f7f3ea",
                   stroke="#8c7a55", rx=10, classes="frame")
        name = self.lang.player(p)
        who = _("{seat} (you)").format(seat=name) if p == self.player else name
        title = who + (" · " + _("leader") if p == self.view["leader"] else "")
        c.text(24, y + 26, title, size=17, weight="bold")
        c.text(330, y + 26, _("influence {influence} · hand {cards} (Jacks {jacks}) · clientele "
                              "{clients}/{limit} · vault {vault}/{vault_limit}").format(
            influence=pv["influence"], cards=pv["hand_size"], jacks=pv["hand_jacks"],
            clients=len(pv["clientele"]), limit=pv["clientele_limit"], vault=pv["vault_count"],
            vault_limit=pv["vault_limit"]), size=14)
        # clientele grouped by role
        c.text(24, y + 52, _("Clientele"), size=13, weight="bold")
        if not pv["clientele"]:
            c.text(24, y + 78, "–", size=14)
        clientele = sorted(Counter(pv["clientele"]).items(), key=lambda rn: ROLE_INDEX[rn[0]])
        for k, (role, n) in enumerate(clientele):
            m = MATERIAL_NAMES[ROLE_INDEX[role]]
            c.rect(24, y + 58 + k * 26, 150, 22, fill=COLOURS[m], stroke="#444", rx=4,
                   actions=self.on_client.get((p, role)), tip=_role_function(role, lang))
            c.text(30, y + 74 + k * 26, f"{_role(role, lang)} ×{n}", size=13)
        self.chips(200, y + 52, pv["stockpile"], _("Stockpile"), self.on_stock, p)
        known = [m for m in pv["vault"] if m != "?"]
        self.chips(200, y + 112, known, self.lang.ngettext(
            "Vault: {count} card, known:", "Vault: {count} cards, known:", pv["vault_count"]).format(
            count=pv["vault_count"]))
        if pv["camp"] or pv["camp_jacks"]:
            c.text(24, y + 222 - 44, _("Played:"), size=12)
            for k, slug in enumerate(pv["camp"][:4]):
                c.text(80 + k * 80, y + 222 - 44, _building(slug, lang), size=12,
                       fill=COLOURS[_material_of(slug)])
            if pv["camp_jacks"]:
                c.text(24, y + 222 - 26, _("Jacks played: {count}").format(count=pv["camp_jacks"]), size=12)
        jacks = self.on_client.get((p, "jack"))
        if jacks:
            c.button(24, y + 196, 150, 26, jack_name(self.lang), jacks)
        self.structures_of(y, p, pv["buildings"])
        if p == self.player:
            c.region("camp", 320, y + 6, WIDTH - 340, 30)
            c.region("camp", 16, y + 160, 500, 44)
            c.region("clientele", 16, y + 34, 168, 160)
            c.region("stockpile", 192, y + 34, 330, 58)
            c.region("vault", 192, y + 94, 330, 60)
            c.region("buildings", 532, y + 36, WIDTH - 552, 180)
        return y + PANEL_H

    def structures_of(self, y: float, p: int, buildings: Sequence[Mapping[str, Any]]) -> None:
        c, _, lang = self.canvas, self._, self.lang
        c.text(540, y + 52, _("Structures"), size=13, weight="bold")
        if not buildings:
            c.text(540, y + 78, "–", size=14)
        for k, b in enumerate(buildings[:7]):
            x, top = 540 + k * 104, y + 60
            slug, site = b["name"], b["site"]
            need = VALUE[MATERIAL_INDEX[site]]
            mine = self.on_structure.get((-1, slug)) if p == self.player else None
            acts = (mine or []) + self.on_structure.get((p, slug), [])
            recent = (p, BUILDING_INDEX[slug]) in self.recent
            tip = _card_tip(slug, lang) + "\n" + (
                _("Complete.") if b["complete"] else _("Materials added: {added} of {need}.").format(
                    added=len(b["materials"]), need=need))
            with c.group(actions=acts or None, tip=tip, classes="recent" if recent else "", data_id=slug,
                         data_place=f"structures {p}"):
                c.rect(x, top, 96, 150, fill="#fffdf6" if b["complete"] else "#f1ece0", stroke="#555", rx=6,
                       classes="frame", stroke_dasharray=None if b["complete"] else "5 3")
                c.rect(x, top, 96, 20, fill=COLOURS[_material_of(slug)], rx=6)
                for i, line in enumerate(_wrap(_building(slug, lang), 12)[:2]):
                    c.text(x + 48, top + 38 + 14 * i, line, size=12 if len(line) <= 12 else 10,
                           anchor="middle", weight="bold")
                where = _("out of town") if b["out_of_town"] else _("in town")
                site_words = _wrap(_("{material} site").format(material=_material(site, lang)), 15)[:2]
                for i, line in enumerate([*site_words, where]):
                    c.text(x + 48, top + 68 + 12 * i, line, size=10, anchor="middle")
                if b["complete"]:
                    c.text(x + 48, top + 104, _("complete") + (" · " + _("public") if b["public"] else ""),
                           size=11, anchor="middle", weight="bold", fill="#1a7f37")
                    # the function, in full on hover
                    for i, line in enumerate(_wrap(_function(slug, lang), 19)[:4]):
                        c.text(x + 5, top + 117 + 9 * i, line, size=7.5)
                else:
                    for i in range(need):
                        filled = b["materials"][i] if i < len(b["materials"]) else None
                        c.rect(x + 8 + i * 28, top + 104, 24, 24,
                               fill=COLOURS[filled] if filled else "#ffffff", stroke=COLOURS[site], rx=3)
                    c.text(x + 48, top + 144, f"{len(b['materials'])}/{need}", size=11, anchor="middle")

    def hand(self, y: float) -> float:
        c, _ = self.canvas, self._
        pv = self._mine()
        c.text(20, y + 20,
               _("Your hand ({cards} of {limit})").format(cards=pv["hand_size"], limit=pv["hand_limit"]),
               size=16, weight="bold")
        x = 20.0
        for slug in pv["hand"]:
            self.card(x, y + 32, slug, self.on_hand.get(slug))
            x += CARD_W + 10
        for _jack in range(pv["hand_jacks"]):
            self.jack(x, y + 32, CARD_W, CARD_H, self.on_hand.get("jack"))
            x += CARD_W + 10
        c.region("hand", 12, y + 2, max(x, 200.0), CARD_H + 40)
        return y + CARD_H + 50

    def card(self, x: float, y: float, slug: str, actions: Sequence[str] | None) -> None:
        """An Order card as printed: colour, role, value, the building's name and function."""
        c, lang, m = self.canvas, self.lang, _material_of(slug)
        gives = self.on_hand.get("material:" + m, [])
        with c.group(actions=[*(actions or []), *gives] or None, tip=_card_tip(slug, lang), data_id=slug,
                     data_place="hand"):
            c.rect(x, y, CARD_W, CARD_H, fill="#fffdf6", stroke="#555", rx=8, classes="frame")
            c.rect(x, y, CARD_W, 34, fill=COLOURS[m], rx=8)
            c.text(x + 8, y + 23, _role(_role_of(m), lang), size=13, weight="bold")
            c.text(x + CARD_W - 10, y + 24, str(VALUE[MATERIAL_INDEX[m]]), size=18, anchor="end",
                   weight="bold")
            for i, line in enumerate(_wrap(_building(slug, lang), 16)[:2]):
                c.text(x + CARD_W / 2, y + 56 + 17 * i, line, size=15, anchor="middle", weight="bold")
            c.text(x + CARD_W / 2, y + 92, _material(m, lang), size=12, anchor="middle", fill="#555")
            for i, line in enumerate(_wrap(_function(slug, lang), 24)[:6]):
                c.text(x + 8, y + 112 + 13 * i, line, size=10)

    def bonuses(self, y: float) -> float:
        """Merchant bonuses at the end: the one player with the most of a material in the vault
        (the vaults are turned face up; nobody gets it on a tie)."""
        c, _ = self.canvas, self._
        c.text(20, y + 18, _("Merchant bonuses (+{points} each; nobody on a tie)").format(
            points=MERCHANT_BONUS), size=15, weight="bold")
        for i, m in enumerate(MATERIAL_NAMES):
            counts = [pv["vault"].count(m) for pv in self.view["players"]]
            best = max(counts)
            holders = [p for p, n in enumerate(counts) if n == best and best > 0]
            text = self.lang.player(holders[0]) if len(holders) == 1 else "–"
            c.rect(20 + i * 205, y + 28, 190, 40, fill=COLOURS[m], stroke="#444", rx=6)
            c.text(30 + i * 205, y + 54, f"{_material(m, self.lang)}: {text}", size=13)
        return y + 80

    def draw(self) -> Svg:
        y = self.header(0)
        y = self.canvas.news(y, self.view, self.player, DOMAIN, self.lang)
        y = self.sites(y)
        y = self.pool(y)
        if "hand" in self._mine():
            y = self.hand(y)
        if self.buttons:
            y = self.canvas.button_row(
                y, [(describe(Action.from_notation(n), None, self.lang), n) for n in self.buttons])
        for p, pv in enumerate(self.view["players"]):
            y = self.panel(y, p, pv)
        if self.view["over"]:
            y = self.bonuses(y)
        self.canvas.height = y + 10
        return self.canvas.svg()


def svg(view: Mapping[str, Any], player: int | None, locale: LangLike = None) -> str:
    """The table ``player`` (None: a spectator) sees, as SVG, in ``locale`` (a board view: see
    :func:`ludus.core.board.board_view`)."""
    return _Table(view, player, as_lang(locale).for_domain(DOMAIN)).draw()
