"""MARSZ and ŻEGLUGA: moving a pawn, with up to 3 legions along.

March goes to an adjacent city; Sail goes from a port to any port, discarding a card of a
colour of the destination (ruling 11). Regina Foederata may lead barbarian cubes along
instead of legions (up to 3 pieces in all), never making 4 of a colour and without
defence (ruling 7 for Roma Caput Mundi). The characters' own moves (Praefectus Classis,
Praefectus Fabrum) share :func:`begin_move`.
"""

from __future__ import annotations

from collections.abc import Callable

from ludus.core.actions import Action
from ludus.core.decisions import DecisionRules, replace_on
from ludus.core.events import Log
from ludus.core.reasons import N_, Reason, because
from ludus.games.fall_of_rome.components import (
    ADD,
    CARD_COLOUR,
    CARD_TOKENS,
    CITIES,
    CITY_TOKEN,
    COLOUR_ACTION,
    COLOUR_INDEX,
    COLOUR_MASK,
    COLOURS,
    LEGIONS_ACTION,
    MARCH_DEST,
    MAX_SEATS,
    N_CITY_CARDS,
    NC,
    NEIGHBOURS,
    NT,
    PORT,
    PORT_CITIES,
    R_PRAEFECTUS_FABRUM,
    R_REGINA_FOEDERATA,
    ROLES,
    ROMA,
    SAIL_DEST,
    SIMPLE,
    TOKEN_CITY,
    Verb,
)
from ludus.games.fall_of_rome.decisions import Escort, Legions
from ludus.games.fall_of_rome.rules.board import remove_cube
from ludus.games.fall_of_rome.rules.end_of_game import move_decline
from ludus.games.fall_of_rome.rules.player_cards import push_pay
from ludus.games.fall_of_rome.state import FallOfRomeData

S = FallOfRomeData


_LEADS_CUBES = (Verb.MARCH, Verb.SAIL)  # the moves Regina Foederata may lead cubes along


def _march_list(player: int, city: int, carry: int, caput: bool) -> tuple[Action, ...]:
    march = MARCH_DEST[player]
    return tuple(march[nb] for nb in NEIGHBOURS[city])


# Move lists built once, at import (building them during play instead would cost random games
# of a few dozen actions much of their time):
# - the marches: [caput][seat][city][legions carried];
_MARCH_TARGETS = tuple(
    tuple(tuple(tuple(_march_list(p, c, n, x) for n in range(4)) for c in range(NC))
          for p in range(MAX_SEATS))
    for x in (False, True)
)
# - a sail's actions: [caput][seat][legions carried][destination] (the destination only);
_SAIL_TO = tuple(
    tuple(tuple(tuple((SAIL_DEST[p][d],) for d in range(NC)) for n in range(4)) for p in range(MAX_SEATS))
    for x in (False, True)
)
# - the ports one can sail to: [city][colour bits of the city cards in hand], in order.
_SAIL_DESTS = tuple(
    tuple(tuple(d for d in PORT_CITIES if d != c and mask & COLOUR_MASK[d]) if PORT[c] else ()
          for mask in range(1 << NT))
    for c in range(NC)
)


def march_targets(player: int, city: int, carry: int, caput: bool) -> tuple[Action, ...]:
    """MARSZ: every adjacent city (the legions taken along are asked next, :func:`open_legions`)."""
    return _MARCH_TARGETS[caput][player][city][carry]


def sail_choices(s: S, player: int, city: int, carry: int, mask: int, out: list[Action]) -> None:
    """ŻEGLUGA from ``city`` (a port): every other port sharing a colour with ``mask`` (one bit
    per colour of a city card in hand); the legions are asked next.

    Praefectus Fabrum's move (any city card, from or to a fort city) covers a sail to a fort
    city, or from one: that sail is not offered apart (ruling 37).
    """
    sail_to = _SAIL_TO[s.caput][player][carry]
    if s.roles[s.cur] == R_PRAEFECTUS_FABRUM:
        forts = s.forts
        if forts[city]:
            return
        for dest in _SAIL_DESTS[city][mask]:
            if not forts[dest]:
                out.extend(sail_to[dest])
        return
    for dest in _SAIL_DESTS[city][mask]:
        out.extend(sail_to[dest])


