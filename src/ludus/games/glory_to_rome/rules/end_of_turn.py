"""The end of a turn (PL "Przebieg rundy": "Kiedy wszyscy gracze skonczyli wykonywac akcje ...").

RULE: glory_to_rome.pl "Przebieg rundy" — when every player has acted, the played Orders go
      to the pool (Jacks to their pile) and the leader card passes to the left.
Building functions at the end of the turn, in action order from the leader (rulings §15):
Academy (think once after a Craftsman action), Sewer (played Orders to the stockpile),
Senate (take the Jacks the others played).
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.decisions import DecisionRules
from ludus.core.events import Log
from ludus.core.seats import left_of
from ludus.games.glory_to_rome.components import (
    ACADEMY,
    END_OF_TURN,
    LEAD,
    SENATE,
    SEWER,
    V_LATRINE,
    V_PASS,
    V_SENATE,
    V_SEWER,
    V_THINK_JACK,
    V_VOMITORIUM,
    B,
)
from ludus.games.glory_to_rome.decisions import EndStep, GtrData, push_queue
from ludus.games.glory_to_rome.rules.thinking import discard_before_thinking, think, think_options
from ludus.games.glory_to_rome.state import has

_END_FUNCTIONS = (1 << B.ACADEMY) | (1 << B.SEWER) | (1 << B.SENATE)


def start_end_of_turn(s: GtrData) -> None:
    """Queue the end-of-turn decisions: Academy thinks, then Sewers, then Senates."""
    s.phase = END_OF_TURN
    if not s.active_any & _END_FUNCTIONS:
        return  # nobody has an Academy, a Sewer or a Senate (the common case)
    n = s.n
    order = [(s.leader + i) % n for i in range(n)]
    q = [EndStep(ACADEMY, p) for p in order if s.did_craft[p] and has(s, p, B.ACADEMY)]
    q.extend(EndStep(SEWER, p) for p in order if s.camp[p] and has(s, p, B.SEWER))
    q.extend(EndStep(SENATE, p) for p in order if has(s, p, B.SENATE))
    push_queue(s, q)


def end_step_legal(s: GtrData, e: EndStep) -> list[Action]:
    """Academy: think (or pass); Sewer: use it or pass; Senate: take a played Jack or pass."""
    p = e.who
    T = s.acts
    if e.kind == ACADEMY:
        out = think_options(s, p)
        if not s.pre_think:  # after a Latrine/Vomitorium discard the think must follow
            out.append(T.pass_[p])
        return out
    if e.kind == SEWER:
        return [T.get(p, V_SEWER), T.pass_[p]]
    out = [T.get(p, V_SENATE, v) for v in range(s.n) if v != p and s.camp_jacks[v] > 0]
    out.append(T.pass_[p])
    return out


def end_step_resolve(s: GtrData, e: EndStep, a: Action, log: Log) -> bool:
    """Carry out an end-of-turn decision; ``True`` (the engine takes it off the stack) when it is over."""
    p = e.who
    verb = a.verb
    if e.kind == ACADEMY:
        if verb in (V_LATRINE, V_VOMITORIUM):
            discard_before_thinking(s, p, a, log)
            return False
        if verb != V_PASS:
            think(s, p, verb == V_THINK_JACK, log)
        s.pre_think = 0
        return True
    if e.kind == SEWER:
        if verb == V_SEWER:
            # Sewer (Ściek): the Orders played to lead or follow go to the stockpile.
            s.stock[p].extend(s.camp[p])
            s.camp[p] = []
            log.public("sewer", seat=p)
        return True
    if verb == V_PASS:
        return True
    v = int(a.args[0])
    s.camp_jacks[v] -= 1
    s.hand_jacks[p] += 1
    log.public("senate", seat=p, victim=v)
    return False


END_STEP_RULES: DecisionRules[GtrData, EndStep] = DecisionRules(end_step_legal, end_step_resolve)


def end_turn(s: GtrData, log: Log) -> None:
    """Played Orders to the pool, Jacks to their pile; the Leader card passes left."""
    n = s.n
    pool, camp, fresh, revealed = s.pool, s.camp, s.fresh, s.revealed
    for p in range(n):
        if camp[p]:
            pool.extend(camp[p])
            camp[p] = []
        if fresh[p]:  # (an empty list may stay: each seat's list is its own)
            fresh[p] = []
        if revealed[p]:
            revealed[p] = []
    if any(s.camp_jacks):
        s.jack_pile += sum(s.camp_jacks)
        s.camp_jacks = [0] * n
    if any(s.units):  # (a leader who thinks leaves them all zero)
        s.units = [0] * n
    if any(s.did_craft):
        s.did_craft = [0] * n
    s.role = -1
    s.leader = left_of(s.leader, n)
    s.current = s.leader
    s.phase = LEAD
    s.pre_think = 0
    s.palace_open = 0
    s.turn += 1
    log.public("turn", turn=s.turn + 1, leader=s.leader)
