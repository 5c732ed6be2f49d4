"""Taking the actions of the led role (PL "Przebieg rundy": "... wszyscy kolejno wykonuja
przyslugujace im akcje").

RULE: glory_to_rome.pl "Przebieg rundy" — from the leader clockwise, each player takes one
      action per card played to lead or follow, plus one per client of the led role (clients
      act even for players who thought).
RULE: glory_to_rome.pl "Gracze nie musza (a czasem nawet nie moga) wykonywaé wszystkich" —
      unused actions are lost (``pass``).
Each player's batch is a :class:`~..decisions.Frame`; a frame's legal answers and their
effects come from the chapter of its role. Circus Maximus doubles the client actions.
"""

from __future__ import annotations

from collections.abc import Callable

from ludus.core.actions import Action
from ludus.core.decisions import DecisionRules, replace_on
from ludus.core.events import Log
from ludus.core.reasons import Reason
from ludus.games.glory_to_rome.components import (
    ACT,
    ARCHITECT,
    CRAFTSMAN,
    LABORER,
    LEGIONARY,
    MAIN,
    PATRON,
    THINKER,
    V_GATHER,
    V_HIRE,
    V_LAY,
    V_LAY_CONTINUE,
    V_NEXT,
    V_PASS,
    B,
)
from ludus.games.glory_to_rome.decisions import O_MAIN, Frame, GtrData, HalfLaid, half_laid, make_frame
from ludus.games.glory_to_rome.rules.building import (
    architect_act,
    architect_legal,
    craftsman_act,
    craftsman_legal,
    finish_out_of_town,
    fountain_act,
    fountain_legal,
    half_laid_legal,
    lay_why,
    undo_half_lay,
)
from ludus.games.glory_to_rome.rules.completion import prison_act, prison_legal
from ludus.games.glory_to_rome.rules.laborer import gather_why, laborer_act, laborer_legal
from ludus.games.glory_to_rome.rules.legionary import legionary_act, legionary_demand, legionary_legal
from ludus.games.glory_to_rome.rules.merchant import merchant_act, merchant_legal
from ludus.games.glory_to_rome.rules.patron import client_base, hire_why, patron_act, patron_legal
from ludus.games.glory_to_rome.rules.thinking import thinker_act, thinker_legal

_CIRCUS_MAXIMUS = B.CIRCUS_MAXIMUS
_FORUM_BIT = 1 << B.FORUM

# Indexed by the frame's role: the six roles, then THINKER (School), then PRISON_ROLE.
ROLE_LEGAL: tuple[Callable[[GtrData, Frame], list[Action]], ...] = (
    laborer_legal, craftsman_legal, legionary_legal, architect_legal, merchant_legal, patron_legal,
    thinker_legal, prison_legal,
)
ROLE_ACT: tuple[Callable[[GtrData, Frame, Action, Log], None], ...] = (
    laborer_act, craftsman_act, legionary_act, architect_act, merchant_act, patron_act,
    thinker_act, prison_act,
)


def start_next_batch(s: GtrData) -> bool:
    """Give the next player in action order their batch; ``False`` when all have had theirs."""
    i = s.act_index
    n = s.n
    if i >= n:
        return False
    p = (s.leader + i) % n
    s.act_index = i + 1
    role = s.role
    units = s.units[p]
    base = client_base(s, p, role) if s.clients[p] else 0
    cm = 1 if units > 0 and (s.active[p] >> _CIRCUS_MAXIMUS) & 1 else 0
    total = units + base * (2 if cm else 1)
    if total > 0:
        s.pending.append(make_frame(p, role, total, MAIN, base, 0, cm))
    return True


def frame_legal(s: GtrData, f: Frame) -> list[Action]:
    """The answers of the batch on top: its role's actions, ``next`` or ``pass``."""
    role = f.role
    if role >= THINKER:
        return ROLE_LEGAL[role](s, f)
    if role in (CRAFTSMAN, ARCHITECT) and type(s.pending[0]) is HalfLaid:
        return half_laid_legal(s, f)
    if s.fountain >= 0:
        return fountain_legal(s, f)
    return ROLE_LEGAL[role](s, f)


def hand_decides(s: GtrData, f: Frame) -> bool:
    """Whether the batch's options depend on the names in its seat's hand, so that a
    single answer would tell the table something about a hidden hand (ruling 23).

    Only the builders read the names: a Craftsman lays or adds from hand, an Architect lays
    from hand (while the main part of the action is still open). Every other option reads
    public facts: the pool, stockpiles, sites, structures, the deck's and hand's sizes (Dock,
    Aqueduct, Basilica, Latrine take any hand card) and the count of unrevealed cards.
    """
    role = f.role
    if role != CRAFTSMAN and role != ARCHITECT:
        return False
    if not s.hands[f.who] or type(s.pending[0]) is HalfLaid or s.fountain >= 0:
        return False
    if role == CRAFTSMAN:
        return f.left > 0
    if f.open == 0:
        return f.left > 0
    return not f.open & O_MAIN


def frame_resolve(s: GtrData, f: Frame, a: Action, log: Log) -> bool:
    """Carry out one answer; a batch is taken off the stack by ``advance`` when it is used up."""
    verb = a.verb
    if verb == V_LAY_CONTINUE:
        finish_out_of_town(s, f, log)
    elif verb == V_PASS:
        pass_batch(s, f, log)
    elif verb == V_NEXT:
        s.pending[-1] = f.with_counts(f.left, 0)  # (the batch answered is the top: no search)
    elif f.role < THINKER and s.fountain >= 0:
        fountain_act(s, f, a, log)
    else:
        ROLE_ACT[f.role](s, f, a, log)
    return False


def pass_batch(s: GtrData, f: Frame, log: Log) -> None:
    """Forgo the rest of the batch; the revealed demands are resolved now."""
    if f.role == LEGIONARY and f.demands:
        f = legionary_demand(s, f, log)
    if f.left > 0 and (f.role == CRAFTSMAN or f.role == ARCHITECT) and type(s.pending[0]) is HalfLaid:
        undo_half_lay(s, log)  # the next building action was forgone
    if f.left or f.open:  # (a used-up batch stays as it is: no needless copy)
        stack = s.pending
        if stack[-1] is not f:  # a demand pushed gives on it
            replace_on(stack, f, f.with_counts(0, 0))
        elif (not f.demands and s.fountain < 0 and s.phase == ACT and s.deck and not s.over
              and not s.active_any & _FORUM_BIT):
            stack.pop()  # what advance() does next with the used-up batch (no Forum test can end the game)
        else:
            stack[-1] = f.with_counts(0, 0)
    s.pre_think = 0


def frame_why(s: GtrData, f: Frame, a: Action) -> Reason | None:
    """Why an answer to the batch on top is refused, by its role's chapter (a main action of
    the Laborer, the Patron and the builders; ``None`` while a Fountain card or a half-laid
    foundation is in play)."""
    if s.fountain >= 0 or half_laid(s) is not None:
        return None
    verb = a.verb
    role = f.role
    if verb == V_LAY and role in (CRAFTSMAN, ARCHITECT):
        return lay_why(s, f, a)
    if verb == V_GATHER and role == LABORER:
        return gather_why(s, f, a)
    if verb == V_HIRE and role == PATRON:
        return hire_why(s, f, a)
    return None


FRAME_RULES: DecisionRules[GtrData, Frame] = DecisionRules(frame_legal, frame_resolve, frame_why)
