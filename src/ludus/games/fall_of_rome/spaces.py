"""Fall of Rome for learners (issue 19): a fixed numbering of the actions, and a flat observation.

**Actions** (:func:`action_kinds`): one kind per verb of
:class:`~ludus.games.fall_of_rome.components.Verb`, in the enum's order, each argument with every
value the components allow, in the data's order (``data/*.toml``), never a sample of games. The
rules offer only actions of the tables built once in :mod:`~ludus.games.fall_of_rome.components`
(``SIMPLE``, ``CARD_ACTION``, ``CITY_ACTION``, ...), and each kind's domain is its table's, so
every action a state can offer has a number. ``fortify`` and ``fabrum_fort`` have two kinds each:
without an argument (a fort from the supply), and with the city a fort comes from when all six
are out. A card argument ranges over the 64 player-card ids (49 city cards, 14 events, the
Revolt), or the 49 city cards where the table holds only those. The only argument that depends on the player
count is a pawn or a seat (Mercator's and the Plot's other pawn, Do Ut Des's two seats): ``0 .. pawns - 1``
(the solitaire challenge has 3 pawns and one seat), so each player count has its own numbering, kept in the
golden files ``tests/games/fall_of_rome/action_space_<n>p.txt``. The options change which actions a state
offers, never which exist.

**Observation** (:func:`observe`, laid out as :func:`observation_parts` says): it reads a **view**
(:func:`ludus.games.fall_of_rome.view.view`) and nothing else. Hands are open in this
cooperative game, so every seat's view is the same: a seat's observation differs from another's
only in the order of the per-seat and per-pawn blocks, **rotated so that the observing seat (and
its pawn) comes first**; the spectator's is seat 0's. Hidden are the orders of the decks: the
player deck shows its size, its Revolt piles and a card put back on top; the barbarian deck its
segments (each card's range of possible depths), Vestalis's deck and the box their sizes. The
slices follow OpenSpiel's observers: one-hot codes, raw counts of small things (cubes, legions,
cards) and scaled numbers for tracks and piles. docs/games/fall-of-rome.md tabulates both.

>>> import ludus
>>> from ludus.core.actions import Action
>>> from ludus.core.spaces import ActionSpace
>>> space = ActionSpace(action_kinds(2))
>>> space.size, space.encode(Action(1, "march", ("Roma",)))
(1863, 184)
>>> vector = observe(ludus.load("fall-of-rome", players=2).new_state(1).view(0), 0)
>>> len(vector) == layout(2).size, vector[layout(2)["phase"].start + 1]  # start, the first phase
(True, 1.0)
"""

from __future__ import annotations

from collections.abc import Mapping, MutableSequence
from functools import cache
from typing import Any

from ludus.core.actions import Arg
from ludus.core.spaces import ActionKind, ObservationLayout
from ludus.games.fall_of_rome.components import (
    CARD_TOKENS,
    CITY_TOKEN,
    COLOURS,
    DECLINE_LOSS,
    DICE,
    E_DO_UT_DES,
    E_FESTINA_LENTE,
    E_HIC_MANEBIMUS,
    E_MELIUS_CAVERE,
    E_MORS_TUA,
    E_MORTUI_NON_MORDENT,
    E_SI_VIS_PACEM,
    E_VAE_VICTIS,
    EVENT_TOKENS,
    EVENTS,
    FACE_NAMES,
    FIRST_EVENT,
    FORTS,
    HAND_LIMIT,
    INVASION_RATE,
    LEGIONS,
    N_CITY_CARDS,
    N_REVOLTS,
    NC,
    NT,
    REVOLT,
    ROLE_TOKENS,
    SOLO_ROLES,
    TRIBES,
    Phase,
    Verb,
)

__all__ = ["PENDING_KINDS", "STAGES", "action_kinds", "layout", "observation_parts", "observe",
           "observe_into", "pawns"]


def pawns(players: int) -> int:
    """The pawns of a ``players``-player game: one a seat, 3 in the solitaire challenge."""
    return SOLO_ROLES if players == 1 else players


