"""The state of a game of Hadrian's Wall: plain data with a hand-written clone."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any

from ludus.core.api import Outcome, State
from ludus.core.rng import Rng

from .components import (
    BUILDING_IDS,
    COURT_APPARITORES,
    MARKET_HEXAGONS,
    THEATRE_BOXES,
)

if TYPE_CHECKING:
    from ludus.core.actions import Action
    from ludus.core.events import Event

    from .game import HadriansWall


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
        for name in _INT_FIELDS:
            setattr(other, name, getattr(self, name))
        for name in _LIST_FIELDS:
            setattr(other, name, getattr(self, name)[:])
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


class HadriansWallState(State):
    """A game in progress. All fields are plain data; see :mod:`.rules` for the transitions."""

    game: HadriansWall

    def __init__(self, game: HadriansWall, seed: int = 0) -> None:
        self.game = game
        self.rng = Rng(seed)
        self.year = 0
        self.phase = Phase.CHOOSE
        self.fate_deck: list[int] = []
        self.fate_discard: list[int] = []
        self.year_card = -1
        self.attack: list[int] = []
        self.neutral_deck: list[int] = []
        self.neutral: list[int] = []
        self.neutral_items: list[int] = []
        self.neutral_discard: list[int] = []
        self.extra_attack = 0
        self.boards: list[Board] = []

    # --- API -------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        if self.phase is Phase.OVER:
            return ()
        if self.phase is Phase.CHOOSE:
            return tuple(p for p, b in enumerate(self.boards) if b.choice < 0)
        return tuple(p for p, b in enumerate(self.boards) if not b.done)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        from .rules import legal_actions_for

        if player is None:
            out: list[Action] = []
            for p in range(len(self.boards)):
                out.extend(legal_actions_for(self, p))
            return out
        if not 0 <= player < len(self.boards):
            return []
        return legal_actions_for(self, player)

    def apply(self, action: Action) -> list[Event]:
        from .rules import apply_action

        return apply_action(self, action)

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def outcome(self) -> Outcome:
        from .scoring import outcome

        return outcome(self)

    def view(self, player: int | None) -> dict[str, Any]:
        from .view import view

        return view(self, player)

    def determinize(self, player: int | None, seed: int) -> HadriansWallState:
        from .view import determinize

        return determinize(self, player, seed)

    def clone(self) -> HadriansWallState:
        other = HadriansWallState.__new__(HadriansWallState)
        other.game = self.game
        other.rng = self.rng.clone()
        other.year = self.year
        other.phase = self.phase
        other.fate_deck = self.fate_deck[:]
        other.fate_discard = self.fate_discard[:]
        other.year_card = self.year_card
        other.attack = self.attack[:]
        other.neutral_deck = self.neutral_deck[:]
        other.neutral = self.neutral[:]
        other.neutral_items = self.neutral_items[:]
        other.neutral_discard = self.neutral_discard[:]
        other.extra_attack = self.extra_attack
        other.boards = [b.clone() for b in self.boards]
        return other

    def to_json(self) -> dict[str, Any]:
        return {
            "rng": self.rng.state,
            "year": self.year,
            "phase": self.phase.value,
            "fate_deck": self.fate_deck[:],
            "fate_discard": self.fate_discard[:],
            "year_card": self.year_card,
            "attack": self.attack[:],
            "neutral_deck": self.neutral_deck[:],
            "neutral": self.neutral[:],
            "neutral_items": self.neutral_items[:],
            "neutral_discard": self.neutral_discard[:],
            "extra_attack": self.extra_attack,
            "boards": [b.to_json() for b in self.boards],
        }

    @classmethod
    def from_json(cls, game: HadriansWall, data: dict[str, Any]) -> HadriansWallState:
        """Inverse of :meth:`to_json`."""
        st = cls(game)
        st.rng = Rng(0)
        st.rng.state = int(data["rng"])
        st.year = int(data["year"])
        st.phase = Phase(data["phase"])
        st.fate_deck = list(data["fate_deck"])
        st.fate_discard = list(data["fate_discard"])
        st.year_card = int(data["year_card"])
        st.attack = list(data["attack"])
        st.neutral_deck = list(data["neutral_deck"])
        st.neutral = list(data["neutral"])
        st.neutral_items = list(data["neutral_items"])
        st.neutral_discard = list(data["neutral_discard"])
        st.extra_attack = int(data["extra_attack"])
        st.boards = [Board.from_json(b) for b in data["boards"]]
        return st
