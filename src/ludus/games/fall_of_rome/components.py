"""Components of Pandemic: Fall of Rome, loaded from ``data/*.toml``.

Cities, tribes and roles are small integers; the tables below are tuples indexed
by them. Card ids:

* city cards ``0..48`` — one per (tribe, city) migration-path node, in the order of
  ``data/tribes.toml``; barbarian cards use the same ids in their own deck;
* events ``49..62`` (order of ``data/cards.toml``);
* ``REVOLT`` (``63``) — the seven Revolt cards are identical, so they share one id.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from pathlib import Path
from typing import Any, Final

from ludus.core.actions import Action
from ludus.core.fields import GamePhase
from ludus.core.i18n import N_, Lang, get_lang, register_domain


def _load(name: str) -> dict[str, Any]:
    with (Path(__file__).parent / "data" / name).open("rb") as f:
        return tomllib.load(f)


_MAP = _load("map.toml")
_TRIBES = _load("tribes.toml")
_CARDS = _load("cards.toml")
_ROLES = _load("characters.toml")
DOMAIN: Final = "fall-of-rome"
"""The game's id: the domain of its event templates and catalogs."""
register_domain(DOMAIN, Path(__file__).parent / "locale")


class Phase(GamePhase):
    """The step of the game (pending sub-decisions are kept apart, in ``pending``).

    The state's JSON and the view name it in lower case (``"actions"``), as they always did.
    """

    ROLE = 0  # setup: choose roles (option roles=chosen)
    START = 1  # setup: choose the starting city
    ACTIONS = 2  # Do Actions step
    REVOLT = 3  # Draw step: a second (third...) Revolt waits to be resolved
    INVADE = 4  # Invade Cities step
    OVER = 5


# aliases for the hot paths
PHASE_ROLE: Final = Phase.ROLE
PHASE_START: Final = Phase.START
PHASE_ACTIONS: Final = Phase.ACTIONS
PHASE_REVOLT: Final = Phase.REVOLT
PHASE_INVADE: Final = Phase.INVADE
PHASE_OVER: Final = Phase.OVER


class Verb(StrEnum):
    """Every verb of the action notation, named after the rulebook."""

    # setup
    CHOOSE_ROLE = "choose_role"
    START = "start"
    # the turn's steps
    DRAW = "draw"
    DRAW3 = "draw3"
    PUT_BACK = "put_back"
    REVOLT = "revolt"
    INVADE = "invade"
    DISCARD = "discard"
    # actions
    MARCH = "march"
    SAIL = "sail"
    ESCORT = "escort"
    ESCORT_END = "escort_end"
    PAY = "pay"
    FORTIFY = "fortify"
    RECRUIT_ARMY = "recruit_army"
    BATTLE = "battle"
    SET_DIE = "set_die"
    REMOVE = "remove"
    REGINA_ADD = "regina_add"
    PLOT_GIVE = "plot_give"
    PLOT_TAKE = "plot_take"
    PLOT_STORE = "plot_store"
    PLOT_RETRIEVE = "plot_retrieve"
    AGREE = "agree"
    REFUSE = "refuse"
    FORGE_ALLIANCE = "forge_alliance"
    ENLIST_BARBARIANS = "enlist_barbarians"
    # characters
    CONSUL_FORT = "consul_fort"
    CONSUL_HERE = "consul_here"
    MERCATOR_GIVE = "mercator_give"
    MERCATOR_TAKE = "mercator_take"
    CLASSIS_SAIL = "classis_sail"
    CLASSIS_RECRUIT = "classis_recruit"
    FABRUM_FORT = "fabrum_fort"
    FABRUM_MOVE = "fabrum_move"
    VESTALIS_DRAW = "vestalis_draw"
    # event cards
    PLAY = "play"
    DONE = "done"
    SWAP = "swap"
    GIVE = "give"
    CHOOSE_CITY = "choose_city"
    FORT_CITY = "fort_city"
    FORT_FROM = "fort_from"
    MOVE_PAWN = "move_pawn"
    REINFORCE = "reinforce"
    TAKE = "take"
    REMOVE_CARD = "remove_card"
    PLACE = "place"
    REPLACE = "replace"
    REMOVE_CUBE = "remove_cube"
    MOVE_TO = "move_to"
    SKIP_BATTLE = "skip_battle"
    # the legions a move takes along, asked after its destination (issue 11)
    LEGIONS = "legions"
    # the legions Hic Manebimus Optime adds in the fort city chosen (issue 11)
    ADD = "add"


