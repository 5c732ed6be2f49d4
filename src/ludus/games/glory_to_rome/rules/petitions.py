"""Petitions (PL "Skladanie petycji").

RULE: glory_to_rome.pl "Skladanie petycji" — two Orders of one role (three in the classic
      variant, PL "WARIANT KLASYCZNY") played together act as a Jack. Here the cards are
      played one by one: the first opens a :class:`~..decisions.Petition`, the last plays
      the unit (a leader's petition may lead any role, reference §6.3).
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.decisions import DecisionRules
from ludus.core.engine import Handler
from ludus.core.events import Log
from ludus.games.glory_to_rome.components import (
    BUILDING_INDEX,
    CARD_MATERIAL,
    LEAD,
    ROLE_INDEX,
    V_PETITION,
    distinct_buildings,
    of_material,
    take_building,
)
from ludus.games.glory_to_rome.decisions import GtrData, Petition
from ludus.games.glory_to_rome.rules.lead_follow import unit_played


def petition(s: GtrData, a: Action, log: Log) -> None:
    """``petition <role> <card>``: play the first card of a petition for ``role``."""
    p = a.player
    card = take_building(s.hands[p], BUILDING_INDEX[str(a.args[1])])
    s.camp[p].append(card)
    s.petition = Petition(p, CARD_MATERIAL[card], s.cfg.petition_size - 1, ROLE_INDEX[str(a.args[0])])


def petition_legal(s: GtrData, d: Petition) -> list[Action]:
    """The next card of the petition: another Order of the same material."""
    p = d.who
    actions = s.acts.petition[p][d.role]
    return [actions[b] for b in distinct_buildings(of_material(s.hands[p], d.material))]


def petition_resolve(s: GtrData, d: Petition, a: Action, log: Log) -> bool:
    """Play the next card; the last one plays the unit (as a lead or a follow)."""
    p = d.who
    s.camp[p].append(take_building(s.hands[p], BUILDING_INDEX[str(a.args[1])]))
    d.left -= 1
    if d.left:
        return False
    s.petition = None
    if s.phase == LEAD and s.role < 0:
        s.role = d.role
        log.public("lead_petition", seat=p, role=d.role)
    else:
        log.public("follow_petition", seat=p)
    unit_played(s, p)
    return True


PETITION_RULES: DecisionRules[GtrData, Petition] = DecisionRules(petition_legal, petition_resolve)

HANDLERS: dict[str, Handler] = {V_PETITION: petition}
