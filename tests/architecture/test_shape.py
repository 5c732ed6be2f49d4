"""The shape of the house: the same rooms in every game with the same furniture, small modules, a
registry that survives a broken game."""

from __future__ import annotations

import ast
import io
import pickle
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import ludus
from ludus.cli import main
from ludus.core import registry
from ludus.core.api import Board, Checks, Game, Knowledge, Pictures, Spaces, Views, Words
from ludus.core.errors import UnknownGameError
from ludus.core.i18n import Lang
from ludus.testing.golden import CASES

SRC = Path(ludus.__file__).parent
GAMES = sorted(p for p in (SRC / "games").iterdir() if (p / "__init__.py").exists())

GAME_MODULES = {
    "__init__.py",
    "components.py",
    "config.py",
    "state.py",
    "decisions.py",
    "rules",
    "scoring.py",
    "view.py",
    "notation.py",
    "render.py",
    "heuristic.py",
    "invariants.py",
    "game.py",
    "data",
    "locale",
    "words.py",
}
"""``locale/`` holds the game's catalogs (issue 12); ``words.py`` its words (issue 34): the English language
``ENGLISH``, the event templates registered with their namers, the palette."""
OPTIONAL_MODULES = {"validation.py", "svg.py", "spaces.py", "planner.py", "sheets.py", "mat.py", "encoder.py"}
"""A game may keep its loaded-state range checks beside invariants.py (issue 10); svg.py is its board
as a picture (issues 13-16: a game without one shows its text board); spaces.py its fixed action
numbering and flat observation (issue 19); planner.py its greedy bot's policy beside the value in heuristic.py
(issue 32: Fall of Rome's turn planner and out-of-turn events); sheets.py (Hadrian's Wall) and mat.py
(Trajan) a player's area of the board picture, beside svg.py (issue 34: modules within 600 lines);
encoder.py (Trajan) the observation read from the state, proven equal to spaces.py's from the view
(issue 37, tests/rl/test_encoders.py)."""


def _rooms(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir() if p.name != "__pycache__" and (p.suffix == ".py" or p.is_dir())}


def test_every_game_folder_is_a_registered_game() -> None:
    # The games are the registered ones (entry points), not a list kept here: scripts/new_game.py adds one.
    packages = [registry.package_of(game).removeprefix(registry.HOUSE_PREFIX)
                for game in registry.house_games()]
    assert [p.name for p in GAMES] == sorted(packages)
    assert len(GAMES) >= 4


@pytest.mark.parametrize("folder", GAMES, ids=lambda p: p.name)
def test_every_game_folder_holds_the_same_modules(folder: Path) -> None:
    assert _rooms(folder) - OPTIONAL_MODULES == GAME_MODULES
    rules = folder / "rules"
    assert (rules / "__init__.py").exists()
    chapters = [p for p in rules.glob("*.py") if p.name != "__init__.py"]
    assert len(chapters) >= 3, "one module per rulebook chapter"


def test_no_module_is_over_600_lines() -> None:
    long = {
        str(p.relative_to(SRC)): n for p in SRC.rglob("*.py") if (n := len(p.read_text().splitlines())) > 600
    }
    assert long == {}


@pytest.mark.parametrize("game_id", sorted({c.game for c in CASES}))
def test_game_and_state_pickle(game_id: str) -> None:
    game = ludus.load(game_id)
    state = game.new_state(5)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply(state.legal_actions(state.to_move()[0])[0])
    again = pickle.loads(pickle.dumps(state))
    assert again.digest() == state.digest()
    assert again.legal_actions() == state.legal_actions()
    assert pickle.loads(pickle.dumps(game)).options == game.options


