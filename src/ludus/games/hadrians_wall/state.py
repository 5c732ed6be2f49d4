"""The state of a game of Hadrian's Wall: plain data with a hand-written clone."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludus.core.api import Outcome, State
from ludus.core.rng import Rng

from .board import Board, Phase
from .rules import apply_action, legal_actions_for
from .scoring import outcome
from .view import determinize, view

if TYPE_CHECKING:
    from ludus.core.actions import Action
    from ludus.core.events import Event

    from .game import HadriansWall

__all__ = ["Board", "HadriansWallState", "Phase"]


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
        if player is None:
            out: list[Action] = []
            for p in range(len(self.boards)):
                out.extend(legal_actions_for(self, p))
            return out
        if not 0 <= player < len(self.boards):
            return []
        return legal_actions_for(self, player)

    def apply(self, action: Action) -> list[Event]:
        return apply_action(self, action)

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def outcome(self) -> Outcome:
        return outcome(self)

    def view(self, player: int | None) -> dict[str, Any]:
        return view(self, player)

    def determinize(self, player: int | None, seed: int) -> HadriansWallState:
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
