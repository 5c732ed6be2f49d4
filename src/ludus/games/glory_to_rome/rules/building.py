"""Building: the Craftsman and the Architect (PL "ROLE: CIESLA | MURARZ", "Wznoszenie OBIEKTOW").

RULE: glory_to_rome.pl "Wznoszenie OBIEKTOW" — lay a foundation from hand on a free site of
      its material, never two of one name; add matching materials (Craftsman from hand,
      Architect from the stockpile) until the site's value is reached.
RULE: glory_to_rome.pl "ODLEGEY PLAC BUDOWY" — an out-of-town site takes two successive
      building actions in the same turn (:func:`lay_from`).
Building functions of the builders: Archway, Fountain, Road, Scriptorium, Stairway,
Statue, Tower, Villa.
"""

from __future__ import annotations

from ludus.core.actions import Action, Arg
from ludus.core.decisions import replace_on
from ludus.core.events import Log
from ludus.core.reasons import N_, Reason, because
from ludus.games.glory_to_rome.components import (
    BATH,
    BUILDING_INDEX,
    BUILDING_MATERIAL,
    BUILDINGS,
    CARD_BUILDING,
    CARD_MATERIAL,
    CRAFTSMAN,
    MARBLE,
    MATERIAL_INDEX,
    MATERIAL_NAMES,
    PATRON,
    RUBBLE,
    SLUGS,
    STONE,
    V_BUILD,
    V_BUILD_POOL,
    V_FOUNTAIN,
    V_KEEP,
    V_LAY,
    V_LAY_CONTINUE,
    V_NEXT,
    V_STAIRWAY,
    V_STAIRWAY_POOL,
    VALUE,
    B,
    Termination,
    Verb,
    distinct_buildings,
    distinct_materials,
    take_building,
    take_material,
)
from ludus.games.glory_to_rome.decisions import O_MAIN, O_STAIR, Frame, GtrData, HalfLaid, top_frame
from ludus.games.glory_to_rome.rules.completion import complete_structure, refresh_active
from ludus.games.glory_to_rome.rules.end_of_game import check_forum, end_game
from ludus.games.glory_to_rome.rules.patron import patron_legal
from ludus.games.glory_to_rome.state import (
    Structure,
    find_structure,
    has,
    owned_names,
    structure_materials,
)

_ALL_MATERIALS = 0b111111
_TOWER = B.TOWER

# ---------------------------------------------------------------------------
# Legal actions
# ---------------------------------------------------------------------------


def lay_options(s: GtrData, p: int, spare: int, cards: list[int]) -> list[Action]:
    """Foundations from ``cards``; ``spare`` = further actions left for out of town.

    A client hired under Bath acts alone, so its single building action may start an
    out-of-town foundation that the player's next building action finishes (§15.14).
    """
    owned = owned_names(s, p)
    out_ok = spare >= 1 or (s.active[p] >> _TOWER) & 1 or (_in_bath_batch(s) and _may_follow(s, p))
    statue_any = s.cfg.functions
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
                res.append(s.acts.get(p, V_LAY, slug, MATERIAL_NAMES[m], "in"))
            if out_ok and s.out_town[m] > 0:
                res.append(s.acts.get(p, V_LAY, slug, MATERIAL_NAMES[m], "out"))
    return res


def _in_bath_batch(s: GtrData) -> bool:
    """Whether the batch being taken is a lone (Bath) action."""
    f = top_frame(s)
    return f is not None and f.kind == BATH


def _may_follow(s: GtrData, p: int) -> bool:
    """Whether ``p`` may still act after this lone (Bath) action: a frame below with actions
    not yet started, or a Patron action there that may still hire (Aqueduct, Bar), so a
    client could come and finish the foundation. Without one the foundation would return to
    hand at once, the same as passing (ruling 10), so out of town is not offered then
    (ruling 28)."""
    stack = s.pending
    for i in range(len(stack) - 1):
        f = stack[i]
        if type(f) is not Frame or f.who != p:
            continue
        if f.left > 0:
            return True
        if f.open and f.role == PATRON and any(a.verb != V_NEXT for a in patron_legal(s, f)):
            return True
    return False


