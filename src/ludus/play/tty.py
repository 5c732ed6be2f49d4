"""The terminal device under a session: its screen, its scrollback, what was typed ahead.

The screen is as big as the terminal is now (:func:`measure`).

A hot-seat hand-off must leave nothing of the previous seat on the terminal: not on the
screen and not in the scrollback above it, which terminals (xterm, GNOME Terminal, tmux …)
keep on a plain "clear screen". :func:`erase` sends cursor home, clear screen and erase the
saved lines (``ESC[H ESC[2J ESC[3J``). A hot-seat game is also played in the terminal's
alternate screen buffer, where it has one (:class:`AlternateScreen`, ``ESC[?1049h`` …
``ESC[?1049l``): the game's screens never mix with the shell's, and when the game ends, is
left or fails, the shell gets its screen back.

Nothing of this reaches a pipe or a file: rich drops control codes when its output is not a
terminal, and the alternate screen is entered only on a real terminal (a tty, not a file a
``FORCE_COLOR`` made look like one).

>>> import io
>>> from rich.console import Console
>>> plain, forced = Console(file=io.StringIO()), Console(file=io.StringIO(), force_terminal=True)
>>> erase(plain); erase(forced)
>>> plain.file.getvalue(), forced.file.getvalue()
('', '\\x1b[H\\x1b[2J\\x1b[3J')
>>> screen = AlternateScreen(forced)
>>> screen.enter(), forced.file.getvalue().count("1049")
(False, 0)
"""

from __future__ import annotations

import os
import struct
import sys

from rich.console import Console
from rich.control import Control
from rich.segment import ControlType, Segment

__all__ = ["ERASE", "AlternateScreen", "erase", "is_tty", "measure", "typed_ahead"]

ERASE = "\x1b[H\x1b[2J\x1b[3J"
"""Cursor home, clear the screen, erase the saved lines (the scrollback)."""


def _control(codes: str) -> Control:
    """Raw control codes as rich writes them: to a terminal only, never into a pipe or a file."""
    control = Control()
    control.segment = Segment(codes, None, [(ControlType.CLEAR,)])
    return control


def erase(console: Console) -> None:
    """Clear ``console``'s screen and its scrollback (a legacy Windows console: the screen)."""
    if console.legacy_windows:
        console.clear()
    else:
        console.control(_control(ERASE))


def is_tty(console: Console) -> bool:
    """Whether ``console`` writes to a real terminal (a tty), not to a pipe or a file."""
    if not console.is_terminal:
        return False
    isatty = getattr(console.file, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed file
        return False


def measure(console: Console) -> None:
    """Size ``console`` as its terminal is now: a real terminal's own size, asked of the
    terminal itself (a stale ``COLUMNS`` or ``LINES`` in the environment, which rich would
    believe, never makes a 120-column terminal an 80-column screen; a resize is seen at the
    next measure). A pipe or a file keeps the size it has."""
    if not is_tty(console):
        return
    try:
        size = os.get_terminal_size(console.file.fileno())
    except (AttributeError, OSError, ValueError):  # no descriptor (a test's file) or not a terminal
        return
    if size.columns > 0 and size.lines > 0:
        console.size = (size.columns, size.lines)


class AlternateScreen:
    """The terminal's alternate screen buffer, entered once and left once (idempotent both ways)."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.active = False
        """Whether the session is in the alternate screen now."""

    def enter(self) -> bool:
        """Switch to the alternate screen (a real terminal only); True when switched."""
        if self.active or not is_tty(self.console):
            return False
        self.active = self.console.set_alt_screen(True)
        return self.active

    def leave(self) -> None:
        """Back to the normal screen, as the shell left it (nothing when not entered)."""
        if self.active:
            self.active = False
            self.console.set_alt_screen(False)


def typed_ahead() -> list[str]:
    """Lines typed at the terminal before the prompt appeared, read and dropped.

    A number typed for one menu must never choose from the next: the menu may have
    changed while the bots moved. Returns the dropped lines (empty when standard input
    is not a terminal, e.g. scripted input, or on a system without termios).
    """
    try:
        import fcntl
        import termios
    except ImportError:  # not a POSIX terminal
        return []
    if not sys.stdin.isatty():
        return []
    fd = sys.stdin.fileno()
    lines: list[str] = []
    while True:
        pending = struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0]
        if pending <= 0:
            break
        lines.extend(os.read(fd, pending).decode(errors="replace").split("\n"))
    termios.tcflush(fd, termios.TCIFLUSH)
    return [line.strip() for line in lines if line.strip()]
