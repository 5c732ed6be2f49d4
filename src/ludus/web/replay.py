"""Stepping through a game after the fact, action by action, from any seat's view.

A finished game may be watched from every seat (its hands are no secret any more);
while a game is being played its replay shows the spectator's view only, so a replay
can never tell a player what its opponents hold.
"""

from __future__ import annotations

from ludus.core.api import State
from ludus.core.errors import N_
from ludus.core.events import Event
from ludus.web.live import Forbidden, Live

__all__ = ["position"]


def position(live: Live, at: int, seat: int | None) -> tuple[State, list[Event], int]:
    """The state after the first ``at`` actions of ``live``'s game, the events of the last
    of them that ``seat`` may see, and how many actions the game has.

    Raises :class:`~ludus.web.live.Forbidden` for a seat's view of a game in play.
    """
    with live.lock:
        if seat is not None and live.status == "playing":
            raise Forbidden(N_("while the game is played, its replay shows the spectator's view only"))
        if seat is not None and not 0 <= seat < live.game.players:
            raise Forbidden(N_("there is no seat {seat} at this table"), seat=seat)
        played = list(live.table.actions)
        game, seed = live.game, live.row.seed
    at = max(0, min(at, len(played)))
    state = game.new_state(seed)
    events: list[Event] = []
    for action in played[:at]:
        events = state.apply(action)
    return state, [e for e in events if e.is_visible_to(seat)], len(played)
