"""The state of a game in play: :class:`State`, mutable plain data with the rules' API.

A game's state class subclasses it (usually through :class:`ludus.core.engine.RulesState`,
which implements ``apply`` and ``legal_actions`` once); :mod:`ludus.core.api` re-exports it.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

from ludus.core.actions import Action
from ludus.core.errors import IllegalActionError
from ludus.core.events import Event
from ludus.core.i18n import LangLike, as_lang
from ludus.core.info import Outcome, returns_of
from ludus.core.rng import Rng
from ludus.core.seat_check import check_seat

if TYPE_CHECKING:
    from ludus.core.game import Game

__all__ = ["State"]


class State(ABC):
    """A mutable game state. Subclasses hold plain data and write :meth:`clone` by hand.

    Subclasses must set ``self.game`` and ``self.rng``.
    """

    game: Game[Any]
    rng: Rng

    # --- whose decision -------------------------------------------------
    @abstractmethod
    def to_move(self) -> tuple[int, ...]:
        """The seats whose decision the game waits for (empty when terminal)."""

    @abstractmethod
    def legal_actions(self, player: int | None = None) -> list[Action]:
        """``player``'s legal actions now (``None``: every seat's, for tests and referees).

        A seat not in :meth:`to_move` may still have optional out-of-turn actions.
        Only ``legal_actions(seat)`` is safe to show to a person, a bot or a client
        playing ``seat``: with ``None`` the list holds every seat's options, and other
        seats' options can name their secrets (their hands, a secret choice such as a
        Hadrian's Wall Path card). Agents and front ends ask for one seat only.
        """

    def forced(self, player: int) -> Action | None:
        """``player``'s only legal action when the rules force it from public information.

        A front end may play it without asking (and show it in the log). ``None``
        when the seat has a choice, or when its only option follows from something
        other seats cannot see: then the seat is asked, so that nobody learns from
        the pause (see docs/architecture.md, "Hardening"). Games whose single options
        are always public override this; the default trusts no single option.
        """
        return None

    def has_actions(self, player: int) -> bool:
        """Whether ``player`` has any legal action now (drivers ask this of every seat)."""
        return bool(self.legal_actions(player))

    @abstractmethod
    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action`` and return what happened.

        Raises :class:`IllegalActionError` (state unchanged) if it is not legal.
        """

    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def outcome(self) -> Outcome:
        """The result of a finished game (raises :class:`LudusError` before the end)."""

    def returns(self) -> tuple[float, ...]:
        """Utility per seat for bots: +1 first, -1 last, shared on ties; 1/-1 co-op
        (:func:`~ludus.core.info.returns_of` the :meth:`outcome`)."""
        return returns_of(self.outcome())

    # --- information: the seat checked here, the game's part in _view/_determinize ----
    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (``None`` = spectator), JSON-ready.

        A template method: the seat is checked (:func:`~ludus.core.seat_check.check_seat`),
        then the game's :meth:`_view` builds the view.
        """
        check_seat(self, player)
        return self._view(player)

    def determinize(self, player: int | None, seed: int) -> State:
        """A full state consistent with all that ``player`` has seen, hidden parts re-dealt.

        A template method: the seat is checked, then the game's :meth:`_determinize` deals.
        """
        check_seat(self, player)
        return self._determinize(player, seed)

    @abstractmethod
    def _view(self, player: int | None) -> dict[str, Any]:
        """The game's view for a checked ``player`` (None: a spectator)."""

    @abstractmethod
    def _determinize(self, player: int | None, seed: int) -> State:
        """The game's determinization for a checked ``player`` from ``seed``."""

    def _repr_svg_(self) -> str | None:
        """A notebook shows a state as its table seen by a spectator (a game with a picture):
        the spectator's board view is the view with no actions and no recent events
        (:func:`ludus.core.board.board_view`)."""
        return self.game.svg({**self.view(None), "actions": [], "recent": []}, None)

    # --- copying and persistence ---------------------------------------
    @abstractmethod
    def clone(self) -> State:
        """An independent copy (hand-written, never deepcopy)."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The complete state as JSON-ready data (``Game.state_from_json`` inverts it)."""

    def digest(self) -> str:
        """A stable hash of the complete state (hex, 16 characters)."""
        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    # --- helpers for subclasses and front ends -------------------------
    def require_legal(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` unless ``action`` is legal now.

        A convenient (if not the fastest) check for ``apply``.
        """
        if action not in self.legal_actions(action.player):
            raise IllegalActionError(f"illegal action {action}: {self.why_illegal(action)}")

    def why_illegal(self, action: Action, locale: LangLike = None) -> str:
        """A short reason ``action`` is illegal, in ``locale`` (games may refine it)."""
        _ = as_lang(locale).gettext
        if self.is_terminal():
            return _("the game is over")
        if action.player not in range(self.game.players):
            return _("there is no seat {seat}").format(seat=action.player)
        if action.player not in self.to_move() and not self.legal_actions(action.player):
            return _("it is not seat {seat}'s decision").format(seat=action.player)
        return _("not among the legal actions now")
