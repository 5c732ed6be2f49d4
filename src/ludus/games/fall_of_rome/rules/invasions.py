"""NAJAZDY, NAJAZD, OBRONA MIASTA and OGRABIANIE MIAST: barbarian cards, defence and sacks.

The Invade Cities step reveals as many barbarian cards as the invasion rate, one at a
time (each an ``invade`` action of the current player, so that events can be played
between them). Each card invades the first city back along its tribe's migration path
that the tribe may invade. Legions defend a city before any cube is placed (ruling 9);
a 4th cube sacks the city, and the sack spreads to its neighbours.
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.decks import refill
from ludus.core.events import Log
from ludus.games.fall_of_rome.components import (
    INVASION_RATE,
    NEIGHBOURS,
    NODES,
    NT,
    PARENT,
    ROMA,
    Termination,
)
from ludus.games.fall_of_rome.rules.board import remove_legions
from ludus.games.fall_of_rome.rules.end_of_game import lose, move_decline
from ludus.games.fall_of_rome.rules.turn import end_turn
from ludus.games.fall_of_rome.state import FallOfRomeData

S = FallOfRomeData


def _refill_barbarians(s: S) -> None:
    # Ruling 21: an empty barbarian deck is re-formed from the shuffled discard pile.
    refill(s.bdeck, [s.bdiscard], s.rng)
    s.bsegs = [[len(s.bdeck), 0]] if s.bdeck else []


def draw_barbarian_top(s: S) -> int:
    """Reveal the top barbarian card (an empty deck is re-formed first, ruling 21)."""
    if not s.bdeck:
        _refill_barbarians(s)
    card = s.bdeck.pop()
    s.bsegs[-1][0] -= 1
    if s.bsegs[-1][0] == 0:
        s.bsegs.pop()
    return card


def draw_barbarian_bottom(s: S) -> int:
    """Take the bottom barbarian card (for a Revolt)."""
    if not s.bdeck:
        _refill_barbarians(s)
    card = s.bdeck.pop(0)
    s.bsegs[0][0] -= 1
    if s.bsegs[0][0] == 0:
        s.bsegs.pop(0)
    return card


def place_barbarian(s: S, city: int, tribe: int, sacked: list[int], log: Log) -> None:
    """OBRONA MIASTA: place 1 cube of ``tribe`` in ``city``: defence, then sack, then the cube.

    Defence is checked first (ruling 9): legions supported by a pawn or a fort are
    attacked (1 removed); unsupported legions are ambushed (all removed).
    """
    if s.result:
        return
    if s.caput and city == ROMA:
        # WYZWANIE ROMA CAPUT MUNDI: a cube that would go to Roma moves the decline marker.
        log.public("roma_cube", tribe=tribe)
        move_decline(s, log)
        return
    if s.legions[city]:
        if s.forts[city] or city in s.pawn_city:
            remove_legions(s, city, 1)
            log.public("defend", city=city, tribe=tribe)
        else:
            n = remove_legions(s, city, s.legions[city])
            log.public("ambush", city=city, legions=n)
        return
    i = city * NT + tribe
    if s.cubes[i] >= 3:
        sack(s, city, tribe, sacked, log)
        return
    if s.supply[tribe] == 0:
        lose(s, log, Termination.OUT_OF_CUBES, tribe)
        return
    s.supply[tribe] -= 1
    s.cubes[i] += 1
    log.public("cube_placed", city=city, tribe=tribe)


def sack(s: S, city: int, tribe: int, sacked: list[int], log: Log) -> None:
    """OGRABIANIE MIAST: sack ``city``, with chain reactions.

    Cities already sacked while resolving the current barbarian card are skipped.
    """
    sacked.append(city)
    log.public("sack", city=city, tribe=tribe)
    if city == ROMA:
        lose(s, log, Termination.ROMA_SACKED)
        return
    move_decline(s, log)
    if s.result:
        return
    if s.forts[city]:
        s.forts[city] = 0
        s.fort_supply += 1
    for nb in NEIGHBOURS[city]:
        if nb in sacked:
            continue
        place_barbarian(s, nb, tribe, sacked, log)
        if s.result:
            return


def invasion_target(s: S, card: int) -> int:
    """NAJAZD: the city a barbarian card invades: the card's city if it can be invaded, else
    back along the migration path; at the supply, the path city adjacent to it."""
    node = NODES[card]
    tribe = node.tribe
    city = node.city
    cubes = s.cubes
    while True:
        parent = PARENT[tribe][city]
        if cubes[city * NT + tribe] or parent < 0 or cubes[parent * NT + tribe]:
            return city
        city = parent


def invade(s: S, card: int, log: Log) -> None:
    """Resolve one barbarian card of the Invade Cities step."""
    node = NODES[card]
    target = invasion_target(s, card)
    log.public("invade", card=card, tribe=node.tribe, city=target)
    place_barbarian(s, target, node.tribe, [], log)


def invade_step(s: S, a: Action, log: Log) -> None:
    """NAJAZDY: reveal the next barbarian card (the step's size is fixed when it starts, ruling 16)."""
    if s.invasions_left < 0:
        n = INVASION_RATE[s.rate]
        if s.inv_skip:
            n = 0
            log.public("skip_invasions")
        else:
            n = max(0, n - s.inv_reduce)
        s.inv_skip = False
        s.inv_reduce = 0
        s.invasions_left = n
    if s.invasions_left > 0:
        card = draw_barbarian_top(s)
        s.invasions_left -= 1
        invade(s, card, log)
        s.bdiscard.append(card)
        if s.result:
            return
    if s.invasions_left == 0:
        end_turn(s, log)