# --- the actions -------------------------------------------------------------------------------
_CARDS: tuple[Arg, ...] = CARD_TOKENS  # every player card: city cards, events, the Revolt
_CITY_CARDS: tuple[Arg, ...] = CARD_TOKENS[:N_CITY_CARDS]
_CITIES: tuple[Arg, ...] = CITY_TOKEN
_COLOURS: tuple[Arg, ...] = COLOURS
_ROLES: tuple[Arg, ...] = ROLE_TOKENS
_LEGION_COUNTS: tuple[Arg, ...] = (0, 1, 2, 3)  # legions taken along or added: up to 3

_FIXED: dict[Verb, tuple[tuple[Arg, ...], ...]] = {
    Verb.CHOOSE_ROLE: (_ROLES,),
    Verb.START: (_CITIES,),
    Verb.PUT_BACK: (_CARDS,),
    Verb.DISCARD: (_CARDS,),
    Verb.MARCH: (_CITIES,),
    Verb.SAIL: (_CITIES,),
    Verb.ESCORT: (_COLOURS,),
    Verb.PAY: (_CARDS,),
    Verb.BATTLE: (tuple(range(1, DICE + 1)),),
    Verb.SET_DIE: (FACE_NAMES,),
    Verb.REMOVE: (_COLOURS,),
    Verb.REGINA_ADD: (tuple(range(DICE + 1)),),
    Verb.PLOT_STORE: (_CARDS,),
    Verb.PLOT_RETRIEVE: (_CARDS,),
    Verb.FORGE_ALLIANCE: (_COLOURS,),
    Verb.ENLIST_BARBARIANS: (_COLOURS,),
    Verb.CONSUL_FORT: (_CITIES,),
    Verb.CLASSIS_SAIL: (_CITIES,),
    Verb.CLASSIS_RECRUIT: (_CITY_CARDS,),
    Verb.FABRUM_MOVE: (_CITIES,),
    Verb.VESTALIS_DRAW: (_CARDS,),
    Verb.PLAY: (EVENT_TOKENS, ("normal", "destabilizing")),
    Verb.GIVE: (_CARDS,),
    Verb.CHOOSE_CITY: (_CITIES,),
    Verb.FORT_CITY: (_CITIES,),
    Verb.FORT_FROM: (_CITIES,),
    Verb.MOVE_PAWN: (_ROLES,),
    Verb.REINFORCE: (_CITIES,),
    Verb.TAKE: (_CARDS,),
    Verb.REMOVE_CARD: (_CITY_CARDS,),
    Verb.PLACE: (_CITY_CARDS,),
    Verb.REPLACE: (_CITIES, _COLOURS),
    Verb.REMOVE_CUBE: (_CITIES, _COLOURS),
    Verb.MOVE_TO: (_CITIES,),
    Verb.LEGIONS: (_LEGION_COUNTS,),
    Verb.ADD: (_LEGION_COUNTS,),
}
"""The arguments of each verb that takes any and whose domain is the same at every player count."""

_PAWN_CARD_VERBS = (Verb.PLOT_GIVE, Verb.PLOT_TAKE, Verb.MERCATOR_GIVE, Verb.MERCATOR_TAKE)
"""``<verb> <other pawn> <city card>``: the pawn's domain depends on the player count."""
_BOTH = (Verb.FORTIFY, Verb.FABRUM_FORT)
"""A fort from the supply (no argument), or moved from a city (all six out)."""


def action_kinds(players: int) -> list[ActionKind]:
    """Every kind of Fall of Rome action at ``players`` players, numbered in this order (verbs in
    :class:`Verb`'s order; ``fortify`` and ``fabrum_fort``: the bare kind, then with a city)."""
    seat_args: tuple[Arg, ...] = tuple(range(players))
    pawn_args: tuple[Arg, ...] = tuple(range(pawns(players)))
    kinds: list[ActionKind] = []
    for verb in Verb:
        if verb in _BOTH:
            kinds += [ActionKind(verb.value), ActionKind(verb.value, (_CITIES,))]
        elif verb in _PAWN_CARD_VERBS:
            kinds.append(ActionKind(verb.value, (pawn_args, _CITY_CARDS)))
        elif verb == Verb.SWAP:
            kinds.append(ActionKind(verb.value, (seat_args, seat_args)))
        else:
            kinds.append(ActionKind(verb.value, _FIXED.get(verb, ())))
    return kinds


