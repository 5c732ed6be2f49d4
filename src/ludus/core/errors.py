"""The errors ludus raises for bad input.

Every error a person or a client can cause is a :class:`LudusError`, a
:class:`ValueError`, with a message that names what is wrong. When one is
raised, the state it concerns is unchanged.
"""

from __future__ import annotations


class LudusError(ValueError):
    """Base class of every error caused by bad input."""


class IllegalActionError(LudusError):
    """An action that is not legal in the current state."""


class NotationError(LudusError):
    """Text that is not the notation of any action."""


class OptionError(LudusError):
    """An unknown game option, a bad option value or a bad player count."""


class UnknownGameError(LudusError):
    """A game id that is not registered."""


class RecordError(LudusError):
    """A game record that is malformed or does not replay."""


class StateError(LudusError):
    """Saved state data that is not a state of the game (its message names the field)."""


class LanguageError(LudusError):
    """A language ludus has no catalogs for."""
