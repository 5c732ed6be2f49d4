"""Plain-text rendering of a Trajan view (no colour codes), in the rulebook's words.

The view holds ids (``T19``, ``extra_military``, ``senate-4``, ``B12``); the board shows
what they are (``worker blue+light green 5 VP``, ``Military extra-action tile``,
``doorway 4``, ``religion bonus tile``) and keeps to 80 columns.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from ludus.games.trajan.components import (
    ACTION_NAMES_EN,
    ACTIONS,
    BONUS_INDEX,
    BONUS_NAMES,
    COLOUR_NAMES_EN,
    COLOURS,
    CONSTRUCTION_TILES,
    DEMAND_KINDS,
    FORUM_KIND_INDEX,
    GRID_COLUMNS,
    PROVINCES,
    SHIPS,
    SLOT_NAMES,
    TEXTS,
    TRAJAN_CATEGORIES,
    TRAJAN_INDEX,
    TRAJAN_TILES,
    forum_kind_name,
)

_SHORT = {"yellow": "Y", "orange": "O", "green": "G", "white": "W", "pink": "P", "blue": "B"}
_ACTION = dict(zip(ACTIONS, ACTION_NAMES_EN, strict=True))
_COLOUR = dict(zip(COLOURS, COLOUR_NAMES_EN, strict=True))
_PROVINCE = {p.key: p.en for p in PROVINCES}
_SHIP = {s.key: s.en for s in SHIPS}
_CATEGORY = {c.key: str(TEXTS["trajan_categories"][c.key]["name"]).removesuffix(" Trajan tile")
             for c in TRAJAN_CATEGORIES}
_BUILDING = {t.name: f"{TEXTS['construction_short'][ACTIONS[t.action]]} {t.vp}" for t in CONSTRUCTION_TILES}
_WIDTH = 80


def trajan_tile_label(tile_id: str | None, *, category: bool = True) -> str:
    """A Trajan tile id as the board shows it: category (a demand tile's demand), colours, VP.

    >>> trajan_tile_label("T19")
    'worker blue+light green 5 VP'
    >>> trajan_tile_label("T54", category=False)
    'religion: white+white 1 VP'
    """
    if tile_id is None:
        return "-"
    t = TRAJAN_TILES[TRAJAN_INDEX[tile_id]]
    a, b = (COLOUR_NAMES_EN[c] for c in t.colours)
    kind = DEMAND_KINDS[t.demand] if t.demand >= 0 else _CATEGORY[TRAJAN_CATEGORIES[t.category].key]
    if not category:
        return f"{kind}: {a}+{b} {t.vp} VP" if t.demand >= 0 else f"{a}+{b} {t.vp} VP"
    return f"{kind} {a}+{b} {t.vp} VP"


def _forum(key: str | None) -> str:
    return "-" if key is None else forum_kind_name(FORUM_KIND_INDEX[key])


def _bonus(ids: list[str]) -> str:
    return ", ".join(BONUS_NAMES[BONUS_INDEX[b]].removesuffix(" bonus tile") for b in ids) or "-"


def _markers(tray: Mapping[str, int]) -> str:
    return "".join(_SHORT[c] * n for c, n in tray.items()) or "."


def _counts(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{k}×{v}" if v > 1 else k for k, v in counts.items()) or "-"


def _wrapped(text: str, indent: str = "    ") -> list[str]:
    return textwrap.wrap(text, _WIDTH, subsequent_indent=indent, break_on_hyphens=False)


def _board(view: Mapping[str, Any]) -> list[str]:
    lines: list[str] = []
    lines += _wrapped(f"senate bonus tiles: {_bonus(view['senate_bonus'])}   bonus bag: {len(view['bonus_bag'])}")
    ships = ", ".join(f"{_SHIP[s['ship']]} ({'grey' if s['grey'] else 'coloured'})" for s in view["ships"])
    lines += _wrapped(f"ships: {ships}")
    tops = [pile[-1] if pile else "-" for pile in view["discard_piles"]]
    lines.append(f"commodities: draw pile {view['draw_pile']}, discard piles: left {tops[0]} "
                 f"({len(view['discard_piles'][0])}), right {tops[1]} ({len(view['discard_piles'][1])})")
    known = view.get("draw_pile_known")
    if known is not None:
        # ruling 26: the pile was rebuilt from the face-up discards
        cards = " ".join(f"{c}:{k}" for c, k in sorted(known.items())) or "-"
        lines += _wrapped(f"  rebuilt pile's cards (with those drawn into other hands): {cards}")
    lines.append("Trajan stacks (top tile, tiles left):")
    for s in view["trajan_stacks"]:
        top = trajan_tile_label(s["top"], category=False) if "top" in s else "face down" if s["size"] else "empty"
        lines.append(f"  {_CATEGORY[s['category']]:<13} {top} ({s['size']})")
    extra = ", ".join(_ACTION[k] if k else "-" for k in view["forum_extra"])
    forum = ", ".join(_forum(k).removesuffix(" tile") for k in view["forum"] if k)
    lines += _wrapped(f"forum: extra-action tiles {extra}; tiles: {forum or '-'}   "
                      f"(forum deck {view['forum_deck']}, extra-action deck {view['extra_deck']})")
    lines.append("provinces (VP, forum tile, legionnaires, leaders):")
    for prov in view["provinces"]:
        legion = ",".join(str(p) for p in prov["legionnaires"]) or "-"
        leaders = [str(i) for i, p in enumerate(view["players"]) if p["leader"] == prov["province"]]
        lines.append(f"  {_PROVINCE[prov['province']]:<18} {prov['vp']:>2} VP  {_forum(prov['tile']):<27} "
                     f"{legion:<7} {','.join(leaders) or '-'}")
    lines.append("construction area (tile, workers):")
    grid = view["construction"]
    for row in range(0, len(grid), GRID_COLUMNS):
        cells = []
        for cell in grid[row:row + GRID_COLUMNS]:
            workers = "".join(str(p) for p in cell["workers"])
            cells.append(f"{_BUILDING[cell['tile']] if cell['tile'] else '.':<11}{workers:<4}")
        lines.append("  " + "".join(cells).rstrip())
    return lines


def _seat(i: int, p: Mapping[str, Any], view: Mapping[str, Any], player: int | None) -> list[str]:
    mark = ">" if i == view["current"] else " "
    leader = "camp" if p["leader"] == "camp" else _PROVINCE[p["leader"]]
    lines = [f"{mark}seat {i}{' (you)' if i == player else ''}: {p['vp']} VP  senate {p['senate']}  "
             f"supply {p['supply']}  military camp {p['military_camp']}  worker camp {p['worker_camp']}",
             f"     leader: {leader}"]
    for slot in range(6):
        arch = " <arch" if p["arch"] == slot else ""
        tray = p["trays"][ACTIONS[slot]]
        lines.append(f"     {SLOT_NAMES[slot]:>3} {ACTION_NAMES_EN[slot]:<12} {_markers(tray):<8} "
                     f"{trajan_tile_label(p['trajan_slots'][slot])}{arch}")
    if p["arch"] < 0:
        lines.append("     arch in the centre (all slots full)")
    hand = _counts(p["hand"]) if "hand" in p else f"{p['hand_size']} cards"
    lines += _wrapped(f"     hand: {hand}", "       ")
    lines += _wrapped(f"     display: {_counts(p['display'])}", "       ")
    forum = ", ".join(_forum(k) for k in p["forum_tiles"]) or "-"
    extra = ", ".join(_ACTION[a] for a in p["extra_tiles"]) or "-"
    plus2 = ", ".join(_ACTION[a] for a in p["plus2"]) or "-"
    lines += _wrapped(f"     forum tiles: {forum}", "       ")
    lines += _wrapped(f"     extra-action tiles: {extra}   [+2] on: {plus2}", "       ")
    demand = ", ".join(trajan_tile_label(t) for t in p["demand_trajan_tiles"]) or "-"
    lines += _wrapped(f"     demand Trajan tiles: {demand}", "       ")
    buildings = ", ".join(_BUILDING[t] for t in p["construction_tiles"]) or "-"
    lines += _wrapped(f"     construction tiles: {buildings}", "       ")
    lines += _wrapped(f"     bonus tiles: yellow {_bonus(p['bonus_yellow'])}; grey {_bonus(p['bonus_grey'])}",
                      "       ")
    return lines


def render(view: Mapping[str, Any], player: int | None) -> str:
    """The board as text: action circles, time track, senate, provinces, forum,
    construction area, hands, tiles held and VP."""
    t = view["time"]
    who = view["to_move"]
    lines = [
        f"TRAJAN  quarter {view['quarter']}/4  round {view['round']}/4  "
        f"time {t['position']}/{t['lap']}{' (round ends after this turn)' if t['round_over'] else ''}",
        f"phase: {view['phase'].replace('_', ' ')}  to move: {'-' if who is None else f'seat {who}'}  (turn of seat {view['current']})",
        f"demands revealed: {', '.join(view['demands']) or '-'}",
    ]
    lines += _board(view)
    for i, p in enumerate(view["players"]):
        lines += _seat(i, p, view, player)
    turn = view["turn"]
    if turn["markers_in_hand"]:
        lines.append(f"markers to sow: {_markers(turn['markers_in_hand'])} next tray {_ACTION[turn['sow_tray']]}")
    if turn["load"]:
        lines += _wrapped(f"loading the {_SHIP[turn['ship']]}: {', '.join(turn['load'])}")
    return "\n".join(lines)


_MARKER_STYLE = {"yellow": "yellow", "orange": "dark_orange", "green": "green", "white": "bright_white",
                 "pink": "hot_pink", "blue": "blue"}
PALETTE: dict[str, str] = {
    # the six colours of the action markers (the rulebook's "light green" is our green), and their
    # initials on a player's circle
    **_MARKER_STYLE, "light green": "green",
    **{_SHORT[colour]: style for colour, style in _MARKER_STYLE.items()},
}
"""Marker colours for the terminal (words, and the initials of :func:`render_seat`)."""


def _spaced(tray: Mapping[str, int]) -> str:
    return " ".join(_SHORT[c] for c, n in tray.items() for _ in range(n)) or "."


def render_seat(view: Mapping[str, Any], player: int) -> str:
    """What the seat needs at every decision: time and scores, its action circle (markers
    by colour initial, Trajan tiles), hand, display and tiles; the whole table is :func:`render`."""
    t = view["time"]
    me = view["players"][player]
    scores = " ".join(f"{p['vp']}" for p in view["players"])
    lines = [f"Quarter {view['quarter']}/4 · round {view['round']}/4 · time {t['position']}/{t['lap']} · "
             f"seat {view['current']}'s turn · VP by seat: {scores}"]
    circle = []
    for slot in range(6):
        arch = "^" if me["arch"] == slot else ""
        circle.append(f"{SLOT_NAMES[slot]} {ACTION_NAMES_EN[slot]}{arch} {_spaced(me['trays'][ACTIONS[slot]])}")
    lines += _wrapped("Your circle: " + " · ".join(circle), "  ")
    tiles = [f"{SLOT_NAMES[s]} {trajan_tile_label(tile)}" for s, tile in enumerate(me["trajan_slots"]) if tile]
    if tiles:
        lines += _wrapped("Trajan tiles: " + " · ".join(tiles), "  ")
    leader = "camp" if me["leader"] == "camp" else _PROVINCE[me["leader"]]
    lines += _wrapped(f"Hand: {_counts(me.get('hand', {}))} · display: {_counts(me['display'])} · senate "
                      f"{me['senate']} · supply {me['supply']} · camps: military {me['military_camp']}, worker "
                      f"{me['worker_camp']} · leader: {leader}", "  ")
    held = [f"forum {', '.join(_forum(k) for k in me['forum_tiles'])}" if me["forum_tiles"] else "",
            f"extra-action {', '.join(_ACTION[a] for a in me['extra_tiles'])}" if me["extra_tiles"] else "",
            f"[+2] on {', '.join(_ACTION[a] for a in me['plus2'])}" if me["plus2"] else "",
            f"construction {', '.join(_BUILDING[c] for c in me['construction_tiles'])}"
            if me["construction_tiles"] else "",
            f"bonus {_bonus(me['bonus_yellow'] + me['bonus_grey'])}" if me["bonus_yellow"] or me["bonus_grey"] else ""]
    if any(held):
        lines += _wrapped("Your tiles: " + " · ".join(h for h in held if h), "  ")
    turn = view["turn"]
    if turn["markers_in_hand"] and any(turn["markers_in_hand"].values()):
        lines.append(f"Markers to sow: {_spaced(turn['markers_in_hand'])}, next tray {_ACTION[turn['sow_tray']]}")
    return "\n".join(lines)
