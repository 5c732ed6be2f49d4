"""The ``ludus`` command's arguments: the parser that speaks the reader's language, seeds,
``KEY=VALUE`` options, and the errors of a command line that makes no sense."""

from __future__ import annotations

import argparse
import functools
import re
import sys
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

from ludus.core.errors import N_, LudusError, OptionError
from ludus.core.i18n import Lang, get_lang
from ludus.core.record import SEED_LIMIT

__all__ = ["EXIT_BAD_INPUT", "MAX_BENCH_SECONDS", "MAX_JOBS", "UsageError", "escape", "parse_options",
           "parser_class", "seed"]

EXIT_BAD_INPUT = 2
MAX_JOBS = 256
"""The most worker processes ``simulate --jobs`` starts."""
MAX_BENCH_SECONDS = 3600.0
"""The longest ``bench --seconds`` (per game and player count)."""


def escape(text: str) -> str:
    r"""``text`` with every non-printable character (escape sequences, newlines) written as in ``repr``.

    >>> escape("0:play \x1b[2J\n")
    '0:play \\x1b[2J\\n'
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


SEED_ERROR = N_("a seed must be an integer of at most 64 bits, got {text}")


def seed(text: str) -> int:
    """argparse type of a seed: an integer of at most 64 bits."""
    try:
        value = int(text) if len(text) <= 30 else None
    except ValueError:
        value = None
    if value is None or not -SEED_LIMIT < value < SEED_LIMIT:
        raise argparse.ArgumentTypeError(SEED_ERROR.format(text=repr(text[:40])))
    return value


class UsageError(LudusError):
    """A command-line argument that makes no sense."""


# argparse's own messages (it writes them in English), matched and said again in the reader's language.
_ARGPARSE_MESSAGES = [(re.compile(pattern), template) for pattern, template in (
    (r"^the following arguments are required: (?P<names>.*)$",
     N_("the following arguments are required: {names}")),
    (r"^unrecognized arguments: (?P<args>.*)$", N_("unrecognized arguments: {args}")),
    (r"^one of the arguments (?P<names>.*) is required$", N_("one of the arguments {names} is required")),
    (r"^ambiguous option: (?P<option>\S+) could match (?P<matches>.*)$",
     N_("ambiguous option: {option} could match {matches}")),
    (r"^argument (?P<argument>[^:]+): (?P<message>.*)$", N_("argument {argument}: {message}")),
    (r"^invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)$",
     N_("invalid choice: {value} (choose from {choices})")),
    (r"^invalid (?P<type>\w+) value: (?P<value>.*)$", N_("invalid {type} value: {value}")),
    (r"^expected one argument$", N_("expected one argument")),
    (r"^expected at least one argument$", N_("expected at least one argument")),
    (r"^not allowed with argument (?P<argument>.*)$", N_("not allowed with argument {argument}")),
    (r"^a seed must be an integer of at most 64 bits, got (?P<text>.*)$", SEED_ERROR),
)]


def _argparse_message(message: str, lang: Lang) -> str:
    """One of argparse's error messages in ``lang`` (a message it does not know stays as it is)."""
    for pattern, template in _ARGPARSE_MESSAGES:
        found = pattern.match(message)
        if found:
            values = found.groupdict()
            if "message" in values:
                values["message"] = _argparse_message(values["message"], lang)
            return lang.gettext(template).format(**values)
    return message


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter, with "usage:" in the parser's language."""

    lang: Lang = get_lang("en")

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup], prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, self.lang.gettext("usage: ") if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    """An argument parser that speaks ``lang``: its usage, group titles, ``--help`` and errors."""

    lang: Lang = get_lang("en")

    def __init__(self, **kwargs: Any) -> None:
        add_help = kwargs.pop("add_help", True)
        kwargs.setdefault("formatter_class", type("Formatter", (_Formatter,), {"lang": self.lang}))
        super().__init__(**kwargs, add_help=False)
        _ = self.lang.gettext
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        if add_help:
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help=_("show this help message and exit"))

    def error(self, message: str) -> NoReturn:
        """Print the usage and ``message`` in the parser's language; exit with status 2."""
        self.print_usage(sys.stderr)
        text = self.lang.gettext("{prog}: error: {message}").format(
            prog=self.prog, message=_argparse_message(message, self.lang))
        self.exit(2, text + "\n")


@functools.cache
def parser_class(lang: Lang) -> type[_Parser]:
    return type("Parser", (_Parser,), {"lang": lang})


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key:
            raise OptionError(N_("option {pair!r} must be written KEY=VALUE"), pair=pair)
        options[key.strip()] = value.strip()
    return options
