"""Is loaded data a Glory to Rome position? :func:`violations` says why not.

``Game.state_from_json`` runs it once on every loaded state (never on the hot paths):
every range the rules rely on — seats, card ids, materials, roles, counts, the
pending decisions' fields and the phase they belong to — then the conservation
invariants of :mod:`.invariants` (every Order card once, six Jacks, 36 sites, six of
each material), and last that a state not over waits for a seat that has an answer.
Messages name the field: ``"state field 'current': seat 5 in a 3-player game"``.
"""

from __future__ import annotations

from typing import Any

from ludus.games.glory_to_rome import invariants
from ludus.games.glory_to_rome.components import (
    ACT,
    CARD_BUILDING,
    CARD_MATERIAL,
    END_OF_TURN,
    FOLLOW,
    LEAD,
    N_CARDS,
    PRISON_ROLE,
    SITES_PER_MATERIAL,
    THINKER,
    VIS_NOBODY,
    VIS_PUBLIC,
    EndStepKind,
    FrameKind,
)
from ludus.games.glory_to_rome.decisions import (
    NO_MATERIAL,
    GtrData,
    colosseum_of,
    demands,
    end_steps,
    frames,
    gives,
    half_laid,
    petition_of,
)
from ludus.games.glory_to_rome.rules import legal_actions, to_move

PER_SEAT = ("hands", "hand_jacks", "clients", "fresh", "stock", "vault", "vault_vis", "inf_sites",
            "buildings", "camp", "camp_jacks", "units", "did_craft", "revealed", "conceded")
"""Fields with one entry per seat."""
CARD_LISTS = ("deck", "pool", "removed")
SEAT_CARD_LISTS = ("hands", "clients", "fresh", "stock", "vault", "camp", "revealed")


class _Problems(list[str]):
    """The collected messages, with helpers that name the field."""

    def __init__(self, n: int) -> None:
        super().__init__()
        self.n = n

    def add(self, field: str, text: str) -> None:
        self.append(f"state field {field!r}: {text}")

    def int_in(self, field: str, value: Any, low: int, high: int) -> bool:
        """``low <= value < high`` for an integer ``value`` (else a problem, ``False``)."""
        if type(value) is not int:
            self.add(field, f"expected an integer, got {type(value).__name__}")
            return False
        if not low <= value < high:
            self.add(field, f"{value} is out of range ({low}..{high - 1})")
            return False
        return True

    def seat(self, field: str, value: Any) -> bool:
        """A seat of this game."""
        if type(value) is int and not 0 <= value < self.n:
            self.add(field, f"seat {value} in a {self.n}-player game")
            return False
        return self.int_in(field, value, 0, self.n)

    def cards(self, field: str, values: list[Any]) -> None:
        """Every element a known Order card id."""
        for c in values:
            if not self.int_in(field, c, 0, N_CARDS):
                return


def shape_violations(s: GtrData) -> list[str]:
    """The checks that must pass before anything indexes the state's lists by seat or card
    (the game runs them while loading, before computing the active functions)."""
    out = _Problems(s.cfg.players)
    if s.n != s.cfg.players:
        out.add("n", f"{s.n} players, but the game has {s.cfg.players}")
        return out
    _shapes(s, out)
    return out


def violations(s: GtrData) -> list[str]:
    """One line per reason the data is not a position (empty when it is)."""
    out = _Problems(s.n)
    out.extend(shape_violations(s))
    if out:
        return out  # the checks below index lists by seat and card
    _scalars(s, out)
    _seats(s, out)
    _decisions(s, out)
    if out:
        return out
    out.extend(invariants.violations(s))
    out.extend(_sites_per_material(s))
    if not out and not s.over:
        movers = to_move(s)
        if not movers:
            out.add("phase", f"{s.phase.name.lower()} with no decision pending")
        elif not legal_actions(s):
            out.add("phase", f"seat {movers[0]} is to move but has no legal action")
    return out


