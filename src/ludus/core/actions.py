"""Actions and their text notation.

An :class:`Action` is a small frozen value: the seat that takes it, a verb named
after the rulebook (``"lead"``, ``"march"``, ``"sow"``) and a tuple of arguments
that are plain ``int`` or ``str`` tokens. Its notation is one line of text::

    <player>:<verb> <arg> <arg> ...

for example ``"0:lead laborer"`` or ``"2:march 14"``. String arguments never
contain spaces, colons or commas, and never look like integers, so every action
round-trips: ``Action.from_notation(str(a)) == a``.

Games may subclass :class:`Action` or use it as it is.

>>> a = Action(0, "lead", ("laborer",))
>>> str(a)
'0:lead laborer'
>>> Action.from_notation("0:lead laborer") == a
True
>>> Action.from_notation("1:sow 3 red").args
(3, 'red')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ludus.core.errors import N_, NotationError

Arg = int | str
"""One argument of an action: an integer or a space-free token."""


def _is_int_token(token: str) -> bool:
    body = token[1:] if token[:1] == "-" else token
    return body.isdigit() and body.isascii()


MAX_INT_DIGITS = 100
"""The longest integer an action's notation may hold (no game needs more)."""


def parse_arg(token: str) -> Arg:
    """Return ``token`` as an int when it is written as one, else as a string.

    Raises :class:`NotationError` for an integer longer than :data:`MAX_INT_DIGITS` digits.
    """
    return _to_int(token) if _is_int_token(token) else token


def _to_int(token: str) -> int:
    if len(token.lstrip("-")) > MAX_INT_DIGITS:
        raise NotationError(N_("the number {number} has too many digits (at most {digits})"),
                            number=shorten(token), digits=MAX_INT_DIGITS)
    return int(token)


def shorten(text: str, limit: int = 60) -> str:
    """``repr(text)``, cut to about ``limit`` characters (for error messages)."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"… ({len(text)} characters)"


def check_token(token: str) -> str:
    """Raise :class:`ValueError` unless ``token`` is a valid string argument."""
    if not token or _is_int_token(token) or any(c in token for c in " :,\t\n"):
        raise ValueError(f"invalid action token {token!r}")
    return token


@dataclass(frozen=True, slots=True)
class Action:
    """A decision of one player.

    ``player`` is the seat (0-based), ``verb`` the rulebook's name of the action and
    ``args`` its parameters.
    """

    player: int
    verb: str
    args: tuple[Arg, ...] = ()
    _text: str | None = field(default=None, init=False, repr=False, compare=False)

    def notation(self) -> str:
        """Return the action's one-line notation (also ``str(action)``; made once per action)."""
        text = self._text
        if text is None:
            if self.args:
                text = f"{self.player}:{self.verb} " + " ".join(map(str, self.args))
            else:
                text = f"{self.player}:{self.verb}"
            object.__setattr__(self, "_text", text)  # a cache: the action stays immutable
        return text

    __str__ = notation

    @classmethod
    def from_notation(cls, text: str, default_player: int | None = None) -> Action:
        """Parse notation; the ``<player>:`` prefix may be left out when
        ``default_player`` is given.

        Raises :class:`NotationError` on malformed text.
        """
        if not isinstance(text, str):
            raise NotationError(N_("action notation must be text, got {kind}"), kind=type(text).__name__)
        text = text.strip()
        if not text:
            raise NotationError(N_("empty action notation"))
        head, colon, rest = text.partition(":")
        if colon and _is_int_token(head.strip()):
            player = _to_int(head.strip())
            body = rest
        elif default_player is not None and not colon:
            player = default_player
            body = text
        else:
            raise NotationError(N_("cannot parse action {text}: expected '<player>:<verb> <args>', e.g. "
                                   "'0:pass'"),
                                text=shorten(text))
        tokens = body.split()
        if not tokens:
            raise NotationError(N_("cannot parse action {text}: no verb after the player"),
                                text=shorten(text))
        verb = tokens[0]
        if _is_int_token(verb):
            raise NotationError(N_("cannot parse action {text}: the verb must be a word"), text=shorten(text))
        return cls(player, verb, tuple(parse_arg(t) for t in tokens[1:]))


class ActionMemo:
    """Every action built once and then reused (cheaper than a frozen dataclass per call).

    Legal-action lists built from a memo hold the same objects every time, so
    the engine's identity test (``a is action``) finds them at once.

    >>> memo = ActionMemo()
    >>> memo.get(0, "take", "senate") is memo.get(0, "take", "senate")
    True
    """

    __slots__ = ("_memo",)

    def __init__(self) -> None:
        self._memo: dict[tuple[int, str, tuple[Arg, ...]], Action] = {}

    def get(self, player: int, verb: str, *args: Arg) -> Action:
        """The action ``player:verb args``."""
        key = (player, verb, args)
        action = self._memo.get(key)
        if action is None:
            action = self._memo[key] = Action(player, verb, args)
        return action
