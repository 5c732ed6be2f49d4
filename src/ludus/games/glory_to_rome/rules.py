"""Legal actions and transitions of Glory to Rome.

The functions are named after the rulebook's actions: :func:`think`,
:func:`lead_role`, :func:`follow_role`, :func:`petition`, :func:`patron_hire`,
:func:`laborer_gather`, :func:`lay_foundation`, :func:`add_material`,
:func:`legionary_demand`, :func:`merchant_sell`, :func:`complete_structure`,
:func:`upon_completion`, :func:`stairway_add`, :func:`prison_steal`, :func:`end_turn` ...

A turn ("runda") is: the leader leads or thinks; each other player, clockwise,
follows or thinks; then, from the leader clockwise, every player carries out a
*frame* of actions of the led role (lead/follow units + matching clients).  Frames
live on a stack: a completion (Amphitheatre, Foundry, Garden, School, Prison) or a
client hired under Bath pushes a new frame that is carried out at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludus.core.actions import Action
from ludus.core.errors import IllegalActionError
from ludus.core.events import Event, private, public
from ludus.games.glory_to_rome.components import (
    BUILDING_INDEX,
    BUILDINGS,
    CARD_BUILDING,
    CARD_MATERIAL,
    HAND_LIMIT,
    MATERIAL_INDEX,
    MATERIAL_NAMES,
    ROLE_INDEX,
    ROLE_NAMES,
    STARTING_INFLUENCE,
    VALUE,
    B,
)
from ludus.games.glory_to_rome.state import (
    ACADEMY,
    ACT,
    BATH,
    BONUS,
    END_OF_TURN,
    FOLLOW,
    LEAD,
    MAIN,
    PRISON,
    PRISON_ROLE,
    SENATE,
    SEWER,
    THINK_ROLE,
    VIS_NOBODY,
    VIS_PUBLIC,
    Frame,
    Structure,
)

# Roles and materials as plain ints (hot paths; see components.Role / Material).
LABORER, CRAFTSMAN, LEGIONARY, ARCHITECT, MERCHANT, PATRON = range(6)
RUBBLE, WOOD, BRICK, CONCRETE, STONE, MARBLE = range(6)

if TYPE_CHECKING:
    from ludus.games.glory_to_rome.game import GtrState

SLUGS = tuple(b.slug for b in BUILDINGS)
BUILDING_MATERIAL = tuple(b.material for b in BUILDINGS)

# Open-action flags (an action in progress that may still take an "also" part).
O_POOL = 1  # Patron: pool client taken / Laborer: pool material taken
O_HAND = 2  # Aqueduct / Dock / Basilica hand card used
O_DECK = 4  # Bar: deck client taken
O_MAIN = 1  # Merchant: stockpile or deck card sold / Architect: main action done
O_STAIR = 2  # Architect: Stairway material added

PASS = "pass"
NO_POOL = 8  # flag on a demand: leave the matching pool card
NEXT = "next"


# ---------------------------------------------------------------------------
# Derived quantities
# ---------------------------------------------------------------------------


def has(s: GtrState, p: int, b: int) -> bool:
    """Whether building function ``b`` is active for player ``p`` (own, Gate, or Stairway)."""
    return bool((s.active[p] >> b) & 1)


def influence(s: GtrState, p: int) -> int:
    """Influence: 2 + the values of the sites in ``p``'s influence row."""
    return STARTING_INFLUENCE + sum(VALUE[m] for m in s.inf_sites[p])


def hand_limit(s: GtrState, p: int) -> int:
    """Hand limit: 5, Shrine +2, Temple +4."""
    mask = s.active[p]
    return HAND_LIMIT + (2 if (mask >> B.SHRINE) & 1 else 0) + (4 if (mask >> B.TEMPLE) & 1 else 0)


def clientele_limit(s: GtrState, p: int) -> int:
    """Clientele limit: influence, +2 Insula, then ×2 Aqueduct (PL: (5 + 2) × 2 = 14)."""
    limit = influence(s, p)
    mask = s.active[p]
    if (mask >> B.INSULA) & 1:
        limit += 2
    if (mask >> B.AQUEDUCT) & 1:
        limit *= 2
    return limit


def vault_limit(s: GtrState, p: int) -> int:
    """Vault limit: influence, +2 Market."""
    return influence(s, p) + (2 if has(s, p, B.MARKET) else 0)


def hand_size(s: GtrState, p: int) -> int:
    """Cards in hand, Jacks included."""
    return len(s.hands[p]) + s.hand_jacks[p]


def structure_materials(st: Structure) -> tuple[int, ...]:
    """The materials a structure counts as (a Statue: Marble and its site's material)."""
    b = CARD_BUILDING[st.card]
    if b == B.STATUE:
        return (MARBLE, st.site) if st.site != MARBLE else (MARBLE,)
    return (CARD_MATERIAL[st.card],)


def counts_as_marble(st: Structure) -> bool:
    """A Marble structure for Gate: Marble (a Statue always), or a Stone structure that
    holds a Marble material (added with a Road; EN07 "Gate + Road", reference §12)."""
    mats = structure_materials(st)
    if MARBLE in mats:
        return True
    return STONE in mats and any(CARD_MATERIAL[c] == MARBLE for c in st.materials)


def refresh_active(s: GtrState, adjust: bool = True) -> None:
    """Recompute which functions are active for whom (own, Gate, Stairway)."""
    n = s.n
    if not s.game.functions:
        s.active = [0] * n
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
    if adjust:
        _adjust_main_frame(s)


def _adjust_main_frame(s: GtrState) -> None:
    # Ludus Magnus, Storeroom or Circus Maximus gained mid-turn add client actions at once.
    if s.stack and s.stack[0].kind == MAIN:
        f = s.stack[0]
        p = f.player
        base = client_base(s, p, f.role)
        cm = s.units[p] > 0 and has(s, p, B.CIRCUS_MAXIMUS)
        if base > f.granted:
            f.left += (base - f.granted) * (2 if f.cm else 1)
            f.granted = base
        if cm and not f.cm:
            # The doubling applies to the client actions still unused.
            f.left += min(f.left, f.granted)
            f.cm = 1


def client_base(s: GtrState, p: int, role: int) -> int:
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
    if role == LABORER and has(s, p, B.STOREROOM):
        return total  # Storeroom: every client may act as a Laborer.
    if has(s, p, B.LUDUS_MAGNUS) and role != MERCHANT:
        count += merchants  # Ludus Magnus: Merchant clients count as any role.
    return count