def _shapes(s: GtrData, out: _Problems) -> None:
    """Lengths per player count and per material, element types and card ids."""
    n = s.n
    for name in PER_SEAT:
        value = getattr(s, name)
        if len(value) != n:
            out.add(name, f"{len(value)} entries for {n} players")
    for name in ("in_town", "out_town", "sites_removed"):
        if len(getattr(s, name)) != 6:
            out.add(name, f"{len(getattr(s, name))} entries, not one per material (6)")
    if out:
        return
    for name in CARD_LISTS:
        out.cards(name, getattr(s, name))
    for name in SEAT_CARD_LISTS:
        for row in getattr(s, name):
            out.cards(name, row)
    for p in range(n):
        for st in s.buildings[p]:
            if out.int_in("buildings", st.card, 0, N_CARDS):
                out.int_in("buildings", st.site, 0, 6)
            out.cards("buildings", st.materials)
        if len(s.vault_vis[p]) != len(s.vault[p]):
            out.add("vault_vis",
                    f"seat {p} has {len(s.vault_vis[p])} entries for {len(s.vault[p])} vault cards")
        for vis in s.vault_vis[p]:
            if vis not in (VIS_PUBLIC, VIS_NOBODY, p) or type(vis) is not int:
                out.add("vault_vis", f"seat {p}: {vis!r} is not -1 (public), -2 (nobody) or the owner")
                break
        for m in s.inf_sites[p]:
            if not out.int_in("inf_sites", m, 0, 6):
                break
    for name in ("hand_jacks", "camp_jacks", "units", "in_town", "out_town", "sites_removed"):
        for x in getattr(s, name):
            if out.int_in(name, x, 0, 100):
                continue
            break


def _scalars(s: GtrData, out: _Problems) -> None:
    """The single numbers: counts, flags, the led role, the phase."""
    n = s.n
    out.int_in("jack_pile", s.jack_pile, 0, 100)
    out.int_in("turn", s.turn, 0, 1 << 62)
    for name in ("palace_open", "over"):
        out.int_in(name, getattr(s, name), 0, 2)
    out.int_in("pre_think", s.pre_think, 0, 4)
    out.int_in("act_index", s.act_index, 0, n + 1)
    out.int_in("role", s.role, -1, 6)
    if s.fountain != -1:
        out.int_in("fountain", s.fountain, 0, N_CARDS)
        if s.phase != ACT or not frames(s):
            out.add("fountain", "a Fountain card is drawn only during a batch of actions")
    if s.phase not in (LEAD, FOLLOW, ACT, END_OF_TURN):
        out.add("phase", f"{int(s.phase)} is not a phase a game rests in")
    if s.phase in (FOLLOW, ACT) and s.role < 0:
        out.add("role", f"no role is led in the {s.phase.name.lower()} phase")
    for flags in ("did_craft",):
        for x in getattr(s, flags):
            if not out.int_in(flags, x, 0, 2):
                break
    if not s.over and (s.end_reason or s.forum_winners):
        out.add("end_reason" if s.end_reason else "forum_winners", "set in a game that is not over")


def _seats(s: GtrData, out: _Problems) -> None:
    """Every seat id, and the lists tied to another list (new clients are clients)."""
    out.seat("leader", s.leader)
    out.seat("current", s.current)
    for w in s.forum_winners:
        out.seat("forum_winners", w)
    if len(set(s.forum_winners)) != len(s.forum_winners):
        out.add("forum_winners", "a seat twice")
    for p, q in enumerate(s.conceded):
        if q != -1 and (not out.seat("conceded", q) or q == p):
            out.add("conceded", f"seat {p} conceded to {q}")
    for p in range(s.n):
        if not set(s.fresh[p]) <= set(s.clients[p]):
            out.add("fresh", f"seat {p}: a new client that is not in its clientele")
        if len(set(s.revealed[p])) != len(s.revealed[p]):
            out.add("revealed", f"seat {p}: a card revealed twice")  # (it may have left the hand since)
        names = [CARD_BUILDING[st.card] for st in s.buildings[p]]
        if len(set(names)) != len(names):
            out.add("buildings", f"seat {p} owns two buildings of one name")


