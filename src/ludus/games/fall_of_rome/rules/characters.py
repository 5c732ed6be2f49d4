"""POSTACIE: the characters' own actions (their battle-die specials are in ``battle.py``).

CONSUL adds a legion to any fort city or to his own; MERCATOR gives or takes a card of a
colour of his city once per turn (no consent needed); PRAEFECTUS CLASSIS sails port to
port without a card, and in a port turns a card of its colour into "up to 2" legions ("do 2
znaczników legionistów": 1 or 2, the player's choice, as the reserve allows; ruling 31); PRAEFECTUS
FABRUM turns 2 legions into a fort and, for any city card, moves from or to a fort city;
VESTALIS draws from her own event deck at any time for a card of her city's colour (and
may draw 3 cards, putting 1 back: ``drawing_cards.py``). Regina Foederata's escort is in
``movement.py``, her free enlist in ``alliances.py``.
"""

from __future__ import annotations

from itertools import compress

from ludus.core.actions import Action
from ludus.core.events import Log
from ludus.games.fall_of_rome.components import (
    CARD_ACTION,
    CARD_BIT,
    CITY_ACTION,
    CLASSIS_RECRUIT,
    CLASSIS_SAIL_DEST,
    COLOUR_MASK,
    FABRUM_MOVE_DEST,
    MAX_SEATS,
    N_CITY_CARDS,
    NC,
    NEIGHBOURS,
    NODES,
    PORT,
    PORT_CITIES,
    R_CONSUL,
    R_MERCATOR,
    R_PRAEFECTUS_CLASSIS,
    R_PRAEFECTUS_FABRUM,
    R_VESTALIS,
    ROMA,
    SEAT_CARD_ACTION,
    SIMPLE,
    TOKEN_CARD,
    TOKEN_CITY,
    Verb,
)
from ludus.games.fall_of_rome.decisions import Legions
from ludus.games.fall_of_rome.rules.board import (
    add_legions,
    legions_allowed,
    n_pawns,
    place_fort,
    remove_legions,
)
from ludus.games.fall_of_rome.rules.movement import begin_move
from ludus.games.fall_of_rome.rules.turn import spend_action
from ludus.games.fall_of_rome.state import FallOfRomeData

S = FallOfRomeData


def colour_cards(hand: list[int], colours: tuple[int, ...]) -> list[int]:
    """The city cards of ``hand`` of one of ``colours``."""
    return [c for c in hand if c < N_CITY_CARDS and NODES[c].tribe in colours]


def _colour_cards_sorted(hand: list[int], city: int) -> list[int]:
    """The distinct city cards of ``hand`` of a colour of ``city``, in card order."""
    mask = COLOUR_MASK[city]
    return sorted({c for c in hand if CARD_BIT[c] & mask})


def role_choices(s: S, player: int, pawn: int, role: int, city: int, hand: list[int],
                 out: list[Action]) -> None:
    """The current pawn's character actions."""
    if role == R_CONSUL and s.reserve:
        forts = s.forts
        if forts[city] or (s.caput and forts[ROMA]):
            forts = forts[:]
            forts[city] = 0  # her own fort city is consul_here (the same legion, ruling 37)
            if s.caput:
                forts[ROMA] = 0  # Roma Caput Mundi: no legion placed in Roma
        out.extend(compress(_CONSUL_FORT[player], forts))  # every other fort city, in city order
        if legions_allowed(s, city):
            out.append(_CONSUL_HERE[player])
    elif role == R_MERCATOR and not s.mercator_used:
        give = SEAT_CARD_ACTION[player][Verb.MERCATOR_GIVE]
        take = SEAT_CARD_ACTION[player][Verb.MERCATOR_TAKE]
        for other in range(n_pawns(s)):
            if other == pawn or s.pawn_city[other] != city:
                continue
            for c in _colour_cards_sorted(hand, city):
                out.append(give[other][c])
            for c in _colour_cards_sorted(s.hands[other], city):
                out.append(take[other][c])
    elif role == R_PRAEFECTUS_CLASSIS and PORT[city]:
        out.extend(_CLASSIS_FROM[s.caput][player][min(3, s.legions[city])][city])
        if s.reserve and legions_allowed(s, city):
            recruit = CLASSIS_RECRUIT[player]  # the card; the legions are asked next (open_classis)
            for c in _colour_cards_sorted(hand, city):
                out.append(recruit[c])
    elif role == R_PRAEFECTUS_FABRUM:
        if s.legions[city] >= 2 and not s.forts[city]:
            if s.fort_supply:
                out.append(SIMPLE[player][Verb.FABRUM_FORT])
            else:
                out.extend(compress(CITY_ACTION[player][Verb.FABRUM_FORT], s.forts))
        if hand and min(hand) < N_CITY_CARDS:  # any city card
            carry = min(3, s.legions[city])
            if s.forts[city]:  # from a fort city: to any other city
                out.extend(_FABRUM_FROM_FORT[s.caput][player][carry][city])
            else:  # to a fort city (``city`` itself has none)
                for moves in compress(_FABRUM_TO[s.caput][player][carry], s.forts):
                    out.extend(moves)


# Each move's actions, built once: [caput][seat][legions carried][destination] (the destination
# only: the legions taken along are the next decision, :class:`~ludus.games.fall_of_rome.decisions.Legions`).
_CLASSIS_TO = tuple(
    tuple(tuple(tuple((CLASSIS_SAIL_DEST[p][d],) for d in range(NC)) for n in range(4))
          for p in range(MAX_SEATS))
    for x in (False, True)
)
_FABRUM_TO = tuple(
    tuple(tuple(tuple((FABRUM_MOVE_DEST[p][d],) for d in range(NC)) for n in range(4))
          for p in range(MAX_SEATS))
    for x in (False, True)
)


