"""Evaluation for bots: an estimate of a player's final score, relative to the others.

It counts what scores (influence, vault, likely merchant bonuses) and, at a
discount, what will probably become points: materials already in structures,
materials in the stockpile, clients, cards in hand and Jacks.

The greedy policy (:func:`greedy_action`) is that one-action lookahead with one rule
against livelock: a seat never takes a Jack by thinking twice at the same
:func:`progress` point (no card has moved since it last took one); it thinks by
drawing instead, so the deck moves. Without it two greedy seats could take and
spend Jacks for ever (the rules have no round limit).
"""

from __future__ import annotations

from collections.abc import Hashable
from math import tanh

from ludus.core.actions import Action
from ludus.core.api import Search, State
from ludus.core.rng import Rng
from ludus.games.glory_to_rome.components import (
    ACT,
    ARCHITECT,
    BUILDING_INDEX,
    BUILDING_MATERIAL,
    CARD_BUILDING,
    CARD_MATERIAL,
    CRAFTSMAN,
    FOLLOW,
    HAND_LIMIT,
    LABORER,
    LEGIONARY,
    MAIN,
    MERCHANT,
    MERCHANT_BONUS,
    PATRON,
    ROLE_INDEX,
    SLUGS,
    STARTING_INFLUENCE,
    V_LEGACY_PETITION,
    V_PETITION,
    VALUE,
    B,
    distinct_buildings,
)
from ludus.games.glory_to_rome.decisions import GtrData, frames, petition_of
from ludus.games.glory_to_rome.rules.building import fits
from ludus.games.glory_to_rome.rules.patron import client_base
from ludus.games.glory_to_rome.scoring import outcome
from ludus.games.glory_to_rome.state import (
    clientele_limit,
    hand_limit,
    has,
    influence,
    owned_names,
    vault_limit,
)


def player_value(s: GtrData, p: int) -> float:
    """Rough expected final points of ``p``."""
    value = float(influence(s, p))
    value += sum(VALUE[CARD_MATERIAL[c]] for c in s.vault[p])
    for st in s.buildings[p]:
        if not st.complete:
            need = VALUE[st.site]
            value += 0.35 + 0.8 * VALUE[st.site] * len(st.materials) / need
    value += 0.45 * len(s.stock[p])
    value += 0.6 * len(s.clients[p])
    hand = len(s.hands[p]) + s.hand_jacks[p]
    value += 0.25 * min(hand, hand_limit(s, p)) + 0.35 * s.hand_jacks[p]
    return value


def usefulness(s: GtrData, p: int, role: int) -> float:
    """What one more action of ``role`` is roughly worth to ``p`` now."""
    if role == LABORER:
        return 0.45 if s.pool else 0.0
    if role == PATRON:
        return 0.6 if s.pool and len(s.clients[p]) < clientele_limit(s, p) else 0.0
    if role == MERCHANT:
        if not s.stock[p] or len(s.vault[p]) >= vault_limit(s, p):
            return 0.0
        return max(VALUE[CARD_MATERIAL[c]] for c in s.stock[p]) - 0.45
    if role == LEGIONARY:
        return 0.4 if s.hands[p] else 0.0
    incomplete = [st for st in s.buildings[p] if not st.complete]
    if role == CRAFTSMAN:
        for st in incomplete:
            for c in s.hands[p]:
                if fits(s, p, st, CARD_MATERIAL[c]):
                    return 0.8
    elif role == ARCHITECT:
        for st in incomplete:
            for c in s.stock[p]:
                if fits(s, p, st, CARD_MATERIAL[c]):
                    return 1.0
    owned = owned_names(s, p)
    for c in s.hands[p]:
        if not (owned >> CARD_BUILDING[c]) & 1 and s.in_town[CARD_MATERIAL[c]] > 0:
            return 0.4
    return 0.0


def pending_actions(s: GtrData, p: int) -> int:
    """Actions of the led role ``p`` will still get this turn."""
    if s.phase == FOLLOW:
        started = False
    elif s.phase == ACT:
        order = (p - s.leader) % s.n
        if order >= s.act_index:
            started = False
        else:
            batches = frames(s)
            f = batches[0] if batches else None
            if f is not None and f.kind == MAIN and f.who == p:
                return f.left
            return 0
    else:
        return 0
    if started:
        return 0
    base = client_base(s, p, s.role)
    if s.units[p] and has(s, p, B.CIRCUS_MAXIMUS):
        base *= 2
    return s.units[p] + base


def evaluate(state: GtrData, player: int) -> float:
    """Heuristic value for ``player``: own value minus the best opponent's."""
    if state.over:
        return 100.0 * final_return(state, player)
    values = []
    for q in range(state.n):
        v = player_value(state, q)
        if state.role >= 0:
            k = pending_actions(state, q)
            if k:
                v += k * usefulness(state, q, state.role)
        values.append(v)
    mine = values[player]
    best = max(values[q] for q in range(state.n) if q != player)
    return mine - best


