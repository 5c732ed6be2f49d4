"""Plain-text rendering of a Glory to Rome view for the terminal."""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ludus.games.glory_to_rome.components import BUILDINGS, MATERIAL_INDEX, VALUE

_EN = {b.slug: b.en for b in BUILDINGS}


def _counted(items: list[str]) -> str:
    if not items:
        return "-"
    return ", ".join(f"{name}×{k}" if k > 1 else name for name, k in sorted(Counter(items).items()))


def _building(b: Mapping[str, Any]) -> str:
    need = VALUE[MATERIAL_INDEX[b["site"]]]
    if b["complete"]:
        status = "complete" + (", public" if b["public"] else "")
    else:
        status = f"{len(b['materials'])}/{need}"
    where = "out-of-town " if b["out_of_town"] else ""
    mats = f" [{', '.join(b['materials'])}]" if b["materials"] else ""
    return f"{_EN.get(b['name'], b['name'])} ({where}{b['site']} site, {status}){mats}"


def render(view: Mapping[str, Any], player: int | None) -> str:
    """Text showing ``view`` as seen by ``player`` (``None`` = spectator).

    >>> import ludus.games.glory_to_rome as gtr
    >>> s = gtr.GAME(players=2).new_state(seed=3)
    >>> "Pool:" in render(s.view(0), 0)
    True
    """
    lines = []
    head = f"Glory to Rome — turn {view['turn'] + 1}, leader: player {view['leader']}"
    if view["role"]:
        head += f", role: {view['role']}"
    lines.append(head)
    if view["over"]:
        lines.append(f"Game over: {view['end_reason']}")
    else:
        lines.append(f"Phase: {view['phase']}; to move: {', '.join(map(str, view['to_move']))}")
    lines.append(f"Pool: {_names(view['pool'])}")
    lines.append(f"Deck: {view['deck_size']} cards; Jacks in pile: {view['jack_pile']}")
    in_town = ", ".join(f"{m} {k}" for m, k in view["sites_in_town"].items())
    out_town = ", ".join(f"{m} {k}" for m, k in view["sites_out_of_town"].items())
    lines.append(f"Sites in town: {in_town}")
    lines.append(f"Sites out of town: {out_town}")
    if view["demands"]:
        lines.append(f"Rome demands: {', '.join(view['demands'])}")
    if view["fountain"]:
        lines.append(f"Fountain card of player {view['fountain']['owner']}: {view['fountain']['card']}")
    for p, pv in enumerate(view["players"]):
        lines.append("")
        mark = " (you)" if p == player else ""
        lead = " [leader]" if p == view["leader"] else ""
        lines.append(f"Player {p}{mark}{lead}: influence {pv['influence']}")
        if "hand" in pv:
            jacks = f" + {pv['hand_jacks']} Jack(s)" if pv["hand_jacks"] else ""
            lines.append(f"  Hand ({pv['hand_size']}/{pv['hand_limit']}): {_names(pv['hand'])}{jacks}")
        else:
            lines.append(f"  Hand: {pv['hand_size']} cards ({pv['hand_jacks']} Jack(s))")
        lines.append(f"  Camp (played): {_names(pv['camp'])}" + (f" + {pv['camp_jacks']} Jack(s)" if pv["camp_jacks"] else ""))
        lines.append(f"  Clientele ({len(pv['clientele'])}/{pv['clientele_limit']}): {_counted(pv['clientele'])}")
        lines.append(f"  Stockpile: {_counted(pv['stockpile'])}")
        known = [m for m in pv["vault"] if m != "?"]
        lines.append(f"  Vault ({pv['vault_count']}/{pv['vault_limit']}): known {_counted(known)}")
        for b in pv["buildings"]:
            lines.append(f"  - {_building(b)}")
    return "\n".join(lines)


PALETTE: dict[str, str] = {
    # the colours of the Order cards (reference/glory_to_rome.md §3): material, role, client
    "rubble": "yellow", "laborer": "yellow",
    "wood": "green", "craftsman": "green",
    "brick": "red", "legionary": "red",
    "concrete": "grey62", "architect": "grey62",
    "stone": "blue", "merchant": "blue",
    "marble": "magenta", "patron": "magenta",  # purple cards
    "jack": "bold",
}
"""Materials, roles and the Jack in the colours of their cards (for the terminal)."""


def _names(items: list[str]) -> str:
    return _counted([_EN.get(i, i) for i in items])


def _titled(items: list[str]) -> str:
    return _counted([i.title() for i in items])


def render_seat(view: Mapping[str, Any], player: int) -> str:
    """What the seat needs at every decision: the turn, the pool, its own area and a line
    per opponent, wrapped to 80 columns (the whole table is :func:`render`)."""
    role = f" · role: {view['role'].title()}" if view["role"] else ""
    lines = [f"Turn {view['turn'] + 1} · leader: seat {view['leader']}{role} · deck {view['deck_size']}"
             f" · Jacks {view['jack_pile']}",
             f"Pool: {_names(view['pool'])}"]
    me = view["players"][player]
    jacks = f" + {me['hand_jacks']} Jack" + ("s" if me["hand_jacks"] > 1 else "") if me["hand_jacks"] else ""
    lines.append(f"Your hand ({me['hand_size']}/{me['hand_limit']}): {_names(me['hand'])}{jacks}")
    known = [m for m in me["vault"] if m != "?"]
    lines.append(f"Influence {me['influence']} · clientele ({len(me['clientele'])}/{me['clientele_limit']}): "
                 f"{_titled(me['clientele'])} · stockpile: {_titled(me['stockpile'])} · "
                 f"vault {me['vault_count']}/{me['vault_limit']}" + (f" ({_titled(known)})" if known else ""))
    if me["buildings"]:
        lines.append("Buildings: " + "; ".join(_building(b) for b in me["buildings"]))
    for p, pv in enumerate(view["players"]):
        if p != player:
            built = ", ".join(_EN.get(b["name"], b["name"]) for b in pv["buildings"]) or "-"
            lines.append(f"Seat {p}: influence {pv['influence']}, hand {pv['hand_size']}, clientele "
                         f"{_titled(pv['clientele'])}, stockpile {len(pv['stockpile'])}; built {built}")
    return "\n".join(wrapped for line in lines for wrapped in textwrap.wrap(line, 80, subsequent_indent="  "))
