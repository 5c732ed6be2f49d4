"""Completing structures (PL "Konczenie obiektow") and the one-off effects of completion
(PL "W MOMENCIE UKONCZENIA").

RULE: glory_to_rome.pl "Te dwie rzeczy dzieja si¢ natychmiast po ukoriczeniu" — the influence
      and the building's function come at once, in the same turn (:func:`refresh_active`).
RULE: glory_to_rome.pl "W MOMENCIE UKONCZENIA" — Amphitheatre, Foundry, Garden, School give
      one action per influence point; Prison steals a structure; Catacomb ends the game.
Also the functions that change who has which function: Gate (incomplete Marble structures
work) and Stairway (a structure made public works for everybody).
"""

from __future__ import annotations

from dataclasses import replace

from ludus.core.actions import Action
from ludus.core.decisions import replace_on
from ludus.core.events import Log
from ludus.games.glory_to_rome.components import (
    BONUS,
    BUILDING_INDEX,
    CARD_BUILDING,
    CRAFTSMAN,
    LABORER,
    MAIN,
    PATRON,
    PRISON,
    PRISON_ROLE,
    SLUGS,
    THINKER,
    V_PRISON,
    VALUE,
    B,
    Termination,
)
from ludus.games.glory_to_rome.decisions import Frame, GtrData, HalfLaid
from ludus.games.glory_to_rome.rules.end_of_game import check_forum, end_game
from ludus.games.glory_to_rome.rules.patron import client_base
from ludus.games.glory_to_rome.state import (
    Structure,
    counts_as_marble,
    find_structure,
    has,
    influence,
    owned_names,
)


def refresh_active(s: GtrData, adjust: bool = True) -> None:
    """Recompute which functions are active for whom (own, Gate, Stairway)."""
    n = s.n
    if not s.cfg.functions:
        s.active = [0] * n
        s.active_any = 0
        return
    shared = 0
    masks = []
    for p in range(n):
        mask = 0
        for st in s.buildings[p]:
            if st.complete:
                b = CARD_BUILDING[st.card]
                mask |= 1 << b
                if st.public:
                    shared |= 1 << b
        masks.append(mask)
    gate_bit = 1 << B.GATE
    for p in range(n):
        if (masks[p] | shared) & gate_bit:
            # Gate (Brama), own or made public by a Stairway: incomplete Marble
            # structures give their functions.
            for st in s.buildings[p]:
                if not st.complete and counts_as_marble(st):
                    masks[p] |= 1 << CARD_BUILDING[st.card]
    s.active = [m | shared for m in masks]
    any_mask = shared
    for m in masks:
        any_mask |= m
    s.active_any = any_mask
    if adjust:
        _adjust_main_frame(s)


def _adjust_main_frame(s: GtrData) -> None:
    # Ludus Magnus, Storeroom or Circus Maximus gained mid-turn add client actions at once.
    stack = s.pending
    if not stack:
        return
    i = 1 if type(stack[0]) is HalfLaid else 0  # the bottom batch (beneath it: a half-laid foundation)
    if i >= len(stack):
        return
    f = stack[i]
    if type(f) is Frame and f.kind == MAIN:
        p = f.who
        base = client_base(s, p, f.role)
        cm = s.units[p] > 0 and has(s, p, B.CIRCUS_MAXIMUS)
        left, granted, doubled = f.left, f.granted, f.cm
        if base > granted:
            left += (base - granted) * (2 if doubled else 1)
            granted = base
        if cm and not doubled:
            # The doubling applies to the client actions still unused.
            left += min(left, granted)
            doubled = 1
        if (left, granted, doubled) != (f.left, f.granted, f.cm):
            stack[i] = replace(f, left=left, granted=granted, cm=doubled)


def complete_structure(s: GtrData, p: int, st: Structure, log: Log) -> None:
    """Completion: the site goes to the influence row, the function is active at once."""
    st.complete = True
    s.inf_sites[p].append(st.site)
    b = CARD_BUILDING[st.card]
    log.public("complete", seat=p, building=b, influence=VALUE[st.site])
    refresh_active(s)
    check_forum(s, log)
    if s.over or not s.cfg.functions:
        return
    upon_completion(s, p, b, log)


def upon_completion(s: GtrData, p: int, b: int, log: Log) -> None:
    """One-off effects "w momencie ukonczenia" (also when stolen with a Prison)."""
    if b == B.CATACOMB:
        end_game(s, Termination.CATACOMB, log, seat=p)
    elif b == B.AMPHITHEATRE:
        s.pending.append(Frame(p, CRAFTSMAN, influence(s, p), BONUS))
    elif b == B.FOUNDRY:
        s.pending.append(Frame(p, LABORER, influence(s, p), BONUS))
    elif b == B.GARDEN:
        s.pending.append(Frame(p, PATRON, influence(s, p), BONUS))
    elif b == B.SCHOOL:
        s.pending.append(Frame(p, THINKER, influence(s, p), BONUS))
    elif b == B.PRISON:
        s.pending.append(Frame(p, PRISON_ROLE, 1, PRISON))


def prison_legal(s: GtrData, f: Frame) -> list[Action]:
    """Prison (Wiezienie): steal an opponent's completed structure you do not own, or pass."""
    p = f.who
    out = []
    owned = owned_names(s, p)
    if any(VALUE[m] == 3 for m in s.inf_sites[p]):
        for v in range(s.n):
            if v == p:
                continue
            for st in s.buildings[v]:
                b = CARD_BUILDING[st.card]
                if st.complete and not (owned >> b) & 1:
                    out.append(s.acts.get(p, V_PRISON, v, SLUGS[b]))
    out.append(s.acts.pass_[p])
    return out


def prison_act(s: GtrData, f: Frame, a: Action, log: Log) -> None:
    """Carry out ``prison <seat> <building>``."""
    prison_steal(s, f.who, int(a.args[0]), BUILDING_INDEX[str(a.args[1])], log)
    replace_on(s.pending, f, f.with_counts(0, f.open))  # (bonus batches may have come on top)


def prison_steal(s: GtrData, p: int, v: int, b: int, log: Log) -> None:
    """Prison: take an opponent's completed structure, giving them the Prison's site (3 influence)."""
    st = find_structure(s, v, b)
    assert st is not None
    s.buildings[v].remove(st)
    s.buildings[p].append(st)
    prison = find_structure(s, p, B.PRISON)
    pay = prison.site if prison is not None and prison.complete and VALUE[prison.site] == 3 else -1
    row = s.inf_sites[p]
    if pay not in row:
        pay = next(m for m in row if VALUE[m] == 3)
    row.remove(pay)
    s.inf_sites[v].append(pay)
    log.public("prison", seat=p, building=b, victim=v)
    refresh_active(s)
    check_forum(s, log)
    if not s.over:
        upon_completion(s, p, b, log)
