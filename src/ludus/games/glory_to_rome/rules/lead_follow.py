"""A round: leading, following, thinking (PL "Przebieg rundy", "SENATOROWIE").

RULE: glory_to_rome.pl "Przebieg rundy" — the leader thinks (the round ends at once) or leads
      a role with an Order from hand; clockwise, every other player follows with an Order of
      the role or thinks; then everybody acts, from the leader.
RULE: glory_to_rome.pl "SENATOROWIE" — a Jack leads any role, or follows any led role.
Petitions (two or three Orders of one role acting as a Jack) are offered here and played
in :mod:`.petitions`. Building functions of this step: Circus (any Order as an Architect),
Palace (several cards, one action each).
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.engine import Handler
from ludus.core.events import Log
from ludus.core.reasons import N_, Reason, Why, because
from ludus.core.seats import left_of
from ludus.games.glory_to_rome.components import (
    ACT,
    ARCHITECT,
    BUILDING_INDEX,
    BUILDING_MATERIAL,
    CARD_BUILDING,
    CARD_MATERIAL,
    FOLLOW,
    LEAD,
    ROLE_INDEX,
    V_CONCEDE,
    V_DONE,
    V_FOLLOW,
    V_LATRINE,
    V_LEAD,
    V_THINK_DRAW,
    V_THINK_JACK,
    V_VOMITORIUM,
    B,
    distinct_buildings,
    take_building,
)
from ludus.games.glory_to_rome.decisions import GtrData, petition_of
from ludus.games.glory_to_rome.rules.end_of_game import concede
from ludus.games.glory_to_rome.rules.end_of_turn import end_turn
from ludus.games.glory_to_rome.rules.thinking import (
    discard_before_thinking,
    discard_options,
    think,
    think_options,
)

_CIRCUS = B.CIRCUS
_PALACE = B.PALACE

# ---------------------------------------------------------------------------
# Legal actions
# ---------------------------------------------------------------------------


def follow_options(s: GtrData, p: int, role: int) -> list[Action]:
    """Ways to play one unit of ``role`` when following or adding Palace units."""
    T = s.acts
    follow = T.follow[p]
    any_order = role == ARCHITECT and (s.active[p] >> _CIRCUS) & 1  # Circus: any Order as an Architect
    # One pass over the hand (asked at nearly every other action): the Orders of the role, each
    # building once in first-seen order, and the count of each material for a petition.
    counts = [0] * 6
    out = []
    seen = 0
    for c in s.hands[p]:
        m = CARD_MATERIAL[c]
        counts[m] += 1
        if m == role or any_order:
            b = CARD_BUILDING[c]
            if not (seen >> b) & 1:
                seen |= 1 << b
                out.append(follow[b])
    if s.hand_jacks[p]:
        out.append(T.follow_jack[p])
    if max(counts) >= s.cfg.petition_size:
        out.append(T.petition[p][role])  # its cards are chosen next (rules/petitions.py)
    return out


def lead_options(s: GtrData, p: int) -> list[Action]:
    """Ways to lead: an Order of its role (Circus: any Order as Architect), a Jack
    announcing any role, or a petition acting as a Jack."""
    T = s.acts
    hand = s.hands[p]
    lead = T.lead[p]
    # One pass over the hand, as in follow_options(): each building once, in first-seen order.
    counts = [0] * 6
    out = []
    seen = 0
    for c in hand:
        counts[CARD_MATERIAL[c]] += 1
        b = CARD_BUILDING[c]
        if not (seen >> b) & 1:
            seen |= 1 << b
            out.append(lead[b])
    if (s.active[p] >> _CIRCUS) & 1:
        arch = T.lead_architect[p]
        out += [arch[b] for b in distinct_buildings(hand) if BUILDING_MATERIAL[b] != ARCHITECT]
    if s.hand_jacks[p]:
        out += T.lead_jack[p]
    if max(counts) >= s.cfg.petition_size:
        out += T.petition[p]  # a petition for each role, its cards chosen next (rules/petitions.py)
    return out


def choose_legal(s: GtrData) -> list[Action]:
    """The lead/follow decision of the player to choose (no petition in progress)."""
    p = s.current
    if s.pre_think:
        return think_options(s, p)
    if s.palace_open:
        out = follow_options(s, p, s.role)
        out.append(s.acts.done[p])
        return out
    if s.phase == LEAD:
        out = lead_options(s, p)
    else:
        out = follow_options(s, p, s.role)
    # think_options(s, p), inlined (this list is built for nearly every other action)
    if s.jack_pile > 0:
        out.append(s.acts.think_jack[p])
    if s.deck:
        out.append(s.acts.think_draw[p])
    if s.active[p]:
        discard_options(s, p, out)
    if s.cfg.concession and s.conceded[p] < 0:
        out.extend(s.acts.get(p, V_CONCEDE, q) for q in range(s.n) if q != p)
    return out


# ---------------------------------------------------------------------------
# Effects
# ---------------------------------------------------------------------------


def next_decider(s: GtrData) -> None:
    """After a lead or follow decision, pass the decision clockwise or start the actions."""
    s.palace_open = 0
    s.pre_think = 0
    nxt = left_of(s.current, s.n)
    if nxt == s.leader:
        s.phase = ACT
        s.act_index = 0
        s.current = s.leader
    else:
        s.phase = FOLLOW
        s.current = nxt


def unit_played(s: GtrData, p: int) -> None:
    """One more action unit for ``p``; with a Palace the player may add more before "done"."""
    s.units[p] += 1
    if (s.active[p] >> _PALACE) & 1:
        s.palace_open = 1  # Palace (Pałac): several cards of the role, one action each.
    else:
        next_decider(s)


def _play_unit_card(s: GtrData, p: int, what: str) -> int:
    if what == "jack":
        s.hand_jacks[p] -= 1
        s.camp_jacks[p] += 1
        return -1
    card = take_building(s.hands[p], BUILDING_INDEX[what])
    s.camp[p].append(card)
    return card


def lead_role(s: GtrData, a: Action, log: Log) -> None:
    """``lead <role> <card|jack>``: lead a role with an Order or a Jack.

    With a Palace the leader may then add more units ("follow" verbs) before "done".
    """
    p = a.player
    role = ROLE_INDEX[str(a.args[0])]
    first = s.role < 0
    if first:
        s.role = role
    card = _play_unit_card(s, p, str(a.args[1]))
    if first:
        log.public("lead", seat=p, role=role, card=card)
    unit_played(s, p)


def follow_role(s: GtrData, a: Action, log: Log) -> None:
    """``follow <card|jack>``: follow the led role with an Order of it, a Jack, or (Circus)
    any Order as Architect."""
    p = a.player
    card = _play_unit_card(s, p, str(a.args[0]))
    log.public("follow", seat=p, card=card)
    unit_played(s, p)


def choose_think(s: GtrData, a: Action, log: Log) -> None:
    """``think_jack``/``think_draw`` instead of leading or following."""
    think(s, a.player, a.verb == V_THINK_JACK, log)
    if s.phase == LEAD:
        # The leader thinks: nobody follows, no client acts, the turn ends.
        end_turn(s, log)
    else:
        next_decider(s)


def choose_discard(s: GtrData, a: Action, log: Log) -> None:
    """``latrine``/``vomitorium`` before thinking instead of leading or following."""
    discard_before_thinking(s, a.player, a, log)


def done(s: GtrData, a: Action, log: Log) -> None:
    """``done``: no more Palace units."""
    next_decider(s)


def concede_game(s: GtrData, a: Action, log: Log) -> None:
    """``concede <seat>`` (option ``concession``)."""
    concede(s, a.player, int(a.args[0]), log)


HANDLERS: dict[str, Handler] = {
    V_LEAD: lead_role,
    V_FOLLOW: follow_role,
    V_THINK_JACK: choose_think,
    V_THINK_DRAW: choose_think,
    V_LATRINE: choose_discard,
    V_VOMITORIUM: choose_discard,
    V_DONE: done,
    V_CONCEDE: concede_game,
}


# ---------------------------------------------------------------------------
# Reasons (why a lead or follow is refused)
# ---------------------------------------------------------------------------


def unit_card_why(s: GtrData, p: int, what: object) -> Reason | None:
    """Why ``p`` cannot play ``what`` (a building's slug or ``jack``) from hand, if it is not there."""
    if what == "jack":
        return None if s.hand_jacks[p] else because(N_("you have no Jack in hand"))
    b = BUILDING_INDEX.get(str(what))
    if b is None or any(CARD_BUILDING[c] == b for c in s.hands[p]):
        return None
    return because(N_("you have no {building:building} in hand"), building=b)


def _choosing(s: GtrData) -> bool:
    """Whether the seat to move chooses to lead or follow (no petition, no Palace units, no discard)."""
    return s.phase < ACT and petition_of(s) is None and not s.palace_open and not s.pre_think


def lead_why(s: GtrData, a: Action) -> Reason | None:
    """Why ``lead <role> <card|jack>`` is refused: a role is already led, the card is not in hand,
    or it is not an Order of that role (Circus: any Order leads as an Architect)."""
    if not _choosing(s) or a.player != s.current or len(a.args) != 2:
        return None
    if s.phase == FOLLOW:
        return because(N_("{role:role} has already been led: follow it, or think"), role=s.role)
    role = ROLE_INDEX.get(str(a.args[0]))
    if role is None:
        return None
    missing = unit_card_why(s, a.player, a.args[1])
    if missing is not None or a.args[1] == "jack":
        return missing
    b = BUILDING_INDEX.get(str(a.args[1]))
    if b is None or BUILDING_MATERIAL[b] == role:
        return None
    if role == ARCHITECT and (s.active[a.player] >> _CIRCUS) & 1:
        return None
    return because(N_("{building:building} is not an Order of the role {role:role}"), building=b, role=role)


def follow_why(s: GtrData, a: Action) -> Reason | None:
    """Why ``follow <card|jack>`` is refused: no role is led yet, the card is not in hand, or it
    does not match the led role (Circus: any Order follows an Architect)."""
    if s.phase >= ACT or petition_of(s) is not None or s.pre_think or a.player != s.current or len(
            a.args) != 1:
        return None
    if s.phase == LEAD and not s.palace_open:
        return because(N_("no role has been led yet: lead one, or think"))
    missing = unit_card_why(s, a.player, a.args[0])
    if missing is not None or a.args[0] == "jack":
        return missing
    b = BUILDING_INDEX.get(str(a.args[0]))
    if b is None or BUILDING_MATERIAL[b] == s.role:
        return None
    if s.role == ARCHITECT and (s.active[a.player] >> _CIRCUS) & 1:
        return None
    return because(N_("{building:building} does not match the led role {role:role}"), building=b, role=s.role)


REASONS: dict[str, Why] = {V_LEAD: lead_why, V_FOLLOW: follow_why}
"""The reasons of this chapter's verbs (:mod:`ludus.core.reasons`)."""
