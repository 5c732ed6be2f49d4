"""Plain-text rendering of a Trajan view (no colour codes), in the rulebook's words and the
reader's language.

The view holds ids (``T19``, ``extra_military``, ``senate-4``, ``B12``); the board shows
what they are (``worker blue+light green 5 VP``, ``Military extra-action tile``,
``doorway 4``, ``religion bonus tile``) and keeps to 80 columns in English. Every word comes
from Trajan's catalogs (``lang`` translates the ``trajan`` domain), the one-letter initials of the
marker colours too (``Y O G W P B`` in English, ``S N Z F R K`` in Hungarian: :func:`.words.marker_initials`).
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from ludus.core.i18n import N_, Lang
from ludus.games.trajan.components import (
    ACTIONS,
    BONUS_INDEX,
    COLOURS,
    COMMODITY_INDEX,
    CONSTRUCTION_TILES,
    ENGLISH,
    FORUM_KIND_INDEX,
    GRID_COLUMNS,
    PROVINCE_INDEX,
    SHIP_KEYS,
    SLOT_NAMES,
    TEXTS,
    TRAJAN_CATEGORIES,
    TRAJAN_INDEX,
    TRAJAN_TILES,
    action_name,
    colour_name,
    commodity_name,
    demand_name,
    forum_kind_name,
    province_name,
    ship_name,
    text_in,
)
from ludus.games.trajan.words import marker_initials

_CATEGORY = {c.key: c.en for c in TRAJAN_CATEGORIES}
"""The short name of each Trajan-tile category for the board (``commodity``, ``victory points``)."""
_BUILDING = {
    t.name: (str(TEXTS["construction_short"][ACTIONS[t.action]]["short"]), t.vp) for t in CONSTRUCTION_TILES
}
_PHASES = {
    "arrange": N_("placing the starting action markers"),
    "deal": N_("taking the starting cards"),
    "choose_trajan": N_("choosing the pre-game Trajan tiles"),
    "take": N_("choosing a tray"),
    "sow": N_("moving action markers"),
    "effect": N_("the Trajan tile's effect"),
    "action": N_("the action"),
    "demands": N_("meeting the people's demands"),
    "consul": N_("the consul chooses a bonus tile"),
    "over": N_("the game is over"),
}
"""What the game waits for, by the view's ``phase``."""
_WIDTH = 80


def _action(key: str, lang: Lang) -> str:
    return action_name(ACTIONS.index(key), lang)


def _colour(key: str, lang: Lang) -> str:
    return colour_name(COLOURS.index(key), lang)


def _province(key: str, lang: Lang) -> str:
    if key == "camp":
        return lang.gettext("military camp")
    return province_name(PROVINCE_INDEX[key], lang)


def _ship(key: str, lang: Lang) -> str:
    return ship_name(SHIP_KEYS.index(key), lang)


def _card(key: str, lang: Lang) -> str:
    return commodity_name(COMMODITY_INDEX[key], lang)


def _building(key: str, lang: Lang) -> str:
    short, vp = _BUILDING[key]
    return f"{lang.gettext(short)} {vp}"


def trajan_tile_label(tile_id: str | None, lang: Lang | None = None, *, category: bool = True) -> str:
    """A Trajan tile id as the board shows it: category (a demand tile's demand), colours, VP.

    >>> trajan_tile_label("T19")
    'worker blue+light green 5 VP'
    >>> trajan_tile_label("T54", category=False)
    'religion: white+white 1 VP'
    """
    if tile_id is None:
        return "-"
    lang = lang or ENGLISH
    t = TRAJAN_TILES[TRAJAN_INDEX[tile_id]]
    a, b = (colour_name(c, lang) for c in t.colours)
    if t.demand >= 0:
        kind = demand_name(t.demand, lang)
    else:
        kind = lang.gettext(_CATEGORY[TRAJAN_CATEGORIES[t.category].key])
    if not category:
        if t.demand >= 0:
            return lang.gettext("{kind}: {a}+{b} {vp} VP").format(kind=kind, a=a, b=b, vp=t.vp)
        return lang.gettext("{a}+{b} {vp} VP").format(a=a, b=b, vp=t.vp)
    return lang.gettext("{kind} {a}+{b} {vp} VP").format(kind=kind, a=a, b=b, vp=t.vp)