# --- the observation ---------------------------------------------------------------------------
_NCARD = REVOLT + 1  # every player-card id, the Revolt last
_NHAND = REVOLT  # what a hand, a discard pile or the box may hold: city cards and events
_NR = len(ROLE_TOKENS)
_NE = len(EVENTS)
_PHASES = tuple(p.key for p in Phase)
_TRACK = len(INVASION_RATE)
_ACTIONS_SCALE = 4.0
_TURN_SCALE = 100.0
_DECK_SCALE = float(_NHAND + N_REVOLTS)
_PILE_SCALE = 16.0
_DEPTH_SCALE = float(N_CITY_CARDS)

PENDING_KINDS: tuple[str, ...] = ("pay", "legions", "escort", "remove", "alea", "regina", "consent",
                                  "putback", "ev")
"""The kinds of pending sub-decision (:mod:`~ludus.games.fall_of_rome.decisions`), as saved."""
STAGES: tuple[str, ...] = ("city", "from", "pawn", "reinforce", "add", "take", "place", "remove_card",
                           "cubes", "move", "battle", "pair", "give_a", "give_b")
"""The stages of an event's decision."""
_PENDING_VERBS: tuple[str, ...] = (
    *(v.value for v in (Verb.MARCH, Verb.SAIL, Verb.CLASSIS_SAIL, Verb.FABRUM_MOVE, Verb.MOVE_TO,
                        Verb.MOVE_PAWN, Verb.ENLIST_BARBARIANS, Verb.CLASSIS_RECRUIT, Verb.PLOT_GIVE,
                        Verb.PLOT_TAKE)), "move")
_FLAGS: tuple[str, ...] = ("Alea Iacta Est for 1 battle", "Alea Iacta Est for every battle",
                           "invasion cards fewer", "invasion skipped", "cards drawn", "invasions counted",
                           "invasions left", "Revolts pending", "barbarians the last battle removed",
                           "Mercator's ability used", "Regina Foederata's ability used",
                           "plot proposals refused this turn")
_FLAG_COUNT = len(_FLAGS)

_PHASE = {p: i for i, p in enumerate(_PHASES)}
_CITY = {c: i for i, c in enumerate(CITY_TOKEN)}
_COLOUR = {c: i for i, c in enumerate(COLOURS)}
_ROLE = {r: i for i, r in enumerate(ROLE_TOKENS)}
_CARD = {c: i for i, c in enumerate(CARD_TOKENS)}
_KIND = {k: i for i, k in enumerate(PENDING_KINDS)}
_STAGE = {s: i for i, s in enumerate(STAGES)}
_VERB = {v: i for i, v in enumerate(_PENDING_VERBS)}
_FACE_SLOTS = len(FACE_NAMES)
_SUPPLY_SCALE = tuple(float(t.cubes) for t in TRIBES)


