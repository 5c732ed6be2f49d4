"""PRZYGOTOWANIE DO GRY and ROZPOCZĘCIE ROZGRYWKI: setting up, roles, starting cities, the first player.

1. The board: a fort in Roma (none in Roma Caput Mundi), 16 legions in the reserve.
2. The first invasion: the red Roma barbarian cards to the discard pile; the 9 gold cards
   place 3/2/1 cubes. 3. Player cards: the events for the player count, hands dealt
   (WYZWANIE SAMOTNIKA: 3 cards in hand, 3 in the treasury). 4. The player deck: piles as
   equal as possible, one Revolt in each, the smallest at the bottom. Roles are dealt at
   random (or chosen, ruling 20); each pawn starts with 2 legions in a city of its owner's
   cards. 5. The first player: at random (ruling 1) or the most days to Roma.
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log
from ludus.games.fall_of_rome.components import (
    CHOOSE_ROLE,
    CITIES,
    CITY_ACTION,
    DOMAIN,
    EVENTS,
    FORTS,
    GOLD_CUBES,
    LEGIONS,
    N_CITY_CARDS,
    NC,
    NODES,
    NT,
    PHASE_ROLE,
    PHASE_START,
    R_VESTALIS,
    REVOLT,
    ROLE_INDEX,
    ROLES,
    ROMA,
    SETUP_EVENTS,
    SETUP_HAND,
    SOLO_ROLES,
    SOLO_TREASURY,
    START_LEGIONS,
    TOKEN_CITY,
    TRIBES,
    Verb,
)
from ludus.games.fall_of_rome.rules.board import add_legions
from ludus.games.fall_of_rome.rules.invasions import place_barbarian
from ludus.games.fall_of_rome.rules.turn import begin_turn
from ludus.games.fall_of_rome.state import FallOfRomeData

S = FallOfRomeData
_RED = tuple(n.index for n in NODES if n.frame == "red")
_GOLD = tuple(n.index for n in NODES if n.frame == "gold")
_PLAIN = tuple(n.index for n in NODES if n.frame == "plain")


def set_up(s: S) -> None:
    """Set up a new game in ``s`` (its ``game``, ``cfg`` and ``rng`` set); all randomness from ``s.rng``."""
    rng = s.rng
    cfg = s.cfg
    log = Log.of(DOMAIN)()  # nothing of the setup is reported
    s.seats = cfg.players
    s.solo = cfg.solo
    s.caput = cfg.roma_caput_mundi
    npawns = SOLO_ROLES if s.solo else s.seats
    s.roles = []
    s.pawn_city = [-1] * npawns
    s.hands = [[] for _ in range(s.seats)]
    s.treasury = []
    s.cubes = [0] * (NC * NT)
    s.legions = [0] * NC
    s.forts = [0] * NC
    s.supply = [t.cubes for t in TRIBES]
    s.allied = [0] * NT
    s.reserve = LEGIONS
    s.fort_supply = FORTS
    if not s.caput:  # Roma Caput Mundi: no fort in Roma
        s.forts[ROMA] = 1
        s.fort_supply -= 1
    s.rate = 0
    s.decline = 0
    s.pknown = 0
    s.pdiscard = []
    s.bremoved = []
    s.vdeck = []
    s.box_events = []
    s.pbox = []
    s.box_revolts = 0
    s.phase = PHASE_START
    s.cur = 0
    s.setup_seat = 0
    s.actions_left = 4
    s.mercator_used = False
    s.regina_used = False
    s.alea = 0
    s.alea_seat = -1
    s.inv_reduce = 0
    s.inv_skip = False
    s.drawn = False
    s.invasions_left = -1
    s.pending_revolts = 0
    s.battle_city = -1
    s.battle_removed = 0
    s.pending = []
    s.refused = []
    s.result = ""
    s.turn = 0
    s.actions_taken = 0
    # 2. The first invasion: red Roma cards to the discard, 9 gold cards place 3/2/1.
    plain = list(_PLAIN)
    rng.shuffle(plain)
    s.bdeck = plain
    s.bsegs = [[len(plain), 0]]
    gold = list(_GOLD)
    rng.shuffle(gold)
    cubes = s.cubes
    supply = s.supply
    for card, count in zip(gold, GOLD_CUBES):
        node = NODES[card]
        city, tribe = node.city, node.tribe
        i = city * NT + tribe
        if not s.result and cubes[i] + count <= 3 and supply[tribe] >= count and not (
                s.caput and city == ROMA):
            # no legion on the board yet, no 4th cube: the cubes go in as place_barbarian would put them
            cubes[i] += count
            supply[tribe] -= count
            continue
        for _ in range(count):
            place_barbarian(s, node.city, node.tribe, [], log)
    s.bdiscard = [*_RED, *gold]
    # 3. Player cards.
    cities = list(range(N_CITY_CARDS))
    events = [e.index for e in EVENTS if e.solo or not s.solo]
    if s.solo:
        s.pbox = [e.index for e in EVENTS if not e.solo]  # Do Ut Des is out of the solitaire game
    rng.shuffle(events)
    n_events = SETUP_EVENTS[s.seats]
    used, unused = events[:n_events], events[n_events:]
    if s.solo:
        rng.shuffle(cities)
        s.hands[0] = cities[:3]
        s.treasury = cities[3 : 3 + SOLO_TREASURY]
        rest = cities[3 + SOLO_TREASURY :] + used
        rng.shuffle(rest)
    else:
        deck = cities + used
        rng.shuffle(deck)
        k = SETUP_HAND[s.seats]
        for seat in range(s.seats):
            s.hands[seat] = deck[seat * k : (seat + 1) * k]
        rest = deck[s.seats * k :]
    s.box_events = sorted(unused)
    # 4. The player deck: piles as equal as possible, 1 Revolt each, smallest at the bottom.
    revolts = cfg.revolts
    base, extra = divmod(len(rest), revolts)
    sizes = [base] * (revolts - extra) + [base + 1] * extra  # bottom first
    s.pdeck = []
    s.piles = []
    pos = 0
    for size in sizes:
        pile = [*rest[pos : pos + size], REVOLT]
        pos += size
        rng.shuffle(pile)
        s.pdeck.extend(pile)
        s.piles.append(len(pile))
    # Roles: random (default) or chosen.
    if not cfg.roles_chosen:
        pool = [r.index for r in ROLES if r.solo or not s.solo]
        rng.shuffle(pool)
        s.roles = pool[:npawns]
        _after_roles(s)
    else:
        s.phase = PHASE_ROLE


def _after_roles(s: S) -> None:
    if R_VESTALIS in s.roles:
        s.vdeck = s.box_events
        s.rng.shuffle(s.vdeck)
        s.box_events = []
    s.phase = PHASE_START
    s.setup_seat = 0


def role_choices(s: S, player: int) -> list[Action]:
    """The roles the seat choosing now may take (option ``roles=chosen``)."""
    if player != s.setup_seat:
        return []
    taken = set(s.roles)
    table = CHOOSE_ROLE[player]
    return [table[r.index] for r in ROLES if r.index not in taken and (r.solo or not s.solo)]


def choose_role(s: S, a: Action, log: Log) -> None:
    """Take a role; after the last one, the starting cities are chosen."""
    role = ROLE_INDEX[str(a.args[0])]
    s.roles.append(role)
    log.public("choose_role", seat=a.player, role=role)
    if len(s.roles) == len(s.pawn_city):
        _after_roles(s)
    elif not s.solo:
        s.setup_seat += 1


def _start_cities(s: S) -> list[int]:
    if s.solo:
        placed = len([c for c in s.pawn_city if c >= 0])
        cities = [NODES[c].city for c in s.hands[0]]
        for c in s.pawn_city[:placed]:
            cities.remove(c)
        return sorted(set(cities))
    own = sorted({NODES[c].city for c in s.hands[s.setup_seat] if c < N_CITY_CARDS})
    return own if own else list(range(NC))


def start_choices(s: S, player: int) -> list[Action]:
    """A city of the seat's own city cards (anywhere when it holds only events)."""
    if player != s.setup_seat:
        return []
    table = CITY_ACTION[player][Verb.START]
    return [table[c] for c in _start_cities(s)]


