"""ZAWARCIE PRZYMIERZA and WERBOWANIE BARBARZYŃCÓW: alliances with tribes, and enlisting them.

Forge an alliance: with a cube of the tribe in your city (Mercator: anywhere), discard the
tribe's cost in cards of its colour. Enlist barbarians: the cubes of an allied tribe in
your city go back to its supply and "at most" as many legions come in ("maksymalnie tyle
znaczników legionistów [...], ile znaczników barbarzyńców usunąłeś": the player chooses
0 up to that number, as the reserve allows; ruling 31), for one card of its colour
(Regina Foederata: once per turn without a card).
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log
from ludus.core.reasons import N_, Reason, because
from ludus.games.fall_of_rome.components import (
    CARD_COLOUR,
    COLOUR_ACTION,
    COLOUR_INDEX,
    ENLIST,
    MAX_SEATS,
    N_CITY_CARDS,
    NODES,
    NT,
    R_MERCATOR,
    R_REGINA_FOEDERATA,
    TRIBES,
    Verb,
)
from ludus.games.fall_of_rome.decisions import Legions
from ludus.games.fall_of_rome.rules.board import add_legions, legions_allowed
from ludus.games.fall_of_rome.rules.player_cards import push_pay
from ludus.games.fall_of_rome.rules.turn import spend_action
from ludus.games.fall_of_rome.state import FallOfRomeData

S = FallOfRomeData
ALLIANCE_COST = tuple(t.alliance_cost for t in TRIBES)
_FORGE = tuple(COLOUR_ACTION[p][Verb.FORGE_ALLIANCE] for p in range(MAX_SEATS))


def alliance_choices(s: S, player: int, role: int, city: int, hand: list[int], out: list[Action]) -> None:
    """ZAWARCIE PRZYMIERZA and WERBOWANIE BARBARZYŃCÓW in ``city``."""
    here = s.cubes[city * NT : city * NT + NT]
    mercator = role == R_MERCATOR
    if not mercator and not any(here):
        return  # no barbarian here: neither is possible (the usual case)
    counts = [0] * NT  # city cards in hand per colour
    for c in hand:
        if c < N_CITY_CARDS:
            counts[CARD_COLOUR[c]] += 1
    allied = s.allied
    for t in range(NT):
        if not allied[t] and (here[t] or mercator) and counts[t] >= ALLIANCE_COST[t]:
            out.append(_FORGE[player][t])
    free = role == R_REGINA_FOEDERATA and not s.regina_used
    for t in range(NT):
        if allied[t] and here[t] and (free or counts[t]):
            out.append(ENLIST[player][t])  # the legions placed are asked next (open_enlist)


def enlist_most(s: S, city: int, cubes: int) -> int:
    """Most legions Enlist may place for ``cubes`` barbarians: as many, as the reserve allows (none in
    Roma Caput Mundi's Roma)."""
    return min(cubes, s.reserve) if legions_allowed(s, city) else 0


def forge_alliance(s: S, a: Action, log: Log) -> None:
    """ZAWARCIE PRZYMIERZA: discard the tribe's cost in cards of its colour."""
    t = COLOUR_INDEX[str(a.args[0])]
    spend_action(s)
    s.allied[t] = 1
    log.public("alliance", tribe=t)
    hand = s.hands[a.player]
    push_pay(s, a.player, [c for c in hand if c < N_CITY_CARDS and NODES[c].tribe == t],
             TRIBES[t].alliance_cost)


def open_enlist(s: S, a: Action, log: Log) -> None:
    """WERBOWANIE BARBARZYŃCÓW, the tribe chosen (``enlist_barbarians <colour>``): ask how many
    legions come in (``add <n>``, 0 up to :func:`enlist_most`); the action is spent then."""
    t = COLOUR_INDEX[str(a.args[0])]
    city = s.pawn_city[s.cur]
    s.pending.append(
        Legions(a.player, str(a.verb), city, enlist_most(s, city, s.cubes[city * NT + t]), what=t))


def enlist_barbarians(s: S, a: Action, log: Log) -> None:
    """WERBOWANIE BARBARZYŃCÓW (``enlist_barbarians <colour> <n>``, once the legions are chosen):
    the allied tribe's cubes here go back; the chosen number of legions comes in."""
    t = COLOUR_INDEX[str(a.args[0])]
    pawn = s.cur
    city = s.pawn_city[pawn]
    spend_action(s)
    i = city * NT + t
    n = s.cubes[i]
    s.cubes[i] = 0
    s.supply[t] += n
    added = add_legions(s, city, int(a.args[1]))
    log.public("enlist", cubes=n, tribe=t, city=city, legions=added)
    if s.roles[pawn] == R_REGINA_FOEDERATA and not s.regina_used:
        s.regina_used = True
        return
    hand = s.hands[a.player]
    push_pay(s, a.player, [c for c in hand if c < N_CITY_CARDS and NODES[c].tribe == t], 1)


def forge_why(s: S, a: Action) -> Reason | None:
    """Why ``forge_alliance <colour>`` is refused (the Do Actions step): the tribe is allied already,
    none of its barbarians is in the pawn's city (Mercator: anywhere), or too few cards of its colour."""
    t = COLOUR_INDEX.get(str(a.args[0])) if len(a.args) == 1 else None
    if t is None:
        return None
    if s.allied[t]:
        return because(N_("the {tribe:tribe} are your allies already"), tribe=t)
    pawn = s.cur
    city = s.pawn_city[pawn]
    if s.roles[pawn] != R_MERCATOR and not s.cubes[city * NT + t]:
        return because(N_("no {tribe:tribe} barbarian is in {city:city}"), tribe=t, city=city)
    have = sum(1 for c in s.hands[a.player] if c < N_CITY_CARDS and CARD_COLOUR[c] == t)
    if have < ALLIANCE_COST[t]:
        message = N_("an alliance with the {tribe:tribe} takes {cost} of their city cards; you hold {have}")
        return because(message, tribe=t, cost=ALLIANCE_COST[t], have=have)
    return None
