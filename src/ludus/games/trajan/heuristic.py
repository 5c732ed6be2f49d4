"""Evaluation and the greedy policy for Trajan bots.

``evaluate`` estimates each seat's final score (VP track plus what final scoring
would give now, plus a little for resources that turn into VP later, minus the
penalty looming for unmet demands) and returns the seat's margin over the best
opponent.

``greedy_action`` plays a whole turn greedily: for each tray it could take, it sows
the markers with a simple colour policy, then values the best action at the target
tray (one action ahead, sub-decisions followed greedily). It searches on a
determinized copy, so it never sees hidden cards.

The one-action-ahead steps inside a turn use the agents' search
(``search.best_by_lookahead``, lent through ``Game.greedy_action``), with ties going to
the first best action as they always did. Two loops stay here as game knowledge, because
the shared search would change the bot's choices: :func:`_finish_turn_value` is a value
that itself looks ahead (the best of every first action of the turn, no tie-break at
all), and :func:`greedy_action` compares those values with a tolerance of 1e-9 before
breaking ties with the bot's RNG (the shared search compares exactly).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

from ludus.core.actions import Action
from ludus.core.api import Search, State
from ludus.core.rng import Rng
from ludus.games.trajan.components import (
    ACTION,
    ARRANGE,
    BONUS_TILES,
    CHOOSE_TRAJAN,
    COLOURS,
    CONSTRUCTION_TILES,
    CONSTRUCTION_TYPES,
    DEMAND_PENALTY,
    DEMAND_TILE_KIND,
    EFFECT,
    FORUM_KINDS,
    FORUM_TILE_KIND,
    K_COMMODITY_JOKER,
    K_CONSTRUCTION_JOKER,
    K_DEMAND_JOKER,
    OVER,
    SENATE_VOTES,
    SHIP_PAIRS,
    SHIPS,
    SOW,
    TAKE,
    TRAJAN_TILES,
)
from ludus.games.trajan.decisions import LoadShip, SeaportDiscard
from ludus.games.trajan.rules.action_circle import SOW_ACTIONS
from ludus.games.trajan.scoring import construction_sets, final_breakdown, outcome
from ludus.games.trajan.state import TrajanData

__all__ = ["evaluate", "evaluate_all", "greedy_action", "search_turns", "seat_value", "seat_values",
           "turn_key", "turn_plans"]


class _FirstOfTies(Rng):
    """A tie-break that takes the first of the best actions (and draws nothing)."""

    __slots__ = ()

    def randbelow(self, n: int) -> int:
        return 0


_FIRST_OF_TIES = _FirstOfTies()


def _data(s: State) -> TrajanData:
    if isinstance(s, TrajanData):
        return s
    raise TypeError(f"not a Trajan state: {type(s).__name__}")


def _value(s: State, player: int) -> float:
    return evaluate(_data(s), player)


def _demand_shortfall(s: TrajanData, p: int) -> int:
    need = [0, 0, 0]
    for d in s.demand_revealed:
        need[DEMAND_TILE_KIND[d]] += 1
    have = [0, 0, 0]
    for t in s.held_f[p]:
        have[TRAJAN_TILES[t].demand] += 1
    jokers = 0
    for t in s.ftiles[p]:
        k = FORUM_TILE_KIND[t]
        if k == K_DEMAND_JOKER:
            jokers += 1
        elif FORUM_KINDS[k].demand >= 0:
            have[FORUM_KINDS[k].demand] += 1
    short = sum(max(0, need[k] - have[k]) for k in range(3))
    return max(0, short - jokers)


def seat_value(s: TrajanData, p: int) -> float:
    """Estimated final VP of seat ``p``."""
    value = float(sum(final_breakdown(s, p).values()))
    # Trajan tiles waiting on the circle: part of their VP
    for t in s.trajan_slots[p]:
        if t >= 0:
            value += 0.35 * TRAJAN_TILES[t].vp
    # cards in hand are worth more than 1 VP once shipped
    value += 0.6 * sum(s.hand[p])
    value += 0.3 * (s.mcamp[p] + s.wcamp[p]) + 0.05 * s.supply[p]
    # the senate: votes for the bonus tiles at the quarter end
    votes = SENATE_VOTES[s.senate_pos[p]] + sum(FORUM_KINDS[FORUM_TILE_KIND[t]].votes for t in s.ftiles[p])
    value += 0.4 * votes
    # demand tiles for the demands still to come
    value += 0.8 * sum(1 for t in s.ftiles[p] if FORUM_KINDS[FORUM_TILE_KIND[t]].demand >= 0)
    value += 1.5 * len(s.held_f[p])
    short = _demand_shortfall(s, p)
    if short:
        value -= DEMAND_PENALTY[min(short, 3)] * (0.5 + 0.15 * s.round)
    # extra-action tiles and [+2] markers
    value += 1.0 * len(s.xtiles[p]) + 0.8 * sum(s.plus2[p])
    # a shipment being loaded
    top = s.pending[-1] if s.phase == ACTION and s.pending else None
    if isinstance(top, LoadShip) and s.decider == p and top.load:
        ship = SHIPS[top.ship]
        units = len(top.load) // 2 if top.ship == SHIP_PAIRS else len(top.load)
        if units:
            table = ship.grey if s.ship_grey[top.ship] else ship.coloured
            value += table[units - 1] + len(top.load) * 0.8
    return value


_TILE_TYPE = tuple(CONSTRUCTION_TYPES.index(t.action) for t in CONSTRUCTION_TILES)
"""Construction type (index into ``CONSTRUCTION_TYPES``) of each construction tile."""
_FORUM_VOTES = tuple(FORUM_KINDS[k].votes for k in FORUM_TILE_KIND)
_FORUM_DEMAND = tuple(FORUM_KINDS[k].demand for k in FORUM_TILE_KIND)
_TRAJAN_DEMAND = tuple(t.demand for t in TRAJAN_TILES)
_TRAJAN_WAITING = tuple(0.35 * t.vp for t in TRAJAN_TILES)
"""The part of a Trajan tile's VP a tile waiting on the circle is worth (as in seat_value)."""
_sets = functools.lru_cache(maxsize=4096)(construction_sets)
"""Construction-set VP by (tile counts per type, jokers): few distinct arguments."""


