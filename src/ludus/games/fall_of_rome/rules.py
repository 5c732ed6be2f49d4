"""Rules of Pandemic: Fall of Rome: setup, legal actions and transitions.

Functions are named after the rulebook (Polish headings in comments): ``march``,
``sail``, ``fortify``, ``recruit_army``, ``battle``, ``plot``, ``forge_alliance``,
``enlist_barbarians``, ``invade``, ``place_barbarian`` (with city defence),
``sack``, ``revolt``. A compound choice is a stack of small sub-decisions in
``state.pending``; the turn's steps (draw, each Revolt, each invasion card) are
explicit actions of the current player, so that events can be played between them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ludus.core.actions import Action
from ludus.core.errors import IllegalActionError
from ludus.core.events import Event
from ludus.core.rng import Rng
from ludus.games.fall_of_rome.components import (
    CARD_TOKENS,
    CARDS_OF_CITY,
    CITIES,
    CITY_TOKEN,
    COLOUR_INDEX,
    COLOURS,
    DECLINE_LOSS,
    DICE,
    DIE_FACE_KIND,
    EVENTS,
    FACE_EFFECT,
    FACE_INDEX,
    FACE_NAMES,
    FIRST_EVENT,
    FORTS,
    GOLD_CUBES,
    HAND_LIMIT,
    INVASION_RATE,
    LEGIONS,
    N_CITY_CARDS,
    NC,
    NEIGHBOURS,
    NODES,
    NT,
    PARENT,
    PORT,
    RECRUITMENT_RATE,
    REVOLT,
    REVOLTS_CAPUT_MUNDI,
    REVOLTS_STANDARD,
    ROLE_INDEX,
    ROLES,
    ROMA,
    SETUP_EVENTS,
    SETUP_HAND,
    SOLO_ROLES,
    SOLO_TREASURY,
    START_LEGIONS,
    TOKEN_CARD,
    TOKEN_CITY,
    TRIBES,
    EventId,
    RoleId,
)
from ludus.games.fall_of_rome.state import (
    PHASE_ACTIONS,
    PHASE_INVADE,
    PHASE_OVER,
    PHASE_REVOLT,
    PHASE_ROLE,
    PHASE_START,
    FallOfRomeState,
)

if TYPE_CHECKING:
    from ludus.games.fall_of_rome import FallOfRome

S = FallOfRomeState
ROLE_TOKENS = tuple(r.id for r in ROLES)
EVENT_TOKENS = tuple(e.id for e in EVENTS)

# Plain ints for speed (the enums name them).
R_CONSUL = int(RoleId.CONSUL)
R_MAGISTER_MILITUM = int(RoleId.MAGISTER_MILITUM)
R_MERCATOR = int(RoleId.MERCATOR)
R_PRAEFECTUS_CLASSIS = int(RoleId.PRAEFECTUS_CLASSIS)
R_PRAEFECTUS_FABRUM = int(RoleId.PRAEFECTUS_FABRUM)
R_REGINA_FOEDERATA = int(RoleId.REGINA_FOEDERATA)
R_VESTALIS = int(RoleId.VESTALIS)
E_ABUNDANS = int(EventId.ABUNDANS)
E_ALEA = int(EventId.ALEA)
E_AUDENTES = int(EventId.AUDENTES)
E_CARPE_DIEM = int(EventId.CARPE_DIEM)
E_DO_UT_DES = int(EventId.DO_UT_DES)
E_FESTINA_LENTE = int(EventId.FESTINA_LENTE)
E_HIC_MANEBIMUS = int(EventId.HIC_MANEBIMUS)
E_HOMO_FABER = int(EventId.HOMO_FABER)
E_MELIUS_CAVERE = int(EventId.MELIUS_CAVERE)
E_MORS_TUA = int(EventId.MORS_TUA)
E_MORTUI_NON_MORDENT = int(EventId.MORTUI_NON_MORDENT)
E_SI_VIS_PACEM = int(EventId.SI_VIS_PACEM)
E_VAE_VICTIS = int(EventId.VAE_VICTIS)
E_VENI_VIDI_VICI = int(EventId.VENI_VIDI_VICI)
PORT_CITIES = tuple(c for c in range(NC) if PORT[c])
COLOUR_SETS = tuple(frozenset(CITIES[c].colours) for c in range(NC))
CARD_COLOUR = tuple(n.tribe for n in NODES)
MAX_SEATS = 5


def _move_table(verb: str) -> tuple[tuple[tuple[Action, ...], ...], ...]:
    """Every ``<verb> <city> <legions>`` action, built once: [seat][city][legions]."""
    return tuple(
        tuple(tuple(Action(p, verb, (CITY_TOKEN[c], n)) for n in range(4)) for c in range(NC))
        for p in range(MAX_SEATS)
    )


_SIMPLE_VERBS = ("revolt", "invade", "draw", "draw3", "recruit_army", "consul_here", "fortify", "fabrum_fort",
                 "escort_end", "agree", "refuse", "done", "skip_battle")
_CARD_VERBS = ("discard", "pay", "vestalis_draw", "classis_recruit", "plot_store", "plot_retrieve", "put_back",
               "take", "give")
_COLOUR_VERBS = ("forge_alliance", "enlist_barbarians", "remove", "escort")
SIMPLE: tuple[dict[str, Action], ...] = tuple({v: Action(p, v) for v in _SIMPLE_VERBS} for p in range(MAX_SEATS))
CARD_ACTION: tuple[dict[str, tuple[Action, ...]], ...] = tuple(
    {v: tuple(Action(p, v, (CARD_TOKENS[c],)) for c in range(REVOLT + 1)) for v in _CARD_VERBS}
    for p in range(MAX_SEATS)
)
COLOUR_ACTION: tuple[dict[str, tuple[Action, ...]], ...] = tuple(
    {v: tuple(Action(p, v, (COLOURS[t],)) for t in range(NT)) for v in _COLOUR_VERBS} for p in range(MAX_SEATS)
)
_CITY_VERBS = ("consul_fort", "fortify", "fabrum_fort", "start", "choose_city", "fort_city", "fort_from")
CITY_ACTION: tuple[dict[str, tuple[Action, ...]], ...] = tuple(
    {v: tuple(Action(p, v, (CITY_TOKEN[c],)) for c in range(NC)) for v in _CITY_VERBS} for p in range(MAX_SEATS)
)
_SEAT_CARD_VERBS = ("plot_give", "plot_take", "mercator_give", "mercator_take")
SEAT_CARD_ACTION: tuple[dict[str, tuple[tuple[Action, ...], ...]], ...] = tuple(
    {
        v: tuple(tuple(Action(p, v, (q, CARD_TOKENS[c])) for c in range(N_CITY_CARDS)) for q in range(MAX_SEATS))
        for v in _SEAT_CARD_VERBS
    }
    for p in range(MAX_SEATS)
)
REGINA_ADD = tuple(tuple(Action(p, "regina_add", (n,)) for n in range(DICE + 1)) for p in range(MAX_SEATS))
BATTLE = tuple(tuple(Action(p, "battle", (d,)) for d in range(DICE + 1)) for p in range(MAX_SEATS))
PLAY = tuple(
    tuple((Action(p, "play", (tok, "normal")), Action(p, "play", (tok, "destabilizing"))) for tok in EVENT_TOKENS)
    for p in range(MAX_SEATS)
)
MARCH = _move_table("march")
SAIL = _move_table("sail")
CLASSIS_SAIL = _move_table("classis_sail")
FABRUM_MOVE = _move_table("fabrum_move")
MOVE_TO = _move_table("move_to")
WINDOW_PHASES = (PHASE_ACTIONS, PHASE_REVOLT, PHASE_INVADE)


# ---------------------------------------------------------------------------
# small helpers
# ---------------------------------------------------------------------------
def n_pawns(s: S) -> int:
    """Number of pawns (3 in the solitaire challenge, else one per player)."""
    return len(s.roles)


def seat_of(s: S, pawn: int) -> int:
    """The seat that controls ``pawn`` (solitaire: the one player)."""
    return 0 if s.solo else pawn


def pawn_of_role(s: S, role: int) -> int:
    """The pawn index playing ``role`` or -1."""
    try:
        return s.roles.index(role)
    except ValueError:
        return -1


def pawn_in(s: S, city: int) -> bool:
    """Whether any pawn stands in ``city``."""
    return city in s.pawn_city


def city_cubes(s: S, city: int) -> int:
    """All barbarian cubes in ``city``."""
    b = city * NT
    return sum(s.cubes[b : b + NT])


def log(s: S, text: str) -> None:
    """Record a public log line for the events ``apply`` returns."""
    s._events.append(Event(text, "log", {}))


def lose(s: S, reason: str) -> None:
    """The players lose at once (KONIEC GRY)."""
    if s.result:
        return
    s.result = "loss: " + reason
    s.phase = PHASE_OVER
    s.pending = []
    log(s, f"The players lose: {reason}.")


def move_decline(s: S, steps: int = 1) -> None:
    """Move the decline marker; the 8th step loses the game (ruling 12)."""
    s.decline += steps
    log(s, f"Decline marker to step {s.decline}.")
    if s.decline >= DECLINE_LOSS:
        lose(s, "the decline marker reached the last space")


def legions_allowed(s: S, city: int) -> bool:
    """Roma Caput Mundi: legions may never enter or be placed in Roma."""
    return not (s.caput and city == ROMA)


def add_legions(s: S, city: int, n: int) -> int:
    """Add up to ``n`` legions from the reserve (never taken from the board)."""
    if not legions_allowed(s, city):
        return 0
    n = min(n, s.reserve)
    s.reserve -= n
    s.legions[city] += n
    return n


def remove_legions(s: S, city: int, n: int) -> int:
    """Return up to ``n`` legions of ``city`` to the reserve; how many were removed."""
    n = min(n, s.legions[city])
    s.legions[city] -= n
    s.reserve += n
    return n


def remove_cube(s: S, city: int, tribe: int) -> None:
    """Return one cube of ``tribe`` in ``city`` to its supply."""
    s.cubes[city * NT + tribe] -= 1
    s.supply[tribe] += 1


def move_pawn(s: S, pawn: int, dest: int, legions: int) -> None:
    """Move ``pawn`` to ``dest`` taking ``legions`` from the city it leaves."""
    src = s.pawn_city[pawn]
    s.legions[src] -= legions
    s.legions[dest] += legions
    s.pawn_city[pawn] = dest


def legion_choices(s: S, src: int, dest: int) -> int:
    """Most legions a pawn can take along from ``src`` to ``dest`` (at most 3)."""
    if not legions_allowed(s, dest):
        return 0
    return min(3, s.legions[src])


# ---------------------------------------------------------------------------
# decks
# ---------------------------------------------------------------------------
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


def _refill_barbarians(s: S) -> None:
    # Ruling 21: an empty barbarian deck is re-formed from the shuffled discard pile.
    s.rng.shuffle(s.bdiscard)
    s.bdeck = s.bdiscard
    s.bdiscard = []
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


# ---------------------------------------------------------------------------
# barbarians: invasion, defence, sack, revolt
# ---------------------------------------------------------------------------
def place_barbarian(s: S, city: int, tribe: int, sacked: list[int]) -> None:
    """Place 1 cube of ``tribe`` in ``city``: defence, then sack, then the cube (OBRONA MIASTA).

    Defence is checked first (ruling 9): legions supported by a pawn or a fort are
    attacked (1 removed); unsupported legions are ambushed (all removed).
    """
    if s.result:
        return
    if s.caput and city == ROMA:
        # WYZWANIE ROMA CAPUT MUNDI: a cube that would go to Roma moves the decline marker.
        log(s, f"A {COLOURS[tribe]} cube would enter Roma.")
        move_decline(s)
        return
    if s.legions[city]:
        if s.forts[city] or city in s.pawn_city:
            remove_legions(s, city, 1)
            log(s, f"{CITIES[city].name} defends against {COLOURS[tribe]}: 1 legion lost.")
        else:
            n = remove_legions(s, city, s.legions[city])
            log(s, f"Ambush in {CITIES[city].name}: {n} legions lost.")
        return
    i = city * NT + tribe
    if s.cubes[i] >= 3:
        sack(s, city, tribe, sacked)
        return
    if s.supply[tribe] == 0:
        lose(s, f"no {COLOURS[tribe]} cubes left in the supply")
        return
    s.supply[tribe] -= 1
    s.cubes[i] += 1
    log(s, f"1 {COLOURS[tribe]} cube placed in {CITIES[city].name}.")


def sack(s: S, city: int, tribe: int, sacked: list[int]) -> None:
    """Sack ``city`` (OGRABIANIE MIAST), with chain reactions.

    Cities already sacked while resolving the current barbarian card are skipped.
    """
    sacked.append(city)
    log(s, f"{CITIES[city].name} is sacked by the {TRIBES[tribe].name}!")
    if city == ROMA:
        lose(s, "Roma was sacked")
        return
    move_decline(s)
    if s.result:
        return
    if s.forts[city]:
        s.forts[city] = 0
        s.fort_supply += 1
    for nb in NEIGHBOURS[city]:
        if nb in sacked:
            continue
        place_barbarian(s, nb, tribe, sacked)
        if s.result:
            return


def invasion_target(s: S, card: int) -> int:
    """The city a barbarian card invades (NAJAZD): the card's city if it can be
    invaded, else back along the migration path; at the supply, the path city
    adjacent to it."""
    node = NODES[card]
    tribe = node.tribe
    city = node.city
    cubes = s.cubes
    while True:
        parent = PARENT[tribe][city]
        if cubes[city * NT + tribe] or parent < 0 or cubes[parent * NT + tribe]:
            return city
        city = parent


def invade(s: S, card: int) -> None:
    """Resolve one barbarian card of the Invade Cities step."""
    node = NODES[card]
    target = invasion_target(s, card)
    log(s, f"Barbarian card {CARD_TOKENS[card]}: the {TRIBES[node.tribe].name} invade {CITIES[target].name}.")
    place_barbarian(s, target, node.tribe, [])


def revolt(s: S) -> None:
    """Resolve one Revolt card (BUNTY): increase, revolt, intensify."""
    s.pending_revolts -= 1
    s.box_revolts += 1
    # 1. Increase
    if s.rate < len(INVASION_RATE) - 1:
        s.rate += 1
    log(s, f"Revolt! Invasion rate {INVASION_RATE[s.rate]}, recruitment rate {RECRUITMENT_RATE[s.rate]}.")
    # 2. Revolt: the bottom barbarian card, 3 cubes one at a time
    card = draw_barbarian_bottom(s)
    node = NODES[card]
    sacked: list[int] = []
    log(s, f"Revolt in {CITIES[node.city].name} ({COLOURS[node.tribe]}).")
    for _ in range(3):
        if node.city in sacked:  # ruling 10
            break
        place_barbarian(s, node.city, node.tribe, sacked)
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


# ---------------------------------------------------------------------------
# setup (PRZYGOTOWANIE DO GRY)
# ---------------------------------------------------------------------------
def new_game(game: FallOfRome, seed: int) -> S:
    """Set up a new game; all randomness comes from ``Rng(seed)``."""
    s = S(game, Rng(seed))
    rng = s.rng
    opts = game.options
    s.seats = game.players
    s.solo = game.players == 1
    s.caput = bool(opts["roma_caput_mundi"])
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
    red = [n.index for n in NODES if n.frame == "red"]
    gold = [n.index for n in NODES if n.frame == "gold"]
    plain = [n.index for n in NODES if n.frame == "plain"]
    rng.shuffle(plain)
    s.bdeck = plain
    s.bsegs = [[len(plain), 0]]
    rng.shuffle(gold)
    for card, count in zip(gold, GOLD_CUBES):
        node = NODES[card]
        for _ in range(count):
            place_barbarian(s, node.city, node.tribe, [])
    s.bdiscard = red + gold
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
    difficulty = str(opts["difficulty"])
    revolts = (REVOLTS_CAPUT_MUNDI if s.caput else REVOLTS_STANDARD)[difficulty]
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
    if opts["roles"] == "random":
        pool = [r.index for r in ROLES if r.solo or not s.solo]
        rng.shuffle(pool)
        s.roles = pool[:npawns]
        _after_roles(s)
    else:
        s.phase = PHASE_ROLE
    return s


def _after_roles(s: S) -> None:
    if R_VESTALIS in s.roles:
        s.vdeck = s.box_events
        s.rng.shuffle(s.vdeck)
        s.box_events = []
    s.phase = PHASE_START
    s.setup_seat = 0


def _start_choices(s: S) -> list[int]:
    if s.solo:
        placed = len([c for c in s.pawn_city if c >= 0])
        cities = [NODES[c].city for c in s.hands[0]]
        for c in s.pawn_city[:placed]:
            cities.remove(c)
        return sorted(set(cities))
    own = sorted({NODES[c].city for c in s.hands[s.setup_seat] if c < N_CITY_CARDS})
    return own if own else list(range(NC))


def choose_start(s: S, city: int) -> None:
    """Put the next pawn and 2 legions in ``city``; after the last, the first player starts."""
    pawn = s.pawn_city.index(-1)
    s.pawn_city[pawn] = city
    add_legions(s, city, START_LEGIONS)  # Roma Caput Mundi: none in Roma
    log(s, f"{ROLES[s.roles[pawn]].id} starts in {CITIES[city].name}.")
    if -1 in s.pawn_city:
        if not s.solo:
            s.setup_seat += 1
        return
    # 5. ROZPOCZĘCIE ROZGRYWKI: the first player.
    if s.solo:
        s.cur = 0
    elif s.game.options["first_player"] == "most_days":
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
    begin_turn(s, s.cur)


def begin_turn(s: S, pawn: int) -> None:
    """Start ``pawn``'s turn: 4 actions, per-turn abilities and events reset."""
    s.cur = pawn
    s.phase = PHASE_ACTIONS
    s.actions_left = 4
    s.mercator_used = False
    s.regina_used = False
    s.alea = 0
    s.alea_seat = -1
    s.drawn = False
    s.invasions_left = -1
    s.battle_city = -1
    s.battle_removed = 0
    s.refused = []
    s.turn += 1