class Termination(StrEnum):
    """How a game ended (KONIEC GRY): the win, or which of the four losses."""

    ALL_TRIBES_SUBDUED = "all_tribes_subdued"
    """Every tribe allied or without cubes on the board."""
    OUT_OF_CUBES = "out_of_cubes"
    """A tribe had to place a cube and had none left."""
    PLAYER_DECK_EMPTY = "player_deck_empty"
    """The player deck could not give the 2 cards of the Draw step."""
    DECLINE = "decline"
    """The decline marker reached its last (8th) space."""
    ROMA_SACKED = "roma_sacked"
    """Roma was sacked."""


class Tribe(IntEnum):
    """The five tribes, by the colour of their cubes."""

    ORANGE = 0
    BLACK = 1
    GREEN = 2
    WHITE = 3
    BLUE = 4


@dataclass(frozen=True, slots=True)
class City:
    """A city of the map."""

    index: int
    name: str
    name_pl: str
    modern: str
    colours: tuple[int, ...]
    port: bool
    days: int | None
    lat: float
    """Latitude of the historical site, degrees north (map.toml [meta] coordinates_source)."""
    lon: float
    """Longitude, degrees east."""


@dataclass(frozen=True, slots=True)
class TribeInfo:
    """A tribe: colour, names, cube count and alliance cost."""

    index: int
    colour: str
    name: str
    name_pl: str
    colour_pl: str
    cubes: int
    alliance_cost: int


@dataclass(frozen=True, slots=True)
class PathNode:
    """One (tribe, city) node of a migration path = one barbarian card = one city card."""

    index: int
    tribe: int
    city: int
    parent: int  # previous city on the path, -1 = the supply space
    frame: str  # "red" (Roma), "gold" (starting) or "plain"


@dataclass(frozen=True, slots=True)
class EventCard:
    """An event card with its normal and destabilizing effects (paraphrased)."""

    index: int  # card id
    id: str
    name: str
    name_pl: str
    meaning: str
    when: str
    has_destabilizing: bool
    solo: bool
    normal: str
    destabilizing: str


@dataclass(frozen=True, slots=True)
class Role:
    """A character (role card)."""

    index: int
    id: str
    name_pl: str
    solo: bool
    abilities: tuple[str, ...]
    special: str
    abilities_pl: tuple[str, ...]  # the Polish rulebook's wording (POSTACIE)
    special_pl: str

    @property
    def name(self) -> str:
        """The name as the rulebook prints it (``Praefectus Fabrum``)."""
        return self.id.replace("_", " ")


COLOURS: tuple[str, ...] = tuple(t["colour"] for t in _TRIBES["tribe"])
COLOUR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
NT = len(COLOURS)

CITIES: tuple[City, ...] = tuple(
    City(
        i,
        c["name"],
        c["name_pl"],
        c["modern"],
        tuple(COLOUR_INDEX[x] for x in c["colours"]),
        bool(c["port"]),
        c.get("days"),
        float(c["lat"]),
        float(c["lon"]),
    )
    for i, c in enumerate(_MAP["city"])
)
NC = len(CITIES)
CITY_INDEX: dict[str, int] = {c.name: c.index for c in CITIES}
CITY_TOKEN: tuple[str, ...] = tuple(c.name.replace(" ", "_") for c in CITIES)
TOKEN_CITY: dict[str, int] = {t: i for i, t in enumerate(CITY_TOKEN)}
ROMA = CITY_INDEX["Roma"]
PORT: tuple[bool, ...] = tuple(c.port for c in CITIES)
CONNECTIONS: tuple[tuple[int, int], ...] = tuple(
    (CITY_INDEX[a], CITY_INDEX[b]) for a, b in _MAP["connections"]["pairs"]
)