def _bonus_points(s: TrajanData, p: int, have: list[int], demand_jokers: int) -> int:
    """:func:`~ludus.games.trajan.scoring.bonus_points` (the same sums), counting only what
    the seat's tiles count; ``have``: its demand tiles per kind (forum tiles only)."""
    total = 0.0
    yellow = s.bonus_yellow[p]
    best_joker = 0.0
    for side, tiles in ((1, yellow), (0, s.bonus_grey[p])):
        for b in tiles:
            tile = BONUS_TILES[b]
            value = tile.yellow if side else tile.grey
            kind = tile.kind
            if kind == "commodities":
                display = s.display[p]
                total += value * sum(map(display.__getitem__, tile.commodities))
                best_joker = max(best_joker, value)
            elif kind == "legionnaires":
                # the provinces holding the seat's bit: the bits summed, over the bit (a count, in C)
                total += value * (sum(map((1 << p).__and__, s.province_legions)) >> p)
            elif kind == "workers":
                total += math.ceil(value * (sum(map((1 << p).__and__, s.grid_workers)) >> p))
            elif kind == "yellow_bonus":
                total += value * len(yellow)
            elif kind == "demand" and (have[tile.demand] or (s.cfg.demand_joker_bonus and demand_jokers)):
                total += value
    if best_joker:
        total += sum(1 for t in s.ftiles[p] if FORUM_TILE_KIND[t] == K_COMMODITY_JOKER) * best_joker
    return math.ceil(total)


