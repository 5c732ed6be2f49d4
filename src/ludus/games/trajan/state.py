"""The Trajan state's data: plain ints and lists of ints, declared once.

Each field is declared once, by its annotation below; :func:`~ludus.core.fields.plain_state`
generates the copy and the JSON conversion from the types (an ``int`` is copied as
it is, a ``list[int]`` one level deep, ...). The order of the annotations is the
order of the keys in ``to_json``.

The rules (:mod:`ludus.games.trajan.rules`) change these fields; the State API
on top of them is :class:`ludus.games.trajan.game.TrajanState`.
"""

from __future__ import annotations

from typing import Any

from ludus.core.api import Game
from ludus.core.decisions import Decision
from ludus.core.fields import Immutable, PlainData, SavedByHook, Shared, plain_state
from ludus.core.rng import Rng
from ludus.games.trajan.components import OVER, Phase
from ludus.games.trajan.config import TrajanConfig

__all__ = ["TrajanData"]


@plain_state
class TrajanData(PlainData):
    """A complete Trajan position (indices as in :mod:`ludus.games.trajan.components`).

    The one legacy saved form (:meth:`~ludus.games.trajan.game.TrajanState.saved_form`):
    ``pending`` as 0.1.0's ``agenda``/``sub``/``ship``/``load``/``display_count``, and the
    rebuilt draw pile's two fields only while it is rebuilt.
    """

    # --- shared, never copied ---
    game: Shared[Game[Any]]
    cfg: Shared[TrajanConfig]
    rng: Rng
    # --- scalars ---
    phase: Phase
    decider: int
    """The seat whose decision the game waits for (-1 once over)."""
    current: int
    """The seat whose turn it is."""
    quarter: int
    round: int
    time_pos: int
    stamp_counter: int
    """The next senate-disc height (a disc moved later lies on top)."""
    extra_used: int
    round_over: int
    setup_k: int
    """Step inside the current player's set-up decision (marker, card, tile)."""
    sow_tray: int
    sow_left: int
    target: int
    effect_tile: int
    pile_rebuilt: SavedByHook[int]
    """How many times the draw pile was rebuilt from the face-up discard piles (their cards are
    public: ruling 26); the rebuilt piles and ``pile_log`` are saved only once it was."""
    # --- lists ---
    hand_markers: list[int]
    """Action markers in hand per colour (being sown, or being arranged at set-up)."""
    arch: list[int]
    """Slot of each seat's arch (-1: in the centre, every slot full)."""
    vp: list[int]
    senate_pos: list[int]
    senate_stamp: list[int]
    supply: list[int]
    mcamp: list[int]
    wcamp: list[int]
    leader: list[int]
    province_tile: list[int]
    province_legions: list[int]
    """Per province, a bit per seat with a legionnaire there."""
    grid_tile: list[int]
    grid_workers: list[int]
    """Per construction space, a bit per seat with a worker there."""
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
    dem_left: list[int]
    f_used: list[int]
    final_senate: list[int]
    pending: SavedByHook[Immutable[list[Decision]]]
    """The decisions pending inside the action step, top last (immutable, shared by copies);
    saved as today's ``agenda``/``sub``/``ship``/``load``/``display_count`` (decisions.py)."""
    # --- lists of lists ---
    trajan_slots: list[list[int]]
    hand: list[list[int]]
    known: list[list[int]]
    """Cards of each hand that everyone saw taken from a discard pile."""
    pile_log: SavedByHook[list[list[int]]]
    """Per seat, since the first rebuild, in order (ruling 26): a card drawn face down from
    rebuilt pile ``g`` (1, 2, ...) is ``-1 - ((g - 1) * N_COMMODITIES + c)`` (which pile is
    public, the commodity ``c`` only the holder knows); ``c >= 0`` is a card of commodity ``c``
    that left the hand face up and was not a ``known`` one. Saved only while ``pile_rebuilt``."""
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
    # --- three levels ---
    trays: list[list[list[int]]]

    def is_terminal(self) -> bool:
        """Whether the four quarters have been played."""
        return self.phase == OVER
