"""The errors ludus raises for bad input.

Every error a person or a client can cause is a :class:`LudusError`, a
:class:`ValueError`, with a message that names what is wrong. When one is
raised, the state it concerns is unchanged.

An error is data, like an event: a message id (the English template), the domain
whose catalogs translate it and the values that fill it. A language renders it
(:meth:`LudusError.text_in` with a :class:`~ludus.core.i18n.Lang`, or
:meth:`Lang.error_text <ludus.core.i18n.Lang.error_text>`), so a front end shows it in
the reader's language; ``str()`` of the error is the English. This module imports no
language: :mod:`ludus.core.i18n` imports it, never the other way round.

>>> from ludus.core.i18n import get_lang
>>> error = NotationError(N_("no action called {verb!r}"), verb="lay")
>>> str(error), error.text_in(get_lang("en")), error.template, error.values
("no action called 'lay'", "no action called 'lay'", 'no action called {verb!r}', {'verb': 'lay'})
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


class Translator(Protocol):
    """What renders an error: a language that translates a message id of a domain
    (:class:`ludus.core.i18n.Lang` is one)."""

    def gettext(self, message: str, domain: str | None = None) -> str:
        """``message`` (its English msgid) in ``domain``'s catalogs, in this language."""
        ...


@runtime_checkable
class Sayable(Protocol):
    """A value of an error that says itself in the reader's language (another error, a rule's
    reason why an action is illegal); ``str()`` of it is the English."""

    def text_in(self, lang: Translator) -> str:
        """The value in ``lang``."""
        ...


def N_(message: str) -> str:
    """Mark ``message`` for extraction where it is defined; it is translated where it is shown."""
    return message


class LudusError(ValueError):
    """Base class of every error caused by bad input.

    ``LudusError(template, domain=..., **values)``: the template is the msgid of the
    message in ``domain``'s catalogs (the platform's, or a game's id) and is filled
    with ``values`` by :meth:`str.format`. A message without values is used as it is. A
    value that is itself a ``LudusError`` (the cause) or another :class:`Sayable` value is said
    in the same language.
    """

    def __init__(self, message: str = "", /, *, domain: str = "ludus", **values: Any) -> None:
        super().__init__(message.format(**values) if values else message)
        self.template = message
        self.domain = domain
        self.values = values

    def text_in(self, lang: Translator) -> str:
        """The message in ``lang`` (a :class:`~ludus.core.i18n.Lang`; ``as_lang(code)`` makes one
        from a language code): the template translated in :attr:`domain`, filled with the values,
        a value that is itself an error (or :class:`Sayable`) said in the same language."""
        text = lang.gettext(self.template, self.domain)
        if not self.values:
            return text
        values = {k: v.text_in(lang) if isinstance(v, Sayable) else v for k, v in self.values.items()}
        return text.format(**values)


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