@pytest.fixture
def broken_plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A real installed distribution whose ``ludus.games`` entry point fails to import."""
    info = tmp_path / "ludus_broken_fixture-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: ludus-broken-fixture\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[ludus.games]\nbroken-fixture = ludus_broken_fixture:GAME\n")
    (tmp_path / "ludus_broken_fixture.py").write_text("raise ImportError('this game is broken on purpose')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.discover(refresh=True)
    yield
    monkeypatch.undo()
    registry.discover(refresh=True)


@pytest.mark.usefixtures("broken_plugin")
def test_a_broken_game_does_not_hide_the_others() -> None:
    assert {"fall-of-rome", "glory-to-rome", "hadrians-wall", "trajan"} <= {g.id for g in ludus.games()}
    assert ludus.load("trajan", players=2).players == 2
    assert "broken on purpose" in registry.broken()["broken-fixture"]
    with pytest.raises(UnknownGameError, match="failed to load: ImportError: this game is broken on purpose"):
        ludus.load("broken-fixture")


@pytest.mark.usefixtures("broken_plugin")
def test_ludus_games_lists_the_others_and_names_the_broken_one() -> None:
    out = io.StringIO()
    assert main(["games"], console=Console(file=out, width=200)) == 0
    text = out.getvalue()
    assert "trajan" in text and "hadrians-wall" in text
    assert (
        "broken-fixture: installed but failed to load (ImportError: this game is broken on purpose)" in text
    )


# --- the furniture inside the rooms (issue 34), checked by reading the code ------------------------
TEMPLATE = SRC.parent.parent / "tests" / "fixtures" / "template_game"
PACKAGES = [*GAMES, TEMPLATE]
"""The four games and the template a new game copies."""

FACET_METHODS = {
    "describe",
    "outcome_text",
    "component_text",
    "upgrade_notation",
    "render",
    "render_seat",
    "render_map",
    "svg",
    "evaluate",
    "evaluate_all",
    "greedy_action",
    "turn_key",
    "search_turns",
    "action_kinds",
    "observation_parts",
    "observe",
    "invariant_violations",
    "state_violations",
    "known_compositions",
}
"""``Game`` methods that the base class implements from the game's facets (:mod:`ludus.core.facets`)."""

FACETS = {
    "words": Words,
    "pictures": Pictures,
    "board": Board,
    "knowledge": Knowledge,
    "spaces": Spaces,
    "invariants": Checks,
    "validation": Checks,
    "views": Views,
}


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), str(path))


def _game_classes(tree: ast.Module) -> list[ast.ClassDef]:
    return [
        node
        for node in tree.body
        if isinstance(node, ast.ClassDef)
        and any(
            isinstance(b, ast.Subscript) and isinstance(b.value, ast.Name) and b.value.id == "Game"
            for b in node.bases
        )
    ]


@pytest.mark.parametrize("folder", PACKAGES, ids=lambda p: p.name)
def test_every_game_keeps_its_words_in_words_py(folder: Path) -> None:
    names = {
        target.id
        for node in _tree(folder / "words.py").body
        for target in (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AnnAssign)
            else []
        )
        if isinstance(target, ast.Name)
    }
    imported = {
        alias.asname or alias.name
        for node in _tree(folder / "words.py").body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    calls = {
        node.func.id
        for node in ast.walk(_tree(folder / "words.py"))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert {"ENGLISH", "PALETTE"} <= names | imported, "words.py names the English language and the palette"
    assert "register_messages" in calls, "words.py registers the event templates with their namers"


@pytest.mark.parametrize("folder", PACKAGES, ids=lambda p: p.name)
def test_every_game_describes_an_action_with_one_signature(folder: Path) -> None:
    found = [
        node
        for node in _tree(folder / "notation.py").body
        if isinstance(node, ast.FunctionDef) and node.name == "describe"
    ]
    assert len(found) == 1, "notation.py defines describe"
    assert [a.arg for a in found[0].args.args] == ["action", "state", "lang"]


@pytest.mark.parametrize("folder", PACKAGES, ids=lambda p: p.name)
def test_game_py_restates_no_method_a_facet_covers(folder: Path) -> None:
    classes = _game_classes(_tree(folder / "game.py"))
    assert len(classes) == 1, "game.py holds one Game class"
    restated = []
    for node in classes[0].body:
        if isinstance(node, ast.FunctionDef) and node.name in FACET_METHODS:
            body = [
                s for s in node.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
            ]
            if len(body) == 1 and isinstance(body[0], ast.Return):
                restated.append(node.name)
    assert restated == [], "bind the module as a facet (ludus.core.facets) instead of delegating to it"


@pytest.mark.parametrize("game_id", sorted({c.game for c in CASES}))
def test_every_facet_a_game_binds_has_the_facets_functions(game_id: str) -> None:
    game = ludus.load(game_id)
    bound = {name: getattr(type(game), name) for name in FACETS if getattr(type(game), name) is not None}
    assert {"words", "pictures", "knowledge", "invariants"} <= bound.keys()
    for name, facet in bound.items():
        assert isinstance(facet, FACETS[name]), f"{game_id}: {name} = {facet.__name__} lacks a function"
    assert type(game).palette is game.words.PALETTE if game.words else True


def test_the_language_a_facet_receives_translates_the_game() -> None:
    game: Game[Any] = ludus.load("trajan")
    lang = game.lang("hu")
    assert isinstance(lang, Lang) and (lang.code, lang.domain) == ("hu", "trajan")
