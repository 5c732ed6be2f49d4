"""The game-agnostic beam planner (``ludus.agents.beam``) on a toy game of sums."""

from __future__ import annotations

from typing import Any, cast

import pytest

from ludus.agents.beam import plan
from ludus.agents.lookahead import SEARCH, AgentSearch
from ludus.core.actions import Action
from ludus.core.api import Outcome, State
from ludus.core.rng import Rng


class Sums(State):
    """Seat 0 adds numbers to a total for ``left`` steps, then must ``stop``; ``roll`` adds a die (0..5)."""

    def __init__(self, total: int = 0, left: int = 3, adds: tuple[int, ...] = (1, -2, 3),
                 roll: bool = False) -> None:
        self.rng = Rng(1)
        self.total = total
        self.left = left
        self.adds = adds
        self.roll = roll
        self.stopped = False

    def to_move(self) -> tuple[int, ...]:
        return () if self.stopped else (0,)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        if self.stopped:
            return []
        out = [Action(0, "add", (k,)) for k in self.adds] if self.left else []
        if self.roll and self.left:
            out.append(Action(0, "roll"))
        return [*out, Action(0, "stop")]

    def apply(self, action: Action) -> list[Any]:
        if action.verb == "stop":
            self.stopped = True
        elif action.verb == "roll":
            self.total += self.rng.randbelow(6)
            self.left -= 1
        else:
            self.total += int(action.args[0])
            self.left -= 1
        return []

    def is_terminal(self) -> bool:
        return self.stopped

    def outcome(self) -> Outcome:
        return Outcome((float(self.total),), (1,), (0,), "stopped")

    def _view(self, player: int | None) -> dict[str, Any]:
        return {"total": self.total, "left": self.left}

    def _determinize(self, player: int | None, seed: int) -> Sums:
        return self.clone()

    def clone(self) -> Sums:
        c = Sums(self.total, self.left, self.adds, self.roll)
        c.rng = self.rng.clone()
        c.stopped = self.stopped
        return c

    def to_json(self) -> dict[str, Any]:
        return {"total": self.total, "left": self.left, "stopped": self.stopped}


def _total(s: State) -> float:
    return float(cast(Sums, s).total)


def _legal(s: State, player: int) -> list[Action]:
    return s.legal_actions(player)


def _key(s: State) -> tuple[int, int]:
    t = cast(Sums, s)
    return (t.total, t.left)


def _settled(s: State) -> bool:
    return True


def _go_on(parent: State, child: State, player: int) -> bool:
    return bool(cast(Sums, child).left)


HOOKS: dict[str, Any] = {"value": _total, "actions": _legal, "key": _key, "settled": _settled,
                         "go_on": _go_on, "stop_verbs": ("stop",)}


def test_the_plan_starts_with_the_first_step_of_the_best_sequence() -> None:
    first = plan(Sums(), 0, Rng(0), **HOOKS)
    assert first == Action(0, "add", (3,))


def test_stopping_now_is_none_when_every_step_makes_things_worse() -> None:
    assert plan(Sums(adds=(-1, -2)), 0, Rng(0), **HOOKS) is None


def test_pruned_actions_are_never_tried() -> None:
    first = plan(Sums(), 0, Rng(0), **HOOKS, prune=lambda s, a: a.verb == "add" and int(a.args[0]) == 3)
    assert first == Action(0, "add", (1,))


def test_a_chance_action_is_valued_as_the_mean_of_its_rolls() -> None:
    # a die averages 2.5 per step: better than +1, worse than +3
    world = Sums(left=1, adds=(1,), roll=True)
    assert plan(world, 0, Rng(0), **HOOKS, chance_verbs=("roll",), samples=32) == Action(0, "roll")
    world = Sums(left=1, adds=(3,), roll=True)
    assert plan(world, 0, Rng(0), **HOOKS, chance_verbs=("roll",), samples=32) == Action(0, "add", (3,))


def test_the_depth_bounds_the_horizon_and_the_search_is_lent_through_agent_search() -> None:
    world = Sums(left=5, adds=(-1, 4))
    assert plan(world, 0, Rng(0), **HOOKS, depth=1) == Action(0, "add", (4,))
    assert SEARCH.beam_plan(world, 0, Rng(0), **HOOKS, width=1, depth=3) == Action(0, "add", (4,))


def _trap(s: State) -> float:
    """The total, except that ending on exactly 2 is worth 10: reached only through the weaker first step."""
    t = cast(Sums, s)
    return 10.0 if (t.total, t.left) == (2, 0) else float(t.total)


def test_a_wider_search_keeps_the_line_a_narrow_beam_drops() -> None:
    world = Sums(left=2, adds=(1, 2))
    hooks = {**HOOKS, "value": _trap}
    assert AgentSearch().beam_plan(world, 0, Rng(0), **hooks, width=1) == Action(0, "add", (2,))
    assert AgentSearch(breadth=2).beam_plan(world, 0, Rng(0), **hooks, width=1) == Action(0, "add", (1,))
    assert plan(world, 0, Rng(0), **hooks, width=2) == Action(0, "add", (1,))
    with pytest.raises(ValueError, match="breadth >= 1"):
        AgentSearch(breadth=0)