def _forum(key: str | None, lang: Lang) -> str:
    return "-" if key is None else forum_kind_name(FORUM_KIND_INDEX[key], lang)


def _bonus(ids: list[str], lang: Lang) -> str:
    names = [text_in(lang, "bonus_names", b, "short") for b in ids if b in BONUS_INDEX]
    return ", ".join(names) or "-"


def _markers(tray: Mapping[str, int], lang: Lang) -> str:
    initials = marker_initials(lang)
    return "".join(initials[c] * n for c, n in tray.items()) or "."


def _counts(counts: Mapping[str, int], lang: Lang) -> str:
    return ", ".join(f"{_card(k, lang)}×{v}" if v > 1 else _card(k, lang) for k, v in counts.items()) or "-"


def _wrapped(text: str, indent: str = "    ") -> list[str]:
    return textwrap.wrap(text, _WIDTH, subsequent_indent=indent, break_on_hyphens=False)


def _board(view: Mapping[str, Any], lang: Lang) -> list[str]:
    _ = lang.gettext
    lines: list[str] = []
    lines += _wrapped(
        _("senate bonus tiles: {tiles}   bonus bag: {bag}").format(
            tiles=_bonus(view["senate_bonus"], lang), bag=len(view["bonus_bag"])
        )
    )
    sides = {True: _("grey side"), False: _("coloured side")}
    ships = ", ".join(f"{_ship(s['ship'], lang)} ({sides[bool(s['grey'])]})" for s in view["ships"])
    lines += _wrapped(_("ships: {ships}").format(ships=ships))
    tops = [_card(pile[-1], lang) if pile else "-" for pile in view["discard_piles"]]
    lines += _wrapped(
        _(
            "commodities: draw pile {draw}, discard piles: left {left} ({left_size}), right {right} "
            "({right_size})"
        ).format(
            draw=view["draw_pile"],
            left=tops[0],
            right=tops[1],
            left_size=len(view["discard_piles"][0]),
            right_size=len(view["discard_piles"][1]),
        )
    )
    known = view.get("draw_pile_known")
    if known is not None:
        # ruling 26: the pile was rebuilt from the face-up discards
        cards = " ".join(f"{_card(c, lang)}:{k}" for c, k in sorted(known.items())) or "-"
        lines += _wrapped(
            "  " + _("rebuilt pile's cards (with those drawn into other hands): {cards}").format(cards=cards)
        )
    lines.append(_("Trajan stacks (top tile, tiles left):"))
    for s in view["trajan_stacks"]:
        if "top" in s:
            top = trajan_tile_label(s["top"], lang, category=False)
        else:
            top = _("face down") if s["size"] else _("empty")
        lines.append(f"  {_(_CATEGORY[s['category']]):<13} {top} ({s['size']})")
    extra = ", ".join(_action(k, lang) if k else "-" for k in view["forum_extra"])
    forum = ", ".join(_forum(k, lang).removesuffix(" tile") for k in view["forum"] if k)
    lines += _wrapped(
        _(
            "forum: extra-action tiles {extra}; tiles: {tiles}   (forum deck {forum_deck}, "
            "extra-action deck {extra_deck})"
        ).format(
            extra=extra, tiles=forum or "-", forum_deck=view["forum_deck"], extra_deck=view["extra_deck"]
        )
    )
    lines.append(_("provinces (VP, forum tile, legionnaires, leaders):"))
    vp = _("VP")
    for prov in view["provinces"]:
        legion = ",".join(str(p) for p in prov["legionnaires"]) or "-"
        leaders = [str(i) for i, p in enumerate(view["players"]) if p["leader"] == prov["province"]]
        lines.append(
            f"  {_province(prov['province'], lang):<18} {prov['vp']:>2} {vp:<3} "
            f"{_forum(prov['tile'], lang):<27} {legion:<7} {','.join(leaders) or '-'}"
        )
    lines.append(_("construction area (tile, workers):"))
    grid = view["construction"]
    for row in range(0, len(grid), GRID_COLUMNS):
        cells = []
        for cell in grid[row : row + GRID_COLUMNS]:
            workers = "".join(str(p) for p in cell["workers"])
            cells.append(f"{_building(cell['tile'], lang) if cell['tile'] else '.':<11}{workers:<4}")
        lines.append("  " + "".join(cells).rstrip())
    return lines