def observation_parts(players: int) -> list[tuple[str, int, str]]:
    """The slices of a ``players``-player observation, in order: ``(name, size, what it holds)``."""
    n, m = players, pawns(players)
    seats, pawn_order = "per seat, the observing seat first", "per pawn, the observing seat's first"
    return [
        # --- the turn ---
        ("phase", len(Phase), "one-hot phase: " + ", ".join(_PHASES)),
        ("to_move", n, "1 per seat whose decision the game waits for, " + seats),
        ("current_pawn", m, "one-hot: the pawn whose turn it is, " + pawn_order),
        ("actions_left", 1, f"actions left in the Do Actions step / {_ACTIONS_SCALE:g}"),
        ("turn", 1, f"the number of the turn in progress / {_TURN_SCALE:g} (0 during set-up)"),
        ("roma_caput_mundi", 1, "1 in the Roma Caput Mundi challenge"),
        ("flags", _FLAG_COUNT, "the turn's flags: " + "; ".join(_FLAGS) + " (raw numbers)"),
        ("battle_city", NC, "one-hot city of the turn's last battle (for Vae Victis)"),
        # --- the board ---
        ("cubes", NC * NT,
         "per city (map order), its barbarian cubes by colour (orange black green white blue)"),
        ("legions", NC, "legions per city"),
        ("forts", NC, "1 per city with a fort"),
        ("supply", NT, "cubes left in each tribe's supply / the tribe's cubes"),
        ("allied", NT, "1 per tribe allied with Rome"),
        ("legion_reserve", 1, f"legions in the reserve / {LEGIONS}"),
        ("fort_supply", 1, f"forts in the supply / {FORTS}"),
        ("invasion_track", _TRACK, "one-hot space of the invasion rate marker"),
        ("decline", DECLINE_LOSS + 1,
         f"one-hot space of the decline marker (0..{DECLINE_LOSS}, the last loses)"),
        # --- pawns and seats ---
        ("pawn_roles", m * _NR, "per pawn, one-hot role (Consul .. Vestalis; all 0 before roles are chosen), "
                                + pawn_order),
        ("pawn_cities", m * NC, "per pawn, one-hot city (all 0 before it is placed), " + pawn_order),
        ("hands", n * _NHAND,
         "per seat, 1 per card in its hand (49 city cards, then 14 events; hands are open), "
                              + seats),
        ("hand_sizes", n, f"cards in the seat's hand / {HAND_LIMIT} (the hand limit), " + seats),
        ("treasury", N_CITY_CARDS, "1 per city card in the treasury (the solitaire challenge)"),
        # --- the player deck and the box ---
        ("player_deck", 2, f"cards in the player deck / {_DECK_SCALE:g}, Revolts in it (raw)"),
        ("player_piles", N_REVOLTS,
         f"sizes of its Revolt piles, the top pile first / {_PILE_SCALE:g} (0: no pile)"),
        ("known_top", 1 + _NCARD,
         "cards known on top of the player deck (put back by Vestalis), one-hot id of the "
         "top one (64 ids, the Revolt last)"),
        ("player_discard", _NHAND, "1 per card in the player discard pile"),
        ("box", 3, "Revolts in the box, events never seen in the box, cards in Vestalis's deck (raw)"),
        ("out_of_game", _NHAND, "1 per player card out of the game"),
        # --- the barbarian deck (one card per migration-path node, tribes.toml order) ---
        ("barbarian_deck", N_CITY_CARDS, "1 per barbarian card in the deck"),
        ("barbarian_depth", 2 * N_CITY_CARDS,
         f"per card in the deck, the fewest and the most cards above it / {_DEPTH_SCALE:g} (its segment; "
         "equal when the order is known), all the firsts then all the seconds"),
        ("barbarian_discard", N_CITY_CARDS, "1 per barbarian card in the discard pile"),
        ("barbarian_removed", N_CITY_CARDS, "1 per barbarian card removed from the game"),
        # --- the pending sub-decision (the top of the stack), and the rest of the stack ---
        ("pending_depth", 1, "sub-decisions pending (raw)"),
        ("pending_kind", len(PENDING_KINDS), "one-hot kind of the top one: " + ", ".join(PENDING_KINDS)),
        ("pending_below", len(PENDING_KINDS), "the kinds of the ones below it, counted"),
        ("pending_event", _NE, "one-hot event being resolved (ev; events in cards.toml order)"),
        ("pending_destab", 1, "1 for an event's destabilizing version"),
        ("pending_stage", len(STAGES), "one-hot stage of the event: " + ", ".join(STAGES)),
        ("pending_who", n, "one-hot seat that decides, " + seats),
        ("pending_verb", len(_PENDING_VERBS), "one-hot move or recruit whose legions are asked, or the plot "
                                              "or event move consented to: " + ", ".join(_PENDING_VERBS)),
        ("pending_city", NC, "one-hot city: the destination, the battle's city, the event's city"),
        ("pending_src", NC, "one-hot city the escorted cubes leave (Regina Foederata)"),
        ("pending_pawn", m, "one-hot pawn: moved by an event, or the other pawn of a plot, " + pawn_order),
        ("pending_seat", n,
         "one-hot seat: the plot's proposer, the battling seat (Alea Iacta Est), Do Ut Des's "
         "first seat, " + seats),
        ("pending_seat2", n, "one-hot seat: Do Ut Des's second seat, " + seats),
        ("pending_colour", NT, "one-hot colour: the tribe enlisted, the last colour an event removed"),
        ("pending_cards", _NCARD,
         "the cards it is about, counted: to pay with, drawn by Vestalis, the barbarian cards of Melius "
         "Cavere, the plot's card, the card recruited with, Do Ut Des's first card"),
        ("pending_n", 1,
         "its number (raw): cards to pay, most legions, cubes left to escort, barbarians to remove, "
         "dice set, legions Regina may add, legions moved along, Vae Victis's barbarians"),
        ("pending_faces", _FACE_SLOTS,
         "die faces already set (Alea Iacta Est), counted: " + ", ".join(FACE_NAMES)),
        ("pending_ignore", 1, "1 if the battle ignores legion losses (Veni, Vidi, Vici destabilizing)"),
        ("pending_cities_done", NC, "1 per fort city Hic Manebimus Optime reinforced already"),
        ("pending_removed", NC + NT, "cubes an event removed so far, per city then per colour"),
        ("pending_pawns_done", 2 * m, "pawns an event moved, then pawns whose owner refused, " + pawn_order),
        ("pending_placed", N_CITY_CARDS,
         "barbarian cards Melius Cavere put back: 1 for the first placed (the next "
         "revealed), 2 for the second, ..."),
    ]


