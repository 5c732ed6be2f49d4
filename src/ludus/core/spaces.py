"""Fixed numberings for learning: every action a game may offer, and a flat observation.

Research tools (OpenSpiel, PettingZoo, Gymnasium) want a game's actions as integers in a
range fixed for a game and player count, and a seat's observation as a flat vector with
a known layout. A game declares both from its components:

- :class:`ActionSpace` — the actions as kinds: a verb and, for each argument, every
  value it may take (``ActionKind("march", (CITIES,))``). Kinds are numbered one after
  another and the arguments of a kind in mixed radix, so ``encode``/``decode`` are a
  dictionary look-up and a few divisions, and an action's number never depends on the
  position. The seat is not part of the number (the tools know who acts).
- :class:`ObservationLayout` — named slices of a flat float vector (OpenSpiel's
  observer tensors), which a game fills from a **view** only (``Game.observe(view,
  seat)``), so an observation can never hold more than the seat may see.
- :func:`observe_into` — the same observation written into a buffer the caller keeps (a numpy
  float32 row, for learners stepping many games): a game whose spaces module has
  ``observe_into(out, view, player, layout)`` writes it there directly, through a ``memoryview``
  (no list, no conversion); the others' :meth:`observe` list is copied in.
  :func:`observe_state_into` does the same from a state: through the game's own encoder
  ``observe_state(out, state, player, layout)`` when the game has an ``encoder`` facet (a module that
  reads the state directly, proven equal to ``observe(view(player), player)`` by the research
  tests on thousands of positions), else from ``state.view(player)``.

>>> space = ActionSpace([ActionKind("draw"), ActionKind("play", ((1, 2, 3),)),
...                      ActionKind("give", (("a", "b"), (1, 2)))])
>>> space.size
8
>>> space.encode(Action(1, "give", ("b", 1)))
6
>>> space.decode(6, player=1)
Action(player=1, verb='give', args=('b', 1))
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, MutableSequence, Sequence
from dataclasses import dataclass
from typing import Any

from ludus.core.actions import Action, Arg
from ludus.core.errors import N_, LudusError
from ludus.core.seat_check import Seated, check_seat

__all__ = ["ActionKind", "ActionSpace", "ObservationLayout", "ObservationSlice", "observe_into",
           "observe_state_into"]


@dataclass(frozen=True, slots=True)
class ActionKind:
    """A verb with a fixed number of arguments, and every value each argument may take."""

    verb: str
    args: tuple[tuple[Arg, ...], ...] = ()

    @property
    def size(self) -> int:
        """How many actions of this kind there are."""
        n = 1
        for values in self.args:
            n *= len(values)
        return n


class ActionSpace:
    """Every action a game may offer at a player count, numbered ``0 … size - 1``.

    Two kinds may share a verb only with different numbers of arguments. Raises
    :class:`ValueError` for a space declared with a duplicate kind or value.
    """

    __slots__ = ("_decoded", "_encoded", "_index", "_kinds", "_offsets", "size")

    _MEMO = 1 << 16
    """Actions remembered by :meth:`encode` and :meth:`decode` (the memos are emptied past it)."""

    def __init__(self, kinds: Sequence[ActionKind]) -> None:
        self._kinds = tuple(kinds)
        self._offsets: list[int] = []
        self._index: dict[tuple[str, int], tuple[int, ActionKind, tuple[dict[Arg, int], ...]]] = {}
        offset = 0
        for kind in self._kinds:
            key = (kind.verb, len(kind.args))
            if key in self._index:
                raise ValueError(f"two kinds of {kind.verb!r} with {len(kind.args)} arguments")
            positions = tuple({v: i for i, v in enumerate(values)} for values in kind.args)
            if any(len(p) != len(values) for p, values in zip(positions, kind.args)):
                raise ValueError(f"a value repeats among the arguments of {kind.verb!r}")
            self._index[key] = (offset, kind, positions)
            self._offsets.append(offset)
            offset += kind.size
        self.size = offset
        self._encoded: dict[int, tuple[Action, int]] = {}
        """Numbers by the identity of the action encoded (the games reuse their action objects),
        with the action, so that a number is never given for another object with a reused id."""
        self._decoded: dict[tuple[int, int], Action] = {}

    @property
    def kinds(self) -> tuple[ActionKind, ...]:
        """The kinds, in the order they are numbered."""
        return self._kinds

    def encode(self, action: Action) -> int:
        """The number of ``action`` (its seat left out); :class:`LudusError` if the space lacks it."""
        known = self._encoded.get(id(action))
        if known is not None and known[0] is action:
            return known[1]
        number = self._encode(action)
        if len(self._encoded) >= self._MEMO:
            self._encoded.clear()
        self._encoded[id(action)] = (action, number)
        return number

    def _encode(self, action: Action) -> int:
        found = self._index.get((str(action.verb), len(action.args)))
        if found is None:
            raise LudusError(N_("the action {action} is not in the game's action space"), action=str(action))
        index, kind, positions = found
        radix = 0
        for value, where, values in zip(action.args, positions, kind.args):
            position = where.get(value)
            if position is None:
                raise LudusError(N_("the action {action} is not in the game's action space"),
                                 action=str(action))
            radix = radix * len(values) + position
        return index + radix

    def decode(self, number: int, player: int) -> Action:
        """The action numbered ``number``, taken by seat ``player`` (the same object each time)."""
        key = (number, player)
        action = self._decoded.get(key) if type(number) is int else None
        if action is None:
            action = self._decode(number, player)
            if len(self._decoded) >= self._MEMO:
                self._decoded.clear()
            self._decoded[key] = action
        return action

    def _decode(self, number: int, player: int) -> Action:
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < self.size:
            raise LudusError(N_("there is no action number {number} (the game has {size})"),
                             number=repr(number)[:40], size=self.size)
        low, high = 0, len(self._offsets) - 1
        while low < high:  # the last kind starting at or before ``number``
            mid = (low + high + 1) // 2
            if self._offsets[mid] <= number:
                low = mid
            else:
                high = mid - 1
        kind = self._kinds[low]
        rest = number - self._offsets[low]
        args: list[Arg] = []
        for values in reversed(kind.args):
            rest, position = divmod(rest, len(values))
            args.append(values[position])
        return Action(player, kind.verb, tuple(reversed(args)))

    def lines(self) -> list[str]:
        """The space in words, one kind a line (``offset size verb [values] …``): its golden file."""
        return [f"{offset} {kind.size} {kind.verb} "
                + " ".join("[" + ",".join(map(str, values)) + "]" for values in kind.args)
                for offset, kind in zip(self._offsets, self._kinds)]

    def digest(self) -> str:
        """A stable hash of the numbering (16 hex characters)."""
        return hashlib.sha256("\n".join(self.lines()).encode()).hexdigest()[:16]

    def golden_text(self) -> str:
        """The numbering as a game's golden file keeps it: :meth:`lines`, then ``digest <hex>``."""
        return "\n".join([*self.lines(), f"digest {self.digest()}"]) + "\n"


