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

from ludus.core.i18n import Lang

from .components import (
    ATTACK_POTENTIAL,
    ATTRIBUTE_MAX,
    ATTRIBUTES,
    BATHS_BOXES,
    BUILDING_IDS,
    BUILDINGS,
    CIPPI_COLUMN,
    CITIZEN_BOXES,
    CITIZENS,
    COHORT_BOXES,
    COURT_BOXES,
    DIFFICULTY_NAMES,
    DIPLOMAT_FAVOURS,
    DISDAIN_BOXES,
    EN_KEY,
    ENGLISH,
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
    attribute_name,
    box_label,
    building_name,
    card_id_name,
    citizen_name,
    cohort_name,
    column_letter,
    counts_words,
    item_count,
    item_name,
)
from .decisions import pending_words
from .scoring import disdain_penalty

GLADIATOR_BOXES = 6
"""Strength boxes of a gladiator on the sheet (Strength 0–6)."""
_MEDIUM = MEDIUM_GRANARY
_LARGE = LARGE_GRANARY


def _track(filled: int, columns: tuple[int, ...], level: int, lang: Lang) -> str:
    """A track's boxes (``X`` filled, ``.`` open, ``#`` closed column) and its numbers."""
    cells = []
    for i, col in enumerate(columns):
        if i and col != columns[i - 1]:
            cells.append("|")
        cells.append("X" if i < filled else ("." if col < level else "#"))
    boxes = "".join(cells)
    open_ = sum(1 for col in columns if col < level)
    return f"{boxes:<24}" + lang.gettext("{filled}/{total} filled, {open} open").format(
        filled=f"{filled:>2}", total=len(columns), open=open_
    )


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


def _used(boxes: list[int], lang: Lang) -> str:
    """How many boxes hold a Year (used), of all."""
    return lang.gettext("{used}/{total} used").format(used=sum(1 for y in boxes if y), total=len(boxes))


def _items(counts: list[int], lang: Lang) -> str:
    return ", ".join(item_count(i, n, lang) for i, n in enumerate(counts))


def _prospect(card: str | None, lang: Lang) -> str:
    if card is None:
        return "-"
    pc = PLAYER_CARDS[PLAYER_CARD_INDEX[card]]
    return lang.gettext("{name}: Trade Good {good}, pattern {pattern}, income {income}").format(
        name=card_id_name(card, lang), good=pc.good, pattern=pc.pattern, income=counts_words(pc.income, lang)
    )


def _phase(phase: str, lang: Lang) -> str:
    if phase == "choose":
        return lang.gettext("choose")
    if phase == "actions":
        return lang.gettext("actions")
    if phase == "favour":
        return lang.gettext("favour")
    return lang.gettext("over")


def _difficulty(key: str, lang: Lang) -> str:
    return lang.gettext(DIFFICULTY_NAMES[key][EN_KEY]) if key in DIFFICULTY_NAMES else key


def _sheet_buildings(b: Mapping[str, Any], sheet: str, lang: Lang) -> str:
    return " ".join(
        f"[{'X' if b['built'][i] else ' '}] {building_name(k, lang)}"
        for i, k in enumerate(BUILDING_IDS)
        if BUILDINGS[k].sheet == sheet
    )


def _col(label: str) -> str:
    """A sheet row's label in the left column (12 wide, wider when a language needs it)."""
    return f"  {label:<11} "


