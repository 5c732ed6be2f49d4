"""What a seat's options are worth: the values behind hints and game review (issue 39).

:func:`analyse` values a seat's options at a position the way the levels' policy rollout
(:class:`~ludus.agents.rollout.Rollout`) compares its candidates, but spends its budget evenly so
that every option gets a value, not only the winner:

- the **options** valued are the greedy bot's own choice and the seat's next legal actions best
  first by one step's value on a determinization (the greedy bot's look-ahead), ``width`` in all
  (every level's budget has at least 3, so a hint has 3 to show when the seat has 3), and any action
  the caller asks for (a review asks for the move that was played);
- each of ``worlds`` **determinizations** of the position from the seat
  (``state.determinize(seat, seed)``: what the seat has not seen re-dealt, the dice re-seeded)
  plays every option on a copy of itself, then lets the greedy bot play every seat until ``turns``
  more turns have begun (:meth:`~ludus.core.api.Game.turn_key`), as the levels' simulations do;
  every option meets the same deals and the same dice (common random numbers), so a difference
  between two options is the options', not the luck's;
- the position reached is **valued** on the returns' scale (:meth:`~ludus.core.api.State.returns`:
  −1 last … +1 first, the team's result in a co-operative game): a finished game's returns, else
  the game's :meth:`~ludus.core.api.Game.evaluate_all` for the seat (blended with the game's
  learned value where the ``expert`` level uses one). An option's value is its mean.

The analysis reads the position only through ``state.legal_actions(seat)`` and
``state.determinize(seat, seed)``, so it is a function of what the seat knows and the seed: two
positions the seat cannot tell apart give the same analysis (the bots' twin-position guarantee,
``tests/agents/test_analysis.py``).

A value ``v`` reads as a **chance to win** ``(1 + v) / 2`` at a 2-player table and in a
co-operative game (the team's), where the returns are +1 for a win and −1 for a loss, and as an
**expected place** ``1 + (1 − v)(n − 1) / 2`` at a table of ``n ≥ 3`` (the returns are linear in the
place); solo in a competitive game the value is the game's own (its score's) and has no percentage.
Before the end these are the search's estimates, not measured frequencies.

>>> import ludus
>>> state = ludus.load("glory-to-rome", 2).new_state(seed=1)
>>> seat = state.to_move()[0]
>>> analysis = analyse(state, seat, budget=Budget(worlds=2, width=3, turns=1))
>>> len(analysis.options) >= 3 and analysis.best.value >= analysis.options[-1].value
True
>>> 0.0 <= analysis.best.win_chance <= 1.0
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal

from ludus.agents.rollout import STEP_CAP, _Greedy, _ranked
from ludus.agents.value import LearnedValue
from ludus.core.actions import Action
from ludus.core.api import Game, State
from ludus.core.rng import Rng

__all__ = ["HINT_LEVEL", "HINT_LEVELS", "LEVELS", "MIN_OPTIONS", "Analysis", "Budget", "Option", "analyse",
           "budget_for", "expected_place", "hint_level", "win_chance"]

AnalysisLevel = Literal["easy", "normal", "hard", "expert"]

LEVELS: tuple[AnalysisLevel, ...] = ("easy", "normal", "hard", "expert")
"""The budgets an analysis may spend, as the strength levels are named (weakest first)."""

HINT_LEVEL: AnalysisLevel = "expert"
"""The budget of a hint: the ``expert`` level's, the strongest (except in :data:`HINT_LEVELS`)."""

HINT_LEVELS: dict[str, AnalysisLevel] = {"fall-of-rome": "hard"}
"""Games whose hint spends a smaller level's budget, to keep a hint under 2 s of CPU at the 95th
percentile (docs/bots.md "Hints and game review"): in Fall of Rome every simulated action is the
greedy bot's turn planner, and ``expert``'s budget took 3.3 s at the 95th percentile."""

MIN_OPTIONS = 3
"""An analysis values at least this many options, when the seat has that many."""


@dataclass(frozen=True, slots=True)
class Budget:
    """What an analysis spends: ``worlds`` determinizations, each playing every one of ``width``
    options (fewer when the seat has fewer; and the ones asked for); ``turns`` turns begun before a
    simulation is valued (None: the game's :attr:`~ludus.core.api.Game.search_turns`, 0: valued right
    after the option, the greedy bot's one step); ``learned``: blend the game's learned value, where
    one is shipped, into unfinished simulations (as the ``expert`` level does)."""

    worlds: int
    width: int
    turns: int | None = None
    learned: bool = False

    def __post_init__(self) -> None:
        if self.worlds < 1 or self.width < 1 or (self.turns is not None and self.turns < 0):
            raise ValueError(f"need worlds >= 1, width >= 1, turns >= 0; got {self.worlds}, {self.width}, "
                             f"{self.turns}")

    def to_json(self) -> dict[str, Any]:
        """The budget as JSON."""
        return {"worlds": self.worlds, "width": self.width, "turns": self.turns, "learned": self.learned}


