"""The rules of Pandemic: Fall of Rome, one module per chapter of the rulebook.

This package assembles them: the verb handlers (:data:`HANDLERS`), the rules of each
pending sub-decision (:data:`DECISION_RULES`), the legal-action generator
(:func:`legal_actions`) and the automatic step after every action (:func:`advance`).
The turn's steps (draw, each further Revolt, each invasion card) are explicit actions of
the current player, so that events can be played between them; events can also be played
while another seat's sub-decision is pending (ruling 32).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ludus.core.actions import Action
from ludus.core.decisions import Decision, DecisionRules
from ludus.core.events import Log
from ludus.core.reasons import N_, Reason, Why, because
from ludus.games.fall_of_rome.components import (
    CARD_BIT,
    FIRST_EVENT,
    HAND_LIMIT,
    MAX_SEATS,
    NT,
    PHASE_INVADE,
    PHASE_OVER,
    PHASE_REVOLT,
    PHASE_ROLE,
    PHASE_START,
    PORT,
    R_MERCATOR,
    R_VESTALIS,
    SIMPLE,
    Verb,
)
from ludus.games.fall_of_rome.decisions import (
    AleaDice,
    Escort,
    HicManebimus,
    Legions,
    MoveConsent,
    Pay,
    PlotConsent,
    PutBack,
    ReginaLegions,
    RemoveCubes,
)
from ludus.games.fall_of_rome.rules import (
    alliances,
    battle,
    characters,
    drawing_cards,
    event_cards,
    fortify_and_recruit,
    invasions,
    movement,
    player_cards,
    plot,
    revolts,
    setup,
)
from ludus.games.fall_of_rome.rules.end_of_game import check_win
from ludus.games.fall_of_rome.rules.turn import (
    WINDOW_PHASES,
    acting,
    drawn_unresolved,
    over_limit_seat,
    to_move,
)
from ludus.games.fall_of_rome.state import FallOfRomeData

__all__ = ["DECISION_RULES", "HANDLERS", "REASONS", "advance", "legal_actions", "to_move"]

S = FallOfRomeData
Handler = Callable[[S, Action, Log], None]


# ---------------------------------------------------------------------------
# legal actions
# ---------------------------------------------------------------------------
def legal_actions(s: S, player: int | None) -> list[Action]:
    """Every legal action of ``player`` (a seat) now; ``None``: every seat's, in seat order.

    It is also the engine's ``_generate`` hook (one call fewer per legal list).
    """
    if player is None:
        return _every_seat(s)
    phase = s.phase  # always a Phase member (set from PHASE_*, loaded by name): compared by identity,
    # cheaper than IntEnum's == (hot path; here, in to_move, advance and is_terminal)
    if phase is PHASE_OVER or not 0 <= player < s.seats:
        return []
    pending = s.pending
    if pending:
        top = pending[-1]
        if top.who == player:
            return DECISION_RULES[type(top)].legal(s, top)
        if type(top) is Legions or (type(top) is HicManebimus and top.stage == "add"):
            # a move (or a reinforcement) half chosen is one step of the rulebook: no event inside it
            return []
        # another seat decides: events stay playable, except between drawing cards and resolving them
        hand = s.hands[player]
        if hand and max(hand) >= FIRST_EVENT and phase in WINDOW_PHASES and not drawn_unresolved(s):
            events: list[Action] = []
            event_cards.event_choices(s, player, events)
            return events
        return []
    if phase is PHASE_ROLE:
        return setup.role_choices(s, player)
    if phase is PHASE_START:
        return setup.start_choices(s, player)
    out: list[Action] = []
    hands = s.hands
    if max(map(len, hands)) > HAND_LIMIT:  # somebody over the hand limit decides first (over_limit_seat)
        if over_limit_seat(s) == player:
            out.extend(player_cards.hand_limit_discards(s, player))
    elif player == (0 if s.solo else s.cur):  # seat_of(s, s.cur), inlined (hot path)
        # the current player's step: a Revolt waiting, the next invasion card, or the Do Actions step
        if phase is PHASE_REVOLT:
            out.append(_REVOLT[player])
        elif phase is PHASE_INVADE:
            out.append(_INVADE[player])
        else:
            if s.actions_left > 0:
                _action_choices(s, player, out)
            out.append(_DRAW[player])
            if s.roles[s.cur] == R_VESTALIS and len(s.pdeck) >= 3:
                out.append(_DRAW3[player])
    # events (any holder, any turn) and Vestalis's draw are optional in every phase here
    hand = hands[player]
    if hand and max(hand) >= FIRST_EVENT:  # an event in hand (else event_choices offers nothing)
        event_cards.event_choices(s, player, out)
    if s.vdeck:  # Vestalis's own deck is dealt only when she plays (else vestalis_choices offers nothing)
        characters.vestalis_choices(s, player, out)
    return out


def _every_seat(s: S) -> list[Action]:
    out: list[Action] = []
    for seat in range(s.seats):
        out += legal_actions(s, seat)
    return out


# each seat's step actions, built once (an enum attribute costs a slow lookup per use)
_REVOLT = tuple(SIMPLE[p][Verb.REVOLT] for p in range(MAX_SEATS))
_INVADE = tuple(SIMPLE[p][Verb.INVADE] for p in range(MAX_SEATS))
_DRAW = tuple(SIMPLE[p][Verb.DRAW] for p in range(MAX_SEATS))
_DRAW3 = tuple(SIMPLE[p][Verb.DRAW3] for p in range(MAX_SEATS))


def _action_choices(s: S, player: int, out: list[Action]) -> None:
    """AKCJE: the actions of the current pawn, in the rulebook's order, then its character's."""
    pawn = s.cur
    role = s.roles[pawn]
    city = s.pawn_city[pawn]
    hand = s.hands[player]
    legions = s.legions[city]
    carry = legions if legions < 3 else 3
    caput = s.caput
    out.extend(movement.march_targets(player, city, carry, caput))
    if PORT[city]:
        mask = 0  # the colours of the city cards in hand, one bit each
        for c in hand:
            mask |= CARD_BIT[c]
        if mask:
            movement.sail_choices(s, player, city, carry, mask, out)
    # Each chapter's choices below; the guards skip the calls that would offer nothing (hot path).
    if not s.forts[city]:
        fortify_and_recruit.fortify_choices(s, player, city, hand, out)
    else:
        fortify_and_recruit.recruit_choices(s, player, city, out)
    b = city * NT
    barbarians = any(s.cubes[b : b + NT])
    if legions and barbarians:
        battle.battle_choices(s, player, city, out)
    if s.solo or s.pawn_city.count(city) > 1:
        plot.plot_choices(s, player, pawn, city, hand, out)
    if barbarians or role == R_MERCATOR:
        alliances.alliance_choices(s, player, role, city, hand, out)
    characters.role_choices(s, player, pawn, role, city, hand, out)


# ---------------------------------------------------------------------------
# handlers and decisions
# ---------------------------------------------------------------------------
def _closing_battle_window(handler: Handler) -> Handler:
    """A top-level turn action: it ends the "just after a Battle" moment of Vae Victis first."""

    def wrapped(s: S, a: Action, log: Log) -> None:
        s.battle_removed = 0  # close_battle_window(s), inlined (every turn action passes here)
        s.battle_city = -1
        handler(s, a, log)

    wrapped.__doc__ = handler.__doc__
    wrapped.__name__ = handler.__name__
    return wrapped


_TURN_ACTIONS: dict[str, Handler] = {
    Verb.MARCH: movement.open_legions,
    Verb.SAIL: movement.open_legions,
    Verb.FORTIFY: fortify_and_recruit.fortify,
    Verb.RECRUIT_ARMY: fortify_and_recruit.recruit_army,
    Verb.BATTLE: battle.battle_action,
    Verb.PLOT_GIVE: plot.plot,
    Verb.PLOT_TAKE: plot.plot,
    Verb.PLOT_STORE: plot.plot_store,
    Verb.PLOT_RETRIEVE: plot.plot_retrieve,
    Verb.FORGE_ALLIANCE: alliances.forge_alliance,
    Verb.ENLIST_BARBARIANS: alliances.open_enlist,
    Verb.CONSUL_FORT: characters.consul_fort,
    Verb.CONSUL_HERE: characters.consul_here,
    Verb.MERCATOR_GIVE: characters.mercator,
    Verb.MERCATOR_TAKE: characters.mercator,
    Verb.CLASSIS_SAIL: movement.open_legions,
    Verb.CLASSIS_RECRUIT: characters.open_classis,
    Verb.FABRUM_FORT: characters.fabrum_fort,
    Verb.FABRUM_MOVE: movement.open_legions,
    Verb.DRAW: drawing_cards.draw,
    Verb.DRAW3: drawing_cards.draw3,
    Verb.REVOLT: revolts.revolt_step,
    Verb.INVADE: invasions.invade_step,
}

HANDLERS: Mapping[str, Handler] = {
    Verb.CHOOSE_ROLE: setup.choose_role,
    Verb.START: setup.start,
    Verb.DISCARD: player_cards.discard,
    Verb.PLAY: event_cards.play,
    Verb.VESTALIS_DRAW: characters.vestalis_draw,
    **{verb: _closing_battle_window(fn) for verb, fn in _TURN_ACTIONS.items()},
}
"""Verb → handler of the actions taken when no sub-decision is pending."""

DECISION_RULES: Mapping[type[Decision], DecisionRules[Any, Any]] = {
    Pay: player_cards.PAY,
    Legions: movement.LEGIONS_RULES,
    Escort: movement.ESCORT,
    RemoveCubes: battle.REMOVE,
    AleaDice: battle.ALEA,
    ReginaLegions: battle.REGINA,
    PlotConsent: plot.PLOT_CONSENT,
    MoveConsent: event_cards.MOVE_CONSENT,
    PutBack: drawing_cards.PUT_BACK,
    **event_cards.EVENT_RULES,
}
"""Decision class → its legal answers and their effect."""

def _turn_action(why: Why | None) -> Why:
    """A turn action's reason: none left this turn, else the chapter's own (``why``)."""

    def turn_why(s: S, a: Action) -> Reason | None:
        if not acting(s, a.player):
            return None
        if s.actions_left <= 0:
            return because(N_("your 4 actions of this turn are used: draw your cards"))
        return None if why is None else why(s, a)

    return turn_why


_REASONS_OF_ACTIONS: dict[str, Why | None] = {
    Verb.MARCH: movement.march_why,
    Verb.FORTIFY: fortify_and_recruit.fortify_why,
    Verb.FORGE_ALLIANCE: alliances.forge_why,
}
REASONS: Mapping[str, Why] = {
    verb: _turn_action(_REASONS_OF_ACTIONS.get(verb)) for verb in _TURN_ACTIONS
    if verb not in (Verb.DRAW, Verb.DRAW3, Verb.REVOLT, Verb.INVADE)
}
"""Why a turn action is refused (:mod:`ludus.core.reasons`; the decisions' rules give their own)."""

for _verb, _move in ((Verb.MARCH, movement.march), (Verb.SAIL, movement.sail),
                     (Verb.CLASSIS_SAIL, characters.classis_sail), (Verb.FABRUM_MOVE, characters.fabrum_move),
                     (Verb.MOVE_TO, event_cards.finish_event_move),
                     (Verb.MOVE_PAWN, event_cards.finish_event_move),
                     (Verb.ENLIST_BARBARIANS, alliances.enlist_barbarians),
                     (Verb.CLASSIS_RECRUIT, characters.classis_recruit)):
    movement.register_move(_verb, _move)


def advance(s: S, log: Log) -> None:
    """After every action: count it, and check the win (KONIEC GRY).

    A move's destination (or a recruit's tribe or card) is not counted apart from its legions:
    the two steps are one action of the rulebook (and one action of ludus 0.1.0, whose states
    they reproduce).
    """
    pending = s.pending
    if not (pending and (type(pending[-1]) is Legions or (type(pending[-1]) is HicManebimus
                                                            and pending[-1].stage == "add"))):
        s.actions_taken += 1
    if s.phase is not PHASE_OVER:
        check_win(s, log)
