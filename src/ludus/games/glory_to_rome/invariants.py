"""Conservation: no card, Jack or site is ever created or lost.

Every Order card is in exactly one place; the six Jacks are in the pile, in hands or
in camps; the 36 sites are in town, out of town, out of play, in influence rows or
under foundations.
"""

from __future__ import annotations

from ludus.games.glory_to_rome.components import N_CARDS, N_JACKS, SITES_PER_MATERIAL
from ludus.games.glory_to_rome.decisions import GtrData


def card_places(s: GtrData) -> list[int]:
    """Every Order card id, from every place it can be."""
    out = s.deck + s.pool + s.removed
    for p in range(s.n):
        out += s.hands[p] + s.clients[p] + s.stock[p] + s.vault[p] + s.camp[p]
        for st in s.buildings[p]:
            out.append(st.card)
            out += st.materials
    if s.fountain >= 0:
        out.append(s.fountain)
    return out


def sites(s: GtrData) -> int:
    """Sites counted in every place they can be."""
    total = sum(s.in_town) + sum(s.out_town) + sum(s.sites_removed)
    for p in range(s.n):
        total += len(s.inf_sites[p]) + sum(1 for st in s.buildings[p] if not st.complete)
    return total


def violations(s: GtrData) -> list[str]:
    """One line per broken invariant (empty when all hold)."""
    out = []
    cards = card_places(s)
    if len(cards) != N_CARDS or len(set(cards)) != N_CARDS:
        missing = sorted(set(range(N_CARDS)) - set(cards))
        twice = sorted({c for c in cards if cards.count(c) > 1})
        out.append(f"Order cards: {len(cards)} in play, missing {missing}, twice {twice}")
    jacks = s.jack_pile + sum(s.hand_jacks) + sum(s.camp_jacks)
    if jacks != N_JACKS:
        out.append(f"Jacks: {jacks}, not {N_JACKS}")
    if sites(s) != 6 * SITES_PER_MATERIAL:
        out.append(f"sites: {sites(s)}, not {6 * SITES_PER_MATERIAL}")
    return out