def accepted_materials(s: GtrData, p: int, st: Structure) -> int:
    """Bit mask of the materials that may be added to ``p``'s incomplete structure ``st``."""
    mats = structure_materials(st)
    mask = s.active[p]
    if (mask >> B.ROAD) & 1 and STONE in mats:
        return _ALL_MATERIALS  # Road (Ulica): any material into your Stone structures.
    ok = 0
    for m in mats:
        ok |= 1 << m
    if (mask >> B.TOWER) & 1:
        ok |= 1 << RUBBLE  # Tower (Wieża): Rubble into any structure.
    if (mask >> B.SCRIPTORIUM) & 1:
        ok |= 1 << MARBLE  # Scriptorium: Marble completes any.
    return ok


def fits(s: GtrData, p: int, st: Structure, m: int) -> bool:
    """Whether material ``m`` may be added to ``p``'s incomplete structure ``st``."""
    return bool((accepted_materials(s, p, st) >> m) & 1)


def _build_from_cards(s: GtrData, p: int, cards: list[int]) -> list[Action]:
    res = []
    bs = None
    for st in s.buildings[p]:
        if st.complete:
            continue
        if bs is None:
            bs = distinct_buildings(cards)
        target = SLUGS[CARD_BUILDING[st.card]]
        ok = accepted_materials(s, p, st)
        for b in bs:
            if (ok >> BUILDING_MATERIAL[b]) & 1:
                res.append(s.acts.get(p, V_BUILD, target, SLUGS[b]))
    return res


def _build_from_materials(s: GtrData, p: int, cards: list[int], verb: Verb) -> list[Action]:
    res = []
    mats = None
    for st in s.buildings[p]:
        if st.complete:
            continue
        if mats is None:
            mats = distinct_materials(cards)
        target = SLUGS[CARD_BUILDING[st.card]]
        ok = accepted_materials(s, p, st)
        for m in mats:
            if (ok >> m) & 1:
                res.append(s.acts.get(p, verb, target, MATERIAL_NAMES[m]))
    return res


def _architect_main(s: GtrData, p: int, spare: int) -> list[Action]:
    out = lay_options(s, p, spare, s.hands[p])
    out.extend(_build_from_materials(s, p, s.stock[p], V_BUILD))
    if has(s, p, B.ARCHWAY):
        out.extend(_build_from_materials(s, p, s.pool, V_BUILD_POOL))
    return out


def _stairway_options(s: GtrData, p: int) -> list[Action]:
    """Stairway (Schody): add a matching material to an opponent's completed structure."""
    if not has(s, p, B.STAIRWAY):
        return []
    res = []
    stock = distinct_materials(s.stock[p])
    pool = distinct_materials(s.pool) if has(s, p, B.ARCHWAY) else ()
    for v in range(s.n):
        if v == p:
            continue
        for st in s.buildings[v]:
            if not st.complete or st.public:
                continue
            target = SLUGS[CARD_BUILDING[st.card]]
            for m in structure_materials(st):
                if m in stock:
                    res.append(s.acts.get(p, V_STAIRWAY, v, target, MATERIAL_NAMES[m]))
                if m in pool:
                    res.append(s.acts.get(p, V_STAIRWAY_POOL, v, target, MATERIAL_NAMES[m]))
    return res


def half_laid_legal(s: GtrData, f: Frame) -> list[Action]:
    """With an out-of-town foundation half laid: finish it with this action, or pass."""
    p = f.who
    if f.left > 0 and f.open == 0:
        return [s.acts.get(p, V_LAY_CONTINUE), s.acts.pass_[p]]
    return [s.acts.pass_[p]]


def fountain_legal(s: GtrData, f: Frame) -> list[Action]:
    """Fountain (Fontanna): the drawn card may be laid, added as a material, or kept."""
    p = f.who
    card = [s.fountain]
    out = lay_options(s, p, f.left, card)
    out.extend(_build_from_cards(s, p, card))
    out.append(s.acts.get(p, V_KEEP))
    return out


def craftsman_legal(s: GtrData, f: Frame) -> list[Action]:
    """A Craftsman action: lay a foundation or add a material from hand (Fountain: the deck)."""
    p = f.who
    out = []
    if f.left > 0:
        out = lay_options(s, p, f.left - 1, s.hands[p])
        out.extend(_build_from_cards(s, p, s.hands[p]))
        if s.deck and has(s, p, B.FOUNTAIN):
            out.append(s.acts.get(p, V_FOUNTAIN))
    out.append(s.acts.pass_[p])
    return out


