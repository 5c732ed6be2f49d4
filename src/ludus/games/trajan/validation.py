"""Load-time validation of a Trajan state (``Game.state_violations``).

``state_from_json`` accepts a state only when it looks reachable: every list has
the length the player count gives it and holds integers in range, every tile is in
exactly one place (and of the kind that place holds), every commodity has its five
cards, each seat its twelve action markers (two per colour) and fifteen tokens, the
counters agree with the phase (a sowing has markers left to sow, the set-up steps
match what lies on the mats, a quarter has revealed one demand tile per round
played), the pending decisions fit the phase, and the seat to move has an action.

The checks run in stages: a later stage indexes lists that an earlier one checked,
so the first stage with a problem ends the validation. The rules themselves trust
a loaded state (no defensive checks on the hot paths).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ludus.core.decisions import Decision
from ludus.games.trajan import invariants, rules
from ludus.games.trajan.components import (
    ACTION,
    ARRANGE,
    CAT_DEMAND,
    CAT_LAUREL,
    CHOOSE_TRAJAN,
    CONSTRUCTION_TILES,
    CONSUL,
    COPIES_PER_COMMODITY,
    DEAL,
    DEMAND_TILE_KIND,
    DEMANDS,
    DEMANDS_REMOVED_AT_SETUP,
    EFFECT,
    FORUM_EXTRA_SPACES,
    FORUM_TILE_KIND,
    FORUM_TILES_BY_PLAYERS,
    GRID_SPACES,
    K_COMMODITY_JOKER,
    MARKERS_PER_COLOUR,
    N_ACTIONS,
    N_BONUS_TILES,
    N_COLOURS,
    N_COMMODITIES,
    N_EXTRA_TILES,
    N_FORUM_TILES,
    N_PROVINCES,
    N_TRAJAN_TILES,
    OVER,
    PLUS2_PER_PLAYER,
    PRE_GAME_SLOTS,
    QUARTERS,
    ROUNDS_PER_QUARTER,
    SENATE_LAST,
    SHIP_DIFFERENT,
    SHIP_IDENTICAL,
    SHIP_PAIRS,
    SHIPS,
    SOW,
    TAKE,
    TOKENS_PER_PLAYER,
    TRAJAN_CATEGORIES,
    TRAJAN_TILES,
)
from ludus.games.trajan.decisions import ChooseTile, LoadShip, SeaportDiscard
from ludus.games.trajan.rules.cards import log_problem
from ludus.games.trajan.state import TrajanData

__all__ = ["violations"]

_N = -1
"""In a shape: the player count."""
_ANY = None
"""In a shape: any length."""

_SHAPES: dict[str, tuple[int | None, ...]] = {
    "hand_markers": (N_COLOURS,), "arch": (_N,), "vp": (_N,), "senate_pos": (_N,), "senate_stamp": (_N,),
    "supply": (_N,), "mcamp": (_N,), "wcamp": (_N,), "leader": (_N,),
    "province_tile": (N_PROVINCES,), "province_legions": (N_PROVINCES,),
    "grid_tile": (GRID_SPACES,), "grid_workers": (GRID_SPACES,),
    "draw": (_ANY,), "fdeck": (_ANY,), "xdeck": (_ANY,),
    "forum_slots": (max(FORUM_TILES_BY_PLAYERS.values()),), "extra_slots": (FORUM_EXTRA_SPACES,),
    "forum_removed": (_ANY,), "extra_removed": (_ANY,), "trajan_removed": (_ANY,),
    "bonus_bag": (_ANY,), "senate_bonus": (_ANY,), "ship_grey": (len(SHIPS),),
    "demand_stack": (_ANY,), "demand_removed": (DEMANDS_REMOVED_AT_SETUP,), "demand_revealed": (_ANY,),
    "demand_spent": (_ANY,), "dem_left": (3,), "f_used": (_ANY,), "final_senate": (_ANY,),
    "trajan_slots": (_N, N_ACTIONS), "hand": (_N, N_COMMODITIES), "known": (_N, N_COMMODITIES),
    "display": (_N, N_COMMODITIES), "discards": (2, _ANY), "ftiles": (_N, _ANY), "xtiles": (_N, _ANY),
    "trajan_stacks": (len({t.category for t in TRAJAN_TILES}), _ANY), "held_f": (_N, _ANY),
    "plus2": (_N, N_ACTIONS), "pile_log": (_N, _ANY), "ctiles": (_N, _ANY), "bonus_yellow": (_N, _ANY),
    "bonus_grey": (_N, _ANY),
    "trays": (_N, N_ACTIONS, N_COLOURS),
}
"""The length of each list field, level by level."""

_COMMODITY = (0, N_COMMODITIES - 1)
_FORUM = (0, N_FORUM_TILES - 1)
_EXTRA = (0, N_EXTRA_TILES - 1)
_TRAJAN = (0, N_TRAJAN_TILES - 1)
_BONUS = (0, N_BONUS_TILES - 1)
_DEMAND = (0, len(DEMAND_TILE_KIND) - 1)
_CARDS = (0, COPIES_PER_COMMODITY)
_FLAG = (0, 1)
_RANGES: dict[str, tuple[int, int] | None] = {
    "hand_markers": (0, MARKERS_PER_COLOUR), "arch": (-1, N_ACTIONS - 1), "vp": None,
    "senate_pos": (0, SENATE_LAST), "senate_stamp": (0, 1 << 62),
    "supply": (0, TOKENS_PER_PLAYER), "mcamp": (0, TOKENS_PER_PLAYER), "wcamp": (0, TOKENS_PER_PLAYER),
    "leader": (-1, N_PROVINCES - 1), "province_tile": (-1, N_FORUM_TILES - 1), "province_legions": None,
    "grid_tile": (-1, len(CONSTRUCTION_TILES) - 1), "grid_workers": None,
    "draw": _COMMODITY, "fdeck": _FORUM, "xdeck": _EXTRA, "forum_slots": (-1, N_FORUM_TILES - 1),
    "extra_slots": (-1, N_EXTRA_TILES - 1), "forum_removed": _FORUM, "extra_removed": _EXTRA,
    "trajan_removed": _TRAJAN, "bonus_bag": _BONUS, "senate_bonus": _BONUS, "ship_grey": _FLAG,
    "demand_stack": _DEMAND, "demand_removed": _DEMAND, "demand_revealed": _DEMAND, "demand_spent": _DEMAND,
    "dem_left": (0, 3), "f_used": _TRAJAN, "final_senate": None,
    "trajan_slots": (-1, N_TRAJAN_TILES - 1), "hand": _CARDS, "known": _CARDS, "display": _CARDS,
    "pile_log": None,
    "discards": _COMMODITY, "ftiles": _FORUM, "xtiles": _EXTRA, "trajan_stacks": _TRAJAN, "held_f": _TRAJAN,
    "plus2": _FLAG, "ctiles": (0, len(CONSTRUCTION_TILES) - 1), "bonus_yellow": _BONUS, "bonus_grey": _BONUS,
    "trays": (0, MARKERS_PER_COLOUR),
}
"""The range of every integer of each list field (``None``: any integer)."""

_LOCATIONS: dict[str, tuple[int, tuple[str, ...]]] = {
    "forum tile": (N_FORUM_TILES, ("fdeck", "forum_slots", "province_tile", "ftiles", "forum_removed")),
    "extra-action tile": (N_EXTRA_TILES, ("xdeck", "extra_slots", "xtiles", "extra_removed")),
    "Trajan tile": (N_TRAJAN_TILES, ("trajan_stacks", "trajan_slots", "held_f", "trajan_removed")),
    "construction tile": (len(CONSTRUCTION_TILES), ("grid_tile", "ctiles")),
    "bonus tile": (N_BONUS_TILES, ("bonus_bag", "senate_bonus", "bonus_yellow", "bonus_grey")),
    "demand tile": (len(DEMAND_TILE_KIND),
                    ("demand_stack", "demand_removed", "demand_revealed", "demand_spent")),
}
"""Where each kind of tile may lie (-1 marks an empty space); every tile lies in exactly one place."""


def violations(s: TrajanData) -> list[str]:
    """Why ``s`` cannot be a Trajan position (empty when it looks reachable)."""
    for stage in (_shapes, _scalars, _components, _markers, _phase, invariants.violations, _has_action):
        out = stage(s)
        if out:
            return out
    return []


# --- 1. shapes and ranges -----------------------------------------------------------------------
def _flatten(name: str, value: list[Any], shape: Sequence[int | None], n: int) -> list[Any] | str:
    """The integers of ``value`` level by level, or the problem with its shape."""
    rows: list[Any] = [value]
    for level, want in enumerate(shape):
        length = n if want == _N else want
        for row in rows:
            if type(row) is not list:
                return f"state field {name!r}: not a list at depth {level}"
            if length is not None and len(row) != length:
                return f"state field {name!r}: {len(row)} entries instead of {length}"
        rows = [x for row in rows for x in row]
    if not set(map(type, rows)) <= {int}:
        odd = next(x for x in rows if type(x) is not int)
        return f"state field {name!r}: {str(odd)[:20]!r} is not an integer"
    return rows


def _leaves(value: list[Any]) -> Iterable[int]:
    for x in value:
        if type(x) is list:
            yield from _leaves(x)
        else:
            yield x


def _shapes(s: TrajanData) -> list[str]:
    n = s.cfg.players
    out = []
    for name, shape in _SHAPES.items():
        leaves = _flatten(name, getattr(s, name), shape, n)
        if isinstance(leaves, str):
            return [leaves]
        bounds = _RANGES[name]
        if bounds is not None and leaves:
            lo, hi = bounds
            if min(leaves) < lo or max(leaves) > hi:
                bad = min(leaves) if min(leaves) < lo else max(leaves)
                out.append(f"state field {name!r}: {bad} outside {lo}..{hi}")
    for name in ("province_legions", "grid_workers"):
        if any(not 0 <= m < 1 << n for m in getattr(s, name)):
            out.append(f"state field {name!r}: a seat bit beyond the {n} seats")
    if len(s.senate_bonus) > 2:
        out.append(f"state field 'senate_bonus': {len(s.senate_bonus)} tiles (at most 2)")
    if len(s.final_senate) not in (0, n):
        out.append(f"state field 'final_senate': {len(s.final_senate)} entries instead of 0 or {n}")
    return out


def _scalars(s: TrajanData) -> list[str]:
    n = s.cfg.players
    out = []
    seat_low = -1 if s.phase == OVER else 0
    if not seat_low <= s.decider < n:
        out.append(f"state field 'decider': seat {s.decider} in a {n}-player game")
    if s.phase == OVER and s.decider != -1:
        out.append(f"state field 'decider': seat {s.decider} to decide in a finished game")
    if not 0 <= s.current < n:
        out.append(f"state field 'current': seat {s.current} in a {n}-player game")
    bounds = {
        "quarter": (0, QUARTERS), "round": (0, ROUNDS_PER_QUARTER), "time_pos": (0, s.cfg.lap - 1),
        "stamp_counter": (n, 1 << 62), "extra_used": _FLAG, "round_over": _FLAG,
        "setup_k": (0, 2 * N_ACTIONS - 1), "sow_tray": (0, N_ACTIONS - 1),
        "sow_left": (0, N_COLOURS * MARKERS_PER_COLOUR), "target": (-1, N_ACTIONS - 1),
        "effect_tile": (-1, N_TRAJAN_TILES - 1), "pile_rebuilt": (0, 1 << 20),
    }
    for name, (lo, hi) in bounds.items():
        value = getattr(s, name)
        if not lo <= value <= hi:
            out.append(f"state field {name!r}: {value} outside {lo}..{hi}")
    return out


# --- 2. every component once, where it may lie -----------------------------------------------------
def _components(s: TrajanData) -> list[str]:
    out = []
    for kind, (count, fields) in _LOCATIONS.items():
        seen: dict[int, str] = {}
        for name in fields:
            for t in _leaves(getattr(s, name)):
                if t < 0:
                    continue
                if t in seen:
                    out.append(f"state field {name!r}: {kind} {t} appears twice (also in {seen[t]!r})")
                    break
                seen[t] = name
        if not out and len(seen) != count:
            missing = min(set(range(count)) - set(seen))
            out.append(f"state field {fields[0]!r}: {kind} {missing} is nowhere ({len(seen)} of {count})")
    if out:
        return out
    out = _card_problems(s)
    for cat, stack in enumerate(s.trajan_stacks):
        if any(TRAJAN_TILES[t].category != cat for t in stack):
            out.append(f"state field 'trajan_stacks': a tile of another category in stack {cat}")
    for p, held in enumerate(s.held_f):
        if any(TRAJAN_TILES[t].category != CAT_DEMAND for t in held):
            out.append(f"state field 'held_f': seat {p} holds a Trajan tile that meets no demand")
    if any(TRAJAN_TILES[t].category == CAT_DEMAND for t in s.trajan_removed):
        out.append("state field 'trajan_removed': a demand Trajan tile is kept, never removed")
    first_free = FORUM_TILES_BY_PLAYERS[s.cfg.players]
    if any(t >= 0 for t in s.forum_slots[first_free:]):
        out.append(f"state field 'forum_slots': a tile beyond the {first_free} spaces of this player count")
    for p in range(s.cfg.players):
        slots = s.trajan_slots[p]
        if s.arch[p] >= 0 and slots[s.arch[p]] >= 0:
            out.append(f"state field 'arch': seat {p}'s arch stands on slot {s.arch[p]}, which holds a tile")
        if s.arch[p] < 0 and min(slots) < 0:
            out.append(f"state field 'arch': seat {p}'s arch is in the centre while a slot is free")
        if sum(s.plus2[p]) > PLUS2_PER_PLAYER:
            out.append(f"state field 'plus2': seat {p} has {sum(s.plus2[p])} [+2] markers (at most "
                       f"{PLUS2_PER_PLAYER})")
    stamps = s.senate_stamp
    if len(set(stamps)) != len(stamps) or max(stamps) >= s.stamp_counter:
        out.append(f"state field 'senate_stamp': heights {stamps} not distinct below 'stamp_counter' "
                   f"{s.stamp_counter}")
    return out


def _card_problems(s: TrajanData) -> list[str]:
    counts = [0] * N_COMMODITIES
    for c in s.draw:
        counts[c] += 1
    for pile in s.discards:
        for c in pile:
            counts[c] += 1
    for d in s.pending:
        if isinstance(d, LoadShip):
            for c in d.load:
                if c >= 0:
                    counts[c] += 1
    for p in range(s.cfg.players):
        for c in range(N_COMMODITIES):
            counts[c] += s.hand[p][c] + s.display[p][c]
            if s.known[p][c] > s.hand[p][c]:
                return [f"state field 'known': seat {p} holds {s.hand[p][c]} of commodity {c}, "
                        f"{s.known[p][c]} known"]
    if not s.pile_rebuilt and any(s.pile_log):
        return ["state field 'pile_log': cards drawn from a rebuilt draw pile, but 'pile_rebuilt' is 0"]
    for p in range(s.cfg.players):
        problem = log_problem(s, p)
        if problem:
            return [f"state field 'pile_log': seat {p}: {problem}"]
    for c, k in enumerate(counts):
        if k != COPIES_PER_COMMODITY:
            return [f"state field 'draw': {k} cards of commodity {c} in play instead of "
                    f"{COPIES_PER_COMMODITY}"]
    return []


# --- 3. action markers ------------------------------------------------------------------------------
def _markers(s: TrajanData) -> list[str]:
    n = s.cfg.players
    if s.phase not in (ARRANGE, SOW) and any(s.hand_markers):
        return [f"state field 'hand_markers': markers in hand in phase {s.phase.name.lower()}"]
    if s.phase == ARRANGE:
        return _arrange_markers(s)
    for p in range(n):
        for c in range(N_COLOURS):
            k = sum(tray[c] for tray in s.trays[p])
            if s.phase == SOW and p == s.decider:
                k += s.hand_markers[c]
            if k != MARKERS_PER_COLOUR:
                return [f"state field 'trays': seat {p} has {k} markers of colour {c} instead of "
                        f"{MARKERS_PER_COLOUR}"]
    return []


def _arrange_markers(s: TrajanData) -> list[str]:
    if s.cfg.starting_markers == "random":
        return ["state field 'phase': markers are placed by hand, but the option deals them at random"]
    p, k = s.decider, s.setup_k
    for q in range(s.cfg.players):
        for t, tray in enumerate(s.trays[q]):
            if q < p or (q == p and t < k // 2):
                want = 2
            elif q == p and t == k // 2:
                want = k % 2
            else:
                want = 0
            if sum(tray) != want:
                return [f"state field 'trays': seat {q}'s tray {t} holds {sum(tray)} markers at set-up step "
                        f"{k} of seat {p} (expected {want})"]
        colours = [sum(tray[c] for tray in s.trays[q]) for c in range(N_COLOURS)]
        if q == p:
            colours = [colours[c] + s.hand_markers[c] for c in range(N_COLOURS)]
        if q <= p and colours != [MARKERS_PER_COLOUR] * N_COLOURS:
            return [f"state field 'hand_markers': seat {q}'s markers by colour are {colours}"]
    return []


# --- 4. the phase, its counters and the pending decisions ----------------------------------------------
def _phase(s: TrajanData) -> list[str]:
    n, ph = s.cfg.players, s.phase
    out = []
    turn = ph in (TAKE, SOW, EFFECT, ACTION)
    if turn and s.decider != s.current:
        out.append(f"state field 'decider': seat {s.decider} decides in seat {s.current}'s turn")
    if ph < TAKE and s.current != 0:
        out.append(f"state field 'current': seat {s.current} during the set-up (the start player is seat 0)")
    if ph not in (ARRANGE, DEAL, CHOOSE_TRAJAN) and s.setup_k:
        out.append(f"state field 'setup_k': {s.setup_k} after the set-up")
    if ph in (DEAL, CHOOSE_TRAJAN) and s.setup_k >= len(PRE_GAME_SLOTS):
        out.append(f"state field 'setup_k': {s.setup_k} in a set-up step of 3")
    if (ph == SOW) != (s.sow_left > 0):
        out.append(f"state field 'sow_left': {s.sow_left} markers to sow in phase {ph.name.lower()}")
    if ph == SOW and s.sow_left != sum(s.hand_markers):
        out.append(f"state field 'sow_left': {s.sow_left} while {sum(s.hand_markers)} markers are in hand")
    if (ph in (EFFECT, ACTION)) != (s.target >= 0):
        out.append(f"state field 'target': {s.target} in phase {ph.name.lower()}")
    if (ph == EFFECT) != (s.effect_tile >= 0):
        out.append(f"state field 'effect_tile': {s.effect_tile} in phase {ph.name.lower()}")
    elif ph == EFFECT and (s.effect_tile not in s.trajan_removed
                           or TRAJAN_TILES[s.effect_tile].category in (CAT_LAUREL, CAT_DEMAND)):
        out.append(f"state field 'effect_tile': tile {s.effect_tile} has no effect to carry out")
    if ph != ACTION and s.extra_used:
        out.append(f"state field 'extra_used': set in phase {ph.name.lower()}")
    if ph not in (SOW, EFFECT, ACTION) and s.round_over:
        out.append(f"state field 'round_over': set in phase {ph.name.lower()}")
    choosing = ph == CHOOSE_TRAJAN and len(s.pending) == 1 and isinstance(s.pending[0], ChooseTile)
    if (ph == ACTION) != bool(s.pending) and not choosing:
        out.append(f"state field 'agenda': {len(s.pending)} decisions pending in phase {ph.name.lower()}")
    out += _quarter(s, n)
    out += _setup(s, n)
    out += _pending(s)
    return out


def _quarter(s: TrajanData, n: int) -> list[str]:
    ph = s.phase
    out = []
    if (ph == OVER) != (s.quarter == QUARTERS):
        out.append(f"state field 'quarter': {s.quarter} in phase {ph.name.lower()}")
    quarter_end = ph in (DEMANDS, CONSUL)
    if quarter_end != (s.round == ROUNDS_PER_QUARTER):
        out.append(f"state field 'round': {s.round} in phase {ph.name.lower()}")
    revealed = 0 if ph == OVER else min(s.round, ROUNDS_PER_QUARTER - 1)
    if len(s.demand_revealed) != revealed:
        out.append(f"state field 'demand_revealed': {len(s.demand_revealed)} tiles in round {s.round + 1}")
    if len(s.demand_spent) != (ROUNDS_PER_QUARTER - 1) * s.quarter:
        out.append(f"state field 'demand_spent': {len(s.demand_spent)} tiles after {s.quarter} quarters")
    if ph == DEMANDS:
        kinds = [0, 0, 0]
        for d in s.demand_revealed:
            kinds[DEMAND_TILE_KIND[d]] += 1
        if any(s.dem_left[k] > kinds[k] for k in range(3)):
            out.append(f"state field 'dem_left': {s.dem_left} beyond the demands revealed {kinds}")
        held = s.held_f[s.decider]
        if len(set(s.f_used)) != len(s.f_used) or any(t not in held for t in s.f_used):
            out.append(f"state field 'f_used': {s.f_used} not among seat {s.decider}'s demand Trajan tiles")
    elif any(s.dem_left) or s.f_used:
        out.append(f"state field 'dem_left': demands being met in phase {ph.name.lower()}")
    if ph == CONSUL and not s.senate_bonus:
        out.append("state field 'senate_bonus': no bonus tile for the consul to choose")
    return out


def _setup(s: TrajanData, n: int) -> list[str]:
    ph, p, k = s.phase, s.decider, s.setup_k
    if ph in (ARRANGE, DEAL):
        cards = [0] * n if ph == ARRANGE else [3 if q < p else k if q == p else 0 for q in range(n)]
        for q in range(n):
            if sum(s.hand[q]) != cards[q]:
                return [f"state field 'hand': seat {q} holds {sum(s.hand[q])} cards at this set-up step"]
    if ph <= CHOOSE_TRAJAN:
        for q in range(n):
            placed = [slot for slot in range(N_ACTIONS) if s.trajan_slots[q][slot] >= 0]
            want = 0 if ph != CHOOSE_TRAJAN else len(PRE_GAME_SLOTS) if q < p else k if q == p else 0
            if placed != list(PRE_GAME_SLOTS[:want]):
                return [f"state field 'trajan_slots': seat {q} has tiles on slots {placed} at this set-up "
                        "step"]
            if ph == CHOOSE_TRAJAN and sum(s.hand[q]) != len(PRE_GAME_SLOTS):
                return [f"state field 'hand': seat {q} holds {sum(s.hand[q])} cards at this set-up step"]
    for q in range(n):
        cats = [TRAJAN_TILES[t].category for t in s.trajan_slots[q] if t >= 0]
        if ph <= CHOOSE_TRAJAN and len(set(cats)) != len(cats):
            return [f"state field 'trajan_slots': seat {q}'s pre-game tiles repeat a category"]
    return []


def _pending(s: TrajanData) -> list[str]:
    if s.phase == CHOOSE_TRAJAN and s.pending:
        return _chosen_stack(s, s.pending[-1])
    if s.phase != ACTION:
        return []
    if any(isinstance(d, ChooseTile) for d in s.pending):
        return ["state field 'sub': a set-up Trajan stack chosen during the action step"]
    top = s.pending[-1]
    p = s.decider
    if isinstance(top, SeaportDiscard) and not any(s.hand[p]):
        return ["state field 'sub': a card to discard from an empty hand"]
    for d in s.pending[:-1]:
        if isinstance(d, (SeaportDiscard, LoadShip)):
            return ["state field 'sub': a Seaport decision below the top"]
    if isinstance(top, LoadShip):
        return _load_problems(s, top)
    return []


def _chosen_stack(s: TrajanData, d: Decision) -> list[str]:
    """The stack chosen for the next pre-game tile: not empty, and of a category still allowed."""
    if not isinstance(d, ChooseTile):
        return ["state field 'sub': a Seaport decision at set-up"]
    used = {TRAJAN_TILES[t].category for t in s.trajan_slots[s.decider] if t >= 0}
    if not s.trajan_stacks[d.category] or d.category in used or s.cfg.blind_pregame:
        return [f"state field 'sub': the {TRAJAN_CATEGORIES[d.category].key} stack cannot be chosen"]
    return []


def _load_problems(s: TrajanData, d: LoadShip) -> list[str]:
    real = [c for c in d.load if c >= 0]
    jokers = len(d.load) - len(real)
    held = sum(1 for t in s.ftiles[d.who] if FORUM_TILE_KIND[t] == K_COMMODITY_JOKER)
    ship = SHIPS[d.ship]
    units = len(d.load) // 2 if d.ship == SHIP_PAIRS else len(d.load)
    if jokers > held or units > ship.capacity:
        return [f"state field 'load': {len(d.load)} cards ({jokers} jokers) on the {ship.key} ship"]
    if d.ship == SHIP_PAIRS:
        pairs = [d.load[i:i + 2] for i in range(0, len(d.load), 2)]
        kinds = [max(pair) for pair in pairs]
        if len(d.load) % 2 or any(min(pair) >= 0 and pair[0] != pair[1] for pair in pairs) or (
                len({c for c in kinds if c >= 0}) != len([c for c in kinds if c >= 0])):
            return [f"state field 'load': {list(d.load)} is not a load of pairs"]
    elif d.ship == SHIP_IDENTICAL and len(set(real)) > 1:
        return [f"state field 'load': {list(d.load)} is not a load of identical cards"]
    elif d.ship == SHIP_DIFFERENT and len(set(real)) != len(real):
        return [f"state field 'load': {list(d.load)} is not a load of different cards"]
    return []


# --- 5. someone can act ----------------------------------------------------------------------------------
def _has_action(s: TrajanData) -> list[str]:
    if s.phase == OVER or rules.legal_actions(s):
        return []
    return [f"state field 'phase': seat {s.decider} has nothing to do in phase {s.phase.name.lower()}"]
