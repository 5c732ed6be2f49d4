"""The greedy bot's policy in Fall of Rome: its turn planner's hooks, and its out-of-turn events.

In its turn the bot plans the rest of its actions: a beam search (the agents layer's
``Search.beam_plan``) over the sequences of its remaining actions (and their sub-decisions,
events included) on a determinized copy, valuing each position reached by the team's value
(:func:`~ludus.games.fall_of_rome.heuristic.score`); battles are averaged over a few rolls. It
takes the first step of the best plan found and plans again at its next decision. Out of turn it
weighs each event it may play against passing (:func:`greedy_action`). This module supplies only
the game knowledge: the stop verbs, the pruning, the position key, the value of a half-made move.
"""

from __future__ import annotations

import math
from typing import cast

from ludus.core.actions import Action
from ludus.core.api import Search, State
from ludus.core.rng import Rng
from ludus.games.fall_of_rome import heuristic
from ludus.games.fall_of_rome.components import ADD, DICE, LEGIONS_ACTION, Verb
from ludus.games.fall_of_rome.decisions import HicManebimus, Legions, MoveConsent, PlotConsent
from ludus.games.fall_of_rome.heuristic import evaluate, evaluate_all, score, search_turns, turn_key
from ludus.games.fall_of_rome.state import FallOfRomeData

STOP_VERBS = frozenset({Verb.DRAW, Verb.DRAW3, Verb.INVADE, Verb.REVOLT})
"""Verbs that end the planning horizon (the Draw and Invade Cities steps)."""
BATTLE_SAMPLES = 4
"""A battle is valued as the mean of this many rolls."""
BEAM_WIDTH = 5
MAX_STEPS = 18  # a move is two steps (destination, legions)


def plan_value(s: State) -> float:
    """The planner's value of a position: :func:`score`; a move whose legions are still to be
    chosen is worth its better end (all the legions it may take, or none; a pawn moved by
    Festina Lente or Si Vis Pacem, or Hic Manebimus Optime's legions: its best count, since
    the planner tried every count of those before they were split; an Enlist or Praefectus
    Classis recruit: all the legions it may place, the only count the planner tried before)."""
    d = cast(FallOfRomeData, s)
    if d.pending and (type(d.pending[-1]) is Legions or _adding(d)):
        top = d.pending[-1]
        if isinstance(top, Legions) and top.what >= 0:
            # a recruit: all the legions it may place (as before the split)
            ends = [ADD[top.who][top.most]]
        elif isinstance(top, Legions) and top.verb != Verb.MOVE_PAWN:
            # all the legions it may take, or none
            ends = [LEGIONS_ACTION[top.who][n] for n in {0, top.most}]
        else:
            # Festina Lente's pawn, Hic Manebimus Optime: every count, as the planner tried before the split
            ends = s.legal_actions(top.who)
        best = -math.inf
        for a in ends:
            child = s.clone()
            child.apply(a)
            best = max(best, score(cast(FallOfRomeData, child)))
        return best
    return score(d)


def _half_made(d: FallOfRomeData) -> tuple[object, ...] | None:
    """What a half-made move or reinforcement is about (positions differ by it)."""
    top = d.pending[-1] if d.pending else None
    if isinstance(top, Legions):
        return (top.verb, top.city, top.pawn, top.what)
    if isinstance(top, HicManebimus) and top.stage == "add":
        return ("add", top.city)
    return None


def _adding(d: FallOfRomeData) -> bool:
    """Hic Manebimus Optime's city is chosen, its legions not yet (one step of the card)."""
    top = d.pending[-1]
    return type(top) is HicManebimus and top.stage == "add"


def position_key(s: State) -> tuple[object, ...]:
    """Positions reached by different orders of the same actions are searched once."""
    d = cast(FallOfRomeData, s)
    return (
        tuple(d.pawn_city), tuple(d.legions), tuple(d.cubes), tuple(tuple(sorted(h)) for h in d.hands),
        tuple(d.forts), tuple(d.allied), d.actions_left, d.decline, len(d.pending), d.phase,
        tuple(d.treasury), d.inv_reduce, d.inv_skip, d.alea,
        _half_made(d),
    )


def plan_actions(s: State, player: int) -> list[Action]:
    """The steps the planner tries: ``player``'s own, or a team-mate's answer to a sub-decision
    (a team-mate's consent: the team agrees to its own plan)."""
    d = cast(FallOfRomeData, s)
    if d.pending:
        top = d.pending[-1]
        who = top.who
        if who != player:
            if isinstance(top, (PlotConsent, MoveConsent)):
                return [a for a in s.legal_actions(who) if a.verb == Verb.AGREE]
            return s.legal_actions(who)
    return s.legal_actions(player)


