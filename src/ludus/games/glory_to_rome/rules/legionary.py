"""The Legionary (PL "ROLA: LEGIONISTA"): Rome demands.

RULE: glory_to_rome.pl "Akcja: zazadaj materialu budowlanego" — reveal a hand card per
      action; take one matching card from the pool, and each affected opponent gives one
      matching card from hand or answers "Na chwale Rzymu!" (Glory to Rome!).
RULE: glory_to_rome.pl "jako klient" — with several Legionary actions all demands are
      revealed at once (:func:`legionary_demand` resolves them together when the batch ends).
Building functions of the Legionary: Bridge (every opponent, and their stockpiles; beats a
Palisade), Colosseum (clients into the vault), Palisade and Wall (immunity).
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.decisions import DecisionRules, replace_on
from ludus.core.events import Log
from ludus.core.seats import clockwise, neighbours
from ludus.games.glory_to_rome.components import (
    BUILDING_INDEX,
    CARD_MATERIAL,
    MATERIAL_INDEX,
    ROLE_INDEX,
    ROLE_NAMES,
    V_COLOSSEUM,
    V_GLORY,
    V_REFUSE,
    VIS_PUBLIC,
    B,
    distinct_buildings,
    of_material,
    take_building,
)
from ludus.games.glory_to_rome.decisions import (
    ColosseumChoice,
    Demand,
    Frame,
    Give,
    GtrData,
    make_frame,
    push_queue,
)
from ludus.games.glory_to_rome.state import has, vault_limit

# ---------------------------------------------------------------------------
# Revealing the demanded cards (the Legionary frame)
# ---------------------------------------------------------------------------


def legionary_legal(s: GtrData, f: Frame) -> list[Action]:
    """Reveal one more hand card to demand its material (taking the pool card is optional,
    reference §15.11), or pass (the demands are then resolved)."""
    p = f.who
    T = s.acts
    out = []
    if f.left > 0:
        revealed = s.revealed[p]
        seen = 0
        for c in s.hands[p]:
            if c not in revealed:
                seen |= 1 << CARD_MATERIAL[c]
        demand = T.demand[p]
        # One way to each set of demands (ruling 26): the pool-taking demands of a material
        # come before the ones that leave the pool card ("M nopool" then "M" is "M" then
        # "M nopool"), and "nopool" only while a pool card of M is left to take.
        seen_pool = seen
        left_in_pool = [0] * 6
        for c in s.pool:
            left_in_pool[CARD_MATERIAL[c]] += 1
        for d in f.demands:
            if not d.from_pool:
                seen_pool &= ~(1 << d.material)
            else:
                left_in_pool[d.material] -= 1
        out = [demand[m] for m in range(6) if (seen_pool >> m) & 1]
        if seen:
            nopool = T.demand_nopool[p]
            out.extend(nopool[m] for m in range(6) if (seen >> m) & 1 and left_in_pool[m] > 0)
    out.append(T.pass_[p])
    return out


def legionary_act(s: GtrData, f: Frame, a: Action, log: Log) -> None:
    """Carry out ``demand <material> [nopool]``: reveal a card of that material."""
    p = f.who
    m = MATERIAL_INDEX[str(a.args[0])]
    card = -1
    for c in s.hands[p]:
        if CARD_MATERIAL[c] == m and c not in s.revealed[p]:
            s.revealed[p].append(c)
            card = c
            break
    replace_on(s.pending, f, f.with_demand(Demand(m, len(a.args) == 1)))
    log.public("reveal", seat=p, material=m, card=card)  # the table sees the card itself


def affected_opponents(s: GtrData, p: int) -> list[int]:
    """Opponents a Legionary demand reaches, clockwise from the left.

    Two or three players: everyone; four or five: the neighbours only, unless the
    demander has a Bridge (Most), which reaches all opponents.
    """
    n = s.n
    if n <= 3 or has(s, p, B.BRIDGE):
        return clockwise(p, n)[1:]
    return list(neighbours(p, n))


def legionary_demand(s: GtrData, f: Frame, log: Log) -> Frame:
    """Resolve "Rome demands" of batch ``f``: the pool first, then each affected opponent;
    return the batch, its demands cleared.

    Each demanded card takes one matching card from the pool; each affected
    opponent gives one matching card from hand (Palisade protects unless the
    demander has a Bridge; Wall always protects).  Bridge also takes one from the
    opponent's stockpile; Colosseum takes a matching client into the vault. The
    gives are pushed above the batch, the first on top, and a Colosseum choice beneath
    them (it comes after them).
    """
    p = f.who
    demands = [d.material for d in f.demands]
    from_pool = [d.from_pool for d in f.demands]
    f = replace_on(s.pending, f, make_frame(p, f.role, f.left, f.kind, f.granted, f.open, f.cm))
    queue: list[Give] = []
    log.public("demand", seat=p, materials=demands)
    for m, take in zip(demands, from_pool):
        if not take:
            continue
        for i in range(len(s.pool) - 1, -1, -1):
            if CARD_MATERIAL[s.pool[i]] == m:
                s.stock[p].append(s.pool.pop(i))
                break
    bridge = has(s, p, B.BRIDGE)
    colosseum = has(s, p, B.COLOSSEUM)
    candidates: list[int] = []  # (opponent, role) pairs for the Colosseum, flattened
    for o in affected_opponents(s, p):
        if has(s, o, B.WALL) or (has(s, o, B.PALISADE) and not bridge):
            # Immune, but "you may give cards if you wish" (Palisade, Wall).
            log.public("immune", seat=o)
            queue.extend(Give(o, m, p, 1) for m in demands)
            continue
        for m in demands:
            queue.append(Give(o, m, p, 0))
            if bridge:
                for i in range(len(s.stock[o]) - 1, -1, -1):
                    if CARD_MATERIAL[s.stock[o][i]] == m:
                        s.stock[p].append(s.stock[o].pop(i))
                        break
        if colosseum:
            # Colosseum (Arena): one matching client per demanded card from this opponent.
            counts = [0] * 6
            for c in s.clients[o]:
                counts[CARD_MATERIAL[c]] += 1
            for m in demands:
                if counts[m] > 0:
                    counts[m] -= 1
                    candidates.extend((o, m))
    if candidates:
        room = vault_limit(s, p) - len(s.vault[p])
        if len(candidates) // 2 <= room:
            for i in range(0, len(candidates), 2):
                colosseum_take(s, p, candidates[i], candidates[i + 1], log)
        elif room > 0:
            s.pending.append(ColosseumChoice(p, tuple(candidates)))  # too little room: the demander chooses
    push_queue(s, queue)
    return f


# ---------------------------------------------------------------------------
# Giving (a decision of each affected opponent)
# ---------------------------------------------------------------------------


def give_legal(s: GtrData, g: Give) -> list[Action]:
    """Which matching card to give: one answer per name of that material in hand (one name:
    the single answer), ``glory`` when the hand holds none; a protected player may also
    refuse (and holding none, refusing is the answer).

    Every demanded seat is asked, whatever its hand holds: were the question put only to a
    seat holding two names, or the give done without asking, whether the game stops for the
    seat would tell the table about its hand (ruling 20).
    """
    v = g.who
    give = s.acts.give[v]
    out = [give[b] for b in distinct_buildings(of_material(s.hands[v], g.material))]
    if g.voluntary:
        out.append(s.acts.get(v, V_REFUSE))
    elif not out:
        out.append(s.acts.glory[v])
    return out


def give_resolve(s: GtrData, g: Give, a: Action, log: Log) -> bool:
    """Give the chosen card to the demander's stockpile, answer "Glory to Rome!" (no
    matching card), or refuse (protected players)."""
    v = g.who
    if a.verb == V_REFUSE:
        log.public("refuse", seat=v)
        return True
    if a.verb == V_GLORY:
        log.public("glory", seat=v)
        return True
    card = take_building(s.hands[v], BUILDING_INDEX[str(a.args[0])])
    s.stock[g.demander].append(card)
    log.public("give", seat=v, material=g.material, to=g.demander)
    return True


GIVE_RULES: DecisionRules[GtrData, Give] = DecisionRules(give_legal, give_resolve)

# ---------------------------------------------------------------------------
# Colosseum (Arena): clients of the opponents into the demander's vault
# ---------------------------------------------------------------------------


def colosseum_take(s: GtrData, p: int, o: int, m: int, log: Log) -> None:
    """Colosseum: a client of ``o`` of role ``m`` goes into ``p``'s vault (material public).

    A client that could still act this round is taken before a newly hired one.
    """
    cl = s.clients[o]
    fresh = s.fresh[o]
    pick = -1
    for i in range(len(cl) - 1, -1, -1):
        if CARD_MATERIAL[cl[i]] == m:
            pick = i
            if cl[i] not in fresh:
                break
    card = cl.pop(pick)
    if card in fresh:
        fresh.remove(card)
    s.vault[p].append(card)
    s.vault_vis[p].append(VIS_PUBLIC)
    log.public("colosseum", seat=p, role=m, victim=o)


def colosseum_legal(s: GtrData, c: ColosseumChoice) -> list[Action]:
    """Which opponent's client of which role to take next."""
    p = c.who
    pairs = c.pairs
    seen: list[tuple[int, str]] = []
    for i in range(0, len(pairs), 2):
        key = (pairs[i], ROLE_NAMES[pairs[i + 1]])
        if key not in seen:
            seen.append(key)
    return [s.acts.get(p, V_COLOSSEUM, *key) for key in seen]


def colosseum_resolve(s: GtrData, c: ColosseumChoice, a: Action, log: Log) -> bool:
    """Take the chosen client; the choice goes on while candidates and vault room remain."""
    p = c.who
    o = int(a.args[0])
    m = ROLE_INDEX[str(a.args[1])]
    pairs = c.pairs
    for i in range(0, len(pairs), 2):
        if pairs[i] == o and pairs[i + 1] == m:
            pairs = pairs[:i] + pairs[i + 2 :]
            break
    colosseum_take(s, p, o, m, log)
    if pairs and len(s.vault[p]) < vault_limit(s, p):
        replace_on(s.pending, c, ColosseumChoice(p, pairs))
        return False
    return True


COLOSSEUM_RULES: DecisionRules[GtrData, ColosseumChoice] = DecisionRules(colosseum_legal, colosseum_resolve)
