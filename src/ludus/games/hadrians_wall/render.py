"""Plain-text rendering of a Hadrian's Wall view: both sheets, the supply, Prospect cards.

Legend: ``X`` filled box, ``o`` circled box (Disdain, gladiator Strength, Favour),
``.`` empty open box, ``#`` an empty box in a closed granary column, digits = the Year
written in a ``#`` box or a Trade Good number.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from .components import (
    ATTACK_POTENTIAL,
    ATTRIBUTES,
    BATHS_BOXES,
    BUILDING_IDS,
    BUILDINGS,
    CIPPI_COLUMN,
    CITIZENS,
    COHORTS,
    FATE_CARDS,
    FORT_COLUMN,
    GUARD_COLUMN,
    INFRASTRUCTURE_AT,
    ITEMS,
    LARGE_GRANARY,
    MAP_COLUMNS,
    MAP_ICONS,
    MAP_ROWS,
    MARKET_HEXAGONS,
    MEDIUM_GRANARY,
    MINING_COLUMN,
    PLAYER_CARD_INDEX,
    PLAYER_CARDS,
    PRODUCTION_CIRCLES,
    TEMPLE_SIZE,
    THEATRE_BOXES,
    WALL_COLUMN,
)

_MEDIUM = MEDIUM_GRANARY
_LARGE = LARGE_GRANARY


def _track(filled: int, columns: tuple[int, ...], level: int) -> str:
    cells = []
    for i, col in enumerate(columns):
        if i and col != columns[i - 1]:
            cells.append("|")
        cells.append("X" if i < filled else ("." if col < level else "#"))
    return "".join(cells)


def _wrap(label: str, text: str, width: int = 76) -> list[str]:
    lines: list[str] = []
    current = label
    for part in text.split(" ["):
        piece = part if part.startswith("[") else "[" + part
        if len(current) + len(piece) + 1 > width and current.strip():
            lines.append(current.rstrip())
            current = " " * len(label)
        current += piece + " "
    lines.append(current.rstrip())
    return lines


def _years(boxes: list[int]) -> str:
    return "[" + " ".join(str(y) if y else "." for y in boxes) + "]"


def _prospect(card: str | None) -> str:
    if card is None:
        return "-"
    pc = PLAYER_CARDS[PLAYER_CARD_INDEX[card]]
    income = " + ".join(f"{n} {ITEMS[i]}" for i, n in enumerate(pc.income) if n)
    return f"{pc.names['en']}, good {pc.good}, pattern {pc.pattern}, {income}"


def render_board(b: Mapping[str, Any], seat: int) -> list[str]:
    """The two sheets of one seat."""
    level = 1 + b["built"][_MEDIUM] + b["built"][_LARGE]
    left_sheet = " ".join(
        f"[{'X' if b['built'][i] else ' '}] {BUILDINGS[k].names['en']}"
        for i, k in enumerate(BUILDING_IDS) if BUILDINGS[k].sheet == "left"
    )
    right_sheet = " ".join(
        f"[{'X' if b['built'][i] else ' '}] {BUILDINGS[k].names['en']}"
        for i, k in enumerate(BUILDING_IDS) if BUILDINGS[k].sheet == "right"
    )
    items = ", ".join(f"{n} {ITEMS[i]}" for i, n in enumerate(b["items"]))
    out = [
        f"== seat {seat} ==" + ("  (ended the Year)" if b["done"] else ""),
        f"  board: {items}",
        "  Path cards: " + (", ".join(b["paths"]) or "-"),
        "  Prospect: " + _prospect(b["prospect"]),
    ]
    if b.get("hand"):
        out.append("  hand: " + ", ".join(b["hand"]) + (f"  (Path chosen: {b['choice']})" if b.get("choice") else ""))
    if b["pending"]:
        out.append("  pending choice: " + ", ".join(b["pending"]))
    out.append("  LEFT SHEET")
    out.append("  Cohorts     " + "  ".join(f"{COHORTS[c]} {'X' * n}{'.' * (6 - n)}" for c, n in enumerate(b["cohorts"])))
    out.append(f"  Mining      {_track(b['mining'], MINING_COLUMN, level)}")
    training = _years(b["training"] + [0] * (5 - len(b["training"])))
    out.append(f"  Wall Guard  {_track(b['guard'], GUARD_COLUMN, level)}  Training {training}")
    out.append(f"  Cippi       {_track(b['cippi'], CIPPI_COLUMN, level)}")
    out.append(f"  Wall        {_track(b['wall'], WALL_COLUMN, level)}")
    out.append(f"  Fort        {_track(b['fort'], FORT_COLUMN, level)}  Infrastructure {INFRASTRUCTURE_AT[b['fort']]}")
    prod = "X" * b["production"] + "." * (PRODUCTION_CIRCLES - b["production"])
    out.append(f"  Production  {prod}   Forum {_years(b['forum'] + [0] * (4 - len(b['forum'])))}")
    out.extend(_wrap("  Buildings   ", left_sheet))
    for a, name in enumerate(ATTRIBUTES):
        n = b["attrs"][a]
        out.append(f"  {name:<11} {'X' * n}{'.' * (25 - n)} {n}")
    dis = "X" * b["disdain_removed"] + "o" * (b["disdain"] - b["disdain_removed"]) + "." * (15 - b["disdain"])
    out.append(f"  Disdain     {dis}   (final {b['disdain'] - b['disdain_removed']})")
    out.append("  RIGHT SHEET")
    out.extend(_wrap("  Buildings   ", right_sheet))
    for c, name in enumerate(CITIZENS):
        n = b["citizens"][c]
        out.append(f"  {name:<11} {'X' * n}{'.' * (9 - n)}")
    out.append("  Market      " + " ".join(f"{h}:{g or '.'}" for h, g in zip(MARKET_HEXAGONS, b["market"])))
    out.append("  Theatre     " + " ".join(f"{n}:{y or '.'}" for n, y in zip(THEATRE_BOXES, b["theatre"])))
    glads = []
    for g, name in enumerate(("red", "blue")):
        s, d = b["strength"][g], b["damage"][g]
        row = "X" * d + "o" * (s - d) + "." * (6 - s)
        glads.append(f"{name} {row}{' dead' if b['dead'][g] else ''} battles {_years(b['battles'][g])}")
    out.append("  Ludus       " + glads[0])
    out.append("              " + glads[1])
    temples = []
    left = b["temple_filled"]
    for size in TEMPLE_SIZE:
        k = max(0, min(size, left))
        temples.append("X" * k + "." * (size - k))
        left -= size
    favours = "X" * b["temple_used"] + "o" * (b["temple_favours"] - b["temple_used"])
    out.append("  Temples     " + " | ".join(temples) + f"   Favours {favours or '-'}")
    out.append("  Baths       " + " ".join(f"{n}:{y or '.'}" for n, y in zip(BATHS_BOXES, b["baths"])))
    out.append("  Courthouse  " + " ".join(f"{'LCR'[i // 3]}{i % 3 + 1}:{y or '.'}" for i, y in enumerate(b["court"])))
    out.append("              (L: +1 Servant; C: Builder -> 2 Servants; R: Servant -> Builder)")
    dips = [f"{COHORTS[c]} {'X' * u}{'o' * (2 - u)}" for c, u in zip(b["diplomats"], b["diplomat_used"])]
    out.append("  Diplomats   " + (", ".join(dips) or "-") + f"   Scouts {'X' * b['scouts']}{'.' * (5 - b['scouts'])}")
    for r in range(MAP_ROWS):
        row = ""
        for c in range(MAP_COLUMNS):
            i = r * MAP_COLUMNS + c
            row += "X" if b["map"] >> i & 1 else MAP_ICONS[i]
        out.append(("  Map         " if r == 0 else "              ") + row)
    return out


def render(view: Mapping[str, Any], player: int | None) -> str:
    """The whole table as seen by ``player``."""
    year = view["year"]
    lines = [
        f"Hadrian's Wall — Year {year}, phase {view['phase']}, difficulty {view['options']['difficulty']}",
        f"Attack potential (grey flag) {ATTACK_POTENTIAL[max(0, year - 1)]}",
        f"Fate deck {view['fate_deck_size']} cards, discard {len(view['fate_discard'])}; to move: {view['to_move']}",
        "Supply: unlimited Soldiers, Builders, Servants, Civilians and Resources",
        "Legend: X filled, o circled, . empty, # closed granary column,",
        "        digits = Year written (or Trade Good number)",
    ]
    if view["year_card"] >= 0:
        card = FATE_CARDS[view["year_card"]]
        income = ", ".join(f"{n} {ITEMS[i]}" for i, n in enumerate(card.income) if n)
        lines.append(f"Year card: Fate card {card.index + 1}")
        lines.append(f"  income {income}")
    for i, card_id in enumerate(view["neutral"]):
        lines.append(f"Neutral n{i}: {_prospect(card_id)}; {view['neutral_items'][i]} on it")
    if view["attack"]:
        counts = [0, 0, 0]
        for c in view["attack"]:
            counts[FATE_CARDS[c].attack] += 1
        lines.append("Pict attack: " + ", ".join(f"{COHORTS[c]} {counts[c]}" for c in range(3)))
    for seat, b in enumerate(view["boards"]):
        lines.extend(render_board(b, seat))
    return "\n".join(lines)


def render_seat(view: Mapping[str, Any], player: int) -> str:
    """What the seat needs at every decision, with raw numbers: the Year and attack, its
    items, cards and hand, attributes, Disdain, the filled boxes of its main tracks, and a
    line per other seat (the whole table, both sheets, is :func:`render`)."""
    b = view["boards"][player]
    year = view["year"]
    lines = [f"Year {year} · phase {view['phase']} · attack potential {ATTACK_POTENTIAL[max(0, year - 1)]}"
             f" · Fate deck {view['fate_deck_size']}"]
    lines.append("Your items: " + ", ".join(f"{ITEMS[i].title()} {n}" for i, n in enumerate(b["items"])))
    cards = f"Path: {', '.join(b['paths']) or '-'} · Prospect: {_prospect(b['prospect'])}"
    if b.get("hand"):
        cards += f" · hand: {', '.join(b['hand'])}"
    lines += textwrap.wrap(cards, 80, subsequent_indent="  ")
    attrs = " · ".join(f"{name.title()} {b['attrs'][a]}" for a, name in enumerate(ATTRIBUTES))
    cohorts = "/".join(str(n) for n in b["cohorts"])
    lines.append(f"{attrs} · Disdain {b['disdain'] - b['disdain_removed']} · Cohorts {cohorts}")
    tracks = (("Wall", "wall"), ("Fort", "fort"), ("Wall Guard", "guard"), ("Mining", "mining"),
              ("Cippi", "cippi"), ("Production", "production"), ("Scouts", "scouts"))
    lines.append(" · ".join(f"{label} {b[key]}" for label, key in tracks))
    for seat, other in enumerate(view["boards"]):
        if seat != player:
            lines += textwrap.wrap(f"Seat {seat}: " + ", ".join(f"{ITEMS[i].title()} {n}" for i, n in enumerate(other["items"]))
                                   + f" · Disdain {other['disdain'] - other['disdain_removed']}"
                                   + (" · ended the Year" if other["done"] else ""), 80, subsequent_indent="  ")
    return "\n".join(lines)
