"""Games of 1 and 2 players: the Neutral Prospect cards.

RULE: hadrians_wall.pl "ZMIANY W ROZGRYWKACH DLA 1-2 GRACZY" — each Year 2 (solo) or 1
(two players) Neutral Prospect cards are turned up beside the players' own; their Trade Good
and pattern may be used like a neighbour's, the payment goes onto the card, and every item
on a Neutral card adds one card to that Year's Pict attack (ruling 10). After the attack
they are discarded. (Solo Campaign forts 1 and 16 turn up only one.)
"""

from __future__ import annotations

from ludus.core.events import Log

from ..state import HadriansWallData


def turn_up_neutral_cards(s: HadriansWallData, log: Log) -> None:
    """Turn up this Year's Neutral Prospect cards, with no items on them."""
    for _ in range(s.cfg.neutral_per_year):
        card = s.neutral_deck.pop()
        s.neutral.append(card)
        s.neutral_items.append(0)
        log.public("neutral", card=card)


def neutral_attack_cards(s: HadriansWallData) -> int:
    """Pict attack cards added by the items paid onto Neutral cards."""
    return sum(s.neutral_items)


def discard_neutral_cards(s: HadriansWallData) -> None:
    """After the attack: the Neutral cards and their items leave the table."""
    s.neutral_discard.extend(s.neutral)
    s.neutral = []
    s.neutral_items = []
