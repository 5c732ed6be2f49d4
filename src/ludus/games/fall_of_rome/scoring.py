"""End of a game of Pandemic: Fall of Rome: a cooperative win or loss (KONIEC GRY)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludus.core.api import Outcome
from ludus.core.errors import LudusError
from ludus.games.fall_of_rome.components import NT, TRIBES

if TYPE_CHECKING:
    from ludus.games.fall_of_rome.state import FallOfRomeState


def tribes_subdued(state: FallOfRomeState) -> int:
    """How many tribes are allied or have no cubes on the board."""
    return sum(1 for t in range(NT) if state.allied[t] or state.supply[t] == TRIBES[t].cubes)


def outcome(state: FallOfRomeState) -> Outcome:
    """The team's result: every seat wins or loses together."""
    if not state.result:
        raise LudusError("the game is not over yet")
    win = state.result == "win"
    n = state.seats
    score = 1.0 if win else 0.0
    return Outcome(
        scores=tuple(score for _ in range(n)),
        ranking=tuple(1 for _ in range(n)),
        winners=tuple(range(n)) if win else (),
        reason="every tribe is allied or gone" if win else state.result.removeprefix("loss: "),
        cooperative_win=win,
        details={
            "decline": state.decline,
            "alliances": sum(state.allied),
            "tribes_subdued": tribes_subdued(state),
            "turns": state.turn,
        },
    )
