"""The Trajan state: plain data (ints and lists of ints) with a hand-written clone.

The rules live in :mod:`ludus.games.trajan.rules`; this module only holds the data,
copies it and converts it to and from JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum
from typing import TYPE_CHECKING, Any

from ludus.core.actions import Action
from ludus.core.api import Outcome, State
from ludus.core.events import Event
from ludus.core.rng import Rng

if TYPE_CHECKING:
    from ludus.games.trajan.game import TrajanGame


class Phase(IntEnum):
    """Whose decision and of what kind the state waits for."""

    ARRANGE = 0
    """Setup: a player puts starting action markers into trays (2 per tray)."""
    DEAL = 1
    """Setup: a player takes the 3 cards of the starting hand from any piles."""
    CHOOSE_TRAJAN = 2
    """Setup, last step: a player chooses 3 Trajan tiles for slots II, IV, VI."""
    TAKE = 3
    """Turn step 1: choose the tray whose markers are taken."""
    SOW = 4
    """Turn step 1: put the taken markers one per tray, choosing each colour."""
    EFFECT = 5
    """Turn step 2: the optional effect of the accomplished Trajan tile."""
    ACTION = 6
    """Turn step 3: the tray's action, bonus actions and extra actions."""
    DEMANDS = 7
    """Quarter end: a player meets the people's demands."""
    CONSUL = 8
    """Quarter end: the consul chooses a bonus tile."""
    OVER = 9
    """The game is over."""


class Sub(IntEnum):
    """A sub-decision inside one action."""

    NONE = 0
    DISCARD = 1
    """Seaport (a): after drawing 2 cards, discard 1 onto a discard pile."""
    DISPLAY = 2
    """Seaport (c): after playing 1 card to the display, a second card or stop."""
    SHIP = 3
    """Seaport (d): loading a ship card by card (pair by pair), then sail."""


# agenda entries: DO + action = perform that action; OFFER + action = offer an extra-action tile
DO = 0
OFFER = 6

_SCALARS = (
    "phase", "decider", "current", "sub", "quarter", "round", "time_pos", "stamp_counter",
    "extra_used", "round_over", "setup_k", "sow_tray", "sow_left", "target", "effect_tile",
    "ship", "display_count",
)
_LISTS = (
    "hand_markers", "arch", "vp", "senate_pos", "senate_stamp", "supply", "mcamp", "wcamp",
    "leader", "province_tile", "province_legions", "grid_tile", "grid_workers", "draw",
    "fdeck", "xdeck", "forum_slots", "extra_slots", "forum_removed", "extra_removed",
    "trajan_removed", "bonus_bag", "senate_bonus", "ship_grey", "demand_stack",
    "demand_removed", "demand_revealed", "demand_spent", "agenda", "load", "dem_left",
    "f_used", "final_senate",
)
_NESTED = (
    "trajan_slots", "hand", "known", "display", "discards", "ftiles", "xtiles", "trajan_stacks",
    "held_f", "plus2", "ctiles", "bonus_yellow", "bonus_grey",
)


