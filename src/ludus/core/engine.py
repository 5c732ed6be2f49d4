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
an :meth:`RulesState.edit` block); ``apply`` never regenerates them.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, ClassVar, TypeVar

from ludus.core.actions import Action
from ludus.core.api import State, check_seat
from ludus.core.decisions import Decision, DecisionRules
from ludus.core.errors import IllegalActionError
from ludus.core.events import Event, Log
from ludus.core.i18n import LangLike
from ludus.core.reasons import Reason, Why

__all__ = ["Handler", "RulesState"]

Handler = Callable[[Any, Action, Log], None]
"""A verb's effect: ``handler(state, action, log)`` (legality was checked before)."""

R = TypeVar("R", bound="RulesState")

_NO_DECISIONS: list[Decision] = []


class RulesState(State):
    """A :class:`State` whose ``apply`` is the engine's; games fill in the hooks."""

    DOMAIN: ClassVar[str] = "ludus"
    HANDLERS: ClassVar[Mapping[str, Handler]] = {}
    DECISION_RULES: ClassVar[Mapping[type[Decision], DecisionRules[Any, Any]]] = {}
    REASONS: ClassVar[Mapping[str, Why]] = {}

    _legal: dict[int | None, list[Action]]
    _LOG: ClassVar[type[Log]] = Log

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

    def _advance(self, log: Log) -> None:
        """Automatic steps after an action (override): forced moves, ends of rounds."""
        return None

    def _after_edit(self) -> None:
        """Recompute derived fields after a scenario edit (override when there are any)."""
        return None

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
                self._advance(log)
                return log
        self.HANDLERS[action.verb](self, action, log)
        self._advance(log)
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
