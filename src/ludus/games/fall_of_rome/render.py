"""Plain-text rendering of a Fall of Rome view: the map as a table, tracks, hands."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_SHORT = {"orange": "O", "black": "K", "green": "G", "white": "W", "blue": "B"}


def _cubes(cubes: Mapping[str, int]) -> str:
    return " ".join(f"{_SHORT[c]}{n}" for c, n in cubes.items())


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
    role = view.get("current_role")
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
            f"{'fort' if row['fort'] else '':<5}{', '.join(row['pawns'])}"
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
        lines.append(f"{marker} {pawn['role']:<19} seat {pawn['seat']}  in {city}")
    for seat, hand in enumerate(view["hands"]):
        mine = " (you)" if player == seat else ""
        lines.append(f"Hand {seat}{mine} [{len(hand)}]: {', '.join(hand) or '-'}")
    if view["treasury"]:
        lines.append(f"Treasury: {', '.join(view['treasury'])}")
    deck = view["player_deck"]
    lines.append(
        f"Player deck {deck['size']} (piles {deck['piles']}, Revolts {deck['revolts']})"
        + (f", known top: {', '.join(deck['known_top'])}" if deck["known_top"] else "")
        + f"; discard {len(view['player_discard'])}"
    )
    bsize = sum(seg["size"] for seg in view["barbarian_deck"])
    lines.append(f"Barbarian deck {bsize}; discard: {', '.join(view['barbarian_discard']) or '-'}")
    if view["vestalis_deck"]:
        lines.append(f"Vestalis's event deck: {view['vestalis_deck']}")
    for p in view["pending"]:
        lines.append(f"Deciding: {p['k']}" + (f" ({p.get('e')})" if p["k"] == "ev" else "") + f", seat {p['who']}")
    if view["result"]:
        lines.append("")
        lines.append("Result: " + ("the players win!" if view["result"] == "win" else view["result"]))
    return "\n".join(lines)
