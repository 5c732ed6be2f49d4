"""The sources stay compilable by mypyc (the compiled build, docs/benchmarks.md): a rules function
bound in a class body goes through ``ludus.core.engine.method`` (a compiled function does not bind
as a method). ``make test`` builds the compiled wheel and plays the golden games on it; this test
says at once, on the pure sources, which line would break it."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import ludus

SRC = Path(ludus.__file__).parent


def _bare_bindings(path: Path, text: str | None = None) -> list[str]:
    """``name = module.function`` in a class body of ``path`` (or of ``text``, read as that file),
    the function a plain function of the module the file imported."""
    module = importlib.import_module(".".join(path.relative_to(SRC.parent).with_suffix("").parts))
    source = path.read_text(encoding="utf-8") if text is None else text
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ClassDef):
            continue
        for item in node.body:
            if isinstance(item, ast.Assign) and isinstance(item.value, ast.Attribute) \
                    and isinstance(item.value.value, ast.Name):
                owner = getattr(module, item.value.value.id, None)
                if inspect.ismodule(owner) and inspect.isfunction(getattr(owner, item.value.attr, None)):
                    out.append(f"{path.relative_to(SRC)}:{item.lineno}")
    return out


def test_rules_functions_are_bound_through_method() -> None:
    files = sorted((SRC / "games").glob("*/*.py")) + sorted((SRC / "core").glob("*.py"))
    assert len(files) > 40
    bare = [where for path in files for where in _bare_bindings(path)]
    assert bare == [], f"bind these through ludus.core.engine.method: {bare}"


def test_the_check_finds_a_bare_binding() -> None:
    # The line as it was before the compiled build: Hadrian's Wall's State bound rules.to_move bare.
    game = SRC / "games" / "hadrians_wall" / "game.py"
    text = game.read_text(encoding="utf-8")
    assert "to_move = method(rules.to_move)" in text and _bare_bindings(game) == []
    bare = _bare_bindings(game, text.replace("to_move = method(rules.to_move)", "to_move = rules.to_move"))
    assert len(bare) == 1 and bare[0].startswith("games/hadrians_wall/game.py:")
