"""Make a new game package from the template game, and register it, in one step.

    python scripts/new_game.py caesar              # src/ludus/games/caesar, id "caesar"
    python scripts/new_game.py via-appia --title "Via Appia"
    python scripts/new_game.py caesar --install    # and reinstall, so the entry point is seen

What it does, in the repository at ``--root`` (default: the one holding this script):

1. copies ``tests/fixtures/template_game/`` (Tally, a complete tiny game with every room) to
   ``src/ludus/games/<package>/``, renaming what names the template: its import path, its id
   ``fixture-tally`` (also the gettext domain and the catalogs' file names), its class names
   ``Tally…`` and its title; the catalogs are compiled again, the imports sorted (``ruff``);
2. registers it: a line in the ``ludus.games`` entry points of ``pyproject.toml``;
3. writes what the repository's tests expect of every game: its golden playthroughs
   (``tests/games/<package>/playthroughs/``, every player count, seeds 1–3) and its doc
   ``docs/games/<id>.md`` (with no rule index yet, marked as the rule index test asks);
4. says the one command left, the reinstall that makes the new entry point visible
   (``make .venv/.installed``), or runs it with ``--install``.

Then ``make test`` passes with the new game among the others. ``docs/writing-a-game.md`` says
what to fill in next. The name is a lower-case word, words joined by ``-`` or ``_``: the
package uses ``_`` (``via_appia``), the game id ``-`` (``via-appia``).
"""

from __future__ import annotations

import argparse
import importlib
import keyword
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = Path("tests/fixtures/template_game")
TEMPLATE_MODULE = "fixtures.template_game"
TEMPLATE_ID = "fixture-tally"
TEMPLATE_CLASS = "Tally"
TEMPLATE_TITLE = "Tally (template game)"
ENTRY_POINTS = '[project.entry-points."ludus.games"]'
NAME = re.compile(r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*")
MAX_NAME = 24
TEXT_SUFFIXES = {".py", ".toml", ".cfg", ".po", ".pot", ".md", ".txt"}
NO_INDEX_YET = "No rule index yet: this game was made from the template game (scripts/new_game.py)."
"""The marker ``tests/architecture/test_rule_index.py`` accepts instead of a rule index."""
REINSTALL = "make .venv/.installed"


class BadName(ValueError):
    """A NAME that is malformed or already taken (the message is the one line printed)."""


def names(name: str) -> tuple[str, str, str]:
    """``(package, game id, class name)`` for ``name``, e.g. ``via-appia`` → ``via_appia``, ``via-appia``,
    ``ViaAppia``; raises :class:`BadName` for a malformed name."""
    if len(name) > MAX_NAME or not NAME.fullmatch(name):
        raise BadName(f"bad name {name!r}: use lower-case letters and digits, words joined by '-' or '_', "
                         f"starting with a letter, at most {MAX_NAME} characters (e.g. via-appia)")
    package = name.replace("-", "_")
    if keyword.iskeyword(package) or name.startswith("fixture"):
        raise BadName(f"bad name {name!r}: it is a Python keyword or a test fixture's prefix")
    words = package.split("_")
    return package, "-".join(words), "".join(w.capitalize() for w in words)


def check_title(title: str) -> None:
    """Raise :class:`BadName` for a title that cannot sit inside a Python string as it is."""
    if not title.strip() or any(c in title for c in '"\\\n'):
        raise BadName(f"bad title {title!r}: one line of text without '\"' or '\\'")


def check_free(root: Path, package: str, game_id: str) -> None:
    """Raise :class:`BadName` if ``package`` or ``game_id`` is taken in the repository at ``root``."""
    if not (root / TEMPLATE / "__init__.py").exists():
        raise BadName(f"no template game at {root / TEMPLATE} (is --root the repository?)")
    taken = [root / "src" / "ludus" / "games" / package, root / "tests" / "games" / package,
             root / "docs" / "games" / f"{game_id}.md"]
    for path in taken:
        if path.exists():
            raise BadName(f"name {game_id!r} is taken: {path.relative_to(root)} exists")
    registered = _entry_point_lines(root.joinpath("pyproject.toml").read_text(encoding="utf-8"))[1]
    for line in registered:
        key, _, value = line.partition("=")
        if key.strip() == game_id or f"ludus.games.{package}:" in value:
            raise BadName(f"name {game_id!r} is taken: pyproject.toml registers {line.strip()!r}")


def _entry_point_lines(text: str) -> tuple[int, list[str]]:
    """Where the ``ludus.games`` entry points start in pyproject ``text``, and their lines."""
    lines = text.splitlines()
    if ENTRY_POINTS not in lines:
        raise BadName(f"pyproject.toml has no {ENTRY_POINTS} table")
    start = lines.index(ENTRY_POINTS) + 1
    end = start
    while end < len(lines) and lines[end].strip() and not lines[end].startswith("["):
        end += 1
    return start, lines[start:end]


def register(root: Path, package: str, game_id: str) -> None:
    """Add ``game_id = "ludus.games.<package>:GAME"`` to pyproject's entry points, kept sorted."""
    path = root / "pyproject.toml"
    text = path.read_text(encoding="utf-8")
    start, registered = _entry_point_lines(text)
    lines = text.splitlines()
    entries = sorted([*registered, f'{game_id} = "ludus.games.{package}:GAME"'])
    lines[start:start + len(registered)] = entries
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _rename(text: str, package: str, game_id: str, cls: str, title: str) -> str:
    text = text.replace(str(TEMPLATE), f"src/ludus/games/{package}")
    text = text.replace(TEMPLATE_MODULE, f"ludus.games.{package}")
    text = text.replace(TEMPLATE_ID, game_id)
    text = text.replace(TEMPLATE_TITLE, title)
    return re.sub(rf"\b{TEMPLATE_CLASS}", cls, text)


def copy_template(root: Path, package: str, game_id: str, cls: str, title: str) -> Path:
    """Copy the template game to ``src/ludus/games/<package>`` with its names replaced; return the folder."""
    source = root / TEMPLATE
    target = root / "src" / "ludus" / "games" / package
    for path in sorted(source.rglob("*")):
        if "__pycache__" in path.parts or path.is_dir() or path.suffix in {".pyc", ".mo"}:
            continue
        relative = Path(*(part.replace(TEMPLATE_ID, game_id) for part in path.relative_to(source).parts))
        out = target / relative
        out.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix in TEXT_SUFFIXES:
            text = _rename(path.read_text(encoding="utf-8"), package, game_id, cls, title)
            out.write_text(text, encoding="utf-8")
        else:
            shutil.copyfile(path, out)
    _compile_catalogs(target / "locale")
    init = target / "__init__.py"
    lines = init.read_text(encoding="utf-8").splitlines(keepends=True)
    if lines and lines[0].startswith('"""'):  # the template's summary line would call the copy a template
        summary = "made from the template game by scripts/new_game.py; it plays Tally's rules."
        lines[0] = f'"""{title}: {summary}\n'
        init.write_text("".join(lines), encoding="utf-8")
    return target


def long_lines(folder: Path, limit: int = 110) -> list[str]:
    """``path:line`` of each line of ``folder``'s modules longer than ``limit`` (a long name makes some)."""
    return [f"{path}:{number}" for path in sorted(folder.rglob("*.py"))
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
            if len(line) > limit]


def _compile_catalogs(locale: Path) -> None:
    """Compile every ``.po`` under ``locale`` to its ``.mo`` (the template's were renamed, not copied)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in sorted(locale.rglob("*.po")):
        with po.open("rb") as fh:
            catalog = read_po(fh)
        with po.with_suffix(".mo").open("wb") as fh:
            write_mo(fh, catalog)


def _sort_imports(folder: Path) -> str | None:
    """Sort the imports of the copied modules (the new import path sorts after ``ludus.core``)."""
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    if ruff is None:
        return "ruff is not installed: run `ruff check --select I --fix` on the new package yourself"
    subprocess.run([ruff, "check", "--quiet", "--select", "I", "--fix", str(folder)], check=False)
    return None


def write_doc(root: Path, game_id: str, package: str, title: str) -> Path:
    """``docs/games/<id>.md``: the sections a game's doc has, with the no-index-yet marker."""
    path = root / "docs" / "games" / f"{game_id}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"""# {title} (`{game_id}`)

Package: `ludus.games.{package}`, made from the template game (Tally) by `scripts/new_game.py`:
its rules are still Tally's. `docs/writing-a-game.md` says what to fill in, and in what order.

## The rules in our words

Not written yet: the rules implemented are the template's (play a card, or draw one and keep or
discard it).