def render_board(b: Mapping[str, Any], seat: int, lang: Lang = ENGLISH) -> list[str]:
    """The two sheets of one seat: every box drawn, and its numbers (filled, of all, open)."""
    _ = lang.gettext
    level = 1 + b["built"][_MEDIUM] + b["built"][_LARGE]
    out = [
        _("== {seat} ==").format(seat=lang.player(seat)) + (_("  (ended the Year)") if b["done"] else ""),
        "  " + _("Items: {items}").format(items=_items(b["items"], lang)),
        "  "
        + _("Path cards: {cards}").format(cards=", ".join(card_id_name(c, lang) for c in b["paths"]) or "-"),
        "  " + _("Prospect: {prospect}").format(prospect=_prospect(b["prospect"], lang)),
    ]
    if b.get("hand"):
        chosen = (
            "  " + _("(Path chosen: {card})").format(card=card_id_name(b["choice"], lang))
            if b.get("choice")
            else ""
        )
        out.append(
            "  "
            + _("hand: {cards}").format(cards=", ".join(card_id_name(c, lang) for c in b["hand"]))
            + chosen
        )
    if b["pending"]:
        out.append(
            "  "
            + _("to choose first: {choices}").format(
                choices=_("; then ").join(pending_words(t, lang) for t in b["pending"])
            )
        )
    out.append("  " + _("LEFT SHEET"))
    out.append(
        _col(_("Cohorts"))
        + "  ".join(
            f"{cohort_name(c, lang)} {'X' * n}{'.' * (COHORT_BOXES - n)} {n}/{COHORT_BOXES}"
            for c, n in enumerate(b["cohorts"])
        )
    )
    out.append(_col(_("Mining")) + _track(b["mining"], MINING_COLUMN, level, lang))
    out.append(_col(_("Wall Guard")) + _track(b["guard"], GUARD_COLUMN, level, lang))
    training = b["training"] + [0] * (TRAINING_BOXES - len(b["training"]))
    out.append(_col(_("Training")) + f"{_years(training)} {_used(training, lang)}")
    out.append(_col(_("Cippi")) + _track(b["cippi"], CIPPI_COLUMN, level, lang))
    out.append(_col(_("Wall")) + _track(b["wall"], WALL_COLUMN, level, lang))
    out.append(
        _col(_("Fort"))
        + _track(b["fort"], FORT_COLUMN, level, lang)
        + _("; Infrastructure {level}").format(level=INFRASTRUCTURE_AT[b["fort"]])
    )
    prod = "X" * b["production"] + "." * (PRODUCTION_CIRCLES - b["production"])
    forum = b["forum"] + [0] * (FORUM_BOXES - len(b["forum"]))
    out.append(
        _col(_("Production"))
        + f"{prod} {b['production']}/{PRODUCTION_CIRCLES}   "
        + f"{_('Forum')} {_years(forum)} {_used(forum, lang)}"
    )
    out.extend(_wrap(_col(_("Buildings")), _sheet_buildings(b, "left", lang)))
    for a in range(len(ATTRIBUTES)):
        n = b["attrs"][a]
        out.append(_col(attribute_name(a, lang)) + f"{'X' * n}{'.' * (ATTRIBUTE_MAX - n)} {n}")
    final = b["disdain"] - b["disdain_removed"]
    dis = "X" * b["disdain_removed"] + "o" * final + "." * (DISDAIN_BOXES - b["disdain"])
    out.append(
        _col(_("Disdain"))
        + f"{dis} "
        + _("{circled} circled, {removed} crossed out: {final} (-{penalty} VP)").format(
            circled=b["disdain"], removed=b["disdain_removed"], final=final, penalty=disdain_penalty(final)
        )
    )
    out.append("  " + _("RIGHT SHEET"))
    out.extend(_wrap(_col(_("Buildings")), _sheet_buildings(b, "right", lang)))
    for c in range(len(CITIZENS)):
        n = b["citizens"][c]
        out.append(_col(citizen_name(c, lang)) + f"{'X' * n}{'.' * (CITIZEN_BOXES - n)} {n}/{CITIZEN_BOXES}")
    goods = [g for g in b["market"] if g]
    out.append(
        _col(_("Market"))
        + " ".join(f"{h}:{g or '.'}" for h, g in zip(MARKET_HEXAGONS, b["market"], strict=True))
        + "  "
        + _("{goods} goods, {distinct} distinct").format(goods=len(goods), distinct=len(set(goods)))
    )
    out.append(
        _col(_("Theatre"))
        + " ".join(f"{box_label(n, lang)}:{y or '.'}"
                   for n, y in zip(THEATRE_BOXES, b["theatre"], strict=True))
        + f"  {_used(b['theatre'], lang)}"
    )
    for g in range(2):
        st, d = b["strength"][g], b["damage"][g]
        row = "X" * d + "o" * (st - d) + "." * (GLADIATOR_BOXES - st)
        state = (
            _("dead")
            if b["dead"][g]
            else _("Strength {strength}, damage {damage}").format(strength=st, damage=d)
        )
        name = lang.gettext("Red") if g == 0 else lang.gettext("Blue")
        out.append(
            (_col(_("Ludus")) if g == 0 else " " * 14)
            + f"{name:<4} {row} "
            + _("{state}, battles {battles}").format(state=state, battles=_years(b["battles"][g]))
        )
    temples = []
    left = b["temple_filled"]
    for size in TEMPLE_SIZE:
        k = max(0, min(size, left))
        temples.append("X" * k + "." * (size - k))
        left -= size
    out.append(
        _col(_("Temples"))
        + " | ".join(temples)
        + " "
        + _("{filled}/{total}; Favours {gained} gained, {used} used").format(
            filled=b["temple_filled"],
            total=sum(TEMPLE_SIZE),
            gained=b["temple_favours"],
            used=b["temple_used"],
        )
    )
    out.append(
        _col(_("Baths"))
        + " ".join(f"{box_label(n, lang)}:{y or '.'}"
                   for n, y in zip(BATHS_BOXES, b["baths"], strict=True))
        + f"  {_used(b['baths'], lang)}"
    )
    out.append(
        _col(_("Courthouse"))
        + " ".join(f"{box_label(n, lang)}:{y or '.'}"
                   for n, y in zip(COURT_BOXES, b["court"], strict=True))
        + f"  {_used(b['court'], lang)}"
    )
    columns = _("({left}: +1 Servant; {centre}: Builder -> 2 Servants; {right}: Servant -> Builder)")
    out.append(" " * 14 + columns.format(left=column_letter("L", lang), centre=column_letter("C", lang),
                                         right=column_letter("R", lang)))
    dips = [
        f"{cohort_name(c, lang)} {DIPLOMAT_FAVOURS - u}/{DIPLOMAT_FAVOURS}"
        for c, u in zip(b["diplomats"], b["diplomat_used"], strict=True)
    ]
    most = len(SCOUT_PATRICIANS)
    scouts = f"{'X' * b['scouts']}{'.' * (most - b['scouts'])} {b['scouts']}/{most}"
    out.append(
        _col(_("Diplomats"))
        + (_("{diplomats} Favours left").format(diplomats=", ".join(dips)) if dips else "-")
        + f"   {_('Scouts')} {scouts}"
    )
    out.append(
        _col(_("Map"))
        + "".join(MAP_LETTERS[:MAP_COLUMNS])
        + "   "
        + _("{marked}/{total} cells marked").format(
            marked=bin(b["map"]).count("1"), total=MAP_ROWS * MAP_COLUMNS
        )
    )
    key = _("{resource} = Resource, {servant} = Servant").format(
        resource=_map_icon("R", lang), servant=_map_icon("S", lang))
    for r in range(MAP_ROWS):
        row = ""
        for c in range(MAP_COLUMNS):
            i = r * MAP_COLUMNS + c
            row += "X" if b["map"] >> i & 1 else _map_icon(MAP_ICONS[i], lang)
        out.append(f"            {r + 1} {row}" + (f"   {key}" if r == 0 else ""))
    return out


