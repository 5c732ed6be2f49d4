"""The Seaport action ([HU] "Kikötőakció"): cards, the display and the three ships.

RULE: trajan.hu "Kikötőakció" — (a) draw 2 cards and discard 1 (the pile, then the card), (b) take the top
card of a
      discard pile, (c) play 1 or 2 cards to the display and draw as many, or (d) ship a
      combination of cards (identical cards, pairs, different cards): VP by the ship's
      coloured side, or its grey side once it has been used this quarter.
RULE: trajan.hu "Árucikk joker" — a commodity joker stands for any card of a shipment, then
      leaves the game (ruling 10).
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.decisions import DecisionRules
from ludus.core.engine import Handler
from ludus.core.events import Log
from ludus.games.trajan.components import (
    COMMODITIES,
    COMMODITY_INDEX,
    K_COMMODITY_JOKER,
    MAX_PLAYERS,
    N_COMMODITIES,
    PILES,
    SHIP_IDENTICAL,
    SHIP_KEYS,
    SHIP_PAIRS,
    SHIPS,
    Verb,
)
from ludus.games.trajan.decisions import (
    SEAPORT_DISCARD,
    SEAPORT_DISCARD_ON,
    SEAPORT_DISPLAY,
    LoadShip,
    SeaportDiscard,
    SeaportDisplay,
)
from ludus.games.trajan.rules.cards import can_draw, draw_to_hand, leave_hand, refill_discard
from ludus.games.trajan.rules.forum import count_kind, remove_kind
from ludus.games.trajan.state import TrajanData

__all__ = ["DISCARD_RULES", "DISPLAY_RULES", "LOAD_SHIP_RULES", "VERBS", "options"]

_SEATS = range(MAX_PLAYERS)
_DRAW_TWO = tuple(Action(p, Verb.DRAW_TWO) for p in _SEATS)
_TAKE_DISCARD = tuple(tuple(Action(p, Verb.TAKE_DISCARD, (pile,)) for pile in PILES) for p in _SEATS)
_DISPLAY = tuple(tuple(Action(p, Verb.DISPLAY, (c,)) for c in COMMODITIES) for p in _SEATS)
_STOP = tuple(Action(p, Verb.STOP) for p in _SEATS)
_PILE = tuple(tuple(Action(p, Verb.PILE, (pile,)) for pile in PILES) for p in _SEATS)
_DISCARD = tuple(tuple(Action(p, Verb.DISCARD, (c,)) for c in COMMODITIES) for p in _SEATS)
_SHIP = tuple(tuple(Action(p, Verb.SHIP, (k,)) for k in SHIP_KEYS) for p in _SEATS)
_LOAD = tuple(tuple(Action(p, Verb.LOAD, (c,)) for c in COMMODITIES) for p in _SEATS)
_LOAD_PAIR = tuple(tuple(Action(p, Verb.LOAD, (c, c)) for c in COMMODITIES) for p in _SEATS)
_LOAD_WITH_JOKER = tuple(tuple(Action(p, Verb.LOAD, (c, "joker")) for c in COMMODITIES) for p in _SEATS)
_LOAD_JOKER = tuple(Action(p, Verb.LOAD, ("joker",)) for p in _SEATS)
_LOAD_TWO_JOKERS = tuple(Action(p, Verb.LOAD, ("joker", "joker")) for p in _SEATS)
_SAIL = tuple(Action(p, Verb.SAIL) for p in _SEATS)


def options(s: TrajanData, p: int) -> list[Action]:
    """The Seaport's four options that ``p`` can take now."""
    out: list[Action] = []
    if can_draw(s):
        out.append(_DRAW_TWO[p])
    for i in range(2):
        if s.discards[i]:
            out.append(_TAKE_DISCARD[p][i])
    hand = s.hand[p]
    row = _DISPLAY[p]
    for c in range(N_COMMODITIES):
        if hand[c]:
            out.append(row[c])
    for ship in range(len(SHIPS)):
        if _legal_loads(s, p, ship, (), False):
            out.append(_SHIP[p][ship])
    return out


