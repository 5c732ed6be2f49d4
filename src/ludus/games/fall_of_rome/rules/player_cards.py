"""KARTY GRY and LIMIT POSIADANYCH KART: hands, the player deck, paying cards, the hand limit.

Hands are open. Actions that cost cards put them on the player discard pile; which card
to give is a choice (a :class:`~ludus.games.fall_of_rome.decisions.Pay`) only when it
matters. A player holding more than 7 cards discards down to 7 at once (events may be
played instead).
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.decisions import DecisionRules, replace_on
from ludus.core.events import Log
from ludus.games.fall_of_rome.components import CARD_ACTION, TOKEN_CARD, Verb
from ludus.games.fall_of_rome.decisions import Pay
from ludus.games.fall_of_rome.state import FallOfRomeData

S = FallOfRomeData


def draw_player_top(s: S) -> int:
    """Draw the top player card (keeping the pile sizes and the known top count)."""
    card = s.pdeck.pop()
    s.piles[-1] -= 1
    if s.piles[-1] == 0:
        s.piles.pop()
    if s.pknown:
        s.pknown -= 1
    return card


def put_player_top(s: S, card: int) -> None:
    """Put ``card`` back on top of the player deck, face down but known."""
    s.pdeck.append(card)
    if s.piles:
        s.piles[-1] += 1
    else:
        s.piles.append(1)
    s.pknown += 1


def push_pay(s: S, seat: int, cards: list[int], count: int) -> None:
    """Discard ``count`` of ``cards`` from the hand: a choice only when there is one."""
    if len(set(cards)) <= 1 or len(cards) <= count:
        hand = s.hands[seat]
        for c in cards[:count]:
            hand.remove(c)
            s.pdiscard.append(c)
        return
    s.pending.append(Pay(seat, tuple(cards), count))


def pay_choices(s: S, p: Pay) -> list[Action]:
    """The cards ``p.who`` may give."""
    hand = s.hands[p.who]
    table = CARD_ACTION[p.who][Verb.PAY]
    return [table[c] for c in sorted(set(p.cards)) if c in hand]


def pay(s: S, p: Pay, a: Action, log: Log) -> bool:
    """Give one card; the rest is paid without asking once there is no choice left."""
    card = TOKEN_CARD[str(a.args[0])]
    s.hands[a.player].remove(card)
    s.pdiscard.append(card)
    log.public("pay", seat=a.player, card=card)
    cards = list(p.cards)
    cards.remove(card)
    count = p.count - 1
    if count == 0:
        return True
    if len(set(cards)) <= 1 or len(cards) <= count:
        push_pay(s, a.player, cards, count)  # no choice left: paid at once
        return True
    replace_on(s.pending, p, Pay(p.who, tuple(cards), count))
    return False


PAY = DecisionRules(pay_choices, pay)


def hand_limit_discards(s: S, player: int) -> list[Action]:
    """LIMIT POSIADANYCH KART: the cards a player over 7 may discard."""
    table = CARD_ACTION[player][Verb.DISCARD]
    return [table[c] for c in sorted(set(s.hands[player]))]


def discard(s: S, a: Action, log: Log) -> None:
    """Discard a card for the hand limit."""
    card = TOKEN_CARD[str(a.args[0])]
    s.hands[a.player].remove(card)
    s.pdiscard.append(card)
    log.public("hand_limit", seat=a.player, card=card)