def end_turn(s: S) -> None:
    """KONIEC TURY: play passes to the left."""
    begin_turn(s, (s.cur + 1) % n_pawns(s))


# ---------------------------------------------------------------------------
# winning
# ---------------------------------------------------------------------------
def check_win(s: S) -> None:
    """KONIEC GRY: every tribe allied or without cubes on the board."""
    if s.result:
        return
    for t in range(NT):
        if not s.allied[t] and s.supply[t] != TRIBES[t].cubes:
            return
    s.result = "win"
    s.phase = PHASE_OVER
    s.pending = []
    log(s, "Every tribe is allied or gone from the Empire: the players win!")


# ---------------------------------------------------------------------------
# whose decision
# ---------------------------------------------------------------------------
def over_limit_seat(s: S) -> int:
    """The first seat holding more than 7 cards, or -1."""
    for seat, hand in enumerate(s.hands):
        if len(hand) > HAND_LIMIT:
            return seat
    return -1


def to_move(s: S) -> tuple[int, ...]:
    """Who decides: a pending sub-decision, a seat over the hand limit, else the current player."""
    if s.phase == PHASE_OVER:
        return ()
    if s.pending:
        return (s.pending[-1]["who"],)
    if s.phase in (PHASE_ROLE, PHASE_START):
        return (s.setup_seat,)
    seat = over_limit_seat(s)
    if seat >= 0:
        return (seat,)
    return (seat_of(s, s.cur),)


