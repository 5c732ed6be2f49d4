"""What front ends need at the table, for every game: undo (and where the fatal-move warning is).

**Undo, the Board Game Arena way.** A seat may take back its own latest actions while
no other seat has acted since, and as long as none of them revealed hidden information
or used randomness. :class:`UndoHistory` applies actions for a front end and keeps the
position before each; :meth:`UndoHistory.undoable` says how many actions a seat may take
back, :meth:`UndoHistory.undo` gives the earlier position. In a solo game that is every
action back to the last reveal.

Whether an action revealed something is decided from the game's own API, so every game
has it without writing anything: the action is replayed in positions the acting seat
cannot tell from the real one (``determinize(seat)``); if the acting seat's view or the
public view afterwards differs from the real outcome, the outcome depended on something
the seat did not know — a card drawn, a card flipped, a hand compared — and the step is
a barrier. So is an action that drew from the state's random generator.

**Fatal moves** are the table driver's: :func:`ludus.core.driver.loses_at_once` tells whether
an action surely ends the game at once in a loss for the side that takes it, judged only from
what that seat knows, and ``Table.play`` asks for a confirmation (:class:`~ludus.core.driver.FatalMove`).

>>> import ludus
>>> state = ludus.load("glory-to-rome", 2).new_state(3)
>>> history = UndoHistory()
>>> _ = history.play(state, state.game.parse_action(state, "1:lead legionary school"))
>>> history.undoable(1)   # leading shows a card of its own hand: nothing it did not know
1
>>> state = history.undo(1)
>>> _ = history.play(state, state.game.parse_action(state, "1:think_draw"))
>>> history.undoable(1)   # it saw the cards it drew: no way back
0
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ludus.core.actions import Action
from ludus.core.api import State
from ludus.core.errors import N_, LudusError
from ludus.core.events import Event
from ludus.core.i18n import Lang, get_lang

__all__ = ["PROBES", "UndoHistory", "reveals"]

PROBES = 2
"""Positions the acting seat cannot tell apart in which :func:`reveals` replays an action."""


Viewer = Callable[[int | None], dict[str, Any]]
"""A seat's view of one position (``state.view``, or a table's copy of it built once)."""


def _seen(view: dict[str, Any]) -> Any:
    return json.loads(json.dumps(view, sort_keys=True))


def _same(view: dict[str, Any], other: dict[str, Any]) -> bool:
    """Whether two views say the same once written as JSON (a tuple and a list alike): equal as
    they are (the common case, no copy made), else compared as JSON."""
    return view == other or _seen(view) == _seen(other)


def reveals(before: State, action: Action, after: State, viewer: Viewer | None = None) -> bool:
    """Whether ``action`` (taken in ``before``, giving ``after``) told anyone something its
    seat did not know, or used randomness: then it cannot be taken back. ``viewer``: the
    views of ``after`` when they are at hand (default ``after.view``)."""
    if after.rng.state != before.rng.state:
        return True
    seat = action.player
    view = viewer or after.view
    mine, public = view(seat), view(None)
    for k in range(PROBES):
        world = before.determinize(seat, 0x5EED + k)
        world.rng.state = before.rng.state
        try:
            world.apply(action)
        except LudusError:
            return True  # its own options depended on something hidden: be safe
        if not _same(world.view(seat), mine) or not _same(world.view(None), public):
            return True
    return False


@dataclass(slots=True)
class _Step:
    seat: int
    action: Action
    before: State
    barrier: bool | None = None
    """Whether the action revealed something or used chance (found when first asked)."""
    forced: bool | None = None
    """Whether it was the seat's forced move (``State.forced``), which a front end plays for a person."""


class UndoHistory:
    """Applies a game's actions for a front end and lets a seat take back its own.

    Keep one per game in progress and route every action through :meth:`play` (or
    :meth:`record`; the people's and the bots'), so that another seat's action closes
    the way back. Only the trailing run of one seat's actions is kept (nothing before
    another seat's action can be taken back), and whether an action revealed something
    is worked out only when asked, from the position before it and the one after it: so
    the state handed to :meth:`play` is the position now until the next action.
    """

    def __init__(self, viewer: Viewer | None = None) -> None:
        self.steps: list[_Step] = []
        self.now: State | None = None
        """The position after the latest step (the state :meth:`play` changed)."""
        self.viewer = viewer
        """The views of :attr:`now`, when a front end holds them (a table driver's, built once)."""

    def play(self, state: State, action: Action) -> list[Event]:
        """Apply ``action`` to ``state`` (raises like ``apply``) and remember the position before it."""
        before = state.clone()
        events = state.apply(action)
        self.record(before, action, state)
        return events

    def record(self, before: State, action: Action, after: State) -> None:
        """Remember that ``action`` led from ``before`` (a copy nobody changes) to ``after``."""
        if self.steps and self.steps[-1].seat != action.player:
            self.steps.clear()  # another seat acted: nothing before it can come back
        self.steps.append(_Step(action.player, action, before))
        self.now = after

    def _barrier(self, k: int) -> bool:
        step = self.steps[k]
        if step.barrier is None:
            last = k + 1 == len(self.steps)
            after = self.now if last else self.steps[k + 1].before
            viewer = self.viewer if last else None
            step.barrier = after is None or reveals(step.before, step.action, after, viewer)
        return step.barrier

    def undoable(self, seat: int) -> int:
        """How many of the latest actions ``seat`` may take back now (0: none)."""
        count = 0
        for k in range(len(self.steps) - 1, -1, -1):
            if self.steps[k].seat != seat or self._barrier(k):
                break
            count += 1
        return count

    def unit(self, seat: int) -> int:
        """How many actions one undo of ``seat`` takes back in a front end: its latest choice
        with the forced moves played for it since (taking back only a forced move would leave
        a position in which it is played again). 0: it may not."""
        for k in range(len(self.steps) - 1, -1, -1):
            step = self.steps[k]
            if step.seat != seat or self._barrier(k):
                return 0
            if step.forced is None:
                step.forced = seat in step.before.to_move() and step.before.forced(seat) is not None
            if not step.forced:
                return len(self.steps) - k
        return 0

    def why_not(self, seat: int, lang: Lang | None = None) -> str:
        """Why ``seat`` cannot take back an action now, in ``lang`` (empty when it can)."""
        lang = lang or get_lang("en")
        _ = lang.gettext
        if not self.steps:
            return _("nothing has been played yet")
        last = self.steps[-1]
        if last.seat != seat:
            return _("{player} has acted since").format(player=lang.player(last.seat))
        if self._barrier(len(self.steps) - 1):
            return _("your last action revealed something hidden or used chance")
        return ""

    def undo(self, seat: int) -> State:
        """Take back ``seat``'s latest action: the position before it (a fresh copy).

        Raises :class:`LudusError` (saying why) when the seat may not.
        """
        reason = self.why_not(seat)
        if reason:
            raise LudusError(N_("cannot undo: {reason}"), reason=reason)
        return self.take_back(1)

    def take_back(self, steps: int) -> State:
        """Take back the latest ``steps`` actions unchecked (their seat's undo, read from a
        log): the position before them (a fresh copy)."""
        before = self.steps[-steps].before
        del self.steps[-steps:]
        self.now = before.clone()
        return self.now

    def forget(self) -> None:
        """Close the way back entirely (e.g. after loading a saved game)."""
        for step in self.steps:
            step.barrier = True
