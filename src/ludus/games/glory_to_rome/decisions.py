"""Typed pending sub-decisions of Glory to Rome, and the data that holds them.

Each class is data only (who decides and what must be remembered) with its
JSON row, which is exactly the list 0.1.0 saved; the legal answers and their
effects live in the rulebook chapter that opens the decision
(:mod:`.rules`). :class:`GtrData` is the complete state data: the plain fields
of :class:`~.state.GtrStateData` plus the pending decisions.

>>> Frame(0, 1, 2, 0).to_row()
[0, 1, 2, 0, 0, 0, 0]
>>> Demand.from_row(10)
Demand(material=2, from_pool=False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from ludus.core.decisions import Decision, decision
from ludus.core.errors import N_, StateError
from ludus.games.glory_to_rome.components import DOMAIN, Verb
from ludus.games.glory_to_rome.state import GtrStateData

NO_POOL = 8
"""Flag of a demand's JSON int: leave the matching pool card."""
NO_MATERIAL = -1
"""A petition's material before its first card."""

# Open-action flags of a frame (an action in progress that may still take an "also" part).
O_POOL = 1  # Patron: pool client taken / Laborer: pool material taken
O_HAND = 2  # Aqueduct / Dock / Basilica hand card used
O_DECK = 4  # Bar: deck client taken
O_MAIN = 1  # Merchant: stockpile or deck card sold / Architect: main action done
O_STAIR = 2  # Architect: Stairway material added

FRAME_VERBS = (
    Verb.PASS, Verb.NEXT, Verb.THINK_JACK, Verb.THINK_DRAW, Verb.LATRINE, Verb.VOMITORIUM, Verb.HIRE,
    Verb.HIRE_HAND, Verb.HIRE_DECK, Verb.GATHER, Verb.GATHER_HAND, Verb.SELL, Verb.SELL_DECK, Verb.SELL_HAND,
    Verb.DEMAND, Verb.LAY, Verb.LAY_CONTINUE, Verb.BUILD, Verb.BUILD_POOL, Verb.STAIRWAY, Verb.STAIRWAY_POOL,
    Verb.FOUNTAIN, Verb.KEEP, Verb.PRISON,
)


@decision("frame", FRAME_VERBS)
@dataclass(slots=True, eq=False)
class Frame(Decision):
    """A batch of actions of one role owed to one player (PL "wykonywanie akcji").

    ``role`` is a :class:`~.components.Role`, ``THINKER`` or ``PRISON_ROLE``;
    ``left`` counts actions not yet started; ``kind`` is a
    :class:`~.components.FrameKind`; ``granted`` the client actions counted so
    far (MAIN frames, before doubling); ``open`` the bit flags of an action in
    progress (``O_*``); ``cm`` whether the Circus Maximus doubling is applied.
    """

    who: int
    role: int
    left: int
    kind: int
    granted: int = 0
    open: int = 0
    cm: int = 0

    def copy(self) -> Frame:
        """An independent copy."""
        return Frame(self.who, self.role, self.left, self.kind, self.granted, self.open, self.cm)

    def to_row(self) -> list[int]:
        """JSON: ``[player, role, left, kind, granted, open, cm]``."""
        return [self.who, int(self.role), self.left, int(self.kind), self.granted, self.open, self.cm]

    @classmethod
    def from_row(cls, row: list[Any]) -> Frame:
        """Inverse of :meth:`to_row`."""
        return cls(*(int(x) for x in row))


@decision("give", (Verb.GIVE, Verb.REFUSE, Verb.GLORY))
@dataclass(slots=True, eq=False)
class Give(Decision):
    """Rome demands: ``who`` gives the ``demander`` a card of ``material`` from hand.

    ``voluntary``: ``who`` is protected (Palisade, Wall) and may refuse. Every demanded
    seat is asked, whatever its hand holds (holding none, it answers ``glory``).
    """

    who: int
    material: int
    demander: int
    voluntary: int

    def copy(self) -> Give:
        """An independent copy."""
        return Give(self.who, self.material, self.demander, self.voluntary)

    def to_row(self) -> list[int]:
        """JSON: ``[giver, material, demander, voluntary]``."""
        return [self.who, int(self.material), self.demander, self.voluntary]

    @classmethod
    def from_row(cls, row: list[Any]) -> Give:
        """Inverse of :meth:`to_row`."""
        return cls(*(int(x) for x in row))