def _neighbours() -> tuple[tuple[int, ...], ...]:
    adj: list[list[int]] = [[] for _ in range(NC)]
    for a, b in CONNECTIONS:
        adj[a].append(b)
        adj[b].append(a)
    return tuple(tuple(sorted(x)) for x in adj)


NEIGHBOURS: tuple[tuple[int, ...], ...] = _neighbours()

TRIBES: tuple[TribeInfo, ...] = tuple(
    TribeInfo(i, t["colour"], t["name"], t["name_pl"], t["colour_pl"], t["cubes"], t["alliance_cost"])
    for i, t in enumerate(_TRIBES["tribe"])
)


def _nodes() -> tuple[PathNode, ...]:
    out: list[PathNode] = []
    for t, tribe in enumerate(_TRIBES["tribe"]):
        for city, parent, frame in tribe["nodes"]:
            out.append(PathNode(len(out), t, CITY_INDEX[city], CITY_INDEX[parent] if parent else -1, frame))
    return tuple(out)


NODES: tuple[PathNode, ...] = _nodes()
N_CITY_CARDS = len(NODES)
# PARENT[tribe][city]: previous city on the tribe's path; -1 = supply; -2 = not on the path
PARENT: tuple[tuple[int, ...], ...] = tuple(
    tuple(next((n.parent for n in NODES if n.tribe == t and n.city == c), -2) for c in range(NC))
    for t in range(NT)
)
# CARDS_OF_CITY[city]: the city-card ids naming the city (one per colour)
CARDS_OF_CITY: tuple[tuple[int, ...], ...] = tuple(
    tuple(n.index for n in NODES if n.city == c) for c in range(NC)
)

EVENTS: tuple[EventCard, ...] = tuple(
    EventCard(
        N_CITY_CARDS + i,
        e["id"],
        e["name"],
        e["name_pl"],
        e["meaning"],
        e["when"],
        bool(e["has_destabilizing"]),
        bool(e.get("solo", True)),
        e["normal"],
        e["destabilizing"],
    )
    for i, e in enumerate(_CARDS["event"])
)
FIRST_EVENT = N_CITY_CARDS
REVOLT = N_CITY_CARDS + len(EVENTS)
N_REVOLTS: int = _CARDS["revolts"]["count"]
EVENT_BY_ID: dict[str, EventCard] = {e.id: e for e in EVENTS}

ROLES: tuple[Role, ...] = tuple(
    Role(i, r["id"], r["name_pl"], bool(r["solo"]), tuple(r["abilities"]), r["special"],
         tuple(r["abilities_pl"]), r["special_pl"])
    for i, r in enumerate(_ROLES["role"])
)
ROLE_INDEX: dict[str, int] = {r.id: r.index for r in ROLES}


class RoleId(IntEnum):
    """The seven characters."""

    CONSUL = 0
    MAGISTER_MILITUM = 1
    MERCATOR = 2
    PRAEFECTUS_CLASSIS = 3
    PRAEFECTUS_FABRUM = 4
    REGINA_FOEDERATA = 5
    VESTALIS = 6


class EventId(IntEnum):
    """The fourteen events, as card ids."""

    ABUNDANS = FIRST_EVENT
    ALEA = FIRST_EVENT + 1
    AUDENTES = FIRST_EVENT + 2
    CARPE_DIEM = FIRST_EVENT + 3
    DO_UT_DES = FIRST_EVENT + 4
    FESTINA_LENTE = FIRST_EVENT + 5
    HIC_MANEBIMUS = FIRST_EVENT + 6
    HOMO_FABER = FIRST_EVENT + 7
    MELIUS_CAVERE = FIRST_EVENT + 8
    MORS_TUA = FIRST_EVENT + 9
    MORTUI_NON_MORDENT = FIRST_EVENT + 10
    SI_VIS_PACEM = FIRST_EVENT + 11
    VAE_VICTIS = FIRST_EVENT + 12
    VENI_VIDI_VICI = FIRST_EVENT + 13