# --- (a) draw 2, discard 1 -------------------------------------------------------------------
def draw_two(s: TrajanData, a: Action, log: Log) -> None:
    """Seaport (a): draw 2 cards, then discard 1 from hand onto a discard pile."""
    p = a.player
    draw_to_hand(s, p, 2, log)
    log.public("draw_two", seat=p)
    s.pending.append(SEAPORT_DISCARD[p])


def _legal_discard(s: TrajanData, d: SeaportDiscard) -> list[Action]:
    if d.pile < 0:
        return list(_PILE[d.who])
    hand = s.hand[d.who]
    row = _DISCARD[d.who]
    return [row[c] for c in range(N_COMMODITIES) if hand[c]]


def discard(s: TrajanData, d: SeaportDiscard, a: Action, log: Log) -> bool:
    """Choose the discard pile (``pile``), then discard a card face up onto it (``discard``).

    Two small choices where ludus before 0.4.0 asked one of card × pile (ruling 29); the
    state after both is the one the single action reached.
    """
    p = d.who
    if a.verb == Verb.PILE:
        s.pending[-1] = SEAPORT_DISCARD_ON[p][PILES.index(str(a.args[0]))]
        return False
    c = COMMODITY_INDEX[str(a.args[0])]
    leave_hand(s, p, c)
    s.discards[d.pile].append(c)
    log.public("discard", seat=p, card=c, pile=d.pile)
    return True


DISCARD_RULES: DecisionRules[TrajanData, SeaportDiscard] = DecisionRules(_legal_discard, discard)


# --- (b) a discard pile's top card -------------------------------------------------------------
def take_discard(s: TrajanData, a: Action, log: Log) -> None:
    """Seaport (b): take the top card of a discard pile (everyone sees which)."""
    p = a.player
    pile = PILES.index(str(a.args[0]))
    c = s.discards[pile].pop()
    s.hand[p][c] += 1
    s.known[p][c] += 1
    refill_discard(s, pile, log)
    log.public("take_discard", seat=p, card=c, pile=pile)


# --- (c) the display ---------------------------------------------------------------------------
def display(s: TrajanData, a: Action, log: Log) -> None:
    """Seaport (c): play a first card to the personal display (a second may follow)."""
    p = a.player
    _to_display(s, p, COMMODITY_INDEX[str(a.args[0])], log)
    s.pending.append(SEAPORT_DISPLAY[p])


def _to_display(s: TrajanData, p: int, c: int, log: Log) -> None:
    leave_hand(s, p, c)
    s.display[p][c] += 1
    log.public("display", seat=p, card=c)


def _legal_display(s: TrajanData, d: SeaportDisplay) -> list[Action]:
    hand = s.hand[d.who]
    row = _DISPLAY[d.who]
    out = [row[c] for c in range(N_COMMODITIES) if hand[c]]
    out.append(_STOP[d.who])
    return out


def second_display(s: TrajanData, d: SeaportDisplay, a: Action, log: Log) -> bool:
    """A second card to the display, or ``stop``; then draw as many cards as were played."""
    played = d.played
    if a.verb == Verb.DISPLAY:
        _to_display(s, d.who, COMMODITY_INDEX[str(a.args[0])], log)
        played += 1
    draw_to_hand(s, d.who, played, log)
    return True


DISPLAY_RULES: DecisionRules[TrajanData, SeaportDisplay] = DecisionRules(_legal_display, second_display)


# --- (d) the ships -------------------------------------------------------------------------------
def ship(s: TrajanData, a: Action, log: Log) -> None:
    """Seaport (d): start loading a ship with one combination."""
    p = a.player
    k = SHIP_KEYS.index(str(a.args[0]))
    s.pending.append(LoadShip(p, k))
    log.public("ship", seat=p, ship=k)