def _map_icon(icon: str, lang: Lang) -> str:
    """A Scouting-map cell's printed icon as one letter of ``lang``: ``"R"`` a Resource, ``"S"`` a
    Servant (``"."`` none)."""
    # Translators: one letter standing for the icon printed in a cell of the Scouting map (the board
    # prints the key "R = Resource, S = Servant" beside the map): the first letter of the word.
    if icon == "R":
        return lang.pgettext("map letter: the Resource icon of a Scouting-map cell", "R")
    if icon == "S":
        return lang.pgettext("map letter: the Servant icon of a Scouting-map cell", "S")
    return icon


def render(view: Mapping[str, Any], player: int | None, lang: Lang = ENGLISH) -> str:
    """The whole table as seen by ``player``, in ``lang``."""
    _ = lang.gettext
    year = view["year"]
    deck = view["fate_deck_size"]
    lines = [
        _("Hadrian's Wall — Year {year}, phase {phase}, difficulty {difficulty}").format(
            year=year,
            phase=_phase(view["phase"], lang),
            difficulty=_difficulty(view["options"]["difficulty"], lang),
        ),
        _("Attack potential (grey flag) {potential}").format(potential=ATTACK_POTENTIAL[max(0, year - 1)]),
        lang.ngettext(
            "Fate deck {n} card, discard {discard}; to move: {seats}",
            "Fate deck {n} cards, discard {discard}; to move: {seats}",
            deck,
        ).format(n=deck, discard=len(view["fate_discard"]), seats=view["to_move"]),
        _("Supply: unlimited Soldiers, Builders, Servants, Civilians and Resources"),
        _("Legend: X filled, o circled, . empty, # closed granary column,"),
        "        " + _("digits = Year written (or Trade Good number)"),
    ]
    if view["year_card"] >= 0:
        card = FATE_CARDS[view["year_card"]]
        lines.append(_("Year card: Fate card {number}").format(number=card.index + 1))
        lines.append("  " + _("income {income}").format(income=counts_words(card.income, lang)))
    for i, card_id in enumerate(view["neutral"]):
        lines.append(
            _("Neutral {code}: {prospect}; items on it: {n}").format(
                code=f"n{i}", prospect=_prospect(card_id, lang), n=view["neutral_items"][i]
            )
        )
    if view["attack"]:
        counts = [0, 0, 0]
        for c in view["attack"]:
            counts[FATE_CARDS[c].attack] += 1
        lines.append(
            _("Pict attack: {cohorts}").format(
                cohorts=", ".join(f"{cohort_name(c, lang)} {counts[c]}" for c in range(3))
            )
        )
    for seat, b in enumerate(view["boards"]):
        lines.extend(render_board(b, seat, lang))
    return "\n".join(_fit(line) for line in lines)


