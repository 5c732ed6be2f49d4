"""The Patron (PL "ROLA: PATRON") and the clients (PL "Klienci").

RULE: glory_to_rome.pl "ROLA: PATRON" — "Dodaj karte z PULL fako klienta do swojej KLIENTELT"
      (a pool card joins your clientele, up to your influence).
RULE: glory_to_rome.pl "Klienci" — "Nowi klienci nie moga wykonywac akeji az do korica tury,
      w ktdrej zostali zatrudnieni" (new clients do not act in the turn they are hired).
Building functions of the Patron: Aqueduct (hire from hand), Bar (hire from the deck),
Bath (the new client acts at once), Insula/Aqueduct (clientele limit), Ludus Magnus and
Storeroom (clients acting as other roles).
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log
from ludus.core.reasons import N_, Reason, because
from ludus.games.glory_to_rome.components import (
    BATH,
    BUILDING_INDEX,
    CARD_MATERIAL,
    LABORER,
    MERCHANT,
    ROLE_INDEX,
    SLUGS,
    V_HIRE,
    V_HIRE_DECK,
    V_HIRE_HAND,
    B,
    distinct_buildings,
    distinct_materials,
    take_building,
    take_material,
)
from ludus.games.glory_to_rome.decisions import O_DECK, O_HAND, O_POOL, Frame, GtrData
from ludus.games.glory_to_rome.state import clientele_limit, has


def client_base(s: GtrData, p: int, role: int) -> int:
    """Clients of ``p`` that act for ``role`` this turn (hired this turn excluded)."""
    fresh = s.fresh[p]
    count = 0
    merchants = 0
    total = 0
    for c in s.clients[p]:
        if fresh and c in fresh:
            continue
        total += 1
        m = CARD_MATERIAL[c]
        if m == role:
            count += 1
        elif m == MERCHANT:
            merchants += 1
    mask = s.active[p]
    if role == LABORER and (mask >> B.STOREROOM) & 1:
        return total  # Storeroom: every client may act as a Laborer.
    if (mask >> B.LUDUS_MAGNUS) & 1 and role != MERCHANT:
        count += merchants  # Ludus Magnus: Merchant clients count as any role.
    return count


def patron_legal(s: GtrData, f: Frame) -> list[Action]:
    """A Patron action: a pool card (Aqueduct: also one from hand; Bar: also the deck's top)."""
    p = f.who
    room = len(s.clients[p]) < clientele_limit(s, p)
    out: list[Action] = []
    if f.open == 0:
        if f.left > 0 and room:
            out = _patron_sources(s, p, 0)
        out.append(s.acts.pass_[p])
        return out
    if room:
        out = _patron_sources(s, p, f.open)
    out.append(s.acts.next[p])
    return out


def _patron_sources(s: GtrData, p: int, used: int) -> list[Action]:
    out = []
    if not used & (O_POOL | O_DECK):
        out = [s.acts.hire[p][m] for m in distinct_materials(s.pool)]
    if not used & O_HAND and has(s, p, B.AQUEDUCT):
        out.extend(s.acts.get(p, V_HIRE_HAND, SLUGS[b]) for b in distinct_buildings(s.hands[p]))
    if not used & O_DECK and s.deck and has(s, p, B.BAR):
        out.append(s.acts.get(p, V_HIRE_DECK))
    return out


def patron_act(s: GtrData, f: Frame, a: Action, log: Log) -> None:
    """Carry out ``hire``/``hire_hand``/``hire_deck`` within a Patron frame."""
    p = f.who
    verb = a.verb
    left = f.left - 1 if f.open == 0 else f.left
    flag = O_POOL if verb == V_HIRE else O_HAND if verb == V_HIRE_HAND else O_DECK
    s.pending[-1] = f.with_counts(left, f.open | flag)  # (the batch answered is the top: no search)
    if verb == V_HIRE:
        card = take_material(s.pool, ROLE_INDEX[str(a.args[0])])
        source = "pool"
    elif verb == V_HIRE_HAND:
        card = take_building(s.hands[p], BUILDING_INDEX[str(a.args[0])])
        source = "hand"
    else:
        card = s.deck.pop()
        source = "deck"
    patron_hire(s, p, card, source, log)


def patron_hire(s: GtrData, p: int, card: int, source: str, log: Log) -> None:
    """Patron: a card becomes a client (it does not act this turn, Bath excepted)."""
    s.clients[p].append(card)
    s.fresh[p].append(card)
    role = CARD_MATERIAL[card]
    log.public("hire", seat=p, role=role, source=source)
    if has(s, p, B.BATH):
        # Bath (Łaźnie): the new client at once performs one action of its printed role.
        s.pending.append(Frame(p, role, 1, BATH))


def hire_why(s: GtrData, f: Frame, a: Action) -> Reason | None:
    """Why ``hire <role>`` is refused: the pool has no client for that role.

    (A full clientele leaves the Patron nothing but ``pass``, which the game plays by itself.)
    """
    role = ROLE_INDEX.get(str(a.args[0])) if len(a.args) == 1 else None
    if role is None or any(CARD_MATERIAL[c] == role for c in s.pool):
        return None
    return because(N_("the pool has no client for the role {role:role}"), role=role)
