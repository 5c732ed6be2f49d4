"""The rules of Hadrian's Wall, one module per chapter of the rulebook.

Every action is one small decision of one player. The Year is simultaneous: every player
who has not ended the Year is to move. A reward that needs a choice (a Cohort icon, a Road
attribute, a Scouting pattern's position) becomes a pending decision on that player's own
stack, resolved before anything else that player does.

This package assembles the chapters: :data:`HANDLERS` (verb → effect), :data:`DECISION_RULES`
(pending decision → its answers and their effect), :func:`legal_actions` (one seat's legal
actions, chapter by chapter in a fixed order), :func:`is_legal` (a faster test that generates
only the chapter of the action's verb) and :func:`advance` (the steps that follow when every
player is done: reveal the cards, end the Year, resolve the attack).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ludus.core.actions import Action
from ludus.core.decisions import Decision, DecisionRules
from ludus.core.engine import Handler
from ludus.core.events import Log
from ludus.core.i18n import Lang
from ludus.core.reasons import Why

from ..components import (
    ACTIONS,
    BATHS,
    CHOOSE,
    COURTHOUSE,
    DOMAIN,
    FAVOUR,
    LUDUS,
    MARKET,
    THEATRE,
    Verb,
)
from ..config import ActionTable
from ..decisions import pending_words
from ..state import Board, HadriansWallData
from . import (
    baths,
    buildings,
    citizens,
    courthouse,
    diplomats,
    general,
    ludus,
    market,
    mining_and_guard,
    pict_attack,
    scouting,
    temples,
    theatre,
    wall_and_fort,
    year,
)

__all__ = [
    "DECISION_RULES", "HANDLERS", "REASONS", "advance", "is_legal", "legal_actions", "setup", "to_move",
    "why_illegal",
]

Generator = Callable[[HadriansWallData, int, Board, ActionTable, list[Action]], None]
"""A chapter's legal actions: ``generate(state, seat, board, the seat's actions, out)`` appends to ``out``."""

HANDLERS: Mapping[str, Handler] = {
    Verb.PATH: year.choose_path,
    Verb.END: year.end,
    Verb.MINE: mining_and_guard.mine,
    Verb.GUARD: mining_and_guard.guard,
    Verb.TRAIN: mining_and_guard.train,
    Verb.FORT: wall_and_fort.fort,
    Verb.WALL: wall_and_fort.wall,
    Verb.CIPPI: wall_and_fort.cippi,
    Verb.BUILD: buildings.build,
    Verb.FORUM: buildings.forum,
    Verb.CITIZEN: citizens.citizen,
    Verb.BUY: market.buy,
    Verb.PERFORM: theatre.perform,
    Verb.TRAIN_GLADIATOR: ludus.train_gladiator,
    Verb.BATTLE: ludus.battle,
    Verb.TEMPLE: temples.temple,
    Verb.BRIBE: baths.bribe,
    Verb.RULING: courthouse.ruling,
    Verb.DIPLOMAT: diplomats.diplomat,
    Verb.SCOUT: scouting.scout,
    Verb.FAVOUR: pict_attack.favour,
    Verb.DEFEND: pict_attack.defend,
}
"""Verb → effect. ``cohort``, ``attribute``, ``place`` and ``hexagon`` answer pending decisions."""

DECISION_RULES: Mapping[type[Decision], DecisionRules[Any, Any]] = {
    **general.DECISION_RULES,
    **scouting.DECISION_RULES,
    **market.DECISION_RULES,
}

REASONS: Mapping[str, Why] = {
    Verb.BUILD: buildings.build_why,
    Verb.FORT: wall_and_fort.fort_why,
    Verb.WALL: wall_and_fort.wall_why,
    Verb.CIPPI: wall_and_fort.cippi_why,
}
"""Why a chapter's action is refused (:mod:`ludus.core.reasons`), before the generic text."""

_BY_VERB: dict[str, Generator] = {
    Verb.MINE: mining_and_guard.mining_and_guard_actions,
    Verb.GUARD: mining_and_guard.mining_and_guard_actions,
    Verb.TRAIN: mining_and_guard.mining_and_guard_actions,
    Verb.FORT: wall_and_fort.wall_and_fort_actions,
    Verb.WALL: wall_and_fort.wall_and_fort_actions,
    Verb.CIPPI: wall_and_fort.wall_and_fort_actions,
    Verb.BUILD: buildings.build_actions,
    Verb.FORUM: buildings.forum_actions,
    Verb.CITIZEN: citizens.citizen_actions,
    Verb.BUY: market.market_actions,
    Verb.PERFORM: theatre.theatre_actions,
    Verb.TRAIN_GLADIATOR: ludus.ludus_actions,
    Verb.BATTLE: ludus.ludus_actions,
    Verb.TEMPLE: temples.temple_actions,
    Verb.BRIBE: baths.baths_actions,
    Verb.RULING: courthouse.courthouse_actions,
    Verb.DIPLOMAT: diplomats.diplomat_actions,
    Verb.SCOUT: scouting.scout_actions,
}