def distinct_buildings(cards: list[int]) -> list[int]:
    """The distinct building indices among ``cards``, in first-seen order."""
    seen = 0
    out = []
    for c in cards:
        b = CARD_BUILDING[c]
        if not (seen >> b) & 1:
            seen |= 1 << b
            out.append(b)
    return out


def distinct_materials(cards: list[int]) -> list[int]:
    """The distinct materials among ``cards``, sorted."""
    seen = 0
    for c in cards:
        seen |= 1 << CARD_MATERIAL[c]
    return [m for m in range(6) if (seen >> m) & 1]


def take_building(cards: list[int], b: int) -> int:
    """Remove and return the last card of building ``b`` from ``cards``."""
    for i in range(len(cards) - 1, -1, -1):
        if CARD_BUILDING[cards[i]] == b:
            return cards.pop(i)
    raise IllegalActionError(f"no {SLUGS[b]} card there")


def take_material(cards: list[int], m: int) -> int:
    """Remove and return the last card of material ``m`` from ``cards``."""
    for i in range(len(cards) - 1, -1, -1):
        if CARD_MATERIAL[cards[i]] == m:
            return cards.pop(i)
    raise IllegalActionError(f"no {MATERIAL_NAMES[m]} card there")


def owned_names(s: GtrState, p: int) -> int:
    """Bit mask of building names ``p`` owns (foundations, structures, stolen)."""
    mask = 0
    for st in s.buildings[p]:
        mask |= 1 << CARD_BUILDING[st.card]
    return mask


def find_structure(s: GtrState, p: int, b: int) -> Structure | None:
    """``p``'s structure of building ``b``, if any."""
    for st in s.buildings[p]:
        if CARD_BUILDING[st.card] == b:
            return st
    return None


def affected_opponents(s: GtrState, p: int) -> list[int]:
    """Opponents a Legionary demand reaches, clockwise from the left.

    Two or three players: everyone; four or five: the neighbours only, unless the
    demander has a Bridge (Most), which reaches all opponents.
    """
    n = s.n
    if n <= 3 or has(s, p, B.BRIDGE):
        return [(p + i) % n for i in range(1, n)]
    return [(p + 1) % n, (p - 1) % n]


# ---------------------------------------------------------------------------
# Whose decision
# ---------------------------------------------------------------------------


def to_move(s: GtrState) -> tuple[int, ...]:
    """The seat whose decision the game waits for."""
    if s.over:
        return ()
    ph = s.phase
    if ph in (LEAD, FOLLOW):
        return (s.current,)
    if ph == ACT:
        if s.gives:
            return (s.gives[0][0],)
        if s.colosseum:
            return (s.colosseum[0],)
        return (s.stack[-1].player,)
    return (s.endq[0][1],)


# ---------------------------------------------------------------------------
# Legal actions
# ---------------------------------------------------------------------------


def legal_actions(s: GtrState) -> list[Action]:
    """Every legal action now (all belong to the seat in :func:`to_move`)."""
    if s.over:
        return []
    ph = s.phase
    if ph == ACT:
        if s.gives:
            v, m, _, voluntary = s.gives[0]
            give = s.game.acts.give[v]
            out = [give[b] for b in distinct_buildings(_of_material(s.hands[v], m))]
            if voluntary:
                out.append(s.game.acts.get(v, "refuse"))
            return out
        if s.colosseum:
            p = s.colosseum[0]
            pairs = s.colosseum[1:]
            seen = []
            for i in range(0, len(pairs), 2):
                key = (pairs[i], ROLE_NAMES[pairs[i + 1]])
                if key not in seen:
                    seen.append(key)
            return [s.game.acts.get(p, "colosseum", key) for key in seen]
        return _legal_frame(s, s.stack[-1])
    if ph in (LEAD, FOLLOW):
        return _legal_choose(s)
    kind, p = s.endq[0]
    T = s.game.acts
    if kind == ACADEMY:
        out = _think_options(s, p)
        if not s.pre_think:  # after a Latrine/Vomitorium discard the think must follow
            out.append(T.pass_[p])
        return out
    if kind == SEWER:
        return [T.get(p, "sewer"), T.pass_[p]]
    out = [T.get(p, "senate", (v,)) for v in range(s.n) if v != p and s.camp_jacks[v] > 0]
    out.append(T.pass_[p])
    return out


def _of_material(cards: list[int], m: int) -> list[int]:
    return [c for c in cards if CARD_MATERIAL[c] == m]


def _think_options(s: GtrState, p: int) -> list[Action]:
    T = s.game.acts
    out = []
    if s.jack_pile > 0:
        out.append(T.think_jack[p])
    if s.deck:
        out.append(T.think_draw[p])
    mask = s.active[p]
    if mask:
        if not s.pre_think & 1 and (mask >> B.LATRINE) & 1:
            out.extend(T.get(p, "latrine", (SLUGS[b],)) for b in distinct_buildings(s.hands[p]))
            if s.hand_jacks[p] and s.game.latrine_jack:
                out.append(T.get(p, "latrine", ("jack",)))
        if not s.pre_think & 2 and (mask >> B.VOMITORIUM) & 1 and (s.hands[p] or s.hand_jacks[p]):
            out.append(T.get(p, "vomitorium"))
    return out


def _follow_options(s: GtrState, p: int, role: int) -> list[Action]:
    """Ways to play one unit of ``role`` when following or adding Palace units."""
    T = s.game.acts
    hand = s.hands[p]
    follow = T.follow[p]
    circus = role == ARCHITECT and has(s, p, B.CIRCUS)
    counts = [0] * 6
    for c in hand:
        counts[CARD_MATERIAL[c]] += 1
    bs = distinct_buildings(hand)
    out = [follow[b] for b in bs if circus or BUILDING_MATERIAL[b] == role]
    if s.hand_jacks[p]:
        out.append(T.follow_jack[p])
    need = s.game.petition_size
    petition = T.petition[p][role]
    out.extend(petition[b] for b in bs if counts[BUILDING_MATERIAL[b]] >= need)
    return out


def _lead_options(s: GtrState, p: int) -> list[Action]:
    """Ways to lead: an Order of its role (Circus: any Order as Architect), a Jack
    announcing any role, or a petition acting as a Jack."""
    T = s.game.acts
    hand = s.hands[p]
    counts = [0] * 6
    for c in hand:
        counts[CARD_MATERIAL[c]] += 1
    bs = distinct_buildings(hand)
    lead = T.lead[p]
    out = [lead[b] for b in bs]
    if has(s, p, B.CIRCUS):
        arch = T.lead_architect[p]
        out.extend(arch[b] for b in bs if BUILDING_MATERIAL[b] != ARCHITECT)
    if s.hand_jacks[p]:
        out.extend(T.lead_jack[p])
    need = s.game.petition_size
    starts = [b for b in bs if counts[BUILDING_MATERIAL[b]] >= need]
    if starts:
        for petition in T.petition[p]:
            out.extend(petition[b] for b in starts)
    return out