def architect_legal(s: GtrData, f: Frame) -> list[Action]:
    """An Architect action: lay a foundation or add a material from the stockpile (Archway:
    the pool); Stairway: also a material on an opponent's completed structure."""
    p = f.who
    out = []
    if f.open == 0:
        if f.left > 0:
            out = _architect_main(s, p, f.left - 1)
            out.extend(_stairway_options(s, p))
        out.append(s.acts.pass_[p])
        return out
    if not f.open & O_MAIN:
        out = _architect_main(s, p, f.left)
    if not f.open & O_STAIR:
        out.extend(_stairway_options(s, p))
    out.append(s.acts.next[p])
    return out


# ---------------------------------------------------------------------------
# Effects
# ---------------------------------------------------------------------------


def craftsman_act(s: GtrData, f: Frame, a: Action, log: Log) -> None:
    """Carry out ``lay``, ``build`` or ``fountain`` within a Craftsman frame."""
    p = f.who
    s.did_craft[p] = 1
    f = s.pending[-1] = f.with_counts(f.left - 1, f.open)  # (the batch answered is the top: no search)
    if a.verb == V_FOUNTAIN:
        s.fountain = s.deck.pop()
        log.private(p, "fountain_card", seat=p, card=s.fountain)
        log.public("fountain", seat=p)
        return
    if a.verb == V_LAY:
        lay_from(s, f, p, s.hands[p], a.args, log)
        return
    st = find_structure(s, p, BUILDING_INDEX[str(a.args[0])])
    assert st is not None
    card = take_building(s.hands[p], BUILDING_INDEX[str(a.args[1])])
    add_material(s, p, st, card, False, log)


def architect_act(s: GtrData, f: Frame, a: Action, log: Log) -> None:
    """Carry out ``lay``, ``build``, ``build_pool`` or a Stairway within an Architect frame."""
    p = f.who
    verb = a.verb
    args = a.args
    left = f.left - 1 if f.open == 0 else f.left
    if verb in (V_STAIRWAY, V_STAIRWAY_POOL):
        s.pending[-1] = f.with_counts(left, f.open | O_STAIR)  # (the batch answered is the top: no search)
        v = int(args[0])
        st = find_structure(s, v, BUILDING_INDEX[str(args[1])])
        assert st is not None
        source = s.stock[p] if verb == V_STAIRWAY else s.pool
        stairway_add(s, p, v, st, take_material(source, MATERIAL_INDEX[str(args[2])]), log)
        return
    f = s.pending[-1] = f.with_counts(left, f.open | O_MAIN)  # (the batch answered is the top: no search)
    if verb == V_LAY:
        lay_from(s, f, p, s.hands[p], args, log)
        return
    st = find_structure(s, p, BUILDING_INDEX[str(args[0])])
    assert st is not None
    source = s.stock[p] if verb == V_BUILD else s.pool
    add_material(s, p, st, take_material(source, MATERIAL_INDEX[str(args[1])]), True, log)


def fountain_act(s: GtrData, f: Frame, a: Action, log: Log) -> None:
    """The Fountain card: keep it, lay it, or add it as a material."""
    p = f.who
    card = s.fountain
    s.fountain = -1
    if a.verb == V_KEEP:
        s.hands[p].append(card)
        log.public("fountain_keep", seat=p)
        return
    if a.verb == V_LAY:
        lay_from(s, f, p, [card], a.args, log)
        return
    st = find_structure(s, p, BUILDING_INDEX[str(a.args[0])])
    assert st is not None
    add_material(s, p, st, card, False, log)


def lay_from(s: GtrData, f: Frame, p: int, cards: list[int], args: tuple[Arg, ...], log: Log) -> None:
    """Lay a foundation from ``cards``; out of town it takes the next building action too."""
    b = BUILDING_INDEX[str(args[0])]
    site = MATERIAL_INDEX[str(args[1])]
    out = args[2] == "out"
    card = take_building(cards, b)
    if out and not has(s, p, B.TOWER):
        # Out of town: a second consecutive building action (Tower: one is enough).
        if f.left > 0:
            replace_on(s.pending, f, f.with_counts(f.left - 1, f.open))
        else:  # the player's next building action must finish it (beneath the player's batches)
            s.pending.insert(0, HalfLaid(p, card))
    lay_foundation(s, p, card, site, out, log)