def window_open(s: S) -> bool:
    """Events may be played: not during setup, nor while something is being resolved."""
    return not s.pending and s.phase in WINDOW_PHASES


# ---------------------------------------------------------------------------
# legal actions
# ---------------------------------------------------------------------------
def legal_actions(s: S, player: int | None) -> list[Action]:
    """Every legal action of ``player`` (``None``: of every seat)."""
    if s.phase == PHASE_OVER:
        return []
    if player is None:
        out: list[Action] = []
        for seat in range(s.seats):
            out.extend(s.legal_actions(seat))
        return out
    if not 0 <= player < s.seats:
        return []
    if s.pending:
        top = s.pending[-1]
        if top["who"] != player:
            return []
        return pending_actions(s, top, player)
    if s.phase == PHASE_ROLE:
        if player != s.setup_seat:
            return []
        taken = set(s.roles)
        return [
            Action(player, "choose_role", (r.id,))
            for r in ROLES
            if r.index not in taken and (r.solo or not s.solo)
        ]
    if s.phase == PHASE_START:
        if player != s.setup_seat:
            return []
        return [CITY_ACTION[player]["start"][c] for c in _start_choices(s)]
    out = []
    over = over_limit_seat(s)
    if player == (over if over >= 0 else seat_of(s, s.cur)):
        if over == player:
            table = CARD_ACTION[player]["discard"]
            out.extend(table[c] for c in sorted(set(s.hands[player])))
        elif over < 0:
            _phase_actions(s, player, out)
    _optional_actions(s, player, out)
    return out


