"""Heuristic evaluation of Fall of Rome positions, and the greedy bot's choices.

The team's value (the same for every seat) rewards alliances, tribes driven from
the board, legions and forts, cards gathered towards an alliance; it punishes
decline, barbarians on the board (more near Roma), cities one cube from a sack.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ludus.core.actions import Action
from ludus.core.rng import Rng
from ludus.games.fall_of_rome.components import (
    DECLINE_LOSS,
    INVASION_RATE,
    N_CITY_CARDS,
    NC,
    NEIGHBOURS,
    NODES,
    NT,
    ROMA,
    TRIBES,
)
from ludus.games.fall_of_rome.rules import invasion_target
from ludus.games.fall_of_rome.state import FallOfRomeState

NEAR_ROMA = frozenset(NEIGHBOURS[ROMA])


def _distances() -> tuple[tuple[int, ...], ...]:
    """Marching distance between every two cities (breadth-first search)."""
    out = []
    for start in range(NC):
        dist = [-1] * NC
        dist[start] = 0
        frontier = [start]
        while frontier:
            nxt = []
            for c in frontier:
                for nb in NEIGHBOURS[c]:
                    if dist[nb] < 0:
                        dist[nb] = dist[c] + 1
                        nxt.append(nb)
            frontier = nxt
        out.append(tuple(dist))
    return tuple(out)


DISTANCE = _distances()


@dataclass(frozen=True, slots=True)
class Weights:
    """The weights of :func:`score` (tuned by hand on simulated games)."""

    alliance: float = 8.0
    tribe_gone: float = 6.0
    cube: float = 1.2
    low_supply: float = 1.5
    city_cube: float = 0.3
    full_city: float = 5.0
    full_city_guarded: float = 0.8
    guard: float = 0.4
    legion: float = 0.2
    fort: float = 0.6
    decline: float = 4.0
    alliance_cards: float = 2.5
    threat: float = 1.0
    pawn_in_fight: float = 0.3
    alliance_ready: float = 3.0


WEIGHTS = Weights()


def score(state: FallOfRomeState, w: Weights = WEIGHTS) -> float:
    """An unbounded score for the team (higher is better)."""
    s = state
    value = 0.0
    cubes = s.cubes
    legions = s.legions
    for t in range(NT):
        on_board = TRIBES[t].cubes - s.supply[t]
        if s.allied[t]:
            value += w.alliance
            value -= 0.15 * on_board
        elif on_board == 0:
            value += w.tribe_gone
        else:
            value -= w.cube * on_board
            if s.supply[t] < 6:  # close to running out of cubes: a loss
                value -= w.low_supply * (6 - s.supply[t])
    for c in range(NC):
        base = c * NT
        here = cubes[base : base + NT]
        total = sum(here)
        if not total:
            continue
        full = sum(1 for x in here if x >= 3)
        guard = legions[c]
        danger = 1.0 + (1.5 if c == ROMA else 0.5 if c in NEAR_ROMA else 0.0)
        value -= danger * (w.city_cube * total + (w.full_city if not guard else w.full_city_guarded) * full)
        value += w.guard * min(guard, 3)
    value += w.legion * sum(legions)
    value += w.fort * sum(s.forts)
    value -= w.decline * s.decline * s.decline / DECLINE_LOSS
    # cards gathered towards an alliance (the best hand per tribe)
    for t in range(NT):
        if s.allied[t]:
            continue
        best = 0
        for hand in s.hands:
            n = sum(1 for c in hand if c < N_CITY_CARDS and NODES[c].tribe == t)
            best = max(best, n)
        value += w.alliance_cards * min(best, TRIBES[t].alliance_cost) / TRIBES[t].alliance_cost
    value -= w.threat * invasion_threat(s)
    # cards still to be discarded for an action already taken
    for p in s.pending:
        if p["k"] == "pay":
            value -= 0.8 * p["count"]
    # pawns standing with legions where barbarians are
    for city in s.pawn_city:
        if city >= 0 and legions[city] and sum(cubes[city * NT : city * NT + NT]):
            value += w.pawn_in_fight
    # a pawn whose hand can forge an alliance is drawn towards that tribe's cubes
    for pawn, city in enumerate(s.pawn_city):
        if city < 0:
            continue
        hand = s.hands[0 if s.solo else pawn]
        for t in range(NT):
            if s.allied[t] or s.supply[t] == TRIBES[t].cubes:
                continue
            n = sum(1 for c in hand if c < N_CITY_CARDS and NODES[c].tribe == t)
            if n >= TRIBES[t].alliance_cost:
                near = min(DISTANCE[city][c] for c in range(NC) if cubes[c * NT + t])
                value += max(0.0, w.alliance_ready - 0.6 * near)
    return value


def invasion_threat(s: FallOfRomeState) -> float:
    """Expected harm of the barbarian cards likely to come in the next two Invade steps.

    The top segment of the barbarian deck has public contents (after a Revolt it is the
    intensified discard pile): each of its cards comes within the next draws with
    probability ``draws / size``. A card whose target city already holds 3 cubes of the
    tribe and no legion will sack it.
    """
    if not s.bsegs:
        return 0.0
    size = s.bsegs[-1][0]
    draws = 2 * INVASION_RATE[s.rate]
    chance = min(1.0, draws / size)
    harm = 0.0
    deck = s.bdeck
    for card in deck[len(deck) - size :]:
        node = NODES[card]
        city = invasion_target(s, card)
        n = s.cubes[city * NT + node.tribe]
        if s.legions[city] or (s.caput and city == ROMA):
            continue
        if n >= 3:
            harm += 5.0 if city == ROMA else 3.0
        elif n == 2:
            harm += 0.7
    return chance * harm


def evaluate(state: FallOfRomeState, player: int) -> float:
    """A value in [-1, 1] for the team: ±1 when the game is over."""
    if state.result:
        return 1.0 if state.result == "win" else -1.0
    return 0.95 * math.tanh(score(state, WEIGHTS) / 25.0)


_END_ACTIONS = ("draw", "draw3")
_BATTLE_SAMPLES = 6


def greedy_action(state: FallOfRomeState, player: int, rng: Rng) -> Action | None:
    """One action ahead with :func:`evaluate` on a determinized copy.

    Out of turn it plays nothing. In the Do Actions step it ends its actions (draws)
    only when no action keeps the position at least as good: otherwise the freshly
    drawn cards would always look better than the next action.
    """
    if player not in state.to_move():
        return None
    actions = state.legal_actions(player)
    if len(actions) == 1:
        return actions[0]
    world = state.determinize(player, rng.next())
    keep_acting = state.phase == "actions" and state.actions_left > 0 and not state.pending
    base = evaluate(world, player)
    best: list[Action] = []
    best_value = -math.inf
    enders: list[Action] = []
    for action in actions:
        if keep_acting and action.verb in _END_ACTIONS:
            enders.append(action)
            continue
        if action.verb == "battle":
            # dice: the average of a few rolls, not one lucky or unlucky sample
            value = 0.0
            for k in range(_BATTLE_SAMPLES):
                after = world.clone()
                after.rng = Rng(rng.next() + k)
                after.apply(action)
                value += evaluate(after, player)
            value /= _BATTLE_SAMPLES
        else:
            after = world.clone()
            after.apply(action)
            value = evaluate(after, player)
        if value > best_value:
            best, best_value = [action], value
        elif value == best_value:
            best.append(action)
    if enders and (not best or best_value < base - 1e-9):
        return enders[-1] if len(enders) > 1 else enders[0]
    return best[rng.randbelow(len(best))]