COMPLETED_FUNCTION = 0.6
"""Leaf value of a completed building's function, over the influence its site gives."""
FOUNDATION = 0.35
"""Leaf value of a bare foundation (a site held, a card in play)."""
MATERIAL_SHARE = 0.8
"""Leaf value of each material in an incomplete structure (a material of a site of value V is a
V-th of the V influence it will give): as the greedy bot values it, so every step towards
completing is worth a card; completing adds the rest of the influence and the function."""
_STATUE, _WALL, _SHRINE, _TEMPLE = B.STATUE, B.WALL, B.SHRINE, B.TEMPLE
LEAF_SCALE = 4.0
"""Points of lead that make a seat about three times as likely to finish ahead as behind:
:func:`evaluate_all` values a lead ``d`` over another seat as ``tanh(d / LEAF_SCALE)``."""


def leaf_points(s: GtrData) -> list[float]:
    """Every seat's expected final points, for search leaves (:func:`evaluate_all`).

    What scores now counts in full: influence (completed buildings), the vault, merchant
    bonuses held (strictly the most vault cards of a material), a completed Statue.
    Every step towards a building is worth its card: an incomplete structure counts
    :data:`FOUNDATION` plus :data:`MATERIAL_SHARE` a material, and completing it more (its
    whole influence plus :data:`COMPLETED_FUNCTION`: 1.25 to 1.65 for the last material,
    0.8 for another), so search completes buildings. What may
    become points (stockpile, clients, hand, Jacks, the led role's actions still owed) counts
    at a discount, less as the deck runs out.
    """
    n = s.n
    counts: list[list[int]] = []
    points: list[float] = []
    time_left = 0.5 + 0.5 * min(1.0, len(s.deck) / 40.0)
    role = s.role
    functions = s.cfg.functions
    statues: list[int] = []
    for p in range(n):
        value = float(STARTING_INFLUENCE + sum(map(VALUE.__getitem__, s.inf_sites[p])))
        mine = [0] * 6
        for c in s.vault[p]:
            m = CARD_MATERIAL[c]
            mine[m] += 1
            value += VALUE[m]
        counts.append(mine)
        for st in s.buildings[p]:
            if st.complete:
                value += COMPLETED_FUNCTION
                if functions and CARD_BUILDING[st.card] == _STATUE:
                    statues.append(-1 if st.public else p)
            else:  # VALUE[site] materials needed, the site worth VALUE[site] influence
                value += FOUNDATION + MATERIAL_SHARE * len(st.materials)
        mask = s.active[p]
        stock = len(s.stock[p])
        if functions and (mask >> _WALL) & 1:
            value += stock // 2
        jacks = s.hand_jacks[p]
        limit = HAND_LIMIT + (2 if (mask >> _SHRINE) & 1 else 0) + (4 if (mask >> _TEMPLE) & 1 else 0)
        potential = 0.45 * stock + 0.6 * len(s.clients[p]) + 0.35 * jacks
        potential += 0.25 * min(len(s.hands[p]) + jacks, limit)
        if role >= 0:
            k = pending_actions(s, p)
            if k:
                potential += k * usefulness(s, p, role)
        points.append(value + time_left * potential)
    for column in zip(*counts):
        best = max(column)
        if best and column.count(best) == 1:
            points[column.index(best)] += MERCHANT_BONUS
    if statues:  # a completed Statue scores 3 for its owner, for everybody once public (Stairway)
        for p in range(n):
            if p in statues or -1 in statues:
                points[p] += 3.0
    return points


def evaluate_all(s: GtrData) -> tuple[float, ...]:
    """Every seat's leaf value in [-1, 1] for search, on the scale of ``returns()``.

    ``returns()`` ranks the seats linearly (+1 first, -1 last), which is the mean over the
    other seats of +1 for finishing ahead of one and -1 for finishing behind. So a seat's
    value is the mean over the others of ``tanh(lead / LEAF_SCALE)``, its lead in
    :func:`leaf_points` over each: it sums to zero over the seats and rewards what wins by
    the rules (points, so completed buildings, influence, vault). A finished game is its
    ``returns()`` (a Forum win included).
    """
    n = s.n
    if s.over:
        return tuple(final_return(s, p) for p in range(n))
    points = leaf_points(s)
    scale = 1.0 / LEAF_SCALE
    share = 1.0 / (n - 1)
    out = []
    for p in range(n):
        mine = points[p]
        out.append(share * sum(tanh((mine - other) * scale) for other in points))
    return tuple(out)


def final_return(s: GtrData, player: int) -> float:
    """``State.returns()[player]`` of a finished game: +1 first, -1 last, shared on ties."""
    out = outcome(s)
    ranking = out.ranking
    n = len(ranking)
    if n == 1:
        return 1.0 if out.winners else 0.0
    return 1.0 - 2.0 * (ranking[player] - 1) / (n - 1)


def progress(s: GtrData) -> tuple[int, ...]:
    """Where the cards are, in public counts: changes whenever a card (not a Jack) moves.

    The deck, the pool, the out-of-play pile, and per seat its hand, camp, clientele,
    stockpile, vault and structures. Jacks are left out: taking and spending them is
    the cycle that :func:`greedy_action` refuses to repeat.
    """
    key = [len(s.deck), len(s.pool), len(s.removed)]
    for p in range(s.n):
        key += (len(s.hands[p]), len(s.camp[p]), len(s.clients[p]), len(s.stock[p]), len(s.vault[p]),
                len(s.buildings[p]), sum(len(st.materials) for st in s.buildings[p]))
    return tuple(key)