def _phase_actions(s: S, player: int, out: list[Action]) -> None:
    if s.phase == PHASE_REVOLT:
        out.append(SIMPLE[player]["revolt"])
        return
    if s.phase == PHASE_INVADE:
        out.append(SIMPLE[player]["invade"])
        return
    # PHASE_ACTIONS
    if s.actions_left > 0:
        _action_choices(s, player, out)
    out.append(SIMPLE[player]["draw"])
    if s.roles[s.cur] == R_VESTALIS and len(s.pdeck) >= 3:
        out.append(SIMPLE[player]["draw3"])


def _has_card(hand: list[int], cards: tuple[int, ...] | list[int]) -> bool:
    return any(c in hand for c in cards)


def _colour_cards(hand: list[int], colours: tuple[int, ...]) -> list[int]:
    return [c for c in hand if c < N_CITY_CARDS and NODES[c].tribe in colours]


def _action_choices(s: S, player: int, out: list[Action]) -> None:
    pawn = s.cur
    role = s.roles[pawn]
    city = s.pawn_city[pawn]
    hand = s.hands[player]
    legions = s.legions
    here = legions[city]
    carry = min(3, here)
    caput = s.caput
    # MARSZ
    march = MARCH[player]
    for nb in NEIGHBOURS[city]:
        out.extend(march[nb][: (0 if caput and nb == ROMA else carry) + 1])
    counts = [0] * NT
    for c in hand:
        if c < N_CITY_CARDS:
            counts[CARD_COLOUR[c]] += 1
    # ŻEGLUGA
    if PORT[city]:
        hand_colours = {t for t in range(NT) if counts[t]}
        if hand_colours:
            sail = SAIL[player]
            for dest in PORT_CITIES:
                if dest != city and not hand_colours.isdisjoint(COLOUR_SETS[dest]):
                    out.extend(sail[dest][: (0 if caput and dest == ROMA else carry) + 1])
    # UMOCNIENIE POZYCJI
    if not s.forts[city] and _has_card(hand, CARDS_OF_CITY[city]):
        if s.fort_supply:
            out.append(SIMPLE[player]["fortify"])
        else:
            for f in range(NC):
                if s.forts[f]:
                    out.append(CITY_ACTION[player]["fortify"][f])
    # REKRUTACJA ARMII
    if s.forts[city] and s.reserve and legions_allowed(s, city):
        out.append(SIMPLE[player]["recruit_army"])
    # BITWA
    if here and city_cubes(s, city):
        for d in range(1, min(DICE, here) + 1):
            out.append(BATTLE[player][d])
    # SPISEK
    mine = [c for c in CARDS_OF_CITY[city] if c in hand]
    if s.solo:
        for c in mine:
            out.append(CARD_ACTION[player]["plot_store"][c])
        for c in CARDS_OF_CITY[city]:
            if c in s.treasury:
                out.append(CARD_ACTION[player]["plot_retrieve"][c])
    else:
        for other in range(n_pawns(s)):
            if other == pawn or s.pawn_city[other] != city:
                continue
            for c in mine:
                a = SEAT_CARD_ACTION[player]["plot_give"][other][c]
                if str(a) not in s.refused:
                    out.append(a)
            for c in CARDS_OF_CITY[city]:
                if c in s.hands[other]:
                    a = SEAT_CARD_ACTION[player]["plot_take"][other][c]
                    if str(a) not in s.refused:
                        out.append(a)
    # ZAWARCIE PRZYMIERZA
    base = city * NT
    for t in range(NT):
        if s.allied[t]:
            continue
        if (s.cubes[base + t] or role == R_MERCATOR) and counts[t] >= TRIBES[t].alliance_cost:
            out.append(COLOUR_ACTION[player]["forge_alliance"][t])
    # WERBOWANIE BARBARZYŃCÓW
    for t in range(NT):
        if s.allied[t] and s.cubes[base + t]:
            free = role == R_REGINA_FOEDERATA and not s.regina_used
            if free or counts[t]:
                out.append(COLOUR_ACTION[player]["enlist_barbarians"][t])
    # role actions
    if role == R_CONSUL and s.reserve:
        for f in range(NC):
            if s.forts[f] and legions_allowed(s, f):
                out.append(CITY_ACTION[player]["consul_fort"][f])
        if legions_allowed(s, city):
            out.append(SIMPLE[player]["consul_here"])
    elif role == R_MERCATOR and not s.mercator_used:
        colours = CITIES[city].colours
        for other in range(n_pawns(s)):
            if other == pawn or s.pawn_city[other] != city:
                continue
            for c in sorted(set(_colour_cards(hand, colours))):
                out.append(SEAT_CARD_ACTION[player]["mercator_give"][other][c])
            for c in sorted(set(_colour_cards(s.hands[other], colours))):
                out.append(SEAT_CARD_ACTION[player]["mercator_take"][other][c])
    elif role == R_PRAEFECTUS_CLASSIS and PORT[city]:
        table = CLASSIS_SAIL[player]
        for dest in PORT_CITIES:
            if dest != city:
                out.extend(table[dest][: legion_choices(s, city, dest) + 1])
        if s.reserve and legions_allowed(s, city):
            for c in sorted(set(_colour_cards(hand, CITIES[city].colours))):
                out.append(CARD_ACTION[player]["classis_recruit"][c])
    elif role == R_PRAEFECTUS_FABRUM:
        if here >= 2 and not s.forts[city]:
            if s.fort_supply:
                out.append(SIMPLE[player]["fabrum_fort"])
            else:
                for f in range(NC):
                    if s.forts[f]:
                        out.append(CITY_ACTION[player]["fabrum_fort"][f])
        if any(c < N_CITY_CARDS for c in hand):
            table = FABRUM_MOVE[player]
            for dest in range(NC):
                if dest != city and (s.forts[city] or s.forts[dest]):
                    out.extend(table[dest][: legion_choices(s, city, dest) + 1])