TRACKS = _MAP["tracks"]
INVASION_RATE: tuple[int, ...] = tuple(TRACKS["invasion_rate"])
RECRUITMENT_RATE: tuple[int, ...] = tuple(TRACKS["recruitment_rate"])
DECLINE_LOSS: int = TRACKS["decline_loss_step"]
LEGIONS: int = _MAP["pieces"]["legions"]
FORTS: int = _MAP["pieces"]["forts"]
DICE: int = _MAP["pieces"]["dice"]
HAND_LIMIT: int = _MAP["pieces"]["hand_limit"]

SETUP = _CARDS["setup"]
SETUP_EVENTS: dict[int, int] = {int(k): v for k, v in SETUP["events"].items()}
SETUP_HAND: dict[int, int] = {int(k): v for k, v in SETUP["hand"].items()}
GOLD_CUBES: tuple[int, ...] = tuple(SETUP["gold_cubes"])
START_LEGIONS: int = SETUP["start_legions"]
SOLO_TREASURY: int = SETUP["solo_treasury"]
SOLO_ROLES: int = SETUP["solo_roles"]
REVOLTS_STANDARD: dict[str, int] = dict(_CARDS["difficulty"]["standard"])
REVOLTS_CAPUT_MUNDI: dict[str, int] = dict(_CARDS["difficulty"]["roma_caput_mundi"])
DIE_FACES: tuple[str, ...] = tuple(_CARDS["die"]["faces"])
FACE_NAMES: tuple[str, ...] = ("legion", "barbarian", "barbarian_legion", "two_barbarians_legion", "special")
FACE_INDEX: dict[str, int] = {f: i for i, f in enumerate(FACE_NAMES)}
# per face kind: (barbarians removed, legions lost)
FACE_EFFECT: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (1, 1), (2, 1), (0, 0))
DIE_FACE_KIND: tuple[int, ...] = tuple(FACE_INDEX[f] for f in DIE_FACES)


def card_colour(card: int) -> int:
    """The colour (tribe) of a city card."""
    return NODES[card].tribe


def card_city(card: int) -> int:
    """The city a city card names."""
    return NODES[card].city


def card_token(card: int) -> str:
    """The notation token of a player card: ``Aquileia/white``, an event id, or ``Revolt``."""
    if card < N_CITY_CARDS:
        n = NODES[card]
        return f"{CITY_TOKEN[n.city]}/{COLOURS[n.tribe]}"
    if card < REVOLT:
        return EVENTS[card - FIRST_EVENT].id
    return "Revolt"


CARD_TOKENS: tuple[str, ...] = tuple(card_token(c) for c in range(REVOLT + 1))
TOKEN_CARD: dict[str, int] = {t: i for i, t in enumerate(CARD_TOKENS)}


# ---------------------------------------------------------------------------
# plain ints for the hot paths (the enums name them)
# ---------------------------------------------------------------------------
R_CONSUL: Final = int(RoleId.CONSUL)
R_MAGISTER_MILITUM: Final = int(RoleId.MAGISTER_MILITUM)
R_MERCATOR: Final = int(RoleId.MERCATOR)
R_PRAEFECTUS_CLASSIS: Final = int(RoleId.PRAEFECTUS_CLASSIS)
R_PRAEFECTUS_FABRUM: Final = int(RoleId.PRAEFECTUS_FABRUM)
R_REGINA_FOEDERATA: Final = int(RoleId.REGINA_FOEDERATA)
R_VESTALIS: Final = int(RoleId.VESTALIS)
E_ABUNDANS: Final = int(EventId.ABUNDANS)
E_ALEA: Final = int(EventId.ALEA)
E_AUDENTES: Final = int(EventId.AUDENTES)
E_CARPE_DIEM: Final = int(EventId.CARPE_DIEM)
E_DO_UT_DES: Final = int(EventId.DO_UT_DES)
E_FESTINA_LENTE: Final = int(EventId.FESTINA_LENTE)
E_HIC_MANEBIMUS: Final = int(EventId.HIC_MANEBIMUS)
E_HOMO_FABER: Final = int(EventId.HOMO_FABER)
E_MELIUS_CAVERE: Final = int(EventId.MELIUS_CAVERE)
E_MORS_TUA: Final = int(EventId.MORS_TUA)
E_MORTUI_NON_MORDENT: Final = int(EventId.MORTUI_NON_MORDENT)
E_SI_VIS_PACEM: Final = int(EventId.SI_VIS_PACEM)
E_VAE_VICTIS: Final = int(EventId.VAE_VICTIS)
E_VENI_VIDI_VICI: Final = int(EventId.VENI_VIDI_VICI)
SPECIAL_FACE: Final = FACE_INDEX["special"]

