"""The state of a game of Pandemic: Fall of Rome: plain data and a hand-written clone."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludus.core.actions import Action
from ludus.core.api import Outcome, State
from ludus.core.errors import LudusError
from ludus.core.events import Event
from ludus.core.rng import Rng

if TYPE_CHECKING:
    from ludus.games.fall_of_rome import FallOfRome

# Phases of the turn (pending sub-decisions are kept apart, in ``pending``).
PHASE_ROLE = "role"  # setup: choose roles (option roles=chosen)
PHASE_START = "start"  # setup: choose the starting city
PHASE_ACTIONS = "actions"  # Do Actions step
PHASE_REVOLT = "revolt"  # Draw step: a second (third...) Revolt waits to be resolved
PHASE_INVADE = "invade"  # Invade Cities step
PHASE_OVER = "over"

_LIST_FIELDS = (
    "roles", "pawn_city", "treasury", "cubes", "legions", "forts", "supply", "allied",
    "pdeck", "piles", "pdiscard", "bdeck", "bdiscard", "bremoved", "vdeck", "box_events", "pbox",
    "refused",
)
_SCALAR_FIELDS = (
    "seats", "solo", "caput", "reserve", "fort_supply", "rate", "decline", "pknown", "box_revolts",
    "phase", "cur", "setup_seat", "actions_left", "mercator_used", "regina_used", "alea",
    "alea_seat",
    "inv_reduce", "inv_skip", "drawn", "invasions_left", "pending_revolts", "battle_city",
    "battle_removed", "result", "turn", "actions_taken",
)


class FallOfRomeState(State):
    """A game of Pandemic: Fall of Rome in progress.

    Board arrays are indexed by city (``legions``, ``forts``) or by
    ``city * 5 + tribe`` (``cubes``). Decks are lists with the top card last.
    ``pending`` is a stack of sub-decisions (the last one is decided first).
    """

    __slots__ = (
        *_LIST_FIELDS, *_SCALAR_FIELDS, "game", "rng", "hands", "bsegs", "pending", "_cache", "_events",
    )

    game: FallOfRome
    rng: Rng
    seats: int
    solo: bool
    caput: bool
    roles: list[int]
    pawn_city: list[int]
    hands: list[list[int]]
    treasury: list[int]
    cubes: list[int]
    legions: list[int]
    forts: list[int]
    supply: list[int]
    allied: list[int]
    reserve: int
    fort_supply: int
    rate: int
    decline: int
    pdeck: list[int]
    piles: list[int]
    pknown: int
    pdiscard: list[int]
    bdeck: list[int]
    bsegs: list[list[int]]
    bdiscard: list[int]
    bremoved: list[int]
    vdeck: list[int]
    box_events: list[int]
    pbox: list[int]
    box_revolts: int
    phase: str
    cur: int
    setup_seat: int
    actions_left: int
    mercator_used: bool
    regina_used: bool
    alea: int
    alea_seat: int  # who played Alea Iacta Est (sets the dice); -1: the battling player
    inv_reduce: int
    inv_skip: bool
    drawn: bool
    invasions_left: int
    pending_revolts: int
    battle_city: int
    battle_removed: int
    pending: list[dict[str, Any]]
    refused: list[str]
    result: str
    turn: int
    actions_taken: int

    def __init__(self, game: FallOfRome, rng: Rng) -> None:
        self.game = game
        self.rng = rng
        self._cache: dict[int | None, list[Action]] = {}
        self._events: list[Event] = []

    # --- the State API (rules live in rules.py) ---------------------------
    def to_move(self) -> tuple[int, ...]:
        """Seats whose decision the game waits for."""
        return rules.to_move(self)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Legal actions (cached until the next ``apply``)."""
        cached = self._cache.get(player)
        if cached is None:
            cached = rules.legal_actions(self, player)
            self._cache[player] = cached
        return list(cached)

    def apply(self, action: Action) -> list[Event]:
        """Carry out a legal action; see :func:`rules.apply`."""
        return rules.apply(self, action)

    def is_terminal(self) -> bool:
        """Whether the game is won or lost."""
        return self.phase == PHASE_OVER

    def outcome(self) -> Outcome:
        """The cooperative result."""
        return scoring.outcome(self)

    def view(self, player: int | None) -> dict[str, Any]:
        """The public view (hands are open)."""
        return view.view(self, player)

    def determinize(self, player: int | None, seed: int) -> FallOfRomeState:
        """A state consistent with the public information; see :mod:`view`."""
        return view.determinize(self, player, seed)

    # --- copying and persistence ------------------------------------------
    def clone(self) -> FallOfRomeState:
        """An independent copy (hand-written)."""
        s = FallOfRomeState.__new__(FallOfRomeState)
        s.game = self.game
        s.rng = self.rng.clone()
        s._cache = {}
        s._events = []
        s.roles = self.roles[:]
        s.pawn_city = self.pawn_city[:]
        s.treasury = self.treasury[:]
        s.cubes = self.cubes[:]
        s.legions = self.legions[:]
        s.forts = self.forts[:]
        s.supply = self.supply[:]
        s.allied = self.allied[:]
        s.pdeck = self.pdeck[:]
        s.piles = self.piles[:]
        s.pdiscard = self.pdiscard[:]
        s.bdeck = self.bdeck[:]
        s.bdiscard = self.bdiscard[:]
        s.bremoved = self.bremoved[:]
        s.vdeck = self.vdeck[:]
        s.box_events = self.box_events[:]
        s.pbox = self.pbox[:]
        s.refused = self.refused[:]
        s.seats = self.seats
        s.solo = self.solo
        s.caput = self.caput
        s.reserve = self.reserve
        s.fort_supply = self.fort_supply
        s.rate = self.rate
        s.decline = self.decline
        s.pknown = self.pknown
        s.box_revolts = self.box_revolts
        s.phase = self.phase
        s.cur = self.cur
        s.setup_seat = self.setup_seat
        s.actions_left = self.actions_left
        s.mercator_used = self.mercator_used
        s.regina_used = self.regina_used
        s.alea = self.alea
        s.alea_seat = self.alea_seat
        s.inv_reduce = self.inv_reduce
        s.inv_skip = self.inv_skip
        s.drawn = self.drawn
        s.invasions_left = self.invasions_left
        s.pending_revolts = self.pending_revolts
        s.battle_city = self.battle_city
        s.battle_removed = self.battle_removed
        s.result = self.result
        s.turn = self.turn
        s.actions_taken = self.actions_taken
        s.hands = [h[:] for h in self.hands]
        s.bsegs = [g[:] for g in self.bsegs]
        s.pending = [_copy_pending(p) for p in self.pending] if self.pending else []
        return s

    def to_json(self) -> dict[str, Any]:
        """The complete state as JSON-ready data."""
        data: dict[str, Any] = {"rng": self.rng.state}
        for f in _LIST_FIELDS:
            data[f] = list(getattr(self, f))
        for f in _SCALAR_FIELDS:
            data[f] = getattr(self, f)
        data["hands"] = [list(h) for h in self.hands]
        data["bsegs"] = [list(g) for g in self.bsegs]
        data["pending"] = [_copy_pending(p) for p in self.pending]
        return data

    @classmethod
    def from_json(cls, game: FallOfRome, data: Any) -> FallOfRomeState:
        """Rebuild a state from :meth:`to_json` (raises :class:`LudusError` if malformed)."""
        try:
            s = cls(game, Rng(int(data["rng"])))
            for f in _LIST_FIELDS:
                setattr(s, f, [int(x) if not isinstance(x, str) else x for x in data[f]])
            for f in _SCALAR_FIELDS:
                setattr(s, f, data[f])
            s.hands = [[int(x) for x in h] for h in data["hands"]]
            s.bsegs = [[int(x) for x in g] for g in data["bsegs"]]
            s.pending = [_copy_pending(p) for p in data["pending"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise LudusError(f"malformed fall-of-rome state: {exc}") from None
        return s


def _copy_pending(p: Any) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, list) else v) for k, v in p.items()}


# Imported last: these modules import this one (the State API methods call into them).
from ludus.games.fall_of_rome import rules, scoring, view  # noqa: E402
