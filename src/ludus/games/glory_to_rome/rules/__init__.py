"""The rules of Glory to Rome, one module per chapter of the Polish rulebook.

- :mod:`.setup` — "Przygotowanie": sites, hands, the start player, the pool;
- :mod:`.lead_follow` — "Przebieg rundy", "SENATOROWIE": leading, following, thinking instead;
- :mod:`.petitions` — "Skladanie petycji";
- :mod:`.thinking` — "Myslenie" (Latrine, Vomitorium, School);
- :mod:`.role_actions` — taking the actions of the led role, batch by batch;
- :mod:`.patron`, :mod:`.laborer`, :mod:`.building` (Craftsman and Architect),
  :mod:`.legionary`, :mod:`.merchant` — "ROLA: ..." with their building functions;
- :mod:`.completion` — completing structures, "W MOMENCIE UKONCZENIA", Gate, Stairway;
- :mod:`.end_of_turn` — Academy, Sewer, Senate, the leader card passing on;
- :mod:`.end_of_game` — "KONIEC GRY": the end triggers, the Forum, concessions.

This module assembles the verb handlers, the decision rules, the legal-action
generator and :func:`advance` (the forced steps between decisions).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludus.core.actions import Action
from ludus.core.decisions import Decision, DecisionRules
from ludus.core.engine import Handler
from ludus.core.events import Log
from ludus.core.reasons import Why
from ludus.games.glory_to_rome.components import (
    ACT,
    END_OF_TURN,
    FOLLOW,
    LEAD,
    V_NEXT,
    V_PASS,
    B,
    Termination,
)
from ludus.games.glory_to_rome.decisions import (
    ColosseumChoice,
    EndStep,
    Frame,
    Give,
    GtrData,
    HalfLaid,
    Petition,
)
from ludus.games.glory_to_rome.rules import lead_follow, petitions
from ludus.games.glory_to_rome.rules.building import undo_half_lay
from ludus.games.glory_to_rome.rules.completion import refresh_active
from ludus.games.glory_to_rome.rules.end_of_game import check_forum, end_game
from ludus.games.glory_to_rome.rules.end_of_turn import (
    END_STEP_RULES,
    end_step_legal,
    end_turn,
    start_end_of_turn,
)
from ludus.games.glory_to_rome.rules.legionary import COLOSSEUM_RULES, GIVE_RULES
from ludus.games.glory_to_rome.rules.petitions import PETITION_RULES
from ludus.games.glory_to_rome.rules.role_actions import (
    FRAME_RULES,
    frame_legal,
    frame_resolve,
    hand_decides,
    start_next_batch,
)
from ludus.games.glory_to_rome.rules.setup import set_up

__all__ = ["DECISION_RULES", "HANDLERS", "REASONS", "advance", "legal_actions", "pending", "refresh_active",
           "set_up", "to_move"]

HANDLERS: Mapping[str, Handler] = {**lead_follow.HANDLERS, **petitions.HANDLERS}
"""Verbs of the lead/follow decision (every other answer goes to a pending decision)."""

REASONS: Mapping[str, Why] = lead_follow.REASONS
"""Why a lead or follow is refused (a pending decision's rules give their own reasons)."""

DECISION_RULES: Mapping[type[Decision], DecisionRules[Any, Any]] = {
    Frame: FRAME_RULES,
    Give: GIVE_RULES,
    ColosseumChoice: COLOSSEUM_RULES,
    Petition: PETITION_RULES,
    EndStep: END_STEP_RULES,
}

_FORUM_BIT = 1 << B.FORUM


def pending(s: GtrData) -> Decision | None:
    """The decision the game waits for, if it is a pending sub-decision: the top of
    ``s.pending`` (else the choice is a verb handler's: leading or following).

    The order of the stack is the priority: a give above the Colosseum choice above the
    batch it interrupts (see :mod:`..decisions`).
    """
    stack = s.pending
    if stack:
        d = stack[-1]
        if type(d) is not HalfLaid:  # (never on top when a decision is asked: advance() undoes it)
            return d
    return None


def to_move(s: GtrData) -> tuple[int, ...]:
    """The seat whose decision the game waits for."""
    if s.over:
        return ()
    ph = s.phase
    if ph in (LEAD, FOLLOW):
        return (s.current,)
    d = pending(s)
    return (d.who,) if d is not None else ()


def legal_actions(s: GtrData) -> list[Action]:
    """Every legal action now (all belong to the seat in :func:`to_move`)."""
    if s.over:
        return []
    stack = s.pending
    if not stack:
        return lead_follow.choose_legal(s)  # the common cases first, without pending()'s tests
    top = stack[-1]
    if type(top) is Frame:
        return frame_legal(s, top)
    d = pending(s)
    if d is not None:
        return DECISION_RULES[type(d)].legal(s, d)
    return lead_follow.choose_legal(s)


def advance(s: GtrData, log: Log) -> list[Action] | None:
    """After an action: end the game if a trigger is met, else move on until a real decision
    is pending. Returns that decision's legal actions when they were built on the way (the
    caller may cache them).

    A forced ``pass`` or ``next`` (the batch's only answer) is taken here, and an end-of-turn
    step whose only answer is ``pass`` is skipped, only where that forcedness follows from
    what the whole table sees (ruling 23): a batch whose options read the seat's hand
    (:func:`~.role_actions.hand_decides`) stops and asks even for a single answer, and
    every demanded seat is asked how it answers a Legionary.
    """
    if s.over:
        return None
    # finish_step(), inlined (it runs after every action): a Forum win, then the deck running out.
    if s.active_any & _FORUM_BIT:
        check_forum(s, log)
    if not s.deck:
        end_game(s, Termination.DECK_EXHAUSTED, log)  # (nothing if a Forum just won)
    stack = s.pending
    while not s.over:
        ph = s.phase
        if ph < ACT:  # lead/follow: the decision is the chooser's (built now: it is asked next)
            if not stack:
                return lead_follow.choose_legal(s)
            d = stack[-1]
            return petitions.petition_legal(s, d) if type(d) is Petition else lead_follow.choose_legal(s)
        top = stack[-1] if stack else None
        if ph == ACT:
            if type(top) is Frame:
                f = top
                if f.left <= 0 and f.open == 0 and s.fountain < 0 and not f.demands:
                    stack.pop()
                    continue
                legal = frame_legal(s, f)  # what legal_actions() gives here
                if len(legal) == 1 and not hand_decides(s, f):
                    verb = legal[0].verb
                    if verb is V_NEXT:
                        stack[-1] = f.with_counts(f.left, 0)  # frame_resolve() of a forced "next"
                        continue  # (no card moves: no Forum test)
                    if verb is V_PASS:
                        frame_resolve(s, f, legal[0], log)
                        check_forum(s, log)
                        continue
                return legal
            if top is not None and type(top) is not HalfLaid:
                return None  # a give (every demanded seat is asked, ruling 20) or a Colosseum choice
            if top is not None:
                undo_half_lay(s, log)  # the player's batch ended without a second action
            if start_next_batch(s):
                continue
            start_end_of_turn(s)
            continue
        if ph == END_OF_TURN:
            if type(top) is EndStep:
                legal = end_step_legal(s, top)  # what legal_actions() gives here
                if len(legal) == 1 and legal[0].verb == V_PASS:
                    stack.pop()
                    continue
                return legal
            end_turn(s, log)
            continue
    return None
