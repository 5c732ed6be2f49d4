"""Trajan's rules, one module per chapter of the (Hungarian, 2nd edition) rulebook.

The turn ([HU] "Játékmenet") is:

1. ``take`` a tray and ``sow`` its markers (one decision per marker), the time marker
   moving by the number of markers (:mod:`.action_circle`);
2. accomplish the Trajan tile beside the target tray if its colours are there (automatic;
   its effect is optional: ``effect`` / ``plus2`` / ``skip``; :mod:`.trajan_tiles`);
3. the target tray's action (optional: ``pass``), then at most one extra-action tile
   (:mod:`.extra_actions`; the six actions: :mod:`.seaport`, :mod:`.forum`, :mod:`.military`,
   :mod:`.senate`, :mod:`.trajan_action`, :mod:`.construction`).

Then the round or the quarter may end (:mod:`.round_end`, :mod:`.quarter_end`). The set-up
decisions come first (:mod:`.setup`); cards are drawn as :mod:`.cards` says.

Actions and their notation (``<seat>:<verb> <args>``):

* setup: ``arrange <colour>``, ``take_card deck|left|right``, ``stack <category>`` → ``choose <T..>``
  (``choose <category>`` alone when only the top tile of a face-down stack may be taken)
* turn: ``take <tray>``, ``sow <colour>``, ``effect``, ``plus2 <action>``, ``skip``
* Seaport: ``draw_two`` → ``pile left|right`` → ``discard <commodity>``; ``take_discard left|right``;
  ``display <commodity>`` → ``display <commodity>`` | ``stop``; ``ship identical|pairs|different``
  → ``load <card> [<card>]`` … ``sail``
* Forum: ``take_tile <kind>``; Military: ``recruit``, ``march <province>``, ``deploy``;
  Senate: ``senate``; Trajan: ``trajan <category>``; Construction: ``hire``, ``build <space>``
* ``pass`` (no action), ``extra <tile>`` / ``decline`` (extra-action tile)
* quarter end: ``meet <demand> trajan|forum|joker``, ``consul <B..>``
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludus.core.actions import Action
from ludus.core.decisions import Decision, DecisionRules
from ludus.core.events import Log
from ludus.core.reasons import Why
from ludus.games.trajan.components import (
    ACTION,
    ARRANGE,
    CHOOSE_TRAJAN,
    CONSUL,
    DEAL,
    DEMANDS,
    EFFECT,
    SOW,
    TAKE,
    Verb,
)
from ludus.games.trajan.decisions import (
    ChooseTile,
    LoadShip,
    OfferExtra,
    SeaportDiscard,
    SeaportDisplay,
    TakeAction,
)
from ludus.games.trajan.rules import (
    action_circle,
    extra_actions,
    quarter_end,
    round_end,
    seaport,
    setup,
    trajan_tiles,
)
from ludus.games.trajan.rules.setup import set_up
from ludus.games.trajan.state import TrajanData

__all__ = ["DECISION_RULES", "HANDLERS", "REASONS", "advance", "legal_actions", "set_up"]

Handler = Callable[[TrajanData, Action, Log], None]

HANDLERS: dict[str, Handler] = {
    Verb.ARRANGE: setup.arrange,
    Verb.TAKE_CARD: setup.take_card,
    Verb.CHOOSE: setup.choose,
    Verb.STACK: setup.stack,
    Verb.TAKE: action_circle.take,
    Verb.SOW: action_circle.sow,
    Verb.EFFECT: trajan_tiles.effect,
    Verb.PLUS2: trajan_tiles.plus2,
    Verb.SKIP: trajan_tiles.skip,
    Verb.MEET: quarter_end.meet,
    Verb.CONSUL: quarter_end.consul,
}
"""The verbs of the phases; the action step's verbs answer its decisions (below)."""

REASONS: dict[str, Why] = action_circle.REASONS
"""Why a phase's verb is refused (the decisions' rules give their own reasons)."""

DECISION_RULES: dict[type[Decision], DecisionRules[Any, Any]] = {
    TakeAction: extra_actions.TAKE_ACTION_RULES,
    OfferExtra: extra_actions.OFFER_EXTRA_RULES,
    SeaportDiscard: seaport.DISCARD_RULES,
    SeaportDisplay: seaport.DISPLAY_RULES,
    LoadShip: seaport.LOAD_SHIP_RULES,
    ChooseTile: setup.CHOOSE_TILE_RULES,
}
"""The legal answers to each pending decision, and their effect."""

_PHASE_LEGAL: dict[int, Callable[[TrajanData, int], list[Action]]] = {
    TAKE: action_circle.legal_take,
    SOW: action_circle.legal_sow,
    EFFECT: trajan_tiles.legal_effect,
    ARRANGE: setup.legal_arrange,
    DEAL: setup.legal_deal,
    CHOOSE_TRAJAN: setup.legal_choose,
    DEMANDS: quarter_end.legal_meet,
    CONSUL: quarter_end.legal_consul,
}


def legal_actions(s: TrajanData) -> list[Action]:
    """Every legal action of the seat to move (Trajan has no out-of-turn actions)."""
    if s.pending:
        top = s.pending[-1]
        rules: DecisionRules[TrajanData, Any] = DECISION_RULES[type(top)]
        return rules.legal(s, top)
    legal = _PHASE_LEGAL.get(s.phase)
    return legal(s, s.decider) if legal is not None else []


def advance(s: TrajanData, log: Log) -> None:
    """Carry out every step that needs no decision, up to the next real decision."""
    while True:
        ph = s.phase
        if ph == SOW:
            # no choice: every remaining marker has the same colour
            if action_circle.auto_sow(s, log):
                continue
            return
        if ph == ACTION:
            pending = s.pending
            if not pending:
                round_end.end_turn(s, log)
                continue
            top = pending[-1]
            if isinstance(top, OfferExtra) and extra_actions.offer_is_moot(s, top):
                pending.pop()
                continue
            return
        if ph == DEMANDS:
            if quarter_end.auto_demands(s, log):
                continue
            return
        if ph == CONSUL:
            if quarter_end.auto_consul(s, log):
                continue
            return
        return
