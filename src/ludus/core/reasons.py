"""Reasons: why a rule refuses an action, as data (PokerKit's ``verify_*`` say it in words).

A :class:`Reason` is a message id and its values, like an event's kind and data
(:mod:`ludus.core.events`) or an error's template (:mod:`ludus.core.errors`): the
message is the English template, marked with ``N_`` where the rule defines it,
the msgid of its translations in the game's catalogs; its values are ids and
numbers, named in the reader's language by the game's namers (``{card:card}``)
only when somebody reads it. A rule never builds English prose.

A game's rules give reasons in two places, both read by
:meth:`ludus.core.engine.RulesState.why_illegal` before its generic text:

- a decision's :class:`~ludus.core.decisions.DecisionRules` may have ``why(state,
  decision, action)``, asked for an answer of the seat the decision waits for;
- a rules chapter may register ``why(state, action)`` for its verbs in the state
  class's ``REASONS`` (verb → function), asked when no decision of the seat is pending.

Either returns ``None`` when it has nothing to say, and must never give a reason
for an action that is legal.

>>> from ludus.core.events import register_messages
>>> register_messages("doc-reasons", {}, {"tray": lambda t, lang: t.title()})
>>> why = Reason(N_("the {tray:tray} tray is empty"), {"tray": "senate"})
>>> why.text_in("en", "doc-reasons")
'the Senate tray is empty'
>>> why.to_json()
{'message': 'the {tray:tray} tray is empty', 'values': {'tray': 'senate'}}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ludus.core.errors import N_
from ludus.core.events import fill
from ludus.core.i18n import LangLike, as_lang

__all__ = ["N_", "Reason", "Why", "because"]


class Reason(NamedTuple):
    """Why an action is refused: ``message`` (an English template, the msgid) and its ``values``."""

    message: str
    values: dict[str, Any]

    def text_in(self, locale: LangLike, domain: str) -> str:
        """The reason in ``locale``, translated in ``domain`` (the game's id) and filled."""
        lang = as_lang(locale).for_domain(domain)
        return fill(domain, lang.gettext(self.message), self.values, lang)

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form: the message id and the values."""
        return {"message": self.message, "values": dict(self.values)}


def because(message: str, /, **values: Any) -> Reason:
    """``Reason(message, values)``: mark ``message`` with ``N_`` where it is written.

    >>> because(N_("there is no site of {material} left"), material=2)
    Reason(message='there is no site of {material} left', values={'material': 2})
    """
    return Reason(message, values)


Why = Callable[[Any, Any], Reason | None]
"""A chapter's reason function: ``why(state, action)`` → a :class:`Reason`, or ``None``."""
