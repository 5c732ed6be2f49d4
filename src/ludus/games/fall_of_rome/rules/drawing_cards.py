"""DOBRANIE 2 KART GRY: the Draw step (and Vestalis's draw of 3, one put back).

The current player draws 2 player cards; a drawn Revolt is resolved at once (BUNTY), any
other card joins the hand. A deck that cannot give 2 cards loses the game (KONIEC GRY).
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.decisions import DecisionRules
from ludus.core.events import Log
from ludus.games.fall_of_rome.components import (
    CARD_ACTION,
    PHASE_INVADE,
    PHASE_REVOLT,
    REVOLT,
    TOKEN_CARD,
    Termination,
    Verb,
)
from ludus.games.fall_of_rome.decisions import PutBack
from ludus.games.fall_of_rome.rules.board import seat_of
from ludus.games.fall_of_rome.rules.end_of_game import lose
from ludus.games.fall_of_rome.rules.player_cards import draw_player_top, put_player_top
from ludus.games.fall_of_rome.rules.revolts import revolt
from ludus.games.fall_of_rome.state import FallOfRomeData

S = FallOfRomeData


def draw(s: S, a: Action, log: Log) -> None:
    """DOBRANIE 2 KART GRY (ends the Do Actions step)."""
    if len(s.pdeck) < 2:
        lose(s, log, Termination.PLAYER_DECK_EMPTY)
        return
    s.drawn = True
    cards = [draw_player_top(s), draw_player_top(s)]
    log.public("draw", seat=a.player, cards=cards)
    receive_cards(s, cards, log)


def draw3(s: S, a: Action, log: Log) -> None:
    """Vestalis: draw 3 instead of 2 and put 1 back on top (ruling 6).

    Until she has put it back, the 3 cards are drawn and not resolved: no event may be
    played (KARTY ZDARZEŃ, ruling 32).
    """
    s.drawn = True
    cards = [draw_player_top(s) for _ in range(3)]
    log.public("draw3", cards=cards[:])
    s.pending.append(PutBack(a.player, tuple(cards)))


def put_back_choices(s: S, p: PutBack) -> list[Action]:
    """The card Vestalis may put back: not a Revolt, which BUNTY resolves "natychmiast" (at once;
    ruling 6), unless option ``vestalis_may_return_revolt`` allows it (or she drew only Revolts)."""
    allow_revolt = s.cfg.vestalis_may_return_revolt or p.cards.count(REVOLT) == len(p.cards)
    table = CARD_ACTION[p.who][Verb.PUT_BACK]
    return [table[c] for c in sorted(set(p.cards)) if c != REVOLT or allow_revolt]


def put_back(s: S, p: PutBack, a: Action, log: Log) -> bool:
    """The chosen card goes back on top (known); the other two are received."""
    card = TOKEN_CARD[str(a.args[0])]
    cards = list(p.cards)
    cards.remove(card)
    put_player_top(s, card)
    log.public("put_back", card=card)
    receive_cards(s, cards, log)
    return True


PUT_BACK: DecisionRules[S, PutBack] = DecisionRules(put_back_choices, put_back)


def receive_cards(s: S, cards: list[int], log: Log) -> None:
    """Drawn cards go to the current player's hand; a drawn Revolt is resolved at once.

    A Revolt already waiting (the second of a draw) keeps waiting for the ``revolt``
    action when the new cards hold none: events may still be played before it (BUNTY).
    """
    hand = s.hands[seat_of(s, s.cur)]
    drew_revolt = False
    for c in cards:
        if c == REVOLT:
            s.pending_revolts += 1
            drew_revolt = True
        else:
            hand.append(c)
    if drew_revolt:
        revolt(s, log)
        if s.result:
            return
    s.phase = PHASE_REVOLT if s.pending_revolts else PHASE_INVADE