def _data(s: State) -> GtrData:
    if isinstance(s, GtrData):
        return s
    raise TypeError(f"not a Glory to Rome state: {type(s).__name__}")


def _value(s: State, player: int) -> float:
    return evaluate(_data(s), player)


def greedy_action(state: State, player: int, rng: Rng, search: Search) -> Action | None:
    """One action ahead with :func:`evaluate`, but no second Jack without progress; a
    petition planned whole.

    Where ``player`` may think for a Jack, the policy looks ahead itself (exactly as
    the agent would, with the same draws of ``rng``) after dropping the Jack if the
    seat already took one at the current :func:`progress` point, remembered in the
    agent's ``search.memory``. Where it may petition, each ``petition <role>`` is valued
    as the petition's first card (what one action ahead saw before petitions were asked
    card by card), and the cards are planned at once (:func:`_plan_petition`). Elsewhere
    it returns ``None`` (the agent's lookahead).
    """
    s = _data(state)
    if player not in state.to_move():
        return None
    plan_slot: Hashable = ("glory-to-rome", "petition_plan", player)
    if petition_of(s) is not None:  # the next card of the planned petition
        plan = search.memory.get(plan_slot)
        if isinstance(plan, list) and plan:
            card = s.acts.petition_card[player][plan[0]]
            if card in state.legal_actions(player):
                plan.pop(0)
                return card
        search.memory.pop(plan_slot, None)
        return None  # no plan (a petition opened by hand): the agent's lookahead
    actions = state.legal_actions(player)
    jack = s.acts.think_jack[player]
    can_jack = s.jack_pile > 0 and jack in actions
    petitions = any(a.verb == V_PETITION for a in actions)
    if not can_jack and not petitions:
        return None
    taken: set[tuple[int, ...]] = set()
    here = progress(s)
    if can_jack:
        slot: Hashable = ("glory-to-rome", "jack_taken_at", player)
        memo = search.memory.get(slot)
        if not isinstance(memo, set) or not memo or next(iter(memo))[0] != here[0]:
            memo = set()  # the deck moved: forget (keys of a larger deck never recur)
            search.memory[slot] = memo
        taken = memo
        if here in taken and len(actions) > 1:
            actions = [a for a in actions if a != jack]
    options = _first_cards(s, player, actions) if petitions else actions
    if len(options) == 1:
        choice = options[0]
    else:
        world = state.determinize(player, rng.next())
        choice = search.best_by_lookahead(world, player, options, _value, rng)
    if can_jack and choice == jack:
        taken.add(here)
    if choice.verb == V_LEGACY_PETITION:
        search.memory[plan_slot] = _plan_petition(state, player, choice, rng, search)
        return s.acts.petition[player][ROLE_INDEX[str(choice.args[0])]]
    return choice


def _first_cards(s: GtrData, p: int, actions: list[Action]) -> list[Action]:
    """``actions`` with each ``petition <role>`` replaced by its first cards, one action each
    (``legacy_petition <role> <card>``, in the order the cards first appear in the hand)."""
    counts = [0] * 6
    for c in s.hands[p]:
        counts[CARD_MATERIAL[c]] += 1
    need = s.cfg.petition_size
    starts = [SLUGS[b] for b in distinct_buildings(s.hands[p]) if counts[BUILDING_MATERIAL[b]] >= need]
    out: list[Action] = []
    for a in actions:
        if a.verb == V_PETITION:
            out += [s.acts.get(p, V_LEGACY_PETITION, a.args[0], slug) for slug in starts]
        else:
            out.append(a)
    return out


def _plan_petition(state: State, p: int, first: Action, rng: Rng, search: Search) -> list[int]:
    """The buildings of the petition that begins with ``first``, in the order they are asked:
    each further card chosen one action ahead, as the seat would choose it with the first
    cards already played (the same draws of ``rng`` as when petitions were asked so)."""
    after = state.clone()
    after.apply(first)
    cards = [BUILDING_INDEX[str(first.args[1])]]
    while True:
        d = petition_of(_data(after))
        if d is None:
            return sorted(cards)
        options = after.legal_actions(p)  # the old answers (a petition opened the old way)
        if len(options) == 1:
            choice = options[0]
        else:
            world = after.determinize(p, rng.next())
            choice = search.best_by_lookahead(world, p, options, _value, rng)
        cards.append(BUILDING_INDEX[str(choice.args[1])])
        after.apply(choice)


def turn_key(state: GtrData) -> int:
    """The number of leaders' turns played (the rollout bot compares its plans where one begins)."""
    return state.turn


def search_turns(players: int) -> int:
    """Four leaders' turns at any table (every seat acts in each: follows or thinks). Measured
    at 2 players, 200 games against greedy: 2 turns won 69.8%, 4 turns 86.8% (docs/bots.md)."""
    return 4