def _seat(i: int, p: Mapping[str, Any], view: Mapping[str, Any], player: int | None, lang: Lang) -> list[str]:
    _ = lang.gettext
    mark = ">" if i == view["current"] else " "
    who = _("{seat} (you)").format(seat=lang.player(i)) if i == player else lang.player(i)
    lines = _wrapped(
        mark
        + _(
            "{who}: {vp} VP  senate {senate}  supply {supply}  military camp {military}  worker camp {worker}"
        ).format(
            who=who,
            vp=p["vp"],
            senate=p["senate"],
            supply=p["supply"],
            military=p["military_camp"],
            worker=p["worker_camp"],
        ),
        "       ",
    )
    lines.append("     " + _("leader: {leader}").format(leader=_province(p["leader"], lang)))
    arch = _("<arch")
    for slot in range(6):
        tray = p["trays"][ACTIONS[slot]]
        lines.append(
            f"     {SLOT_NAMES[slot]:>3} {action_name(slot, lang):<12} {_markers(tray, lang):<8} "
            f"{trajan_tile_label(p['trajan_slots'][slot], lang)}{' ' + arch if p['arch'] == slot else ''}"
        )
    if p["arch"] < 0:
        lines.append("     " + _("arch in the centre (all slots full)"))
    if "hand" in p:
        hand = _counts(p["hand"], lang)
    else:
        hand = lang.ngettext("{n} card", "{n} cards", p["hand_size"]).format(n=p["hand_size"])
    forum = ", ".join(_forum(k, lang) for k in p["forum_tiles"]) or "-"
    extra = ", ".join(_action(a, lang) for a in p["extra_tiles"]) or "-"
    plus2 = ", ".join(_action(a, lang) for a in p["plus2"]) or "-"
    demand = ", ".join(trajan_tile_label(t, lang) for t in p["demand_trajan_tiles"]) or "-"
    buildings = ", ".join(_building(t, lang) for t in p["construction_tiles"]) or "-"
    for text in (
        _("hand: {cards}").format(cards=hand),
        _("display: {cards}").format(cards=_counts(p["display"], lang)),
        _("forum tiles: {tiles}").format(tiles=forum),
        _("extra-action tiles: {tiles}   [+2] on: {actions}").format(tiles=extra, actions=plus2),
        _("demand Trajan tiles: {tiles}").format(tiles=demand),
        _("construction tiles: {tiles}").format(tiles=buildings),
        _("bonus tiles: yellow {yellow}; grey {grey}").format(
            yellow=_bonus(p["bonus_yellow"], lang), grey=_bonus(p["bonus_grey"], lang)
        ),
    ):
        lines += _wrapped("     " + text, "       ")
    return lines


def render(view: Mapping[str, Any], player: int | None, lang: Lang | None = None) -> str:
    """The board as text in ``lang`` (English by default): action circles, time track, senate,
    provinces, forum, construction area, hands, tiles held and VP."""
    lang = lang or ENGLISH
    _ = lang.gettext
    t = view["time"]
    who = view["to_move"]
    head = _("TRAJAN  quarter {quarter}/4  round {round}/4  time {position}/{lap}").format(
        quarter=view["quarter"], round=view["round"], position=t["position"], lap=t["lap"]
    )
    if t["round_over"]:
        head += " " + _("(round ends after this turn)")
    phase = view["phase"]
    lines = _wrapped(head)
    lines += _wrapped(
        _("phase: {phase}  to move: {seat}  (turn of {current})").format(
            phase=_(_PHASES[phase]) if phase in _PHASES else phase,
            seat="-" if who is None else lang.player(who),
            current=lang.player(view["current"]),
        )
    )
    lines += _wrapped(
        _("demands revealed: {demands}").format(
            demands=", ".join(lang.gettext(d) for d in view["demands"]) or "-"
        )
    )
    lines += _board(view, lang)
    for i, p in enumerate(view["players"]):
        lines += _seat(i, p, view, player, lang)
    turn = view["turn"]
    if turn["markers_in_hand"]:
        lines.append(
            _("markers to sow: {markers} next tray {tray}").format(
                markers=_markers(turn["markers_in_hand"], lang), tray=_action(turn["sow_tray"], lang)
            )
        )
    if turn["load"]:
        lines += _wrapped(
            _("loading the {ship}: {cards}").format(
                ship=_ship(turn["ship"], lang),
                cards=", ".join(
                    _card(c, lang) if c != "joker" else _("commodity joker") for c in turn["load"]
                ),
            )
        )
    return "\n".join(lines)


