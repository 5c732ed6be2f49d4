"""The shape of pending decisions (issue 34): immutable in every game, one stack in Glory to Rome.

A decision is a frozen, slotted dataclass whose sequences are tuples: a rule that "changes" one
puts an updated copy in its place, so a state's copy shares it. Checked on the classes
(dataclass introspection), on the source (every ``@dataclass`` in a ``decisions.py`` says
``frozen=True``) and on played states (a clone holds the very same decision objects).
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import ludus
from ludus.core.api import State
from ludus.core.decisions import Decision
from ludus.core.registry import games
from ludus.core.rng import Rng

SRC = Path(ludus.__file__).parent
PACKAGES = sorted(p.name for p in (SRC / "games").iterdir() if (p / "decisions.py").exists())
GAME_IDS = sorted(info.id for info in games())


def _decision_classes() -> list[type[Decision]]:
    """Every Decision subclass the games define (their packages imported first)."""
    for name in PACKAGES:
        importlib.import_module(f"ludus.games.{name}.game")
    found: list[type[Decision]] = []
    todo = list(Decision.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        # (slots=True makes a new class: the one the module names, not the one it replaced)
        named = getattr(sys.modules[cls.__module__], cls.__qualname__, None) is cls
        if cls.__module__.startswith("ludus.games.") and named and cls not in found:
            found.append(cls)
    return sorted(found, key=lambda c: (c.__module__, c.__qualname__))


CLASSES = _decision_classes()


def test_every_game_has_decision_classes() -> None:
    modules = {cls.__module__.split(".")[2] for cls in CLASSES}
    assert modules == set(PACKAGES)


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: f"{c.__module__.split('.')[2]}.{c.__name__}")
def test_every_decision_class_is_frozen_slotted_and_holds_no_list(cls: type[Decision]) -> None:
    if not dataclasses.is_dataclass(cls):
        # A shared base (Fall of Rome's EventDecision): it must hold no data of its own.
        assert cls.__dict__.get("__slots__") == (), f"{cls.__name__} is neither a frozen dataclass nor empty"
        return
    params = cls.__dict__["__dataclass_params__"]
    assert params.frozen, f"{cls.__name__} is not frozen"
    assert "__slots__" in cls.__dict__, f"{cls.__name__} has no slots"
    assert not params.eq, f"{cls.__name__} compares by value: two equal decisions on a stack are two"
    for f in dataclasses.fields(cls):
        kind = str(f.type)
        assert not kind.startswith(("list", "dict", "set")), f"{cls.__name__}.{f.name}: {kind} is mutable"


@pytest.mark.parametrize("package", PACKAGES)
def test_every_dataclass_in_a_decisions_module_is_declared_frozen(package: str) -> None:
    tree = ast.parse((SRC / "games" / package / "decisions.py").read_text())
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        for deco in node.decorator_list:
            if isinstance(deco, ast.Name) and deco.id == "dataclass":
                pytest.fail(f"{node.name}: a bare @dataclass")
            if isinstance(deco, ast.Call) and isinstance(deco.func, ast.Name) and deco.func.id == "dataclass":
                words = {k.arg: k.value for k in deco.keywords}
                frozen = words.get("frozen")
                assert isinstance(frozen, ast.Constant) and frozen.value is True, f"{node.name} is not frozen"


def _stacks(state: Any) -> Iterator[list[Decision]]:
    """The state's stacks of pending decisions (a list of decisions; a board's ``pending``)."""
    names = {n for cls in type(state).__mro__ for n in getattr(cls, "__slots__", ())}
    names |= set(getattr(state, "__dict__", {}))
    for name in sorted(names):
        value = getattr(state, name, None)
        if name == "pending" and isinstance(value, list):
            yield value
        elif isinstance(value, list) and value and hasattr(value[0], "pending"):
            yield from (item.pending for item in value)


def _played(game_id: str, seed: int) -> Iterator[State]:
    """The states of a seeded random game (the first seat to move takes a uniform legal action)."""
    game = ludus.load(game_id)
    state = game.new_state(seed)
    rng = Rng(seed)
    for _ in range(400):
        if state.is_terminal():
            return
        yield state
        legal = state.legal_actions(state.to_move()[0])
        state.apply(legal[rng.randbelow(len(legal))])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_clone_shares_the_pending_decisions(game_id: str) -> None:
    seen = 0
    for seed in range(3):
        for state in _played(game_id, seed):
            copy = state.clone()
            for mine, theirs in zip(_stacks(state), _stacks(copy), strict=True):
                assert mine is not theirs  # the stack itself is the copy's own
                assert all(a is b for a, b in zip(mine, theirs, strict=True))
                seen += len(mine)
    assert seen, "no decision was pending in three games"


# ---------------------------------------------------------------------------
# Glory to Rome: one stack, saved as the seven fields of ludus 0.1.0
# ---------------------------------------------------------------------------

SEVEN = ("stack", "gives", "endq", "demands", "petition", "half_lay", "colosseum")


def test_glory_to_rome_keeps_its_pending_decisions_in_one_stack() -> None:
    from ludus.games.glory_to_rome.decisions import SAVED_FIELDS
    from ludus.games.glory_to_rome.game import GtrState

    assert "pending" in GtrState.__slots__
    assert not set(SEVEN) & set(GtrState.__slots__)
    assert SAVED_FIELDS == SEVEN
    tree = ast.parse((SRC / "games" / "glory_to_rome" / "decisions.py").read_text())
    data = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "GtrData")
    held = [n.target.id for n in data.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
            and "Decision" in ast.unparse(n.annotation)]
    assert held == ["pending"]


def test_glory_to_rome_waits_for_the_top_of_its_stack_and_saves_the_seven_fields() -> None:
    from ludus.games.glory_to_rome.decisions import HalfLaid

    kinds: set[str] = set()
    for seed in range(6):
        state: Any
        for state in _played("glory-to-rome", seed):
            pending = state.pending
            assert state._decisions(state.to_move()[0]) is pending
            if pending:
                top = pending[-1]
                assert not isinstance(top, HalfLaid)  # never waited for: advance() undoes it
                assert state.to_move() == (top.who,)
            kinds.update(type(d).__name__ for d in pending)
            saved = state.to_json()
            assert set(SEVEN) <= set(saved)
            again = state.game.state_from_json(saved)
            assert [type(d) for d in again.pending] == [type(d) for d in pending]
            assert again.to_json() == saved
    assert {"Frame", "Give", "EndStep"} <= kinds