def event_playable(s: S, event: int) -> bool:
    """Whether ``event`` may be played now (its card's timing; reference §4.2 "When")."""
    if event in (E_ALEA, E_VENI_VIDI_VICI):
        return s.phase == PHASE_ACTIONS
    if event == E_AUDENTES:
        return s.drawn and s.invasions_left < 0
    if event == E_VAE_VICTIS:
        return s.battle_removed > 0
    return True


def _optional_actions(s: S, player: int, out: list[Action]) -> None:
    """Events (any holder, any turn) and Vestalis's event draw: never waited for."""
    if s.pending or s.phase not in WINDOW_PHASES:
        return
    hand = s.hands[player]
    events = [c for c in hand if c >= FIRST_EVENT]
    if events:
        play = PLAY[player]
        for card in sorted(events):
            if event_playable(s, card):
                out.extend(play[card - FIRST_EVENT])
    if s.vdeck and R_VESTALIS in s.roles:
        v = s.roles.index(R_VESTALIS)
        if seat_of(s, v) == player:
            table = CARD_ACTION[player]["vestalis_draw"]
            for c in sorted(set(_colour_cards(hand, CITIES[s.pawn_city[v]].colours))):
                out.append(table[c])


def pending_actions(s: S, p: dict[str, Any], player: int) -> list[Action]:
    """The choices of the sub-decision ``p`` for ``player``."""
    k = p["k"]
    out: list[Action] = []
    if k == "pay":
        hand = s.hands[player]
        for c in sorted(set(p["cards"])):
            if c in hand:
                out.append(CARD_ACTION[player]["pay"][c])
    elif k == "escort":
        src, dest = p["src"], p["dest"]
        if not (s.caput and dest == ROMA and not s.game.options["regina_cubes_into_roma"]):
            for t in range(NT):
                if s.cubes[src * NT + t] and s.cubes[dest * NT + t] < 3:
                    out.append(COLOUR_ACTION[player]["escort"][t])
        out.append(SIMPLE[player]["escort_end"])
    elif k == "remove":
        city = p["city"]
        for t in range(NT):
            if s.cubes[city * NT + t]:
                out.append(COLOUR_ACTION[player]["remove"][t])
    elif k == "alea":
        out.extend(Action(player, "set_die", (f,)) for f in FACE_NAMES)
    elif k == "regina":
        table = REGINA_ADD[player]
        out.extend(table[: p["n"] + 1])
    elif k == "consent":
        out.append(SIMPLE[player]["agree"])
        out.append(SIMPLE[player]["refuse"])
    elif k == "putback":
        allow_revolt = s.game.options["vestalis_may_return_revolt"]
        for c in sorted(set(p["cards"])):
            if c != REVOLT or allow_revolt:
                out.append(CARD_ACTION[player]["put_back"][c])
    elif k == "ev":
        _events.event_step_actions(s, p, player, out)
    return out


# ---------------------------------------------------------------------------
# apply
# ---------------------------------------------------------------------------
def apply(s: S, action: Action) -> list[Event]:
    """Validate ``action`` (raising :class:`IllegalActionError`, state unchanged) and carry it out."""
    legal = s._cache.get(action.player)
    if legal is None:
        legal = s._cache[action.player] = legal_actions(s, action.player)
    for known in legal:
        if known is action:
            break
    else:
        if action not in legal:
            raise IllegalActionError(f"illegal action {action}: {s.why_illegal(action)}")
    s._cache = {}
    s._events = []
    verb = action.verb
    if verb in _CLEARS_BATTLE:
        s.battle_removed = 0
        s.battle_city = -1
    HANDLERS[verb](s, action)
    s.actions_taken += 1
    if s.phase != PHASE_OVER:
        check_win(s)
    events = s._events
    s._events = []
    return events


def _spend_action(s: S) -> None:
    s.actions_left -= 1


# --- setup ---------------------------------------------------------------
def _do_choose_role(s: S, a: Action) -> None:
    s.roles.append(ROLE_INDEX[str(a.args[0])])
    log(s, f"Seat {a.player} takes {a.args[0]}.")
    if len(s.roles) == len(s.pawn_city):
        _after_roles(s)
    elif not s.solo:
        s.setup_seat += 1


def _do_start(s: S, a: Action) -> None:
    choose_start(s, TOKEN_CITY[str(a.args[0])])


# --- the turn's steps ------------------------------------------------------
def _do_draw(s: S, a: Action) -> None:
    """DOBRANIE 2 KART GRY."""
    if len(s.pdeck) < 2:
        lose(s, "the player deck cannot give 2 cards")
        return
    s.drawn = True
    cards = [draw_player_top(s), draw_player_top(s)]
    log(s, "Draws " + ", ".join(CARD_TOKENS[c] for c in cards) + ".")
    receive_cards(s, cards)


def _do_draw3(s: S, a: Action) -> None:
    """Vestalis: draw 3 instead of 2 and put 1 back on top."""
    s.drawn = True
    cards = [draw_player_top(s) for _ in range(3)]
    log(s, "Vestalis draws " + ", ".join(CARD_TOKENS[c] for c in cards) + ".")
    s.pending.append({"k": "putback", "who": a.player, "cards": cards})


def _do_put_back(s: S, a: Action) -> None:
    p = s.pending.pop()
    card = TOKEN_CARD[str(a.args[0])]
    cards: list[int] = p["cards"]
    cards.remove(card)
    put_player_top(s, card)
    log(s, f"Vestalis puts {CARD_TOKENS[card]} back on top of the player deck.")
    receive_cards(s, cards)


