"""One player's sheets (:class:`Board`) and the game :class:`Phase`."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from .components import (
    BUILDING_IDS,
    COURT_APPARITORES,
    MARKET_HEXAGONS,
    THEATRE_BOXES,
)


class Phase(StrEnum):
    """Where the game is: choosing Path/Prospect, acting in the Year, spending Favours, over."""

    CHOOSE = "choose"
    ACTIONS = "actions"
    FAVOUR = "favour"
    OVER = "over"


_INT_FIELDS = (
    "mining", "guard", "cippi", "wall", "fort", "production", "disdain", "disdain_removed",
    "temple_filled", "temple_favours", "temple_used", "scouts", "map", "prospect", "choice",
    "done", "favours_used",
)
_LIST_FIELDS = (
    "items", "cohorts", "training", "built", "forum", "attrs", "citizens", "market", "theatre",
    "strength", "damage", "dead", "baths", "court", "diplomats", "diplomat_used", "paths",
    "hand", "deck", "pending", "ignored", "covered",
)


class Board:
    """One player's two sheets, the items on the player board and the Player cards.

    Tracks are counts of filled boxes; ``#`` boxes hold the Year written in them (0 = empty).
    """

    __slots__ = _INT_FIELDS + _LIST_FIELDS + ("battles",)

    def __init__(self) -> None:
        self.items: list[int] = [0, 0, 0, 0, 0]
        self.cohorts: list[int] = [0, 0, 0]
        self.mining = 0
        self.guard = 0
        self.cippi = 0
        self.wall = 0
        self.fort = 0
        self.production = 1  # the first circle is printed filled
        self.training: list[int] = []
        self.built: list[int] = [0] * len(BUILDING_IDS)
        self.forum: list[int] = []
        self.attrs: list[int] = [0, 0, 0, 0]
        self.disdain = 0  # boxes circled (Disdain gained)
        self.disdain_removed = 0  # circled boxes filled again (Disdain removed)
        self.citizens: list[int] = [0, 0, 0, 0, 0]
        self.market: list[int] = [0] * len(MARKET_HEXAGONS)
        self.theatre: list[int] = [0] * len(THEATRE_BOXES)
        self.strength: list[int] = [0, 0]  # boxes circled (including those filled since)
        self.damage: list[int] = [0, 0]  # circled boxes filled by damage
        self.dead: list[int] = [0, 0]
        self.battles: list[list[int]] = [[], []]
        self.temple_filled = 0
        self.temple_favours = 0
        self.temple_used = 0
        self.baths: list[int] = [0] * 6
        self.court: list[int] = [0] * (3 * len(COURT_APPARITORES[0]))
        self.diplomats: list[int] = []  # the Cohort each Diplomat serves
        self.diplomat_used: list[int] = []
        self.scouts = 0
        self.map = 0  # filled Scouting-map cells as a bit mask
        self.paths: list[int] = []
        self.prospect = -1
        self.covered: list[int] = []  # earlier Prospect cards, covered by the current one
        self.hand: list[int] = []
        self.choice = -1
        self.deck: list[int] = []
        self.done = 0
        self.pending: list[str] = []
        self.ignored: list[int] = [0, 0, 0]
        self.favours_used = 0

    def clone(self) -> Board:
        """An independent copy."""
        other = Board.__new__(Board)
        other.mining = self.mining
        other.guard = self.guard
        other.cippi = self.cippi
        other.wall = self.wall
        other.fort = self.fort
        other.production = self.production
        other.disdain = self.disdain
        other.disdain_removed = self.disdain_removed
        other.temple_filled = self.temple_filled
        other.temple_favours = self.temple_favours
        other.temple_used = self.temple_used
        other.scouts = self.scouts
        other.map = self.map
        other.prospect = self.prospect
        other.choice = self.choice
        other.done = self.done
        other.favours_used = self.favours_used
        other.items = self.items[:]
        other.cohorts = self.cohorts[:]
        other.training = self.training[:]
        other.built = self.built[:]
        other.forum = self.forum[:]
        other.attrs = self.attrs[:]
        other.citizens = self.citizens[:]
        other.market = self.market[:]
        other.theatre = self.theatre[:]
        other.strength = self.strength[:]
        other.damage = self.damage[:]
        other.dead = self.dead[:]
        other.baths = self.baths[:]
        other.court = self.court[:]
        other.diplomats = self.diplomats[:]
        other.diplomat_used = self.diplomat_used[:]
        other.paths = self.paths[:]
        other.hand = self.hand[:]
        other.deck = self.deck[:]
        other.pending = self.pending[:]
        other.ignored = self.ignored[:]
        other.covered = self.covered[:]
        other.battles = [self.battles[0][:], self.battles[1][:]]
        return other

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        data: dict[str, Any] = {name: getattr(self, name) for name in _INT_FIELDS}
        for name in _LIST_FIELDS:
            data[name] = getattr(self, name)[:]
        data["battles"] = [self.battles[0][:], self.battles[1][:]]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Board:
        """Inverse of :meth:`to_json`."""
        board = cls()
        for name in _INT_FIELDS:
            setattr(board, name, int(data[name]))
        for name in _LIST_FIELDS:
            setattr(board, name, list(data[name]))
        board.battles = [list(data["battles"][0]), list(data["battles"][1])]
        return board

    # --- derived values ------------------------------------------------
    def final_disdain(self) -> int:
        """Disdain still circled (not removed)."""
        return self.disdain - self.disdain_removed
