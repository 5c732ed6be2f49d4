"""Drive ``ludus play`` in a real pseudo-terminal, as a person at a keyboard would.

:func:`play_in_terminal` starts a command with a pseudo-terminal of a given size as its
standard input and output, reads what it prints into a terminal emulator (pyte, from
the ``dev`` extra), and answers each prompt with what ``respond`` returns for the
screen on display. It gives back the whole byte transcript and the screen at every
prompt, so tests can check what a person sees — an 80×24 screen, colours, the score
sheet — and ``scripts/terminal_screens.py`` can print one screen per game.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import termios
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

__all__ = ["Prompt", "TerminalRun", "play_in_terminal"]

PROMPT_END = re.compile(rb"> (?:\x1b\[[0-9;?]*[A-Za-z])*$")
"""The tail of a prompt (``seat 0> ``), perhaps followed by colour resets."""
QUIET_SECONDS = 120.0
"""How long the program may print nothing before the run is abandoned (a hang, not a timing)."""


MENU_ENTRY = re.compile(r"(?:^|\s)(\d+)  \S")
"""A numbered menu entry: the number, two blanks, the label."""
ANSWERED = re.compile(r"^\S.*> ")
"""A row where an earlier prompt was answered."""


@dataclass(slots=True)
class Prompt:
    """One prompt: the screen as a person sees it (``rows`` lines of ``cols``), the
    row the cursor is on, and that row's text (the prompt)."""

    screen: list[str]
    row: int
    line: str

    def text(self) -> str:
        """The screen as text (trailing blanks removed)."""
        return "\n".join(row.rstrip() for row in self.screen)

    def menu(self) -> list[int]:
        """The numbers of the menu on screen for this prompt (printed after the last
        answered prompt above it)."""
        rows = self.screen[:self.row]
        last = max((i for i, text in enumerate(rows) if ANSWERED.match(text)), default=-1)
        return [int(n) for text in rows[last + 1:] for n in MENU_ENTRY.findall(text)]


@dataclass(slots=True)
class TerminalRun:
    """What a run of the program printed and what was typed."""

    transcript: bytes = b""
    prompts: list[Prompt] = field(default_factory=list)
    ends: list[int] = field(default_factory=list)
    """Where in the transcript each prompt ends."""
    typed: list[str] = field(default_factory=list)
    exit_code: int | None = None

    def printed(self, n: int) -> list[str]:
        """The lines printed from the answer to prompt ``n - 1`` up to prompt ``n`` (that
        prompt's line last), without escape sequences."""
        start = self.ends[n - 1] if n > 0 else 0
        text = _plain(self.transcript[start:self.ends[n]])
        lines = text.split("\n")
        return lines[1:] if n > 0 else lines  # the first is the echo of the answer

    @property
    def plain(self) -> str:
        """The transcript without terminal escape sequences."""
        return _plain(self.transcript)


def _plain(data: bytes) -> str:
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r", "", data.decode(errors="replace"))


def play_in_terminal(
    argv: Sequence[str],
    respond: Callable[[Prompt, int], str],
    cols: int = 80,
    rows: int = 24,
    env: dict[str, str] | None = None,
    max_prompts: int = 5000,
) -> TerminalRun:
    """Run ``argv`` in a ``cols``×``rows`` pseudo-terminal, answering prompt *n* with
    ``respond(prompt, n)`` (the text typed, Enter added), until the program exits.

    Raises :class:`RuntimeError` if the program prints nothing for
    :data:`QUIET_SECONDS` or asks more than ``max_prompts`` questions.
    """
    import pyte

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    environment = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(cols), "LINES": str(rows),
                   **(env or {})}
    environment.pop("NO_COLOR", None)
    process = subprocess.Popen(list(argv), stdin=slave, stdout=slave, stderr=slave, env=environment,
                               start_new_session=True, close_fds=True)
    os.close(slave)
    screen = pyte.Screen(cols, rows)
    stream = pyte.ByteStream(screen)
    run = TerminalRun()
    transcript = bytearray()
    try:
        while True:
            ready, _, _ = select.select([master], [], [], QUIET_SECONDS)
            if not ready:
                raise RuntimeError(f"no output for {QUIET_SECONDS:g} s after {len(run.prompts)} prompts")
            try:
                data = os.read(master, 1 << 16)
            except OSError:  # EIO: the program closed the terminal
                break
            if not data:
                break
            transcript += data
            stream.feed(data)
            if not PROMPT_END.search(transcript[-200:]):
                continue
            prompt = Prompt(list(screen.display), screen.cursor.y, screen.display[screen.cursor.y].rstrip())
            if len(run.prompts) >= max_prompts:
                raise RuntimeError(f"more than {max_prompts} prompts")
            answer = respond(prompt, len(run.prompts))
            run.prompts.append(prompt)
            run.ends.append(len(transcript))
            run.typed.append(answer)
            os.write(master, answer.encode() + b"\r")
    finally:
        os.close(master)
        try:
            run.exit_code = process.wait(timeout=QUIET_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            run.exit_code = process.wait()
    run.transcript = bytes(transcript)
    return run