@cache
def layout(players: int) -> ObservationLayout:
    """The :class:`ObservationLayout` of :func:`observation_parts` (one per player count)."""
    return ObservationLayout(observation_parts(players))


@cache
def _starts(players: int) -> dict[str, int]:
    return {s.name: s.start for s in layout(players).slices}


def observe(view: Mapping[str, Any], player: int | None,
            shape: ObservationLayout | None = None) -> list[float]:
    """The observation of ``player`` (None: the spectator, as seat 0) from its ``view`` alone, laid
    out as ``shape`` (the game's :attr:`~ludus.core.api.Game.observation_layout`; by default
    :func:`layout`)."""
    out = (shape or layout(len(view["hands"]))).zeros()
    observe_into(out, view, player)
    return out


def observe_into(out: MutableSequence[float], view: Mapping[str, Any], player: int | None,
                 shape: ObservationLayout | None = None) -> None:
    """:func:`observe` written into ``out``, all zeros on entry (a list, or a float32 ``memoryview`` of
    a numpy buffer: :func:`ludus.core.spaces.observe_into`); ``shape`` is not needed."""
    hands = view["hands"]
    n = len(hands)
    m = pawns(n)
    at = _starts(n)
    first = player or 0
    city, card, colour = _CITY, _CARD, _COLOUR

    # --- the turn ---
    out[at["phase"] + _PHASE[view["phase"]]] = 1.0
    i = at["to_move"]
    for p in view["to_move"]:
        out[i + (p - first) % n] = 1.0
    pawn_list = view["pawns"]
    if pawn_list:
        out[at["current_pawn"] + (view["current_pawn"] - first) % m] = 1.0
    out[at["actions_left"]] = view["actions_left"] / _ACTIONS_SCALE
    out[at["turn"]] = view["turn"] / _TURN_SCALE
    out[at["roma_caput_mundi"]] = float(view["roma_caput_mundi"])
    flags = view["flags"]
    i = at["flags"]
    alea = flags["alea"]
    if alea:
        out[i + alea - 1] = 1.0
    left = flags["invasions_left"]
    for k, value in enumerate((
            flags["invasion_reduction"], float(flags["skip_invasion"]), float(flags["drawn"]),
            float(left >= 0), max(left, 0), flags["pending_revolts"], flags["battle_removed"],
            float(flags["mercator_used"]), float(flags["regina_used"]), len(flags["refused"])), i + 2):
        out[k] = value
    if flags["battle_city"] is not None:
        out[at["battle_city"] + city[flags["battle_city"]]] = 1.0

    # --- the board ---
    cubes, legions, forts = at["cubes"], at["legions"], at["forts"]
    for c, place in enumerate(view["board"]):
        here = place["cubes"]
        if here:
            base = cubes + c * NT
            for t, k in here.items():
                out[base + colour[t]] = k
        if place["legions"]:
            out[legions + c] = place["legions"]
        if place["fort"]:
            out[forts + c] = 1.0
    i = at["supply"]
    for t, k in view["supply"].items():
        j = colour[t]
        out[i + j] = k / _SUPPLY_SCALE[j]
    i = at["allied"]
    for t in view["allied"]:
        out[i + colour[t]] = 1.0
    out[at["legion_reserve"]] = view["legion_reserve"] / LEGIONS
    out[at["fort_supply"]] = view["fort_supply"] / FORTS
    out[at["invasion_track"] + view["invasion_track"] - 1] = 1.0
    out[at["decline"] + view["decline"]] = 1.0

    # --- pawns and seats ---
    roles, cities = at["pawn_roles"], at["pawn_cities"]
    for q, pawn in enumerate(pawn_list):
        r = (q - first) % m
        out[roles + r * _NR + _ROLE[pawn["role"]]] = 1.0
        if pawn["city"] is not None:
            out[cities + r * NC + city[pawn["city"]]] = 1.0
    i, sizes = at["hands"], at["hand_sizes"]
    for p, hand in enumerate(hands):
        r = (p - first) % n
        base = i + r * _NHAND
        for c in hand:
            out[base + card[c]] = 1.0
        out[sizes + r] = len(hand) / HAND_LIMIT
    _mark(out, at["treasury"], view["treasury"])

    # --- the player deck and the box ---
    deck = view["player_deck"]
    i = at["player_deck"]
    out[i] = deck["size"] / _DECK_SCALE
    out[i + 1] = deck["revolts"]
    i = at["player_piles"]
    for k, size in enumerate(reversed(deck["piles"])):
        out[i + k] = size / _PILE_SCALE
    known = deck["known_top"]
    if known:
        i = at["known_top"]
        out[i] = len(known)
        out[i + 1 + card[known[0]]] = 1.0
    _mark(out, at["player_discard"], view["player_discard"])
    box = view["box"]
    i = at["box"]
    out[i], out[i + 1], out[i + 2] = box["revolts"], box["events_unseen"], view["vestalis_deck"]
    _mark(out, at["out_of_game"], box["out_of_game"])

    # --- the barbarian deck: segments from the bottom; depth counted from the top ---
    in_deck, depth = at["barbarian_deck"], at["barbarian_depth"]
    above = 0
    deepest = depth + N_CITY_CARDS
    for segment in reversed(view["barbarian_deck"]):
        size = segment["size"]
        if segment["known_order"]:
            for k, c in enumerate(segment["cards"], above):  # top first
                j = card[c]
                out[in_deck + j] = 1.0
                out[depth + j] = out[deepest + j] = k / _DEPTH_SCALE
        else:
            low, high = above / _DEPTH_SCALE, (above + size - 1) / _DEPTH_SCALE
            for c in segment["cards"]:
                j = card[c]
                out[in_deck + j] = 1.0
                out[depth + j] = low
                out[deepest + j] = high
        above += size
    _mark(out, at["barbarian_discard"], view["barbarian_discard"])
    _mark(out, at["barbarian_removed"], view["barbarian_removed"])

    pending = view["pending"]
    if pending:
        out[at["pending_depth"]] = len(pending)
        i = at["pending_below"]
        for below in pending[:-1]:
            out[i + _KIND[below["k"]]] += 1.0
        _pending(out, at, pending[-1], first, n, m)


