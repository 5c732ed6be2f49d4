"""The terminal front end."""

from ludus.play.terminal import TerminalSession

__all__ = ["TerminalSession"]
