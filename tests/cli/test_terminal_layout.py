"""Issue 36: the terminal's screen as a person sees it (pyte), in the game's edition language.

Labels wrap under their text, never cut ("…Twoja karta Ro…" at 80 columns); the screen is
as wide as the terminal (120 columns are used, not 80); the game's words are coloured in
every language, in whatever form a sentence puts them ("bierze Senatora" as "takes a Jack").
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import ludus
from ludus.testing.terminal import Prompt, TerminalRun, play_in_terminal

ENTRY = re.compile(r"^ *(\d+)  (\S.*)$")
"""A menu entry's first row: its number, two blanks, its label."""


def play(argv: list[str], cols: int, rows: int, data: Path, columns: int | None = None) -> TerminalRun:
    """``ludus`` with ``argv`` in a ``cols``×``rows`` pseudo-terminal, quitting at the first
    prompt (``columns``: a stale ``COLUMNS`` in the environment, else the terminal's)."""
    env = {"LUDUS_DATA_DIR": str(data), "COLUMNS": str(columns or cols)}
    argv = [sys.executable, "-m", "ludus", *argv]
    return play_in_terminal(argv, lambda prompt, n: "quit", cols, rows, env=env)


def menu(prompt: Prompt) -> dict[int, str]:
    """The menu on the screen of ``prompt``, each entry's rows joined: number → label."""
    entries: dict[int, list[str]] = {}
    last = None
    for row in prompt.screen[:prompt.row]:
        found = ENTRY.match(row.rstrip())
        if found:
            last = int(found.group(1))
            entries[last] = [found.group(2)]
        elif last is not None and row.startswith(" " * 6) and row.strip():
            entries[last].append(row.strip())  # a wrapped label's next row, under its text
        else:
            last = None
    return {n: " ".join(rows) for n, rows in entries.items()}


def labels(game_id: str, players: int, seed: int, lang: str) -> list[str]:
    game = ludus.load(game_id, players)
    state = game.new_state(seed)
    return [game.describe(state, action, lang) for action in state.legal_actions(state.to_move()[0])]


HADRIANS_WALL = ["--lang", "pl", "play", "hadrians-wall", "--players", "1", "--seed", "4"]


def test_labels_wrap_under_their_text_at_80_columns(tmp_path: Path) -> None:
    run = play(HADRIANS_WALL, 80, 24, tmp_path)
    prompt = run.prompts[0]
    expected = labels("hadrians-wall", 1, 4, "pl")
    assert any(len(label) > 74 for label in expected)  # too long for one row of 80
    shown = menu(prompt)
    assert shown == {n: label for n, label in enumerate(expected, start=1)}, shown
    assert "Rozwoju)" in prompt.text() and "…" not in prompt.text()
    rows = prompt.text().splitlines()
    wrapped = [i for i, row in enumerate(rows) if ENTRY.match(row) and len(row) > 70]
    assert wrapped and all(rows[i + 1].startswith("      ") for i in wrapped)


@pytest.mark.parametrize("columns", [120, 80])
def test_a_120_column_terminal_gets_a_120_column_screen(tmp_path: Path, columns: int) -> None:
    # COLUMNS=80 left in the environment (a shell or tmux exported it before a resize): rich
    # believes it; the session asks the terminal itself
    run = play(HADRIANS_WALL, 120, 30, tmp_path, columns)
    prompt = run.prompts[0]
    expected = labels("hadrians-wall", 1, 4, "pl")
    rows = prompt.text().splitlines()
    for n, label in enumerate(expected, start=1):  # each label on one row, wider than 80
        assert f"{n:>4}  {label}" in rows, rows
    assert max(len(row) for row in rows) > 80
    assert "─" * 120 in rows  # the rule across the whole terminal


@pytest.mark.parametrize(("lang", "jack"), [("pl", "Senator"), ("en", "Jack"), ("hu", "Szenátor")])
def test_the_jack_is_coloured_in_every_form_and_language(tmp_path: Path, lang: str, jack: str) -> None:
    # Glory to Rome's Jack card is bold: "takes a Jack", "Jacks 1", "bierze Senatora", "Senatorowie 1"
    run = play(["--lang", lang, "play", "glory-to-rome", "--players", "3", "--seed", "4"], 80, 40, tmp_path)
    text = run.transcript.decode()
    forms = list(re.finditer(jack + r"\w*", text))
    assert len({found.group() for found in forms}) >= 2, {found.group() for found in forms}  # inflected too
    plain = [found.group() for found in forms if not text[:found.start()].endswith("\x1b[1m")]
    assert not plain, plain
