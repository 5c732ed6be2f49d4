"""Is a loaded state a position of Pandemic: Fall of Rome? Every range the rules rely on.

``FallOfRome.state_violations`` runs :func:`violations` once, when a state is loaded
(``Game.state_from_json``); the rules themselves never check these again. The checks go
from the shape of the data (element types, lengths for the player count) to ranges (seats,
cities, card ids, counts within the components: 3 cubes of a tribe per city, 16 legions,
6 forts, the tracks' spaces), to the consistency of the phase, the counters the turn's
steps decrement and each pending sub-decision; only a state whose shape is sound gets the
conservation counts of :mod:`~ludus.games.fall_of_rome.invariants`.

Each message names the state field, e.g. ``state field 'cur': pawn 5 in a 2-pawn game``.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Sequence

from ludus.core.decisions import Decision
from ludus.games.fall_of_rome.components import (
    CARD_TOKENS,
    DECLINE_LOSS,
    DICE,
    EVENT_MOVE_VERBS,
    FACE_NAMES,
    FIRST_EVENT,
    FORTS,
    INVASION_RATE,
    LEGIONS,
    MOVE_VERBS,
    N_CITY_CARDS,
    NC,
    NODES,
    NT,
    PHASE_ACTIONS,
    PHASE_INVADE,
    PHASE_OVER,
    PHASE_REVOLT,
    PHASE_ROLE,
    PHASE_START,
    R_VESTALIS,
    RECRUIT_VERBS,
    REVOLT,
    ROLES,
    ROMA,
    SOLO_ROLES,
    TRIBES,
    Verb,
)
from ludus.games.fall_of_rome.decisions import (
    AleaDice,
    DoUtDes,
    Escort,
    EventDecision,
    FestinaLente,
    HicManebimus,
    Legions,
    MeliusCavere,
    MoveConsent,
    PawnsToCity,
    Pay,
    PlotConsent,
    PutBack,
    ReginaLegions,
    RemoveBarbarians,
    RemoveCubes,
    VeniVidiVici,
)
from ludus.games.fall_of_rome.scoring import LOSS_REASONS, WIN, loss_reason
from ludus.games.fall_of_rome.state import FallOfRomeData

__all__ = ["violations"]

S = FallOfRomeData
_INT_LISTS = ("roles", "pawn_city", "treasury", "cubes", "legions", "forts", "supply", "allied", "pdeck",
              "piles", "pdiscard", "bdeck", "bdiscard", "bremoved", "vdeck", "box_events", "pbox")
_RESULTS = frozenset(
    [WIN]
    + ["loss: " + loss_reason(t) for t in LOSS_REASONS if "{colour}" not in LOSS_REASONS[t]]
    + ["loss: " + loss_reason(t, tribe) for t in LOSS_REASONS if "{colour}" in LOSS_REASONS[t]
       for tribe in range(NT)]
)
_MAX_RATE = max(INVASION_RATE)
_MAX_ACTIONS = 4 + 4  # the Do Actions step's 4, and Carpe Diem's destabilizing 4 more
_MAX_CUBES_IN_CITY = 3 * NT
_STAGES: dict[type[Decision], frozenset[str]] = {}


def _is_int(x: object) -> bool:
    return type(x) is int


def _ints(name: str, values: Iterable[object]) -> str | None:
    for x in values:
        if type(x) is not int:
            return f"state field {name!r}: expected integers, got {type(x).__name__}"
    return None


def _range(name: str, values: Iterable[int], lo: int, hi: int, what: str) -> str | None:
    """The first value outside ``lo..hi`` (inclusive)."""
    for x in values:
        if not lo <= x <= hi:
            return f"state field {name!r}: {what} {x} is not in {lo}..{hi}"
    return None


def _shape(s: S) -> list[str]:
    """Element types and lengths (the other checks index by them)."""
    out: list[str] = []
    for name in _INT_LISTS:
        problem = _ints(name, getattr(s, name))
        if problem:
            out.append(problem)
    for name in ("hands", "bsegs"):
        for row in getattr(s, name):
            problem = _ints(name, row)
            if problem:
                out.append(problem)
                break
    if any(type(x) is not str for x in s.refused):
        out.append("state field 'refused': expected strings")
    if out:
        return out
    cfg = s.cfg
    if s.seats != cfg.players:
        out.append(f"state field 'seats': {s.seats} in a {cfg.players}-player game")
    if s.solo != cfg.solo:
        out.append(f"state field 'solo': {s.solo} in a {cfg.players}-player game")
    if s.caput != cfg.roma_caput_mundi:
        out.append(f"state field 'caput': {s.caput}, but the option roma_caput_mundi is "
                   f"{cfg.roma_caput_mundi}")
    if out:
        return out
    npawns = SOLO_ROLES if s.solo else s.seats
    for name, length in (("hands", s.seats), ("pawn_city", npawns), ("cubes", NC * NT), ("legions", NC),
                         ("forts", NC), ("supply", NT), ("allied", NT)):
        if len(getattr(s, name)) != length:
            out.append(f"state field {name!r}: {len(getattr(s, name))} entries, expected {length}")
    if len(s.roles) > npawns:
        out.append(f"state field 'roles': {len(s.roles)} roles for {npawns} pawns")
    for seg in s.bsegs:
        if len(seg) != 2:
            out.append(f"state field 'bsegs': a segment {seg} is not [size, known]")
            break
    return out


def _board(s: S) -> list[str]:
    """Roles, pawns, cubes, legions, forts, alliances, tracks."""
    out: list[str] = []
    npawns = len(s.pawn_city)
    problems = [
        _range("roles", s.roles, 0, len(ROLES) - 1, "role"),
        _range("pawn_city", s.pawn_city, -1, NC - 1, "city"),
        _range("cubes", s.cubes, 0, 3, "cube count"),
        _range("legions", s.legions, 0, LEGIONS, "legion count"),
        _range("forts", s.forts, 0, 1, "fort count"),
        _range("supply", s.supply, 0, max(t.cubes for t in TRIBES), "cube count"),
        _range("allied", s.allied, 0, 1, "alliance flag"),
        _range("reserve", (s.reserve,), 0, LEGIONS, "legion count"),
        _range("fort_supply", (s.fort_supply,), 0, FORTS, "fort count"),
        _range("rate", (s.rate,), 0, len(INVASION_RATE) - 1, "invasion track space"),
        _range("decline", (s.decline,), 0, DECLINE_LOSS if s.phase == PHASE_OVER else DECLINE_LOSS - 1,
               "decline space"),
    ]
    out += [p for p in problems if p]
    if len(set(s.roles)) != len(s.roles):
        out.append(f"state field 'roles': a role appears twice in {s.roles}")
    if s.solo and any(0 <= r < len(ROLES) and not ROLES[r].solo for r in s.roles):
        out.append("state field 'roles': a role left out of the solitaire game")
    if s.caput and (s.legions[ROMA] or any(s.cubes[ROMA * NT : ROMA * NT + NT])):
        out.append("state field 'legions': Roma Caput Mundi keeps legions and cubes out of Roma")
    if not 0 <= s.cur < npawns:
        out.append(f"state field 'cur': pawn {s.cur} in a {npawns}-pawn game")
    if not 0 <= s.setup_seat < s.seats:
        out.append(f"state field 'setup_seat': seat {s.setup_seat} in a {s.seats}-player game")
    return out


def _cards(s: S) -> list[str]:
    """Card ids where each kind of card may lie; the decks' structure."""
    out: list[str] = []
    city, event, player = (0, N_CITY_CARDS - 1), (FIRST_EVENT, REVOLT - 1), (0, REVOLT - 1)
    for name, values, (lo, hi) in (
        ("hands", (c for h in s.hands for c in h), player),
        ("treasury", s.treasury, city),
        ("pdeck", s.pdeck, (0, REVOLT)),
        ("pdiscard", s.pdiscard, player),
        ("vdeck", s.vdeck, event),
        ("box_events", s.box_events, event),
        ("pbox", s.pbox, event),
        ("bdeck", s.bdeck, city),
        ("bdiscard", s.bdiscard, city),
        ("bremoved", s.bremoved, city),
    ):
        problem = _range(name, values, lo, hi, "card")
        if problem:
            out.append(problem)
    if s.treasury and not s.solo:
        out.append("state field 'treasury': only the solitaire game has a treasury")
    if any(n < 1 for n in s.piles) or sum(s.piles) != len(s.pdeck):
        out.append(f"state field 'piles': pile sizes {s.piles[:12]} do not make the {len(s.pdeck)}-card "
                   "player deck")
    if not 0 <= s.pknown <= (s.piles[-1] if s.piles else 0):
        out.append(f"state field 'pknown': {s.pknown} known cards on top of the player deck")
    if (any(size < 1 or known not in (0, 1) for size, known in s.bsegs)
            or sum(seg[0] for seg in s.bsegs) != len(s.bdeck)):
        out.append(f"state field 'bsegs': segments {s.bsegs[:8]} do not make the {len(s.bdeck)}-card "
                   "barbarian deck")
    if s.vdeck and R_VESTALIS not in s.roles:
        out.append("state field 'vdeck': an event deck without Vestalis")
    if s.box_revolts < 0 or s.pending_revolts < 0:
        out.append("state field 'box_revolts': a negative count of Revolts")
    return out or _twice(s)


