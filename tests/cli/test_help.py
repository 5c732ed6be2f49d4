"""Issue 36: ``help`` speaks of the game being played, in every language, at the terminal's width.

The examples are the seat's own legal actions in the game's notation (never Glory to
Rome's "lead laborer" in another game); each command is a message of its own, without a
line break, laid out by the terminal at its width with what it does wrapped under its text;
the ``--resume`` hint is there in every language.
"""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

import ludus
from ludus.agents import make_agent
from ludus.core.actions import Action
from ludus.core.i18n import get_lang
from ludus.play import commands
from ludus.play.terminal import TerminalSession

GAMES = [("glory-to-rome", 3), ("trajan", 2), ("fall-of-rome", 2), ("hadrians-wall", 2)]
LANGS = ["en", "pl", "hu", "uk"]


COMMAND = re.compile(r"  (\S+(?: \S+)?) {2,}")
"""A command's line of the help: the command, its argument, the blanks before what it does."""


def help_text(game_id: str, players: int, lang: str, width: int = 80,
              seed: int = 4) -> tuple[list[str], list[Action]]:
    """The lines ``help`` prints at the first decision of a game (on a terminal ``width`` wide),
    and that decision's actions."""
    game = ludus.load(game_id, players)
    state = game.new_state(seed)
    seat = state.to_move()[0]
    actions = state.legal_actions(seat)
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None)
    answers = iter(["help", "quit"])
    marks: list[int] = []

    def typed(prompt: str) -> str:
        marks.append(len(out.getvalue()))
        return next(answers)

    record = ludus.GameRecord(game.info.id, players, seed, game.option_dict)
    bots = {p: make_agent("random", p) for p in range(players) if p != seat}
    TerminalSession(game, state, record, [seat], bots, console, typed, lang=get_lang(lang)).run()
    return out.getvalue()[marks[0]:marks[1]].splitlines(), actions


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_help_gives_examples_of_the_game_played_wrapped_at_80_columns(game_id: str, players: int,
                                                                      lang: str) -> None:
    lines, actions = help_text(game_id, players, lang)
    text = "\n".join(lines)
    assert lines and all(len(line) <= 80 for line in lines), [line for line in lines if len(line) > 80]
    short, full = commands.examples(actions)
    assert full in map(str, actions) and f"{actions[0].player}:{short}" == str(actions[0])
    assert short in text and full in text  # each example whole, on one line
    if game_id != "glory-to-rome":
        assert "lead laborer" not in text
    assert "--resume" in text, text
    # every command on a line of its own, what it does beside it and wrapped under its text
    said = [line for line in lines if line.startswith("  ")]
    starts = [line.split()[0] for line in said if not line.startswith("   ")]
    expected = [c for c in commands.ALL if c != "map" or game_id == "fall-of-rome"]
    assert starts == expected, starts
    for line in said:
        found = COMMAND.match(line)
        if found:
            column = found.end()
        else:  # a wrapped line starts under the text of its command
            assert len(line) - len(line.lstrip()) == column, (line, column)


def test_help_messages_have_no_line_breaks_in_any_language() -> None:
    for lang in LANGS:
        _ = get_lang(lang).gettext
        for argument, does in commands.COMMANDS.values():
            for message in filter(None, (argument, does)):
                assert "\n" not in _(message), (lang, _(message))
        quit_text = _(commands.COMMANDS["quit"][1])
        assert "ludus play --resume" in quit_text, (lang, quit_text)


def test_the_ukrainian_help_keeps_whole_lines_at_80_columns() -> None:
    # the issue: a hard line break in the message wrapped into three broken lines
    lines, _ = help_text("hadrians-wall", 2, "uk")
    undo = next(i for i, line in enumerate(lines) if line.startswith("  undo"))
    assert all(line.startswith(" " * 14) for line in lines[undo + 1:undo + 3]), lines[undo:undo + 3]
    assert any(line.startswith("  quit") for line in lines) and "--resume" in "\n".join(lines)


def test_help_on_a_wide_and_on_a_narrow_terminal() -> None:
    wide, _ = help_text("glory-to-rome", 3, "pl", width=140)
    assert max(len(line) for line in wide) > 80  # the width of the terminal, not 80
    narrow, _ = help_text("glory-to-rome", 3, "pl", width=30)
    assert all(len(line) <= 30 for line in narrow) and "--resume" in " ".join(narrow)
    assert narrow[0].startswith("Wpisz numer") and any(line.startswith("  quit") for line in narrow)
    tiny, _ = help_text("glory-to-rome", 3, "pl", width=8)
    assert all(len(line) <= 20 for line in tiny)  # the narrowest layout: 20 columns