def budget_for(game: Game[Any], level: str) -> Budget:
    """The budget an analysis of ``game`` spends at ``level`` (one of :data:`LEVELS`), from the
    game's level search (:attr:`~ludus.core.api.Game.level_search`):

    - ``easy``: the greedy bot's view, each option valued right after it on 4 determinizations;
    - policy rollout (``"rollout"``): as many determinizations as the level's simulations of each
      candidate, its candidates (``expert``: its :attr:`~ludus.core.api.Game.expert_budget`, its
      :attr:`~ludus.core.api.Game.expert_turns` and the learned value where the game uses one);
    - the wider planner (``"plan"``, Fall of Rome): half the level's beam as determinizations (at
      least 1; ``expert`` three times ``hard``'s), 3 options, simulations one turn long (the greedy bot
      plans the rest of the turn itself, 13 ms an action, so a simulation costs far more than in the
      other games);
    - ISMCTS: a hundredth of the level's iterations as determinizations (at least 2), the game's
      :attr:`~ludus.core.api.Game.search_width` options, simulations one turn long.
    """
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}; got {level!r}")
    width = max(MIN_OPTIONS, game.search_width)
    if level == "easy":
        return Budget(worlds=4, width=width, turns=0)
    name, normal, hard = game.level_search
    if name == "rollout":
        if level == "expert":
            budget, width = game.expert_budget or (hard * 3, game.search_width + 1)
            return Budget(worlds=max(1, budget * 2 // max(2, game.players)), width=max(MIN_OPTIONS, width),
                          turns=game.expert_turns, learned=game.expert_value)
        budget = normal if level == "normal" else hard
        return Budget(worlds=max(1, budget * 2 // max(2, game.players)), width=width)
    budget = {"normal": normal, "hard": hard, "expert": 3 * hard}[level]
    if name == "plan":
        return Budget(worlds=max(1, budget // 2), width=MIN_OPTIONS, turns=1)
    return Budget(worlds=max(2, budget // 100), width=width, turns=1)


def hint_level(game: Game[Any]) -> str:
    """The level whose budget a hint at ``game`` spends: :data:`HINT_LEVEL`, or the game's entry in
    :data:`HINT_LEVELS`."""
    return HINT_LEVELS.get(game.info.id, HINT_LEVEL)


def win_chance(value: float, players: int, cooperative: bool) -> float | None:
    """The chance to win a value reads as (0 to 1): at a 2-player table or in a co-operative game;
    else None.

    >>> win_chance(0.24, 2, False)
    0.62
    >>> win_chance(0.5, 3, False) is None
    True
    """
    if not cooperative and players != 2:
        return None
    return round(min(1.0, max(0.0, (1.0 + value) / 2.0)), 6)


def expected_place(value: float, players: int, cooperative: bool) -> float | None:
    """The place a value reads as (1 = first) at a competitive table of 3 or more; else None.

    >>> expected_place(0.0, 3, False)
    2.0
    """
    if cooperative or players < 3:
        return None
    return round(1.0 + (1.0 - min(1.0, max(-1.0, value))) * (players - 1) / 2.0, 6)


@dataclass(frozen=True, slots=True)
class Option:
    """One option and what it is worth to the seat: ``value`` on the returns' scale (the mean over
    ``samples`` simulations), with its reading as a chance to win or an expected place."""

    action: Action
    value: float
    samples: int
    win_chance: float | None
    """The chance to win (0 to 1) at a 2-player table or in a co-operative game (the team's), else None."""
    expected_place: float | None
    """The expected place (1 = first) at a competitive table of 3 or more, else None."""

    def to_json(self) -> dict[str, Any]:
        """The option as JSON: its notation and its values."""
        return {"action": str(self.action), "value": round(self.value, 6), "samples": self.samples,
                "win_chance": self.win_chance, "expected_place": self.expected_place}


@dataclass(frozen=True, slots=True)
class Analysis:
    """A seat's options at a position, best first (ties: the greedy bot's order)."""

    seat: int
    players: int
    cooperative: bool
    options: tuple[Option, ...]

    @property
    def best(self) -> Option:
        """The option valued highest."""
        return self.options[0]

    def option(self, action: Action) -> Option | None:
        """``action``'s valuation, if it was valued."""
        return next((o for o in self.options if o.action == action), None)

    def top(self, count: int = MIN_OPTIONS) -> tuple[Option, ...]:
        """The ``count`` best options (a hint shows 3)."""
        return self.options[:count]

    def to_json(self) -> dict[str, Any]:
        """The analysis as JSON (the options best first)."""
        return {"seat": self.seat, "players": self.players, "cooperative": self.cooperative,
                "options": [o.to_json() for o in self.options]}


def analyse(state: State, seat: int, *, level: str | None = None, budget: Budget | None = None,
            seed: int = 0, include: Iterable[Action] = ()) -> Analysis:
    """Value ``seat``'s options at ``state`` (module docstring) with ``level``'s budget
    (:func:`budget_for`; default a hint's, :func:`hint_level`), or ``budget``.

    ``include``: actions valued whether or not they are among the best by one step (they must be
    ``seat``'s legal actions). The same position as the seat sees it and the same ``seed`` give the
    same analysis.

    Raises ``ValueError`` when ``seat`` has no legal action or an included action is not legal.
    """
    game = state.game
    spend = budget if budget is not None else budget_for(game, level or hint_level(game))
    actions = state.legal_actions(seat)
    if not actions:
        raise ValueError(f"seat {seat} has no legal action to analyse")
    wanted = list(dict.fromkeys(include))
    for action in wanted:
        if action not in actions:
            raise ValueError(f"{action} is not a legal action of seat {seat} here")
    rng = Rng(seed)
    world = state.determinize(seat, rng.next())
    ranked = _ranked(world, seat, actions, Rng(rng.next()))
    greedy = _Greedy(rng.next()).act(world, seat) if len(actions) > 1 else actions[0]
    first = [greedy] if greedy in actions else []  # the seat's actions are the same in every deal
    candidates = list(dict.fromkeys([*first, *ranked[: spend.width]]))
    candidates = list(dict.fromkeys([*candidates[: spend.width], *wanted]))
    totals = [0.0] * len(candidates)
    value = _valuer(game, spend)
    for _ in range(spend.worlds):
        world = state.determinize(seat, rng.next())
        policy_seed = rng.next()
        for i, action in enumerate(candidates):
            totals[i] += value(_simulate(world, seat, action, policy_seed, spend.turns), seat)
    cooperative = game.info.cooperative
    order = sorted(range(len(candidates)), key=lambda i: (-totals[i], i))
    options = tuple(_option(candidates[i], totals[i] / spend.worlds, spend.worlds, game.players, cooperative)
                    for i in order)
    return Analysis(seat, game.players, cooperative, options)


def _option(action: Action, value: float, samples: int, players: int, cooperative: bool) -> Option:
    return Option(action, value, samples, win_chance(value, players, cooperative),
                  expected_place(value, players, cooperative))


def _valuer(game: Game[Any], budget: Budget) -> Callable[[State, int], float]:
    """How a simulation's end is valued for a seat: the returns at the end of a game with more than
    one seat or a team, else the game's value (blended with its learned value if ``budget`` says)."""
    learned = LearnedValue.for_game(game) if budget.learned else None
    if learned is not None and learned.players != game.players:
        learned = None
    evaluate_all = game.evaluate_all
    returns_at_end = game.players > 1 or game.info.cooperative

    def value(sim: State, seat: int) -> float:
        if sim.is_terminal() and returns_at_end:
            return sim.returns()[seat]
        heuristic = evaluate_all(sim)[seat]
        if learned is not None and not sim.is_terminal():
            return learned.leaf(sim, seat, heuristic)
        return heuristic

    return value


def _simulate(world: State, seat: int, action: Action, seed: int, turns: int | None) -> State:
    """A copy of ``world`` after ``action`` and the greedy bot's play of every seat (``seat`` first
    when several are to move) until ``turns`` more turns have begun (module docstring)."""
    game = world.game
    sim = world.clone()
    sim.apply(action)
    depth = game.search_turns if turns is None else turns
    if depth == 0:
        return sim
    policy = _Greedy(seed)
    turn_key = game.turn_key
    key = turn_key(world)
    cap = STEP_CAP * depth * game.players
    begun = steps = 0
    while not sim.is_terminal() and steps < cap:
        movers = sim.to_move()
        mover = seat if seat in movers else movers[0]
        if key is None:  # a game without turns: the seat's own decisions are counted
            if mover == seat:
                if begun == depth:
                    break
                begun += 1
        elif (now := turn_key(sim)) != key:
            key = now
            begun += 1
            if begun == depth:
                break
        sim.apply(policy.act(sim, mover))
        steps += 1
    return sim

