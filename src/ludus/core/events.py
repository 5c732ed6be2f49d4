"""Events: what :meth:`State.apply` reports, as a kind and data, never prose.

An event is ``kind`` (a name registered by its game, e.g. ``"take_tray"``) and
``data`` (ids and numbers). Its text is made only when somebody reads it, from
a template registered for the event's ``domain`` (the game's id, or ``"ludus"``)
and kind, so a translation can replace the template (the localisation catalogs
build on this) and a web log or a statistic reads ``kind`` and ``data``
directly. An event that carries hidden information names the seats that may
see it (``visible_to``).

>>> register_messages("doc-example", {"take": {
...     "one": "seat {seat} takes {markers} marker from {tray:tray}",
...     "other": "seat {seat} takes {markers} markers from {tray:tray}",
...     "n": "markers"}}, {"tray": lambda t, lang: t.title()})
>>> log = Log.of("doc-example")()
>>> log.public("take", seat=1, tray="senate", markers=3)
>>> log[0].text
'seat 1 takes 3 markers from Senate'
>>> log[0].to_json()
{'kind': 'take', 'data': {'seat': 1, 'tray': 'senate', 'markers': 3}, 'visible_to': None}
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

from ludus.core.i18n import Lang, LangLike, as_lang

__all__ = [
    "Event", "Log", "Namer", "Plural", "fill", "has_template", "register_messages", "render", "templates",
]

Namer = Callable[[Any, Lang], str]
"""Turns a data value (an id, a list of ids) into words in a language: ``{card:card}`` in a template."""


class Plural(NamedTuple):
    """A template with a singular and a plural English form, chosen by the count in data field ``n``."""

    one: str
    other: str
    n: str


Template = str | Plural

_TEMPLATES: dict[str, dict[str, Template]] = {}
_NAMERS: dict[str, dict[str, Namer]] = {}


def _join(values: Any, lang: Lang) -> str:
    return lang.join([str(v) for v in values])


def _number(value: Any, lang: Lang) -> str:
    return lang.number(value)


def _player(value: Any, lang: Lang) -> str:
    return lang.player(int(value))


def _players(values: Any, lang: Lang) -> str:
    return lang.players([int(v) for v in values])


_CORE_NAMERS: dict[str, Namer] = {"join": _join, "number": _number, "player": _player, "players": _players}


def register_messages(
    domain: str, messages: Mapping[str, str | Mapping[str, str]], names: Mapping[str, Namer] | None = None
) -> None:
    """Register the English templates of ``domain``'s event kinds, and its namers.

    A template is a :meth:`str.format` string over the event's data, and the msgid
    of its translations in ``domain``'s catalogs. A template that counts something is
    a mapping ``{"one": ..., "other": ..., "n": <data field>}`` (``ngettext``: Polish
    and Ukrainian pick one of three forms). A field may name a namer after a colon:
    ``{card:card}`` calls ``names["card"](value, lang)`` (``lang`` translates ``domain``
    by default: :meth:`~ludus.core.i18n.Lang.for_domain`); the core namers are ``join``
    (a list, as the language writes one), ``number``, ``player`` (a seat, by the name the
    reader knows it by: :meth:`~ludus.core.i18n.Lang.player`) and ``players`` (several).
    """
    table = _TEMPLATES.setdefault(domain, {})
    for kind, template in messages.items():
        table[kind] = template if isinstance(template, str) else Plural(template["one"], template["other"],
                                                                        template["n"])
    _NAMERS.setdefault(domain, {}).update(names or {})


def templates(domain: str) -> Mapping[str, Template]:
    """The English templates registered for ``domain`` (kind → template)."""
    return _TEMPLATES.get(domain, {})


def has_template(domain: str, kind: str) -> bool:
    """Whether events of ``kind`` in ``domain`` have a template."""
    return kind in _TEMPLATES.get(domain, {})


class _Formatter(string.Formatter):
    def __init__(self, namers: Mapping[str, Namer], lang: Lang) -> None:
        self.namers = namers
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        namer = self.namers.get(format_spec) or _CORE_NAMERS.get(format_spec)
        if namer is not None:
            return str(namer(value, self.lang))
        return str(super().format_field(value, format_spec))


def render(event: Event, locale: LangLike = None) -> str:
    """The text of ``event`` in ``locale`` (a :class:`~ludus.core.i18n.Lang` or a code; None: English).

    The kind's template is translated in the event's domain, then filled with the
    event's data, each id named in the same language. An event whose kind has no
    template reads ``kind: data`` (the conformance suite fails a game that emits one).
    """
    lang = as_lang(locale).for_domain(event.domain)
    template = _TEMPLATES.get(event.domain, {}).get(event.kind)
    if template is None:
        return f"{event.kind}: {event.data}"
    if isinstance(template, Plural):
        text = lang.ngettext(template.one, template.other, int(event.data[template.n]))
    else:
        text = lang.gettext(template)
    return fill(event.domain, text, event.data, lang)


def fill(domain: str, text: str, data: Mapping[str, Any], lang: Lang) -> str:
    """``text`` (a template already in ``lang``) filled with ``data``, ids named by ``domain``'s namers.

    What :func:`render` does after translating; a rule's reason (:mod:`ludus.core.reasons`) uses it too.
    """
    return _Formatter(_NAMERS.get(domain, {}), lang).vformat(text, (), data)


class Event(NamedTuple):
    """One thing that happened: ``kind`` and ``data``; ``text`` is made when read.

    ``visible_to`` is ``None`` for a public event, otherwise the seats that may
    see it. ``domain`` names whose templates apply (the game's id). An event is a
    small tuple: the rules make about two per action, so making one must be cheap.
    """

    kind: str
    data: dict[str, Any]
    visible_to: frozenset[int] | None = None
    domain: str = "ludus"

    @property
    def text(self) -> str:
        """One line of English (from the kind's template)."""
        return render(self)

    def text_in(self, locale: LangLike) -> str:
        """One line in ``locale`` (a :class:`~ludus.core.i18n.Lang` or a code)."""
        return render(self, locale)

    def is_visible_to(self, player: int | None) -> bool:
        """Whether ``player`` (``None`` = spectator) may see this event."""
        if self.visible_to is None:
            return True
        return player is not None and player in self.visible_to

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form: kind, data and visibility (no text)."""
        seen = None if self.visible_to is None else sorted(self.visible_to)
        return {"kind": self.kind, "data": dict(self.data), "visible_to": seen}

    def __repr__(self) -> str:
        seen = "" if self.visible_to is None else f", visible_to={sorted(self.visible_to)}"
        return f"Event({self.kind!r}, {self.data!r}{seen})"


_new_event = tuple.__new__
"""Make an event without the Python-level ``__new__`` of a named tuple (the rules' hot path)."""


_ONE_SEAT = tuple(frozenset((seat,)) for seat in range(16))


def _seats(players: int | Iterable[int]) -> frozenset[int]:
    if isinstance(players, int):
        return _ONE_SEAT[players] if 0 <= players < 16 else frozenset((players,))
    return frozenset(players)


def public(kind: str, domain: str = "ludus", **data: Any) -> Event:
    """A public event of ``kind`` with ``data``."""
    return Event(kind, data, None, domain)


def private(players: int | Iterable[int], kind: str, domain: str = "ludus", **data: Any) -> Event:
    """An event only ``players`` may see."""
    return Event(kind, data, _seats(players), domain)


class Log(list[Event]):
    """The events of one :meth:`State.apply`, in order; rules append to it.

    ``Log()`` logs for the ``"ludus"`` domain; ``Log.of(domain)()`` for a game's
    (one small subclass per domain, made once: creating a log costs no more than
    creating a list, which matters at a hundred thousand actions a second).

    >>> log = Log.of("doc-example")()
    >>> log.private(0, "draw", card=5)
    >>> [e.is_visible_to(1) for e in log], log[0].domain
    ([False], 'doc-example')
    """

    __slots__ = ()
    domain: str = "ludus"

    @classmethod
    def of(cls, domain: str) -> type[Log]:
        """The log class of ``domain`` (the game's id)."""
        made = _LOG_CLASSES.get(domain)
        if made is None:
            made = _LOG_CLASSES[domain] = type(f"Log[{domain}]", (Log,), {"__slots__": (), "domain": domain})
        return made

    def public(self, kind: str, **data: Any) -> None:
        """Append a public event."""
        self.append(_new_event(Event, (kind, data, None, self.domain)))

    def private(self, players: int | Iterable[int], kind: str, **data: Any) -> None:
        """Append an event only ``players`` may see."""
        self.append(_new_event(Event, (kind, data, _seats(players), self.domain)))


_LOG_CLASSES: dict[str, type[Log]] = {}