def _legal_choose(s: GtrState) -> list[Action]:
    p = s.current
    if s.petition:
        group, _, role = s.petition
        petition = s.game.acts.petition[p][role]
        return [petition[b] for b in distinct_buildings(_of_material(s.hands[p], group))]
    if s.pre_think:
        return _think_options(s, p)
    if s.palace_open:
        out = _follow_options(s, p, s.role)
        out.append(s.game.acts.done[p])
        return out
    if s.phase == LEAD:
        out = _lead_options(s, p)
    else:
        out = _follow_options(s, p, s.role)
    out.extend(_think_options(s, p))
    if s.game.concession and s.conceded[p] < 0:
        out.extend(s.game.acts.get(p, "concede", (q,)) for q in range(s.n) if q != p)
    return out


def _legal_frame(s: GtrState, f: Frame) -> list[Action]:
    p = f.player
    role = f.role
    T = s.game.acts
    if role == PRISON_ROLE:
        out = _prison_targets(s, p)
        out.append(T.pass_[p])
        return out
    if role == THINK_ROLE:
        out = _think_options(s, p) if f.left > 0 else []
        if not s.pre_think:  # after a Latrine/Vomitorium discard the think must follow
            out.append(T.pass_[p])
        return out
    if s.half_lay and role in (CRAFTSMAN, ARCHITECT):
        if f.left > 0 and f.open == 0:
            return [T.get(p, "lay_continue"), T.pass_[p]]
        return [T.pass_[p]]
    if s.fountain >= 0:
        return _fountain_options(s, f)
    if role == PATRON:
        return _patron_options(s, f)
    if role == LABORER:
        return _laborer_options(s, f)
    if role == MERCHANT:
        return _merchant_options(s, f)
    if role == LEGIONARY:
        out = []
        if f.left > 0:
            revealed = s.revealed[p]
            seen = 0
            for c in s.hands[p]:
                if c not in revealed:
                    seen |= 1 << CARD_MATERIAL[c]
            demand = T.demand[p]
            out = [demand[m] for m in range(6) if (seen >> m) & 1]
            if seen:
                # Taking the matching pool card is optional (reference §15.11).
                in_pool = 0
                for c in s.pool:
                    in_pool |= 1 << CARD_MATERIAL[c]
                nopool = T.demand_nopool[p]
                out.extend(nopool[m] for m in range(6) if (seen >> m) & (in_pool >> m) & 1)
        out.append(T.pass_[p])
        return out
    if role == CRAFTSMAN:
        out = []
        if f.left > 0:
            out = _lay_options(s, p, f.left - 1, s.hands[p])
            out.extend(_build_from_cards(s, p, s.hands[p]))
            if s.deck and has(s, p, B.FOUNTAIN):
                out.append(T.get(p, "fountain"))
        out.append(T.pass_[p])
        return out
    # Architect
    out = []
    if f.open == 0:
        if f.left > 0:
            out = _architect_main(s, p, f.left - 1)
            out.extend(_stairway_options(s, p))
        out.append(T.pass_[p])
        return out
    if not f.open & O_MAIN:
        out = _architect_main(s, p, f.left)
    if not f.open & O_STAIR:
        out.extend(_stairway_options(s, p))
    out.append(T.next[p])
    return out


def _lay_options(s: GtrState, p: int, spare: int, cards: list[int]) -> list[Action]:
    """Foundations from ``cards``; ``spare`` = further actions left for out of town.

    A client hired under Bath acts alone, so its single building action may start an
    out-of-town foundation that the player's next building action finishes (§15.14).
    """
    owned = owned_names(s, p)
    out_ok = spare >= 1 or has(s, p, B.TOWER) or s.stack[-1].kind == BATH
    statue_any = s.game.functions
    res = []
    for b in distinct_buildings(cards):
        if (owned >> b) & 1:
            continue
        slug = SLUGS[b]
        sites: tuple[int, ...] = (BUILDINGS[b].material,)
        if b == B.STATUE and statue_any:
            sites = (0, 1, 2, 3, 4, 5)  # Statue (Posąg): its foundation may go on any site.
        for m in sites:
            if s.in_town[m] > 0:
                res.append(s.game.acts.get(p, "lay", (slug, MATERIAL_NAMES[m], "in")))
            if out_ok and s.out_town[m] > 0:
                res.append(s.game.acts.get(p, "lay", (slug, MATERIAL_NAMES[m], "out")))
    return res


def fits(s: GtrState, p: int, st: Structure, m: int) -> bool:
    """Whether material ``m`` may be added to ``p``'s incomplete structure ``st``."""
    mats = structure_materials(st)
    if m in mats:
        return True
    mask = s.active[p]
    if (mask >> B.ROAD) & 1 and STONE in mats:
        return True  # Road (Ulica): any material into your Stone structures.
    if (mask >> B.TOWER) & 1 and m == RUBBLE:
        return True  # Tower (Wieża): Rubble into any structure.
    return bool((mask >> B.SCRIPTORIUM) & 1 and m == MARBLE)  # Scriptorium: Marble completes any.


def _build_from_cards(s: GtrState, p: int, cards: list[int]) -> list[Action]:
    res = []
    bs = None
    for st in s.buildings[p]:
        if st.complete:
            continue
        if bs is None:
            bs = distinct_buildings(cards)
        target = SLUGS[CARD_BUILDING[st.card]]
        for b in bs:
            if fits(s, p, st, BUILDINGS[b].material):
                res.append(s.game.acts.get(p, "build", (target, SLUGS[b])))
    return res


def _build_from_materials(s: GtrState, p: int, cards: list[int], verb: str) -> list[Action]:
    res = []
    mats = None
    for st in s.buildings[p]:
        if st.complete:
            continue
        if mats is None:
            mats = distinct_materials(cards)
        target = SLUGS[CARD_BUILDING[st.card]]
        for m in mats:
            if fits(s, p, st, m):
                res.append(s.game.acts.get(p, verb, (target, MATERIAL_NAMES[m])))
    return res


def _architect_main(s: GtrState, p: int, spare: int) -> list[Action]:
    out = _lay_options(s, p, spare, s.hands[p])
    out.extend(_build_from_materials(s, p, s.stock[p], "build"))
    if has(s, p, B.ARCHWAY):
        out.extend(_build_from_materials(s, p, s.pool, "build_pool"))
    return out