def receive_cards(s: S, cards: list[int]) -> None:
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
        revolt(s)
        if s.result:
            return
    s.phase = PHASE_REVOLT if s.pending_revolts else PHASE_INVADE


def _do_revolt(s: S, a: Action) -> None:
    revolt(s)
    if not s.result and not s.pending_revolts:
        s.phase = PHASE_INVADE


def _do_invade(s: S, a: Action) -> None:
    """NAJAZDY: reveal the next barbarian card (the step's size is fixed when it starts)."""
    if s.invasions_left < 0:
        n = INVASION_RATE[s.rate]
        if s.inv_skip:
            n = 0
            log(s, "Abundans Cautela Non Nocet: the Invade Cities step is skipped.")
        else:
            n = max(0, n - s.inv_reduce)
        s.inv_skip = False
        s.inv_reduce = 0
        s.invasions_left = n
    if s.invasions_left > 0:
        card = draw_barbarian_top(s)
        s.invasions_left -= 1
        invade(s, card)
        s.bdiscard.append(card)
        if s.result:
            return
    if s.invasions_left == 0:
        end_turn(s)


def _do_discard(s: S, a: Action) -> None:
    card = TOKEN_CARD[str(a.args[0])]
    s.hands[a.player].remove(card)
    s.pdiscard.append(card)
    log(s, f"Seat {a.player} discards {a.args[0]} (hand limit).")


# --- actions (AKCJE) ---------------------------------------------------------
def _begin_move(s: S, a: Action, kind: str, pay_colours: tuple[int, ...] | None) -> None:
    dest = TOKEN_CITY[str(a.args[0])]
    n = int(a.args[1])
    src = s.pawn_city[s.cur]
    _spend_action(s)
    move_pawn(s, s.cur, dest, n)
    log(s, f"{ROLES[s.roles[s.cur]].id} {_MOVE_WORDS[kind]} to {CITIES[dest].name} with {n} legions.")
    if s.roles[s.cur] == R_REGINA_FOEDERATA and kind in ("march", "sail") and n < 3:
        s.pending.append({"k": "escort", "who": a.player, "src": src, "dest": dest, "left": 3 - n})
        _auto_escort(s)
    if pay_colours is not None:
        hand = s.hands[a.player]
        cards = [c for c in hand if c < N_CITY_CARDS and (not pay_colours or NODES[c].tribe in pay_colours)]
        push_pay(s, a.player, cards, 1)


_MOVE_WORDS = {"march": "marches", "sail": "sails", "classis_sail": "sails", "fabrum_move": "moves"}


def push_pay(s: S, seat: int, cards: list[int], count: int) -> None:
    """Discard ``count`` of ``cards`` from the hand: a choice only when there is one."""
    if len(set(cards)) <= 1 or len(cards) <= count:
        hand = s.hands[seat]
        for c in cards[:count]:
            hand.remove(c)
            s.pdiscard.append(c)
        return
    s.pending.append({"k": "pay", "who": seat, "cards": list(cards), "count": count})


def _do_pay(s: S, a: Action) -> None:
    p = s.pending[-1]
    card = TOKEN_CARD[str(a.args[0])]
    s.hands[a.player].remove(card)
    s.pdiscard.append(card)
    log(s, f"Seat {a.player} discards {CARD_TOKENS[card]}.")
    p["cards"].remove(card)
    p["count"] -= 1
    if p["count"] == 0:
        s.pending.pop()
    elif len(set(p["cards"])) <= 1 or len(p["cards"]) <= p["count"]:
        s.pending.pop()
        push_pay(s, a.player, p["cards"], p["count"])


def _do_march(s: S, a: Action) -> None:
    """MARSZ: to an adjacent city, up to 3 legions along."""
    _begin_move(s, a, "march", None)


def _do_sail(s: S, a: Action) -> None:
    """ŻEGLUGA: port to port; discard a card of a colour of the destination (ruling 11)."""
    dest = TOKEN_CITY[str(a.args[0])]
    _begin_move(s, a, "sail", CITIES[dest].colours)


def _auto_escort(s: S) -> None:
    p = s.pending[-1]
    if p["k"] != "escort":
        return
    if p["left"] <= 0 or len(pending_actions(s, p, p["who"])) == 1:
        s.pending.pop()


def _do_escort(s: S, a: Action) -> None:
    """Regina Foederata carries a barbarian cube along (no defence is triggered)."""
    p = s.pending[-1]
    t = COLOUR_INDEX[str(a.args[0])]
    p["left"] -= 1
    if s.caput and p["dest"] == ROMA:
        # ruling 7 (option regina_cubes_into_roma): the cube returns to its supply, decline +1
        remove_cube(s, p["src"], t)
        move_decline(s)
        if s.result:
            return
    else:
        s.cubes[p["src"] * NT + t] -= 1
        s.cubes[p["dest"] * NT + t] += 1
    log(s, f"Regina Foederata leads a {COLOURS[t]} cube to {CITIES[p['dest']].name}.")
    _auto_escort(s)


def _do_escort_end(s: S, a: Action) -> None:
    s.pending.pop()


def place_fort(s: S, city: int, source: int) -> None:
    """A fort from the supply, or moved from ``source`` when all 6 are out."""
    if source >= 0:
        s.forts[source] = 0
    else:
        s.fort_supply -= 1
    s.forts[city] = 1
    log(s, f"A fort is built in {CITIES[city].name}.")


def _do_fortify(s: S, a: Action) -> None:
    """UMOCNIENIE POZYCJI: discard the card naming your city; place (or move) a fort."""
    city = s.pawn_city[s.cur]
    _spend_action(s)
    place_fort(s, city, TOKEN_CITY[str(a.args[0])] if a.args else -1)
    hand = s.hands[a.player]
    push_pay(s, a.player, [c for c in hand if c in CARDS_OF_CITY[city]], 1)


def _do_recruit_army(s: S, a: Action) -> None:
    """REKRUTACJA ARMII: add legions equal to the recruitment rate (as the reserve allows)."""
    city = s.pawn_city[s.cur]
    _spend_action(s)
    n = add_legions(s, city, RECRUITMENT_RATE[s.rate])
    log(s, f"{n} legions recruited in {CITIES[city].name}.")


def roll_die(rng: Rng) -> int:
    """Roll one battle die: the face kind (index into FACE_NAMES)."""
    return DIE_FACE_KIND[rng.randbelow(6)]


