"""The furniture inside the rooms, checked by reading the source (issue 34, point 1).

- a game's ``state.py`` declares its fields only by annotations (:mod:`ludus.core.fields`
  derives the copy, the JSON and the slots): no field tuples, no ``JSON_ORDER``, no
  hand-written copy or JSON in its state data (an object stored in a field, such as a
  Glory to Rome Structure, may keep its own ``copy``/``to_json``/``from_json``: that is
  what an object field means); nor does the State class in ``game.py`` write them by hand;
- every game's ``Phase`` derives from the one kind, :class:`ludus.core.fields.GamePhase`;
- no module of a game touches the engine's private members (the legal-action cache):
  games use :class:`~ludus.core.engine.RulesState`'s public hooks.

Each check is a function of source text; the last tests feed each one a small bad
snippet, so that a check that finds nothing is not a check that looks at nothing.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import ludus
from ludus.core.engine import RulesState

SRC = Path(ludus.__file__).parent
TESTS = Path(__file__).parents[1]
GAMES = sorted(p for p in (SRC / "games").iterdir() if (p / "__init__.py").exists())
PACKAGES = [*GAMES, TESTS / "fixtures" / "template_game"]
"""Every game package, and the template a new game copies."""

FIELD_LISTS = {"FIELDS", "JSON_ORDER", "SLOTS", "__slots__"}
"""Names that once listed fields beside their annotations."""
HAND_WRITTEN = {
    "copy_data", "data_to_json", "data_from_json", "json_fields", "load_fields", "copy_into",
    "copy_fields", "fields_to_json", "fields_from_json", "copy", "to_json", "from_json",
}
"""Methods the declaration generates (a state module writes none of them)."""
STATE_CLASS_HAND_WRITTEN = HAND_WRITTEN - {"to_json", "from_json"}
"""In ``game.py`` the State class keeps the API's ``to_json``/``from_json`` (calling the generated ones)."""
HOOKS = {"_generate", "_decisions", "_advance", "_after_edit"}
"""The engine's hooks: a game defines them (the engine's documented template method)."""
PRIVATE = {n for n in vars(RulesState) if n.startswith("_") and not n.startswith("__")} - HOOKS
PRIVATE |= set(RulesState.__slots__)


def _classes(tree: ast.Module) -> list[ast.ClassDef]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Call):
        return _name(node.func)
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def _field_lists(body: list[ast.stmt]) -> list[str]:
    out = []
    for node in body:
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets = [node.target]
        out += [f"line {node.lineno}: a field list {t.id}" for t in targets
                if isinstance(t, ast.Name) and (t.id in FIELD_LISTS or t.id.endswith("_FIELDS"))]
    return out


def field_problems(source: str) -> list[str]:
    """What in a state module declares fields other than by annotations."""
    tree = ast.parse(source)
    out = [f"line {node.lineno}: Fields(...) beside the annotations" for node in ast.walk(tree)
           if isinstance(node, ast.Call) and _name(node.func) == "Fields"]
    out += _field_lists(tree.body)
    data = {"PlainData"}
    for cls in _classes(tree):
        if not any(_name(b) in data for b in cls.bases):
            continue  # not state data: a component object with its own JSON row (a Structure)
        data.add(cls.name)
        out += _field_lists(cls.body)
        for item in cls.body:
            if isinstance(item, ast.FunctionDef) and item.name in HAND_WRITTEN:
                out.append(f"line {item.lineno}: {cls.name}.{item.name} written by hand")
        if not any(_name(d) == "plain_state" for d in cls.decorator_list):
            out.append(f"line {cls.lineno}: {cls.name} is state data without @plain_state")
    return out


def state_class_problems(source: str) -> list[str]:
    """Hand-written copy or JSON in the State classes of a ``game.py``."""
    out = []
    for cls in _classes(ast.parse(source)):
        if any(_name(b) == "RulesState" for b in cls.bases):
            for item in cls.body:
                if isinstance(item, ast.FunctionDef) and item.name in STATE_CLASS_HAND_WRITTEN:
                    out.append(f"line {item.lineno}: {cls.name}.{item.name} written by hand")
                if isinstance(item, ast.Assign | ast.AnnAssign) and any(
                        isinstance(t, ast.Name) and t.id in FIELD_LISTS
                        for t in (item.targets if isinstance(item, ast.Assign) else [item.target])):
                    out.append(f"line {item.lineno}: {cls.name} lists its slots by hand")
    return out