def _pending(out: MutableSequence[float], at: Mapping[str, int], p: Mapping[str, Any], first: int, n: int,
             m: int) -> None:
    """The top pending sub-decision (as :func:`~ludus.games.fall_of_rome.view.view` shows it)."""
    kind = p["k"]
    out[at["pending_kind"] + _KIND[kind]] = 1.0
    out[at["pending_who"] + (p["who"] - first) % n] = 1.0
    cards = at["pending_cards"]
    number = 0
    dest = -1
    if kind in ("pay", "putback"):
        for c in p["cards"]:
            out[cards + _CARD[c]] += 1.0
        number = p.get("count", 0)
    elif kind == "legions":
        out[at["pending_verb"] + _VERB[p["verb"]]] = 1.0
        dest, number = p["city"], p["most"]
        if p.get("pawn", -1) >= 0:
            out[at["pending_pawn"] + (p["pawn"] - first) % m] = 1.0
        what = p.get("what", -1)
        if what >= 0:
            if p["verb"] == Verb.CLASSIS_RECRUIT:
                out[cards + what] = 1.0
            else:
                out[at["pending_colour"] + what] = 1.0
    elif kind == "escort":
        out[at["pending_src"] + p["src"]] = 1.0
        dest, number = p["dest"], p["left"]
    elif kind == "remove":
        dest, number = p["city"], p["count"]
    elif kind == "alea":
        out[at["pending_seat"] + (p["seat"] - first) % n] = 1.0
        number = p["dice"]
        i = at["pending_faces"]
        for f in p["faces"]:
            out[i + f] += 1.0
        out[at["pending_ignore"]] = float(p["ignore"])
    elif kind == "regina":
        dest, number = p["city"], p["n"]
    elif kind == "consent":
        out[at["pending_verb"] + _VERB[p["act"]]] = 1.0
        if p["act"] == "move":
            out[at["pending_pawn"] + (p["pawn"] - first) % m] = 1.0
            dest, number = p["city"], p["n"]
        else:
            out[at["pending_pawn"] + (p["other"] - first) % m] = 1.0
            out[at["pending_seat"] + (p["seat"] - first) % n] = 1.0
            out[cards + p["card"]] = 1.0
    else:  # an event
        _event(out, at, p, first, n, m)
        return
    if dest >= 0:
        out[at["pending_city"] + dest] = 1.0
    out[at["pending_n"]] = number