def _do_battle(s: S, a: Action) -> None:
    """BITWA: roll 1 die per legion (at most 3)."""
    dice = int(a.args[0])
    free = bool(s.pending) and s.pending[-1]["k"] == "ev"
    ignore = False
    if free:
        ev = s.pending.pop()
        ignore = bool(ev["destab"])
    else:
        _spend_action(s)
    if s.alea:
        if s.alea == 1:
            s.alea = 0
        # the player who played Alea Iacta Est sets the faces (KARTY ZDARZEŃ)
        who = a.player if s.alea_seat < 0 else s.alea_seat
        s.pending.append(
            {"k": "alea", "who": who, "seat": a.player, "dice": dice, "faces": [], "ignore": int(ignore)}
        )
        return
    faces = [roll_die(s.rng) for _ in range(dice)]
    battle(s, a.player, faces, ignore)


def _do_set_die(s: S, a: Action) -> None:
    """Alea Iacta Est: set the next die's face."""
    p = s.pending[-1]
    p["faces"].append(FACE_INDEX[str(a.args[0])])
    if len(p["faces"]) == p["dice"]:
        s.pending.pop()
        battle(s, p["seat"], p["faces"], bool(p["ignore"]))


def battle(s: S, seat: int, faces: list[int], ignore_losses: bool = False) -> None:
    """Apply battle dice ``faces`` (kinds) in the current pawn's city.

    Legion losses are applied first, then additions (Consul, Regina); barbarians are
    removed as many as possible, in any colour mix (a choice when it matters).
    """
    pawn = s.cur
    city = s.pawn_city[pawn]
    role = s.roles[pawn]
    barbarians = lost = 0
    for f in faces:
        b, legion = FACE_EFFECT[f]
        barbarians += b
        lost += legion
    k = sum(1 for f in faces if f == 4)
    gain = regina = 0
    if k:
        if role == R_CONSUL:
            gain += k
        elif role == R_MAGISTER_MILITUM:
            barbarians += 2 * k
        elif role == R_MERCATOR:
            barbarians += k
            lost += k
        elif role == R_PRAEFECTUS_CLASSIS:
            if PORT[city]:
                barbarians += k
        elif role == R_PRAEFECTUS_FABRUM:
            if s.forts[city]:
                barbarians += 2 * k
        elif role == R_REGINA_FOEDERATA:
            regina = k
        elif role == R_VESTALIS:
            lost += k
    if role == R_MAGISTER_MILITUM:
        lost = max(0, lost - 1)  # ruling 13: 1 fewer per Battle
    if ignore_losses:
        lost = 0
    total = city_cubes(s, city)
    removed = min(barbarians, total)
    regina_removed = min(regina, total - removed)  # ruling 14: only if she removed one
    removed += regina_removed
    lost_n = remove_legions(s, city, lost)
    gained = add_legions(s, city, gain)
    log(
        s,
        f"Battle in {CITIES[city].name}: dice {', '.join(FACE_NAMES[f] for f in faces)}; "
        f"{lost_n} legions lost, {removed} barbarians removed, {gained} legions added.",
    )
    s.battle_city = city
    s.battle_removed = removed
    most = min(regina_removed, s.reserve) if legions_allowed(s, city) else 0
    if most:
        # Regina Foederata: "if you did, you MAY add 1 legion there" (after the battle): her choice
        s.pending.append({"k": "regina", "who": seat_of(s, pawn), "city": city, "n": most})
    if removed:
        push_remove(s, seat, city, removed)


def push_remove(s: S, seat: int, city: int, count: int) -> None:
    """Remove ``count`` cubes from ``city``; a colour choice only when it matters."""
    base = city * NT
    present = [t for t in range(NT) if s.cubes[base + t]]
    if len(present) == 1 or count >= sum(s.cubes[base : base + NT]):
        for t in present:
            while count and s.cubes[base + t]:
                remove_cube(s, city, t)
                count -= 1
        return
    s.pending.append({"k": "remove", "who": seat, "city": city, "count": count})


def _do_regina_add(s: S, a: Action) -> None:
    """Regina Foederata's special: add the legions she chose (0 if she declines)."""
    p = s.pending.pop()
    n = add_legions(s, p["city"], int(a.args[0]))
    log(s, f"Regina Foederata adds {n} legions in {CITIES[p['city']].name}.")


def _do_remove(s: S, a: Action) -> None:
    p = s.pending.pop()
    remove_cube(s, p["city"], COLOUR_INDEX[str(a.args[0])])
    log(s, f"A {a.args[0]} barbarian is removed from {CITIES[p['city']].name}.")
    if p["count"] > 1:
        push_remove(s, a.player, p["city"], p["count"] - 1)


def _do_plot(s: S, a: Action) -> None:
    """SPISEK: give or take the card naming your city; both players must agree (ruling 22)."""
    other = int(a.args[0])
    s.pending.append(
        {"k": "consent", "who": seat_of(s, other), "act": a.verb, "seat": a.player, "other": other,
         "card": TOKEN_CARD[str(a.args[1])], "proposal": str(a)}
    )


def _do_plot_store(s: S, a: Action) -> None:
    """Solitaire SPISEK: put the card naming your city into the treasury."""
    card = TOKEN_CARD[str(a.args[0])]
    _spend_action(s)
    s.hands[0].remove(card)
    s.treasury.append(card)
    log(s, f"Plot: {CARD_TOKENS[card]} goes to the treasury.")


def _do_plot_retrieve(s: S, a: Action) -> None:
    """Solitaire SPISEK: take the card naming your city from the treasury."""
    card = TOKEN_CARD[str(a.args[0])]
    _spend_action(s)
    s.treasury.remove(card)
    s.hands[0].append(card)
    log(s, f"Plot: {CARD_TOKENS[card]} is taken from the treasury.")


def _do_agree(s: S, a: Action) -> None:
    p = s.pending.pop()
    act = p["act"]
    if act in ("plot_give", "plot_take"):
        _spend_action(s)
        giver, taker = (p["seat"], p["other"]) if act == "plot_give" else (p["other"], p["seat"])
        s.hands[giver].remove(p["card"])
        s.hands[taker].append(p["card"])
        log(s, f"Plot: seat {giver} gives {CARD_TOKENS[p['card']]} to seat {taker}.")
    else:  # a pawn moved by an event, with its owner's permission
        _events.event_move_pawn(s, p["pawn"], p["city"], p["n"])