def _stairway_options(s: GtrState, p: int) -> list[Action]:
    """Stairway (Schody): add a matching material to an opponent's completed structure."""
    if not has(s, p, B.STAIRWAY):
        return []
    res = []
    stock = distinct_materials(s.stock[p])
    pool = distinct_materials(s.pool) if has(s, p, B.ARCHWAY) else []
    for v in range(s.n):
        if v == p:
            continue
        for st in s.buildings[v]:
            if not st.complete or st.public:
                continue
            target = SLUGS[CARD_BUILDING[st.card]]
            for m in structure_materials(st):
                if m in stock:
                    res.append(s.game.acts.get(p, "stairway", (v, target, MATERIAL_NAMES[m])))
                if m in pool:
                    res.append(s.game.acts.get(p, "stairway_pool", (v, target, MATERIAL_NAMES[m])))
    return res


def _fountain_options(s: GtrState, f: Frame) -> list[Action]:
    p = f.player
    card = [s.fountain]
    out = _lay_options(s, p, f.left, card)
    out.extend(_build_from_cards(s, p, card))
    out.append(s.game.acts.get(p, "keep"))
    return out


def _patron_options(s: GtrState, f: Frame) -> list[Action]:
    p = f.player
    room = len(s.clients[p]) < clientele_limit(s, p)
    out: list[Action] = []
    if f.open == 0:
        if f.left > 0 and room:
            out = _patron_sources(s, p, 0)
        out.append(s.game.acts.pass_[p])
        return out
    if room:
        out = _patron_sources(s, p, f.open)
    out.append(s.game.acts.next[p])
    return out


def _patron_sources(s: GtrState, p: int, used: int) -> list[Action]:
    out = []
    if not used & (O_POOL | O_DECK):
        out = [s.game.acts.hire[p][m] for m in distinct_materials(s.pool)]
    if not used & O_HAND and has(s, p, B.AQUEDUCT):
        out.extend(s.game.acts.get(p, "hire_hand", (SLUGS[b],)) for b in distinct_buildings(s.hands[p]))
    if not used & O_DECK and s.deck and has(s, p, B.BAR):
        out.append(s.game.acts.get(p, "hire_deck"))
    return out


def _laborer_options(s: GtrState, f: Frame) -> list[Action]:
    p = f.player
    out: list[Action] = []
    dock = has(s, p, B.DOCK)
    if f.open == 0:
        if f.left > 0:
            out = [s.game.acts.gather[p][m] for m in distinct_materials(s.pool)]
            if dock:
                out.extend(s.game.acts.get(p, "gather_hand", (SLUGS[b],)) for b in distinct_buildings(s.hands[p]))
        out.append(s.game.acts.pass_[p])
        return out
    if not f.open & O_POOL:
        out = [s.game.acts.gather[p][m] for m in distinct_materials(s.pool)]
    if not f.open & O_HAND and dock:
        out.extend(s.game.acts.get(p, "gather_hand", (SLUGS[b],)) for b in distinct_buildings(s.hands[p]))
    out.append(s.game.acts.next[p])
    return out


def _merchant_options(s: GtrState, f: Frame) -> list[Action]:
    p = f.player
    room = len(s.vault[p]) < vault_limit(s, p)
    out: list[Action] = []
    if f.open == 0 and f.left <= 0:
        return [s.game.acts.pass_[p]]
    if room:
        if not f.open & O_MAIN:
            out = [s.game.acts.sell[p][m] for m in distinct_materials(s.stock[p])]
            if s.deck and has(s, p, B.ATRIUM):
                out.append(s.game.acts.get(p, "sell_deck"))
        if not f.open & O_HAND and has(s, p, B.BASILICA):
            out.extend(s.game.acts.get(p, "sell_hand", (SLUGS[b],)) for b in distinct_buildings(s.hands[p]))
    out.append(s.game.acts.next[p] if f.open else s.game.acts.pass_[p])
    return out


def _prison_targets(s: GtrState, p: int) -> list[Action]:
    owned = owned_names(s, p)
    if not any(VALUE[m] == 3 for m in s.inf_sites[p]):
        return []
    out = []
    for v in range(s.n):
        if v == p:
            continue
        for st in s.buildings[v]:
            b = CARD_BUILDING[st.card]
            if st.complete and not (owned >> b) & 1:
                out.append(s.game.acts.get(p, "prison", (v, SLUGS[b])))
    return out


# ---------------------------------------------------------------------------
# Transitions
# ---------------------------------------------------------------------------


def apply_action(s: GtrState, action: Action) -> list[Event]:
    """Carry out a legal ``action`` (the caller has checked legality)."""
    ev: list[Event] = []
    ph = s.phase
    if ph in (LEAD, FOLLOW):
        _apply_choose(s, action, ev)
    elif ph == ACT:
        if s.gives:
            _apply_give(s, action, ev)
        elif s.colosseum:
            _apply_colosseum(s, action, ev)
        else:
            _apply_frame(s, s.stack[-1], action, ev)
    else:
        _apply_end(s, action, ev)
    finish_step(s, ev)
    return ev


def finish_step(s: GtrState, ev: list[Event]) -> None:
    """Check the end of the game, then move on to the next decision."""
    if not s.over:
        check_forum(s, ev)
    if not s.over and not s.deck:
        end_game(s, "the draw deck ran out", ev)
    if not s.over:
        advance(s, ev)


def end_game(s: GtrState, reason: str, ev: list[Event]) -> None:
    """End the game at once (the turn is not finished)."""
    if s.over:
        return
    if s.fountain >= 0:
        # Ruling §15.4: the step that drew the last card finishes; the card goes to hand.
        s.hands[s.stack[-1].player].append(s.fountain)
        s.fountain = -1
    s.over = 1
    s.end_reason = reason
    ev.append(public(f"Game over: {reason}.", "game_over"))


def _next_decider(s: GtrState) -> None:
    """After a lead or follow decision, pass the decision clockwise or start the actions."""
    s.palace_open = 0
    s.pre_think = 0
    nxt = (s.current + 1) % s.n
    if nxt == s.leader:
        s.phase = ACT
        s.act_index = 0
        s.current = s.leader
    else:
        s.phase = FOLLOW
        s.current = nxt


def _unit_played(s: GtrState, p: int) -> None:
    s.units[p] += 1
    if has(s, p, B.PALACE):
        s.palace_open = 1  # Palace (Pałac): several cards of the role, one action each.
    else:
        _next_decider(s)