def _decisions(s: GtrData, out: _Problems) -> None:
    """The pending decisions: their fields, and the phase each belongs to."""
    ph = s.phase
    batches, queued, steps, revealed = frames(s), gives(s), end_steps(s), demands(s)
    half, colosseum, petition = half_laid(s), colosseum_of(s), petition_of(s)
    saved = {"stack": batches, "gives": queued, "demands": revealed, "endq": steps, "half_lay": half,
             "colosseum": colosseum, "petition": petition}
    for f in batches:
        if out.seat("stack", f.who) and out.int_in("stack", f.role, 0, PRISON_ROLE + 1):
            out.int_in("stack", f.left, 0, 1000)
            out.int_in("stack", f.granted, 0, 1000)
            out.int_in("stack", f.open, 0, 8)
            out.int_in("stack", f.cm, 0, 2)
            if out.int_in("stack", f.kind, 0, len(FrameKind)):
                _frame_kind(s, f.kind, f.role, out)
            if f.kind == FrameKind.MAIN and f.role != s.role:
                out.add("stack", f"a batch of role {f.role} in a turn of role {s.role}")
    for g in queued:
        if out.seat("gives", g.who) and out.seat("gives", g.demander) and g.who == g.demander:
            out.add("gives", f"seat {g.who} gives to itself")
        out.int_in("gives", g.material, 0, 6)
        out.int_in("gives", g.voluntary, 0, 2)
    for e in steps:
        out.seat("endq", e.who)
        out.int_in("endq", e.kind, 0, len(EndStepKind))
    for d in revealed:
        out.int_in("demands", d.material, 0, 6)
    if petition is not None:
        pet = petition
        out.int_in("petition", pet.role, 0, 6)
        if out.int_in("petition", pet.left, 1, s.cfg.petition_size + 1):
            if pet.left == s.cfg.petition_size:  # opened, no card yet
                if pet.material != NO_MATERIAL:
                    out.add("petition",
                            f"material {pet.material} before the first card (expected {NO_MATERIAL})")
            elif out.int_in("petition", pet.material, 0, 6):
                camp = s.camp[s.current] if 0 <= s.current < len(s.camp) else []
                if not camp or CARD_MATERIAL[camp[-1]] != pet.material:
                    out.add("petition", "its last card is not the last card of the petitioner's camp")
    if half is not None:
        h = half
        if (out.seat("half_lay", h.who) and out.int_in("half_lay", h.card, 0, N_CARDS)
                and not any(st.card == h.card and st.out and not st.complete for st in s.buildings[h.who])):
            out.add("half_lay", f"card {h.card} is not an out-of-town foundation of seat {h.who}")
    if colosseum is not None:
        c = colosseum
        out.seat("colosseum", c.who)
        if len(c.pairs) % 2 or not c.pairs:
            out.add("colosseum", "expected (opponent, role) pairs")
        for i in range(0, len(c.pairs) - 1, 2):
            if out.seat("colosseum", c.pairs[i]) and c.pairs[i] == c.who:
                out.add("colosseum", f"seat {c.who} takes its own client")
            out.int_in("colosseum", c.pairs[i + 1], 0, 6)
    if ph != ACT:
        for name in ("stack", "gives", "demands", "half_lay", "colosseum"):
            if saved[name]:
                out.add(name, f"pending outside the action phase ({ph.name.lower()})")
    if ph != END_OF_TURN and steps:
        out.add("endq", f"pending outside the end of the turn ({ph.name.lower()})")
    if ph not in (LEAD, FOLLOW) and petition is not None:
        out.add("petition", f"pending outside the lead/follow phase ({ph.name.lower()})")


def _frame_kind(s: GtrData, kind: int, role: int, out: _Problems) -> None:
    """A batch's role fits why it exists (the School's thinker, the Prison's choice)."""
    if (role == PRISON_ROLE) != (kind == FrameKind.PRISON):
        out.add("stack", f"role {role} in a batch of kind {kind}")
    elif role == THINKER and kind != FrameKind.BONUS:
        out.add("stack", f"thinker actions in a batch of kind {kind}")


def _sites_per_material(s: GtrData) -> list[str]:
    """Six sites of each material: in town, out of town, out of play, influence, foundations."""
    count = [s.in_town[m] + s.out_town[m] + s.sites_removed[m] for m in range(6)]
    for p in range(s.n):
        for m in s.inf_sites[p]:
            count[m] += 1
        for st in s.buildings[p]:
            if not st.complete:
                count[st.site] += 1
    return [f"state field 'in_town': {count[m]} sites of material {m}, not {SITES_PER_MATERIAL}"
            for m in range(6) if count[m] != SITES_PER_MATERIAL]
