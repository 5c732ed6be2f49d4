"""``scripts/new_game.py`` makes a registered game that passes the suite and is held by the layers.

The script runs on a temporary copy of what it needs (``src/ludus``, ``pyproject.toml`` and the
template game), so the repository itself is never touched; the new package is imported from that
copy for the conformance suite, and ``lint-imports`` runs on the copy before and after a deliberate
layer violation. A few seconds in all.
"""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import ludus.games
from architecture.test_rule_index import NO_INDEX_YET
from architecture.test_shape import GAME_MODULES
from ludus.core import registry
from ludus.testing import check_game
from ludus.testing.golden import cases_for, compare

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "new_game.py"
NAME = "nova_test"
GAME_ID = "nova-test"


def _copy_of_the_repository(root: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "src" / "ludus", root / "src" / "ludus", ignore=ignore)
    template = Path("tests", "fixtures", "template_game")
    shutil.copytree(ROOT / template, root / template, ignore=ignore)
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")


def _run_script(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), "--root", str(root), *args],
                          capture_output=True, text=True, check=False)


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the repository in which the script has made the game ``nova-test``."""
    root = tmp_path_factory.mktemp("repository")
    _copy_of_the_repository(root)
    run = _run_script(root, NAME)
    assert run.returncode == 0, run.stderr
    assert "Next: make .venv/.installed" in run.stdout
    return root


@pytest.fixture
def imported(made: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The new package imported from the copy and registered, for one test."""
    games = [*ludus.games.__path__, str(made / "src" / "ludus" / "games")]
    monkeypatch.setattr(ludus.games, "__path__", games)
    registry.register(importlib.import_module(f"ludus.games.{NAME}").GAME)
    yield
    registry.unregister(GAME_ID)
    for module in [m for m in sys.modules if m.startswith(f"ludus.games.{NAME}")]:
        del sys.modules[module]


def test_the_game_has_every_room_and_is_registered(made: Path) -> None:
    package = made / "src" / "ludus" / "games" / NAME
    rooms = {p.name for p in package.iterdir()
             if p.name != "__pycache__" and (p.suffix == ".py" or p.is_dir())}
    assert rooms == GAME_MODULES
    assert f'{GAME_ID} = "ludus.games.{NAME}:GAME"' in (made / "pyproject.toml").read_text(encoding="utf-8")
    assert sorted(p.name for p in (package / "locale").glob("*/LC_MESSAGES/*.mo")) == [f"{GAME_ID}.mo"] * 4
    assert NO_INDEX_YET in (made / "docs" / "games" / f"{GAME_ID}.md").read_text(encoding="utf-8")
    for module in (package / "game.py", package / "components.py"):
        text = module.read_text(encoding="utf-8")
        assert "fixture" not in text and "Tally" not in text


@pytest.mark.usefixtures("imported")
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_game_passes_the_conformance_suite(players: int) -> None:
    report = check_game(GAME_ID, players=players, games=2, seed=players)
    assert report.games == 2 and report.determinize_changed > 0


@pytest.mark.usefixtures("imported")
def test_the_written_playthroughs_are_reproduced(made: Path) -> None:
    cases = cases_for(GAME_ID)
    assert {case.players for case in cases} == {1, 2, 3, 4}
    for case in cases:
        assert compare(case, made / "tests") is None


def _lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    program = Path(sys.executable).with_name("lint-imports")
    command = [str(program) if program.exists() else "lint-imports", "--no-cache",
               "--contract", "games-layers", "--contract", "games-independent"]
    env = {**os.environ, "PYTHONPATH": str(root / "src")}
    return subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, check=False)


def test_the_game_is_held_by_the_import_contracts(made: Path, tmp_path: Path) -> None:
    clean = _lint_imports(made)
    assert clean.returncode == 0, clean.stdout
    shutil.copytree(made / "src", tmp_path / "src")  # the violations go into a copy of the copy
    shutil.copy(made / "pyproject.toml", tmp_path / "pyproject.toml")
    package = tmp_path / "src" / "ludus" / "games" / NAME
    with (package / "state.py").open("a", encoding="utf-8") as fh:
        fh.write(f"from ludus.games.{NAME}.view import view as _deliberate_violation\n")
    with (package / "scoring.py").open("a", encoding="utf-8") as fh:
        fh.write("from ludus.games.trajan.components import Phase as _another_game\n")
    broken = _lint_imports(tmp_path)
    assert broken.returncode != 0
    assert f"ludus.games.{NAME}.state is not allowed to import ludus.games.{NAME}.view" in broken.stdout
    assert f"ludus.games.{NAME} is not allowed to import ludus.games.trajan" in broken.stdout


@pytest.mark.parametrize(("args", "error"), [
    (["Bad Name"], "bad name 'Bad Name'"),
    (["class"], "bad name 'class'"),
    (["trajan"], "name 'trajan' is taken: src/ludus/games/trajan exists"),
    (["fixture-x"], "bad name 'fixture-x'"),
    (["other", "--title", 'Say "hi"'], "bad title 'Say \"hi\"'"),
])
def test_a_bad_or_taken_name_is_refused_in_one_line(made: Path, args: list[str], error: str) -> None:
    run = _run_script(made, *args)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith(f"new_game.py: error: {error}") and run.stderr.count("\n") == 1


def test_the_name_of_the_game_just_made_is_taken(made: Path) -> None:
    run = _run_script(made, GAME_ID)
    assert run.returncode == 2 and f"name {GAME_ID!r} is taken" in run.stderr
