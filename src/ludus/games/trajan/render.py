"""Plain-text rendering of a Trajan view (no colour codes)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludus.games.trajan.components import (
    ACTIONS,
    COLOURS,
    GRID_COLUMNS,
    SLOT_NAMES,
    TRAJAN_CATEGORIES,
    TRAJAN_INDEX,
    TRAJAN_TILES,
)

_SHORT = {"yellow": "Y", "orange": "O", "green": "G", "white": "W", "pink": "P", "blue": "B"}


def trajan_tile_label(tile_id: str | None) -> str:
    """``T19 C blue+green 5vp`` style label of a Trajan tile id.

    >>> trajan_tile_label("T19")
    'T19 worker blue+green 5vp'
    """
    if tile_id is None:
        return "-"
    t = TRAJAN_TILES[TRAJAN_INDEX[tile_id]]
    a, b = (COLOURS[c] for c in t.colours)
    return f"{t.id} {TRAJAN_CATEGORIES[t.category].key} {a}+{b} {t.vp}vp"


def _markers(tray: Mapping[str, int]) -> str:
    return "".join(_SHORT[c] * n for c, n in tray.items()) or "."


def _counts(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{k}×{v}" if v > 1 else k for k, v in counts.items()) or "-"


def render(view: Mapping[str, Any], player: int | None) -> str:
    """The board as text: action circles, time track, senate, provinces, forum,
    construction area, hands, tiles held and VP."""
    lines: list[str] = []
    t = view["time"]
    who = view["to_move"]
    lines.append(
        f"TRAJAN  quarter {view['quarter']}/4  round {view['round']}/4  "
        f"time {t['position']}/{t['lap']}{' (round ends after this turn)' if t['round_over'] else ''}"
    )
    lines.append(f"phase: {view['phase']}  to move: {'-' if who is None else f'seat {who}'}"
                 f"  (turn of seat {view['current']})")
    lines.append(f"demands revealed: {', '.join(view['demands']) or '-'}")
    lines.append(f"senate bonus tiles: {' '.join(view['senate_bonus']) or '-'}   "
                 f"bonus bag: {len(view['bonus_bag'])}")
    ships = "  ".join(f"{s['ship']}({'grey' if s['grey'] else 'coloured'})" for s in view["ships"])
    lines.append(f"ships: {ships}")
    tops = [pile[-1] if pile else "-" for pile in view["discard_piles"]]
    lines.append(f"commodities: draw pile {view['draw_pile']}, discard left {tops[0]} "
                 f"({len(view['discard_piles'][0])}), right {tops[1]} ({len(view['discard_piles'][1])})")
    known = view.get("draw_pile_known")
    if known is not None:
        # ruling 26: the pile was rebuilt from the face-up discards
        cards = " ".join(f"{c}:{k}" for c, k in sorted(known.items())) or "-"
        lines.append(f"  rebuilt pile's cards (with those drawn into other hands): {cards}")
    stacks = "  ".join(
        f"{s['category']}:{s.get('top', '?') if s['size'] else '-'}({s['size']})" for s in view["trajan_stacks"]
    )
    lines.append(f"Trajan stacks (top): {stacks}")
    forum = " ".join(k or "." for k in view["forum"])
    extra = " ".join(k or "." for k in view["forum_extra"])
    lines.append(f"forum: [{extra}] {forum}   (forum deck {view['forum_deck']}, extra deck {view['extra_deck']})")
    lines.append("provinces:")
    for prov in view["provinces"]:
        legion = ",".join(str(p) for p in prov["legionnaires"]) or "-"
        leaders = [str(i) for i, p in enumerate(view["players"]) if p["leader"] == prov["province"]]
        lines.append(
            f"  {prov['province']:<18} {prov['vp']:>2} VP  tile {prov['tile'] or '-':<18} "
            f"legionnaires {legion:<8} leaders {','.join(leaders) or '-'}"
        )
    lines.append("construction area (tile / workers):")
    grid = view["construction"]
    for row in range(0, len(grid), GRID_COLUMNS):
        cells = []
        for cell in grid[row:row + GRID_COLUMNS]:
            workers = "".join(str(p) for p in cell["workers"])
            cells.append(f"{cell['tile'] or '.':<14}{workers:<4}")
        lines.append("  " + " ".join(cells))
    turn = view["turn"]
    for i, p in enumerate(view["players"]):
        mark = ">" if i == view["current"] else " "
        lines.append(
            f"{mark}seat {i}{' (you)' if i == player else ''}: {p['vp']} VP  senate {p['senate']}  "
            f"supply {p['supply']}  military camp {p['military_camp']}  worker camp {p['worker_camp']}  "
            f"leader {p['leader']}"
        )
        for slot in range(6):
            arch = " <arch" if p["arch"] == slot else ""
            tray = p["trays"][ACTIONS[slot]]
            lines.append(
                f"     {SLOT_NAMES[slot]:>3} {ACTIONS[slot]:<12} {_markers(tray):<8} "
                f"{trajan_tile_label(p['trajan_slots'][slot])}{arch}"
            )
        if p["arch"] < 0:
            lines.append("     arch in the centre (all slots full)")
        hand = _counts(p["hand"]) if "hand" in p else f"{p['hand_size']} cards"
        lines.append(f"     hand: {hand}")
        lines.append(f"     display: {_counts(p['display'])}")
        lines.append(f"     forum tiles: {', '.join(p['forum_tiles']) or '-'}   "
                     f"extra-action tiles: {', '.join(p['extra_tiles']) or '-'}   "
                     f"[+2]: {', '.join(p['plus2']) or '-'}")
        lines.append(f"     demand Trajan tiles: {', '.join(p['demand_trajan_tiles']) or '-'}   "
                     f"construction: {', '.join(p['construction_tiles']) or '-'}")
        lines.append(f"     bonus yellow: {', '.join(p['bonus_yellow']) or '-'}   "
                     f"grey: {', '.join(p['bonus_grey']) or '-'}")
    if turn["markers_in_hand"]:
        lines.append(f"markers to sow: {_markers(turn['markers_in_hand'])} next tray {turn['sow_tray']}")
    if turn["load"]:
        lines.append(f"loading the {turn['ship']} ship: {', '.join(turn['load'])}")
    return "\n".join(lines)