@decision("colosseum", (Verb.COLOSSEUM,))
@dataclass(slots=True, eq=False)
class ColosseumChoice(Decision):
    """Colosseum with too little vault room: ``who`` picks clients one by one.

    ``pairs`` is flat: opponent, role, opponent, role ...
    """

    who: int
    pairs: list[int]

    def copy(self) -> ColosseumChoice:
        """An independent copy."""
        return ColosseumChoice(self.who, self.pairs[:])

    def to_row(self) -> list[int]:
        """JSON: ``[demander, opponent, role, opponent, role, ...]``."""
        return [self.who, *self.pairs]

    @classmethod
    def from_row(cls, row: list[Any]) -> ColosseumChoice | None:
        """Inverse of :meth:`to_row` (``[]``: none)."""
        return cls(int(row[0]), [int(x) for x in row[1:]]) if row else None


@decision("petition", (Verb.PETITION, Verb.LEGACY_PETITION))
@dataclass(slots=True, eq=False)
class Petition(Decision):
    """A petition in progress (PL "Skladanie petycji"): ``left`` more cards of ``material``
    to play, to act as a Jack of ``role``; ``material`` is :data:`NO_MATERIAL` until the
    first card is played."""

    who: int
    material: int
    left: int
    role: int
    legacy: bool = False
    """Opened by an old record's ``legacy_petition`` (not saved): its cards are asked as
    0.3.0 asked them (see :mod:`.rules.petitions`)."""

    def copy(self) -> Petition:
        """An independent copy."""
        return Petition(self.who, self.material, self.left, self.role, self.legacy)

    def to_row(self) -> list[int]:
        """JSON: ``[material, left, role]`` (the player is the one to decide)."""
        return [int(self.material), self.left, int(self.role)]

    @classmethod
    def from_row(cls, row: list[Any], who: int) -> Petition | None:
        """Inverse of :meth:`to_row` (``[]``: none)."""
        return cls(who, int(row[0]), int(row[1]), int(row[2])) if row else None


@decision("end_step", (Verb.THINK_JACK, Verb.THINK_DRAW, Verb.LATRINE, Verb.VOMITORIUM, Verb.PASS,
                       Verb.SEWER, Verb.SENATE))
@dataclass(slots=True, eq=False)
class EndStep(Decision):
    """An end-of-turn decision of ``who``: ``kind`` is Academy, Sewer or Senate."""

    kind: int
    who: int

    def copy(self) -> EndStep:
        """An independent copy."""
        return EndStep(self.kind, self.who)

    def to_row(self) -> list[int]:
        """JSON: ``[kind, player]``."""
        return [int(self.kind), self.who]

    @classmethod
    def from_row(cls, row: list[Any]) -> EndStep:
        """Inverse of :meth:`to_row`."""
        return cls(int(row[0]), int(row[1]))


@dataclass(slots=True)
class Demand:
    """One revealed card of a Legionary demand (resolved together when the batch ends)."""

    material: int
    from_pool: bool = True

    def to_row(self) -> int:
        """JSON: the material, ``| NO_POOL`` when the pool card is left."""
        return int(self.material) if self.from_pool else int(self.material) | NO_POOL

    @classmethod
    def from_row(cls, row: int) -> Demand:
        """Inverse of :meth:`to_row`."""
        return cls(row & 7, not row & NO_POOL)


@dataclass(slots=True)
class HalfLaid:
    """An out-of-town foundation begun by a lone (Bath) action: ``who``'s next building
    action must finish it, or ``card`` returns to hand (rulings §15.14)."""

    who: int
    card: int

    def to_row(self) -> list[int]:
        """JSON: ``[player, card]``."""
        return [self.who, self.card]

    @classmethod
    def from_row(cls, row: list[Any]) -> HalfLaid | None:
        """Inverse of :meth:`to_row` (``[]``: none)."""
        return cls(int(row[0]), int(row[1])) if row else None


D = TypeVar("D", bound="GtrData")


