"""Issue 36: a hot-seat hand-off leaves nothing of the previous seat on the terminal.

``ludus play`` runs in a real pseudo-terminal; a terminal emulator that keeps the
scrollback (pyte's ``HistoryScreen``, as tmux and GNOME Terminal keep it) replays what it
printed. After a hand-off, neither the screen nor the scrollback above it holds a line of
the previous seat's private view: the hand-off clears the screen *and* erases the saved
lines (``ESC[H ESC[2J ESC[3J``). A hot-seat game is played in the alternate screen
(``ESC[?1049h``), left on every way out (``ESC[?1049l``: the end, quitting, an error,
Ctrl-C) so the shell gets its screen back; nothing of this goes into a pipe or a file.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pyte
import pytest
from rich.console import Console

import ludus
from fixtures.typing_in import answers_then_ctrl_c
from ludus.cli import main
from ludus.core.i18n import get_lang
from ludus.play.terminal import TerminalSession
from ludus.testing.terminal import TerminalRun, play_in_terminal

COLS, ROWS = 80, 24
REPRO = ["--lang", "pl", "play", "hadrians-wall", "--players", "2", "--seat", "all", "--seed", "4"]
"""The issue's repro: two people at one terminal, Polish."""


def hot_seat(data: Path, answers: list[str]) -> TerminalRun:
    """The repro in an 80×24 pseudo-terminal, answering its prompts with ``answers`` (then quit)."""
    return play_in_terminal([sys.executable, "-m", "ludus", *REPRO],
                            lambda prompt, n: answers[n] if n < len(answers) else "quit",
                            COLS, ROWS, env={"LUDUS_DATA_DIR": str(data)})


def terminal(data: bytes) -> tuple[list[str], list[str]]:
    """What a terminal that keeps its scrollback shows after ``data``: (scrollback, screen)."""
    screen = pyte.HistoryScreen(COLS, ROWS, history=100_000)
    pyte.ByteStream(screen).feed(data)
    history = ["".join(line[x].data for x in range(COLS)).rstrip() for line in screen.history.top]
    return history, [line.rstrip() for line in screen.display]


def seat_text(state: Any, seat: int) -> set[str]:
    """The lines of ``seat``'s own view: the whole table and its area, as it reads them."""
    game = state.game
    view = state.view(seat)
    text = game.render(view, seat, "pl") + "\n" + (game.render_seat(view, seat, "pl") or "")
    return {line.strip() for line in text.splitlines() if line.strip()}


def private_lines() -> set[str]:
    """Lines of the first seat's view (before its action) that the second seat never sees on
    its own screens (before and after the first seat's action): its hand, what it may keep."""
    game = ludus.load("hadrians-wall", 2)
    state = game.new_state(4)
    first = seat_text(state, 0)
    seen_by_second = seat_text(state, 1)
    state.apply(state.legal_actions(0)[0])  # the repro's "1"
    seen_by_second |= seat_text(state, 1)
    return first - seen_by_second


def test_the_next_seat_cannot_scroll_back_to_the_previous_seats_hand(tmp_path: Path) -> None:
    # Enter, "1" (seat 1 keeps a card), Enter (seat 2 is at the terminal), quit.
    run = hot_seat(tmp_path, ["", "1", "", "quit"])
    assert run.exit_code == 0, run.plain[-2000:]
    lines = [prompt.line for prompt in run.prompts]
    assert lines[1].startswith("Gracz 1>") and lines[2].startswith("Gracz 2, naciśnij Enter"), lines
    assert lines[3].startswith("Gracz 2>"), lines
    private = private_lines()
    assert any("na ręce" in line for line in private), private  # the first seat's hand is among them
    history, screen = terminal(run.transcript[:run.ends[1]])
    shown = {line.strip() for line in history + screen}
    assert private & shown, "the first seat sees its own view (else the test proves nothing)"
    for n in (2, 3):  # the hand-off's waiting screen, then the second seat's decision
        history, screen = terminal(run.transcript[:run.ends[n]])
        in_history = private & {line.strip() for line in history}
        on_screen = private & {line.strip() for line in screen}
        assert not in_history, (n, "in the scrollback", in_history)
        assert not on_screen, (n, "on the screen", on_screen)
    assert b"\x1b[H\x1b[2J\x1b[3J" in run.transcript


