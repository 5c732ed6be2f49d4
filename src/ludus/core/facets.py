"""The facets of a game: what :class:`~ludus.core.game.Game` reaches in the game's own modules.

A game package keeps its knowledge in rooms (``notation.py``, ``render.py``, ``svg.py``,
``heuristic.py``, ``spaces.py``, ``invariants.py``, ``validation.py``). Its ``Game`` class names
each room once, as a class attribute, and the base class implements the public methods from
them (template methods), so a game restates none of them::

    class TrajanGame(Game[TrajanState]):
        info = GameInfo(...)
        words = notation        # Words: describe, outcome_text, component_text, upgrade, palette
        pictures = render       # Pictures: render, render_seat, render_map
        board = svg             # Board: svg
        knowledge = heuristic   # Knowledge: evaluate, evaluate_all, greedy_action, turn_key, ...
        spaces = spaces         # Spaces: action_kinds, observation_parts, observe
        invariants = invariants  # Checks: conservation, after every action in the conformance suite
        validation = validation  # Checks: every range the rules rely on (a state from outside)

Each facet is a :class:`~typing.Protocol` that a module satisfies by its functions (mypy checks a
module against it). A facet a game does not name is ``None``, and the base class does what a game
without that room does (the notation as the description, JSON as the text, no picture, a value
of 0 before the end …). Functions that take words get a :class:`~ludus.core.i18n.Lang` already
translating the game's domain (:meth:`Game.lang`); a state passed to a facet is the game's own
state class (typed ``Any`` here: a ``ClassVar`` cannot name the game's state type).

>>> from ludus.games.trajan import heuristic, notation, render, spaces
>>> isinstance(notation, Words), isinstance(render, Pictures), isinstance(heuristic, Knowledge)
(True, True, True)
>>> isinstance(spaces, Spaces), isinstance(render, Spaces)
(True, False)
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, MutableSequence, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ludus.core.actions import Action
from ludus.core.i18n import Lang, LangLike
from ludus.core.info import Outcome
from ludus.core.rng import Rng
from ludus.core.spaces import ActionKind, ObservationLayout

if TYPE_CHECKING:
    from ludus.core.search import Search

__all__ = ["Board", "Checks", "Encoder", "Knowledge", "Pictures", "Spaces", "Views", "Words"]


@runtime_checkable
class Words(Protocol):
    """A game's words (its ``notation.py``): actions, outcomes and components said in a language."""

    @property
    def PALETTE(self) -> Mapping[str, str]:
        """Words a terminal colours, and their colour (English: translations are coloured too)."""
        ...

    def describe(self, action: Action, state: Any, lang: Lang) -> str:
        """``action`` in words in ``lang`` (``state``: the position it is played in)."""
        ...

    def outcome_text(self, outcome: Outcome, lang: Lang) -> str:
        """Why the game ended, in ``lang`` (``outcome.reason`` is the English, kept in records)."""
        ...

    def component_text(self, name: str, lang: Lang) -> str | None:
        """What the component called ``name`` (as people type it) is and does (None: unknown)."""
        ...

    def upgrade(self, text: str, version: str) -> list[str]:
        """The actions that ``text``, from a record of ludus ``version``, stands for now."""
        ...


@runtime_checkable
class Pictures(Protocol):
    """A game's text pictures for a terminal (its ``render.py``)."""

    def render(self, view: Mapping[str, Any], player: int | None, lang: Lang) -> str:
        """The whole table seen in ``view`` (by ``player``; None: a spectator)."""
        ...

    def render_seat(self, view: Mapping[str, Any], player: int, lang: Lang) -> str | None:
        """The few lines ``player`` needs at every decision."""
        ...

    def render_map(self, view: Mapping[str, Any], lang: Lang) -> str | None:
        """The map as text for the terminal's ``map`` command (None: the game has no map)."""
        ...


@runtime_checkable
class Board(Protocol):
    """A game's board picture (its ``svg.py``)."""

    def svg(self, view: Mapping[str, Any], player: int | None, locale: LangLike = None) -> str:
        """The table as SVG, drawn from a board view (:func:`ludus.core.board.board_view`)."""
        ...


@runtime_checkable
class Knowledge(Protocol):
    """What a game tells its bots (its ``heuristic.py``, or a planner above it)."""

    def evaluate(self, state: Any, player: int) -> float:
        """The heuristic value of ``state`` for ``player``."""
        ...

    def evaluate_all(self, state: Any) -> tuple[float, ...]:
        """Every seat's value in [-1, 1] at once (search values its leaves with it)."""
        ...

    def greedy_action(self, state: Any, player: int, rng: Rng, search: Search) -> Action | None:
        """The greedy bot's choice, or None to let it look one action ahead."""
        ...

    def turn_key(self, state: Any) -> Hashable:
        """A value that changes when a new turn begins, and only then."""
        ...

    def search_turns(self, players: int) -> int:
        """Turns the rollout bot simulates before valuing a position, at ``players`` seats."""
        ...


@runtime_checkable
class Spaces(Protocol):
    """A game's fixed numbering of actions and flat observations (its ``spaces.py``)."""

    def action_kinds(self, players: int) -> Sequence[ActionKind]:
        """Every kind of action at ``players`` seats, with every value of each argument."""
        ...

    def observation_parts(self, players: int) -> Sequence[tuple[str, int, str]]:
        """``(name, size, what it holds)`` of each slice of an observation, in order."""
        ...

    def observe(self, view: Mapping[str, Any], player: int | None, layout: ObservationLayout) -> list[float]:
        """``player``'s observation from its ``view`` alone, laid out as ``layout`` says."""
        ...


@runtime_checkable
class Encoder(Protocol):
    """A game's observation read from the state directly (its ``encoder.py``): the same floats as
    its spaces facet's ``observe`` from ``state.view(player)``, proven equal by tests
    (``tests/rl/test_encoders.py``), without building the view."""

    def observe_state(self, out: MutableSequence[float], state: Any, player: int | None,
                      layout: ObservationLayout) -> None:
        """Write ``player``'s observation of ``state`` into ``out`` (zeroed, the layout's size)."""
        ...


@runtime_checkable
class Checks(Protocol):
    """A game's checks of a state (its ``invariants.py``, its ``validation.py``)."""

    def violations(self, state: Any) -> list[str]:
        """One line per broken rule of ``state``, empty when all hold."""
        ...


@runtime_checkable
class Views(Protocol):
    """What a game's ``view.py`` states of the hidden zones, for the conformance check
    ``[determinize-composition]`` (:mod:`ludus.testing.hidden`)."""

    def compositions(self, state: Any, player: int | None) -> dict[str, list[int]]:
        """Each hidden zone whose contents ``player``'s view states: its components, sorted."""
        ...
