"""Trajan's rules: set-up, legal actions and transitions.

Functions are named after the rulebook (Hungarian 2nd-edition text, cited as [HU]
with the section heading). The turn ([HU] "Játékmenet") is:

1. ``take`` a tray and ``sow`` its markers (one sub-decision per marker), the time
   marker moving by the number of markers;
2. accomplish the Trajan tile beside the target tray if its colours are there
   (automatic; its effect is optional: ``effect`` / ``plus2`` / ``skip``);
3. the target tray's action (optional: ``pass``), then at most one extra-action tile.

Actions and their notation (``<seat>:<verb> <args>``):

* setup: ``arrange <colour>``, ``take_card deck|left|right``, ``choose <T..>`` (``choose <category>``
  when only the top tile of a face-down stack may be taken)
* turn: ``take <tray>``, ``sow <colour>``, ``effect``, ``plus2 <action>``, ``skip``
* Seaport: ``draw_two`` → ``discard <commodity> left|right``; ``take_discard left|right``;
  ``display <commodity>`` → ``display <commodity>`` | ``stop``; ``ship identical|pairs|different``
  → ``load <card> [<card>]`` … ``sail``
* Forum: ``take_tile <kind>``; Military: ``recruit``, ``march <province>``, ``deploy``;
  Senate: ``senate``; Trajan: ``trajan <category>``; Construction: ``hire``, ``build <space>``
* ``pass`` (no action), ``extra <tile>`` / ``decline`` (extra-action tile)
* quarter end: ``meet <demand> trajan|forum|joker``, ``consul <B..>``
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludus.core.actions import Action
from ludus.core.errors import IllegalActionError
from ludus.core.events import Event, private, public
from ludus.core.rng import Rng
from ludus.games.trajan.components import (
    ACTIONS,
    BONUS_INDEX,
    BONUS_TILES,
    CAMP,
    CAT_CARDS,
    CAT_DEMAND,
    CAT_LAUREL,
    CAT_LEGION,
    CAT_PLUS2,
    CAT_WORKER,
    COLOURS,
    COMMODITIES,
    COMMODITY_INDEX,
    CONSTRUCTION_TILES,
    COPIES_PER_COMMODITY,
    DEMAND_KINDS,
    DEMAND_PENALTY,
    DEMAND_TILE_KIND,
    DEMANDS_REMOVED_AT_SETUP,
    EXTRA_TILE_ACTION,
    FORUM,
    FORUM_EXTRA_SPACES,
    FORUM_KIND_INDEX,
    FORUM_KINDS,
    FORUM_TILE_KIND,
    FORUM_TILES_BY_PLAYERS,
    GRID_NEIGHBOURS,
    GRID_SPACES,
    K_COMMODITY_JOKER,
    K_DEMAND_JOKER,
    K_DEMAND_OF_KIND,
    K_EXTRA_JOKER,
    K_EXTRA_OF_ACTION,
    MARKERS_PER_COLOUR,
    MILITARY,
    N_ACTIONS,
    N_BONUS_TILES,
    N_COLOURS,
    N_COMMODITIES,
    N_EXTRA_TILES,
    N_FORUM_TILES,
    N_PROVINCES,
    N_TRAJAN_TILES,
    PLUS2_PER_PLAYER,
    PROVINCE_INDEX,
    PROVINCES,
    QUARTERS,
    ROUNDS_PER_QUARTER,
    SEAPORT,
    SENATE,
    SENATE_LAST,
    SENATE_VOTES,
    SENATE_VP,
    SHIP_IDENTICAL,
    SHIP_PAIRS,
    SHIPS,
    TOKENS_PER_PLAYER,
    TRAJAN,
    TRAJAN_CATEGORIES,
    TRAJAN_INDEX,
    TRAJAN_TILES,
    leader_moves,
)
from ludus.games.trajan.state import DO, OFFER, Phase, Sub, TrajanState

if TYPE_CHECKING:
    from ludus.games.trajan.game import TrajanGame

PILES = ("left", "right")

# plain-int copies of the phases and sub-decisions for the hot paths
_ARRANGE, _DEAL, _CHOOSE, _TAKE, _SOW, _EFFECT, _ACTION, _DEMANDS, _CONSUL, _OVER = (int(ph) for ph in Phase)
_NONE, _DISCARD, _DISPLAY, _SHIP = (int(x) for x in Sub)
PRE_GAME_SLOTS = (1, 3, 5)
"""Slots II, IV and VI receive the pre-game Trajan tiles ([HU] "Felkészülés a játékra")."""

_CATEGORY_KEYS = tuple(c.key for c in TRAJAN_CATEGORIES)
_SHIP_KEYS = tuple(s.key for s in SHIPS)
_FORUM_KEYS = tuple(k.key for k in FORUM_KINDS)
_EXTRA_KEYS = tuple("extra_" + a for a in ACTIONS)
_SOURCES = ("trajan", "forum", "joker")


# =====================================================================================
# set-up
# =====================================================================================
def setup(game: TrajanGame, rng: Rng) -> TrajanState:
    """Set up the board as [HU] "Előkészület" and "Felkészülés a játékra" describe.

    Seat 0 is the start player. The decisions of the set-up (marker arrangement,
    starting hands, pre-game Trajan tiles) follow as the first phases of the game.
    """
    n = game.players
    s = TrajanState(game, rng)
    s.phase = _ARRANGE
    s.decider = 0
    s.current = 0
    s.sub = _NONE
    s.quarter = 0
    s.round = 0
    s.time_pos = 0
    s.extra_used = 0
    s.round_over = 0
    s.setup_k = 0
    s.sow_tray = 0
    s.sow_left = 0
    s.target = -1
    s.effect_tile = -1
    s.ship = -1
    s.display_count = 0
    s.hand_markers = [MARKERS_PER_COLOUR] * N_COLOURS
    s.trays = [[[0] * N_COLOURS for _ in range(N_ACTIONS)] for _ in range(n)]
    s.trajan_slots = [[-1] * N_ACTIONS for _ in range(n)]
    s.arch = [0] * n  # slot I
    s.vp = [0] * n
    # the start player's disc at the bottom, the others stacked on top clockwise
    s.senate_pos = [0] * n
    s.senate_stamp = list(range(n))
    s.stamp_counter = n
    s.supply = [TOKENS_PER_PLAYER - 2] * n
    s.mcamp = [1] * n
    s.wcamp = [1] * n
    s.leader = [CAMP] * n
    s.province_legions = [0] * N_PROVINCES
    s.grid_workers = [0] * GRID_SPACES
    s.hand = [[0] * N_COMMODITIES for _ in range(n)]
    s.display = [[0] * N_COMMODITIES for _ in range(n)]
    s.known = [[0] * N_COMMODITIES for _ in range(n)]
    s.ftiles = [[] for _ in range(n)]
    s.xtiles = [[] for _ in range(n)]
    s.held_f = [[] for _ in range(n)]
    s.plus2 = [[0] * N_ACTIONS for _ in range(n)]
    s.ctiles = [[] for _ in range(n)]
    s.bonus_yellow = [[] for _ in range(n)]
    s.bonus_grey = [[] for _ in range(n)]
    s.forum_removed = []
    s.extra_removed = []
    s.trajan_removed = []
    s.demand_revealed = []
    s.demand_spent = []
    s.agenda = []
    s.load = []
    s.dem_left = [0, 0, 0]
    s.f_used = []
    s.final_senate = []
    s.ship_grey = [0] * len(SHIPS)

    # forum and extra-action tiles, sorted by their backs and shuffled
    s.fdeck = list(range(N_FORUM_TILES))
    rng.shuffle(s.fdeck)
    s.xdeck = list(range(N_EXTRA_TILES))
    rng.shuffle(s.xdeck)
    # demand tiles: 3 removed unseen
    demands = list(range(len(DEMAND_TILE_KIND)))
    rng.shuffle(demands)
    s.demand_removed = demands[:DEMANDS_REMOVED_AT_SETUP]
    s.demand_stack = demands[DEMANDS_REMOVED_AT_SETUP:]
    # one forum tile per province, the forum for the player count, 3 extra-action tiles
    s.province_tile = [s.fdeck.pop() for _ in range(N_PROVINCES)]
    s.forum_slots = [-1] * max(FORUM_TILES_BY_PLAYERS.values())
    for i in range(FORUM_TILES_BY_PLAYERS[n]):
        s.forum_slots[i] = s.fdeck.pop()
    s.extra_slots = [s.xdeck.pop() for _ in range(FORUM_EXTRA_SPACES)]
    # construction tiles at random, face up, one per space
    s.grid_tile = list(range(len(CONSTRUCTION_TILES)))
    rng.shuffle(s.grid_tile)
    # Trajan tiles sorted by category, each stack shuffled (top = last)
    s.trajan_stacks = [[t.index for t in TRAJAN_TILES if t.category == c] for c in range(len(TRAJAN_CATEGORIES))]
    for stack in s.trajan_stacks:
        rng.shuffle(stack)
    # bonus tiles: 1 per player (yellow), 2 on the senate track
    s.bonus_bag = list(range(N_BONUS_TILES))
    rng.shuffle(s.bonus_bag)
    for p in range(n):
        s.bonus_yellow[p].append(s.bonus_bag.pop())
    s.senate_bonus = [s.bonus_bag.pop(), s.bonus_bag.pop()]
    # commodity cards: draw pile and two face-up discard piles
    s.draw = [c for c in range(N_COMMODITIES) for _ in range(COPIES_PER_COMMODITY)]
    rng.shuffle(s.draw)
    s.discards = [[s.draw.pop()], [s.draw.pop()]]
    s._legal = None

    if game.options["starting_markers"] == "random":
        # deal the markers at random, 2 per tray, then go on to the starting hands
        for p in range(n):
            bag = [c for c in range(N_COLOURS) for _ in range(MARKERS_PER_COLOUR)]
            rng.shuffle(bag)
            for i, c in enumerate(bag):
                s.trays[p][i // 2][c] += 1
        s.hand_markers = [0] * N_COLOURS
        s.phase = _DEAL
    return s


def _start_play(s: TrajanState) -> None:
    s.phase = _TAKE
    s.current = 0
    s.decider = 0
    s.setup_k = 0


# =====================================================================================
# small helpers
# =====================================================================================
def _count_kind(tiles: list[int], kind: int) -> int:
    n = 0
    for t in tiles:
        if FORUM_TILE_KIND[t] == kind:
            n += 1
    return n


def _remove_kind(tiles: list[int], kind: int) -> int:
    for i, t in enumerate(tiles):
        if FORUM_TILE_KIND[t] == kind:
            del tiles[i]
            return t
    raise IllegalActionError(f"no {FORUM_KINDS[kind].key} tile held")


def _has_extra_tile(s: TrajanState, p: int, action: int) -> bool:
    for t in s.xtiles[p]:
        if EXTRA_TILE_ACTION[t] == action:
            return True
    want = K_EXTRA_OF_ACTION[action]
    for t in s.ftiles[p]:
        k = FORUM_TILE_KIND[t]
        if k == want:
            return True
    return False


def _can_draw(s: TrajanState) -> bool:
    if s.draw:
        return True
    if not s.game.options["reshuffle"]:
        return False
    return len(s.discards[0]) > 1 or len(s.discards[1]) > 1


def draw_card(s: TrajanState) -> int:
    """Take the top card of the draw pile (-1 if none).

    Ruling 13: when the draw pile is empty, the discard piles except their top cards
    are shuffled into a new draw pile (option ``reshuffle``); otherwise draws stop.
    """
    if not s.draw:
        if not s.game.options["reshuffle"]:
            return -1
        pool: list[int] = []
        for pile in s.discards:
            if len(pile) > 1:
                pool.extend(pile[:-1])
                del pile[:-1]
        if not pool:
            return -1
        s.rng.shuffle(pool)
        s.draw = pool
    return s.draw.pop()


def _refill_discard(s: TrajanState, pile: int) -> None:
    # "ha egy dobópakli kiürül, akkor a ... pakli legfelső lapjával kell feltölteni"
    if not s.discards[pile]:
        c = draw_card(s)
        if c >= 0:
            s.discards[pile].append(c)


def _leave_hand(s: TrajanState, p: int, c: int) -> None:
    """A card of commodity ``c`` leaves ``p``'s hand face up.

    ``known`` counts the cards of a hand everyone knows (taken face up from a discard
    pile); cards are identical, so one known card of that commodity is no longer sure.
    """
    s.hand[p][c] -= 1
    if s.known[p][c]:
        s.known[p][c] -= 1


def _jokers_free(s: TrajanState, p: int) -> int:
    loaded = 0
    for c in s.load:
        if c < 0:
            loaded += 1
    return _count_kind(s.ftiles[p], K_COMMODITY_JOKER) - loaded


def _votes(s: TrajanState, p: int) -> int:
    v = SENATE_VOTES[s.senate_pos[p]]
    for t in s.ftiles[p]:
        v += FORUM_KINDS[FORUM_TILE_KIND[t]].votes
    return v


def senate_ranking(s: TrajanState) -> list[int]:
    """Seats by senate standing, best first: votes, then track position, then disc height.

    [HU] "Erőegyensúly a szenátusban": ties go to the higher position on the track,
    then to the disc higher in the stack.
    """
    n = s.game.players
    return sorted(range(n), key=lambda p: (_votes(s, p), s.senate_pos[p], s.senate_stamp[p]), reverse=True)


# =====================================================================================
# legal actions
# =====================================================================================
def legal_actions(s: TrajanState) -> list[Action]:
    """Every legal action of the seat to move."""
    ph = s.phase
    p = s.decider
    if ph == _ACTION:
        return _legal_action_phase(s, p)
    if ph == _SOW:
        return [Action(p, "sow", (COLOURS[c],)) for c in range(N_COLOURS) if s.hand_markers[c]]
    if ph == _TAKE:
        trays = s.trays[p]
        return [Action(p, "take", (ACTIONS[t],)) for t in range(N_ACTIONS) if any(trays[t])]
    if ph == _EFFECT:
        return _legal_effect(s, p)
    if ph == _ARRANGE:
        return [Action(p, "arrange", (COLOURS[c],)) for c in _arrange_colours(s, p)]
    if ph == _DEAL:
        out = []
        if _can_draw(s):
            out.append(Action(p, "take_card", ("deck",)))
        for i in range(2):
            if s.discards[i]:
                out.append(Action(p, "take_card", (PILES[i],)))
        return out
    if ph == _CHOOSE:
        if _blind_pregame(s):
            # face-down stacks, top tile only: the player picks a stack, not a tile it cannot see
            return [Action(p, "choose", (_CATEGORY_KEYS[TRAJAN_TILES[t].category],)) for t in _choosable_trajan(s, p)]
        return [Action(p, "choose", (TRAJAN_TILES[t].id,)) for t in _choosable_trajan(s, p)]
    if ph == _DEMANDS:
        return [Action(p, "meet", (DEMAND_KINDS[k], _SOURCES[src])) for k, src in _demand_options(s, p)]
    if ph == _CONSUL:
        return [Action(p, "consul", (BONUS_TILES[b].id,)) for b in s.senate_bonus]
    return []


def _arrange_colours(s: TrajanState, p: int) -> list[int]:
    hm = s.hand_markers
    avail = [c for c in range(N_COLOURS) if hm[c]]
    if s.game.options["starting_markers"] != "different":
        return avail
    # option "different": the two markers of a tray differ, and the remaining markers
    # must still split into pairs of different colours
    tray = s.trays[p][s.setup_k // 2]
    first = s.setup_k % 2 == 0

    def feasible(counts: list[int]) -> bool:
        total = sum(counts)
        return max(counts) * 2 <= total

    out = []
    for c in avail:
        if first:
            ok = False
            for d in avail:
                if d == c:
                    continue
                rest = hm[:]
                rest[c] -= 1
                rest[d] -= 1
                if feasible(rest):
                    ok = True
                    break
            if ok:
                out.append(c)
        else:
            if tray[c]:
                continue
            rest = hm[:]
            rest[c] -= 1
            if feasible(rest):
                out.append(c)
    return out


def _blind_pregame(s: TrajanState) -> bool:
    """Pre-game picks from face-down stacks, top tile only: the tile is unseen until placed."""
    opts = s.game.options
    return opts["pregame_trajan"] == "top" and not opts["trajan_face_up"]


def _choosable_trajan(s: TrajanState, p: int) -> list[int]:
    used = {TRAJAN_TILES[t].category for t in s.trajan_slots[p] if t >= 0}
    out: list[int] = []
    top_only = s.game.options["pregame_trajan"] == "top"
    for cat, stack in enumerate(s.trajan_stacks):
        if cat in used or not stack:
            continue
        if top_only:
            out.append(stack[-1])
        else:
            out.extend(sorted(stack))
    return out


def _legal_effect(s: TrajanState, p: int) -> list[Action]:
    tile = TRAJAN_TILES[s.effect_tile]
    if tile.category == CAT_PLUS2:
        out = [Action(p, "plus2", (ACTIONS[a],)) for a in range(N_ACTIONS) if not s.plus2[p][a]]
    else:
        out = [Action(p, "effect")]
    out.append(Action(p, "skip"))
    return out


def _effect_possible(s: TrajanState, p: int, tile: int) -> bool:
    cat = TRAJAN_TILES[tile].category
    if cat == CAT_CARDS:
        return _can_draw(s)
    if cat in (CAT_LEGION, CAT_WORKER):
        return s.supply[p] > 0
    if cat == CAT_PLUS2:
        return sum(s.plus2[p]) < PLUS2_PER_PLAYER
    return False


def _legal_action_phase(s: TrajanState, p: int) -> list[Action]:
    sub = s.sub
    if sub == _SHIP:
        return _legal_loads(s, p, s.ship, True)
    if sub == _DISCARD:
        hand = s.hand[p]
        return [
            Action(p, "discard", (COMMODITIES[c], PILES[i]))
            for c in range(N_COMMODITIES)
            if hand[c]
            for i in range(2)
        ]
    if sub == _DISPLAY:
        hand = s.hand[p]
        out = [Action(p, "display", (COMMODITIES[c],)) for c in range(N_COMMODITIES) if hand[c]]
        out.append(Action(p, "stop"))
        return out
    top = s.agenda[-1]
    if top >= OFFER:
        a = top - OFFER
        out = []
        if _has_extra_tile(s, p, a):
            out.append(Action(p, "extra", (_EXTRA_KEYS[a],)))
        if _count_kind(s.ftiles[p], K_EXTRA_JOKER):
            out.append(Action(p, "extra", ("extra_joker",)))
        out.append(Action(p, "decline"))
        return out
    out = _action_options(s, p, top)
    out.append(Action(p, "pass"))
    return out


def _action_options(s: TrajanState, p: int, a: int) -> list[Action]:
    out: list[Action] = []
    if a == SEAPORT:
        if _can_draw(s):
            out.append(Action(p, "draw_two"))
        for i in range(2):
            if s.discards[i]:
                out.append(Action(p, "take_discard", (PILES[i],)))
        hand = s.hand[p]
        for c in range(N_COMMODITIES):
            if hand[c]:
                out.append(Action(p, "display", (COMMODITIES[c],)))
        for ship in range(len(SHIPS)):
            if _legal_loads(s, p, ship, False):
                out.append(Action(p, "ship", (_SHIP_KEYS[ship],)))
    elif a == FORUM:
        seen: set[int] = set()
        for t in s.forum_slots:
            if t >= 0:
                k = FORUM_TILE_KIND[t]
                if k not in seen:
                    seen.add(k)
                    out.append(Action(p, "take_tile", (_FORUM_KEYS[k],)))
        for t in s.extra_slots:
            if t >= 0:
                k = K_EXTRA_OF_ACTION[EXTRA_TILE_ACTION[t]]
                if k not in seen:
                    seen.add(k)
                    out.append(Action(p, "take_tile", (_FORUM_KEYS[k],)))
    elif a == MILITARY:
        if s.supply[p]:
            out.append(Action(p, "recruit"))
        for prov in leader_moves(s.leader[p]):
            out.append(Action(p, "march", (PROVINCES[prov].key,)))
        here = s.leader[p]
        if here != CAMP and s.mcamp[p] and not (s.province_legions[here] >> p) & 1:
            out.append(Action(p, "deploy"))
    elif a == SENATE:
        if s.senate_pos[p] < SENATE_LAST:
            out.append(Action(p, "senate"))
    elif a == TRAJAN:
        if s.arch[p] >= 0:
            for cat, stack in enumerate(s.trajan_stacks):
                if stack:
                    out.append(Action(p, "trajan", (_CATEGORY_KEYS[cat],)))
    else:  # CONSTRUCTION
        if s.supply[p]:
            out.append(Action(p, "hire"))
        if s.wcamp[p]:
            for space in _build_spaces(s, p):
                out.append(Action(p, "build", (space,)))
    return out


def _build_spaces(s: TrajanState, p: int) -> list[int]:
    """Spaces where ``p`` may put a worker ([HU] "Építésakció").

    The first worker may go anywhere; later ones orthogonally next to an own worker.
    A space already holding an own worker is not allowed (ruling 12).
    """
    bit = 1 << p
    workers = s.grid_workers
    own = [i for i in range(GRID_SPACES) if workers[i] & bit]
    if not own:
        return list(range(GRID_SPACES))
    spaces: set[int] = set()
    for i in own:
        for j in GRID_NEIGHBOURS[i]:
            if not workers[j] & bit:
                spaces.add(j)
    return sorted(spaces)


def _legal_loads(s: TrajanState, p: int, ship: int, with_sail: bool) -> list[Action]:
    """Next cards that may be loaded on ``ship`` (with ``sail`` once the load is complete)."""
    hand = s.hand[p]
    load = s.load
    jokers = _jokers_free(s, p)
    out: list[Action] = []
    total = len(load)
    if ship == SHIP_PAIRS:
        if total // 2 < SHIPS[ship].capacity:
            loaded = set(load)
            for c in range(N_COMMODITIES):
                if c in loaded:
                    continue
                if hand[c] >= 2:
                    out.append(Action(p, "load", (COMMODITIES[c], COMMODITIES[c])))
                if hand[c] and jokers:
                    out.append(Action(p, "load", (COMMODITIES[c], "joker")))
            if jokers >= 2:
                out.append(Action(p, "load", ("joker", "joker")))
        if with_sail and total >= 2:
            out.append(Action(p, "sail"))
        return out
    if total < SHIPS[ship].capacity:
        if ship == SHIP_IDENTICAL:
            real = [c for c in load if c >= 0]
            if real:
                if hand[real[0]]:
                    out.append(Action(p, "load", (COMMODITIES[real[0]],)))
            else:
                out.extend(Action(p, "load", (COMMODITIES[c],)) for c in range(N_COMMODITIES) if hand[c])
        else:
            out.extend(
                Action(p, "load", (COMMODITIES[c],)) for c in range(N_COMMODITIES) if hand[c] and c not in load
            )
        if jokers:
            out.append(Action(p, "load", ("joker",)))
    if with_sail and total >= 1:
        out.append(Action(p, "sail"))
    return out


def _demand_need(s: TrajanState, p: int) -> tuple[list[int], list[int], int]:
    """Per demand kind: unmet demands left and specific resources; and free demand jokers."""
    left = s.dem_left
    spec = [0, 0, 0]
    for t in s.held_f[p]:
        if t not in s.f_used:
            spec[TRAJAN_TILES[t].demand] += 1
    for t in s.ftiles[p]:
        k = FORUM_KINDS[FORUM_TILE_KIND[t]].demand
        if k >= 0:
            spec[k] += 1
    return left, spec, _count_kind(s.ftiles[p], K_DEMAND_JOKER)


def _max_met(left: list[int], spec: list[int], jokers: int) -> int:
    met = 0
    short = 0
    for k in range(3):
        m = min(left[k], spec[k])
        met += m
        short += left[k] - m
    return met + min(jokers, short)


def _demand_options(s: TrajanState, p: int) -> list[tuple[int, int]]:
    """The ways to meet one more demand that keep the most demands met ([HU]: "Fontos")."""
    left, spec, jokers = _demand_need(s, p)
    best = _max_met(left, spec, jokers)
    if best == 0:
        return []
    out = []
    held = s.held_f[p]
    for k in range(3):
        if not left[k]:
            continue
        left[k] -= 1
        if any(TRAJAN_TILES[t].demand == k and t not in s.f_used for t in held):
            spec[k] -= 1
            if _max_met(left, spec, jokers) == best - 1:
                out.append((k, 0))
            spec[k] += 1
        if _count_kind(s.ftiles[p], K_DEMAND_OF_KIND[k]):
            spec[k] -= 1
            if _max_met(left, spec, jokers) == best - 1:
                out.append((k, 1))
            spec[k] += 1
        if jokers and _max_met(left, spec, jokers - 1) == best - 1:
            out.append((k, 2))
        left[k] += 1
    return out


# =====================================================================================
# applying actions
# =====================================================================================
def apply_action(s: TrajanState, action: Action) -> list[Event]:
    """Validate ``action`` against the legal list and carry it out."""
    legal = s._legal
    if legal is None:
        legal = s._legal = legal_actions(s)
    if action not in legal:
        raise IllegalActionError(f"illegal action {action}: {s.why_illegal(action)}")
    s._legal = None
    events: list[Event] = []
    _DISPATCH[action.verb](s, action, events)
    _advance(s, events)
    return events


def _log(events: list[Event], text: str) -> None:
    events.append(public(text))


# --- set-up decisions -------------------------------------------------------------
def arrange(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Put a starting marker into the next tray (2 per tray, [HU] "Előkészület")."""
    p = a.player
    c = COLOURS.index(str(a.args[0]))
    s.hand_markers[c] -= 1
    s.trays[p][s.setup_k // 2][c] += 1
    s.setup_k += 1
    if s.setup_k == 2 * N_ACTIONS:
        s.setup_k = 0
        s.hand_markers = [MARKERS_PER_COLOUR] * N_COLOURS
        if p + 1 < s.game.players:
            s.decider = p + 1
        else:
            s.hand_markers = [0] * N_COLOURS
            s.phase = _DEAL
            s.decider = 0


def take_card(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Take a card of the starting hand from the draw pile or a discard pile."""
    p = a.player
    src = a.args[0]
    if src == "deck":
        c = draw_card(s)
        ev.append(private(p, f"seat {p} draws {COMMODITIES[c]}"))
        _log(ev, f"seat {p} takes a card from the draw pile")
    else:
        pile = PILES.index(str(src))
        c = s.discards[pile].pop()
        _refill_discard(s, pile)
        _log(ev, f"seat {p} takes {COMMODITIES[c]} from the {src} discard pile")
        s.known[p][c] += 1
    s.hand[p][c] += 1
    s.setup_k += 1
    if s.setup_k == 3:
        s.setup_k = 0
        if p + 1 < s.game.players:
            s.decider = p + 1
        else:
            s.phase = _CHOOSE
            s.decider = 0


def choose(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Choose a pre-game Trajan tile for the next of slots II, IV, VI."""
    p = a.player
    arg = str(a.args[0])
    if arg in _CATEGORY_KEYS:
        t = s.trajan_stacks[_CATEGORY_KEYS.index(arg)][-1]
    else:
        t = TRAJAN_INDEX[arg]
    s.trajan_stacks[TRAJAN_TILES[t].category].remove(t)
    slot = PRE_GAME_SLOTS[s.setup_k]
    s.trajan_slots[p][slot] = t
    s.setup_k += 1
    _log(ev, f"seat {p} places Trajan tile {TRAJAN_TILES[t].id} on slot {slot + 1}")
    if s.setup_k == len(PRE_GAME_SLOTS):
        s.setup_k = 0
        if p + 1 < s.game.players:
            s.decider = p + 1
        else:
            _start_play(s)


# --- turn step 1: move the action markers ----------------------------------------------
def take(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Take all markers of a tray; the time marker moves by their number ([HU] "Időjelző léptetése")."""
    p = a.player
    t = ACTIONS.index(str(a.args[0]))
    tray = s.trays[p][t]
    n = sum(tray)
    s.hand_markers = tray[:]
    s.trays[p][t] = [0] * N_COLOURS
    move_time(s, n)
    s.sow_tray = (t + 1) % N_ACTIONS
    s.sow_left = n
    s.phase = _SOW
    _log(ev, f"seat {p} takes {n} markers from {ACTIONS[t]}")


def move_time(s: TrajanState, n: int) -> None:
    """Advance the time marker ``n`` spaces; reaching or passing the start ends the round
    after this turn ([HU] "Egy játékforduló vége"). The marker is never reset."""
    lap = s.game.lap
    s.time_pos += n
    if s.time_pos >= lap:
        s.time_pos -= lap
        s.round_over = 1


def sow(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Put one marker of the chosen colour into the next tray clockwise."""
    _sow_colour(s, a.player, COLOURS.index(str(a.args[0])))


def _sow_colour(s: TrajanState, p: int, c: int) -> None:
    s.hand_markers[c] -= 1
    s.trays[p][s.sow_tray][c] += 1
    s.sow_left -= 1
    if s.sow_left == 0:
        s.target = s.sow_tray
        accomplish_trajan_tile(s, p)
    else:
        s.sow_tray = (s.sow_tray + 1) % N_ACTIONS


# --- turn step 2: accomplish a Trajan tile ----------------------------------------------
def accomplish_trajan_tile(s: TrajanState, p: int) -> None:
    """Turn step 2 ([HU] "Traianuslapka teljesítése"): if the tile beside the target tray
    shows colours present in the tray, gain its VP; its effect is optional (ruling 6)."""
    target = s.target
    t = s.trajan_slots[p][target]
    s.effect_tile = -1
    if t >= 0 and TRAJAN_TILES[t].is_satisfied_by(s.trays[p][target]):
        tile = TRAJAN_TILES[t]
        s.trajan_slots[p][target] = -1
        s.vp[p] += tile.vp
        if s.arch[p] < 0:
            # an arch waiting in the centre moves to the freed slot
            s.arch[p] = target
        if tile.category == CAT_DEMAND:
            s.held_f[p].append(t)
        else:
            s.trajan_removed.append(t)
            if tile.category != CAT_LAUREL and _effect_possible(s, p, t):
                s.effect_tile = t
    if s.effect_tile >= 0:
        s.phase = _EFFECT
    else:
        _begin_action(s)


def _begin_action(s: TrajanState) -> None:
    s.phase = _ACTION
    s.sub = _NONE
    s.agenda = [OFFER + s.target, DO + s.target]


def effect(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Carry out the accomplished Trajan tile's effect ([HU] p. 11)."""
    p = a.player
    tile = TRAJAN_TILES[s.effect_tile]
    if tile.category == CAT_CARDS:
        for _ in range(2):
            c = draw_card(s)
            if c >= 0:
                s.hand[p][c] += 1
                ev.append(private(p, f"seat {p} draws {COMMODITIES[c]}"))
        _log(ev, f"seat {p} draws 2 cards ({tile.id})")
    elif tile.category == CAT_LEGION:
        k = min(tile.tokens, s.supply[p])
        s.supply[p] -= k
        s.mcamp[p] += k
        _log(ev, f"seat {p} moves {k} tokens to the military camp ({tile.id})")
    elif tile.category == CAT_WORKER:
        k = min(tile.tokens, s.supply[p])
        s.supply[p] -= k
        s.wcamp[p] += k
        _log(ev, f"seat {p} moves {k} tokens to the worker camp ({tile.id})")
    s.effect_tile = -1
    _begin_action(s)


def plus2(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Place a [+2] marker under an action (category D Trajan tile)."""
    p = a.player
    act = ACTIONS.index(str(a.args[0]))
    s.plus2[p][act] = 1
    s.effect_tile = -1
    _log(ev, f"seat {p} places a [+2] marker on {ACTIONS[act]}")
    _begin_action(s)


def skip(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Forgo the accomplished tile's effect (its VP are kept)."""
    s.effect_tile = -1
    _begin_action(s)


# --- turn step 3: actions -------------------------------------------------------------------
def _start_do(s: TrajanState) -> int:
    return s.agenda.pop()


def pass_action(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Do not take the action; no extra-action tile may follow it."""
    act = s.agenda.pop()
    if s.agenda and s.agenda[-1] == OFFER + act:
        s.agenda.pop()
    _log(ev, f"seat {a.player} passes")


def extra(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Discard an extra-action tile to repeat the action once (twice with a [+2] marker)."""
    p = a.player
    act = s.agenda.pop() - OFFER
    key = str(a.args[0])
    if key == "extra_joker":
        s.forum_removed.append(_remove_kind(s.ftiles[p], K_EXTRA_JOKER))
    else:
        for i, t in enumerate(s.xtiles[p]):
            if EXTRA_TILE_ACTION[t] == act:
                s.extra_removed.append(s.xtiles[p].pop(i))
                break
        else:
            s.forum_removed.append(_remove_kind(s.ftiles[p], K_EXTRA_OF_ACTION[act]))
    s.extra_used = 1
    times = 2 if s.plus2[p][act] else 1
    s.agenda.extend([DO + act] * times)
    _log(ev, f"seat {p} uses {key} to take {ACTIONS[act]} {times} more time(s)")


def decline(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Do not use an extra-action tile now."""
    s.agenda.pop()


# Seaport ([HU] "Kikötőakció") ----------------------------------------------------------
def draw_two(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Seaport (a): draw 2 cards, then discard 1 from hand onto a discard pile."""
    p = a.player
    _start_do(s)
    for _ in range(2):
        c = draw_card(s)
        if c >= 0:
            s.hand[p][c] += 1
            ev.append(private(p, f"seat {p} draws {COMMODITIES[c]}"))
    _log(ev, f"seat {p} draws 2 cards")
    s.sub = _DISCARD


def discard(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Discard a card face up onto the chosen discard pile."""
    p = a.player
    c = COMMODITY_INDEX[str(a.args[0])]
    _leave_hand(s, p, c)
    s.discards[PILES.index(str(a.args[1]))].append(c)
    s.sub = _NONE
    _log(ev, f"seat {p} discards {COMMODITIES[c]} on the {a.args[1]} pile")


def take_discard(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Seaport (b): take the top card of a discard pile."""
    p = a.player
    _start_do(s)
    pile = PILES.index(str(a.args[0]))
    c = s.discards[pile].pop()
    s.hand[p][c] += 1
    s.known[p][c] += 1
    _refill_discard(s, pile)
    _log(ev, f"seat {p} takes {COMMODITIES[c]} from the {a.args[0]} discard pile")


def display(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Seaport (c): play 1 or 2 cards to the personal display, then draw as many."""
    p = a.player
    c = COMMODITY_INDEX[str(a.args[0])]
    if s.sub == _NONE:
        _start_do(s)
        s.display_count = 0
    _leave_hand(s, p, c)
    s.display[p][c] += 1
    s.display_count += 1
    _log(ev, f"seat {p} plays {COMMODITIES[c]} to the display")
    if s.display_count == 2:
        _finish_display(s, p, ev)
    else:
        s.sub = _DISPLAY


def stop(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Play no second card to the display."""
    _finish_display(s, a.player, ev)


def _finish_display(s: TrajanState, p: int, ev: list[Event]) -> None:
    for _ in range(s.display_count):
        c = draw_card(s)
        if c >= 0:
            s.hand[p][c] += 1
            ev.append(private(p, f"seat {p} draws {COMMODITIES[c]}"))
    s.display_count = 0
    s.sub = _NONE


def ship(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Seaport (d): start loading a ship with one combination."""
    _start_do(s)
    s.ship = _SHIP_KEYS.index(str(a.args[0]))
    s.load = []
    s.sub = _SHIP
    _log(ev, f"seat {a.player} loads the {a.args[0]} ship")


def load(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Load one card (a pair on the pairs ship); a commodity joker stands for any card."""
    p = a.player
    for arg in a.args:
        if arg == "joker":
            s.load.append(-1)
        else:
            c = COMMODITY_INDEX[str(arg)]
            _leave_hand(s, p, c)
            s.load.append(c)


def sail(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Score the shipment by the ship's table and flip a coloured ship to grey ([HU] p. 5-6)."""
    p = a.player
    sh = SHIPS[s.ship]
    units = len(s.load) // 2 if s.ship == SHIP_PAIRS else len(s.load)
    table = sh.grey if s.ship_grey[s.ship] else sh.coloured
    gained = table[units - 1]
    s.vp[p] += gained
    for c in s.load:
        if c >= 0:
            s.display[p][c] += 1
        else:
            s.forum_removed.append(_remove_kind(s.ftiles[p], K_COMMODITY_JOKER))
    s.ship_grey[s.ship] = 1
    _log(ev, f"seat {p} ships {len(s.load)} cards on the {sh.key} ship for {gained} VP")
    s.load = []
    s.ship = -1
    s.sub = _NONE


# Forum ([HU] "Fórumakció") -----------------------------------------------------------------
def take_tile(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Take any one tile from the forum."""
    p = a.player
    _start_do(s)
    k = FORUM_KIND_INDEX[str(a.args[0])]
    act = FORUM_KINDS[k].action
    if act >= 0:
        for i, t in enumerate(s.extra_slots):
            if t >= 0 and EXTRA_TILE_ACTION[t] == act:
                s.xtiles[p].append(t)
                s.extra_slots[i] = -1
                _log(ev, f"seat {p} takes the extra-action tile {ACTIONS[act]}")
                return
    for i, t in enumerate(s.forum_slots):
        if t >= 0 and FORUM_TILE_KIND[t] == k:
            s.ftiles[p].append(t)
            s.forum_slots[i] = -1
            _log(ev, f"seat {p} takes the forum tile {FORUM_KINDS[k].key}")
            return
    raise AssertionError("take_tile: legal tile not found")


# Military ([HU] "Katonai akció") ------------------------------------------------------------
def recruit(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Military (a): a token from the supply becomes a legionnaire in the camp."""
    p = a.player
    _start_do(s)
    s.supply[p] -= 1
    s.mcamp[p] += 1
    _log(ev, f"seat {p} sends a legionnaire to the military camp")


def march(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Military (b): move the leader to an adjacent province, taking its forum tile."""
    p = a.player
    _start_do(s)
    prov = PROVINCE_INDEX[str(a.args[0])]
    s.leader[p] = prov
    t = s.province_tile[prov]
    text = f"seat {p} marches to {PROVINCES[prov].en}"
    if t >= 0:
        s.ftiles[p].append(t)
        s.province_tile[prov] = -1
        text += f" and takes {FORUM_KINDS[FORUM_TILE_KIND[t]].key}"
    _log(ev, text)


def deploy(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Military (c): a legionnaire from the camp to the leader's province.

    VP = the province's value minus 3 per other player's legionnaire there, never below 0.
    """
    p = a.player
    _start_do(s)
    prov = s.leader[p]
    others = bin(s.province_legions[prov]).count("1")
    gained = max(0, PROVINCES[prov].vp - 3 * others)
    s.province_legions[prov] |= 1 << p
    s.mcamp[p] -= 1
    s.vp[p] += gained
    _log(ev, f"seat {p} places a legionnaire in {PROVINCES[prov].en} for {gained} VP")


# Senate ([HU] "Szenátusakció") ------------------------------------------------------------------
def senate(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Move the disc 1 space up the senate track, on top of any discs there, and gain its VP."""
    p = a.player
    _start_do(s)
    s.senate_pos[p] += 1
    s.senate_stamp[p] = s.stamp_counter
    s.stamp_counter += 1
    gained = SENATE_VP[s.senate_pos[p]]
    s.vp[p] += gained
    _log(ev, f"seat {p} advances in the senate to space {s.senate_pos[p]} for {gained} VP")


# Trajan ([HU] "Traianusakció") -------------------------------------------------------------------
def trajan(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Put the top tile of a Trajan stack in the arch's slot; the arch moves on clockwise
    to the next empty slot, or to the centre when all six are full."""
    p = a.player
    _start_do(s)
    cat = _CATEGORY_KEYS.index(str(a.args[0]))
    t = s.trajan_stacks[cat].pop()
    slots = s.trajan_slots[p]
    here = s.arch[p]
    slots[here] = t
    s.arch[p] = -1
    for step in range(1, N_ACTIONS):
        nxt = (here + step) % N_ACTIONS
        if slots[nxt] < 0:
            s.arch[p] = nxt
            break
    _log(ev, f"seat {p} places Trajan tile {TRAJAN_TILES[t].id} on slot {here + 1}")


# Construction ([HU] "Építésakció") ---------------------------------------------------------------
def hire(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Construction (a): a token from the supply becomes a worker in the worker camp."""
    p = a.player
    _start_do(s)
    s.supply[p] -= 1
    s.wcamp[p] += 1
    _log(ev, f"seat {p} sends a worker to the worker camp")


def build(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Construction (b): a worker into the construction area, taking the tile there.

    The first tile of a type grants that type's action at once, as part of the turn
    (and an extra-action tile may extend it).
    """
    p = a.player
    _start_do(s)
    space = int(a.args[0])
    s.wcamp[p] -= 1
    s.grid_workers[space] |= 1 << p
    t = s.grid_tile[space]
    if t < 0:
        _log(ev, f"seat {p} puts a worker on space {space}")
        return
    tile = CONSTRUCTION_TILES[t]
    first = all(CONSTRUCTION_TILES[o].action != tile.action for o in s.ctiles[p])
    s.ctiles[p].append(t)
    s.grid_tile[space] = -1
    s.vp[p] += tile.vp
    _log(ev, f"seat {p} builds {tile.name} on space {space} for {tile.vp} VP")
    if first:
        s.agenda.append(OFFER + tile.action)
        s.agenda.append(DO + tile.action)
        _log(ev, f"seat {p} gains a bonus {ACTIONS[tile.action]} action")


# --- quarter end ------------------------------------------------------------------------------
def meet(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """Meet one of the people's demands with a Trajan tile, a forum tile or a demand joker."""
    p = a.player
    k = DEMAND_KINDS.index(str(a.args[0]))
    src = _SOURCES.index(str(a.args[1]))
    if src == 0:
        for t in s.held_f[p]:
            if TRAJAN_TILES[t].demand == k and t not in s.f_used:
                s.f_used.append(t)
                break
    elif src == 1:
        s.forum_removed.append(_remove_kind(s.ftiles[p], K_DEMAND_OF_KIND[k]))
    else:
        s.forum_removed.append(_remove_kind(s.ftiles[p], K_DEMAND_JOKER))
    s.dem_left[k] -= 1
    _log(ev, f"seat {p} meets a {DEMAND_KINDS[k]} demand with a {_SOURCES[src]} tile")


def consul(s: TrajanState, a: Action, ev: list[Event]) -> None:
    """The consul takes a bonus tile yellow side up; the proconsul the other, grey side up."""
    p = a.player
    b = BONUS_INDEX[str(a.args[0])]
    _award_bonus(s, p, b, ev)
    _finish_quarter(s, ev)


def _award_bonus(s: TrajanState, consul_seat: int, b: int, ev: list[Event]) -> None:
    ranking = senate_ranking(s)
    s.senate_bonus.remove(b)
    s.bonus_yellow[consul_seat].append(b)
    _log(ev, f"seat {consul_seat} is consul and takes {BONUS_TILES[b].id} (yellow)")
    if s.senate_bonus and len(ranking) > 1:
        pro = ranking[1]
        other = s.senate_bonus.pop()
        s.bonus_grey[pro].append(other)
        _log(ev, f"seat {pro} is proconsul and takes {BONUS_TILES[other].id} (grey)")


_DISPATCH = {
    "arrange": arrange,
    "take_card": take_card,
    "choose": choose,
    "take": take,
    "sow": sow,
    "effect": effect,
    "plus2": plus2,
    "skip": skip,
    "pass": pass_action,
    "extra": extra,
    "decline": decline,
    "draw_two": draw_two,
    "discard": discard,
    "take_discard": take_discard,
    "display": display,
    "stop": stop,
    "ship": ship,
    "load": load,
    "sail": sail,
    "take_tile": take_tile,
    "recruit": recruit,
    "march": march,
    "deploy": deploy,
    "senate": senate,
    "trajan": trajan,
    "hire": hire,
    "build": build,
    "meet": meet,
    "consul": consul,
}


# =====================================================================================
# automatic steps between decisions
# =====================================================================================
def _advance(s: TrajanState, ev: list[Event]) -> None:
    """Carry out every step that needs no decision, up to the next real decision."""
    while True:
        ph = s.phase
        if ph == _SOW:
            hm = s.hand_markers
            only = -1
            for c in range(N_COLOURS):
                if hm[c]:
                    if only >= 0:
                        return
                    only = c
            # no choice: every remaining marker has the same colour
            _sow_colour(s, s.current, only)
            continue
        if ph == _ACTION:
            if s.sub:
                return
            agenda = s.agenda
            if not agenda:
                _end_turn(s, ev)
                continue
            top = agenda[-1]
            if top >= OFFER:
                p = s.current
                a = top - OFFER
                if s.extra_used or not (
                    _has_extra_tile(s, p, a) or _count_kind(s.ftiles[p], K_EXTRA_JOKER)
                ):
                    agenda.pop()
                    continue
            return
        if ph == _DEMANDS:
            p = s.decider
            options = _demand_options(s, p)
            if options and len({k for k, _ in options}) == len(options):
                # one way per demand kind: no real choice, met automatically
                k, src = options[0]
                meet(s, Action(p, "meet", (DEMAND_KINDS[k], _SOURCES[src])), ev)
                continue
            if options:
                return
            _close_demands(s, p, ev)
            continue
        if ph == _CONSUL:
            if len(s.senate_bonus) == 1:
                _award_bonus(s, s.decider, s.senate_bonus[0], ev)
                _finish_quarter(s, ev)
                continue
            return
        return


def _end_turn(s: TrajanState, ev: list[Event]) -> None:
    """After the turn: end of round, end of quarter, or the next player's turn."""
    s.extra_used = 0
    s.target = -1
    n = s.game.players
    if s.round_over:
        s.round_over = 0
        s.round += 1
        if s.round < ROUNDS_PER_QUARTER:
            # [HU] "Forduló vége": reveal one demand tile
            if s.demand_stack:
                d = s.demand_stack.pop()
                s.demand_revealed.append(d)
                _log(ev, f"round over: the people demand {DEMAND_KINDS[DEMAND_TILE_KIND[d]]}")
        else:
            _log(ev, f"quarter {s.quarter + 1} is over")
            _start_demands(s, 0)
            return
    s.current = (s.current + 1) % n
    s.decider = s.current
    s.phase = _TAKE


def _start_demands(s: TrajanState, p: int) -> None:
    s.phase = _DEMANDS
    s.decider = p
    s.dem_left = [0, 0, 0]
    for d in s.demand_revealed:
        s.dem_left[DEMAND_TILE_KIND[d]] += 1
    s.f_used = []


def _close_demands(s: TrajanState, p: int, ev: list[Event]) -> None:
    unmet = sum(s.dem_left)
    if unmet:
        s.vp[p] -= DEMAND_PENALTY[unmet]
        _log(ev, f"seat {p} leaves {unmet} demand(s) unmet and loses {DEMAND_PENALTY[unmet]} VP")
    if p + 1 < s.game.players:
        _start_demands(s, p + 1)
        return
    s.dem_left = [0, 0, 0]
    s.f_used = []
    _senate_majority(s, ev)


def _senate_majority(s: TrajanState, ev: list[Event]) -> None:
    """Quarter end 2 ([HU] "Erőegyensúly a szenátusban")."""
    ranking = senate_ranking(s)
    if s.quarter == QUARTERS - 1:
        # kept for the final tie-break option "track": positions before the last reset
        s.final_senate = [s.senate_pos[p] * 1000 + s.senate_stamp[p] for p in range(s.game.players)]
    if s.senate_bonus:
        s.phase = _CONSUL
        s.decider = ranking[0]
        return
    _finish_quarter(s, ev)


def _finish_quarter(s: TrajanState, ev: list[Event]) -> None:
    """Senate reset, clearing and refilling the board, removing the quarter tile."""
    ranking = senate_ranking(s)
    # discs back to the start: fewest votes at the bottom, the consul on top (ruling 15)
    n = s.game.players
    for height, p in enumerate(reversed(ranking)):
        s.senate_pos[p] = 0
        s.senate_stamp[p] = height
    s.stamp_counter = n
    s.demand_spent.extend(s.demand_revealed)
    s.demand_revealed = []
    s.round = 0
    s.quarter += 1
    if s.quarter >= QUARTERS:
        s.phase = _OVER
        s.decider = -1
        _log(ev, "the game is over")
        return
    # [HU] "3. Lapkák eltávolítása és a játéktábla újratöltése"
    for p in range(n):
        keep = []
        for t in s.ftiles[p]:
            if FORUM_KINDS[FORUM_TILE_KIND[t]].votes:
                s.forum_removed.append(t)
            else:
                keep.append(t)
        s.ftiles[p] = keep
    if s.game.options["remove_province_senate_tiles"]:
        for i, t in enumerate(s.province_tile):
            if t >= 0 and FORUM_KINDS[FORUM_TILE_KIND[t]].votes:
                s.forum_removed.append(t)
                s.province_tile[i] = -1
    for i, t in enumerate(s.forum_slots):
        if t >= 0:
            s.forum_removed.append(t)
            s.forum_slots[i] = -1
    for i, t in enumerate(s.extra_slots):
        if t >= 0:
            s.extra_removed.append(t)
            s.extra_slots[i] = -1
    for _ in range(2):
        if s.bonus_bag:
            s.senate_bonus.append(s.bonus_bag.pop())
    occupied = 0
    for p in range(n):
        if s.leader[p] != CAMP:
            occupied |= 1 << s.leader[p]
    for i in range(N_PROVINCES):
        if s.province_tile[i] < 0 and not s.province_legions[i] and not (occupied >> i) & 1 and s.fdeck:
            s.province_tile[i] = s.fdeck.pop()
    for i in range(FORUM_TILES_BY_PLAYERS[n]):
        if s.fdeck:
            s.forum_slots[i] = s.fdeck.pop()
    for i in range(FORUM_EXTRA_SPACES):
        if s.xdeck:
            s.extra_slots[i] = s.xdeck.pop()
    s.ship_grey = [0] * len(SHIPS)
    s.current = (s.current + 1) % n
    s.decider = s.current
    s.phase = _TAKE
    _log(ev, f"quarter {s.quarter + 1} begins")


# =====================================================================================
# conservation (used by tests)
# =====================================================================================
def component_counts(s: TrajanState) -> dict[str, int]:
    """Totals of every kind of component wherever it lies (all constant over a game)."""
    n = s.game.players
    tokens = [
        s.supply[p] + s.mcamp[p] + s.wcamp[p]
        + sum((m >> p) & 1 for m in s.province_legions)
        + sum((w >> p) & 1 for w in s.grid_workers)
        for p in range(n)
    ]
    forum = (
        len(s.fdeck) + sum(1 for t in s.forum_slots if t >= 0) + sum(1 for t in s.province_tile if t >= 0)
        + sum(len(x) for x in s.ftiles) + len(s.forum_removed)
    )
    extras = len(s.xdeck) + sum(1 for t in s.extra_slots if t >= 0) + sum(len(x) for x in s.xtiles) + len(
        s.extra_removed
    )
    cards = (
        len(s.draw) + len(s.discards[0]) + len(s.discards[1])
        + sum(sum(h) for h in s.hand) + sum(sum(d) for d in s.display)
        + sum(1 for c in s.load if c >= 0)
    )
    trajan_tiles = (
        sum(len(x) for x in s.trajan_stacks) + sum(1 for sl in s.trajan_slots for t in sl if t >= 0)
        + sum(len(x) for x in s.held_f) + len(s.trajan_removed)
    )
    construction = sum(1 for t in s.grid_tile if t >= 0) + sum(len(x) for x in s.ctiles)
    bonus = len(s.bonus_bag) + len(s.senate_bonus) + sum(len(x) for x in s.bonus_yellow) + sum(
        len(x) for x in s.bonus_grey
    )
    demand = len(s.demand_stack) + len(s.demand_removed) + len(s.demand_revealed) + len(s.demand_spent)
    markers = [sum(sum(t) for t in s.trays[p]) for p in range(n)]
    if s.phase in (Phase.SOW, Phase.ARRANGE):
        markers[s.decider] += sum(s.hand_markers)
    out = {
        "forum_tiles": forum,
        "extra_action_tiles": extras,
        "commodity_cards": cards,
        "trajan_tiles": trajan_tiles,
        "construction_tiles": construction,
        "bonus_tiles": bonus,
        "demand_tiles": demand,
    }
    for p in range(n):
        out[f"tokens_{p}"] = tokens[p]
        out[f"markers_{p}"] = markers[p]
    return out


EXPECTED_COUNTS = {
    "forum_tiles": N_FORUM_TILES,
    "extra_action_tiles": N_EXTRA_TILES,
    "commodity_cards": N_COMMODITIES * COPIES_PER_COMMODITY,
    "trajan_tiles": N_TRAJAN_TILES,
    "construction_tiles": len(CONSTRUCTION_TILES),
    "bonus_tiles": N_BONUS_TILES,
    "demand_tiles": len(DEMAND_TILE_KIND),
}