def _twice(s: S) -> list[str]:
    """A card that lies in two places (the conservation count would only say "not conserved")."""
    where: dict[tuple[str, int], str] = {}
    player = [("hands", c) for h in s.hands for c in h] + [
        (name, c) for name in ("treasury", "pdeck", "pdiscard", "vdeck", "box_events", "pbox")
        for c in getattr(s, name)
    ] + [("pending", c) for p in s.pending if isinstance(p, PutBack) for c in p.cards]
    barbarian = [(name, c) for name in ("bdeck", "bdiscard", "bremoved") for c in getattr(s, name)] + [
        ("pending", c) for p in s.pending if isinstance(p, MeliusCavere) for c in p.cards + p.placed
    ]
    for deck, cards in (("player", player), ("barbarian", barbarian)):
        for name, c in cards:
            if deck == "player" and c == REVOLT:
                continue
            first = where.get((deck, c))
            if first is None:
                where[deck, c] = name
            else:
                return [f"state field {name!r}: {deck} card {CARD_TOKENS[c]} is also in {first!r}"]
    return []


def _phase(s: S) -> list[str]:
    """The phase, the turn's counters and the flags each step reads."""
    out: list[str] = []
    phase = s.phase
    placed = [c >= 0 for c in s.pawn_city]
    if phase == PHASE_ROLE:
        if any(placed) or len(s.roles) >= len(s.pawn_city):
            out.append("state field 'phase': roles are chosen before any pawn is placed")
    elif phase == PHASE_START:
        if len(s.roles) != len(s.pawn_city) or all(placed):
            out.append("state field 'phase': the starting cities are chosen after the roles, pawn by pawn")
        elif placed != sorted(placed, reverse=True) or (not s.solo and s.setup_seat != placed.count(True)):
            out.append(f"state field 'setup_seat': seat {s.setup_seat} places a pawn out of turn")
        elif s.solo:
            hand = s.hands[0]
            if any(c >= N_CITY_CARDS for c in hand) or not _within(
                [c for c in s.pawn_city if c >= 0], [NODES[c].city for c in hand]
            ) or len(hand) < len(s.pawn_city):
                out.append(
                    "state field 'hands': the solitaire pawns start in the cities of the starting hand")
    elif len(s.roles) != len(s.pawn_city) or not all(placed):
        out.append(f"state field 'pawn_city': a pawn has no city in phase {phase!s}")
    if (phase == PHASE_OVER) != bool(s.result):
        out.append(f"state field 'result': {s.result!r} in phase {phase!s}")
    elif s.result and s.result not in _RESULTS:
        out.append(f"state field 'result': unknown end of game {s.result[:40]!r}")
    if phase in (PHASE_ROLE, PHASE_START, PHASE_OVER) and s.pending:
        out.append(f"state field 'pending': a sub-decision in phase {phase!s}")
    playing = phase in (PHASE_ACTIONS, PHASE_REVOLT, PHASE_INVADE)  # a finished game keeps its last flags
    if playing and (phase == PHASE_REVOLT) != (s.pending_revolts > 0):
        out.append(f"state field 'pending_revolts': {s.pending_revolts} Revolts waiting in phase {phase!s}")
    if (not -1 <= s.invasions_left <= _MAX_RATE
            or (playing and s.invasions_left >= 0 and phase != PHASE_INVADE)):
        out.append(f"state field 'invasions_left': {s.invasions_left} in phase {phase!s}")
    for name, value, lo, hi in (
        ("actions_left", s.actions_left, 0, _MAX_ACTIONS),
        ("alea", s.alea, 0, 2),
        ("alea_seat", s.alea_seat, -1, s.seats - 1),
        ("inv_reduce", s.inv_reduce, 0, 2 * _MAX_RATE),
        ("battle_city", s.battle_city, -1, NC - 1),
        ("battle_removed", s.battle_removed, 0, _MAX_CUBES_IN_CITY),
        ("turn", s.turn, 0, 1 << 62),
        ("actions_taken", s.actions_taken, 0, 1 << 62),
    ):
        if not lo <= value <= hi:
            out.append(f"state field {name!r}: {value} is not in {lo}..{hi}")
    if playing and s.drawn != (phase != PHASE_ACTIONS) and not (
        phase == PHASE_ACTIONS and s.drawn and any(isinstance(p, PutBack) for p in s.pending)
    ):
        out.append(f"state field 'drawn': {s.drawn} in phase {phase!s}")
    return out