def settled(s: State) -> bool:
    """A plan may end where no sub-decision is open."""
    return not cast(FallOfRomeData, s).pending


def search_on(parent: State, child: State, player: int) -> bool:
    """Search on while ``player`` still decides in the same step of their turn (or a sub-decision is open)."""
    c = cast(FallOfRomeData, child)
    if c.result:
        return False
    if c.pending:
        return True
    return player in child.to_move() and c.phase == cast(FallOfRomeData, parent).phase


def prune(s: State, a: Action) -> bool:
    """Skip a move taking some but not all the legions it can, a battle with fewer dice than it can,
    and an Enlist or Praefectus Classis recruit placing fewer legions than it can."""
    d = cast(FallOfRomeData, s)
    if a.verb == Verb.LEGIONS:  # a move's legions (the destination was the step before)
        top = d.pending[-1]
        return isinstance(top, Legions) and top.verb != Verb.MOVE_PAWN and 0 < int(a.args[0]) < top.most
    if a.verb == Verb.BATTLE:
        return int(a.args[0]) < min(DICE, d.legions[d.pawn_city[d.cur]])
    if a.verb == Verb.ADD:
        # an Enlist's or Praefectus Classis's legions (the tribe or card was the step before)
        top = d.pending[-1]
        return isinstance(top, Legions) and top.what >= 0 and int(a.args[0]) < top.most
    return False


def _lookahead_value(s: State, player: int) -> float:
    return score(cast(FallOfRomeData, s))


REACT_STEPS = 8
"""At most this many of an event's own sub-decisions are followed when an out-of-turn play is valued."""


def _react(state: State, player: int, rng: Rng) -> Action | None:
    """An event to play out of turn, or ``None``: the play (and its sub-decisions, one step ahead
    each) that raises the team's value by more than ``react_margin`` over passing, on a
    determinization from ``player``'s seat."""
    offers = [a for a in state.legal_actions(player) if a.verb == Verb.PLAY]
    if not offers:
        return None
    world = state.determinize(player, rng.next())
    w = heuristic.WEIGHTS
    best, best_value = None, score(cast(FallOfRomeData, world)) + w.react_margin
    for a in offers:
        child = world.clone()
        child.apply(a)
        for _ in range(REACT_STEPS):
            d = cast(FallOfRomeData, child)
            if d.result or not d.pending or d.pending[-1].who != player:
                break
            choices = child.legal_actions(player)
            child = max((_after(child, c) for c in choices), key=lambda x: score(cast(FallOfRomeData, x)))
        v = score(cast(FallOfRomeData, child))
        if v > best_value:
            best, best_value = a, v
    return best


def _after(s: State, a: Action) -> State:
    child = s.clone()
    child.apply(a)
    return child


def greedy_action(state: State, player: int, rng: Rng, search: Search) -> Action | None:
    """The greedy bot's choice for ``player``; out of turn, an event worth playing now or ``None``.

    In its turn the bot plans the rest of its actions with ``search.beam_plan`` on a
    determinized copy (it never sees the real deck order); drawing is its last step.
    Other decisions (the hand limit, the starting city) are one step ahead with
    :func:`score`; a partner's consent is always given.
    """
    if player not in state.to_move():
        return _react(state, player, rng)
    actions = state.legal_actions(player)
    if len(actions) == 1:
        return actions[0]
    pending = cast(FallOfRomeData, state).pending
    if pending and isinstance(pending[-1], (PlotConsent, MoveConsent)):
        for a in actions:
            if a.verb == Verb.AGREE:
                return a
    world = state.determinize(player, rng.next())
    stops = [a for a in actions if a.verb in STOP_VERBS]
    if stops or pending:
        choice = search.beam_plan(
            world, player, rng, value=plan_value, actions=plan_actions, key=position_key, settled=settled,
            go_on=search_on, stop_verbs=STOP_VERBS, prune=prune, chance_verbs=(Verb.BATTLE,),
            samples=BATTLE_SAMPLES, width=BEAM_WIDTH, depth=MAX_STEPS,
        )
        if choice is not None:
            return choice
        if stops:
            return stops[-1]
    # one step ahead (hand limit, starting city...)
    return search.best_by_lookahead(world, player, actions, _lookahead_value, rng)


__all__ = [
    "BATTLE_SAMPLES", "BEAM_WIDTH", "MAX_STEPS", "STOP_VERBS", "evaluate", "evaluate_all", "greedy_action",
    "plan_value", "position_key", "prune", "search_turns", "turn_key",
]
"""The game's bot knowledge (its ``knowledge`` facet): the planner's policy, and the heuristic's
values and turns re-exported from :mod:`~ludus.games.fall_of_rome.heuristic`."""