def _apply_choose(s: GtrState, a: Action, ev: list[Event]) -> None:
    p = a.player
    verb = a.verb
    if verb == "think_jack" or verb == "think_draw":
        think(s, p, verb == "think_jack", ev)
        if s.phase == LEAD:
            # The leader thinks: nobody follows, no client acts, the turn ends.
            end_turn(s, ev)
        else:
            _next_decider(s)
        return
    if verb == "latrine" or verb == "vomitorium":
        discard_before_thinking(s, p, a, ev)
        return
    if verb == "done":
        _next_decider(s)
        return
    if verb == "concede":
        concede(s, p, int(a.args[0]), ev)
        return
    if verb == "petition":
        petition(s, p, ROLE_INDEX[str(a.args[0])], BUILDING_INDEX[str(a.args[1])], ev)
    elif verb == "lead":
        lead_role(s, p, ROLE_INDEX[str(a.args[0])], str(a.args[1]), ev)
    else:
        follow_role(s, p, str(a.args[0]), ev)


def _play_unit_card(s: GtrState, p: int, what: str) -> None:
    if what == "jack":
        s.hand_jacks[p] -= 1
        s.camp_jacks[p] += 1
    else:
        s.camp[p].append(take_building(s.hands[p], BUILDING_INDEX[what]))


def lead_role(s: GtrState, p: int, role: int, what: str, ev: list[Event]) -> None:
    """Lead ``role`` with an Order (``what`` = its name) or a Jack (``what`` = "jack").

    With a Palace the leader may then add more units ("follow" verbs) before "done".
    """
    if s.role < 0:
        s.role = role
        ev.append(public(f"Player {p} leads {ROLE_NAMES[role]} with {what}.", "lead"))
    _play_unit_card(s, p, what)
    _unit_played(s, p)


def follow_role(s: GtrState, p: int, what: str, ev: list[Event]) -> None:
    """Follow the led role with an Order of it, a Jack, or (Circus) any Order as Architect."""
    ev.append(public(f"Player {p} follows with {what}.", "follow"))
    _play_unit_card(s, p, what)
    _unit_played(s, p)


def petition(s: GtrState, p: int, role: int, b: int, ev: list[Event]) -> None:
    """Play one card of a petition (PL "Składanie petycji"): 2 Orders of one role (3 in the
    classic variant), played together, act as a Jack; the cards are chosen one by one."""
    card = take_building(s.hands[p], b)
    s.camp[p].append(card)
    if not s.petition:
        s.petition = [CARD_MATERIAL[card], s.game.petition_size - 1, role]
    else:
        s.petition[1] -= 1
    if s.petition[1] == 0:
        s.petition = []
        if s.phase == LEAD and s.role < 0:
            s.role = role
            ev.append(public(f"Player {p} leads {ROLE_NAMES[role]} with a petition.", "lead"))
        else:
            ev.append(public(f"Player {p} follows with a petition.", "follow"))
        _unit_played(s, p)


def concede(s: GtrState, p: int, to: int, ev: list[Event]) -> None:
    """Concede the game to ``to``; when every other player has, ``to`` wins (no scoring)."""
    s.conceded[p] = to
    ev.append(public(f"Player {p} concedes to player {to}.", "concede"))
    if all(s.conceded[q] == to for q in range(s.n) if q != to):
        s.forum_winners = [to]
        end_game(s, f"every other player conceded to player {to}", ev)


def think(s: GtrState, p: int, jack: bool, ev: list[Event]) -> None:
    """Think (myślenie): take a Jack, refill to the hand limit, or draw one card.

    The refill must be complete (as far as the deck allows); one card is drawn only
    when the hand is at or over its limit.
    """
    s.pre_think = 0
    if jack:
        s.jack_pile -= 1
        s.hand_jacks[p] += 1
        ev.append(public(f"Player {p} thinks and takes a Jack.", "think"))
        return
    k = max(1, hand_limit(s, p) - hand_size(s, p))
    deck = s.deck
    hand = s.hands[p]
    drawn = 0
    while drawn < k and deck:
        hand.append(deck.pop())
        drawn += 1
    ev.append(public(f"Player {p} thinks and draws {drawn} card(s).", "think"))


def discard_before_thinking(s: GtrState, p: int, a: Action, ev: list[Event]) -> None:
    """Latrine (one card) or Vomitorium (the whole hand) before a Thinker action."""
    if a.verb == "latrine":
        s.pre_think |= 1
        what = str(a.args[0])
        if what == "jack":
            s.hand_jacks[p] -= 1
            s.jack_pile += 1
        else:
            s.pool.append(take_building(s.hands[p], BUILDING_INDEX[what]))
        ev.append(public(f"Player {p} discards {what} (Latrine).", "discard"))
    else:
        s.pre_think |= 2
        s.pool.extend(s.hands[p])
        s.hands[p] = []
        s.jack_pile += s.hand_jacks[p]
        s.hand_jacks[p] = 0
        ev.append(public(f"Player {p} discards the whole hand (Vomitorium).", "discard"))


def _apply_give(s: GtrState, a: Action, ev: list[Event]) -> None:
    v, m, demander, _ = s.gives.pop(0)
    if a.verb == "refuse":
        ev.append(public(f"Player {v} is immune: Glory to Rome!", "glory"))
        return
    card = take_building(s.hands[v], BUILDING_INDEX[str(a.args[0])])
    s.stock[demander].append(card)
    ev.append(public(f"Player {v} gives {MATERIAL_NAMES[m]} to player {demander}.", "give"))