def _within(part: Sequence[int], whole: Sequence[int]) -> bool:
    """Whether the multiset ``part`` is contained in ``whole``."""
    return not Counter(part) - Counter(whole)


def _typed(p: Decision) -> str | None:
    """A field of the wrong type (the loaders copy JSON values as they are)."""
    for f in dataclasses.fields(p):  # type: ignore[arg-type]
        value = getattr(p, f.name)
        if f.type == "int":
            ok = type(value) is int
        elif f.type == "str":
            ok = type(value) is str
        elif f.type == "tuple[int, ...]":
            ok = type(value) is tuple and all(type(x) is int for x in value)
        else:
            ok = True
        if not ok:
            return f"field {f.name!r} is not {f.type}"
    return None


_MOVER: dict[str, type[EventDecision]] = {Verb.MOVE_TO: VeniVidiVici, Verb.MOVE_PAWN: PawnsToCity}
"""The event decision below an event's move (:class:`Legions`)."""


def _decision(s: S, p: Decision, below: list[Decision]) -> str | None:
    """Why the sub-decision ``p`` cannot be pending (``below``: the decisions under it).

    What the board must hold for an answer is checked on the top one only: an event played
    above a decision (ruling 32) may change the board before it is answered.
    """
    top = len(below) == len(s.pending) - 1
    problem = _typed(p)
    if problem:
        return problem
    seats, npawns = s.seats, len(s.pawn_city)
    if not 0 <= p.who < seats:
        return f"seat {p.who} in a {seats}-player game"
    if isinstance(p, Pay):
        if not 1 <= p.count <= len(p.cards) or not _within(p.cards, s.hands[p.who]):
            return f"{p.count} of cards {list(p.cards[:8])} that are not all in seat {p.who}'s hand"
        if any(not 0 <= c < N_CITY_CARDS for c in p.cards):
            return "a payment in cards that are not city cards"
    elif isinstance(p, Legions) and p.verb in RECRUIT_VERBS:
        cards = p.verb == Verb.CLASSIS_RECRUIT
        if below or p.pawn != -1 or not 0 <= p.what < (N_CITY_CARDS if cards else NT) or not 0 <= p.most <= 3:
            return f"a {p.verb!r} of {p.what} with up to {p.most} legions where no such recruit is under way"
        if not 0 <= s.cur < npawns or p.city != s.pawn_city[s.cur] or p.most > s.reserve:
            return (f"a {p.verb!r} in city {p.city} of up to {p.most} legions the reserve or the pawn does "
                    "not allow")
        if top and cards and p.what not in s.hands[p.who]:
            return f"a {p.verb!r} of card {p.what}, which is not in seat {p.who}'s hand"
    elif isinstance(p, Legions):
        event = p.verb in EVENT_MOVE_VERBS  # an event's move: its event decision is right below
        if (p.verb not in MOVE_VERBS and not event) or not 0 <= p.city < NC or not 0 <= p.most <= 3:
            return f"a {p.verb!r} to city {p.city} with up to {p.most} legions"
        if (event and not (below and isinstance(below[-1], _MOVER[p.verb]) and 0 <= p.pawn < npawns)) or (
            not event and (below or p.pawn != -1)
        ):
            return f"a {p.verb!r} of pawn {p.pawn} where no such move is under way"
        pawn = p.pawn if event else s.cur
        origin = s.pawn_city[pawn] if 0 <= pawn < npawns else -1
        if not 0 <= origin < NC or p.most > s.legions[origin]:
            return f"a {p.verb!r} with up to {p.most} legions from a city that holds fewer"
    elif isinstance(p, Escort):
        if not (0 <= p.src < NC and 0 <= p.dest < NC and 1 <= p.left <= 3):
            return f"an escort from {p.src} to {p.dest} of {p.left} cubes"
    elif isinstance(p, RemoveCubes):
        if not 0 <= p.city < NC or p.count < 1:
            return f"{p.count} cubes to remove in city {p.city}"
        if top and not any(s.cubes[p.city * NT : p.city * NT + NT]):  # (an event above may have removed them)
            return f"cubes to remove in city {p.city}, which holds none"
    elif isinstance(p, AleaDice):
        if not (0 <= p.seat < seats and 1 <= p.dice <= DICE and len(p.faces) < p.dice and p.ignore in (0, 1)):
            return f"{p.dice} dice, {len(p.faces)} set, for seat {p.seat}"
        if any(not 0 <= f < len(FACE_NAMES) for f in p.faces):
            return f"an unknown die face in {list(p.faces)}"
    elif isinstance(p, ReginaLegions):
        if not (0 <= p.city < NC and 1 <= p.n <= DICE):
            return f"{p.n} legions for Regina Foederata in city {p.city}"
    elif isinstance(p, PlotConsent):
        giver = p.seat if p.act == Verb.PLOT_GIVE else p.other
        if (p.act not in (Verb.PLOT_GIVE, Verb.PLOT_TAKE)
                or not (0 <= p.seat < seats and 0 <= p.other < seats)):
            return f"a plot {p.act!r} between seats {p.seat} and {p.other}"
        if not 0 <= p.card < N_CITY_CARDS or p.card not in s.hands[giver]:
            return f"a plot of card {p.card}, not in seat {giver}'s hand"
    elif isinstance(p, MoveConsent):
        if p.act != "move" or not (0 <= p.pawn < npawns and 0 <= p.city < NC and 0 <= p.n <= 3):
            return f"a move of pawn {p.pawn} to city {p.city} with {p.n} legions"
        if not below or not isinstance(below[-1], EventDecision):
            return "a consent to a move that no event asks for"
    elif isinstance(p, PutBack):
        if not 1 <= len(p.cards) <= 3 or any(not 0 <= c <= REVOLT for c in p.cards):
            return f"Vestalis holds cards {list(p.cards[:8])}"
    elif isinstance(p, EventDecision):
        return _event(s, p, top)
    return None