ROLE_TOKENS: tuple[str, ...] = tuple(r.id for r in ROLES)
EVENT_TOKENS: tuple[str, ...] = tuple(e.id for e in EVENTS)
PORT_CITIES: tuple[int, ...] = tuple(c for c in range(NC) if PORT[c])
COLOUR_SETS: tuple[frozenset[int], ...] = tuple(frozenset(CITIES[c].colours) for c in range(NC))
# one bit a colour
COLOUR_MASK: tuple[int, ...] = tuple(sum(1 << t for t in COLOUR_SETS[c]) for c in range(NC))
CARD_COLOUR: tuple[int, ...] = tuple(n.tribe for n in NODES)
CARD_BIT: tuple[int, ...] = tuple(1 << n.tribe for n in NODES) + (0,) * (REVOLT + 1 - N_CITY_CARDS)
"""Per card id: its colour's bit (city cards), 0 for events and Revolts."""
MAX_SEATS: Final = 5

# ---------------------------------------------------------------------------
# every action built once: [seat][...] tables (legal-action lists reuse these objects)
# ---------------------------------------------------------------------------
_SEATS, _CITY_CARDS = range(MAX_SEATS), range(N_CITY_CARDS)  # what the tables run over
_SIMPLE_VERBS = (Verb.REVOLT, Verb.INVADE, Verb.DRAW, Verb.DRAW3, Verb.RECRUIT_ARMY, Verb.CONSUL_HERE,
                 Verb.FORTIFY, Verb.FABRUM_FORT, Verb.ESCORT_END, Verb.AGREE, Verb.REFUSE, Verb.DONE,
                 Verb.SKIP_BATTLE)
_CARD_VERBS = (Verb.DISCARD, Verb.PAY, Verb.VESTALIS_DRAW, Verb.PLOT_STORE,
               Verb.PLOT_RETRIEVE, Verb.PUT_BACK, Verb.TAKE, Verb.GIVE)
_COLOUR_VERBS = (Verb.FORGE_ALLIANCE, Verb.REMOVE, Verb.ESCORT)
_CITY_VERBS = (Verb.CONSUL_FORT, Verb.FORTIFY, Verb.FABRUM_FORT, Verb.START, Verb.CHOOSE_CITY, Verb.FORT_CITY,
               Verb.FORT_FROM, Verb.REINFORCE)
_SEAT_CARD_VERBS = (Verb.PLOT_GIVE, Verb.PLOT_TAKE, Verb.MERCATOR_GIVE, Verb.MERCATOR_TAKE)

