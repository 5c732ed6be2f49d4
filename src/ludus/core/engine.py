"""The one ``apply()``: validate → pending decision or verb handler → advance → events.

:class:`RulesState` is the template method every game's State class uses (TAG's
``StandardForwardModel._next``, OpenSpiel's ``_apply_action``). A game supplies

- ``DOMAIN``: its id, the domain of its event templates;
- ``HANDLERS``: verb → ``handler(state, action, log)`` (the rules chapters' verbs);
- ``DECISION_RULES``: decision class → :class:`~ludus.core.decisions.DecisionRules`;
- ``_generate(player)``: the legal actions of ``player`` (``None``: every seat's);
- optionally ``_decisions(player)`` (the stack of pending decisions an action of
  ``player`` may answer; default: none), ``_advance(log)`` (automatic steps after
  an action: forced moves, the end of a round) and ``is_legal`` (a faster test);
- optionally ``REASONS``: verb → ``why(state, action)``, the chapters' reasons an
  action is refused (:mod:`ludus.core.reasons`; a decision's rules have their own ``why``).

Legal-action lists are cached per seat until the next ``apply`` (or the end of
an :meth:`RulesState.edit` block); ``apply`` never regenerates them. The cache is
the engine's own: a game reads and fills it only through :meth:`RulesState.cached_legal`,
:meth:`RulesState.remember_legal`, :meth:`RulesState.start_legal` and :meth:`RulesState.share_legal`.

A State class's ``__slots__`` are derived: every field its data declares
(:mod:`ludus.core.fields`), besides the engine's cache, which every new object
(``__new__``: a new state, an unpickled one) starts empty; the generated ``copy()``
(a State's clone) empties it itself.
"""

from __future__ import annotations

from abc import ABCMeta, abstractmethod
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from types import FunctionType
from typing import Any, ClassVar, TypeVar, cast

from ludus.core.actions import Action
from ludus.core.api import State, check_seat
from ludus.core.decisions import Decision, DecisionRules
from ludus.core.errors import IllegalActionError
from ludus.core.events import Event, Log
from ludus.core.fields import Field, PlainData, add_methods, field_names
from ludus.core.i18n import LangLike
from ludus.core.reasons import Reason, Why

__all__ = ["Handler", "RulesState", "method"]

Handler = Callable[[Any, Action, Log], None]
"""A verb's effect: ``handler(state, action, log)`` (legality was checked before)."""

R = TypeVar("R", bound="RulesState")

_NO_DECISIONS: list[Decision] = []


F = TypeVar("F", bound=Callable[..., Any])


def method(rule: F) -> F:
    """A rules function ``rule(state, ...)`` bound in a State class as a method (``to_move =
    method(rules.to_move)``: one call fewer on the hottest paths than a method calling it).

    A Python function binds as it is. A compiled one (the mypyc build, docs/benchmarks.md) is a
    built-in function, which does not bind: it is wrapped in a Python function that calls it.
    """
    if isinstance(rule, FunctionType):
        return rule

    def bound(self: Any, *args: Any) -> Any:
        return rule(self, *args)

    bound.__name__ = bound.__qualname__ = rule.__name__
    bound.__doc__ = rule.__doc__
    return cast(F, bound)


_CACHE = Field("_legal", "transient", saved=False)
"""The engine's legal-action cache, as a field: empty in every copy and loaded state."""