class GtrData(GtrStateData):
    """The complete state data: the plain fields and the pending decisions.

    Priority of the pending decisions: in the action phase a give, then a
    Colosseum choice, then the frame on top of ``stack``; in the lead/follow
    phase a petition in progress; at the end of the turn the first ``endq`` step.
    """

    stack: list[Frame]
    gives: list[Give]
    endq: list[EndStep]
    demands: list[Demand]
    petition: Petition | None
    half_lay: HalfLaid | None
    colosseum: ColosseumChoice | None

    def copy_into(self, o: D) -> D:
        """Copy every field into ``o`` (a fresh ``__new__`` object); return it."""
        self.copy_fields(o)
        # Mostly empty: an empty one is not worth a comprehension (a clone is a hot path).
        o.stack = [f.copy() for f in self.stack] if self.stack else []
        o.gives = [g.copy() for g in self.gives] if self.gives else []
        o.endq = [e.copy() for e in self.endq] if self.endq else []
        o.demands = [Demand(d.material, d.from_pool) for d in self.demands] if self.demands else []
        o.petition = self.petition.copy() if self.petition is not None else None
        o.half_lay = HalfLaid(self.half_lay.who, self.half_lay.card) if self.half_lay is not None else None
        o.colosseum = self.colosseum.copy() if self.colosseum is not None else None
        return o

    def data_to_json(self) -> dict[str, Any]:
        """Every saved field, JSON-ready (exactly the form ludus 0.1.0 saved)."""
        out = self.fields_to_json()
        out["stack"] = [f.to_row() for f in self.stack]
        out["gives"] = [g.to_row() for g in self.gives]
        out["endq"] = [e.to_row() for e in self.endq]
        out["demands"] = [d.to_row() for d in self.demands]
        out["petition"] = self.petition.to_row() if self.petition is not None else []
        out["half_lay"] = self.half_lay.to_row() if self.half_lay is not None else []
        out["colosseum"] = self.colosseum.to_row() if self.colosseum is not None else []
        return out

    def data_from_json(self, data: dict[str, Any]) -> None:
        """Inverse of :meth:`data_to_json` (``active`` is recomputed by the caller).

        Raises :class:`~ludus.core.errors.StateError` naming the field when a decision's
        row is not a list of integers of the right length.
        """
        self.fields_from_json(data)
        self.stack = [Frame.from_row(_ints(data, "stack", f, 7)) for f in _rows(data, "stack")]
        self.gives = [Give.from_row(_ints(data, "gives", g, 4)) for g in _rows(data, "gives")]
        self.endq = [EndStep.from_row(_ints(data, "endq", e, 2)) for e in _rows(data, "endq")]
        demands = _ints(data, "demands", data["demands"], -1)
        for d in demands:
            if not 0 <= d & ~NO_POOL < 6 or d & ~(NO_POOL | 7):
                raise StateError(N_("state field 'demands': {value} is not a material (0..5), +{flag} for nopool"),
                                 domain=DOMAIN, value=d, flag=NO_POOL)
        self.demands = [Demand.from_row(d) for d in demands]
        self.petition = Petition.from_row(_ints(data, "petition", data["petition"], 3, True), self.current)
        self.half_lay = HalfLaid.from_row(_ints(data, "half_lay", data["half_lay"], 2, True))
        colosseum = _ints(data, "colosseum", data["colosseum"], -1)
        self.colosseum = ColosseumChoice.from_row(colosseum)


def _rows(data: dict[str, Any], name: str) -> list[Any]:
    rows = data[name]
    if type(rows) is not list:
        raise StateError(N_("state field {name!r}: expected a list, got {kind}"), domain=DOMAIN, name=name,
                         kind=type(rows).__name__)
    return rows


def _ints(data: dict[str, Any], name: str, row: Any, length: int, empty: bool = False) -> list[int]:
    """``row`` checked: a list of integers of ``length`` (``-1``: any; ``empty``: or ``[]``)."""
    if type(row) is not list or any(type(x) is not int for x in row):
        raise StateError(N_("state field {name!r}: expected a list of integers, got {value}"), domain=DOMAIN,
                         name=name, value=str(row)[:40])
    if length >= 0 and len(row) != length and not (empty and not row):
        raise StateError(N_("state field {name!r}: expected {length} integers, got {count}"), domain=DOMAIN,
                         name=name, length=length, count=len(row))
    return row


DECISION_FIELDS: tuple[str, ...] = ("stack", "gives", "endq", "demands", "petition", "half_lay", "colosseum")
"""The pending decisions of :class:`GtrData` (copied by hand in :meth:`GtrData.copy_into`)."""
