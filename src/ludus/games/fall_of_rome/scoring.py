"""End of a game of Pandemic: Fall of Rome: a cooperative win or loss (KONIEC GRY)."""

from __future__ import annotations

from ludus.core.api import Outcome
from ludus.core.errors import LudusError
from ludus.games.fall_of_rome.components import COLOURS, NT, TRIBES, Termination
from ludus.games.fall_of_rome.state import FallOfRomeData

WIN = "win"
"""``state.result`` of a won game (a lost one: ``"loss: " + reason``)."""

LOSS_REASONS: dict[Termination, str] = {
    Termination.OUT_OF_CUBES: "no {colour} cubes left in the supply",
    Termination.PLAYER_DECK_EMPTY: "the player deck cannot give 2 cards",
    Termination.DECLINE: "the decline marker reached the last space",
    Termination.ROMA_SACKED: "Roma was sacked",
}
"""The four losses of KONIEC GRY, as ``Outcome.reason`` words them."""


def loss_reason(termination: Termination, tribe: int = -1) -> str:
    """The words of a loss (``tribe``: the tribe out of cubes).

    >>> loss_reason(Termination.OUT_OF_CUBES, 1)
    'no black cubes left in the supply'
    """
    return LOSS_REASONS[termination].format(colour=COLOURS[tribe] if tribe >= 0 else "")


def termination(result: str) -> Termination:
    """The :class:`Termination` of a finished game's ``result``."""
    if result == WIN:
        return Termination.ALL_TRIBES_SUBDUED
    reason = result.removeprefix("loss: ")
    for value, words in LOSS_REASONS.items():
        head, _, tail = words.partition("{colour}")
        if reason.startswith(head) and reason.endswith(tail):
            return value
    raise LudusError(f"unknown end of game {result!r}")


def tribes_subdued(state: FallOfRomeData) -> int:
    """How many tribes are allied or have no cubes on the board."""
    return sum(1 for t in range(NT) if state.allied[t] or state.supply[t] == TRIBES[t].cubes)


def outcome(state: FallOfRomeData) -> Outcome:
    """The team's result: every seat wins or loses together."""
    if not state.result:
        raise LudusError("the game is not over yet")
    win = state.result == WIN
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
        termination=termination(state.result),
    )
