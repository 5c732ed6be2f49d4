"""The state of a game of Hadrian's Wall: plain data, fields declared once.

:class:`Board` is one seat's two sheets, player board and Player cards (hand-written copy and
JSON: it has no RNG of its own); :class:`HadriansWallData` is the table — the Year, the
phase, the Fate and Neutral decks, the Pict attack and the boards — whose scalar and list
fields :func:`~ludus.core.fields.plain_state` copies and serialises. Behaviour lives in
:mod:`.rules`; the State API in :mod:`.game`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ludus.core.api import Game
from ludus.core.decisions import Decision
from ludus.core.errors import StateError
from ludus.core.fields import Fields, PlainData, plain_state

from .components import (
    BUILDING_IDS,
    COURT_APPARITORES,
    MARKET_HEXAGONS,
    PHASE_BY_NAME,
    PHASE_NAMES,
    THEATRE_BOXES,
    Phase,
)
from .config import HadriansWallConfig

__all__ = ["Board", "HadriansWallData"]

_INT_FIELDS = (
    "mining", "guard", "cippi", "wall", "fort", "production", "disdain", "disdain_removed",
    "temple_filled", "temple_favours", "temple_used", "scouts", "map", "prospect", "choice",
    "done", "favours_used",
)
_LIST_FIELDS = (
    "items", "cohorts", "training", "built", "forum", "attrs", "citizens", "market", "theatre",
    "strength", "damage", "dead", "baths", "court", "diplomats", "diplomat_used", "paths",
    "hand", "deck", "ignored", "covered",
)


class Board:
    """One player's two sheets, the items on the player board and the Player cards.

    Tracks are counts of filled boxes; ``#`` boxes hold the Year written in them (0 = empty).
    ``pending`` is the seat's stack of pending decisions (top last; see :mod:`.decisions`).
    In JSON it is today's queue of tokens, next decision first (``["place:I", "cohort"]``).
    Decisions are never changed once made, so copies share them.
    """

    __slots__ = (*_INT_FIELDS, *_LIST_FIELDS, "battles", "pending")

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
        self.pending: list[Decision] = []
        self.ignored: list[int] = [0, 0, 0]
        self.favours_used = 0

    def copy(self) -> Board:
        """An independent copy (``list.copy()`` rather than ``[:]``: faster on Python 3.11)."""
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
        other.items = self.items.copy()
        other.cohorts = self.cohorts.copy()
        other.training = self.training.copy()
        other.built = self.built.copy()
        other.forum = self.forum.copy()
        other.attrs = self.attrs.copy()
        other.citizens = self.citizens.copy()
        other.market = self.market.copy()
        other.theatre = self.theatre.copy()
        other.strength = self.strength.copy()
        other.damage = self.damage.copy()
        other.dead = self.dead.copy()
        other.baths = self.baths.copy()
        other.court = self.court.copy()
        other.diplomats = self.diplomats.copy()
        other.diplomat_used = self.diplomat_used.copy()
        other.paths = self.paths.copy()
        other.hand = self.hand.copy()
        other.deck = self.deck.copy()
        other.pending = self.pending.copy()
        other.ignored = self.ignored.copy()
        other.covered = self.covered.copy()
        battles = self.battles
        other.battles = [battles[0].copy(), battles[1].copy()]
        return other

    def to_json(self) -> dict[str, Any]:
        """Plain data; ``pending`` as tokens, next decision first (``str`` of each decision)."""
        data: dict[str, Any] = {name: getattr(self, name) for name in _INT_FIELDS}
        for name in _LIST_FIELDS:
            data[name] = getattr(self, name)[:]
        data["pending"] = [str(d) for d in reversed(self.pending)]
        data["battles"] = [self.battles[0][:], self.battles[1][:]]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any], pending: list[Decision], seat: int = 0) -> Board:
        """Inverse of :meth:`to_json`; ``pending`` is the decoded stack (top last).

        Every field must have its JSON type (an integer, a list of integers; ``battles`` two
        lists): anything else is a :class:`StateError` naming ``boards[seat].<field>``.
        """
        if type(data) is not dict:
            raise StateError(f"state field 'boards[{seat}]': expected an object, got {_what(data)}")
        board = cls()
        for name in _INT_FIELDS:
            setattr(board, name, _board_int(data, name, seat))
        for name in _LIST_FIELDS:
            setattr(board, name, _board_ints(data, name, seat))
        board.pending = pending
        battles = _board_value(data, "battles", seat)
        if type(battles) is not list or len(battles) != 2:
            raise StateError(f"state field 'boards[{seat}].battles': expected two lists (one per gladiator)")
        board.battles = [_ints(battles[0], f"boards[{seat}].battles[0]"), _ints(battles[1], f"boards[{seat}].battles[1]")]
        return board

    # --- derived values ------------------------------------------------
    def final_disdain(self) -> int:
        """Disdain still circled (not removed)."""
        return self.disdain - self.disdain_removed


# --- strict loading: a field of the wrong type is a StateError naming it ------------------
def _what(value: object) -> str:
    return "null" if value is None else type(value).__name__


def _board_value(data: Mapping[str, Any], name: str, seat: int) -> Any:
    try:
        return data[name]
    except KeyError:
        raise StateError(f"state field 'boards[{seat}]': no field {name!r}") from None


def _board_int(data: Mapping[str, Any], name: str, seat: int) -> int:
    value = _board_value(data, name, seat)
    if type(value) is not int:
        raise StateError(f"state field 'boards[{seat}].{name}': expected an integer, got {_what(value)}")
    return value


def _ints(value: object, field: str) -> list[int]:
    if type(value) is not list:
        raise StateError(f"state field {field!r}: expected a list of integers, got {_what(value)}")
    for x in value:
        if type(x) is not int:
            raise StateError(f"state field {field!r}: expected integers, got {_what(x)}")
    return list(value)


def _board_ints(data: Mapping[str, Any], name: str, seat: int) -> list[int]:
    return _ints(_board_value(data, name, seat), f"boards[{seat}].{name}")


def _pending(data: Mapping[str, Any], seat: int, decode: Callable[[str, int], Decision]) -> list[Decision]:
    """The decoded stack of pending decisions of ``seat`` (top last)."""
    tokens = _board_value(data, "pending", seat)
    field = f"boards[{seat}].pending"
    if type(tokens) is not list:
        raise StateError(f"state field {field!r}: expected a list of decision tokens, got {_what(tokens)}")
    stack: list[Decision] = []
    for token in reversed(tokens):
        if type(token) is not str:
            raise StateError(f"state field {field!r}: expected decision tokens, got {_what(token)}")
        try:
            stack.append(decode(token, seat))
        except ValueError:
            raise StateError(f"state field {field!r}: unknown pending decision {token[:40]!r}") from None
    return stack


FIELDS = Fields(
    shared=("game", "cfg"),
    ints=("year", "year_card", "extra_attack"),
    lists=("fate_deck", "fate_discard", "attack", "neutral_deck", "neutral", "neutral_items", "neutral_discard"),
)
"""The table's fields; ``phase`` (saved by name) and ``boards`` are handled by hand below."""


