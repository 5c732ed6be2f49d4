"""SPISEK: give or take the card naming your city, between two pawns in that city.

Both players must agree (ruling 22: a :class:`~ludus.games.fall_of_rome.decisions.PlotConsent`
of the other pawn's owner); a refused plot costs no action and is not offered again that
turn. In the solitaire challenge (SKARBIEC, SPISKI) the card moves between the hand and
the treasury instead.
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.decisions import DecisionRules
from ludus.core.events import Log
from ludus.games.fall_of_rome.components import (
    CARD_ACTION,
    CARDS_OF_CITY,
    SEAT_CARD_ACTION,
    SIMPLE,
    TOKEN_CARD,
    Verb,
)
from ludus.games.fall_of_rome.decisions import PlotConsent
from ludus.games.fall_of_rome.rules.board import n_pawns, seat_of
from ludus.games.fall_of_rome.rules.turn import spend_action
from ludus.games.fall_of_rome.state import FallOfRomeData

S = FallOfRomeData
_PLOT_STORE = CARD_ACTION[0][Verb.PLOT_STORE]  # the solitaire game's one seat
_PLOT_RETRIEVE = CARD_ACTION[0][Verb.PLOT_RETRIEVE]


def plot_choices(s: S, player: int, pawn: int, city: int, hand: list[int], out: list[Action]) -> None:
    """SPISEK: the card naming ``city``, to or from a pawn there (solitaire: the treasury)."""
    if s.solo:
        here = CARDS_OF_CITY[city]
        for c in here:
            if c in hand:
                out.append(_PLOT_STORE[c])
        for c in here:
            if c in s.treasury:
                out.append(_PLOT_RETRIEVE[c])
        return
    if s.pawn_city.count(city) < 2:  # no other pawn here (the usual case)
        return
    mine = [c for c in CARDS_OF_CITY[city] if c in hand]
    give = SEAT_CARD_ACTION[player][Verb.PLOT_GIVE]
    take = SEAT_CARD_ACTION[player][Verb.PLOT_TAKE]
    for other in range(n_pawns(s)):
        if other == pawn or s.pawn_city[other] != city:
            continue
        for c in mine:
            a = give[other][c]
            if str(a) not in s.refused:
                out.append(a)
        for c in CARDS_OF_CITY[city]:
            if c in s.hands[other]:
                a = take[other][c]
                if str(a) not in s.refused:
                    out.append(a)


def plot(s: S, a: Action, log: Log) -> None:
    """SPISEK: propose to give or take the card; the other pawn's owner decides (ruling 22)."""
    other = int(a.args[0])
    s.pending.append(
        PlotConsent(seat_of(s, other), str(a.verb), a.player, other, TOKEN_CARD[str(a.args[1])], str(a)))


def plot_store(s: S, a: Action, log: Log) -> None:
    """Solitaire SPISEK: put the card naming your city into the treasury."""
    card = TOKEN_CARD[str(a.args[0])]
    spend_action(s)
    s.hands[0].remove(card)
    s.treasury.append(card)
    log.public("plot_store", card=card)


def plot_retrieve(s: S, a: Action, log: Log) -> None:
    """Solitaire SPISEK: take the card naming your city from the treasury."""
    card = TOKEN_CARD[str(a.args[0])]
    spend_action(s)
    s.treasury.remove(card)
    s.hands[0].append(card)
    log.public("plot_retrieve", card=card)


def consent_choices(s: S, p: PlotConsent) -> list[Action]:
    """Agree or refuse."""
    simple = SIMPLE[p.who]
    return [simple[Verb.AGREE], simple[Verb.REFUSE]]


def answer_plot(s: S, p: PlotConsent, a: Action, log: Log) -> bool:
    """Agreed: the card changes hands (the proposer's action is spent); refused: nothing."""
    if a.verb == Verb.REFUSE:
        log.public("refuse", seat=a.player)
        s.refused.append(p.proposal)
        return True
    spend_action(s)
    giver, taker = (p.seat, p.other) if p.act == Verb.PLOT_GIVE else (p.other, p.seat)
    s.hands[giver].remove(p.card)
    s.hands[taker].append(p.card)
    log.public("plot", giver=giver, card=p.card, taker=taker)
    return True


PLOT_CONSENT = DecisionRules(consent_choices, answer_plot)