def _apply_frame(s: GtrState, f: Frame, a: Action, ev: list[Event]) -> None:
    p = f.player
    verb = a.verb
    args = a.args
    if verb == "lay_continue":
        finish_out_of_town(s, f, p, ev)
        if f.role == CRAFTSMAN:
            s.did_craft[p] = 1
        return
    if verb == PASS:
        if f.role == LEGIONARY and s.demands:
            legionary_demand(s, p, ev)
        if s.half_lay and f.left > 0 and f.role in (CRAFTSMAN, ARCHITECT):
            undo_half_lay(s, ev)  # the next building action was forgone
        f.left = 0
        f.open = 0
        s.pre_think = 0
        return
    if verb == NEXT:
        f.open = 0
        return
    role = f.role
    if role == PRISON_ROLE:
        prison_steal(s, p, int(args[0]), BUILDING_INDEX[str(args[1])], ev)
        f.left = 0
        return
    if role == THINK_ROLE:
        if verb == "latrine" or verb == "vomitorium":
            discard_before_thinking(s, p, a, ev)
            return
        f.left -= 1
        think(s, p, verb == "think_jack", ev)
        return
    if s.fountain >= 0:
        _apply_fountain(s, f, a, ev)
        return
    if role == PATRON:
        if f.open == 0:
            f.left -= 1
        if verb == "hire":
            f.open |= O_POOL
            card = take_material(s.pool, ROLE_INDEX[str(args[0])])
            where = "the pool"
        elif verb == "hire_hand":
            f.open |= O_HAND
            card = take_building(s.hands[p], BUILDING_INDEX[str(args[0])])
            where = "hand (Aqueduct)"
        else:
            f.open |= O_DECK
            card = s.deck.pop()
            where = "the deck (Bar)"
        patron_hire(s, p, card, where, ev)
        return
    if role == LABORER:
        if f.open == 0:
            f.left -= 1
        if verb == "gather":
            f.open |= O_POOL
            card = take_material(s.pool, MATERIAL_INDEX[str(args[0])])
        else:
            f.open |= O_HAND
            card = take_building(s.hands[p], BUILDING_INDEX[str(args[0])])
        laborer_gather(s, p, card, ev)
        return
    if role == MERCHANT:
        if f.open == 0:
            f.left -= 1
        if verb == "sell":
            f.open |= O_MAIN
            card = take_material(s.stock[p], MATERIAL_INDEX[str(args[0])])
            merchant_sell(s, p, card, VIS_PUBLIC, ev)
        elif verb == "sell_deck":
            f.open |= O_MAIN
            merchant_sell(s, p, s.deck.pop(), VIS_NOBODY, ev)  # Atrium: unseen, known to nobody.
        else:
            f.open |= O_HAND
            card = take_building(s.hands[p], BUILDING_INDEX[str(args[0])])
            merchant_sell(s, p, card, p, ev)  # Basilica: known to its owner only.
        return
    if role == LEGIONARY:
        f.left -= 1
        m = MATERIAL_INDEX[str(args[0])]
        for c in s.hands[p]:
            if CARD_MATERIAL[c] == m and c not in s.revealed[p]:
                s.revealed[p].append(c)
                break
        s.demands.append(m if len(args) == 1 else m | NO_POOL)
        ev.append(public(f"Player {p} reveals a {MATERIAL_NAMES[m]} card to demand.", "reveal"))
        return
    # Craftsman / Architect
    if role == CRAFTSMAN:
        s.did_craft[p] = 1
        f.left -= 1
        if verb == "fountain":
            s.fountain = s.deck.pop()
            ev.append(private(p, f"Player {p} turns up {SLUGS[CARD_BUILDING[s.fountain]]} (Fountain)."))
            ev.append(public(f"Player {p} uses the Fountain.", "fountain"))
            return
        if verb == "lay":
            _lay_from(s, f, p, s.hands[p], args, ev)
        else:
            st = find_structure(s, p, BUILDING_INDEX[str(args[0])])
            assert st is not None
            card = take_building(s.hands[p], BUILDING_INDEX[str(args[1])])
            add_material(s, p, st, card, False, ev)
        return
    # Architect
    if f.open == 0:
        f.left -= 1
    if verb == "stairway" or verb == "stairway_pool":
        f.open |= O_STAIR
        v = int(args[0])
        st = find_structure(s, v, BUILDING_INDEX[str(args[1])])
        assert st is not None
        source = s.stock[p] if verb == "stairway" else s.pool
        stairway_add(s, p, v, st, take_material(source, MATERIAL_INDEX[str(args[2])]), ev)
        return
    f.open |= O_MAIN
    if verb == "lay":
        _lay_from(s, f, p, s.hands[p], args, ev)
        return
    st = find_structure(s, p, BUILDING_INDEX[str(args[0])])
    assert st is not None
    source = s.stock[p] if verb == "build" else s.pool
    add_material(s, p, st, take_material(source, MATERIAL_INDEX[str(args[1])]), True, ev)


def _lay_from(s: GtrState, f: Frame, p: int, cards: list[int], args: tuple[int | str, ...], ev: list[Event]) -> None:
    b = BUILDING_INDEX[str(args[0])]
    site = MATERIAL_INDEX[str(args[1])]
    out = args[2] == "out"
    card = take_building(cards, b)
    if out and not has(s, p, B.TOWER):
        # Out of town: a second consecutive building action (Tower: one is enough).
        if f.left > 0:
            f.left -= 1
        else:
            s.half_lay = [p, card]  # the player's next building action must finish it
    lay_foundation(s, p, card, site, out, ev)


def finish_out_of_town(s: GtrState, f: Frame, p: int, ev: list[Event]) -> None:
    """The second building action of an out-of-town foundation started by a Bath client."""
    f.left -= 1
    s.half_lay = []
    ev.append(public(f"Player {p} finishes laying the out-of-town foundation.", "lay"))


def undo_half_lay(s: GtrState, ev: list[Event]) -> None:
    """No second building action followed: the foundation goes back to hand, the site back."""
    p, card = s.half_lay
    s.half_lay = []
    for st in s.buildings[p]:
        if st.card == card:
            s.buildings[p].remove(st)
            s.out_town[st.site] += 1
            s.hands[p].append(card)
            break
    refresh_active(s)
    ev.append(public(f"Player {p}'s out-of-town foundation is not finished and returns to hand.", "lay"))


def _apply_fountain(s: GtrState, f: Frame, a: Action, ev: list[Event]) -> None:
    p = f.player
    card = s.fountain
    s.fountain = -1
    if a.verb == "keep":
        s.hands[p].append(card)
        ev.append(public(f"Player {p} keeps the Fountain card.", "fountain"))
        return
    if a.verb == "lay":
        _lay_from(s, f, p, [card], a.args, ev)
        return
    st = find_structure(s, p, BUILDING_INDEX[str(a.args[0])])
    assert st is not None
    add_material(s, p, st, card, False, ev)


def patron_hire(s: GtrState, p: int, card: int, where: str, ev: list[Event]) -> None:
    """Patron: a card becomes a client (it does not act this turn, Bath excepted)."""
    s.clients[p].append(card)
    s.fresh[p].append(card)
    role = CARD_MATERIAL[card]
    ev.append(public(f"Player {p} hires a {ROLE_NAMES[role]} client from {where}.", "hire"))
    if has(s, p, B.BATH):
        # Bath (Łaźnie): the new client at once performs one action of its printed role.
        s.stack.append(Frame(p, role, 1, BATH))


def laborer_gather(s: GtrState, p: int, card: int, ev: list[Event]) -> None:
    """Laborer: a card goes to the stockpile (from the pool, or from hand with Dock)."""
    s.stock[p].append(card)
    ev.append(public(f"Player {p} gathers {MATERIAL_NAMES[CARD_MATERIAL[card]]}.", "gather"))


