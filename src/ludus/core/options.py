"""Game options: :class:`OptionSpec` (one option's schema) and :class:`FrozenOptions` (a game's
validated options). :mod:`ludus.core.api` re-exports both."""

from __future__ import annotations

from dataclasses import dataclass

from ludus.core.actions import shorten
from ludus.core.errors import N_, OptionError

__all__ = ["FrozenOptions", "OptionSpec", "OptionValue"]

OptionValue = int | str | bool



class FrozenOptions(dict[str, OptionValue]):
    """A game's validated options: a read-only dict that pickles and copies.

    >>> o = FrozenOptions({"rules": "classic"})
    >>> o["rules"] = "new"
    Traceback (most recent call last):
    ...
    TypeError: a game's options are read-only
    """

    __slots__ = ()

    def _read_only(self, *args: object, **kwargs: object) -> None:
        raise TypeError("a game's options are read-only")

    __setitem__ = __delitem__ = _read_only
    clear = pop = popitem = setdefault = update = _read_only  # type: ignore[assignment]
    __ior__ = _read_only  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type[FrozenOptions], tuple[dict[str, OptionValue]]]:
        return (FrozenOptions, (dict(self),))

    def __copy__(self) -> FrozenOptions:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> FrozenOptions:
        return self


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One game option: its name, type, default and allowed values.

    ``choices`` restricts the value to a set; ``minimum``/``maximum`` bound an int. ``help``
    is the full note (its source, a ruling): ``ludus games`` and the game's rules page show it.
    What a player reads in the lobby is ``label``, ``explain`` and ``value_labels`` (msgids
    of the game's domain). A ``ruling`` (a reading of an unclear or unconfirmed rule) is not
    offered in the lobby: its documented default is played, and the rules page explains it.
    """

    name: str
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False
    label: str = ""
    """A short name in a player's words (a msgid)."""
    explain: str = ""
    """One line saying what the option changes, in a player's words (a msgid)."""
    value_labels: tuple[tuple[OptionValue, str], ...] = ()
    """A readable label (a msgid) for each of ``choices``."""
    players: tuple[int, ...] = ()
    """The player counts the option applies to (empty: every count)."""
    ruling: bool = False
    """Not offered in the lobby: the default is played (see the class docstring)."""

    def applies_to(self, players: int) -> bool:
        """Whether the option means anything at a table of ``players``.

        >>> OptionSpec("lap_2p", 11, "", players=(2,)).applies_to(3)
        False
        """
        return not self.players or players in self.players

    def offered(self, players: int) -> bool:
        """Whether the lobby offers the option at a table of ``players`` (not a ruling, and it applies)."""
        return not self.ruling and self.applies_to(players)

    def value_label(self, value: OptionValue) -> str:
        """The readable label (a msgid) of ``value``, else the value as written."""
        for known, label in self.value_labels:
            if known == value:
                return label
        return str(value)

    @property
    def kind(self) -> type:
        """The option's Python type (from its default, or from its choices)."""
        if self.default is None and self.choices:
            return type(self.choices[0])
        return type(self.default)

    def coerce(self, value: object) -> OptionValue:
        """Return ``value`` converted to the option's type, validated.

        Strings are accepted for every type (as typed on a command line).
        Raises :class:`OptionError` naming the option and the allowed values.
        """
        if value is None or (isinstance(value, str) and value.lower() in ("none", "null")):
            if self.nullable:
                return None  # type: ignore[return-value]
            raise OptionError(N_("option {name!r} may not be empty"), name=self.name)
        kind = self.kind
        result: OptionValue
        try:
            if kind is bool:
                if isinstance(value, bool):
                    result = value
                elif isinstance(value, str) and value.lower() in ("true", "yes", "1", "on"):
                    result = True
                elif isinstance(value, str) and value.lower() in ("false", "no", "0", "off"):
                    result = False
                else:
                    raise ValueError
            elif kind is int:
                if isinstance(value, bool):
                    raise ValueError
                result = int(value)  # type: ignore[call-overload]
                if isinstance(value, float) and value != result:
                    raise ValueError
            else:
                if not isinstance(value, str):
                    raise ValueError
                result = value
        except (TypeError, ValueError, OverflowError):  # OverflowError: int(inf)
            shown = shorten(value) if isinstance(value, str) else shorten(repr(value))[1:-1]
            raise OptionError(N_("option {name!r} must be {kind}, got {shown}"), name=self.name,
                              kind=kind.__name__, shown=shown) from None
        if self.choices is not None and result not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            shown = shorten(value) if isinstance(value, str) else shorten(repr(value))[1:-1]
            raise OptionError(N_("option {name!r} must be one of {allowed}; got {shown}"), name=self.name,
                              allowed=allowed, shown=shown)
        if isinstance(result, int) and not isinstance(result, bool):
            if self.minimum is not None and result < self.minimum:
                raise OptionError(N_("option {name!r} must be at least {minimum}; got {value}"),
                                  name=self.name, minimum=self.minimum, value=result)
            if self.maximum is not None and result > self.maximum:
                raise OptionError(N_("option {name!r} must be at most {maximum}; got {value}"),
                                  name=self.name, maximum=self.maximum, value=result)
        return result