def test_a_hot_seat_game_is_played_in_the_alternate_screen_and_leaves_it(tmp_path: Path) -> None:
    run = hot_seat(tmp_path, ["", "quit"])
    data = run.transcript
    assert run.exit_code == 0
    enter, leave = data.index(b"\x1b[?1049h"), data.rindex(b"\x1b[?1049l")
    assert data.count(b"\x1b[?1049h") == 1 and data.count(b"\x1b[?1049l") == 1
    assert enter < data.index("naciśnij Enter".encode()) < leave
    # the way out is said on the shell's screen, after leaving the game's
    assert leave < data.index("Opuszczasz grę".encode())
    assert "--resume" in run.plain[run.plain.index("Opuszczasz grę"):]


def test_a_game_of_one_person_keeps_the_terminal_and_its_scrollback(tmp_path: Path) -> None:
    argv = [sys.executable, "-m", "ludus", "play", "hadrians-wall", "--players", "1", "--seed", "4"]
    run = play_in_terminal(argv, lambda prompt, n: "quit", COLS, ROWS, env={"LUDUS_DATA_DIR": str(tmp_path)})
    assert run.exit_code == 0 and b"\x1b[?1049" not in run.transcript and b"\x1b[3J" not in run.transcript


class TtyFile(io.StringIO):
    """A file that says it is a terminal (as a tty does)."""

    def isatty(self) -> bool:
        return True


@pytest.mark.usefixtures("fixture_games")
def test_hot_seat_into_a_pipe_or_a_file_writes_no_control_codes(monkeypatch: pytest.MonkeyPatch,
                                                                _data_dir: Path) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n1\n" * 60))
    out = io.StringIO()
    assert main(["play", "fixture-draw", "--seat", "all", "--seed", "1"], console=Console(file=out)) == 0
    assert "Game over" in out.getvalue() and "\x1b" not in out.getvalue()
    # a file made to look like a terminal (FORCE_COLOR): the hand-off erases, no alternate screen
    monkeypatch.setattr("sys.stdin", io.StringIO("\n1\n" * 60))
    out = io.StringIO()
    forced = Console(file=out, force_terminal=True)
    assert main(["play", "fixture-draw", "--seat", "all", "--seed", "1"], console=forced) == 0
    assert out.getvalue().count("\x1b[H\x1b[2J\x1b[3J") >= 6 and "\x1b[?1049" not in out.getvalue()


@pytest.mark.usefixtures("fixture_games")
def test_ctrl_c_gives_the_shell_its_screen_back_before_saying_how_to_continue(
        monkeypatch: pytest.MonkeyPatch, _data_dir: Path) -> None:
    answers_then_ctrl_c(monkeypatch, ["", "1", ""])
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    out = TtyFile()
    status = main(["play", "fixture-draw", "--seat", "all", "--seed", "1"],
                  console=Console(file=out, force_terminal=True, color_system=None))
    text = out.getvalue()
    assert status == 130
    assert text.index("\x1b[?1049h") < text.index("\x1b[?1049l") < text.index("Interrupted")


@pytest.mark.usefixtures("fixture_games")
def test_an_error_gives_the_shell_its_screen_back(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: TerminalSession, seat: int, board: bool = False) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(TerminalSession, "show", broken)
    game = ludus.load("fixture-draw", 2)
    state = game.new_state(1)
    out = TtyFile()
    session = TerminalSession(game, state, ludus.GameRecord(game.info.id, 2, 1, game.option_dict), [0, 1], {},
                              Console(file=out, force_terminal=True), lambda prompt: "", lang=get_lang("en"))
    with pytest.raises(RuntimeError):
        session.run()
    text = out.getvalue()
    assert text.count("\x1b[?1049h") == 1 and text.rindex("\x1b[?1049l") > text.index("\x1b[?1049h")