SIMPLE: tuple[dict[str, Action], ...] = tuple({v: Action(p, v) for v in _SIMPLE_VERBS} for p in _SEATS)
CARD_ACTION: tuple[dict[str, tuple[Action, ...]], ...] = tuple(
    {v: tuple(Action(p, v, (CARD_TOKENS[c],)) for c in range(REVOLT + 1)) for v in _CARD_VERBS}
    for p in _SEATS
)
COLOUR_ACTION: tuple[dict[str, tuple[Action, ...]], ...] = tuple(
    {v: tuple(Action(p, v, (COLOURS[t],)) for t in range(NT)) for v in _COLOUR_VERBS} for p in _SEATS
)
CITY_ACTION: tuple[dict[str, tuple[Action, ...]], ...] = tuple(
    {v: tuple(Action(p, v, (CITY_TOKEN[c],)) for c in range(NC)) for v in _CITY_VERBS} for p in _SEATS
)
SEAT_CARD_ACTION: tuple[dict[str, tuple[tuple[Action, ...], ...]], ...] = tuple(
    {
        v: tuple(tuple(Action(p, v, (q, CARD_TOKENS[c])) for c in _CITY_CARDS) for q in _SEATS)
        for v in _SEAT_CARD_VERBS
    }
    for p in _SEATS
)
REGINA_ADD: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(p, Verb.REGINA_ADD, (n,)) for n in range(DICE + 1)) for p in _SEATS
)
BATTLE: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(p, Verb.BATTLE, (d,)) for d in range(DICE + 1)) for p in _SEATS
)
SET_DIE: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(p, Verb.SET_DIE, (f,)) for f in FACE_NAMES) for p in _SEATS
)
CHOOSE_ROLE: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(p, Verb.CHOOSE_ROLE, (r.id,)) for r in ROLES) for p in _SEATS
)
PLAY: tuple[tuple[tuple[Action, Action], ...], ...] = tuple(
    tuple((Action(p, Verb.PLAY, (tok, "normal")), Action(p, Verb.PLAY, (tok, "destabilizing")))
          for tok in EVENT_TOKENS)
    for p in _SEATS
)
SWAP: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(tuple(Action(p, Verb.SWAP, (x, y)) for y in _SEATS) for x in _SEATS)
    for p in _SEATS
)
MOVE_PAWN: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(p, Verb.MOVE_PAWN, (r.id,)) for r in ROLES) for p in _SEATS
)
"""``move_pawn <role>`` (Festina Lente, Si Vis Pacem; the legions are asked next): [seat][role]."""
ADD: tuple[tuple[Action, ...], ...] = tuple(tuple(Action(p, Verb.ADD, (n,)) for n in range(4))
                                            for p in _SEATS)
"""``add <n>``: the legions Hic Manebimus Optime adds in the city just chosen, [seat][n]."""
BARBARIAN_CARD_ACTION: tuple[dict[str, tuple[Action, ...]], ...] = tuple(
    {v: tuple(Action(p, v, (CARD_TOKENS[c],)) for c in _CITY_CARDS) for v in (Verb.REMOVE_CARD, Verb.PLACE)}
    for p in _SEATS
)
CUBE_ACTION: tuple[dict[str, tuple[tuple[Action, ...], ...]], ...] = tuple(
    {
        v: tuple(tuple(Action(p, v, (CITY_TOKEN[c], COLOURS[t])) for t in range(NT)) for c in range(NC))
        for v in (Verb.REPLACE, Verb.REMOVE_CUBE)
    }
    for p in _SEATS
)
ENLIST: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(p, Verb.ENLIST_BARBARIANS, (COLOURS[t],)) for t in range(NT)) for p in _SEATS
)
"""``enlist_barbarians <colour>``: [seat][tribe] (the legions placed are asked next, ``add <n>``)."""
CLASSIS_RECRUIT: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(p, Verb.CLASSIS_RECRUIT, (CARD_TOKENS[c],)) for c in _CITY_CARDS) for p in _SEATS
)
"""``classis_recruit <card>``: [seat][city card] (the legions placed are asked next, ``add <n>``)."""
RECRUIT_VERBS: Final = (Verb.ENLIST_BARBARIANS, Verb.CLASSIS_RECRUIT)
"""The recruits whose legion count is its own decision, answered by ``add <n>`` (engine 0.4.0)."""


def _dest_table(verb: Verb) -> tuple[tuple[Action, ...], ...]:
    """Every ``<verb> <city>`` action (the destination; the legions are asked next): [seat][city]."""
    return tuple(tuple(Action(p, verb, (CITY_TOKEN[c],)) for c in range(NC)) for p in _SEATS)


