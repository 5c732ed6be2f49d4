"""Plain-text rendering of a Fall of Rome view: the board as a table, tracks, hands, the
public discard piles; and the map itself (:func:`render_map`)."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from ludus.games.fall_of_rome.components import (
    CITIES,
    COLOURS,
    NEIGHBOURS,
    NODES,
    PORT,
    TRIBES,
    card_name,
    word,
)

_SHORT = {"orange": "O", "black": "K", "green": "G", "white": "W", "blue": "B"}


def _cubes(cubes: Mapping[str, int]) -> str:
    return " ".join(f"{_SHORT[c]}{n}" for c, n in cubes.items())


def _names(tokens: list[str]) -> str:
    return ", ".join(map(word, tokens)) or "-"


def render(view: Mapping[str, Any], player: int | None) -> str:
    """The board as a table of cities (cubes, legions, forts, pawns), then the tracks,
    supplies, alliances, hands, decks and what is being decided.

    Cube colours: O orange (Anglo-Saxons & Franks), K black (Vandals), G green (Huns),
    W white (Visigoths), B blue (Ostrogoths).
    """
    lines: list[str] = []
    title = "Pandemic: Fall of Rome"
    if view.get("solo"):
        title += " — solitaire"
    if view.get("roma_caput_mundi"):
        title += " — Roma Caput Mundi"
    lines.append(title)
    role = word(view["current_role"]) if view.get("current_role") else None
    lines.append(
        f"Turn {view['turn']}  phase: {view['phase']}  current: {role}  actions left: {view['actions_left']}"
        f"  to move: {', '.join(map(str, view['to_move'])) or '-'}"
    )
    lines.append("")
    lines.append(f"{'City':<17}{'Barbarians':<22}{'Legions':>7}  {'Fort':<5}Pawns")
    for row in view["board"]:
        if not (row["cubes"] or row["legions"] or row["fort"] or row["pawns"]):
            continue
        lines.append(
            f"{row['city'].replace('_', ' '):<17}{_cubes(row['cubes']):<22}{row['legions'] or '':>7}  "
            f"{'fort' if row['fort'] else '':<5}{', '.join(map(word, row['pawns']))}"
        )
    lines.append("")
    lines.append(
        f"Invasion track {view['invasion_track']}/8 (invasion rate {view['invasion_rate']}, "
        f"recruitment rate {view['recruitment_rate']})   Decline {view['decline']}/8"
    )
    supply = "  ".join(f"{_SHORT[c]} {n}" for c, n in view["supply"].items())
    lines.append(
        f"Supply: {supply}   legions {view['legion_reserve']}   forts {view['fort_supply']}"
    )
    allied = ", ".join(view["allied"]) or "none"
    lines.append(f"Alliances: {allied}")
    lines.append("")
    for i, pawn in enumerate(view["pawns"]):
        marker = ">" if i == view["current_pawn"] else " "
        city = (pawn["city"] or "-").replace("_", " ")
        lines.append(f"{marker} {word(pawn['role']):<19} seat {pawn['seat']}  in {city}")
    for seat, hand in enumerate(view["hands"]):
        mine = " (you)" if player == seat else ""
        lines.append(f"Hand {seat}{mine} [{len(hand)}]: {_names(hand)}")
    if view["treasury"]:
        lines.append(f"Treasury: {_names(view['treasury'])}")
    deck = view["player_deck"]
    lines.append(
        f"Player deck {deck['size']} (piles {deck['piles']}, Revolts {deck['revolts']})"
        + (f", known top: {_names(deck['known_top'])}" if deck["known_top"] else "")
    )
    # public: "Gracze mogą w dowolnej chwili przeglądać każdy ze stosów kart odrzuconych"
    lines.append(f"Player discard [{len(view['player_discard'])}]: {_names(view['player_discard'])}")
    bsize = sum(seg["size"] for seg in view["barbarian_deck"])
    lines.append(f"Barbarian deck {bsize}; discard [{len(view['barbarian_discard'])}]: "
                 f"{_names(view['barbarian_discard'])}")
    if view["vestalis_deck"]:
        lines.append(f"Vestalis's event deck: {view['vestalis_deck']}")
    for p in view["pending"]:
        what = f" ({card_name(int(p['e']))})" if p["k"] == "ev" else ""
        lines.append(f"Deciding: {p['k']}{what}, seat {p['who']}")
    if view["result"]:
        lines.append("")
        lines.append("Result: " + ("the players win!" if view["result"] == "win" else view["result"]))
    return "\n".join(lines)


def render_map(view: Mapping[str, Any], width: int = 80) -> str:
    """The map as a compact listing: each city with its colours, whether it is a port (Sail
    goes from any port to any other), its roads, the migration paths into it (tribe colour
    from the previous city, or from the tribe's supply space) and, from ``view``, what
    stands there now.
    """
    rows = {row["city"]: row for row in view.get("board", ())}
    lines = ["Map: roads; a port sails to every other port; paths in: a tribe's colour",
             "from the city before it on the path (or from its supply space)."]
    for c, city in enumerate(CITIES):
        paths = ", ".join(
            f"{COLOURS[n.tribe]} from {CITIES[n.parent].name if n.parent >= 0 else 'its supply'}"
            for n in NODES if n.city == c
        )
        row = rows.get(city.name.replace(" ", "_"), {})
        here = [_cubes(row["cubes"])] if row.get("cubes") else []
        here += [f"{row['legions']} legion{'s' if row['legions'] != 1 else ''}"] if row.get("legions") else []
        here += ["fort"] if row.get("fort") else []
        here += [word(p) for p in row.get("pawns", ())]
        text = (f"{city.name} [{'/'.join(COLOURS[t] for t in city.colours)}{', port' if PORT[c] else ''}]"
                f"{' (' + ', '.join(here) + ')' if here else ''}: roads {', '.join(CITIES[n].name for n in NEIGHBOURS[c])}"
                f"; paths {paths or '-'}")
        lines += textwrap.wrap(text, width, subsequent_indent="    ")
    return "\n".join(lines)


_STYLE = {"orange": "dark_orange", "black": "grey50", "green": "green", "white": "bright_white", "blue": "blue"}
PALETTE: dict[str, str] = {
    **_STYLE,
    **{tribe.name: _STYLE[tribe.colour] for tribe in TRIBES},
    **{f"{_SHORT[colour]}{n}": style for colour, style in _STYLE.items() for n in range(1, 10)},
}
"""The tribes' colours for the terminal: colour words, tribe names and cube counts (``O2``)."""
_CITY = {city.name.replace(" ", "_"): city for city in CITIES}


def render_seat(view: Mapping[str, Any], player: int) -> str:
    """What the seat needs at every decision: the turn and tracks, its pawn's city (pieces,
    roads, port), its hand, and the other pawns with their hands (hands are open in this
    co-operative game); the whole table is :func:`render`, the map ``render_map``."""
    role = word(view["current_role"]) if view.get("current_role") else "-"
    lines = [f"Turn {view['turn']} · {view['phase']} · {role}, {view['actions_left']} action"
             f"{'s' if view['actions_left'] != 1 else ''} left · invasion {view['invasion_track']}/8 · "
             f"decline {view['decline']}/8"]
    rows = {row["city"]: row for row in view["board"]}
    for pawn in view["pawns"]:
        if pawn["seat"] != player or pawn["city"] is None:
            continue
        city = _CITY[pawn["city"]]
        row = rows[pawn["city"]]
        here = [_cubes(row["cubes"]) or "no barbarians", f"{row['legions']} legion{'s' if row['legions'] != 1 else ''}"]
        here += ["fort"] if row["fort"] else []
        where = f"{city.name} [{'/'.join(COLOURS[t] for t in city.colours)}{', port' if city.port else ''}]"
        lines += textwrap.wrap(f"{'>' if view['pawns'].index(pawn) == view['current_pawn'] else ' '} "
                               f"{word(pawn['role'])} in {where}: {', '.join(here)}; roads to "
                               f"{', '.join(CITIES[n].name for n in NEIGHBOURS[city.index])}", 80,
                               subsequent_indent="    ")
    lines += textwrap.wrap(f"Your hand [{len(view['hands'][player])}]: {_names(view['hands'][player])}", 80,
                           subsequent_indent="    ")
    for pawn in view["pawns"]:
        if pawn["seat"] != player:
            lines += textwrap.wrap(f"Seat {pawn['seat']}: {word(pawn['role'])} in {(pawn['city'] or '-').replace('_', ' ')}; "
                                   f"hand {_names(view['hands'][pawn['seat']])}", 80, subsequent_indent="    ")
    return "\n".join(lines)
