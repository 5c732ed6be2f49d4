"""Plain-text rendering of a Hadrian's Wall view: both sheets, the supply, Prospect cards.

Legend: ``X`` filled box, ``o`` circled box (Disdain, gladiator Strength, Favour),
``.`` empty open box, ``#`` an empty box in a closed granary column, digits = the Year
written in a ``#`` box or a Trade Good number. Every track and area also says its numbers
(filled of all, open, used), so a person reads values, not only marks; lines fit 80 columns.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from .components import (
    ATTACK_POTENTIAL,
    ATTRIBUTE_CHOICES,
    ATTRIBUTE_MAX,
    ATTRIBUTE_NAMES,
    ATTRIBUTES,
    BATHS_BOXES,
    BUILDING_IDS,
    BUILDINGS,
    CIPPI_COLUMN,
    CITIZEN_BOXES,
    CITIZEN_NAMES,
    CITIZENS,
    COHORT_BOXES,
    COHORTS,
    DIPLOMAT_FAVOURS,
    DISDAIN_BOXES,
    FATE_CARDS,
    FORT_COLUMN,
    FORUM_BOXES,
    GUARD_COLUMN,
    INFRASTRUCTURE_AT,
    ITEMS,
    LARGE_GRANARY,
    MAP_COLUMNS,
    MAP_ICONS,
    MAP_LETTERS,
    MAP_ROWS,
    MARKET_HEXAGONS,
    MEDIUM_GRANARY,
    MINING_COLUMN,
    PLAYER_CARD_INDEX,
    PLAYER_CARDS,
    PRODUCTION_CIRCLES,
    SCOUT_PATRICIANS,
    TEMPLE_SIZE,
    THEATRE_BOXES,
    TRAINING_BOXES,
    WALL_COLUMN,
    counts_words,
    item_word,
)
from .scoring import disdain_penalty

GLADIATOR_BOXES = 6
"""Strength boxes of a gladiator on the sheet (Strength 0–6)."""
_MEDIUM = MEDIUM_GRANARY
_LARGE = LARGE_GRANARY


def _track(filled: int, columns: tuple[int, ...], level: int) -> str:
    """A track's boxes (``X`` filled, ``.`` open, ``#`` closed column) and its numbers."""
    cells = []
    for i, col in enumerate(columns):
        if i and col != columns[i - 1]:
            cells.append("|")
        cells.append("X" if i < filled else ("." if col < level else "#"))
    boxes = "".join(cells)
    open_ = sum(1 for col in columns if col < level)
    return f"{boxes:<24}{filled:>2}/{len(columns)} filled, {open_} open"


def _wrap(label: str, text: str, width: int = 78) -> list[str]:
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


def _used(boxes: list[int]) -> str:
    """How many boxes hold a Year (used), of all."""
    return f"{sum(1 for y in boxes if y)}/{len(boxes)} used"


def _card(card: str) -> str:
    return PLAYER_CARDS[PLAYER_CARD_INDEX[card]].names["en"]


def _items(counts: list[int]) -> str:
    return ", ".join(f"{n} {item_word(i, n)}" for i, n in enumerate(counts))


def _prospect(card: str | None) -> str:
    if card is None:
        return "-"
    pc = PLAYER_CARDS[PLAYER_CARD_INDEX[card]]
    return f"{pc.names['en']}: Trade Good {pc.good}, pattern {pc.pattern}, income {counts_words(pc.income)}"


def _pending(token: str) -> str:
    """A pending decision in words (its JSON token: see :mod:`.decisions`)."""
    kind, _, rest = token.partition(":")
    if kind == "cohort":
        return "a Cohort box"
    if kind == "attr":
        return "an attribute of choice"
    if kind in ATTRIBUTE_CHOICES:
        return " or ".join(ATTRIBUTE_NAMES[ATTRIBUTES[a]]["en"] for a in ATTRIBUTE_CHOICES[kind])
    if kind == "place":
        return f"turn the {rest} pattern"
    if kind == "shape":
        return f"place the {rest.partition(':')[0]} pattern"
    if kind == "hexagon":
        return f"a Market hexagon for Trade Good {rest.partition(':')[2]}"
    return token