def _fit(line: str, width: int = 80) -> str:
    """``line`` wrapped to ``width`` columns, its continuation indented under its text."""
    if len(line) <= width:
        return line
    indent = " " * (len(line) - len(line.lstrip()) + 4)
    return "\n".join(textwrap.wrap(line, width, subsequent_indent=indent))


def render_seat(view: Mapping[str, Any], player: int, lang: Lang = ENGLISH) -> str:
    """What the seat needs at every decision, with raw numbers: the Year and attack, its
    items, cards and hand, attributes, Disdain, the filled boxes of its main tracks, and a
    line per other seat (the whole table, both sheets, is :func:`render`)."""
    _ = lang.gettext
    b = view["boards"][player]
    year = view["year"]
    lines = [
        _("Year {year} · phase {phase} · attack potential {potential} · Fate deck {deck}").format(
            year=year,
            phase=_phase(view["phase"], lang),
            potential=ATTACK_POTENTIAL[max(0, year - 1)],
            deck=view["fate_deck_size"],
        )
    ]
    lines.append(_("Your items: {items}").format(items=_item_numbers(b["items"], lang)))
    cards = _("Path: {paths} · Prospect: {prospect}").format(
        paths=", ".join(card_id_name(c, lang) for c in b["paths"]) or "-",
        prospect=_prospect(b["prospect"], lang),
    )
    if b.get("hand"):
        cards += " · " + _("hand: {cards}").format(cards=", ".join(card_id_name(c, lang) for c in b["hand"]))
    lines += textwrap.wrap(cards, 80, subsequent_indent="  ")
    attrs = " · ".join(f"{attribute_name(a, lang)} {b['attrs'][a]}" for a in range(len(ATTRIBUTES)))
    cohorts = "/".join(str(n) for n in b["cohorts"])
    lines.append(f"{attrs} · {_('Disdain')} {b['disdain'] - b['disdain_removed']} · {_('Cohorts')} {cohorts}")
    tracks = (
        (_("Wall"), "wall"),
        (_("Fort"), "fort"),
        (_("Wall Guard"), "guard"),
        (_("Mining"), "mining"),
        (_("Cippi"), "cippi"),
        (_("Production"), "production"),
        (_("Scouts"), "scouts"),
    )
    lines += textwrap.wrap(
        " · ".join(f"{label} {b[key]}" for label, key in tracks), 80, subsequent_indent="  "
    )
    for seat, other in enumerate(view["boards"]):
        if seat != player:
            line = _("{seat}: {items} · Disdain {disdain}").format(
                seat=lang.player(seat),
                items=_item_numbers(other["items"], lang),
                disdain=other["disdain"] - other["disdain_removed"],
            )
            if other["done"]:
                line += " · " + _("ended the Year")
            lines += textwrap.wrap(line, 80, subsequent_indent="  ")
    return "\n".join(lines)


def _item_numbers(counts: list[int], lang: Lang) -> str:
    """``Soldier 2, Builder 0, ...``: each item's name and how many (no plural to choose)."""
    return ", ".join(f"{item_name(i, lang)} {n}" for i, n in enumerate(counts) if i < len(ITEMS))


def render_map(view: Mapping[str, Any], lang: Lang = ENGLISH) -> None:
    """No map apart from the sheets: the Scouting map is drawn on each sheet by :func:`render`
    (the ``map`` command says the game has none)."""
    return None