def _event(s: S, p: EventDecision, top: bool) -> str | None:
    if p.destab not in (0, 1):
        return f"destab {p.destab}"
    seats, npawns = s.seats, len(s.pawn_city)
    if isinstance(p, PawnsToCity):
        stages = ("city", "pawn") if isinstance(p, FestinaLente) else ("city", "from", "pawn")
        if p.stage not in stages or (p.stage == "city") != (p.city == -1) or not -1 <= p.city < NC:
            return f"stage {p.stage!r} with city {p.city}"
        if top and p.stage == "from" and not any(s.forts[c] for c in range(NC) if c != p.city):
            return "no fort to move"
        if any(not 0 <= q < npawns for q in p.moved + p.refused):
            return "an unknown pawn"
    elif isinstance(p, HicManebimus):
        if any(not 0 <= c < NC for c in p.cities) or len(set(p.cities)) != len(p.cities):
            return f"cities {p.cities[:8]}"
        if p.stage not in ("reinforce", "add") or (p.stage == "add") != (0 <= p.city < NC) or (
            p.stage == "reinforce" and p.city != -1
        ):
            return f"stage {p.stage!r} with city {p.city}"
        if p.stage == "add" and (p.city in p.cities or (top and not (s.forts[p.city] and s.reserve))):
            return (f"legions to add in city {p.city}, which has no fort, was reinforced, or with an empty "
                    "reserve")
    elif isinstance(p, MeliusCavere):
        if p.stage not in ("remove_card", "place") or not p.cards:
            return f"stage {p.stage!r} holding cards {list(p.cards[:8])}"
    elif isinstance(p, RemoveBarbarians):
        if not (0 <= p.n <= _MAX_CUBES_IN_CITY and -1 <= p.city < NC and -1 <= p.colour < NT):
            return f"n {p.n}, city {p.city}, colour {p.colour}"
        if any(not 0 <= i < NC * NT for i in p.removed):
            return f"removed cubes {p.removed[:8]}"
    elif isinstance(p, VeniVidiVici):
        if p.stage not in ("move", "battle"):
            return f"stage {p.stage!r}"
    elif isinstance(p, DoUtDes):
        if p.stage not in ("pair", "give_a", "give_b"):
            return f"stage {p.stage!r}"
        if p.stage != "pair" and top:
            if not (0 <= p.first < seats and 0 <= p.second < seats and p.first != p.second):
                return f"seats {p.first} and {p.second}"
            seat = p.first if p.stage == "give_a" else p.second
            if all(c >= N_CITY_CARDS for c in s.hands[seat]):
                return f"seat {seat} has no city card to give"
            if p.stage == "give_b" and (not 0 <= p.card < N_CITY_CARDS or p.card not in s.hands[p.first]):
                return f"card {p.card} is not in seat {p.first}'s hand"
    return None


def _pending(s: S) -> list[str]:
    for i, p in enumerate(s.pending):
        problem = _decision(s, p, s.pending[:i])
        if problem:
            return [f"state field 'pending': entry {i} ({type(p).__name__}): {problem}"]
    return []


def violations(s: S) -> list[str]:
    """Every range the rules rely on that ``s`` breaks (empty when none): shape first, then the rest."""
    out = _shape(s)
    if out:
        return out
    out = _board(s) + _cards(s)
    if out:
        return out
    return _phase(s) or _pending(s)
