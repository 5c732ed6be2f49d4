"""End of a game of Pandemic: Fall of Rome: a cooperative win or loss (KONIEC GRY)."""

from __future__ import annotations

from ludus.core.api import Outcome
from ludus.core.errors import LudusError
from ludus.core.i18n import N_
from ludus.games.fall_of_rome.components import COLOURS, DOMAIN, NT, TRIBES, Termination
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
    raise LudusError(N_("unknown end of game {result!r}"), domain=DOMAIN, result=result)


def tribes_subdued(state: FallOfRomeData) -> int:
    """How many tribes are allied or have no cubes on the board."""
    return sum(1 for t in range(NT) if state.allied[t] or state.supply[t] == TRIBES[t].cubes)


SHEET_LABELS: dict[str, str] = {
    "tribes_subdued": N_("Tribes no longer a threat (of 5)"),
    "alliances": N_("Alliances forged"),
    "tribes_cleared": N_("Tribes with no cubes on the board"),
    "barbarians": N_("Barbarians on the board"),
    "decline": N_("Decline track (lost on space 8)"),
    "invasion_track": N_("Invasion track"),
    "legions": N_("Legions on the board"),
    "forts": N_("Forts on the board"),
    "turns": N_("Turns played"),
}
"""The score sheet's rows (KONIEC GRY: a tribe is no threat once allied or gone from the board)."""


def sheet(state: FallOfRomeData) -> list[dict[str, object]]:
    """The score sheet: one row per category, the team's figure repeated for every seat."""
    cleared = sum(1 for t in range(NT) if state.supply[t] == TRIBES[t].cubes)
    values = {
        "tribes_subdued": tribes_subdued(state),
        "alliances": sum(state.allied),
        "tribes_cleared": cleared,
        "barbarians": sum(state.cubes),
        "decline": state.decline,
        "invasion_track": state.rate + 1,
        "legions": sum(state.legions),
        "forts": sum(1 for f in state.forts if f),
        "turns": state.turn,
    }
    return [{"category": k, "label": SHEET_LABELS[k], "points": [values[k]] * state.seats}
            for k in SHEET_LABELS]


def outcome(state: FallOfRomeData) -> Outcome:
    """The team's result: every seat wins or loses together.

    ``details`` keeps the figures of ludus 0.1.0 (``decline``, ``alliances``,
    ``tribes_subdued``, ``turns``) and adds ``sheet`` (:func:`sheet`), ``result``
    (``"win"`` or ``"loss"``) and ``ended`` (the rulebook's words for how it ended).
    """
    if not state.result:
        raise LudusError(N_("the game is not over yet"), domain=DOMAIN)
    win = state.result == WIN
    n = state.seats
    reason = "every tribe is allied or gone" if win else state.result.removeprefix("loss: ")
    score = 1.0 if win else 0.0
    return Outcome(
        scores=tuple(score for _ in range(n)),
        ranking=tuple(1 for _ in range(n)),
        winners=tuple(range(n)) if win else (),
        reason=reason,
        cooperative_win=win,
        details={
            "decline": state.decline,
            "alliances": sum(state.allied),
            "tribes_subdued": tribes_subdued(state),
            "turns": state.turn,
            "sheet": sheet(state),
            "result": "win" if win else "loss",
            "ended": reason,
        },
        termination=termination(state.result),
    )