## Rulings

None yet.

## Rule index

{NO_INDEX_YET}
Replace this line by one row per rulebook heading once the rules chapters exist:
`| "<heading as printed>" | `ludus.games.{package}.rules.<chapter>:<function>` |`.
""", encoding="utf-8")
    return path


def write_playthroughs(root: Path, package: str, game_id: str) -> list[Path]:
    """Import the new game from ``root/src``, register it and write its golden playthroughs."""
    sys.path.insert(0, str(root / "src"))
    from ludus.core import registry
    from ludus.testing.golden import write_all

    game = importlib.import_module(f"ludus.games.{package}").GAME
    registry.register(game)
    return write_all(root / "tests", [game_id])


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and make the game; 0 on success, 2 for a bad or taken name."""
    parser = argparse.ArgumentParser(
        prog="new_game.py", description="Make a new game package src/ludus/games/<name>/ from the template "
        "game and register it (see docs/writing-a-game.md).",
        epilog=f"Afterwards: {REINSTALL} (the reinstall), then: make test.")
    parser.add_argument("name", metavar="NAME", help="the game's name, e.g. caesar or via-appia")
    parser.add_argument("--title", help="its English title (default: the name in capitals, e.g. 'Via Appia')")
    parser.add_argument("--root", type=Path, default=ROOT, help="the repository (default: %(default)s)")
    parser.add_argument("--install", action="store_true",
                        help="also reinstall this Python's editable ludus (pip install --no-deps -e ROOT)")
    args = parser.parse_args(argv)
    root: Path = args.root.resolve()
    try:
        package, game_id, cls = names(args.name)
        title = args.title or " ".join(w.capitalize() for w in package.split("_"))
        check_title(title)
        check_free(root, package, game_id)
    except BadName as error:
        print(f"new_game.py: error: {error}", file=sys.stderr)
        return 2
    folder = copy_template(root, package, game_id, cls, title)
    warning = _sort_imports(folder)
    register(root, package, game_id)
    doc = write_doc(root, game_id, package, title)
    written = write_playthroughs(root, package, game_id)
    print(f"made {folder.relative_to(root)}/ (game id {game_id!r}, class {cls}), "
          "registered in pyproject.toml,")
    print(f"wrote {doc.relative_to(root)} and {len(written)} golden playthroughs in "
          f"{written[0].parent.relative_to(root)}/")
    if warning:
        print(f"warning: {warning}")
    for place in long_lines(folder):
        print(f"warning: {place}: longer than 110 characters (a longer name than Tally); wrap it")
    if args.install:
        pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "-e", str(root)]
        subprocess.run(pip, check=True)
        print("reinstalled: the entry point is visible. Next: make test")
    else:
        print(f"Next: {REINSTALL}   (the reinstall that makes the new entry point visible), then: make test")
    return 0


if __name__ == "__main__":
    sys.exit(main())
