"""Per-player views (determinization: :mod:`.deal`).

Hidden: the cards in hands (their number and the number of Jacks are public), the
deck order, and vault cards.  A vault card's material is public when it comes
from a stockpile (or a clientele, Colosseum); a card put in from hand (Basilica)
is known to its owner only; a card put in unseen from the deck (Atrium) is known
to nobody, its owner included.  At the end of a scored game every vault is turned
face up.  The Fountain card is seen by its owner only.
Cards revealed for a Legionary demand are public while they are shown (this turn).
"""

from __future__ import annotations

from typing import Any

from ludus.games.glory_to_rome.components import (
    CARD_BUILDING,
    CARD_MATERIAL,
    END_NAMES,
    MATERIAL_NAMES,
    PHASE_NAMES,
    PRISON_ROLE,
    ROLE_NAMES,
    SLUGS,
    THINKER,
    VIS_PUBLIC,
)
from ludus.games.glory_to_rome.decisions import GtrData
from ludus.games.glory_to_rome.rules import to_move
from ludus.games.glory_to_rome.state import clientele_limit, hand_limit, influence, vault_limit


def _names(cards: list[int]) -> list[str]:
    return [SLUGS[CARD_BUILDING[c]] for c in cards]


def _materials(cards: list[int]) -> list[str]:
    return [MATERIAL_NAMES[CARD_MATERIAL[c]] for c in cards]


def _role_name(role: int) -> str:
    if role == THINKER:
        return "thinker"
    if role == PRISON_ROLE:
        return "prison"
    return ROLE_NAMES[role] if role >= 0 else ""


def vaults_shown(s: GtrData) -> bool:
    """Whether every vault is face up: at the end of a scored game (PL "Na koniec gry
    wszyscy gracze odsłaniają zawartość swoich skarbców"); a Forum win or a concession
    is not scored."""
    return bool(s.over) and not s.forum_winners


def _colosseum(s: GtrData) -> list[Any]:
    c = s.colosseum
    if c is None:
        return []
    pairs = c.pairs
    return [c.who, *([pairs[i], ROLE_NAMES[pairs[i + 1]]] for i in range(0, len(pairs), 2))]


def view(s: GtrData, player: int | None) -> dict[str, Any]:
    """What ``player`` (``None`` = spectator) may see, JSON-ready.

    Every place lists its cards in the order the state keeps them (the pool's order decides
    which card of a material a take removes, the hand's which card a demand reveals): the
    order is public, or known to the hand's owner, and :func:`.deal.determinize` keeps it.
    """
    players = []
    shown = vaults_shown(s)
    for p in range(s.n):
        me = player == p
        vault = []
        for c, vis in zip(s.vault[p], s.vault_vis[p]):
            vault.append(MATERIAL_NAMES[CARD_MATERIAL[c]] if shown or vis in (VIS_PUBLIC, player) else "?")
        buildings = [
            {
                "name": SLUGS[CARD_BUILDING[st.card]],
                "site": MATERIAL_NAMES[st.site],
                "out_of_town": st.out,
                "materials": [MATERIAL_NAMES[CARD_MATERIAL[c]] for c in st.materials],
                "complete": st.complete,
                "public": st.public,
            }
            for st in s.buildings[p]
        ]
        fresh = set(s.fresh[p])
        entry: dict[str, Any] = {
            "influence": influence(s, p),
            "influence_sites": [MATERIAL_NAMES[m] for m in s.inf_sites[p]],
            "hand_size": len(s.hands[p]) + s.hand_jacks[p],
            "hand_jacks": s.hand_jacks[p],
            "hand_limit": hand_limit(s, p),
            "clientele": [ROLE_NAMES[CARD_MATERIAL[c]] for c in s.clients[p]],
            "new_clients": [ROLE_NAMES[CARD_MATERIAL[c]] for c in s.clients[p] if c in fresh],
            "clientele_limit": clientele_limit(s, p),
            "stockpile": _materials(s.stock[p]),
            "vault_count": len(s.vault[p]),
            "vault": vault,
            "vault_limit": vault_limit(s, p),
            "buildings": buildings,
            "camp": _names(s.camp[p]),
            "camp_jacks": s.camp_jacks[p],
            "units": s.units[p],
            "revealed": _names([c for c in s.revealed[p] if c in s.hands[p]]),
            "did_craftsman": bool(s.did_craft[p]),
        }
        if me:
            entry["hand"] = _names(s.hands[p])
        players.append(entry)
    fountain: dict[str, Any] | None = None
    if s.fountain >= 0:
        owner = s.stack[-1].who
        fountain = {"owner": owner, "card": SLUGS[CARD_BUILDING[s.fountain]] if owner == player else "?"}
    return {
        "game": "glory-to-rome",
        "viewer": player,
        "players": players,
        "pool": _names(s.pool),
        "deck_size": len(s.deck),
        "out_of_play": len(s.removed),
        "jack_pile": s.jack_pile,
        "sites_in_town": {MATERIAL_NAMES[m]: s.in_town[m] for m in range(6)},
        "sites_out_of_town": {MATERIAL_NAMES[m]: s.out_town[m] for m in range(6)},
        "leader": s.leader,
        "turn": s.turn,
        "phase": PHASE_NAMES[s.phase],
        "role": _role_name(s.role),
        "to_move": list(to_move(s)),
        "petition": [MATERIAL_NAMES[s.petition.material] if s.petition.material >= 0 else None, s.petition.left,
                     ROLE_NAMES[s.petition.role]]
        if s.petition is not None else [],
        "palace_open": bool(s.palace_open),
        "pre_think": s.pre_think,
        "frames": [
            {"player": f.who, "role": _role_name(f.role), "left": f.left, "open": f.open, "kind": int(f.kind),
             "client_actions": f.granted, "doubled": bool(f.cm)}
            for f in s.stack
        ],
        "demands": [MATERIAL_NAMES[d.material] + ("" if d.from_pool else " (not from the pool)") for d in s.demands],
        "gives": [[g.who, MATERIAL_NAMES[g.material], g.demander, bool(g.voluntary)] for g in s.gives],
        "half_laid": [s.half_lay.who, SLUGS[CARD_BUILDING[s.half_lay.card]]] if s.half_lay is not None else [],
        "colosseum": _colosseum(s),
        "end_of_turn": [[END_NAMES[e.kind], e.who] for e in s.endq],
        "fountain": fountain,
        "over": bool(s.over),
        "end_reason": s.end_reason,
        "forum_winners": list(s.forum_winners),
        "conceded": list(s.conceded),
    }