def seat_values(s: TrajanData) -> list[float]:
    """:func:`seat_value` of every seat, sharing the work between seats (the same numbers,
    added in the same order: the greedy bot's choices, which compare them, do not change)."""
    need = [0, 0, 0]
    for d in s.demand_revealed:
        need[DEMAND_TILE_KIND[d]] += 1
    top = s.pending[-1] if s.phase == ACTION and s.pending else None
    loading = top if isinstance(top, LoadShip) and top.load else None
    second = s.cfg.edition == 2
    out: list[float] = []
    for p in range(s.cfg.players):
        hand = sum(s.hand[p])
        slots = s.trajan_slots[p]
        ftiles = s.ftiles[p]
        # the final scoring now (final_breakdown): whole VP
        score = s.vp[p] + hand + s.wcamp[p] + s.mcamp[p]
        if second:
            score += len(slots) - slots.count(-1)  # the tiles waiting (-1: an empty slot)
        cjokers = demand_tiles = demand_jokers = votes = 0
        have = [0, 0, 0]
        for t in ftiles:
            kind = FORUM_TILE_KIND[t]
            demand = _FORUM_DEMAND[t]
            votes += _FORUM_VOTES[t]
            if demand >= 0:
                demand_tiles += 1
                have[demand] += 1
            elif kind == K_CONSTRUCTION_JOKER:
                cjokers += 1
            elif kind == K_DEMAND_JOKER:
                demand_jokers += 1
        if s.ctiles[p] or cjokers:
            counts = [0] * len(CONSTRUCTION_TYPES)
            for t in s.ctiles[p]:
                counts[_TILE_TYPE[t]] += 1
            score += _sets(tuple(counts), cjokers)
        if s.bonus_yellow[p] or s.bonus_grey[p]:
            score += _bonus_points(s, p, have, demand_jokers)
        value = float(score)
        for t in slots:
            if t >= 0:
                value += _TRAJAN_WAITING[t]
        value += 0.6 * hand
        value += 0.3 * (s.mcamp[p] + s.wcamp[p]) + 0.05 * s.supply[p]
        value += 0.4 * (SENATE_VOTES[s.senate_pos[p]] + votes)
        value += 0.8 * demand_tiles
        held = s.held_f[p]
        value += 1.5 * len(held)
        for t in held:
            have[_TRAJAN_DEMAND[t]] += 1
        short = max(0, need[0] - have[0]) + max(0, need[1] - have[1]) + max(0, need[2] - have[2])
        short = max(0, short - demand_jokers)
        if short:
            value -= DEMAND_PENALTY[min(short, 3)] * (0.5 + 0.15 * s.round)
        value += 1.0 * len(s.xtiles[p]) + 0.8 * sum(s.plus2[p])
        if loading is not None and s.decider == p:
            ship = SHIPS[loading.ship]
            units = len(loading.load) // 2 if loading.ship == SHIP_PAIRS else len(loading.load)
            if units:
                table = ship.grey if s.ship_grey[loading.ship] else ship.coloured
                value += table[units - 1] + len(loading.load) * 0.8
        out.append(value)
    return out


def evaluate(state: TrajanData, player: int) -> float:
    """The seat's estimated margin over the best opponent (final margin once over)."""
    if state.is_terminal():
        scores = outcome(state).scores
        return float(scores[player] - max(v for i, v in enumerate(scores) if i != player))
    values = seat_values(state)
    return values[player] - max(v for i, v in enumerate(values) if i != player)


EVALUATION_SCALE = 12.0
"""VP of margin over the best opponent worth tanh(1) = 0.76 in :func:`evaluate_all` (a clear lead
in mid-game: a quarter's shipments or a construction set)."""


def evaluate_all(state: TrajanData) -> tuple[float, ...]:
    """Every seat's value on the returns scale, in one pass (ISMCTS's leaf value).

    Each seat's margin over the best other seat (:func:`seat_values`, computed once per seat),
    squashed by ``tanh(margin / EVALUATION_SCALE)``; once the game is over, the returns
    (+1 first, -1 last): there the win is what counts.
    """
    if state.phase == OVER:
        ranking = outcome(state).ranking
        last = len(ranking) - 1
        return tuple(1.0 - 2.0 * (place - 1) / last for place in ranking)
    values = seat_values(state)
    if len(values) == 2:
        a, b = values
        m = math.tanh((a - b) / EVALUATION_SCALE)
        return (m, -m)
    out = []
    for p, v in enumerate(values):
        best = max(w for q, w in enumerate(values) if q != p)
        out.append(math.tanh((v - best) / EVALUATION_SCALE))
    return tuple(out)


def _sow_choice(s: TrajanData, p: int) -> int:
    """Colour for the next marker: complete the target tray's tile, else prepare tiles."""
    tray_index = s.sow_tray
    tray = s.trays[p][tray_index]
    tile = s.trajan_slots[p][tray_index]
    best, best_score = -1, -1.0
    for c in range(len(COLOURS)):
        if not s.hand_markers[c]:
            continue
        score = 0.0
        if tile >= 0:
            need = TRAJAN_TILES[tile].colours
            if c in need:
                trial = tray[:]
                trial[c] += 1
                if TRAJAN_TILES[tile].is_satisfied_by(trial) and not TRAJAN_TILES[tile].is_satisfied_by(tray):
                    score += 10.0 if s.sow_left == 1 else 0.0
                    score += 2.0
                elif tray[c] == 0:
                    score += 1.0
        if score > best_score:
            best, best_score = c, score
    return best


def _branching(d: TrajanData) -> bool:
    """Whether the turn is at its action decision, where a plan tries every option (a seaport discard
    is planned whole instead: :func:`_best_discard`)."""
    if d.phase != ACTION:
        return False
    top = d.pending[-1]
    return not (isinstance(top, SeaportDiscard) and top.pile < 0)


