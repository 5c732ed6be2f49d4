"""What a game is and how one ended: :class:`GameInfo`, :class:`Outcome`, :func:`rank_by`.

The option schema (:class:`~ludus.core.options.OptionSpec`) is in :mod:`ludus.core.options`;
:mod:`ludus.core.api` re-exports all of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludus.core.errors import N_, OptionError
from ludus.core.options import OptionSpec

__all__ = ["ACTION_CAP_FACTOR", "GameInfo", "Outcome", "rank_by", "returns_of"]

ACTION_CAP_FACTOR = 20
"""A driver stops a game after this many times its ``GameInfo.typical_actions`` actions."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game is: id, titles, player counts, kind and option schema.

    ``titles`` maps a language code (``"en"``, ``"pl"``, ``"hu"``, ``"uk"``) to the
    title in that language. ``typical_actions`` is roughly how many actions a game
    takes at its largest player count (with the random or the greedy bots, whichever
    plays longer); drivers stop a game at :data:`ACTION_CAP_FACTOR` times it
    (:attr:`Game.action_cap`), so a game whose bots never end it cannot hang a run.
    """

    id: str
    titles: Mapping[str, str]
    min_players: int
    max_players: int
    cooperative: bool = False
    hidden_information: bool = True
    simultaneous: bool = False
    options: tuple[OptionSpec, ...] = ()
    default_players: int | None = None
    summary: str = ""
    typical_actions: int = 1000

    @property
    def title(self) -> str:
        """The English title."""
        return self.titles.get("en", self.id)

    def title_in(self, lang: str) -> str:
        """The title in language ``lang`` (a code such as ``"pl"``), else the English one."""
        return self.titles.get(lang) or self.title

    def option(self, name: str) -> OptionSpec:
        """Return the spec of option ``name`` or raise :class:`OptionError`."""
        for spec in self.options:
            if spec.name == name:
                return spec
        known = ", ".join(s.name for s in self.options) or "none"
        raise OptionError(
            N_("{game} has no option {name!r} (options: {known})"), game=self.id, name=name, known=known
        )


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended.

    ``scores`` has one entry per seat (victory points; for a cooperative game the
    team's result). ``ranking`` gives each seat's place (1 = first; equal places
    for a tie that the tie-breaks do not split). ``winners`` lists the winning
    seats (all seats for a cooperative win, none for a loss). ``reason`` says why
    the game ended, in words; ``termination`` says it as a value of the game's
    termination enum (a :class:`~enum.StrEnum`, e.g. ``"deck_exhausted"``), so a
    simulation can group games by how they ended.
    """

    scores: tuple[float, ...]
    ranking: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
    cooperative_win: bool | None = None
    details: Mapping[str, Any] = field(default_factory=dict)
    termination: str = ""

    def to_json(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return {
            "scores": list(self.scores),
            "ranking": list(self.ranking),
            "winners": list(self.winners),
            "reason": self.reason,
            "cooperative_win": self.cooperative_win,
            "details": dict(self.details),
            "termination": str(self.termination),
        }


def rank_by(keys: Sequence[tuple[float, ...]]) -> tuple[int, ...]:
    """Return places (1 = best) for seats whose sort keys are ``keys`` (higher is better).

    >>> rank_by([(10, 2), (12, 0), (10, 2)])
    (2, 1, 2)
    """
    return tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)


def returns_of(outcome: Outcome) -> tuple[float, ...]:
    """Utility per seat for bots (:meth:`State.returns <ludus.core.game.State.returns>`): +1 first,
    -1 last, shared on ties; 1/-1 for every seat of a co-operative game; solo 1 for a win, else 0.

    >>> returns_of(Outcome((10.0, 12.0, 10.0), (2, 1, 2), (1,), "end"))
    (0.0, 1.0, 0.0)
    """
    n = len(outcome.ranking)
    if outcome.cooperative_win is not None:
        value = 1.0 if outcome.cooperative_win else -1.0
        return tuple(value for _ in range(n))
    if n == 1:
        return (1.0 if outcome.winners else 0.0,)
    return tuple(1.0 - 2.0 * (place - 1) / (n - 1) for place in outcome.ranking)