MoveLists = tuple[tuple[tuple[tuple[tuple[Action, ...], ...], ...], ...], ...]


def _to_all_but(table: MoveLists, dests: tuple[int, ...], marched: bool = False) -> MoveLists:
    """[caput][seat][legions][from] -> the moves of ``table`` to every city of ``dests`` but ``from``, in
    order (``marched``: not to the cities next to ``from`` either)."""
    def to(c: int, d: int) -> bool:
        return d != c and not (marched and d in NEIGHBOURS[c])

    return tuple(
        tuple(
            tuple(tuple(tuple(a for d in dests if to(c, d) for a in by_n[d]) for c in range(NC))
                  for by_n in by_seat)
            for by_seat in by_caput)
        for by_caput in table
    )


# Praefectus Classis: port to any other port; a port next to hers is a march (the same move, ruling 37)
_CLASSIS_FROM = _to_all_but(_CLASSIS_TO, PORT_CITIES, marched=True)
_FABRUM_FROM_FORT = _to_all_but(_FABRUM_TO, tuple(range(NC)))  # Praefectus Fabrum: fort city to any other
_CONSUL_FORT = tuple(CITY_ACTION[p][Verb.CONSUL_FORT] for p in range(MAX_SEATS))
_CONSUL_HERE = tuple(SIMPLE[p][Verb.CONSUL_HERE] for p in range(MAX_SEATS))
_VESTALIS_DRAW = tuple(CARD_ACTION[p][Verb.VESTALIS_DRAW] for p in range(MAX_SEATS))


def vestalis_choices(s: S, player: int, out: list[Action]) -> None:
    """VESTALIS, at any time: a card of her city's colour for an event of her deck."""
    if s.vdeck and R_VESTALIS in s.roles:  # (her deck is dealt only when she plays)
        v = s.roles.index(R_VESTALIS)
        if player == (0 if s.solo else v):  # seat_of, inlined (hot path)
            table = _VESTALIS_DRAW[player]
            for c in _colour_cards_sorted(s.hands[player], s.pawn_city[v]):
                out.append(table[c])


def consul_fort(s: S, a: Action, log: Log) -> None:
    """Consul: add 1 legion to any city with a fort."""
    spend_action(s)
    city = TOKEN_CITY[str(a.args[0])]
    n = add_legions(s, city, 1)
    log.public("consul", legions=n, city=city)


def consul_here(s: S, a: Action, log: Log) -> None:
    """Consul: add 1 legion to your city."""
    spend_action(s)
    city = s.pawn_city[s.cur]
    n = add_legions(s, city, 1)
    log.public("consul", legions=n, city=city)


def mercator(s: S, a: Action, log: Log) -> None:
    """Mercator, once per turn: give or take 1 card of a colour of your city."""
    other = int(a.args[0])
    card = TOKEN_CARD[str(a.args[1])]
    spend_action(s)
    s.mercator_used = True
    giver, taker = (a.player, other) if a.verb == Verb.MERCATOR_GIVE else (other, a.player)
    s.hands[giver].remove(card)
    s.hands[taker].append(card)
    log.public("mercator", giver=giver, card=card, taker=taker)


def classis_sail(s: S, a: Action, log: Log) -> None:
    """Praefectus Classis: port to any other port without a card."""
    begin_move(s, a, log, None)


def classis_most(s: S) -> int:
    """Most legions Praefectus Classis may place: 2, as the reserve allows."""
    return min(2, s.reserve)


def open_classis(s: S, a: Action, log: Log) -> None:
    """Praefectus Classis's recruit, the card chosen (``classis_recruit <card>``): ask how many
    legions (``add <n>``, 1 up to :func:`classis_most`); the action is spent then."""
    s.pending.append(
        Legions(a.player, str(a.verb), s.pawn_city[s.cur], classis_most(s), what=TOKEN_CARD[str(a.args[0])]))


def classis_recruit(s: S, a: Action, log: Log) -> None:
    """Praefectus Classis, in a port (``classis_recruit <card> <n>``, once the legions are chosen):
    discard a card of the city's colour for the chosen 1 or 2 legions."""
    card = TOKEN_CARD[str(a.args[0])]
    spend_action(s)
    s.hands[a.player].remove(card)
    s.pdiscard.append(card)
    n = add_legions(s, s.pawn_city[s.cur], int(a.args[1]))
    log.public("classis_recruit", card=card, legions=n)


def fabrum_fort(s: S, a: Action, log: Log) -> None:
    """Praefectus Fabrum: 2 legions of your city become a fort (ruling 8 when all are out)."""
    city = s.pawn_city[s.cur]
    spend_action(s)
    remove_legions(s, city, 2)
    place_fort(s, city, TOKEN_CITY[str(a.args[0])] if a.args else -1, log)


def fabrum_move(s: S, a: Action, log: Log) -> None:
    """Praefectus Fabrum: discard any city card to move from or to a fort city."""
    begin_move(s, a, log, ())


def vestalis_draw(s: S, a: Action, log: Log) -> None:
    """Vestalis, any time: discard a card of her city's colour to draw from her event deck."""
    card = TOKEN_CARD[str(a.args[0])]
    hand = s.hands[a.player]
    hand.remove(card)
    s.pdiscard.append(card)
    event = s.vdeck.pop()
    hand.append(event)
    log.public("vestalis_draw", paid=card, card=event)