def merchant_sell(s: GtrState, p: int, card: int, vis: int, ev: list[Event]) -> None:
    """Merchant: a card goes face down into the vault."""
    s.vault[p].append(card)
    s.vault_vis[p].append(vis)
    if vis == VIS_PUBLIC:
        ev.append(public(f"Player {p} sells {MATERIAL_NAMES[CARD_MATERIAL[card]]}.", "sell"))
    else:
        ev.append(public(f"Player {p} puts a hidden card into the vault.", "sell"))


def lay_foundation(s: GtrState, p: int, card: int, site: int, out: bool, ev: list[Event]) -> None:
    """Lay a foundation on an in-town or out-of-town site."""
    if out:
        s.out_town[site] -= 1
    else:
        s.in_town[site] -= 1
    s.buildings[p].append(Structure(card, site, out))
    where = "out of town" if out else "in town"
    ev.append(public(f"Player {p} lays a {SLUGS[CARD_BUILDING[card]]} foundation {where}.", "lay"))
    refresh_active(s)
    check_forum(s, ev)  # Ruling §15.19: a Forum under Gate wins before the site ending.
    if not out and not s.over and sum(s.in_town) == 0:
        end_game(s, "the last in-town site was taken", ev)


def add_material(s: GtrState, p: int, st: Structure, card: int, architect: bool, ev: list[Event]) -> None:
    """Add a material to one of ``p``'s structures; complete it when enough are in."""
    st.materials.append(card)
    m = CARD_MATERIAL[card]
    ev.append(public(f"Player {p} adds {MATERIAL_NAMES[m]} to {SLUGS[CARD_BUILDING[st.card]]}.", "build"))
    done = len(st.materials) >= VALUE[st.site]
    if m == MARBLE and not done and has(s, p, B.GATE):
        refresh_active(s)  # a Stone structure with Marble counts as Marble under a Gate
    if m == MARBLE and has(s, p, B.SCRIPTORIUM):
        done = True  # Scriptorium (Skryptorium): one Marble completes any structure at once.
    if architect and s.game.functions and CARD_BUILDING[st.card] == B.VILLA:
        done = True  # Villa (Rezydencja): one Architect action completes it.
    if done:
        complete_structure(s, p, st, ev)


def complete_structure(s: GtrState, p: int, st: Structure, ev: list[Event]) -> None:
    """Completion: the site goes to the influence row, the function is active at once."""
    st.complete = True
    s.inf_sites[p].append(st.site)
    b = CARD_BUILDING[st.card]
    ev.append(public(f"Player {p} completes {SLUGS[b]} (+{VALUE[st.site]} influence).", "complete"))
    refresh_active(s)
    check_forum(s, ev)
    if s.over or not s.game.functions:
        return
    upon_completion(s, p, b, ev)


def upon_completion(s: GtrState, p: int, b: int, ev: list[Event]) -> None:
    """One-off effects "w momencie ukończenia" (also when stolen with a Prison)."""
    if b == B.CATACOMB:
        end_game(s, f"player {p} completed the Catacomb", ev)
    elif b == B.AMPHITHEATRE:
        s.stack.append(Frame(p, CRAFTSMAN, influence(s, p), BONUS))
    elif b == B.FOUNDRY:
        s.stack.append(Frame(p, LABORER, influence(s, p), BONUS))
    elif b == B.GARDEN:
        s.stack.append(Frame(p, PATRON, influence(s, p), BONUS))
    elif b == B.SCHOOL:
        s.stack.append(Frame(p, THINK_ROLE, influence(s, p), BONUS))
    elif b == B.PRISON:
        s.stack.append(Frame(p, PRISON_ROLE, 1, PRISON))


def stairway_add(s: GtrState, p: int, v: int, st: Structure, card: int, ev: list[Event]) -> None:
    """Stairway: a material on an opponent's completed structure makes its function public."""
    st.materials.append(card)
    st.public = True
    ev.append(public(f"Player {p} makes {SLUGS[CARD_BUILDING[st.card]]} of player {v} public (Stairway).", "stairway"))
    refresh_active(s)


def prison_steal(s: GtrState, p: int, v: int, b: int, ev: list[Event]) -> None:
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
    ev.append(public(f"Player {p} takes {SLUGS[b]} from player {v} (Prison).", "prison"))
    refresh_active(s)
    check_forum(s, ev)
    if not s.over:
        upon_completion(s, p, b, ev)


def legionary_demand(s: GtrState, p: int, ev: list[Event]) -> None:
    """Resolve "Rome demands": the pool first, then each affected opponent.

    Each demanded card takes one matching card from the pool; each affected
    opponent gives one matching card from hand (Palisade protects unless the
    demander has a Bridge; Wall always protects).  Bridge also takes one from the
    opponent's stockpile; Colosseum takes a matching client into the vault.
    """
    demands = [d & 7 for d in s.demands]
    from_pool = [not d & NO_POOL for d in s.demands]
    s.demands = []
    names = " ".join(MATERIAL_NAMES[m] for m in demands)
    ev.append(public(f"Player {p}: in the name of the Senate and People of Rome I demand {names}!", "demand"))
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
            ev.append(public(f"Player {o} is immune.", "immune"))
            s.gives.extend([o, m, p, 1] for m in demands)
            continue
        for m in demands:
            s.gives.append([o, m, p, 0])
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
                colosseum_take(s, p, candidates[i], candidates[i + 1], ev)
        elif room > 0:
            s.colosseum = [p, *candidates]  # too little room: the demander chooses


def colosseum_take(s: GtrState, p: int, o: int, m: int, ev: list[Event]) -> None:
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
    ev.append(public(f"Player {p} takes a {ROLE_NAMES[m]} client of player {o} (Colosseum).", "colosseum"))


def _apply_colosseum(s: GtrState, a: Action, ev: list[Event]) -> None:
    p = s.colosseum[0]
    o = int(a.args[0])
    m = ROLE_INDEX[str(a.args[1])]
    pairs = s.colosseum[1:]
    for i in range(0, len(pairs), 2):
        if pairs[i] == o and pairs[i + 1] == m:
            del pairs[i : i + 2]
            break
    colosseum_take(s, p, o, m, ev)
    if pairs and len(s.vault[p]) < vault_limit(s, p):
        s.colosseum = [p, *pairs]
    else:
        s.colosseum = []


