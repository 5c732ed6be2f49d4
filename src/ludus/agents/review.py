"""Game review (issue 39): every decision of a played game valued from its seat's view at that moment.

:func:`review` replays a record (or takes the positions of a game, :func:`positions`) and, at each
decision a seat took on its turn with more than one legal option, analyses the seat's options
(:func:`~ludus.agents.analysis.analyse`, the move played always among them): the value of the move
played and of the best option found, on the same determinizations from the seat's view then, and
the **loss**, best − played (0 when the move played was the best found). A decision whose loss is
at least :data:`MISTAKE` is a **mistake**, with the move the analysis preferred.

Forced moves (one legal option) are not valued, nor are optional out-of-turn actions (a Fall of
Rome event card played on another player's turn), nor a move written in an older notation that the
game still replays but no longer offers (a record of an earlier version): the review values the
decisions a seat was asked to take, among the options it was offered.

What a seat may see of a review (:meth:`Review.for_seat`): its own decisions while the game is not
over, everyone's once it is (a decision's options can name the seat's hidden cards).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ludus.agents.analysis import Analysis, Budget, analyse, budget_for
from ludus.core.actions import Action
from ludus.core.api import Game, State
from ludus.core.record import GameRecord, replay
from ludus.core.registry import configure

__all__ = ["MISTAKE", "REVIEW_BUDGETS", "REVIEW_LEVEL", "Decision", "Position", "Review", "positions",
           "review", "review_budget"]

MISTAKE = 0.1
"""The loss (on the returns' scale, −1 … +1) from which a decision is a mistake: 0.1 is 5 points of
chance to win at a 2-player table, a tenth of a place at 3 players. Smaller losses are within what
the review's few simulations can tell apart."""

REVIEW_LEVEL = "hard"
"""The level whose budget a review spends on each decision by default (:func:`review_budget`)."""

REVIEW_BUDGETS: dict[str, Budget] = {"trajan": Budget(worlds=4, width=3),
                                     "fall-of-rome": Budget(worlds=1, width=2, turns=1)}
"""Games whose review spends less than :data:`REVIEW_LEVEL`'s budget, to keep a 2-player game's
review under 60 s of CPU on one core (docs/bots.md "Hints and game review"): Trajan's ``hard``
budget (6 determinizations) took 65 s, its simulations replaying greedy turns that each try every
option; Fall of Rome's (2 determinizations of 3 options) took 109 s, each simulated action being the
greedy bot's turn planner: its review plays the greedy bot's choice (the planner's), the next best
option by one step and the move played, on one determinization."""


@dataclass(frozen=True, slots=True)
class Position:
    """A decision of a played game: the state before action ``number`` (1-based) and that action."""

    number: int
    state: State
    action: Action


@dataclass(frozen=True, slots=True)
class Decision:
    """One reviewed decision: action ``number`` of the record, taken by ``seat``."""

    number: int
    seat: int
    played: Action
    best: Action
    """The option valued highest (the move played when it was the best found)."""
    played_value: float
    best_value: float
    options: int
    """How many legal options the seat had."""
    analysis: Analysis
    """The seat's options valued (best first), the move played among them."""

    @property
    def loss(self) -> float:
        """What the move played gave up: best − played, on the returns' scale (0 or more)."""
        return max(0.0, self.best_value - self.played_value)

    @property
    def mistake(self) -> bool:
        """Whether the loss is at least :data:`MISTAKE`."""
        return self.loss >= MISTAKE

    def to_json(self) -> dict[str, Any]:
        """The decision as JSON: notations, values on the returns' scale and their readings."""
        played, best = self.analysis.option(self.played), self.analysis.best
        return {"number": self.number, "seat": self.seat, "played": str(self.played), "best": str(self.best),
                "played_value": round(self.played_value, 6), "best_value": round(self.best_value, 6),
                "loss": round(self.loss, 6), "mistake": self.mistake, "legal_options": self.options,
                "played_win_chance": played.win_chance if played else None,
                "best_win_chance": best.win_chance,
                "played_expected_place": played.expected_place if played else None,
                "best_expected_place": best.expected_place,
                "analysis": self.analysis.to_json()}


@dataclass(frozen=True, slots=True)
class Review:
    """A game's reviewed decisions in the order they were taken.

    ``finished``: whether the game was over (otherwise the decisions so far); ``seats``: the seats
    whose decisions it holds (:meth:`for_seat` narrows it); ``actions``: the record's length.
    """

    game: str
    players: int
    finished: bool
    actions: int
    decisions: tuple[Decision, ...]
    seats: tuple[int, ...]
    level: str | None
    """The level whose budget valued each decision (None: the review's default, :func:`review_budget`;
    "custom": a budget given)."""
    budget: Budget

    def mistakes(self, seat: int | None = None) -> list[Decision]:
        """The mistakes (of ``seat``, or of every seat), in the order they were made."""
        return [d for d in self.decisions if d.mistake and (seat is None or d.seat == seat)]

    def for_seat(self, seat: int | None) -> Review:
        """What ``seat`` may see (None: a spectator): its own decisions while the game is not over
        (a spectator none), everyone's once it is."""
        if self.finished:
            return self
        if seat is None:
            return replace(self, decisions=(), seats=())
        if not 0 <= seat < self.players:
            raise ValueError(f"seat {seat} does not exist in a {self.players}-player game")
        return replace(self, decisions=tuple(d for d in self.decisions if d.seat == seat),
                       seats=tuple(s for s in self.seats if s == seat))

    def to_json(self) -> dict[str, Any]:
        """The review as JSON."""
        return {"game": self.game, "players": self.players, "finished": self.finished,
                "actions": self.actions, "level": self.level, "budget": self.budget.to_json(),
                "seats": list(self.seats),
                "mistake_threshold": MISTAKE, "decisions": [d.to_json() for d in self.decisions]}


def positions(record: GameRecord) -> tuple[list[Position], State]:
    """Replay ``record`` (its digests verified): the position before each action, and the state at
    the end. Raises :class:`~ludus.core.errors.RecordError` for a record that does not replay."""
    final = replay(record)  # checks the record first: a clear error, nothing half done
    game = configure(record.game, record.players, record.options)
    shadow: list[State] = [game.new_state(record.seed)]
    found: list[Position] = []

    def keep(number: int, action: Action, _events: object) -> None:
        before = shadow[0].clone()
        shadow[0].apply(action)
        found.append(Position(number, before, action))

    replay(record, verify=False, on_action=keep)
    return found, final


def review_budget(game: Game[Any], level: str | None = None) -> Budget:
    """What a review of ``game`` spends on a decision: ``level``'s budget
    (:func:`~ludus.agents.analysis.budget_for`); by default :data:`REVIEW_LEVEL`'s, or the game's
    entry in :data:`REVIEW_BUDGETS`."""
    if level is not None:
        return budget_for(game, level)
    return REVIEW_BUDGETS.get(game.info.id) or budget_for(game, REVIEW_LEVEL)


def review(source: GameRecord | tuple[Sequence[Position], State], *, level: str | None = None,
           budget: Budget | None = None, seed: int = 0, seats: Sequence[int] | None = None,
           progress: Callable[[int, int], None] | None = None) -> Review:
    """Review a played game: a record, or :func:`positions`' positions and final state.

    Every decision of the ``seats`` (default: all) with more than one legal option, taken on the
    seat's turn, is analysed with ``budget`` (default :func:`review_budget` of ``level``) from that
    seat's view then, the move played among the options; decision ``n``'s analysis is seeded from
    ``seed`` and ``n``, so a review replays. ``progress(done, total)`` is called after each decision
    valued. Raises ``ValueError`` for a seat the game does not have or an unknown level.
    """
    found, final = positions(source) if isinstance(source, GameRecord) else source
    game = final.game
    spend = budget if budget is not None else review_budget(game, level)
    wanted = tuple(range(game.players)) if seats is None else tuple(sorted(set(seats)))
    for seat in wanted:
        if not 0 <= seat < game.players:
            raise ValueError(f"seat {seat} does not exist in a {game.players}-player game")
    todo = [p for p in found if p.action.player in wanted and p.action.player in p.state.to_move()]
    offered = [(p, p.state.legal_actions(p.action.player)) for p in todo]
    # a move in an older notation the game still replays but no longer offers (a record of an earlier
    # version: Glory to Rome's legacy petitions) has no option to compare with: it is not reviewed
    counted = [(p, len(legal)) for p, legal in offered if len(legal) > 1 and p.action in legal]
    decisions: list[Decision] = []
    for done, (pos, count) in enumerate(counted, start=1):
        seat = pos.action.player
        analysis = analyse(pos.state, seat, budget=spend, seed=seed * 1_000_003 + pos.number,
                           include=(pos.action,))
        played = analysis.option(pos.action)
        assert played is not None  # it was asked for
        best = played if played.value >= analysis.best.value else analysis.best
        decisions.append(Decision(pos.number, seat, pos.action, best.action, played.value, best.value, count,
                                  analysis))
        if progress is not None:
            progress(done, len(counted))
    actions = found[-1].number if found else 0
    return Review(game.info.id, game.players, final.is_terminal(), actions, tuple(decisions), wanted,
                  level if budget is None else "custom", spend)