def begin_move(s: S, a: Action, log: Log, pay_colours: tuple[int, ...] | None) -> None:
    """Move the current pawn (``a``: ``<verb> <city> <legions>``); pay a card of ``pay_colours``
    (``()``: any city card; ``None``: no card)."""
    dest = TOKEN_CITY[str(a.args[0])]
    n = int(a.args[1])
    pawn = s.cur
    src = s.pawn_city[pawn]
    s.actions_left -= 1  # spend_action(s) and move_pawn(s, pawn, dest, n), inlined (every move passes here)
    legions = s.legions
    legions[src] -= n
    legions[dest] += n
    s.pawn_city[pawn] = dest
    role = s.roles[pawn]
    log.public(str(a.verb), role=role, city=dest, legions=n)
    if role == R_REGINA_FOEDERATA and a.verb in _LEADS_CUBES and n < 3:
        s.pending.append(Escort(a.player, src, dest, 3 - n))
        _auto_escort(s)
    if pay_colours is not None:
        hand = s.hands[a.player]
        if pay_colours:
            cards = [c for c in hand if c < N_CITY_CARDS and CARD_COLOUR[c] in pay_colours]
        else:
            cards = [c for c in hand if c < N_CITY_CARDS]
        push_pay(s, a.player, cards, 1)


# --- the destination first, then the legions (issue 11) ------------------------------
def open_legions(s: S, a: Action, log: Log) -> None:
    """A move's destination is chosen (``<verb> <city>``): ask how many legions go along.

    Up to 3 of the legions in the pawn's city, none into Roma Caput Mundi (ruling 7).
    """
    dest = TOKEN_CITY[str(a.args[0])]
    legions = s.legions[s.pawn_city[s.cur]]
    most = 0 if s.caput and dest == ROMA else (legions if legions < 3 else 3)
    key = (a.player, a.verb, dest, most)
    p = _OPEN_LEGIONS.get(key)
    if p is None:
        p = _OPEN_LEGIONS[key] = Legions(a.player, str(a.verb), dest, most)
    s.pending.append(p)


# Each turn move's decision, built once: a decision is immutable, so states share it (as copies do);
# a frozen dataclass costs a setter call per field (hot path: every move opens one).
_OPEN_LEGIONS: dict[tuple[int, str, int, int], Legions] = {}


def legions_choices(s: S, p: Legions) -> list[Action]:
    """``legions 0`` .. ``legions <most>``; a recruit's ``add 0`` (Praefectus Classis: ``add 1``) ..
    ``add <most>``."""
    if p.what >= 0:
        return list(ADD[p.who][(1 if p.verb == Verb.CLASSIS_RECRUIT else 0) : p.most + 1])
    return list(LEGIONS_ACTION[p.who][: p.most + 1])


_MOVES: dict[str, Callable[[S, Action, Log], None]] = {}


def take_legions(s: S, p: Legions, a: Action, log: Log) -> bool:
    """Carry out the move with the chosen legions (the decision is then finished).

    The handler gets the combined action of ludus 0.3.0: ``<verb> <city> <legions>``, or for
    Festina Lente's and Si Vis Pacem's ``move_pawn`` the pawn's role instead of the city (for
    a recruit the colour or card, as ``enlist_barbarians`` and ``classis_recruit`` were). An
    event's move leaves the stack first: its event decision below goes on (or asks the owner).
    """
    n = int(a.args[0])
    if p.what >= 0:  # a recruit: ``enlist_barbarians <colour> <n>``, ``classis_recruit <card> <n>``
        target = CARD_TOKENS[p.what] if p.verb == Verb.CLASSIS_RECRUIT else COLOURS[p.what]
    else:
        target = ROLES[s.roles[p.pawn]].id if p.verb == Verb.MOVE_PAWN else CITY_TOKEN[p.city]
    move = Action(p.who, p.verb, (target, n))
    if p.pawn >= 0:
        s.pending.pop()
        _MOVES[p.verb](s, move, log)
        return False
    _MOVES[p.verb](s, move, log)
    return True