@dataclass(frozen=True, slots=True)
class ObservationSlice:
    """A named part of an observation vector: ``size`` floats from ``start``."""

    name: str
    start: int
    size: int
    doc: str

    @property
    def stop(self) -> int:
        """Where the slice ends (exclusive)."""
        return self.start + self.size


class ObservationLayout:
    """The named slices of a flat observation, in order.

    >>> layout = ObservationLayout([("hand", 6, "cards in hand, by value"), ("scores", 2, "points per seat")])
    >>> layout.size, layout["scores"].start
    (8, 6)
    """

    __slots__ = ("_by_name", "size", "slices")

    def __init__(self, parts: Sequence[tuple[str, int, str]]) -> None:
        slices: list[ObservationSlice] = []
        start = 0
        for name, size, doc in parts:
            if size < 0:
                raise ValueError(f"slice {name!r} has a negative size")
            slices.append(ObservationSlice(name, start, size, doc))
            start += size
        self.slices = tuple(slices)
        self.size = start
        self._by_name = {s.name: s for s in slices}
        if len(self._by_name) != len(slices):
            raise ValueError("two observation slices share a name")

    def __getitem__(self, name: str) -> ObservationSlice:
        return self._by_name[name]

    def zeros(self) -> list[float]:
        """A vector of the layout's size, all zero (to fill)."""
        return [0.0] * self.size

    def lines(self) -> list[str]:
        """The layout in words, one slice a line (``start size name: doc``)."""
        return [f"{s.start} {s.size} {s.name}: {s.doc}" for s in self.slices]


def observe_into(spaces: Any, buf: Any, view: Mapping[str, Any], player: int | None,
                 layout: ObservationLayout) -> None:
    """Write ``player``'s observation from its ``view`` into ``buf``: ``layout.size`` float32s, a
    C-contiguous numpy array or a row of one (numpy is the research extra's, not core's).

    ``spaces`` is the game's spaces module: its ``observe_into(out, view, player, layout)``, if it has
    one, writes into a zeroed ``memoryview`` of ``buf`` (the same code as its ``observe``, so the
    same floats); otherwise its ``observe`` list is copied in. Either way ``buf`` ends up equal to
    ``numpy.asarray(observe(view, player, layout), numpy.float32)``: built from the view only.
    """
    if len(buf) != layout.size:
        raise ValueError(f"the buffer holds {len(buf)} floats, the observation {layout.size}")
    if spaces is None:
        buf.fill(0.0)
        return
    into = getattr(spaces, "observe_into", None)
    if into is None:
        buf[:] = spaces.observe(view, player, layout)
        return
    buf.fill(0.0)
    out: MutableSequence[float] = memoryview(buf)  # type: ignore[assignment]
    into(out, view, player, layout)


def observe_state_into(spaces: Any, buf: Any, state: Seated, player: int | None,
                       layout: ObservationLayout, encoder: Any = None) -> None:
    """Write ``player``'s observation of ``state`` into ``buf`` (as :func:`observe_into` does from
    ``state.view(player)``): through the game's ``encoder`` facet (its ``observe_state``) if it has one, the
    same floats without building the view; the seat is checked first, as ``view`` checks it."""
    direct = getattr(encoder, "observe_state", None)
    if direct is None:
        observe_into(spaces, buf, state.view(player), player, layout)  # type: ignore[attr-defined]
        return
    check_seat(state, player)
    if len(buf) != layout.size:
        raise ValueError(f"the buffer holds {len(buf)} floats, the observation {layout.size}")
    buf.fill(0.0)
    out: MutableSequence[float] = memoryview(buf)  # type: ignore[assignment]
    direct(out, state, player, layout)