def _sheet_buildings(b: Mapping[str, Any], sheet: str) -> str:
    return " ".join(
        f"[{'X' if b['built'][i] else ' '}] {BUILDINGS[k].names['en']}"
        for i, k in enumerate(BUILDING_IDS) if BUILDINGS[k].sheet == sheet
    )


def render_board(b: Mapping[str, Any], seat: int) -> list[str]:
    """The two sheets of one seat: every box drawn, and its numbers (filled, of all, open)."""
    level = 1 + b["built"][_MEDIUM] + b["built"][_LARGE]
    out = [
        f"== seat {seat} ==" + ("  (ended the Year)" if b["done"] else ""),
        f"  Items: {_items(b['items'])}",
        "  Path cards: " + (", ".join(_card(c) for c in b["paths"]) or "-"),
        "  Prospect: " + _prospect(b["prospect"]),
    ]
    if b.get("hand"):
        chosen = f"  (Path chosen: {_card(b['choice'])})" if b.get("choice") else ""
        out.append("  hand: " + ", ".join(_card(c) for c in b["hand"]) + chosen)
    if b["pending"]:
        out.append("  to choose first: " + "; then ".join(_pending(t) for t in b["pending"]))
    out.append("  LEFT SHEET")
    out.append("  Cohorts     " + "  ".join(
        f"{COHORTS[c].title()} {'X' * n}{'.' * (COHORT_BOXES - n)} {n}/{COHORT_BOXES}" for c, n in enumerate(b["cohorts"])))
    out.append(f"  Mining      {_track(b['mining'], MINING_COLUMN, level)}")
    out.append(f"  Wall Guard  {_track(b['guard'], GUARD_COLUMN, level)}")
    training = b["training"] + [0] * (TRAINING_BOXES - len(b["training"]))
    out.append(f"  Training    {_years(training)} {_used(training)}")
    out.append(f"  Cippi       {_track(b['cippi'], CIPPI_COLUMN, level)}")
    out.append(f"  Wall        {_track(b['wall'], WALL_COLUMN, level)}")
    out.append(f"  Fort        {_track(b['fort'], FORT_COLUMN, level)}; Infrastructure {INFRASTRUCTURE_AT[b['fort']]}")
    prod = "X" * b["production"] + "." * (PRODUCTION_CIRCLES - b["production"])
    forum = b["forum"] + [0] * (FORUM_BOXES - len(b["forum"]))
    out.append(f"  Production  {prod} {b['production']}/{PRODUCTION_CIRCLES}   Forum {_years(forum)} {_used(forum)}")
    out.extend(_wrap("  Buildings   ", _sheet_buildings(b, "left")))
    for a, name in enumerate(ATTRIBUTES):
        n = b["attrs"][a]
        label = ATTRIBUTE_NAMES[name]["en"]
        out.append(f"  {label:<11} {'X' * n}{'.' * (ATTRIBUTE_MAX - n)} {n}")
    final = b["disdain"] - b["disdain_removed"]
    dis = "X" * b["disdain_removed"] + "o" * final + "." * (DISDAIN_BOXES - b["disdain"])
    out.append(f"  Disdain     {dis} {b['disdain']} circled, {b['disdain_removed']} crossed out:"
               f" {final} (-{disdain_penalty(final)} VP)")
    out.append("  RIGHT SHEET")
    out.extend(_wrap("  Buildings   ", _sheet_buildings(b, "right")))
    for c, name in enumerate(CITIZENS):
        n = b["citizens"][c]
        label = CITIZEN_NAMES[name]["en"]
        out.append(f"  {label:<11} {'X' * n}{'.' * (CITIZEN_BOXES - n)} {n}/{CITIZEN_BOXES}")
    goods = [g for g in b["market"] if g]
    out.append("  Market      " + " ".join(f"{h}:{g or '.'}" for h, g in zip(MARKET_HEXAGONS, b["market"], strict=True))
               + f"  {len(goods)} goods, {len(set(goods))} distinct")
    out.append("  Theatre     " + " ".join(f"{n}:{y or '.'}" for n, y in zip(THEATRE_BOXES, b["theatre"], strict=True))
               + f"  {_used(b['theatre'])}")
    for g, name in enumerate(("Red", "Blue")):
        st, d = b["strength"][g], b["damage"][g]
        row = "X" * d + "o" * (st - d) + "." * (GLADIATOR_BOXES - st)
        state = "dead" if b["dead"][g] else f"Strength {st}, damage {d}"
        battles = _years(b["battles"][g])
        out.append(("  Ludus       " if g == 0 else "              ") + f"{name:<4} {row} {state}, battles {battles}")
    temples = []
    left = b["temple_filled"]
    for size in TEMPLE_SIZE:
        k = max(0, min(size, left))
        temples.append("X" * k + "." * (size - k))
        left -= size
    out.append("  Temples     " + " | ".join(temples) + f" {b['temple_filled']}/{sum(TEMPLE_SIZE)}; Favours "
               f"{b['temple_favours']} gained, {b['temple_used']} used")
    out.append("  Baths       " + " ".join(f"{n}:{y or '.'}" for n, y in zip(BATHS_BOXES, b["baths"], strict=True))
               + f"  {_used(b['baths'])}")
    out.append("  Courthouse  " + " ".join(f"{'LCR'[i // 3]}{i % 3 + 1}:{y or '.'}" for i, y in enumerate(b["court"]))
               + f"  {_used(b['court'])}")
    out.append("              (L: +1 Servant; C: Builder -> 2 Servants; R: Servant -> Builder)")
    dips = [f"{COHORTS[c].title()} {DIPLOMAT_FAVOURS - u}/{DIPLOMAT_FAVOURS}"
            for c, u in zip(b["diplomats"], b["diplomat_used"], strict=True)]
    out.append("  Diplomats   " + (", ".join(dips) + " Favours left" if dips else "-") + f"   Scouts {'X' * b['scouts']}"
               f"{'.' * (len(SCOUT_PATRICIANS) - b['scouts'])} {b['scouts']}/{len(SCOUT_PATRICIANS)}")
    out.append("  Map         " + "".join(MAP_LETTERS[:MAP_COLUMNS]) + f"   {bin(b['map']).count('1')}/"
               f"{MAP_ROWS * MAP_COLUMNS} cells marked")
    for r in range(MAP_ROWS):
        row = ""
        for c in range(MAP_COLUMNS):
            i = r * MAP_COLUMNS + c
            row += "X" if b["map"] >> i & 1 else MAP_ICONS[i]
        out.append(f"            {r + 1} {row}")
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
        lines.append(f"Year card: Fate card {card.index + 1}")
        lines.append(f"  income {counts_words(card.income)}")
    for i, card_id in enumerate(view["neutral"]):
        lines.append(f"Neutral n{i}: {_prospect(card_id)}; {view['neutral_items'][i]} on it")
    if view["attack"]:
        counts = [0, 0, 0]
        for c in view["attack"]:
            counts[FATE_CARDS[c].attack] += 1
        lines.append("Pict attack: " + ", ".join(f"{COHORTS[c]} {counts[c]}" for c in range(3)))
    for seat, b in enumerate(view["boards"]):
        lines.extend(render_board(b, seat))
    return "\n".join(_fit(line) for line in lines)


def _fit(line: str, width: int = 80) -> str:
    """``line`` wrapped to ``width`` columns, its continuation indented under its text."""
    if len(line) <= width:
        return line
    indent = " " * (len(line) - len(line.lstrip()) + 4)
    return "\n".join(textwrap.wrap(line, width, subsequent_indent=indent))


def render_seat(view: Mapping[str, Any], player: int) -> str:
    """What the seat needs at every decision, with raw numbers: the Year and attack, its
    items, cards and hand, attributes, Disdain, the filled boxes of its main tracks, and a
    line per other seat (the whole table, both sheets, is :func:`render`)."""
    b = view["boards"][player]
    year = view["year"]
    lines = [f"Year {year} · phase {view['phase']} · attack potential {ATTACK_POTENTIAL[max(0, year - 1)]}"
             f" · Fate deck {view['fate_deck_size']}"]
    lines.append("Your items: " + ", ".join(f"{ITEMS[i].title()} {n}" for i, n in enumerate(b["items"])))
    cards = f"Path: {', '.join(_card(c) for c in b['paths']) or '-'} · Prospect: {_prospect(b['prospect'])}"
    if b.get("hand"):
        cards += f" · hand: {', '.join(_card(c) for c in b['hand'])}"
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