setup = year.setup
"""Shuffle the decks and start Year 1 (:func:`.year.setup`)."""


def legal_actions(s: HadriansWallData, p: int) -> list[Action]:
    """Every legal action of seat ``p`` now (a fresh list of prebuilt actions)."""
    if not 0 <= p < len(s.boards):
        return []
    phase = s.phase
    b = s.boards[p]
    if phase is ACTIONS:
        if b.done:
            return []
        if b.pending:
            top = b.pending[-1]
            answers: list[Action] = DECISION_RULES[type(top)].legal(s, top)
            return answers
        # The chapters in the order their actions are listed, after ``end``.
        t = s.cfg.tables[p]
        out: list[Action] = [t.end]
        mining_and_guard.mining_and_guard_actions(s, p, b, t, out)
        wall_and_fort.wall_and_fort_actions(s, p, b, t, out)
        buildings.build_actions(s, p, b, t, out)
        buildings.forum_actions(s, p, b, t, out)
        citizens.citizen_actions(s, p, b, t, out)
        # An area of the right sheet offers nothing before its building is built (its
        # generator checks that too: testing it here only saves the call, most of the game).
        built = b.built
        if built[MARKET]:
            market.market_actions(s, p, b, t, out)
        if built[THEATRE]:
            theatre.theatre_actions(s, p, b, t, out)
        if built[LUDUS]:
            ludus.ludus_actions(s, p, b, t, out)
        temples.temple_actions(s, p, b, t, out)
        if built[BATHS]:
            baths.baths_actions(s, p, b, t, out)
        if built[COURTHOUSE]:
            courthouse.courthouse_actions(s, p, b, t, out)
        diplomats.diplomat_actions(s, p, b, t, out)
        scouting.scout_actions(s, p, b, t, out)
        return out
    if phase is CHOOSE:
        return year.path_choices(s, p)
    if phase is FAVOUR:
        if b.done:
            return []
        return [*pict_attack.favour_actions(s, p), s.cfg.tables[p].defend]
    return []


def is_legal(s: HadriansWallData, action: Action) -> bool:
    """Whether ``action`` is legal now, generating only the actions of its chapter."""
    p = action.player
    if not isinstance(p, int) or not 0 <= p < len(s.boards):
        return False
    b = s.boards[p]
    if s.phase is not ACTIONS or b.done or b.pending:
        return action in legal_actions(s, p)
    verb = action.verb
    if verb == Verb.END:
        return not action.args
    generate = _BY_VERB.get(verb)
    if generate is None:
        return False
    out: list[Action] = []
    generate(s, p, b, s.cfg.tables[p], out)
    return action in out


def why_illegal(s: HadriansWallData, action: Action, lang: Lang) -> str:
    """A short reason an illegal ``action`` is refused, in ``lang`` (bound to the game's domain)."""
    _ = lang.gettext
    p = action.player
    if s.phase is not ACTIONS and s.phase is not CHOOSE and s.phase is not FAVOUR:
        return _("the game is over")
    if not isinstance(p, int) or not 0 <= p < len(s.boards):
        return _("there is no seat {seat}").format(seat=p)
    b = s.boards[p]
    if s.phase is CHOOSE:
        return _("every player is choosing Path and Prospect") if b.choice < 0 else _("you have already "
                                                                                      "chosen")
    if b.done:
        return _("you have ended the Year") if s.phase is ACTIONS else _("you have already defended")
    if b.pending and s.phase is ACTIONS:
        return _("first resolve the pending choice ({choice})").format(
            choice=pending_words(str(b.pending[-1]), lang))
    why = REASONS.get(action.verb)
    reason = None if why is None else why(s, action)
    if reason is not None:
        return reason.text_in(lang, DOMAIN)
    return _("its requirement or cost is not met now")


def advance(s: HadriansWallData, log: Log) -> None:
    """After an action: when every player is done, the game moves on by itself.

    Everybody chose → the cards are revealed; everybody ended the Year → the Year ends (the
    Pict attack is revealed, Favours are offered); everybody defended → the attack is resolved.
    """
    phase = s.phase
    if phase is CHOOSE:
        for b in s.boards:
            if b.choice < 0:
                return
        year.reveal_cards(s, log)
        return
    for b in s.boards:
        if not b.done:
            return
    if phase is ACTIONS:
        pict_attack.end_year(s, log)
    elif phase is FAVOUR:
        pict_attack.pict_attack(s, log)


def to_move(s: HadriansWallData) -> tuple[int, ...]:
    """The seats the game waits for: every player who has not chosen, ended the Year or defended."""
    phase = s.phase
    if phase is ACTIONS or phase is FAVOUR:
        return tuple([p for p, b in enumerate(s.boards) if not b.done])
    if phase is CHOOSE:
        return tuple([p for p, b in enumerate(s.boards) if b.choice < 0])
    return ()
