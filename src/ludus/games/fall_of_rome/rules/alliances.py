"""ZAWARCIE PRZYMIERZA and WERBOWANIE BARBARZYŃCÓW: alliances with tribes, and enlisting them.

Forge an alliance: with a cube of the tribe in your city (Mercator: anywhere), discard the
tribe's cost in cards of its colour. Enlist barbarians: the cubes of an allied tribe in
your city go back to its supply and as many legions come in, for one card of its colour
(Regina Foederata: once per turn without a card).
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log
from ludus.games.fall_of_rome.components import (
    CARD_COLOUR,
    COLOUR_ACTION,
    COLOUR_INDEX,
    MAX_SEATS,
    N_CITY_CARDS,
    NODES,
    NT,
    R_MERCATOR,
    R_REGINA_FOEDERATA,
    TRIBES,
    Verb,
)
from ludus.games.fall_of_rome.rules.board import add_legions
from ludus.games.fall_of_rome.rules.player_cards import push_pay
from ludus.games.fall_of_rome.rules.turn import spend_action
from ludus.games.fall_of_rome.state import FallOfRomeData

S = FallOfRomeData
ALLIANCE_COST = tuple(t.alliance_cost for t in TRIBES)
_FORGE = tuple(COLOUR_ACTION[p][Verb.FORGE_ALLIANCE] for p in range(MAX_SEATS))
_ENLIST = tuple(COLOUR_ACTION[p][Verb.ENLIST_BARBARIANS] for p in range(MAX_SEATS))


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
            out.append(_ENLIST[player][t])


def forge_alliance(s: S, a: Action, log: Log) -> None:
    """ZAWARCIE PRZYMIERZA: discard the tribe's cost in cards of its colour."""
    t = COLOUR_INDEX[str(a.args[0])]
    spend_action(s)
    s.allied[t] = 1
    log.public("alliance", tribe=t)
    hand = s.hands[a.player]
    push_pay(s, a.player, [c for c in hand if c < N_CITY_CARDS and NODES[c].tribe == t], TRIBES[t].alliance_cost)


def enlist_barbarians(s: S, a: Action, log: Log) -> None:
    """WERBOWANIE BARBARZYŃCÓW: the allied tribe's cubes here become legions."""
    t = COLOUR_INDEX[str(a.args[0])]
    pawn = s.cur
    city = s.pawn_city[pawn]
    spend_action(s)
    i = city * NT + t
    n = s.cubes[i]
    s.cubes[i] = 0
    s.supply[t] += n
    added = add_legions(s, city, n)
    log.public("enlist", cubes=n, tribe=t, city=city, legions=added)
    if s.roles[pawn] == R_REGINA_FOEDERATA and not s.regina_used:
        s.regina_used = True
        return
    hand = s.hands[a.player]
    push_pay(s, a.player, [c for c in hand if c < N_CITY_CARDS and NODES[c].tribe == t], 1)