def phase_problems(source: str) -> list[str]:
    """Every ``class Phase`` whose base is not the one kind, ``GamePhase``."""
    return [f"line {cls.lineno}: Phase({', '.join(_name(b) for b in cls.bases)})"
            for cls in _classes(ast.parse(source))
            if cls.name == "Phase" and [_name(b) for b in cls.bases] != ["GamePhase"]]


def phase_classes(source: str) -> int:
    """How many ``class Phase`` a module defines."""
    return sum(cls.name == "Phase" for cls in _classes(ast.parse(source)))


def private_problems(source: str) -> list[str]:
    """Every use of a private member of the engine (an attribute, or a field declared under its name)."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in PRIVATE:
            out.append(f"line {node.lineno}: .{node.attr}")
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and (
                node.target.id in PRIVATE):
            out.append(f"line {node.lineno}: declares {node.target.id}")
    return out


def _modules(package: Path) -> list[Path]:
    return sorted(package.rglob("*.py"))


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_state_fields_are_declared_only_by_annotations(package: Path) -> None:
    assert field_problems((package / "state.py").read_text()) == []
    assert state_class_problems((package / "game.py").read_text()) == []


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_every_phase_derives_from_the_one_kind(package: Path) -> None:
    sources = [path.read_text() for path in _modules(package)]
    assert sum(phase_classes(s) for s in sources) == 1, "one Phase per game"
    assert [p for s in sources for p in phase_problems(s)] == []


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_no_game_touches_the_engines_private_members(package: Path) -> None:
    found = {str(path.relative_to(package)): problems for path in _modules(package)
             if (problems := private_problems(path.read_text()))}
    assert found == {}


def test_the_private_members_are_known() -> None:
    assert "_legal" in PRIVATE and not PRIVATE & HOOKS


# --- each check fails on a bad snippet ------------------------------------------------------
def test_a_field_tuple_or_a_hand_written_copy_is_found() -> None:
    good = "@plain_state\nclass D(PlainData):\n    turn: int\n    deck: list[int]\n"
    assert field_problems(good) == []
    assert field_problems("FIELDS = Fields(ints=('turn',))\n") != []
    assert field_problems("JSON_ORDER = ('rng', 'turn')\n") != []
    assert field_problems("_INT_FIELDS = ('mining', 'guard')\n") != []
    assert field_problems("class D(PlainData):\n    turn: int\n") != []  # not generated
    assert field_problems(good + "    def copy_data(self, other):\n        other.turn = self.turn\n") != []
    assert field_problems(good + "    __slots__ = ('turn', 'deck')\n") != []
    game = "class S(D, RulesState):\n    def clone(self):\n        return self.copy()\n"
    assert state_class_problems(game) == []
    assert state_class_problems(game + "    def data_to_json(self):\n        return {}\n") != []
    assert state_class_problems(game + "    __slots__ = SLOTS\n") != []


def test_a_phase_of_another_kind_is_found() -> None:
    assert phase_problems("class Phase(GamePhase):\n    LEAD = 0\n") == []
    assert phase_problems("class Phase(StrEnum):\n    LEAD = 'lead'\n") != []
    assert phase_problems("class Phase(IntEnum):\n    LEAD = 0\n") != []
    assert phase_classes("class Phase(GamePhase):\n    LEAD = 0\n") == 1


def test_a_touch_of_the_legal_action_cache_is_found() -> None:
    assert private_problems("legal = s.cached_legal(0)\ns.remember_legal(0, legal)\n") == []
    assert private_problems("s._legal = {}\n") != []
    assert private_problems("legal = self._legal.get(None)\n") != []
    assert private_problems("class D:\n    _legal: dict[int, list[int]]\n") != []