def register_move(verb: str, handler: Callable[[S, Action, Log], None]) -> None:
    """The handler that carries out ``<verb> <city|role> <legions>`` once the legions are chosen."""
    _MOVES[verb] = handler


def legions_why(s: S, p: Legions, a: Action) -> Reason | None:
    """Why ``legions <n>`` is refused: more legions than may go along (at most 3 of the pawn's city)."""
    if a.verb != Verb.LEGIONS or p.what >= 0 or len(a.args) != 1 or not isinstance(a.args[0], int):
        return None
    if a.args[0] <= p.most:
        return None
    if p.most == 0:
        return because(N_("no legion can go along"))
    return because(N_("legions that can go along: at most {most}"), most=p.most)


LEGIONS_RULES = DecisionRules(legions_choices, take_legions, legions_why)


def march(s: S, a: Action, log: Log) -> None:
    """MARSZ: to an adjacent city, up to 3 legions along."""
    begin_move(s, a, log, None)


def sail(s: S, a: Action, log: Log) -> None:
    """ŻEGLUGA: port to port; discard a card of a colour of the destination (ruling 11)."""
    dest = TOKEN_CITY[str(a.args[0])]
    begin_move(s, a, log, CITIES[dest].colours)


# --- Regina Foederata leads cubes along ------------------------------------------
def escort_choices(s: S, p: Escort) -> list[Action]:
    """The colours Regina may lead along (never a 4th cube of a colour), or stop."""
    out: list[Action] = []
    player = p.who
    src, dest = p.src, p.dest
    if not (s.caput and dest == ROMA and not s.cfg.regina_cubes_into_roma):
        table = COLOUR_ACTION[player][Verb.ESCORT]
        for t in range(NT):
            if s.cubes[src * NT + t] and s.cubes[dest * NT + t] < 3:
                out.append(table[t])
    out.append(SIMPLE[player][Verb.ESCORT_END])
    return out


def _escort_finished(s: S, p: Escort) -> bool:
    return p.left <= 0 or len(escort_choices(s, p)) == 1


def _auto_escort(s: S) -> None:
    p = s.pending[-1]
    if isinstance(p, Escort) and _escort_finished(s, p):
        s.pending.pop()


def escort(s: S, p: Escort, a: Action, log: Log) -> bool:
    """Regina Foederata carries a barbarian cube along (no defence is triggered), or stops."""
    if a.verb == Verb.ESCORT_END:
        return True
    t = COLOUR_INDEX[str(a.args[0])]
    p = replace_on(s.pending, p, Escort(p.who, p.src, p.dest, p.left - 1))
    if s.caput and p.dest == ROMA:
        # ruling 7 (option regina_cubes_into_roma): the cube returns to its supply, decline +1
        remove_cube(s, p.src, t)
        move_decline(s, log)
        if s.result:
            return False
    else:
        s.cubes[p.src * NT + t] -= 1
        s.cubes[p.dest * NT + t] += 1
    log.public("escort", tribe=t, city=p.dest)
    if _escort_finished(s, p):
        s.pending.remove(p)  # (the engine would look for the copy it handed over)
    return False


ESCORT = DecisionRules(escort_choices, escort)


def march_why(s: S, a: Action) -> Reason | None:
    """Why ``march <city>`` is refused (the Do Actions step): the city is not next to the pawn's."""
    dest = TOKEN_CITY.get(str(a.args[0])) if len(a.args) == 1 else None
    here = s.pawn_city[s.cur]
    if dest is None or dest in NEIGHBOURS[here]:
        return None
    return because(N_("{city:city} is not next to {here:city}"), city=dest, here=here)
