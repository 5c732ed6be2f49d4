"""Petitions (PL "Skladanie petycji").

RULE: glory_to_rome.pl "Skladanie petycji" — two Orders of one role (three in the classic
      variant, PL "WARIANT KLASYCZNY") played together act as a Jack. Here the petition is
      asked in small steps: ``petition <role>`` opens a :class:`~..decisions.Petition` (a
      leader's petition may lead any role, reference §6.3; a follower's follows the led
      role), then ``petition <card>`` plays its cards one at a time; the last one plays the
      unit (as a lead or a follow).

The cards are offered in the catalogue's building order (ruling 24): after a card only that
building (another copy) or a later one of the same material, and only cards that still
leave enough cards to finish the petition. So every set of cards is chosen one way, and
every offered card can be completed.

Records written before 0.4.0 named the role with every card (``petition <role> <card>``, the
first card opening the petition, in any order); :func:`~..notation.upgrade` reads such an action as
``legacy_petition <role> <card>``, which :func:`legacy_legal` accepts exactly where the old
engine did (it is never offered among the legal actions).
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.decisions import DecisionRules
from ludus.core.engine import Handler
from ludus.core.events import Log
from ludus.games.glory_to_rome.components import (
    BUILDING_INDEX,
    BUILDING_MATERIAL,
    CARD_BUILDING,
    CARD_MATERIAL,
    LEAD,
    ROLE_INDEX,
    ROLE_NAMES,
    SLUGS,
    V_LEGACY_PETITION,
    V_PETITION,
    distinct_buildings,
    take_building,
)
from ludus.games.glory_to_rome.decisions import NO_MATERIAL, GtrData, Petition, petition_of
from ludus.games.glory_to_rome.rules.lead_follow import unit_played


def petition(s: GtrData, a: Action, log: Log) -> None:
    """``petition <role>``: open a petition for ``role`` (its cards are chosen next)."""
    s.pending.append(Petition(a.player, NO_MATERIAL, s.cfg.petition_size, ROLE_INDEX[str(a.args[0])]))


def petition_floor(s: GtrData, d: Petition) -> int:
    """The first building the petition's next card may be (the last card played, or 0)."""
    if d.material == NO_MATERIAL:
        return 0
    return CARD_BUILDING[s.camp[d.who][-1]]


def petition_legal(s: GtrData, d: Petition) -> list[Action]:
    """The next card: of the petition's material (any, for the first card), the last card's
    building or a later one, and only where enough cards remain to finish the petition."""
    p = d.who
    if d.legacy:  # replaying a record older than 0.4.0: the old answers, in the old order
        hand = [c for c in s.hands[p] if CARD_MATERIAL[c] == d.material]
        role = ROLE_NAMES[d.role]
        return [s.acts.get(p, V_LEGACY_PETITION, role, SLUGS[b]) for b in distinct_buildings(hand)]
    floor = petition_floor(s, d)
    material = d.material
    counts: dict[int, int] = {}
    for c in s.hands[p]:
        b = CARD_BUILDING[c]
        if b >= floor and (material == NO_MATERIAL or CARD_MATERIAL[c] == material):
            counts[b] = counts.get(b, 0) + 1
    cards = s.acts.petition_card[p]
    out = []
    after = [0] * 6  # cards of each material from this building on
    for b in sorted(counts, reverse=True):
        m = BUILDING_MATERIAL[b]
        after[m] += counts[b]
        if after[m] >= d.left:
            out.append(cards[b])
    out.reverse()
    return out


def _play(s: GtrData, d: Petition, card: int, legacy: bool, log: Log) -> bool:
    """Play ``card`` (taken from the hand) into petition ``d`` (the top of the stack); the last
    one plays the unit and the petition is finished (``True``: the caller takes it off)."""
    p = d.who
    s.camp[p].append(card)
    if d.left > 1:
        s.pending[-1] = d.with_card(CARD_MATERIAL[card], legacy)
        return False
    if s.phase == LEAD and s.role < 0:
        s.role = d.role
        log.public("lead_petition", seat=p, role=d.role)
    else:
        log.public("follow_petition", seat=p)
    unit_played(s, p)
    return True


def petition_resolve(s: GtrData, d: Petition, a: Action, log: Log) -> bool:
    """Play the next card (``petition <card>``, or an old record's ``legacy_petition``)."""
    legacy = d.legacy or a.verb == V_LEGACY_PETITION
    slug = str(a.args[1] if a.verb == V_LEGACY_PETITION else a.args[0])
    return _play(s, d, take_building(s.hands[d.who], BUILDING_INDEX[slug]), legacy, log)


def legacy_first(s: GtrData, a: Action, log: Log) -> None:
    """``legacy_petition <role> <card>`` with no petition open: open it and play its first card."""
    p = a.player
    card = take_building(s.hands[p], BUILDING_INDEX[str(a.args[1])])
    d = Petition(p, CARD_MATERIAL[card], s.cfg.petition_size, ROLE_INDEX[str(a.args[0])], True)
    s.pending.append(d)
    if _play(s, d, card, True, log):
        s.pending.pop()


def legacy_legal(s: GtrData, a: Action, legal: list[Action]) -> bool:
    """Whether an old record's ``legacy_petition <role> <card>`` is what the old engine allowed.

    With no petition open: ``petition <role>`` is legal now (``legal``) and the hand holds a
    petition of the card's material (so also for a petition just opened for that role, no
    card yet); with one open: the same role, the card of its material in hand (in any order,
    as the old engine allowed).
    """
    if len(a.args) != 2 or a.args[0] not in ROLE_INDEX or a.args[1] not in BUILDING_INDEX:
        return False
    p = a.player
    role, b = ROLE_INDEX[str(a.args[0])], BUILDING_INDEX[str(a.args[1])]
    hand = s.hands[p] if 0 <= p < s.n else []
    if not any(CARD_BUILDING[c] == b for c in hand):
        return False
    m = BUILDING_MATERIAL[b]
    d = petition_of(s)
    if d is None or d.material == NO_MATERIAL:
        need = s.cfg.petition_size
        opened = s.acts.petition[p][role] in legal if d is None else d.who == p and d.role == role
        return opened and sum(1 for c in hand if CARD_MATERIAL[c] == m) >= need
    return d.who == p and d.material == m and d.role == role


PETITION_RULES: DecisionRules[GtrData, Petition] = DecisionRules(petition_legal, petition_resolve)

HANDLERS: dict[str, Handler] = {V_PETITION: petition, V_LEGACY_PETITION: legacy_first}
