"""Pending sub-decisions: typed records of "who must decide what, next".

A compound choice (pay 2 cards, sow 5 markers one by one, answer a demand) is a
stack of :class:`Decision` objects, in the manner of TAG's ``IExtendedSequence``.
A decision is *data*: who decides, and what it needs to remember (a small
``@dataclass(frozen=True, slots=True, eq=False)``, sequences as tuples), with its
JSON form. Decisions are immutable: a rule that changes one puts an updated copy
in its place on the stack (:func:`replace_on`), so a state's copy shares them. Its behaviour — which actions
are legal while it is on top, and what an answer does — lives in the rulebook
chapter that opens it, as a :class:`DecisionRules` pair, so that the "may I?"
and "do it" halves of a rule sit together and data never imports behaviour.
The engine (:mod:`ludus.core.engine`) dispatches an answer to the rules of the
decision on top.

>>> from dataclasses import dataclass
>>> @decision("pay")
... @dataclass(frozen=True, slots=True, eq=False)
... class Pay(Decision):
...     who: int
...     cards: tuple[int, ...]
>>> first = Pay(1, (3, 5))
>>> first.to_json()
{'k': 'pay', 'who': 1, 'cards': [3, 5]}
>>> decision_from_json({'k': 'pay', 'who': 1, 'cards': [3, 5]}, {'pay': Pay})
Pay(who=1, cards=(3, 5))
>>> stack: list[Decision] = [first]
>>> replace_on(stack, first, Pay(1, (5,))), stack
(Pay(who=1, cards=(5,)), [Pay(who=1, cards=(5,))])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, TypeVar

if TYPE_CHECKING:
    from ludus.core.actions import Action
    from ludus.core.events import Log
    from ludus.core.reasons import Reason

__all__ = ["Decision", "DecisionRules", "decision", "decision_from_json", "replace_on"]

D = TypeVar("D", bound="Decision")
S = TypeVar("S")


class Decision:
    """Base of a game's pending sub-decisions (subclasses are frozen, slotted dataclasses).

    ``KIND`` names the class in JSON (set by :func:`decision`); ``VERBS`` lists
    the verbs that answer it (an action of ``who`` with another verb, e.g. an
    optional event card, goes to its own handler instead).
    """

    __slots__ = ()
    KIND: ClassVar[str] = ""
    VERBS: ClassVar[frozenset[str]] = frozenset()
    who: int

    def copy(self: D) -> D:
        """The decision itself: it is immutable, so a state's copy shares it."""
        return self

    def to_json(self) -> dict[str, Any]:
        """``{"k": KIND, field: value, ...}`` (tuples as lists)."""
        out: dict[str, Any] = {"k": self.KIND}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            out[f.name] = _json_value(getattr(self, f.name))
        return out


def _json_value(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [list(v) if isinstance(v, (list, tuple)) else v for v in value]
    return value


def replace_on(stack: list[Any], old: D, new: D) -> D:
    """Put ``new`` where ``old`` is on ``stack`` (found by identity, from the top); return ``new``.

    The way a rule "changes" a pending decision. ``old`` must be on the stack: a rule that
    kept an outdated copy (another rule replaced it meanwhile) fails here instead of
    silently undoing that change.
    """
    if stack[-1] is old:  # (the common case, first)
        stack[-1] = new
        return new
    for i in range(len(stack) - 2, -1, -1):
        if stack[i] is old:
            stack[i] = new
            return new
    raise ValueError(f"{old!r} is not pending")


def decision(kind: str, verbs: tuple[str, ...] = ()) -> Callable[[type[D]], type[D]]:
    """Class decorator: name a :class:`Decision` subclass ``kind`` in JSON; ``verbs`` answer it."""

    def wrap(cls: type[D]) -> type[D]:
        cls.KIND = kind
        if verbs:
            cls.VERBS = frozenset(verbs)
        return cls

    return wrap


def decision_from_json(data: Mapping[str, Any], kinds: Mapping[str, type[Decision]]) -> Decision:
    """Rebuild a decision from :meth:`Decision.to_json`; ``kinds`` maps ``k`` to the game's class.

    Each game keeps its own table: kinds are names inside one game, not across games.
    """
    cls = kinds[data["k"]]
    names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    return cls(**{k: (tuple(v) if isinstance(v, list) else v) for k, v in data.items() if k in names})


class DecisionRules(NamedTuple, Generic[S, D]):
    """The behaviour of one decision class, written in the rules chapter that opens it.

    ``legal(state, decision)`` lists the answers; ``resolve(state, decision,
    action, log)`` carries one out and returns ``True`` when the decision is
    finished (the engine then pops it). ``why(state, decision, action)``, if
    given, says why an answer is refused (:mod:`ludus.core.reasons`), or ``None``.
    """

    legal: Callable[[S, D], list[Action]]
    resolve: Callable[[S, D, Action, Log], bool]
    why: Callable[[S, D, Action], Reason | None] | None = None