@plain_state(FIELDS)
class HadriansWallData(PlainData):
    """The whole table: the Year, the phase, the decks, the Pict attack and every Board."""

    game: Game[Any]
    cfg: HadriansWallConfig
    year: int
    phase: Phase
    year_card: int
    extra_attack: int
    fate_deck: list[int]
    fate_discard: list[int]
    attack: list[int]
    neutral_deck: list[int]
    neutral: list[int]
    neutral_items: list[int]
    neutral_discard: list[int]
    boards: list[Board]

    def init_data(self, game: Game[Any], cfg: HadriansWallConfig) -> None:
        """Set every field to its value before set-up (empty decks, no boards)."""
        self.game = game
        self.cfg = cfg
        self.year = 0
        self.phase = Phase.CHOOSE
        self.fate_deck = []
        self.fate_discard = []
        self.year_card = -1
        self.attack = []
        self.neutral_deck = []
        self.neutral = []
        self.neutral_items = []
        self.neutral_discard = []
        self.extra_attack = 0
        self.boards = []

    def copy_data(self, other: HadriansWallData) -> None:
        """Copy every field into ``other`` (a fresh ``__new__`` object)."""
        self.copy_fields(other)
        other.phase = self.phase
        other.boards = [b.copy() for b in self.boards]

    def data_to_json(self) -> dict[str, Any]:
        """The complete table as JSON-ready data (phase by name, boards as dicts)."""
        data = self.fields_to_json()
        data["phase"] = PHASE_NAMES[self.phase]
        data["boards"] = [b.to_json() for b in self.boards]
        return data

    def data_from_json(self, data: Mapping[str, Any], pending: Callable[[str, int], Decision]) -> None:
        """Inverse of :meth:`data_to_json`; ``pending(token, seat)`` decodes a pending decision."""
        self.fields_from_json(data)
        phase = data.get("phase")
        if type(phase) is not str or phase not in PHASE_BY_NAME:
            raise StateError(f"state field 'phase': {str(phase)[:40]!r} is not one of {list(PHASE_NAMES)}")
        self.phase = PHASE_BY_NAME[phase]
        boards = data.get("boards")
        if type(boards) is not list:
            raise StateError(f"state field 'boards': expected a list of boards, got {_what(boards)}")
        self.boards = [
            Board.from_json(b, _pending(b, seat, pending) if type(b) is dict else [], seat)
            for seat, b in enumerate(boards)
        ]
