"""BUNTY: a drawn Revolt card — increase, revolt, intensify.

The invasion-rate marker moves up one space; the bottom barbarian card gets 3 cubes, one
at a time (a city sacked before its 3 cubes are placed receives no more, ruling 10);
then the barbarian discard pile alone is shuffled onto the barbarian deck. A second
Revolt of the same draw waits for the current player's ``revolt`` action (ruling 26).
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log
from ludus.games.fall_of_rome.components import INVASION_RATE, NODES, PHASE_INVADE, RECRUITMENT_RATE
from ludus.games.fall_of_rome.rules.invasions import draw_barbarian_bottom, place_barbarian
from ludus.games.fall_of_rome.state import FallOfRomeData

S = FallOfRomeData


def revolt(s: S, log: Log) -> None:
    """Resolve one Revolt card: increase, revolt, intensify."""
    s.pending_revolts -= 1
    s.box_revolts += 1
    # 1. Increase
    if s.rate < len(INVASION_RATE) - 1:
        s.rate += 1
    log.public("revolt", invasion=INVASION_RATE[s.rate], recruitment=RECRUITMENT_RATE[s.rate])
    # 2. Revolt: the bottom barbarian card, 3 cubes one at a time
    card = draw_barbarian_bottom(s)
    node = NODES[card]
    sacked: list[int] = []
    log.public("revolt_city", city=node.city, tribe=node.tribe)
    for _ in range(3):
        if node.city in sacked:  # ruling 10
            break
        place_barbarian(s, node.city, node.tribe, sacked, log)
        if s.result:
            break
    s.bdiscard.append(card)
    if s.result:
        return
    # 3. Intensify: shuffle only the discard pile onto the deck
    s.rng.shuffle(s.bdiscard)
    s.bdeck.extend(s.bdiscard)
    s.bsegs.append([len(s.bdiscard), 0])
    s.bdiscard = []


def revolt_step(s: S, a: Action, log: Log) -> None:
    """The current player resolves the next waiting Revolt."""
    revolt(s, log)
    if not s.result and not s.pending_revolts:
        s.phase = PHASE_INVADE