def _greedy_step(s: State, d: TrajanData, p: int, search: Search) -> tuple[Action, ...]:
    """The greedy bot's next actions in ``p``'s turn, one action ahead (a seaport discard: its pile and
    card, planned whole as before the split); none at a decision it does not plan."""
    phase = d.phase
    if phase == SOW:
        return (SOW_ACTIONS[p][_sow_choice(d, p)],)
    if phase == EFFECT or _branching(d):
        return (search.best_by_lookahead(s, p, s.legal_actions(p), _value, _FIRST_OF_TIES),)
    if phase == ACTION:
        return _best_discard(s, p, lambda after: _value(after, p))
    return ()


def _finish_turn_value(s: State, p: int, branch: bool, search: Search) -> float:
    """Follow ``p``'s decisions to the end of the turn and return ``evaluate``.

    With ``branch`` the first action decision tries every option (the value is the best
    of them); the others are taken greedily, one action ahead.
    """
    d = _data(s)
    for _ in range(40):
        if d.decider != p or d.is_terminal():
            break
        if branch and _branching(d):
            best = float("-inf")
            for a in s.legal_actions(p):
                child = s.clone()
                child.apply(a)
                best = max(best, _finish_turn_value(child, p, False, search))
            return best
        step = _greedy_step(s, d, p, search)
        if not step:
            break
        for action in step:
            s.apply(action)
    return evaluate(d, p)


def turn_plans(state: State, player: int, search: Search) -> list[list[Action]] | None:
    """``player``'s whole turns from the choice of a tray (an action circle move with its follow-ups),
    best first by the value the greedy bot gives them; ``None`` elsewhere.

    ``state`` is a determinization (the caller's): each tray, then the sowing and the follow-ups as
    :func:`_finish_turn_value` plays them, with every option of the first action decision its own
    plan, as the greedy bot values a tray (the best of them is its choice). The expert level
    simulates the best few whole and plays the one it prefers to its end (issue 33's macro-moves).
    """
    d = _data(state)
    if d.phase != TAKE or d.decider != player or player not in state.to_move():
        return None
    plans: list[tuple[float, int, list[Action]]] = []
    for tray in state.legal_actions(player):
        child = state.clone()
        child.apply(tray)
        _plans_from(child, player, [tray], True, search, plans)
    plans.sort(key=lambda k: (-k[0], k[1]))
    return [plan for _, _, plan in plans]


def _plans_from(s: State, p: int, plan: list[Action], branch: bool, search: Search,
                out: list[tuple[float, int, list[Action]]]) -> None:
    """:func:`_finish_turn_value` from ``s``, writing down the actions: each whole turn with its
    value into ``out`` (with its rank of discovery, the order on equal values)."""
    d = _data(s)
    for _ in range(40):
        if d.decider != p or d.is_terminal():
            break
        if branch and _branching(d):
            for a in s.legal_actions(p):
                child = s.clone()
                child.apply(a)
                _plans_from(child, p, [*plan, a], False, search, out)
            return
        step = _greedy_step(s, d, p, search)
        if not step:
            break
        for action in step:
            s.apply(action)
        plan = [*plan, *step]
    out.append((evaluate(d, p), len(out), plan))


def _discard_pairs(s: State, p: int) -> list[tuple[Action, Action]]:
    """The discards after ``draw_two`` as (pile, card) pairs, in the order of the single
    ``discard <card> <pile>`` action of ludus before 0.4.0 (card by card, left before right)."""
    piles = s.legal_actions(p)
    after = s.clone()
    after.apply(piles[0])
    return [(pile, card) for card in after.legal_actions(p) for pile in piles]


def _best_discard(s: State, p: int, value: Callable[[State], float]) -> tuple[Action, Action]:
    """The first (pile, card) pair that ``value`` rates best (the lookahead's exact comparison)."""
    best: tuple[Action, Action] | None = None
    best_value = float("-inf")
    for pile, card in _discard_pairs(s, p):
        after = s.clone()
        after.apply(pile)
        after.apply(card)
        v = value(after)
        if best is None or v > best_value:
            best, best_value = (pile, card), v
    assert best is not None
    return best