def _jokers_free(s: TrajanData, p: int, load: tuple[int, ...]) -> int:
    loaded = 0
    for c in load:
        if c < 0:
            loaded += 1
    return count_kind(s.ftiles[p], K_COMMODITY_JOKER) - loaded


def _legal_loads(s: TrajanData, p: int, ship: int, load: tuple[int, ...], with_sail: bool) -> list[Action]:
    """Next cards that may be loaded on ``ship`` (with ``sail`` once the load is complete)."""
    hand = s.hand[p]
    jokers = _jokers_free(s, p, load)
    out: list[Action] = []
    total = len(load)
    if ship == SHIP_PAIRS:
        if total // 2 < SHIPS[ship].capacity:
            loaded = set(load)
            for c in range(N_COMMODITIES):
                if c in loaded:
                    continue
                if hand[c] >= 2:
                    out.append(_LOAD_PAIR[p][c])
                if hand[c] and jokers:
                    out.append(_LOAD_WITH_JOKER[p][c])
            if jokers >= 2:
                out.append(_LOAD_TWO_JOKERS[p])
        if with_sail and total >= 2:
            out.append(_SAIL[p])
        return out
    if total < SHIPS[ship].capacity:
        row = _LOAD[p]
        if ship == SHIP_IDENTICAL:
            real = [c for c in load if c >= 0]
            if real:
                if hand[real[0]]:
                    out.append(row[real[0]])
            else:
                out.extend(row[c] for c in range(N_COMMODITIES) if hand[c])
        else:
            out.extend(row[c] for c in range(N_COMMODITIES) if hand[c] and c not in load)
        if jokers:
            out.append(_LOAD_JOKER[p])
    if with_sail and total >= 1:
        out.append(_SAIL[p])
    return out


def _legal_load_ship(s: TrajanData, d: LoadShip) -> list[Action]:
    return _legal_loads(s, d.who, d.ship, d.load, True)


def _load_ship(s: TrajanData, d: LoadShip, a: Action, log: Log) -> bool:
    if a.verb == Verb.SAIL:
        sail(s, d, log)
        return True
    load(s, d, a)
    return False


def load(s: TrajanData, d: LoadShip, a: Action) -> None:
    """Load one card (a pair on the pairs ship); a commodity joker stands for any card."""
    p = d.who
    cards = list(d.load)
    for arg in a.args:
        if arg == "joker":
            cards.append(-1)
        else:
            c = COMMODITY_INDEX[str(arg)]
            leave_hand(s, p, c)
            cards.append(c)
    s.pending[-1] = LoadShip(p, d.ship, tuple(cards))


def sail(s: TrajanData, d: LoadShip, log: Log) -> None:
    """Score the shipment by the ship's table; a coloured ship turns grey."""
    p = d.who
    sh = SHIPS[d.ship]
    units = len(d.load) // 2 if d.ship == SHIP_PAIRS else len(d.load)
    table = sh.grey if s.ship_grey[d.ship] else sh.coloured
    gained = table[units - 1]
    s.vp[p] += gained
    for c in d.load:
        if c >= 0:
            s.display[p][c] += 1
        else:
            s.forum_removed.append(remove_kind(s.ftiles[p], K_COMMODITY_JOKER))
    s.ship_grey[d.ship] = 1
    log.public("sail", seat=p, ship=d.ship, cards=len(d.load), vp=gained)


LOAD_SHIP_RULES: DecisionRules[TrajanData, LoadShip] = DecisionRules(_legal_load_ship, _load_ship)

VERBS: dict[str, Handler] = {Verb.DRAW_TWO: draw_two, Verb.TAKE_DISCARD: take_discard, Verb.DISPLAY: display,
                             Verb.SHIP: ship}
"""The Seaport's verbs answering :class:`~ludus.games.trajan.decisions.TakeAction`."""