def start(s: S, a: Action, log: Log) -> None:
    """Put the next pawn and 2 legions in the city; after the last, the first player starts."""
    city = TOKEN_CITY[str(a.args[0])]
    pawn = s.pawn_city.index(-1)
    s.pawn_city[pawn] = city
    add_legions(s, city, START_LEGIONS)  # Roma Caput Mundi: none in Roma
    log.public("start", role=s.roles[pawn], city=city)
    if -1 in s.pawn_city:
        if not s.solo:
            s.setup_seat += 1
        return
    # 5. ROZPOCZĘCIE ROZGRYWKI: the first player.
    if s.solo:
        s.cur = 0
    elif s.cfg.first_player_most_days:
        best: list[int] = []
        best_days = -1.0
        for seat in range(s.seats):
            days = [CITIES[NODES[c].city].days for c in s.hands[seat] if c < N_CITY_CARDS]
            if not days:
                continue
            # unknown days: farther than Roma (0 days), nearer than the other known values
            d = max((x if x is not None else 0.5) for x in days)
            if d > best_days:
                best, best_days = [seat], d
            elif d == best_days:
                best.append(seat)
        s.cur = s.rng.choice(best) if best else s.rng.randbelow(s.seats)
    else:
        s.cur = s.rng.randbelow(s.seats)  # ruling 1: days to Roma are incomplete
    begin_turn(s, s.cur, log)