def _event(out: MutableSequence[float], at: Mapping[str, int], p: Mapping[str, Any], first: int, n: int,
           m: int) -> None:
    """An event's decision: the ``"ev"`` dict, whose fields each event reads its own way."""
    e = p["e"]
    out[at["pending_event"] + e - FIRST_EVENT] = 1.0
    out[at["pending_destab"]] = float(p["destab"])
    out[at["pending_stage"] + _STAGE[p["stage"]]] = 1.0
    if p["city"] >= 0:
        out[at["pending_city"] + p["city"]] = 1.0
    if p["colour"] >= 0:
        out[at["pending_colour"] + p["colour"]] = 1.0
    done = p["done"]
    if e in _PAWN_EVENTS:  # Festina Lente, Si Vis Pacem: pawns moved and refused
        i = at["pending_pawns_done"]
        for q in done:
            out[i + (q - first) % m] = 1.0
        for q in p["refused"]:
            out[i + m + (q - first) % m] = 1.0
    elif e == E_HIC_MANEBIMUS:
        i = at["pending_cities_done"]
        for c in done:
            out[i + c] = 1.0
    elif e == E_MELIUS_CAVERE:
        i = at["pending_placed"]
        for k, c in enumerate(done):
            out[i + c] = k + 1.0
        _count(out, at["pending_cards"], p["cards"])
    elif e == E_DO_UT_DES:
        seats = p["cards"]
        if seats:
            out[at["pending_seat"] + (seats[0] - first) % n] = 1.0
            out[at["pending_seat2"] + (seats[1] - first) % n] = 1.0
        if p["stage"] == "give_b":
            out[at["pending_cards"] + p["n"]] = 1.0
    elif e in _CUBE_EVENTS:  # Mors Tua, Mortui Non Mordent, Vae Victis: ``city * 5 + tribe`` per cube
        i = at["pending_removed"]
        for x in done:
            c, t = divmod(x, NT)
            out[i + c] += 1.0
            out[i + NC + t] += 1.0
        out[at["pending_n"]] = p["n"]


_PAWN_EVENTS = frozenset((E_FESTINA_LENTE, E_SI_VIS_PACEM))
_CUBE_EVENTS = frozenset((E_MORS_TUA, E_MORTUI_NON_MORDENT, E_VAE_VICTIS))


def _mark(out: MutableSequence[float], start: int, cards: list[str]) -> None:
    for c in cards:
        out[start + _CARD[c]] = 1.0


def _count(out: MutableSequence[float], start: int, cards: list[str]) -> None:
    for c in cards:
        out[start + _CARD[c]] += 1.0