class _SlottedState(ABCMeta):
    """Derives a State class's ``__slots__`` (every field its data bases declare) and its copy
    (the data's generated copy, with the engine's cache emptied in the same function)."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kwargs: Any) -> Any:
        if "__slots__" not in namespace:
            taken = {slot for base in bases for klass in base.__mro__
                     for slot in klass.__dict__.get("__slots__", ())}
            names = dict.fromkeys(n for base in bases for n in field_names(base) if n not in taken)
            namespace["__slots__"] = tuple(names)
        cls = super().__new__(mcs, name, bases, namespace, **kwargs)
        data = [k for k in cls.__mro__ if issubclass(k, PlainData) and "FIELDS" in k.__dict__]
        if data:
            fields = tuple(f for f in data[0].FIELDS if f.name != _CACHE.name)
            add_methods(cast(Any, cls), (*fields, _CACHE))
            inherited = getattr(getattr(cls, "clone", None), "__qualname__", "")
            if "clone" not in namespace and inherited in ("RulesState.clone", "copy"):
                cls.clone = cls.copy  # type: ignore[attr-defined]  # (the generated one, unless written)
        return cls


class RulesState(State, metaclass=_SlottedState):
    """A :class:`State` whose ``apply`` is the engine's; games fill in the hooks."""

    __slots__ = ("_legal",)
    DOMAIN: ClassVar[str] = "ludus"
    HANDLERS: ClassVar[Mapping[str, Handler]] = {}
    DECISION_RULES: ClassVar[Mapping[type[Decision], DecisionRules[Any, Any]]] = {}
    REASONS: ClassVar[Mapping[str, Why]] = {}

    _legal: dict[int | None, list[Action]]
    _LOG: ClassVar[type[Log]] = Log

    def __new__(cls: type[R], *args: Any, **kwargs: Any) -> R:
        self = object.__new__(cls)
        self._legal = {}
        return self

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._LOG = Log.of(cls.DOMAIN)

    # --- hooks ---------------------------------------------------------------
    @abstractmethod
    def _generate(self, player: int | None) -> list[Action]:
        """The legal actions of ``player`` now (``None``: of every seat), freshly built."""

    def _decisions(self, player: int) -> list[Decision]:
        """The stack of pending decisions an action of ``player`` may answer (top last)."""
        return _NO_DECISIONS

    def _advance(self, log: Log) -> list[Action] | None:
        """Automatic steps after an action (override): forced moves, ends of rounds.

        May return the new position's legal actions when it built them on the way (every one
        the seat to move's): ``apply`` caches them as :meth:`start_legal` does, without a call.
        """
        return None

    def _after_edit(self) -> None:
        """Recompute derived fields after a scenario edit (override when there are any)."""
        return None

    def clone(self: R) -> R:
        """An independent copy: the copy generated from the declared fields, the engine's
        cache empty (a State class of declared fields gets it as ``clone``)."""
        raise TypeError(f"{type(self).__name__} declares no fields (see ludus.core.fields): write its clone")

    # --- the legal-action cache, for the hooks -----------------------------------
    def cached_legal(self, player: int | None) -> list[Action] | None:
        """The legal actions of ``player`` cached for this position (the list itself: never change it),
        or ``None`` when they were not generated yet."""
        return self._legal.get(player)

    def remember_legal(self, player: int | None, legal: list[Action]) -> None:
        """Cache ``legal`` as ``player``'s legal actions in this position (a game that builds
        several seats' lists at once, or knows them after its ``_advance``)."""
        self._legal[player] = legal

    def start_legal(self, legal: list[Action]) -> None:
        """This position's legal actions are ``legal`` for every seat, and all of them are the
        seat to move's (``legal[0].player``; a game whose ``_advance`` knows them; one call where
        two :meth:`remember_legal` would do, on the hot path of ``apply``)."""
        self._legal = {None: legal, legal[0].player: legal} if legal else {None: legal}

    def share_legal(self, other: RulesState) -> None:
        """Give ``other``, a copy of this position just made, this position's cached lists."""
        other._legal = self._legal.copy()

    # --- the API -------------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every legal action now, or only ``player``'s (a fresh list; actions are shared).

        Raises :class:`~ludus.core.errors.LudusError` for a seat that does not exist.
        """
        legal = self._legal.get(player)
        if legal is None:
            check_seat(self, player)
            legal = self._legal[player] = self._generate(player)
        return legal[:]

    def has_actions(self, player: int) -> bool:
        """Whether ``player`` has any legal action now (from the cache, no copy)."""
        legal = self._legal.get(player)
        if legal is None:
            check_seat(self, player)
            legal = self._legal[player] = self._generate(player)
        return bool(legal)

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now (python-chess ``Board.is_legal``)."""
        legal = self._legal.get(action.player)
        if legal is None:
            player = action.player
            if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.game.players:
                return False  # no such seat: apply() says so
            legal = self._legal[player] = self._generate(player)
        for candidate in legal:
            if candidate is action:
                return True
        return action in legal

    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action``; :class:`IllegalActionError` (state unchanged) if illegal.

        A finished game has no legal actions (the conformance suite checks it), so
        the legality test also refuses every action after the end.
        """
        if not self.is_legal(action):
            raise IllegalActionError(f"illegal action {action}: {self.why_illegal(action)}")
        log = self._LOG()
        self._legal = {}
        stack = self._decisions(action.player)
        if stack:
            top = stack[-1]
            if top.who == action.player and action.verb in top.VERBS:
                if self.DECISION_RULES[type(top)].resolve(self, top, action, log):
                    stack.remove(top)
                legal = self._advance(log)
                if legal is not None:  # start_legal(legal), inlined (the hot path)
                    self._legal = {None: legal, legal[0].player: legal} if legal else {None: legal}
                return log
        self.HANDLERS[action.verb](self, action, log)
        legal = self._advance(log)
        if legal is not None:
            self._legal = {None: legal, legal[0].player: legal} if legal else {None: legal}
        return log

    def decision_legal(self, top: Decision) -> list[Action]:
        """The answers to decision ``top`` (its rules' ``legal``)."""
        return self.DECISION_RULES[type(top)].legal(self, top)

    def reason(self, action: Action) -> Reason | None:
        """The rule's own reason ``action`` is refused, or ``None`` (it has none, or the action is legal).

        An answer to the decision on top of its seat's stack asks that decision's rules
        (``DecisionRules.why``); any other action asks the chapter of its verb (``REASONS``).
        """
        stack = self._decisions(action.player)
        if stack:
            top = stack[-1]
            if top.who == action.player and action.verb in top.VERBS:
                why_answer = self.DECISION_RULES[type(top)].why
                return None if why_answer is None else why_answer(self, top, action)
        why = self.REASONS.get(action.verb)
        return None if why is None else why(self, action)

    def why_illegal(self, action: Action, locale: LangLike = None) -> str:
        """Why ``action`` is refused, in ``locale``: the rule's own reason (:meth:`reason`) when it
        gives one to a seat that may act now, else :meth:`State.why_illegal`'s generic text."""
        player = action.player
        if (not isinstance(player, bool) and isinstance(player, int) and 0 <= player < self.game.players
                and not self.is_terminal() and self.has_actions(player) and not self.is_legal(action)):
            why = self.reason(action)
            if why is not None:
                return why.text_in(locale, self.DOMAIN)
        return super().why_illegal(action, locale)

    @contextmanager
    def edit(self: R) -> Iterator[R]:
        """Change fields by hand (scenario tests, tools); caches are reset on exit.

        >>> # with state.edit() as s: s.hands[0] = [3, 4]
        """
        try:
            yield self
        finally:
            self._legal = {}
            self._after_edit()