def _do_refuse(s: S, a: Action) -> None:
    p = s.pending.pop()
    log(s, f"Seat {a.player} does not agree.")
    if p["act"] in ("plot_give", "plot_take"):
        s.refused.append(p["proposal"])
    else:
        ev = s.pending[-1]
        ev["refused"].append(p["pawn"])
        if ev["e"] == E_VENI_VIDI_VICI:
            s.pending.pop()  # the current player refuses to be moved: the card is spent


def _do_forge_alliance(s: S, a: Action) -> None:
    """ZAWARCIE PRZYMIERZA: discard the tribe's cost in cards of its colour."""
    t = COLOUR_INDEX[str(a.args[0])]
    _spend_action(s)
    s.allied[t] = 1
    log(s, f"Alliance with the {TRIBES[t].name}!")
    hand = s.hands[a.player]
    push_pay(s, a.player, [c for c in hand if c < N_CITY_CARDS and NODES[c].tribe == t], TRIBES[t].alliance_cost)


def _do_enlist_barbarians(s: S, a: Action) -> None:
    """WERBOWANIE BARBARZYŃCÓW: the allied tribe's cubes here become legions."""
    t = COLOUR_INDEX[str(a.args[0])]
    pawn = s.cur
    city = s.pawn_city[pawn]
    _spend_action(s)
    i = city * NT + t
    n = s.cubes[i]
    s.cubes[i] = 0
    s.supply[t] += n
    added = add_legions(s, city, n)
    log(s, f"{n} {COLOURS[t]} barbarians enlisted in {CITIES[city].name}: {added} legions.")
    if s.roles[pawn] == R_REGINA_FOEDERATA and not s.regina_used:
        s.regina_used = True
        return
    hand = s.hands[a.player]
    push_pay(s, a.player, [c for c in hand if c < N_CITY_CARDS and NODES[c].tribe == t], 1)


# --- role actions -------------------------------------------------------------
def _do_consul_fort(s: S, a: Action) -> None:
    """Consul: add 1 legion to any city with a fort."""
    _spend_action(s)
    n = add_legions(s, TOKEN_CITY[str(a.args[0])], 1)
    log(s, f"Consul adds {n} legion in {a.args[0]}.")


def _do_consul_here(s: S, a: Action) -> None:
    """Consul: add 1 legion to your city."""
    _spend_action(s)
    n = add_legions(s, s.pawn_city[s.cur], 1)
    log(s, f"Consul adds {n} legion in {CITIES[s.pawn_city[s.cur]].name}.")


def _do_mercator(s: S, a: Action) -> None:
    """Mercator, once per turn: give or take 1 card of a colour of your city."""
    other = int(a.args[0])
    card = TOKEN_CARD[str(a.args[1])]
    _spend_action(s)
    s.mercator_used = True
    giver, taker = (a.player, other) if a.verb == "mercator_give" else (other, a.player)
    s.hands[giver].remove(card)
    s.hands[taker].append(card)
    log(s, f"Mercator: seat {giver} gives {CARD_TOKENS[card]} to seat {taker}.")


def _do_classis_sail(s: S, a: Action) -> None:
    """Praefectus Classis: port to any other port without a card."""
    _begin_move(s, a, "classis_sail", None)


def _do_classis_recruit(s: S, a: Action) -> None:
    """Praefectus Classis, in a port: discard a card of the city's colour for up to 2 legions."""
    card = TOKEN_CARD[str(a.args[0])]
    _spend_action(s)
    s.hands[a.player].remove(card)
    s.pdiscard.append(card)
    n = add_legions(s, s.pawn_city[s.cur], 2)
    log(s, f"Praefectus Classis discards {CARD_TOKENS[card]}: {n} legions.")


def _do_fabrum_fort(s: S, a: Action) -> None:
    """Praefectus Fabrum: 2 legions of your city become a fort (ruling 8 when all are out)."""
    city = s.pawn_city[s.cur]
    _spend_action(s)
    remove_legions(s, city, 2)
    place_fort(s, city, TOKEN_CITY[str(a.args[0])] if a.args else -1)


def _do_fabrum_move(s: S, a: Action) -> None:
    """Praefectus Fabrum: discard any city card to move from or to a fort city."""
    _begin_move(s, a, "fabrum_move", ())


def _do_vestalis_draw(s: S, a: Action) -> None:
    """Vestalis, any time: discard a card of her city's colour to draw from her event deck."""
    card = TOKEN_CARD[str(a.args[0])]
    hand = s.hands[a.player]
    hand.remove(card)
    s.pdiscard.append(card)
    hand.append(s.vdeck.pop())
    log(s, "Vestalis draws from her event deck.")


HANDLERS: dict[str, Callable[[S, Action], None]] = {
    "choose_role": _do_choose_role,
    "start": _do_start,
    "draw": _do_draw,
    "draw3": _do_draw3,
    "put_back": _do_put_back,
    "revolt": _do_revolt,
    "invade": _do_invade,
    "discard": _do_discard,
    "march": _do_march,
    "sail": _do_sail,
    "escort": _do_escort,
    "escort_end": _do_escort_end,
    "pay": _do_pay,
    "fortify": _do_fortify,
    "recruit_army": _do_recruit_army,
    "battle": _do_battle,
    "set_die": _do_set_die,
    "remove": _do_remove,
    "regina_add": _do_regina_add,
    "plot_give": _do_plot,
    "plot_take": _do_plot,
    "plot_store": _do_plot_store,
    "plot_retrieve": _do_plot_retrieve,
    "agree": _do_agree,
    "refuse": _do_refuse,
    "forge_alliance": _do_forge_alliance,
    "enlist_barbarians": _do_enlist_barbarians,
    "consul_fort": _do_consul_fort,
    "consul_here": _do_consul_here,
    "mercator_give": _do_mercator,
    "mercator_take": _do_mercator,
    "classis_sail": _do_classis_sail,
    "classis_recruit": _do_classis_recruit,
    "fabrum_fort": _do_fabrum_fort,
    "fabrum_move": _do_fabrum_move,
    "vestalis_draw": _do_vestalis_draw,
}
# Top-level turn actions end the "just after a Battle" window of Vae Victis.
_CLEARS_BATTLE = frozenset(
    {"march", "sail", "fortify", "recruit_army", "battle", "plot_give", "plot_take", "plot_store",
     "plot_retrieve", "forge_alliance", "enlist_barbarians", "consul_fort", "consul_here", "mercator_give",
     "mercator_take", "classis_sail", "classis_recruit", "fabrum_fort", "fabrum_move", "draw", "draw3",
     "revolt", "invade"}
)


# Imported last: the events module builds on the helpers above.
from ludus.games.fall_of_rome import events as _events  # noqa: E402

HANDLERS.update(_events.HANDLERS)