def _process_gives(s: GtrState, ev: list[Event]) -> None:
    """Carry out forced gives; stop at a give where the giver has a real choice.

    A protected player is always asked (give or refuse), whether or not they hold the
    material: asking only those who do would make their hands public.
    """
    while s.gives:
        v, m, demander, voluntary = s.gives[0]
        kinds = distinct_buildings(_of_material(s.hands[v], m))
        if len(kinds) > 1 or voluntary:
            return
        s.gives.pop(0)
        if not kinds:
            ev.append(public(f"Player {v}: Glory to Rome!", "glory"))
            continue
        s.stock[demander].append(take_building(s.hands[v], kinds[0]))
        ev.append(public(f"Player {v} gives {MATERIAL_NAMES[m]} to player {demander}.", "give"))


def _apply_end(s: GtrState, a: Action, ev: list[Event]) -> None:
    kind, p = s.endq[0]
    verb = a.verb
    if kind == ACADEMY:
        if verb == "latrine" or verb == "vomitorium":
            discard_before_thinking(s, p, a, ev)
            return
        s.endq.pop(0)
        if verb != PASS:
            think(s, p, verb == "think_jack", ev)
        s.pre_think = 0
        return
    if kind == SEWER:
        s.endq.pop(0)
        if verb == "sewer":
            # Sewer (Ściek): the Orders played to lead or follow go to the stockpile.
            s.stock[p].extend(s.camp[p])
            s.camp[p] = []
            ev.append(public(f"Player {p} moves the played Orders to the stockpile (Sewer).", "sewer"))
        return
    if verb == PASS:
        s.endq.pop(0)
        return
    v = int(a.args[0])
    s.camp_jacks[v] -= 1
    s.hand_jacks[p] += 1
    ev.append(public(f"Player {p} takes the Jack played by player {v} (Senate).", "senate"))


def end_turn(s: GtrState, ev: list[Event]) -> None:
    """Played Orders to the pool, Jacks to their pile; the Leader card passes left."""
    n = s.n
    for p in range(n):
        if s.camp[p]:
            s.pool.extend(s.camp[p])
            s.camp[p] = []
        s.jack_pile += s.camp_jacks[p]
        s.camp_jacks[p] = 0
        s.fresh[p] = []
        s.revealed[p] = []
        s.units[p] = 0
        s.did_craft[p] = 0
    s.role = -1
    s.leader = (s.leader + 1) % n
    s.current = s.leader
    s.phase = LEAD
    s.pre_think = 0
    s.palace_open = 0
    s.turn += 1


def _start_end_of_turn(s: GtrState) -> None:
    n = s.n
    order = [(s.leader + i) % n for i in range(n)]
    q = [[ACADEMY, p] for p in order if s.did_craft[p] and has(s, p, B.ACADEMY)]
    q.extend([SEWER, p] for p in order if s.camp[p] and has(s, p, B.SEWER))
    q.extend([SENATE, p] for p in order if has(s, p, B.SENATE))
    s.endq = q
    s.phase = END_OF_TURN


def advance(s: GtrState, ev: list[Event]) -> None:
    """Move on until a real decision is pending (forced passes are taken here)."""
    while not s.over:
        ph = s.phase
        if ph == ACT:
            if s.gives:
                _process_gives(s, ev)
                check_forum(s, ev)  # a given card may complete a Forum condition
                if s.over:
                    return
                if s.gives:
                    s.cache = None
                    return
            if s.colosseum:
                s.cache = None
                return
            if s.stack:
                f = s.stack[-1]
                if f.left <= 0 and f.open == 0 and s.fountain < 0 and not s.demands:
                    s.stack.pop()
                    continue
                legal = legal_actions(s)
                if len(legal) == 1 and legal[0].verb in (PASS, NEXT):
                    _apply_frame(s, f, legal[0], ev)
                    if not s.over:
                        check_forum(s, ev)
                    continue
                s.cache = legal
                return
            if s.half_lay:
                undo_half_lay(s, ev)  # the player's batch ended without a second action
            if s.act_index < s.n:
                p = (s.leader + s.act_index) % s.n
                s.act_index += 1
                role = s.role
                base = client_base(s, p, role)
                cm = s.units[p] > 0 and has(s, p, B.CIRCUS_MAXIMUS)
                total = s.units[p] + base * (2 if cm else 1)
                if total > 0:
                    s.stack.append(Frame(p, role, total, MAIN, base, 0, int(cm)))
                continue
            _start_end_of_turn(s)
            continue
        if ph == END_OF_TURN:
            if s.endq:
                legal = legal_actions(s)
                if len(legal) == 1 and legal[0].verb == PASS:
                    s.endq.pop(0)
                    continue
                s.cache = legal
                return
            end_turn(s, ev)
            continue
        s.cache = None
        return


def check_forum(s: GtrState, ev: list[Event]) -> None:
    """Forum (Plac miejski): instant win for every player who meets its condition."""
    if s.over:
        return
    forum = B.FORUM
    for mask in s.active:
        if (mask >> forum) & 1:
            break
    else:
        return
    winners = [p for p in range(s.n) if (s.active[p] >> forum) & 1 and forum_condition(s, p)]
    if winners:
        s.forum_winners = winners
        who = ", ".join(str(p) for p in winners)
        end_game(s, f"Forum: player(s) {who} met the Forum condition", ev)


def forum_condition(s: GtrState, p: int) -> bool:
    """Clients of all six roles (Ludus Magnus, Storeroom may stand in) and, under the
    new rules, one material of each type in the stockpile."""
    if not s.game.classic:
        seen = 0
        for c in s.stock[p]:
            seen |= 1 << CARD_MATERIAL[c]
        if seen != 0b111111:
            return False
    counts = [0] * 6
    for c in s.clients[p]:
        counts[CARD_MATERIAL[c]] += 1
    missing = [r for r in range(6) if counts[r] == 0]
    if not missing:
        return True
    spare_other = sum(counts[r] - 1 for r in range(6) if counts[r] > 1 and r != MERCHANT)
    spare_merchants = counts[MERCHANT] - 1 if counts[MERCHANT] > 0 else 0
    if LABORER in missing and has(s, p, B.STOREROOM):
        if spare_other > 0:
            missing.remove(LABORER)
        elif spare_merchants > 0:
            missing.remove(LABORER)
            spare_merchants -= 1
    if not missing:
        return True
    return has(s, p, B.LUDUS_MAGNUS) and len(missing) <= spare_merchants


def check_legal(s: GtrState, action: Action) -> None:
    """Raise :class:`IllegalActionError` unless ``action`` is legal now."""
    legal = s.cache if s.cache is not None else legal_actions(s)
    s.cache = legal
    for a in legal:
        if a is action:  # actions come from prebuilt tables: identity is the fast path
            return
    if action not in legal:
        raise IllegalActionError(f"illegal action {action}: {s.why_illegal(action)}")