MOVE_VERBS: Final = (Verb.MARCH, Verb.SAIL, Verb.CLASSIS_SAIL, Verb.FABRUM_MOVE)
"""The moves whose legions are their own decision (:class:`~ludus.games.fall_of_rome.decisions.Legions`)."""
MARCH_DEST = _dest_table(Verb.MARCH)
SAIL_DEST = _dest_table(Verb.SAIL)
CLASSIS_SAIL_DEST = _dest_table(Verb.CLASSIS_SAIL)
FABRUM_MOVE_DEST = _dest_table(Verb.FABRUM_MOVE)
MOVE_TO = _dest_table(Verb.MOVE_TO)
"""``move_to <city>`` (Veni, Vidi, Vici; the legions are asked next): [seat][city]."""
EVENT_MOVE_VERBS: Final = (Verb.MOVE_TO, Verb.MOVE_PAWN)
"""The event moves whose legions are their own decision too (engine 0.4.0)."""
LEGIONS_ACTION: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(p, Verb.LEGIONS, (n,)) for n in range(4)) for p in _SEATS
)
"""``legions <n>``: [seat][legions taken along, 0..3]."""


# --- names as the rulebook prints them, in a language ------------------------------
FACE_WORDS: tuple[str, ...] = (N_("legion"), N_("barbarian"), N_("barbarian and legion"),
                               N_("two barbarians and legion"), N_("special"))
"""The battle die's faces (``FACE_NAMES`` order) in words (a legion face loses a legion, a barbarian
face removes a barbarian, the special face uses the character's power); msgids of the domain."""
VERSION_WORDS: dict[str, str] = {"normal": N_("normal version"), "destabilizing": N_("destabilizing version")}
"""An event's two versions (KARTY ZDARZEŃ: "normalna" / "destabilizująca wersja")."""
ROMA_NAME: Final = N_("Roma")
"""The one city with a name of its own in a language ("Rzym (Roma)"); the others stay Latin."""
ENGLISH: Final = get_lang("en").for_domain(DOMAIN)
"""English, translating this game's domain (the default of every naming function)."""


def city_name(city: int, lang: Lang = ENGLISH) -> str:
    """A city as ``lang`` names it: its Latin name (Roma: ``Rzym (Roma)`` in Polish)."""
    name = CITIES[city].name
    return lang.gettext(ROMA_NAME) if name == ROMA_NAME else name


def colour_name(tribe: int, lang: Lang = ENGLISH) -> str:
    """A tribe's colour word in ``lang`` (``orange`` → ``pomarańczowy``)."""
    return lang.gettext(COLOURS[tribe])


def tribe_name(tribe: int, lang: Lang = ENGLISH) -> str:
    """A tribe's name in ``lang`` (``Vandals`` → ``Wandalowie``)."""
    return lang.gettext(TRIBES[tribe].name)


def card_name(card: int, lang: Lang = ENGLISH) -> str:
    """A player card as people name it: ``Nova Carthago (white)``, ``Mors Tua, Vita Mea``, ``Revolt``."""
    if card < N_CITY_CARDS:
        node = NODES[card]
        return lang.gettext("{city} ({colour})").format(city=city_name(node.city, lang),
                                                       colour=colour_name(node.tribe, lang))
    if card < REVOLT:
        return EVENTS[card - FIRST_EVENT].name
    return lang.gettext("Revolt")


def word(arg: object, lang: Lang = ENGLISH) -> str:
    """A notation argument in words: a card, a die face, a colour, an event's version, a city
    (Roma in ``lang``), a role or event without underscores."""
    text = str(arg)
    if text in TOKEN_CARD:
        return card_name(TOKEN_CARD[text], lang)
    if text in FACE_INDEX:
        return lang.gettext(FACE_WORDS[FACE_INDEX[text]])
    if text in COLOUR_INDEX:
        return colour_name(COLOUR_INDEX[text], lang)
    if text in VERSION_WORDS:
        return lang.gettext(VERSION_WORDS[text])
    if text in TOKEN_CITY:
        return city_name(TOKEN_CITY[text], lang)
    return text.replace("_", " ")