def lay_foundation(s: GtrData, p: int, card: int, site: int, out: bool, log: Log) -> None:
    """Lay a foundation on an in-town or out-of-town site."""
    if out:
        s.out_town[site] -= 1
    else:
        s.in_town[site] -= 1
    s.buildings[p].append(Structure(card, site, out))
    log.public("lay", seat=p, building=CARD_BUILDING[card], material=site, out=out)
    refresh_active(s)
    check_forum(s, log)  # Ruling §15.19: a Forum under Gate wins before the site ending.
    if not out and not s.over and sum(s.in_town) == 0:
        end_game(s, Termination.LAST_SITE, log)


def add_material(s: GtrData, p: int, st: Structure, card: int, architect: bool, log: Log) -> None:
    """Add a material to one of ``p``'s structures; complete it when enough are in."""
    st.materials.append(card)
    m = CARD_MATERIAL[card]
    log.public("build", seat=p, material=m, building=CARD_BUILDING[st.card])
    done = len(st.materials) >= VALUE[st.site]
    if m == MARBLE and not done and has(s, p, B.GATE):
        refresh_active(s)  # a Stone structure with Marble counts as Marble under a Gate
    if m == MARBLE and has(s, p, B.SCRIPTORIUM):
        done = True  # Scriptorium (Skryptorium): one Marble completes any structure at once.
    if architect and s.cfg.functions and CARD_BUILDING[st.card] == B.VILLA:
        done = True  # Villa (Rezydencja): one Architect action completes it.
    if done:
        complete_structure(s, p, st, log)


def stairway_add(s: GtrData, p: int, v: int, st: Structure, card: int, log: Log) -> None:
    """Stairway: a material on an opponent's completed structure makes its function public."""
    st.materials.append(card)
    st.public = True
    log.public("stairway", seat=p, building=CARD_BUILDING[st.card], owner=v)
    refresh_active(s)


def finish_out_of_town(s: GtrData, f: Frame, log: Log) -> None:
    """The second building action of an out-of-town foundation started by a Bath client."""
    p = f.who
    s.pending[-1] = f.with_counts(f.left - 1, f.open)  # (the batch answered is the top: no search)
    _take_half_laid(s)
    log.public("lay_finished", seat=p)
    if f.role == CRAFTSMAN:
        s.did_craft[p] = 1


def undo_half_lay(s: GtrData, log: Log) -> None:
    """No second building action followed: the foundation goes back to hand, the site back."""
    half = _take_half_laid(s)
    p, card = half.who, half.card
    for st in s.buildings[p]:
        if st.card == card:
            s.buildings[p].remove(st)
            s.out_town[st.site] += 1
            s.hands[p].append(card)
            break
    refresh_active(s)
    log.public("lay_undone", seat=p)


def _take_half_laid(s: GtrData) -> HalfLaid:
    """Take the half-laid foundation off the bottom of the stack."""
    half = s.pending.pop(0)
    assert type(half) is HalfLaid
    return half


# ---------------------------------------------------------------------------
# Reasons (why laying a foundation is refused)
# ---------------------------------------------------------------------------


def lay_why(s: GtrData, f: Frame, a: Action) -> Reason | None:
    """Why ``lay <building> <material> <in|out>`` from hand is refused: the card is not in hand,
    the player has that building already, its site is of another material, or no site is left."""
    p = f.who
    if len(a.args) != 3 or a.args[2] not in ("in", "out"):
        return None
    b = BUILDING_INDEX.get(str(a.args[0]))
    m = MATERIAL_INDEX.get(str(a.args[1]))
    if b is None or m is None:
        return None
    if not any(CARD_BUILDING[c] == b for c in s.hands[p]):
        return because(N_("you have no {building:building} in hand"), building=b)
    if (owned_names(s, p) >> b) & 1:
        return because(N_("you already have {building:a_building}"), building=b)
    if m != BUILDINGS[b].material and not (b == B.STATUE and s.cfg.functions):
        return because(N_("{building:building} is built on a {material:material} site"),
                       building=b, material=BUILDINGS[b].material)
    if a.args[2] == "in" and s.in_town[m] <= 0:
        return because(N_("no in-town {material:material} site is left"), material=m)
    if a.args[2] == "out" and s.out_town[m] <= 0:
        return because(N_("no out-of-town {material:material} site is left"), material=m)
    return None
