"""Typed pending sub-decisions of Glory to Rome, and the data that holds them.

Each class is data only (who decides and what must be remembered) with its
JSON row, which is exactly the list 0.1.0 saved; the legal answers and their
effects live in the rulebook chapter that opens the decision
(:mod:`.rules`). :class:`GtrData` is the complete state data: the plain fields
of :class:`~.state.GtrStateData` plus ``pending``, the one stack of pending
decisions (top last: the decision the engine waits for).

Decisions are immutable: a rule that changes one puts an updated copy in its
place (:func:`~ludus.core.decisions.replace_on`), so a state's copy shares them.
The order of the stack is the order in which the rules push:

- a batch of actions (:class:`Frame`) on the frames of the batch it interrupts;
  a Legionary batch holds its revealed :class:`Demand` s;
- an out-of-town foundation awaiting its second action (:class:`HalfLaid`) at the
  bottom, beneath the batches of its player: when they are used up it is on top,
  and :func:`~.rules.advance` returns the card to hand;
- the gives of a Legionary demand (:class:`Give`) on the batch that demanded, the
  first to answer on top, above the Colosseum choice (:class:`ColosseumChoice`)
  that comes after them;
- the end-of-turn steps (:class:`EndStep`), the first on top; a petition in
  progress (:class:`Petition`) in the lead/follow phase.

Saved, the stack keeps the seven fields ludus 0.1.0 wrote (``stack``, ``gives``,
``endq``, ``demands``, ``petition``, ``half_lay``, ``colosseum``: :func:`saved_form`),
and a state loads them back into one stack (:func:`pending_from_saved`).

>>> Frame(0, 1, 2, 0).to_row()
[0, 1, 2, 0, 0, 0, 0]
>>> Demand.from_row(10)
Demand(material=2, from_pool=False)
>>> stack = pending_from_saved({"stack": [[1, 2, 1, 0, 0, 0, 0]], "gives": [[0, 3, 1, 0], [2, 3, 1, 0]],
...     "endq": [], "demands": [], "petition": [], "half_lay": [], "colosseum": []}, 1)
>>> [type(d).__name__ for d in stack], stack[-1].who
(['Frame', 'Give', 'Give'], 0)
>>> saved_form(stack)["gives"]
[[0, 3, 1, 0], [2, 3, 1, 0]]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
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


@dataclass(frozen=True, slots=True)
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


class _FrameDraft:
    """The slots of a :class:`Frame`, assignable: a batch being built (see :func:`make_frame`)."""

    __slots__ = ("cm", "demands", "granted", "kind", "left", "open", "role", "who")
    who: int
    role: int
    left: int
    kind: int
    granted: int
    open: int
    cm: int
    demands: tuple[Demand, ...]


@decision("frame", FRAME_VERBS)
@dataclass(frozen=True, slots=True, eq=False, init=False)
class Frame(_FrameDraft, Decision):
    """A batch of actions of one role owed to one player (PL "wykonywanie akcji").

    ``role`` is a :class:`~.components.Role`, ``THINKER`` or ``PRISON_ROLE``;
    ``left`` counts actions not yet started; ``kind`` is a
    :class:`~.components.FrameKind`; ``granted`` the client actions counted so
    far (MAIN frames, before doubling); ``open`` the bit flags of an action in
    progress (``O_*``); ``cm`` whether the Circus Maximus doubling is applied;
    ``demands`` the cards a Legionary batch has revealed (saved as the state's
    ``demands``).
    """

    who: int
    role: int
    left: int
    kind: int
    granted: int = 0
    open: int = 0
    cm: int = 0
    demands: tuple[Demand, ...] = ()

    def __init__(self, who: int, role: int, left: int, kind: int, granted: int = 0, open: int = 0,
                 cm: int = 0, demands: tuple[Demand, ...] = ()) -> None:
        # (the hot paths build a batch with make_frame(), faster)
        _SET_WHO(self, who)
        _SET_ROLE(self, role)
        _SET_LEFT(self, left)
        _SET_KIND(self, kind)
        _SET_GRANTED(self, granted)
        _SET_OPEN(self, open)
        _SET_CM(self, cm)
        _SET_DEMANDS(self, demands)

    def with_counts(self, left: int, open: int) -> Frame:
        """This batch with ``left`` actions not yet started and the ``open`` flags."""
        new = _FrameDraft()  # make_frame(), inlined (a batch is updated at nearly every action)
        new.who = self.who
        new.role = self.role
        new.left = left
        new.kind = self.kind
        new.granted = self.granted
        new.open = open
        new.cm = self.cm
        new.demands = self.demands
        new.__class__ = Frame
        return new  # type: ignore[return-value]  # (a Frame now; no cast() call: hot path)

    def with_demand(self, demand: Demand) -> Frame:
        """This batch with one more action used to reveal ``demand``."""
        new = _FrameDraft()  # make_frame(), inlined
        new.who = self.who
        new.role = self.role
        new.left = self.left - 1
        new.kind = self.kind
        new.granted = self.granted
        new.open = self.open
        new.cm = self.cm
        new.demands = (*self.demands, demand)
        new.__class__ = Frame
        return new  # type: ignore[return-value]  # (a Frame now; no cast() call: hot path)

    def to_row(self) -> list[int]:
        """JSON: ``[player, role, left, kind, granted, open, cm]``."""
        return [self.who, int(self.role), self.left, int(self.kind), self.granted, self.open, self.cm]

    @classmethod
    def from_row(cls, row: list[Any]) -> Frame:
        """Inverse of :meth:`to_row`."""
        return cls(int(row[0]), int(row[1]), int(row[2]), int(row[3]), int(row[4]), int(row[5]), int(row[6]))


assert set(_FrameDraft.__slots__) == {f.name for f in fields(Frame)}  # (Frame adds no slot)
_SET_WHO, _SET_ROLE, _SET_LEFT, _SET_KIND, _SET_GRANTED, _SET_OPEN, _SET_CM, _SET_DEMANDS = (
    _FrameDraft.__dict__[f.name].__set__ for f in fields(Frame)
)


def make_frame(who: int, role: int, left: int, kind: int, granted: int = 0, open: int = 0, cm: int = 0,
               demands: tuple[Demand, ...] = ()) -> Frame:
    """``Frame(who, role, ...)``, built faster (a batch is built at nearly every action: a hot path).

    A frozen class's ``__init__`` sets each field by a slow call (``object.__setattr__`` or the
    slot's setter); its base ``_FrameDraft``, which holds the slots and is not frozen, takes plain
    assignments, and the object then becomes a :class:`Frame` (the same layout), frozen from then on.

    >>> make_frame(0, 1, 2, 0)
    Frame(who=0, role=1, left=2, kind=0, granted=0, open=0, cm=0, demands=())
    """
    new = _FrameDraft()
    new.who = who
    new.role = role
    new.left = left
    new.kind = kind
    new.granted = granted
    new.open = open
    new.cm = cm
    new.demands = demands
    new.__class__ = Frame
    return new  # type: ignore[return-value]  # (a Frame now; no cast() call: hot path)


@decision("give", (Verb.GIVE, Verb.REFUSE, Verb.GLORY))
@dataclass(frozen=True, slots=True, eq=False)
class Give(Decision):
    """Rome demands: ``who`` gives the ``demander`` a card of ``material`` from hand.

    ``voluntary``: ``who`` is protected (Palisade, Wall) and may refuse. Every demanded
    seat is asked, whatever its hand holds (holding none, it answers ``glory``).
    """

    who: int
    material: int
    demander: int
    voluntary: int

    def to_row(self) -> list[int]:
        """JSON: ``[giver, material, demander, voluntary]``."""
        return [self.who, int(self.material), self.demander, self.voluntary]

    @classmethod
    def from_row(cls, row: list[Any]) -> Give:
        """Inverse of :meth:`to_row`."""
        return cls(*(int(x) for x in row))


@decision("colosseum", (Verb.COLOSSEUM,))
@dataclass(frozen=True, slots=True, eq=False)
class ColosseumChoice(Decision):
    """Colosseum with too little vault room: ``who`` picks clients one by one.

    ``pairs`` is flat: opponent, role, opponent, role ...
    """

    who: int
    pairs: tuple[int, ...]

    def to_row(self) -> list[int]:
        """JSON: ``[demander, opponent, role, opponent, role, ...]``."""
        return [self.who, *self.pairs]

    @classmethod
    def from_row(cls, row: list[Any]) -> ColosseumChoice | None:
        """Inverse of :meth:`to_row` (``[]``: none)."""
        return cls(int(row[0]), tuple(int(x) for x in row[1:])) if row else None


@decision("petition", (Verb.PETITION, Verb.LEGACY_PETITION))
@dataclass(frozen=True, slots=True, eq=False)
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

    def with_card(self, material: int, legacy: bool) -> Petition:
        """This petition after one more card, of ``material`` (``legacy``: by an old record)."""
        return Petition(self.who, material, self.left - 1, self.role, legacy)

    def to_row(self) -> list[int]:
        """JSON: ``[material, left, role]`` (the player is the one to decide)."""
        return [int(self.material), self.left, int(self.role)]

    @classmethod
    def from_row(cls, row: list[Any], who: int) -> Petition | None:
        """Inverse of :meth:`to_row` (``[]``: none)."""
        return cls(who, int(row[0]), int(row[1]), int(row[2])) if row else None


@decision("end_step", (Verb.THINK_JACK, Verb.THINK_DRAW, Verb.LATRINE, Verb.VOMITORIUM, Verb.PASS,
                       Verb.SEWER, Verb.SENATE))
@dataclass(frozen=True, slots=True, eq=False)
class EndStep(Decision):
    """An end-of-turn decision of ``who``: ``kind`` is Academy, Sewer or Senate."""

    kind: int
    who: int

    def to_row(self) -> list[int]:
        """JSON: ``[kind, player]``."""
        return [int(self.kind), self.who]

    @classmethod
    def from_row(cls, row: list[Any]) -> EndStep:
        """Inverse of :meth:`to_row`."""
        return cls(int(row[0]), int(row[1]))


@decision("half_lay")
@dataclass(frozen=True, slots=True, eq=False)
class HalfLaid(Decision):
    """An out-of-town foundation begun by a lone (Bath) action: ``who``'s next building
    action must finish it, or ``card`` returns to hand (rulings §15.14).

    Nobody answers it (no verbs): it waits at the bottom of the stack, and
    :func:`~.rules.advance` undoes the foundation when it comes to the top.
    """

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
    """The complete state data: the plain fields and the stack of pending decisions."""

    pending: list[Decision]
    """The pending decisions, top last (the order is described in :mod:`.decisions`)."""

    def copy_into(self, o: D) -> D:
        """Copy every field into ``o`` (a fresh ``__new__`` object); return it."""
        self.copy_fields(o)
        o.pending = self.pending[:]  # decisions are immutable: shared
        return o

    def data_to_json(self) -> dict[str, Any]:
        """Every saved field, JSON-ready (exactly the form ludus 0.1.0 saved)."""
        out = self.fields_to_json()
        out.update(saved_form(self.pending))
        return out

    def data_from_json(self, data: dict[str, Any]) -> None:
        """Inverse of :meth:`data_to_json` (``active`` is recomputed by the caller).

        Raises :class:`~ludus.core.errors.StateError` naming the field when a decision's
        row is not a list of integers of the right length.
        """
        self.fields_from_json(data)
        self.pending = pending_from_saved(data, self.current)


# ---------------------------------------------------------------------------
# The stack read by kind, and its saved form
# ---------------------------------------------------------------------------


def frames(s: GtrData) -> list[Frame]:
    """The batches of actions pending, bottom first."""
    return [d for d in s.pending if type(d) is Frame]


def top_frame(s: GtrData) -> Frame | None:
    """The batch of actions being taken (the top one), if any."""
    for d in reversed(s.pending):
        if type(d) is Frame:
            return d
    return None


def gives(s: GtrData) -> list[Give]:
    """The gives of a Legionary demand still to answer, the next first."""
    return [d for d in reversed(s.pending) if type(d) is Give]


def end_steps(s: GtrData) -> list[EndStep]:
    """The end-of-turn steps still to take, the next first."""
    return [d for d in reversed(s.pending) if type(d) is EndStep]


def demands(s: GtrData) -> tuple[Demand, ...]:
    """The cards revealed by the Legionary batch in progress."""
    return tuple(m for d in s.pending if type(d) is Frame for m in d.demands)


def petition_of(s: GtrData) -> Petition | None:
    """The petition in progress, if any."""
    for d in reversed(s.pending):  # (_first(), inlined: asked at every lead and follow)
        if type(d) is Petition:
            return d
    return None


def half_laid(s: GtrData) -> HalfLaid | None:
    """The out-of-town foundation awaiting its second building action, if any (at the bottom)."""
    pending = s.pending
    if pending:
        d = pending[0]
        if type(d) is HalfLaid:
            return d
    return None


def colosseum_of(s: GtrData) -> ColosseumChoice | None:
    """The Colosseum choice in progress, if any."""
    return _first(s.pending, ColosseumChoice)


def push_queue(s: GtrData, queue: Iterable[Decision]) -> None:
    """Push decisions to be taken in the order of ``queue`` (the first ends on top)."""
    s.pending.extend(reversed(list(queue)))


T = TypeVar("T")


def _first(pending: list[Decision], cls: type[T]) -> T | None:
    for d in reversed(pending):
        if type(d) is cls:
            return d
    return None


def saved_form(pending: list[Decision]) -> dict[str, Any]:
    """The stack as the seven fields ludus 0.1.0 saved (queues next first, ``[]``: none)."""
    petition = _first(pending, Petition)
    half = _first(pending, HalfLaid)
    colosseum = _first(pending, ColosseumChoice)
    return {
        "stack": [d.to_row() for d in pending if type(d) is Frame],
        "gives": [d.to_row() for d in reversed(pending) if type(d) is Give],
        "endq": [d.to_row() for d in reversed(pending) if type(d) is EndStep],
        "demands": [m.to_row() for d in pending if type(d) is Frame for m in d.demands],
        "petition": petition.to_row() if petition is not None else [],
        "half_lay": half.to_row() if half is not None else [],
        "colosseum": colosseum.to_row() if colosseum is not None else [],
    }


def pending_from_saved(data: Mapping[str, Any], current: int) -> list[Decision]:
    """Inverse of :func:`saved_form`: the one stack, in the order the rules push (the petition is
    ``current``'s).

    Raises :class:`~ludus.core.errors.StateError` naming the field when a row is not a list of
    integers of the right length, or demands are saved without a batch to hold them (none expected).
    """
    stack: list[Decision] = []
    half = HalfLaid.from_row(_ints(data, "half_lay", data["half_lay"], 2, True))
    if half is not None:
        stack.append(half)
    stack.extend(Frame.from_row(_ints(data, "stack", f, 7)) for f in _rows(data, "stack"))
    rows = _ints(data, "demands", data["demands"], -1)
    for d in rows:
        if not 0 <= d & ~NO_POOL < 6 or d & ~(NO_POOL | 7):
            raise StateError(
                N_("state field 'demands': {value} is not a material (0..5), +{flag} for nopool"),
                domain=DOMAIN, value=d, flag=NO_POOL)
    if rows:
        if not stack or type(stack[-1]) is not Frame:  # no batch of actions to hold them: none expected
            raise StateError(N_("state field {name!r}: expected a list of length {length}, got {count}"),
                             domain=DOMAIN, name="demands", length=0, count=len(rows))
        top = stack[-1]
        assert type(top) is Frame
        stack[-1] = Frame(top.who, top.role, top.left, top.kind, top.granted, top.open, top.cm,
                          tuple(Demand.from_row(d) for d in rows))
    colosseum = ColosseumChoice.from_row(_ints(data, "colosseum", data["colosseum"], -1))
    if colosseum is not None:
        stack.append(colosseum)
    given = [Give.from_row(_ints(data, "gives", g, 4)) for g in _rows(data, "gives")]
    steps = [EndStep.from_row(_ints(data, "endq", e, 2)) for e in _rows(data, "endq")]
    stack.extend(reversed(given))
    stack.extend(reversed(steps))
    petition = Petition.from_row(_ints(data, "petition", data["petition"], 3, True), current)
    if petition is not None:
        stack.append(petition)
    return stack


def _rows(data: Mapping[str, Any], name: str) -> list[Any]:
    rows = data[name]
    if type(rows) is not list:
        raise StateError(N_("state field {name!r}: expected a list, got {kind}"), domain=DOMAIN, name=name,
                         kind=type(rows).__name__)
    return rows


def _ints(data: Mapping[str, Any], name: str, row: Any, length: int, empty: bool = False) -> list[int]:
    """``row`` checked: a list of integers of ``length`` (``-1``: any; ``empty``: or ``[]``)."""
    if type(row) is not list or any(type(x) is not int for x in row):
        raise StateError(N_("state field {name!r}: expected a list of integers, got {value}"), domain=DOMAIN,
                         name=name, value=str(row)[:40])
    if length >= 0 and len(row) != length and not (empty and not row):
        raise StateError(N_("state field {name!r}: expected a list of length {length}, got {count}"),
                         domain=DOMAIN, name=name, length=length, count=len(row))
    return row


SAVED_FIELDS: tuple[str, ...] = ("stack", "gives", "endq", "demands", "petition", "half_lay", "colosseum")
"""The saved form of ``pending``: the seven fields of ludus 0.1.0 (:func:`saved_form`)."""
