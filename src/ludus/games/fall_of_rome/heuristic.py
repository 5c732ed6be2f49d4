"""Heuristic evaluation of Fall of Rome positions, and the greedy bot's turn planner.

The team's value (the same for every seat) rewards alliances, cards gathered towards
the next alliances (and a holder ready to forge one standing near that tribe), legions,
forts and event cards in hand; it punishes decline, barbarians on the board, cities
close to a sack and tribes close to running out of cubes. It also looks at the
barbarian cards that will come: the contents of the top segments of the barbarian
deck are public, so the chance that each card is revealed in the coming Invade Cities
steps is known, and where it would invade on the current board. From this comes the
expected harm of the coming invasions — legions lost in defence, cubes placed, and the
chance of a sack (which moves the decline marker and spreads cubes to neighbours).

The greedy bot plans the rest of its turn: a beam search over the sequences of its
remaining actions (and their sub-decisions, events included) on a determinized copy,
valuing each position reached by :func:`score`; battles are averaged over a few rolls.
It takes the first step of the best plan found and plans again at its next decision.
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
    REVOLT,
    ROMA,
    TRIBES,
    RoleId,
)
from ludus.games.fall_of_rome.rules import invasion_target
from ludus.games.fall_of_rome.state import FallOfRomeState

NEAR_ROMA = frozenset(NEIGHBOURS[ROMA])
CARD_TRIBE = tuple(n.tribe for n in NODES)
R_MERCATOR = int(RoleId.MERCATOR)


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

    alliance: float = 40.0
    tribe_gone: float = 6.0
    progress: float = 18.0
    progress_power: float = 1.4
    spare_card: float = 0.6
    ready: float = 6.0
    ready_distance: float = 1.5
    event_card: float = 1.5
    scarce: float = 6.0
    cube: float = 1.0
    two_cubes: float = 2.0
    three_cubes: float = 7.0
    guarded: float = 0.35
    legion: float = 0.5
    legion_near: float = 0.4
    reserve_legion: float = 0.15
    fort: float = 2.5
    pawn_in_fight: float = 0.4
    reach: float = 0.3
    decline: float = 7.0
    decline_square: float = 1.0
    supply_risk: float = 80.0
    supply_decay: float = 0.75
    legion_lost: float = 0.7
    next_step: float = 0.5
    pending_pay: float = 2.0


WEIGHTS = Weights()
REACH_DECAY = tuple(0.55**d for d in range(NC))
WIN_VALUE = 100_000.0
LOSS_VALUE = -100_000.0
# the cost of a likely loss inside an expectation (an actual loss is LOSS_VALUE)
LOSS_RISK = 400.0


def decline_cost(step: int, w: Weights) -> float:
    """The cost of the decline marker on ``step`` (the last step loses)."""
    if step >= DECLINE_LOSS:
        return LOSS_RISK
    return w.decline * step + w.decline_square * step * step


def _tail(lam: float, k: int) -> float:
    """P(Poisson(lam) >= k) for k in 1..3 (k <= 0: 1, k >= 4: 0)."""
    if k <= 0:
        return 1.0
    if k >= 4 or lam <= 0.0:
        return 0.0
    e = math.exp(-lam)
    if k == 1:
        return 1.0 - e
    if k == 2:
        return 1.0 - e * (1.0 + lam)
    return 1.0 - e * (1.0 + lam + lam * lam / 2.0)


def draw_chances(s: FallOfRomeState, first: int, second: int, w2: float = 0.5) -> list[tuple[int, float]]:
    """Barbarian cards with the weighted chance of being revealed in the next two steps.

    ``first`` cards come in the next Invade Cities step, ``second`` in the one after; a
    card's weight is its chance to come in the first step plus ``w2`` times its
    chance to come in the second. Only public information is used: the contents of each
    segment of the deck (the order too, for a segment whose order is known).
    """
    out: list[tuple[int, float]] = []
    deck = s.bdeck
    pos = len(deck)
    done = 0  # cards above the current segment
    total = first + second
    for size, known in reversed(s.bsegs):
        if done >= total:
            break
        cards = deck[pos - size : pos]
        pos -= size
        if known:
            for i, card in enumerate(reversed(cards)):
                k = done + i
                if k >= total:
                    break
                out.append((card, 1.0 if k < first else w2))
        else:
            p1 = min(1.0, max(0, first - done) / size)
            p12 = min(1.0, max(0, total - done) / size)
            weight = p1 + w2 * (p12 - p1)
            if weight > 0:
                for card in cards:
                    out.append((card, weight))
        done += size
    return out


def _invasion_sizes(s: FallOfRomeState) -> tuple[int, int]:
    """Cards of the coming Invade Cities step and of the next one."""
    nxt = INVASION_RATE[s.rate]
    if s.phase == "invade" and s.invasions_left >= 0:
        return s.invasions_left, nxt
    if s.inv_skip:
        return 0, nxt
    return max(0, nxt - s.inv_reduce), nxt


def score(state: FallOfRomeState, w: Weights | None = None) -> float:
    """An unbounded value for the team (higher is better)."""
    if w is None:
        w = WEIGHTS
    s = state
    if s.result:
        return WIN_VALUE if s.result == "win" else LOSS_VALUE
    cubes = s.cubes
    legions = s.legions
    forts = s.forts
    pawn_city = s.pawn_city
    supply = s.supply
    value = 0.0
    # --- the coming invasions --------------------------------------------------
    first, second = _invasion_sizes(s)
    hits = [0.0] * (NC * NT)
    touched: set[int] = set()
    for card, weight in draw_chances(s, first, second, w.next_step):
        city = invasion_target(s, card)
        hits[city * NT + CARD_TRIBE[card]] += weight
        touched.add(city)
    placed = [0.0] * NT  # expected cubes placed per tribe
    decline_now = s.decline
    sack_step = decline_cost(decline_now + 1, w) - decline_cost(decline_now, w)
    harm = 0.0
    for city in touched:
        base = city * NT
        total_hits = 0.0
        for t in range(NT):
            total_hits += hits[base + t]
        if s.caput and city == ROMA:
            harm += total_hits * sack_step
            continue
        guard = legions[city]
        leftover = 1.0
        if guard:
            if forts[city] or city in pawn_city:
                lost = min(float(guard), total_hits)
                harm += w.legion_lost * lost
                if total_hits > guard:
                    leftover = (total_hits - guard) / total_hits
                else:
                    leftover = 0.0
            else:
                p_any = 1.0 - math.exp(-total_hits)
                harm += w.legion_lost * guard * p_any
                leftover = max(0.0, total_hits - p_any) / total_hits
        if leftover <= 0.0:
            continue
        for t in range(NT):
            h = hits[base + t] * leftover
            if h <= 0.0:
                continue
            n = cubes[base + t]
            placed[t] += min(h, 3 - n) if n < 3 else 0.0
            p_sack = _tail(h, 4 - n)
            if p_sack <= 0.0:
                continue
            if city == ROMA:
                harm += p_sack * LOSS_RISK
                continue
            cost = sack_step + (w.fort if forts[city] else 0.0)
            for nb in NEIGHBOURS[city]:
                if legions[nb]:
                    cost += w.legion_lost
                elif cubes[nb * NT + t] >= 3:
                    cost += sack_step if nb != ROMA else LOSS_RISK
                else:
                    cost += w.cube + w.two_cubes
                    placed[t] += 1.0
            harm += p_sack * cost
    value -= harm
    # --- tribes -----------------------------------------------------------------
    for t in range(NT):
        on_board = TRIBES[t].cubes - supply[t]
        if s.allied[t]:
            value += w.alliance
        elif on_board == 0:
            value += w.tribe_gone
        left = supply[t] - placed[t]
        value -= w.supply_risk * (w.supply_decay ** max(0.0, left))
    # --- the board --------------------------------------------------------------
    near_cubes = [False] * NC
    hot: list[tuple[int, float]] = []
    for city in range(NC):
        base = city * NT
        guard = legions[city]
        if forts[city]:
            value += w.fort
        if not any(cubes[base : base + NT]):
            continue
        near_cubes[city] = True
        for nb in NEIGHBOURS[city]:
            near_cubes[nb] = True
        city_danger = 0.0
        for t in range(NT):
            n = cubes[base + t]
            if not n:
                continue
            danger = w.cube * n
            if n == 2:
                danger += w.two_cubes
            elif n == 3:
                danger += w.three_cubes
            if guard:
                danger *= 1.0 - w.guarded
            if city in NEAR_ROMA:
                danger *= 1.5
            city_danger += danger
        value -= city_danger
        hot.append((city, city_danger))
    value += w.reserve_legion * s.reserve
    for city in range(NC):
        n = legions[city]
        if n:
            value += w.legion * n
            if near_cubes[city]:
                value += w.legion_near * min(n, 3)
    value -= decline_cost(decline_now, w)
    # --- pawns ------------------------------------------------------------------
    # a pawn is drawn towards the worst cities it can reach (to battle there)
    for city in pawn_city:
        if city < 0:
            continue
        if legions[city] and near_cubes[city]:
            base = city * NT
            if any(cubes[base : base + NT]):
                value += w.pawn_in_fight
        row = DISTANCE[city]
        reach = 0.0
        for c, d in hot:
            r = d * REACH_DECAY[row[c]]
            if r > reach:
                reach = r
        value += w.reach * reach * (0.5 + min(legions[city], 3) / 6.0)
    # --- cards --------------------------------------------------------------------
    value += _card_value(s, w)
    for p in s.pending:
        if p["k"] == "pay":
            value -= w.pending_pay * p["count"]
    return value


def _card_value(s: FallOfRomeState, w: Weights) -> float:
    """Cards gathered towards alliances (the best holder per tribe), events in hand."""
    value = 0.0
    counts = []
    for hand in s.hands:
        c = [0] * NT
        for card in hand:
            if card < N_CITY_CARDS:
                c[CARD_TRIBE[card]] += 1
            elif card < REVOLT:
                value += w.event_card
        counts.append(c)
    treasury = [0] * NT
    for card in s.treasury:
        treasury[CARD_TRIBE[card]] += 1
    # cards of each colour still to come (the player deck's contents are public)
    coming = [0] * NT
    for card in s.pdeck:
        if card < N_CITY_CARDS:
            coming[CARD_TRIBE[card]] += 1
    for t in range(NT):
        if s.allied[t]:
            continue
        cost = TRIBES[t].alliance_cost
        best_seat = 0
        best = -1
        spare = 0
        for seat, c in enumerate(counts):
            spare += c[t]
            if c[t] > best:
                best, best_seat = c[t], seat
        spare -= best
        # solitaire: the treasury's cards count half (they must be taken back first)
        have = best + 0.5 * treasury[t]
        value += w.progress * (min(have, cost) / cost) ** w.progress_power
        value += w.spare_card * min(spare + max(0.0, have - cost), cost)
        slack = spare + best + treasury[t] + coming[t] - cost
        if slack < 2:
            value -= w.scarce * (2 - slack)
        if best >= cost and s.supply[t] < TRIBES[t].cubes:
            value += w.ready - w.ready_distance * _distance_to_tribe(s, best_seat, t)
    return value


def _distance_to_tribe(s: FallOfRomeState, seat: int, t: int) -> int:
    """Marches from the nearest pawn of ``seat`` to a city holding a cube of tribe ``t``."""
    best = 99
    cubes = s.cubes
    for pawn, city in enumerate(s.pawn_city):
        if city < 0 or (not s.solo and pawn != seat):
            continue
        if s.roles[pawn] == R_MERCATOR:
            return 0
        row = DISTANCE[city]
        for c in range(NC):
            if cubes[c * NT + t] and row[c] < best:
                best = row[c]
    return min(best, 8)


def evaluate(state: FallOfRomeState, player: int) -> float:
    """A value in [-1, 1] for the team: ±1 when the game is over."""
    if state.result:
        return 1.0 if state.result == "win" else -1.0
    return 0.95 * math.tanh(score(state, WEIGHTS) / 100.0)


# ---------------------------------------------------------------------------
# the greedy bot: a beam search over the rest of the turn
# ---------------------------------------------------------------------------
_STOP_VERBS = ("draw", "draw3", "invade", "revolt")
_BATTLE_SAMPLES = 4
_MOVE_VERBS = frozenset({"march", "sail", "classis_sail", "fabrum_move", "move_to"})
BEAM_WIDTH = 5
MAX_STEPS = 14


def _key(s: FallOfRomeState) -> tuple[object, ...]:
    """Positions reached by different orders of the same actions are searched once."""
    return (
        tuple(s.pawn_city), tuple(s.legions), tuple(s.cubes), tuple(tuple(sorted(h)) for h in s.hands),
        tuple(s.forts), tuple(s.allied), s.actions_left, s.decline, len(s.pending), s.phase,
        tuple(s.treasury), s.inv_reduce, s.inv_skip, s.alea,
    )


def _own_decision(s: FallOfRomeState, player: int) -> bool:
    """Whether ``player`` may still act in the planning horizon (their turn's free choices)."""
    if s.result:
        return False
    if s.pending:
        return True
    return player in s.to_move()


def _children(s: FallOfRomeState, player: int, rng: Rng) -> list[tuple[Action, FallOfRomeState, float]]:
    """Each candidate next step with the position it leads to and that position's value."""
    out: list[tuple[Action, FallOfRomeState, float]] = []
    if s.pending:
        top = s.pending[-1]
        who = top["who"]
        if who != player:
            # a team-mate's consent: the team agrees to its own plan
            if top["k"] == "consent":
                acts = [a for a in s.legal_actions(who) if a.verb == "agree"]
            else:
                acts = s.legal_actions(who)
        else:
            acts = s.legal_actions(player)
    else:
        acts = [a for a in s.legal_actions(player) if a.verb not in _STOP_VERBS]
    battle: Action | None = None
    for a in acts:
        if a.verb in _MOVE_VERBS and 0 < int(a.args[1]) < min(3, s.legions[s.pawn_city[s.cur]]):
            continue  # a move takes all the legions it can, or none
        if a.verb == "battle":
            # only the most dice: more dice remove more barbarians
            if battle is None or int(a.args[0]) > int(battle.args[0]):
                battle = a
            continue
        child = s.clone()
        child.apply(a)
        out.append((a, child, score(child)))
    if battle is not None:
        a = battle
        samples = []
        for _ in range(_BATTLE_SAMPLES):
            child = s.clone()
            child.rng = Rng(rng.next())
            child.apply(a)
            samples.append((score(child), child))
        mean = sum(v for v, _ in samples) / len(samples)
        samples.sort(key=lambda x: abs(x[0] - mean))
        out.append((a, samples[0][1], mean))
    return out


def plan(world: FallOfRomeState, player: int, rng: Rng, width: int = BEAM_WIDTH) -> Action | None:
    """The first step of the best sequence of free choices found by a beam search.

    ``None`` means stopping now (draw, or go on with the invasions) is best. A position
    counts as a plan's end only when no sub-decision is pending.
    """
    stop_allowed = not world.pending
    root = score(world)
    best_value = root if stop_allowed else -math.inf
    best_first: Action | None = None
    beam: list[tuple[float, FallOfRomeState, Action | None]] = [(root, world, None)]
    seen: dict[tuple[object, ...], float] = {}
    for _ in range(MAX_STEPS):
        nxt: list[tuple[float, FallOfRomeState, Action | None]] = []
        for _value, s, first in beam:
            for a, child, v in _children(s, player, rng):
                head = a if first is None else first
                key = _key(child)
                if seen.get(key, -math.inf) >= v:
                    continue
                seen[key] = v
                if not child.pending and v > best_value:
                    best_value, best_first = v, head
                if _own_decision(child, player) and (child.pending or child.phase == s.phase):
                    nxt.append((v, child, head))
        if not nxt:
            break
        nxt.sort(key=lambda x: -x[0])
        beam = nxt[:width]
    if best_first is None and not stop_allowed:
        # every line leaves a sub-decision open: take the best-valued first step
        return None
    return best_first


def greedy_action(state: FallOfRomeState, player: int, rng: Rng) -> Action | None:
    """The greedy bot's choice for ``player`` (``None`` when it is not their decision).

    In its turn the bot plans the rest of its actions with :func:`plan` on a
    determinized copy (it never sees the real deck order); drawing is its last step.
    Other decisions (the hand limit, the starting city, a partner's consent) are one
    step ahead with :func:`score`.
    """
    if player not in state.to_move():
        return None
    actions = state.legal_actions(player)
    if len(actions) == 1:
        return actions[0]
    if state.pending and state.pending[-1]["k"] == "consent":
        for a in actions:
            if a.verb == "agree":
                return a
    world = state.determinize(player, rng.next())
    stops = [a for a in actions if a.verb in _STOP_VERBS]
    if stops or state.pending:
        choice = plan(world, player, rng)
        if choice is not None:
            return choice
        if stops:
            return stops[-1]
    # one step ahead (hand limit, starting city...)
    best: list[Action] = []
    best_value = -math.inf
    for a in actions:
        after = world.clone()
        after.apply(a)
        v = score(after)
        if v > best_value:
            best, best_value = [a], v
        elif v == best_value:
            best.append(a)
    return best[rng.randbelow(len(best))]


__all__ = ["WEIGHTS", "Weights", "draw_chances", "evaluate", "greedy_action", "plan", "score"]
