"""The state of a game of Hadrian's Wall: plain data, fields declared once.

:class:`Board` is one seat's two sheets, player board and Player cards; :class:`HadriansWallData`
is the table — the Year, the phase, the Fate and Neutral decks, the Pict attack and the
boards. Both declare their fields once, by annotations, and
:func:`~ludus.core.fields.plain_state` generates their copy and JSON. Behaviour lives in
:mod:`.rules`; the State API in :mod:`.game`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any

from ludus.core.api import Game
from ludus.core.decisions import Decision
from ludus.core.errors import StateError
from ludus.core.fields import Immutable, Length, PlainData, SavedByHook, SavedByName, Shared, plain_state
from ludus.core.rng import Rng

from .components import (
    BUILDING_IDS,
    COURT_APPARITORES,
    MARKET_HEXAGONS,
    THEATRE_BOXES,
    Phase,
)
from .config import HadriansWallConfig

__all__ = ["Board", "HadriansWallData", "load_pending"]

@plain_state(slots=True)
class Board(PlainData):
    """One player's two sheets, the items on the player board and the Player cards.

    Tracks are counts of filled boxes; ``#`` boxes hold the Year written in them (0 = empty).
    ``pending`` is the seat's stack of pending decisions (top last; see :mod:`.decisions`).
    In JSON it is today's queue of tokens, next decision first (``["place:I", "cohort"]``):
    :meth:`saved_form`; the table's State decodes them (it knows the decision classes).
    Decisions are never changed once made, so copies share them.
    """

    mining: int
    guard: int
    cippi: int
    wall: int
    fort: int
    production: int
    disdain: int
    """Boxes circled (Disdain gained)."""
    disdain_removed: int
    """Circled boxes filled again (Disdain removed)."""
    temple_filled: int
    temple_favours: int
    temple_used: int
    scouts: int
    map: int
    """Filled Scouting-map cells as a bit mask."""
    prospect: int
    choice: int
    done: int
    favours_used: int
    items: list[int]
    cohorts: list[int]
    training: list[int]
    built: list[int]
    forum: list[int]
    attrs: list[int]
    citizens: list[int]
    market: list[int]
    theatre: list[int]
    strength: list[int]
    """Boxes circled (including those filled since)."""
    damage: list[int]
    """Circled boxes filled by damage."""
    dead: list[int]
    baths: list[int]
    court: list[int]
    diplomats: list[int]
    """The Cohort each Diplomat serves."""
    diplomat_used: list[int]
    paths: list[int]
    hand: list[int]
    deck: list[int]
    ignored: list[int]
    covered: list[int]
    """Earlier Prospect cards, covered by the current one."""
    pending: SavedByHook[Immutable[list[Decision]]]
    battles: Annotated[list[list[int]], Length(2)]
    """One list per gladiator."""

    def __init__(self) -> None:
        self.items = [0, 0, 0, 0, 0]
        self.cohorts = [0, 0, 0]
        self.mining = 0
        self.guard = 0
        self.cippi = 0
        self.wall = 0
        self.fort = 0
        self.production = 1  # the first circle is printed filled
        self.training = []
        self.built = [0] * len(BUILDING_IDS)
        self.forum = []
        self.attrs = [0, 0, 0, 0]
        self.disdain = 0  # boxes circled (Disdain gained)
        self.disdain_removed = 0  # circled boxes filled again (Disdain removed)
        self.citizens = [0, 0, 0, 0, 0]
        self.market = [0] * len(MARKET_HEXAGONS)
        self.theatre = [0] * len(THEATRE_BOXES)
        self.strength = [0, 0]  # boxes circled (including those filled since)
        self.damage = [0, 0]  # circled boxes filled by damage
        self.dead = [0, 0]
        self.battles = [[], []]
        self.temple_filled = 0
        self.temple_favours = 0
        self.temple_used = 0
        self.baths = [0] * 6
        self.court = [0] * (3 * len(COURT_APPARITORES[0]))
        self.diplomats = []  # the Cohort each Diplomat serves
        self.diplomat_used = []
        self.scouts = 0
        self.map = 0  # filled Scouting-map cells as a bit mask
        self.paths = []
        self.prospect = -1
        self.covered = []  # earlier Prospect cards, covered by the current one
        self.hand = []
        self.choice = -1
        self.deck = []
        self.done = 0
        self.pending = []
        self.ignored = [0, 0, 0]
        self.favours_used = 0

    def saved_form(self, data: dict[str, Any]) -> dict[str, Any]:
        """``pending`` as tokens, next decision first (``str`` of each decision)."""
        data["pending"] = [str(d) for d in reversed(self.pending)]
        return data

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


@plain_state
class HadriansWallData(PlainData):
    """The whole table: the Year, the phase, the decks, the Pict attack and every Board."""

    game: Shared[Game[Any]]
    cfg: Shared[HadriansWallConfig]
    rng: Rng
    year: int
    year_card: int
    extra_attack: int
    fate_deck: list[int]
    fate_discard: list[int]
    attack: list[int]
    neutral_deck: list[int]
    neutral: list[int]
    neutral_items: list[int]
    neutral_discard: list[int]
    phase: SavedByName[Phase]
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


def load_pending(state: HadriansWallData, data: Mapping[str, Any],
                 decode: Callable[[str, int], Decision]) -> None:
    """Set every board's ``pending`` from the saved ``data`` (:meth:`Board.saved_form`'s tokens);
    ``decode(token, seat)`` makes a decision of a token (the State's hook: it knows the classes).
    """
    for seat, board in enumerate(state.boards):
        board.pending = _pending(data["boards"][seat], seat, decode)