class TrajanState(State):
    """A complete Trajan position (see :mod:`ludus.games.trajan.rules` for the rules)."""

    __slots__ = (*_SCALARS, *_LISTS, *_NESTED, "trays", "game", "rng", "_legal")

    game: TrajanGame
    phase: int
    decider: int
    current: int
    sub: int
    quarter: int
    round: int
    time_pos: int
    stamp_counter: int
    extra_used: int
    round_over: int
    setup_k: int
    sow_tray: int
    sow_left: int
    target: int
    effect_tile: int
    ship: int
    display_count: int
    hand_markers: list[int]
    arch: list[int]
    vp: list[int]
    senate_pos: list[int]
    senate_stamp: list[int]
    supply: list[int]
    mcamp: list[int]
    wcamp: list[int]
    leader: list[int]
    province_tile: list[int]
    province_legions: list[int]
    grid_tile: list[int]
    grid_workers: list[int]
    draw: list[int]
    fdeck: list[int]
    xdeck: list[int]
    forum_slots: list[int]
    extra_slots: list[int]
    forum_removed: list[int]
    extra_removed: list[int]
    trajan_removed: list[int]
    bonus_bag: list[int]
    senate_bonus: list[int]
    ship_grey: list[int]
    demand_stack: list[int]
    demand_removed: list[int]
    demand_revealed: list[int]
    demand_spent: list[int]
    agenda: list[int]
    load: list[int]
    dem_left: list[int]
    f_used: list[int]
    final_senate: list[int]
    trajan_slots: list[list[int]]
    hand: list[list[int]]
    known: list[list[int]]
    display: list[list[int]]
    discards: list[list[int]]
    ftiles: list[list[int]]
    xtiles: list[list[int]]
    trajan_stacks: list[list[int]]
    held_f: list[list[int]]
    plus2: list[list[int]]
    ctiles: list[list[int]]
    bonus_yellow: list[list[int]]
    bonus_grey: list[list[int]]
    trays: list[list[list[int]]]
    _legal: list[Action] | None

    def __init__(self, game: TrajanGame, rng: Rng) -> None:
        self.game = game
        self.rng = rng
        self._legal = None

    # --- the State API ------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        """The seat whose decision the game waits for (empty when the game is over)."""
        if self.phase == Phase.OVER:
            return ()
        return (self.decider,)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every legal action now (Trajan has no out-of-turn actions)."""
        if self._legal is None:
            self._legal = _rules.legal_actions(self)
        if player is not None and player != self.decider:
            return []
        return list(self._legal)

    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action``; raises :class:`IllegalActionError` (state unchanged) if illegal."""
        return _rules.apply_action(self, action)

    def is_terminal(self) -> bool:
        """Whether the four quarters have been played."""
        return self.phase == Phase.OVER

    def outcome(self) -> Outcome:
        """Final scores (VP track plus final scoring), ranking with the senate tie-break."""
        from ludus.games.trajan.scoring import outcome

        return outcome(self)

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (``None`` = spectator)."""
        from ludus.games.trajan.view import view

        return view(self, player)

    def determinize(self, player: int | None, seed: int) -> TrajanState:
        """A state agreeing with all ``player`` has seen, hidden parts re-dealt from ``seed``."""
        from ludus.games.trajan.view import determinize

        return determinize(self, player, seed)

    # --- copying and persistence ---------------------------------------------------
    def clone(self) -> TrajanState:
        """An independent copy."""
        c = TrajanState.__new__(TrajanState)
        c.game = self.game
        c.rng = self.rng.clone()
        c._legal = self._legal
        c.phase = self.phase
        c.decider = self.decider
        c.current = self.current
        c.sub = self.sub
        c.quarter = self.quarter
        c.round = self.round
        c.time_pos = self.time_pos
        c.stamp_counter = self.stamp_counter
        c.extra_used = self.extra_used
        c.round_over = self.round_over
        c.setup_k = self.setup_k
        c.sow_tray = self.sow_tray
        c.sow_left = self.sow_left
        c.target = self.target
        c.effect_tile = self.effect_tile
        c.ship = self.ship
        c.display_count = self.display_count
        c.hand_markers = self.hand_markers[:]
        c.arch = self.arch[:]
        c.vp = self.vp[:]
        c.senate_pos = self.senate_pos[:]
        c.senate_stamp = self.senate_stamp[:]
        c.supply = self.supply[:]
        c.mcamp = self.mcamp[:]
        c.wcamp = self.wcamp[:]
        c.leader = self.leader[:]
        c.province_tile = self.province_tile[:]
        c.province_legions = self.province_legions[:]
        c.grid_tile = self.grid_tile[:]
        c.grid_workers = self.grid_workers[:]
        c.draw = self.draw[:]
        c.fdeck = self.fdeck[:]
        c.xdeck = self.xdeck[:]
        c.forum_slots = self.forum_slots[:]
        c.extra_slots = self.extra_slots[:]
        c.forum_removed = self.forum_removed[:]
        c.extra_removed = self.extra_removed[:]
        c.trajan_removed = self.trajan_removed[:]
        c.bonus_bag = self.bonus_bag[:]
        c.senate_bonus = self.senate_bonus[:]
        c.ship_grey = self.ship_grey[:]
        c.demand_stack = self.demand_stack[:]
        c.demand_removed = self.demand_removed[:]
        c.demand_revealed = self.demand_revealed[:]
        c.demand_spent = self.demand_spent[:]
        c.agenda = self.agenda[:]
        c.load = self.load[:]
        c.dem_left = self.dem_left[:]
        c.f_used = self.f_used[:]
        c.final_senate = self.final_senate[:]
        c.trajan_slots = [x[:] for x in self.trajan_slots]
        c.hand = [x[:] for x in self.hand]
        c.known = [x[:] for x in self.known]
        c.display = [x[:] for x in self.display]
        c.discards = [x[:] for x in self.discards]
        c.ftiles = [x[:] for x in self.ftiles]
        c.xtiles = [x[:] for x in self.xtiles]
        c.trajan_stacks = [x[:] for x in self.trajan_stacks]
        c.held_f = [x[:] for x in self.held_f]
        c.plus2 = [x[:] for x in self.plus2]
        c.ctiles = [x[:] for x in self.ctiles]
        c.bonus_yellow = [x[:] for x in self.bonus_yellow]
        c.bonus_grey = [x[:] for x in self.bonus_grey]
        c.trays = [[t[:] for t in mat] for mat in self.trays]
        return c

    def to_json(self) -> dict[str, Any]:
        """The complete state as JSON-ready data."""
        data: dict[str, Any] = {"rng": self.rng.state}
        for name in _SCALARS:
            data[name] = int(getattr(self, name))
        for name in _LISTS:
            data[name] = list(getattr(self, name))
        for name in _NESTED:
            data[name] = [list(x) for x in getattr(self, name)]
        data["trays"] = [[list(t) for t in mat] for mat in self.trays]
        return data

    @classmethod
    def from_json(cls, game: TrajanGame, data: Mapping[str, Any]) -> TrajanState:
        """Rebuild a state from :meth:`to_json` output."""
        state = cls(game, Rng(0))
        state.rng.state = int(data["rng"])
        for name in _SCALARS:
            setattr(state, name, int(data[name]))
        for name in _LISTS:
            setattr(state, name, [int(x) for x in data[name]])
        for name in _NESTED:
            setattr(state, name, [[int(v) for v in x] for x in data[name]])
        state.trays = [[[int(v) for v in t] for t in mat] for mat in data["trays"]]
        return state


# imported last: rules.py imports this module (a circular import resolved at call time)
from ludus.games.trajan import rules as _rules  # noqa: E402
