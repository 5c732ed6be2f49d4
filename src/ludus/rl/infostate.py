"""Information-state tensors: what a seat has seen, in a fixed layout (OpenSpiel's NFSP, Deep CFR).

An observation (:meth:`Game.observe <ludus.core.api.Game.observe>`) is what a seat sees *now*; an
information state adds what it has seen *before*. :class:`InfoStateLayout` lays out, for one game,
player count and action numbering, a flat float32 vector of four parts:

==========================  ========================  =============================================
slice                       size                      what it holds
==========================  ========================  =============================================
the observation's slices    ``L`` (the game's layout)  the seat's observation now, as ``observe``
``own_action_counts``       ``A``                     how many times the seat has played each number
                                                      since the deal (decline too, with reaction
                                                      windows): its own actions, all of them, as
                                                      counts
``own_decisions``           1                         how many decisions the seat has made
``recent_actions``          ``recall × A``            one-hot of its last ``recall`` actions, the
                                                      latest first (zeros before it has made them)
``recent_observations``     ``recall × L``            its observation just before each of those
                                                      actions: what it saw when it chose them
==========================  ========================  =============================================

``L`` is ``game.observation_layout.size``, ``A`` the number of actions OpenSpiel sees (the game's
numbering, plus one for decline with reaction windows) and ``recall`` the adapter's ``recall``
parameter.

Every part comes from the seat's own views (``view(seat)``, through ``observe``) and its own actions,
so two positions that differ only in what the seat cannot see give the same tensor. What it drops:
the *order* of the seat's actions older than ``recall`` decisions (their counts stay), what it saw
between two of its decisions other than at those decisions (the other seats' moves in between show
only through the observation they leave behind), and every count of the other seats' decisions (how
many steps another seat took can depend on what it holds). It is therefore perfect recall of the
seat's own actions as a multiset, and of its recent history; full perfect recall of every past view
would need a vector that grows with the game.

>>> from ludus import load
>>> layout = InfoStateLayout(load("trajan", 2), actions=398, recall=1)
>>> layout.size == 2 * load("trajan", 2).observation_layout.size + 2 * 398 + 1
True
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ludus.core.api import Game
from ludus.core.spaces import ObservationLayout

__all__ = ["InfoStateLayout", "SeatRecord"]

FloatArray = npt.NDArray[np.float32]


class InfoStateLayout:
    """The named slices of a seat's information-state tensor (see the module's documentation).

    Raises ``ValueError`` when the game has no observation layout: then there
    is nothing to build an information state from.
    """

    __slots__ = ("actions", "layout", "observation_size", "recall")

    def __init__(self, game: Game[Any], actions: int, recall: int) -> None:
        if recall < 0:
            raise ValueError(f"recall must be >= 0, got {recall}")
        observed = game.observation_layout
        if observed.size == 0:  # a programmer's error, as Turns' for a game without a numbering
            raise ValueError(f"{game.info.id} declares no observation, so it has no information-state tensor")
        self.actions = actions
        self.recall = recall
        self.observation_size = observed.size
        parts = [(s.name, s.size, s.doc) for s in observed.slices]
        parts += [
            ("own_action_counts", actions, "times the seat played each action number"),
            ("own_decisions", 1, "decisions the seat has made"),
            ("recent_actions", recall * actions, "one-hot of the seat's last actions, latest first"),
            ("recent_observations", recall * observed.size,
             "the seat's observation before each of those actions"),
        ]
        self.layout = ObservationLayout(parts)

    @property
    def size(self) -> int:
        """The tensor's length."""
        return self.layout.size

    def fill(self, out: FloatArray, observation: FloatArray | None, record: SeatRecord) -> None:
        """Write the tensor into ``out`` (of :attr:`size`): ``observation`` is the seat's now (``None``
        before the deal: zeros), ``record`` what it did and saw before."""
        out[:] = 0.0
        size = self.observation_size
        if observation is not None:
            out[:size] = observation
        counts = self.layout["own_action_counts"].start
        for number in record.actions:
            out[counts + number] += 1.0
        out[self.layout["own_decisions"].start] = len(record.actions)
        actions = self.layout["recent_actions"].start
        observations = self.layout["recent_observations"].start
        for back, seen in enumerate(record.seen):
            out[actions + back * self.actions + record.actions[-1 - back]] = 1.0
            out[observations + back * size:observations + (back + 1) * size] = seen


class SeatRecord:
    """What one seat did and saw: every action number it played, and its observation before each of
    its last ``recall`` actions (the latest first).

    The observations are read-only arrays, shared between copies (a copy never changes them): the
    OpenSpiel states deep-copy their records at every clone.
    """

    __slots__ = ("actions", "recall", "seen")

    def __init__(self, recall: int) -> None:
        self.recall = recall
        self.actions: list[int] = []
        self.seen: list[FloatArray] = []

    def add(self, number: int, observation: FloatArray | None) -> None:
        """The seat played ``number`` having seen ``observation`` (``None`` when ``recall`` is 0)."""
        self.actions.append(number)
        if self.recall and observation is not None:
            observation.setflags(write=False)
            self.seen.insert(0, observation)
            del self.seen[self.recall:]

    def copy(self) -> SeatRecord:
        """An independent record (the observations shared: they are read-only)."""
        other = SeatRecord(self.recall)
        other.actions = list(self.actions)
        other.seen = list(self.seen)
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> SeatRecord:
        return self.copy()

    def __copy__(self) -> SeatRecord:
        return self.copy()

    def __getstate__(self) -> dict[str, Any]:
        return {"actions": self.actions, "recall": self.recall, "seen": [s.tolist() for s in self.seen]}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.recall = int(data["recall"])
        self.actions = [int(a) for a in data["actions"]]
        self.seen = []
        for values in data["seen"]:
            seen = np.asarray(values, dtype=np.float32)
            seen.setflags(write=False)
            self.seen.append(seen)

