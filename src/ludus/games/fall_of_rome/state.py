"""The state of a game of Pandemic: Fall of Rome: its data, each field declared once.

Board arrays are indexed by city (``legions``, ``forts``) or by ``city * 5 + tribe``
(``cubes``). Decks are lists with the top card last. ``pending`` is a stack of typed
sub-decisions (:mod:`~ludus.games.fall_of_rome.decisions`; the last one is decided first).
``clone``/``to_json``/``from_json`` are generated from :data:`FIELDS`
(:func:`ludus.core.fields.plain_state`); the JSON keeps the key order of ludus 0.1.0.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ludus.core.actions import Action
from ludus.core.api import Game
from ludus.core.decisions import Decision
from ludus.core.errors import StateError
from ludus.core.fields import Fields, PlainData, plain_state
from ludus.core.i18n import N_
from ludus.core.rng import Rng
from ludus.games.fall_of_rome.components import DOMAIN, Phase
from ludus.games.fall_of_rome.config import FallOfRomeConfig

DecisionLoader = Callable[[Mapping[str, Any]], Decision]
_LOADERS: dict[str, DecisionLoader] = {}


def register_decision_loader(kind: str, loader: DecisionLoader) -> None:
    """How a pending decision of JSON kind ``k`` is rebuilt (decisions.py registers each kind)."""
    _LOADERS[kind] = loader


class PendingJson:
    """The JSON codec of ``pending`` entries (the decision classes sit above this module)."""

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Decision:
        """Rebuild a decision from its ``to_json`` dict."""
        loader = _LOADERS.get(str(data["k"])[:40])
        if loader is None:
            raise StateError(N_("state field 'pending': unknown sub-decision {kind!r}"), domain=DOMAIN,
                             kind=str(data["k"])[:40])
        return loader(data)


FIELDS = Fields(
    shared=("game", "cfg"),
    ints=(
        "seats", "reserve", "fort_supply", "rate", "decline", "pknown", "box_revolts", "cur", "setup_seat",
        "actions_left", "alea", "alea_seat", "inv_reduce", "invasions_left", "pending_revolts", "battle_city", "battle_removed",
        "turn", "actions_taken",
    ),
    strs=("phase", "result"),
    bools=("solo", "caput", "mercator_used", "regina_used", "inv_skip", "drawn"),
    lists=(
        "roles", "pawn_city", "treasury", "cubes", "legions", "forts", "supply", "allied", "pdeck", "piles",
        "pdiscard", "bdeck", "bdiscard", "bremoved", "vdeck", "box_events", "pbox", "refused",
    ),
    nested=("hands", "bsegs"),
    objects={"pending": PendingJson},
)

JSON_ORDER: tuple[str, ...] = (
    "rng", "roles", "pawn_city", "treasury", "cubes", "legions", "forts", "supply", "allied", "pdeck", "piles",
    "pdiscard", "bdeck", "bdiscard", "bremoved", "vdeck", "box_events", "pbox", "refused", "seats", "solo", "caput",
    "reserve", "fort_supply", "rate", "decline", "pknown", "box_revolts", "phase", "cur", "setup_seat",
    "actions_left", "mercator_used", "regina_used", "alea", "alea_seat", "inv_reduce", "inv_skip", "drawn",
    "invasions_left", "pending_revolts", "battle_city", "battle_removed", "result", "turn", "actions_taken",
    "hands", "bsegs", "pending",
)
"""The key order of ``to_json`` (as saved by ludus 0.1.0)."""


@plain_state(FIELDS)
class FallOfRomeData(PlainData):
    """The fields of a game of Pandemic: Fall of Rome (behaviour lives in ``rules/``)."""

    __slots__ = ("rng", *FIELDS.shared, *FIELDS.transient, *FIELDS.ints, *FIELDS.strs, *FIELDS.bools, *FIELDS.lists,
                 *FIELDS.nested, *FIELDS.objects)  # slotted fields: a faster clone

    game: Game[Any]
    cfg: FallOfRomeConfig
    rng: Rng
    _legal: dict[int | None, list[Action]]
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
    phase: Phase
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
    pending: list[Decision]
    refused: list[str]
    result: str
    turn: int
    actions_taken: int

    def json_fields(self) -> dict[str, Any]:
        """Every saved field, JSON-ready, in the key order of ludus 0.1.0."""
        data = self.fields_to_json()
        return {k: data[k] for k in JSON_ORDER}

    def load_fields(self, data: Mapping[str, Any]) -> None:
        """Set every saved field from :meth:`json_fields` output (:class:`StateError` naming the field)."""
        self.fields_from_json(data)
        try:
            self.phase = Phase(self.phase)
        except ValueError:
            raise StateError(N_("state field 'phase': unknown phase {phase!r}"), domain=DOMAIN,
                             phase=str(self.phase)[:40]) from None
