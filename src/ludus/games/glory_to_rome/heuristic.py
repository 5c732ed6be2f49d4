"""Evaluation for bots: an estimate of a player's final score, relative to the others.

It counts what scores (influence, vault, likely merchant bonuses) and, at a
discount, what will probably become points: materials already in structures,
materials in the stockpile, clients, cards in hand and Jacks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludus.core.actions import Action
from ludus.core.rng import Rng
from ludus.games.glory_to_rome.components import CARD_BUILDING, CARD_MATERIAL, VALUE, B
from ludus.games.glory_to_rome.rules import (
    client_base,
    clientele_limit,
    fits,
    hand_limit,
    has,
    influence,
    owned_names,
    vault_limit,
)
from ludus.games.glory_to_rome.state import ACT, FOLLOW, MAIN

# Roles and materials as plain ints (hot paths; see components.Role / Material).
LABORER, CRAFTSMAN, LEGIONARY, ARCHITECT, MERCHANT, PATRON = range(6)
RUBBLE, WOOD, BRICK, CONCRETE, STONE, MARBLE = range(6)

if TYPE_CHECKING:
    from ludus.games.glory_to_rome.game import GtrState


def player_value(s: GtrState, p: int) -> float:
    """Rough expected final points of ``p``."""
    value = float(influence(s, p))
    value += sum(VALUE[CARD_MATERIAL[c]] for c in s.vault[p])
    for st in s.buildings[p]:
        if not st.complete:
            need = VALUE[st.site]
            value += 0.35 + 0.8 * VALUE[st.site] * len(st.materials) / need
    value += 0.45 * len(s.stock[p])
    value += 0.6 * len(s.clients[p])
    hand = len(s.hands[p]) + s.hand_jacks[p]
    value += 0.25 * min(hand, hand_limit(s, p)) + 0.35 * s.hand_jacks[p]
    return value


def usefulness(s: GtrState, p: int, role: int) -> float:
    """What one more action of ``role`` is roughly worth to ``p`` now."""
    if role == LABORER:
        return 0.45 if s.pool else 0.0
    if role == PATRON:
        return 0.6 if s.pool and len(s.clients[p]) < clientele_limit(s, p) else 0.0
    if role == MERCHANT:
        if not s.stock[p] or len(s.vault[p]) >= vault_limit(s, p):
            return 0.0
        return max(VALUE[CARD_MATERIAL[c]] for c in s.stock[p]) - 0.45
    if role == LEGIONARY:
        return 0.4 if s.hands[p] else 0.0
    incomplete = [st for st in s.buildings[p] if not st.complete]
    if role == CRAFTSMAN:
        for st in incomplete:
            for c in s.hands[p]:
                if fits(s, p, st, CARD_MATERIAL[c]):
                    return 0.8
    elif role == ARCHITECT:
        for st in incomplete:
            for c in s.stock[p]:
                if fits(s, p, st, CARD_MATERIAL[c]):
                    return 1.0
    owned = owned_names(s, p)
    for c in s.hands[p]:
        if not (owned >> CARD_BUILDING[c]) & 1 and s.in_town[CARD_MATERIAL[c]] > 0:
            return 0.4
    return 0.0


def pending_actions(s: GtrState, p: int) -> int:
    """Actions of the led role ``p`` will still get this turn."""
    if s.phase == FOLLOW:
        started = False
    elif s.phase == ACT:
        order = (p - s.leader) % s.n
        if order >= s.act_index:
            started = False
        else:
            f = s.stack[0] if s.stack else None
            if f is not None and f.kind == MAIN and f.player == p:
                return f.left
            return 0
    else:
        return 0
    if started:
        return 0
    base = client_base(s, p, s.role)
    if s.units[p] and has(s, p, B.CIRCUS_MAXIMUS):
        base *= 2
    return s.units[p] + base


def evaluate(state: GtrState, player: int) -> float:
    """Heuristic value for ``player``: own value minus the best opponent's."""
    if state.is_terminal():
        return 100.0 * state.returns()[player]
    values = []
    for q in range(state.n):
        v = player_value(state, q)
        if state.role >= 0:
            k = pending_actions(state, q)
            if k:
                v += k * usefulness(state, q, state.role)
        values.append(v)
    mine = values[player]
    best = max(values[q] for q in range(state.n) if q != player)
    return mine - best


def greedy_action(state: GtrState, player: int, rng: Rng) -> Action | None:
    """Let the greedy bot look one action ahead with :func:`evaluate`."""
    return None
