"""Plain-text rendering of a Glory to Rome view for the terminal."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ludus.games.glory_to_rome.components import MATERIAL_INDEX, VALUE


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
    return f"{b['name']} ({where}{b['site']} site, {status}){mats}"


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
    lines.append(f"Pool: {_counted(view['pool'])}")
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
            lines.append(f"  Hand ({pv['hand_size']}/{pv['hand_limit']}): {_counted(pv['hand'])}{jacks}")
        else:
            lines.append(f"  Hand: {pv['hand_size']} cards ({pv['hand_jacks']} Jack(s))")
        lines.append(f"  Camp (played): {_counted(pv['camp'])}" + (f" + {pv['camp_jacks']} Jack(s)" if pv["camp_jacks"] else ""))
        lines.append(f"  Clientele ({len(pv['clientele'])}/{pv['clientele_limit']}): {_counted(pv['clientele'])}")
        lines.append(f"  Stockpile: {_counted(pv['stockpile'])}")
        known = [m for m in pv["vault"] if m != "?"]
        lines.append(f"  Vault ({pv['vault_count']}/{pv['vault_limit']}): known {_counted(known)}")
        for b in pv["buildings"]:
            lines.append(f"  - {_building(b)}")
    return "\n".join(lines)