def _greedy_discard(state: State, s: TrajanData, player: int, rng: Rng, search: Search) -> Action:
    """The discard after ``draw_two``, planned as one choice of card and pile (as the single action
    it was before 0.4.0, with the same draws from ``rng``): the pile now, the card remembered in
    ``search.memory`` for the next decision."""
    world = state.determinize(player, rng.next())
    best: list[tuple[Action, Action]] = []
    best_value = float("-inf")
    for pile, card in _discard_pairs(world, player):
        child = world.clone()
        child.apply(pile)
        child.apply(card)
        v = _finish_turn_value(child, player, False, search)
        if v > best_value + 1e-9:
            best, best_value = [(pile, card)], v
        elif abs(v - best_value) <= 1e-9:
            best.append((pile, card))
    pile, card = best[rng.randbelow(len(best))]
    after = state.clone()
    after.apply(pile)
    search.memory[(_DISCARD_MEMORY, after.digest())] = card
    return pile


_DISCARD_MEMORY = "trajan:discard"
"""``search.memory`` key (with the digest of the state after the pile) of the card to discard."""


def _greedy_pregame_tile(state: State, player: int, actions: list[Action], rng: Rng,
                         search: Search) -> Action:
    """The pre-game Trajan stack, planned as one choice of stack and tile (as the single
    ``choose <tile>`` of ludus before 0.4.0: one-action lookahead over every tile, the same draws
    from ``rng``): the stack now, the tile remembered in ``search.memory`` for the next decision."""
    pairs: list[tuple[Action, Action]] = []
    for stack in actions:
        after = state.clone()
        after.apply(stack)
        pairs += [(stack, tile) for tile in after.legal_actions(player)]
    stack, tile = pairs[0]
    if len(pairs) > 1:
        world = state.determinize(player, rng.next())
        best: list[tuple[Action, Action]] = []
        best_value = float("-inf")
        for stack, tile in pairs:
            after = world.clone()
            after.apply(stack)
            after.apply(tile)
            v = _value(after, player)
            if v > best_value:
                best, best_value = [(stack, tile)], v
            elif v == best_value:
                best.append((stack, tile))
        stack, tile = best[rng.randbelow(len(best))]  # drawn even for one best, as the lookahead did
    after = state.clone()
    after.apply(stack)
    search.memory[(_TILE_MEMORY, after.digest())] = tile
    return stack


_TILE_MEMORY = "trajan:pregame_tile"
"""``search.memory`` key (with the digest of the state after the stack) of the tile to choose."""


def greedy_action(state: State, player: int, rng: Rng, search: Search) -> Action | None:
    """The greedy bot's move; ``None`` falls back to one-action lookahead."""
    if player not in state.to_move():
        return None
    actions = state.legal_actions(player)
    s = _data(state)
    phase = s.phase
    if phase == CHOOSE_TRAJAN and not s.cfg.blind_pregame:
        if not s.pending:
            return _greedy_pregame_tile(state, player, actions, rng, search)
        tile = search.memory.pop((_TILE_MEMORY, state.digest()), None)
        if isinstance(tile, Action) and tile in actions:
            return tile
    if len(actions) == 1:
        return actions[0]
    top = s.pending[-1] if phase == ACTION else None
    if isinstance(top, SeaportDiscard):
        if top.pile < 0:
            return _greedy_discard(state, s, player, rng, search)
        card = search.memory.pop((_DISCARD_MEMORY, state.digest()), None)
        if isinstance(card, Action) and card in actions:
            return card
    if phase == SOW:
        return SOW_ACTIONS[player][_sow_choice(s, player)]
    if phase in (TAKE, ACTION):
        world = state.determinize(player, rng.next())
        best: list[Action] = []
        best_value = float("-inf")
        for a in actions:
            child = world.clone()
            child.apply(a)
            v = _finish_turn_value(child, player, phase == TAKE, search)
            if v > best_value + 1e-9:
                best, best_value = [a], v
            elif abs(v - best_value) <= 1e-9:
                best.append(a)
        return best[rng.randbelow(len(best))]
    if phase == ARRANGE:
        # spread the colours: two different markers per tray where possible
        tray = s.trays[player][s.setup_k // 2]
        fresh = [a for a in actions if not tray[COLOURS.index(str(a.args[0]))]]
        pool = fresh or actions
        return pool[rng.randbelow(len(pool))]
    return None


def turn_key(state: TrajanData) -> tuple[int, int, int]:
    """The quarter, the round and the seat whose turn it is: they change when a turn ends."""
    return state.quarter, state.round, state.current


def search_turns(players: int) -> int:
    """Two rounds of the table: what a mancala choice sets up pays off a turn or two later.
    Measured at 2 players against greedy: one round won 11 of 21 games, two rounds 161 of 200
    (docs/bots.md)."""
    return 2 * players