def _spaced(tray: Mapping[str, int], lang: Lang) -> str:
    initials = marker_initials(lang)
    return " ".join(initials[c] for c, n in tray.items() for _ in range(n)) or "."


def render_seat(view: Mapping[str, Any], player: int, lang: Lang | None = None) -> str:
    """What the seat needs at every decision, in ``lang``: time and scores, its action circle
    (markers by colour initial, Trajan tiles), hand, display and tiles; the whole table is :func:`render`."""
    lang = lang or ENGLISH
    _ = lang.gettext
    t = view["time"]
    me = view["players"][player]
    scores = ", ".join(f"{lang.player(i)} {p['vp']}" for i, p in enumerate(view["players"]))
    lines = _wrapped(
        _(
            "Quarter {quarter}/4 · round {round}/4 · time {position}/{lap} · {current}'s turn · "
            "VP by player: {scores}"
        ).format(
            quarter=view["quarter"],
            round=view["round"],
            position=t["position"],
            lap=t["lap"],
            current=lang.player(view["current"]),
            scores=scores,
        ),
        "  ",
    )
    circle = []
    for slot in range(6):
        arch = "^" if me["arch"] == slot else ""
        circle.append(
            f"{SLOT_NAMES[slot]} {action_name(slot, lang)}{arch} {_spaced(me['trays'][ACTIONS[slot]], lang)}"
        )
    lines += _wrapped(_("Your circle: {trays}").format(trays=" · ".join(circle)), "  ")
    tiles = [
        f"{SLOT_NAMES[s]} {trajan_tile_label(tile, lang)}"
        for s, tile in enumerate(me["trajan_slots"])
        if tile
    ]
    if tiles:
        lines += _wrapped(_("Trajan tiles: {tiles}").format(tiles=" · ".join(tiles)), "  ")
    lines += _wrapped(
        _(
            "Hand: {hand} · display: {display} · senate {senate} · supply {supply} · camps: military "
            "{military}, worker {worker} · leader: {leader}"
        ).format(
            hand=_counts(me.get("hand", {}), lang),
            display=_counts(me["display"], lang),
            senate=me["senate"],
            supply=me["supply"],
            military=me["military_camp"],
            worker=me["worker_camp"],
            leader=_province(me["leader"], lang),
        ),
        "  ",
    )
    held = [
        _("forum {tiles}").format(tiles=", ".join(_forum(k, lang) for k in me["forum_tiles"]))
        if me["forum_tiles"]
        else "",
        _("extra-action {actions}").format(actions=", ".join(_action(a, lang) for a in me["extra_tiles"]))
        if me["extra_tiles"]
        else "",
        _("[+2] on {actions}").format(actions=", ".join(_action(a, lang) for a in me["plus2"]))
        if me["plus2"]
        else "",
        _("construction {tiles}").format(
            tiles=", ".join(_building(c, lang) for c in me["construction_tiles"])
        )
        if me["construction_tiles"]
        else "",
        _("bonus {tiles}").format(tiles=_bonus(me["bonus_yellow"] + me["bonus_grey"], lang))
        if me["bonus_yellow"] or me["bonus_grey"]
        else "",
    ]
    if any(held):
        lines += _wrapped(_("Your tiles: {tiles}").format(tiles=" · ".join(h for h in held if h)), "  ")
    turn = view["turn"]
    if turn["markers_in_hand"] and any(turn["markers_in_hand"].values()):
        lines.append(
            _("Markers to sow: {markers}, next tray {tray}").format(
                markers=_spaced(turn["markers_in_hand"], lang), tray=_action(turn["sow_tray"], lang)
            )
        )
    return "\n".join(lines)


def render_map(view: Mapping[str, Any], lang: Lang | None = None) -> None:
    """No map of its own: Trajan's provinces are drawn in :func:`render` (the ``map`` command
    says the game has none)."""
    return None
