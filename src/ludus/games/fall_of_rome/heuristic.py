"""Heuristic evaluation of Fall of Rome positions: the team's value.

The team's value (the same for every seat) rewards alliances, cards gathered towards
the next alliances (and a holder ready to forge one standing near that tribe), legions,
forts and event cards in hand; it punishes decline, barbarians on the board, cities
close to a sack and tribes close to running out of cubes. It also looks at the
barbarian cards that will come: the contents of the top segments of the barbarian
deck are public, so the chance that each card is revealed in the coming Invade Cities
steps is known, and where it would invade on the current board. From this comes the
expected harm of the coming invasions — legions lost in defence, cubes placed, and the
chance of a sack (which moves the decline marker and spreads cubes to neighbours).

The cards are valued as a race against the player deck (issue 32): for each tribe not yet allied,
the cards of its colour gathered by their best holder, the turns its missing cards will take to
come against the turns left before the deck runs out, an alliance out of reach when too few of its
cards are left, and a holder and a team-mate close to meeting where a Plot hands a card over.
The greedy bot's turn planner that uses this value is :mod:`~ludus.games.fall_of_rome.planner`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ludus.games.fall_of_rome.components import (
    DECLINE_LOSS,
    INVASION_RATE,
    N_CITY_CARDS,
    NC,
    NEIGHBOURS,
    NODES,
    NT,
    PHASE_INVADE,
    R_MERCATOR,
    REVOLT,
    ROMA,
    TRIBES,
)
from ludus.games.fall_of_rome.decisions import Pay
from ludus.games.fall_of_rome.rules.invasions import invasion_target
from ludus.games.fall_of_rome.scoring import WIN
from ludus.games.fall_of_rome.state import FallOfRomeData

NEAR_ROMA = frozenset(NEIGHBOURS[ROMA])
CARD_TRIBE = tuple(n.tribe for n in NODES)
TRIBE_CUBES = tuple(t.cubes for t in TRIBES)


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
    decline: float = 12.0
    decline_square: float = 2.0
    supply_risk: float = 80.0
    supply_decay: float = 0.75
    legion_lost: float = 0.7
    next_step: float = 0.5
    pending_pay: float = 2.0
    treasury_card: float = 0.5
    handover: float = 0.0
    race: float = 4.0
    race_margin: float = 0.8
    urgency: float = 0.5
    out_of_reach: float = 15.0
    react_margin: float = 2.0
    chance: float = 0.0
    chance_all: float = 0.0
    meet: float = 10.0
    meet_decay: float = 0.6


WEIGHTS = Weights()
_CITIES = range(NC)
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


def draw_chances(s: FallOfRomeData, first: int, second: int, w2: float = 0.5) -> list[tuple[int, float]]:
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


def _invasion_sizes(s: FallOfRomeData) -> tuple[int, int]:
    """Cards of the coming Invade Cities step and of the next one."""
    nxt = INVASION_RATE[s.rate]
    if s.phase == PHASE_INVADE and s.invasions_left >= 0:
        return s.invasions_left, nxt
    if s.inv_skip:
        return 0, nxt
    return max(0, nxt - s.inv_reduce), nxt


_HITS: dict[tuple[object, ...], dict[int, list[float]]] = {}
"""Memo of :func:`_hits` (the positions a turn's planner reaches mostly share deck and cubes)."""


def _hits(s: FallOfRomeData, w2: float) -> dict[int, list[float]]:
    """City → the weighted chance of each tribe's coming invasions there (read only)."""
    first, second = _invasion_sizes(s)
    key = (first, second, w2, tuple(s.bdeck), tuple(map(tuple, s.bsegs)), tuple(s.cubes))
    hits = _HITS.get(key)
    if hits is not None:
        return hits
    if len(_HITS) > 4096:
        _HITS.clear()
    hits = _HITS[key] = {}
    for card, weight in draw_chances(s, first, second, w2):
        city = invasion_target(s, card)
        row = hits.get(city)
        if row is None:
            row = hits[city] = [0.0] * NT
        row[CARD_TRIBE[card]] += weight
    return hits


def _harm(s: FallOfRomeData, w: Weights, placed: list[float]) -> float:
    """The expected harm of the coming invasions (adds the expected cubes placed per tribe to ``placed``)."""
    cubes = s.cubes
    legions = s.legions
    forts = s.forts
    hits = _hits(s, w.next_step)
    decline_now = s.decline
    sack_step = decline_cost(decline_now + 1, w) - decline_cost(decline_now, w)
    harm = 0.0
    pawn_city = s.pawn_city
    for city, row in hits.items():
        total_hits = row[0] + row[1] + row[2] + row[3] + row[4]
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
        base = city * NT
        for t in range(NT):
            h = row[t] * leftover
            if h <= 0.0:
                continue
            n = cubes[base + t]
            if n < 3:
                placed[t] += min(h, 3 - n)
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
    return harm


def score(state: FallOfRomeData, w: Weights | None = None) -> float:
    """An unbounded value for the team (higher is better)."""
    if w is None:
        w = WEIGHTS
    s = state
    if s.result:
        return WIN_VALUE if s.result == WIN else LOSS_VALUE
    cubes = s.cubes
    legions = s.legions
    supply = s.supply
    # --- the coming invasions --------------------------------------------------
    placed = [0.0] * NT  # expected cubes placed per tribe
    value = -_harm(s, w, placed)
    # --- tribes -----------------------------------------------------------------
    allied = s.allied
    for t in range(NT):
        if allied[t]:
            value += w.alliance
        elif supply[t] == TRIBE_CUBES[t]:
            value += w.tribe_gone
        left = supply[t] - placed[t]
        value -= w.supply_risk * (w.supply_decay ** (left if left > 0.0 else 0.0))
    # --- the board --------------------------------------------------------------
    near_cubes = [False] * NC
    hot: list[tuple[int, float]] = []
    value += w.fort * s.forts.count(1)
    three = w.cube * 3 + w.three_cubes
    two = w.cube * 2 + w.two_cubes
    unguarded = 1.0 - w.guarded
    cube = w.cube
    for city in _CITIES:
        if not any(cubes[city * NT : city * NT + NT]):
            continue
        base = city * NT
        near_cubes[city] = True
        for nb in NEIGHBOURS[city]:
            near_cubes[nb] = True
        factor = (unguarded if legions[city] else 1.0) * (1.5 if city in NEAR_ROMA else 1.0)
        city_danger = 0.0
        for n in cubes[base : base + NT]:
            if n:
                city_danger += (three if n == 3 else two if n == 2 else cube) * factor
        value -= city_danger
        hot.append((city, city_danger))
    value += w.reserve_legion * s.reserve
    for city, n in enumerate(legions):
        if n:
            value += w.legion * n
            if near_cubes[city]:
                value += w.legion_near * (n if n < 3 else 3)
    value -= decline_cost(s.decline, w)
    # --- pawns ------------------------------------------------------------------
    # a pawn is drawn towards the worst cities it can reach (to battle there)
    for city in s.pawn_city:
        if city < 0:
            continue
        n = legions[city]
        if n and near_cubes[city] and any(cubes[city * NT : city * NT + NT]):
            value += w.pawn_in_fight
        row = DISTANCE[city]
        reach = 0.0
        for c, d in hot:
            r = d * REACH_DECAY[row[c]]
            if r > reach:
                reach = r
        value += w.reach * reach * (0.5 + min(n, 3) / 6.0)
    # --- cards --------------------------------------------------------------------
    value += _card_value(s, w)
    for p in s.pending:
        if isinstance(p, Pay):
            value -= w.pending_pay * p.count
    return value


def _card_value(s: FallOfRomeData, w: Weights) -> float:
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
    n_deck = len(s.pdeck)
    turns_left = n_deck / 2.0  # turns of the team before the deck cannot give 2 cards
    seats = 1 if s.solo else len(s.hands)
    draws = int(n_deck * w.race_margin / seats)  # the cards a holder will still draw, less a margin to forge
    all_in_time = 1.0
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
        # solitaire: the treasury's cards count less (they must be taken back first)
        have = best + w.treasury_card * treasury[t]
        value += w.progress * (min(have, cost) / cost) ** w.progress_power
        value += w.spare_card * min(spare + max(0.0, have - cost), cost)
        if w.race or w.urgency or w.out_of_reach:
            value -= _race(have + w.handover * spare, cost, coming[t], n_deck, seats, turns_left, w)
        if (w.chance or w.chance_all) and s.supply[t] < TRIBES[t].cubes:
            p = in_time(math.ceil(cost - have - w.handover * spare), coming[t], n_deck, draws)
            value += w.chance * p
            all_in_time *= p
        if w.meet and spare and best < cost and not s.solo:
            value += w.meet * _meeting(s, counts, best_seat, t, w.meet_decay)
        slack = spare + best + treasury[t] + coming[t] - cost
        if slack < 2:
            value -= w.scarce * (2 - slack)
        if best >= cost and s.supply[t] < TRIBES[t].cubes:
            value += w.ready - w.ready_distance * _distance_to_tribe(s, best_seat, t)
    if w.chance_all:
        value += w.chance_all * all_in_time
    return value


def _meeting(s: FallOfRomeData, counts: list[list[int]], holder: int, t: int, decay: float) -> float:
    """How close the holder of colour ``t`` and a team-mate holding a card of it are to meeting in the
    city that card names (where a Plot hands it over): ``decay`` to the power of their two distances."""
    here = s.pawn_city[holder]
    if here < 0:
        return 0.0
    best = 0.0
    for seat, hand in enumerate(s.hands):
        if seat == holder or not counts[seat][t]:
            continue
        there = s.pawn_city[seat]
        if there < 0:
            continue
        for card in hand:
            if card < N_CITY_CARDS and CARD_TRIBE[card] == t:
                city = NODES[card].city
                v = decay ** (DISTANCE[here][city] + DISTANCE[there][city])
                if v > best:
                    best = v
    return best


def in_time(need: int, coming: int, deck: int, draws: int) -> float:
    """The chance that ``draws`` cards drawn from a deck of ``deck`` holding ``coming`` of a colour bring
    at least ``need`` of it (the hypergeometric tail).

    >>> in_time(0, 3, 20, 4), in_time(4, 3, 20, 10)
    (1.0, 0.0)
    >>> round(in_time(1, 10, 20, 2), 4)  # 1 - (10/20)(9/19)
    0.7632
    """
    if need <= 0:
        return 1.0
    draws = min(draws, deck)
    if need > coming or need > draws:
        return 0.0
    total = math.comb(deck, draws)
    miss = sum(math.comb(coming, i) * math.comb(deck - coming, draws - i) for i in range(need))
    return 1.0 - miss / total


def _race(have: float, cost: int, coming: int, n_deck: int, seats: int, turns_left: float,
          w: Weights) -> float:
    """The cost of the cards an alliance still needs, against the turns left before the deck runs out.

    The holder draws 2 of every ``2 * seats`` cards the team draws; the ``k``-th card of a colour
    with ``coming`` cards among ``n_deck`` comes, on average, after ``k (n_deck + 1) / (coming + 1)``
    cards. An alliance whose cards are not all still to come is out of reach (by this holder).
    """
    need = cost - have
    if need <= 0.0:
        return 0.0
    if need > coming:
        return w.out_of_reach
    turns = need * (n_deck + 1) / (coming + 1) / 2.0 * seats
    late = turns - turns_left * w.race_margin
    return w.urgency * turns + (w.race * late if late > 0.0 else 0.0)


def _distance_to_tribe(s: FallOfRomeData, seat: int, t: int) -> int:
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


def evaluate(state: FallOfRomeData, player: int) -> float:
    """A value in [-1, 1] for the team: ±1 when the game is over."""
    if state.result:
        return 1.0 if state.result == WIN else -1.0
    return 0.95 * math.tanh(score(state, WEIGHTS) / 100.0)


def evaluate_all(state: FallOfRomeData) -> tuple[float, ...]:
    """The team's value for every seat at once (a co-operative game: one computation,
    repeated): :func:`evaluate`, ±1 when the game is over."""
    return (evaluate(state, 0),) * state.game.players


__all__ = [
    "WEIGHTS", "Weights", "draw_chances", "evaluate", "evaluate_all", "score", "search_turns", "turn_key",
]


def turn_key(state: FallOfRomeData) -> int:
    """The number of player turns begun (the rollout bot compares its plans where one begins)."""
    return state.turn


def search_turns(players: int) -> int:
    """A round of the table: every seat's turn once, so that each has answered."""
    return players
