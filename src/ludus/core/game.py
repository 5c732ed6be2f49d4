"""The game and its states: :class:`Game`, an immutable configuration (player count and validated
options), and :class:`State`, a position in play (mutable plain data with the rules' API).

A game package subclasses both. Its ``Game`` names its rooms as facets (:mod:`ludus.core.facets`)
and implements :meth:`Game.new_state` and :meth:`Game.load_state`; every other public method is
the base class's, over those facets. Its state class (usually through
:class:`ludus.core.engine.RulesState`, which implements ``apply`` and ``legal_actions`` once)
supplies the rest. The two share this module because each names the other (a state knows its
game, a game makes and reads states): apart, they would import each other.
:mod:`ludus.core.api` re-exports both.
"""

from __future__ import annotations

import hashlib
import json
import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import cached_property
from typing import Any, ClassVar, Generic, TypeVar

from ludus.core.actions import Action, shorten
from ludus.core.errors import N_, IllegalActionError, LudusError, NotationError, OptionError, StateError
from ludus.core.events import Event
from ludus.core.facets import Board, Checks, Encoder, Knowledge, Pictures, Spaces, Views, Words
from ludus.core.i18n import Lang, LangLike, as_lang
from ludus.core.info import ACTION_CAP_FACTOR, GameInfo, Outcome, returns_of
from ludus.core.options import FrozenOptions, OptionValue
from ludus.core.rng import Rng
from ludus.core.search import Search
from ludus.core.seat_check import check_seat
from ludus.core.spaces import ActionKind, ActionSpace, ObservationLayout

__all__ = ["Game", "GameT", "State", "StateT"]


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


StateT = TypeVar("StateT", bound="State")
GameT = TypeVar("GameT", bound="Game[Any]")


class Game(ABC, Generic[StateT]):
    """An immutable game configuration: player count and validated options.

    Subclasses set the class attribute ``info``, implement :meth:`new_state` and
    :meth:`load_state`, and name their rooms as facets (:mod:`ludus.core.facets`): the
    public methods below are template methods over them, so a game restates none of them.
    """

    info: ClassVar[GameInfo]

    words: Words | None = None
    """The game's words (``notation.py``): :meth:`describe`, :meth:`outcome_text`,
    :meth:`component_text`, :meth:`upgrade_notation` and the :attr:`palette`."""
    pictures: Pictures | None = None
    """The game's text pictures (``render.py``): :meth:`render`, :meth:`render_seat`, :meth:`render_map`."""
    board: Board | None = None
    """The game's board picture (``svg.py``): :meth:`svg`."""
    knowledge: Knowledge | None = None
    """What the game tells its bots (``heuristic.py``): :meth:`evaluate`, :meth:`evaluate_all`,
    :meth:`greedy_action`, :meth:`turn_key`, :attr:`search_turns`."""
    spaces: Spaces | None = None
    """The fixed numbering of actions and observations (``spaces.py``): :meth:`action_kinds`,
    :meth:`observation_parts`, :meth:`observe`."""
    encoder: Encoder | None = None
    """The observation read from the state (``encoder.py``, optional): the research wrappers use it
    instead of building the view (:func:`ludus.core.spaces.observe_state_into`; proven equal to the
    spaces facet's ``observe``)."""
    invariants: Checks | None = None
    """The conservation checks (``invariants.py``): :meth:`invariant_violations`."""
    validation: Checks | None = None
    """The range checks of a state from outside (``validation.py``): :meth:`state_violations`."""
    views: Views | None = None
    """What a seat's view states of the hidden zones (``view.py``): :meth:`known_compositions`."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.words is not None and "palette" not in cls.__dict__:
            cls.palette = cls.words.PALETTE

    def __init__(self, players: int | None = None, **options: object) -> None:
        info = self.info
        if players is None:
            players = info.default_players or info.min_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(N_("players must be an integer, got {players!r}"), players=players)
        if not info.min_players <= players <= info.max_players:
            raise OptionError(
                f"{info.id} is for {info.min_players}–{info.max_players} players; got {players}"
            )
        values: dict[str, OptionValue] = {spec.name: spec.default for spec in info.options}
        for name, value in options.items():
            values[name] = info.option(name).coerce(value)
        self.players: int = players
        self.options: Mapping[str, OptionValue] = FrozenOptions(values)
        self.validate_options()

    @classmethod
    def configure(cls: type[GameT], players: int | None, options: Mapping[str, object]) -> GameT:
        """The game for ``players`` seats with ``options`` taken from a mapping (a command line, a record).

        Unlike ``cls(players, **options)``, an option named like a parameter
        (``players``) is an :class:`OptionError` naming the game's options, not a
        :class:`TypeError`.
        """
        if not isinstance(options, Mapping):
            raise OptionError(
                N_("the options of {game} must be a mapping of names to values"), game=cls.info.id
            )
        for name in options:
            if not isinstance(name, str):
                raise OptionError(N_("option names must be text, got {name}"), name=shorten(repr(name))[1:-1])
            if name == "players":
                raise OptionError(
                    N_("players is not an option of {game}: give the player count on its own (--players)"),
                    game=cls.info.id,
                )
            cls.info.option(name)  # OptionError for a name the game does not declare
        return cls(players, **options)

    def validate_options(self) -> None:
        """Check combinations of options (override; raise :class:`OptionError`)."""
        return None

    @abstractmethod
    def new_state(self, seed: int = 0) -> StateT:
        """Set up a new game with all randomness drawn from ``seed``."""

    @abstractmethod
    def load_state(self, data: Mapping[str, Any]) -> StateT:
        """Build a state from :meth:`State.to_json` data (called by :meth:`state_from_json`).

        Raise :class:`StateError` naming the field for data that is not a state; the
        errors of a plain conversion (``KeyError``, ``TypeError`` …) are turned into one too.
        """

    def lang(self, locale: LangLike = None) -> Lang:
        """``locale`` (a :class:`~ludus.core.i18n.Lang`, a code, None: English) as the language
        translating this game's domain (its id), as the facets that take words receive it."""
        return as_lang(locale).for_domain(self.info.id)

    def state_violations(self, state: StateT) -> list[str]:
        """Why ``state`` cannot be a position of this game (empty when it can).

        The range checks that the rules rely on (seats, counts: the :attr:`validation`
        facet), then, when they hold, the conservation invariants (:meth:`invariant_violations`).
        """
        problems = self.validation.violations(state) if self.validation is not None else []
        return problems or self.invariant_violations(state)

    def state_from_json(self, data: Mapping[str, Any]) -> StateT:
        """Rebuild a state from :meth:`State.to_json` data, validated.

        Raises :class:`StateError` naming the field when ``data`` is not a
        reachable-looking state of this game (wrong types, unknown or duplicated
        components, counts out of range, seats that do not exist).
        """
        if not isinstance(data, Mapping):
            raise StateError(
                N_("a {game} state is a JSON object, not {kind}"), game=self.info.id, kind=type(data).__name__
            )
        try:
            state = self.load_state(data)
        except StateError:
            raise
        except KeyError as exc:
            raise StateError(
                N_("the state has no field {name!r}"), name=str(exc.args[0] if exc.args else exc)[:60]
            ) from None
        except (TypeError, ValueError, IndexError, AttributeError, OverflowError, RecursionError) as exc:
            raise StateError(
                N_("not a {game} state: {error}"), game=self.info.id, error=f"{exc!s:.200}"
            ) from None
        try:
            problems = self.state_violations(state)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError) as exc:
            raise StateError(
                N_("not a {game} state: {error}"), game=self.info.id, error=f"{exc!s:.200}"
            ) from None
        if problems:
            if len(problems) > 1:
                raise StateError(
                    N_("impossible {game} state: {problem} (further problems: {more})"),
                    game=self.info.id,
                    problem=problems[0],
                    more=len(problems) - 1,
                )
            raise StateError(N_("impossible {game} state: {problem}"), game=self.info.id, problem=problems[0])
        return state

    def parse_action(self, state: State, text: str) -> Action:
        """Parse ``text`` into an action (legality is checked by ``apply``).

        The ``<player>:`` prefix may be left out when exactly one seat is to move.
        Raises :class:`NotationError`.
        """
        movers = state.to_move()
        default = movers[0] if len(movers) == 1 else None
        action = Action.from_notation(text, default)
        if not 0 <= action.player < self.players:
            raise NotationError(
                N_("there is no seat {seat} in a {players}-player game"),
                seat=action.player,
                players=self.players,
            )
        return action

    # --- words: the words facet (notation.py) -------------------------------------------------
    def upgrade_notation(self, text: str, version: str) -> list[str]:
        """The actions (notation) that ``text``, from a record written by ludus ``version``,
        stands for now.

        Record replay calls it for records older than the engine. A game whose
        decisions were split (one old action is now several small ones) returns them;
        by default an action stands for itself.
        """
        return self.words.upgrade(text, version) if self.words is not None else [text]

    palette: ClassVar[Mapping[str, str]] = {}
    """Words a terminal colours, and their colour (tribes, materials, marker colours), in
    English: a front end colours their translations in the game's domain too (by default the
    words facet's ``PALETTE``)."""

    def component_text(self, name: str, locale: LangLike = None) -> str | None:
        """What the component called ``name`` is and does, in ``locale`` (None: unknown).

        ``name`` is matched as people type it, in English or in ``locale``: any case,
        spaces or underscores. Front ends use it for ``show NAME``.
        """
        return self.words.component_text(name, self.lang(locale)) if self.words is not None else None

    def describe(self, state: StateT, action: Action, locale: LangLike = None) -> str:
        """``action`` in words in ``locale`` (a :class:`~ludus.core.i18n.Lang`, a code, None:
        English); its notation for a game without words."""
        return (
            self.words.describe(action, state, self.lang(locale)) if self.words is not None else str(action)
        )

    def outcome_text(self, outcome: Outcome, locale: LangLike = None) -> str:
        """Why the game ended, in ``locale`` (``outcome.reason`` is the English, kept in records)."""
        lang = self.lang(locale)
        return (
            self.words.outcome_text(outcome, lang) if self.words is not None else lang.gettext(outcome.reason)
        )

    # --- pictures: the pictures facet (render.py) and the board (svg.py) ----------------------
    def render(self, view: Mapping[str, Any], player: int | None, locale: LangLike = None) -> str:
        """Text for a terminal showing ``view`` in ``locale`` (JSON for a game without pictures)."""
        if self.pictures is None:
            return json.dumps(view, indent=1, sort_keys=True, default=str)
        return self.pictures.render(view, player, self.lang(locale))

    def render_seat(self, view: Mapping[str, Any], player: int, locale: LangLike = None) -> str | None:
        """A few lines a seat needs at every decision (where the game stands, its own
        area), shown just above the prompt; the whole table is :meth:`render`."""
        return (
            self.pictures.render_seat(view, player, self.lang(locale)) if self.pictures is not None else None
        )

    def render_map(self, view: Mapping[str, Any], locale: LangLike = None) -> str | None:
        """The game's map as text for the terminal's ``map`` command (None: no map)."""
        return self.pictures.render_map(view, self.lang(locale)) if self.pictures is not None else None

    def svg(self, view: Mapping[str, Any], player: int | None, locale: LangLike = None) -> str | None:
        """The table as an SVG picture for ``player`` in ``locale``, drawn from a board view
        (:func:`ludus.core.board.board_view`: the view, the seat's legal actions, what it saw
        happen); None for a game with no picture (front ends then show :meth:`render`)."""
        return self.board.svg(view, player, locale) if self.board is not None else None

    # --- bot knowledge: the knowledge facet (heuristic.py) ------------------------------------
    def evaluate(self, state: StateT, player: int) -> float:
        """Heuristic value of ``state`` for ``player`` (the returns at the end, else 0, for a
        game without knowledge)."""
        if self.knowledge is not None:
            return self.knowledge.evaluate(state, player)
        if state.is_terminal():
            return state.returns()[player]
        return 0.0

    evaluation_scale: ClassVar[float] = 1.0
    """The spread of :meth:`evaluate`: the default :meth:`evaluate_all` squashes a value
    ``v`` to ``tanh(v / evaluation_scale)`` (a typical margin between a seat that is clearly
    ahead and one that is not)."""

    search_rollout: ClassVar[int] = 2
    """Random actions a search plays from a new leaf before valuing it with :meth:`evaluate_all`
    (0 where random moves spoil what the value sees, e.g. a wasted action in Glory to Rome)."""

    level_search: ClassVar[tuple[str, int, int]] = ("ismcts", 300, 2000)
    """The search the ``normal`` and ``hard`` levels play this game with, and its budget at each:
    ``"ismcts"`` (:class:`ludus.agents.Ismcts`, iterations), ``"rollout"``
    (:class:`ludus.agents.Rollout`, simulations of each candidate) or ``"plan"`` (the greedy bot
    with its turn planner's beam that many times wider), whichever measured stronger against the
    greedy bot (docs/bots.md)."""

    expert_budget: ClassVar[tuple[int, int] | None] = None
    """The ``expert`` level's budget and, for policy rollout, its candidates: ``None`` for three
    times ``hard``'s budget and one candidate more than :attr:`search_width`; a game whose
    simulations cost more or less sets what keeps an ``expert`` decision under a second here at
    the 95th percentile (docs/bots.md)."""

    expert_value: ClassVar[bool] = True
    """Whether the ``expert`` level blends the game's learned value (``ludus.agents.value``), where one
    is shipped, into its unfinished simulations; False where that measured weaker (docs/bots.md)."""

    search_width: ClassVar[int] = 4
    """How many candidates the levels' rollout search simulates at a decision: the greedy bot's
    choice and the next best by one step's value (fewer where a simulation costs more)."""

    def turn_key(self, state: StateT) -> Hashable:
        """A value that changes when a new turn begins, and only then (a Year in a game whose
        seats play at once), or None for a game without turns. The rollout bot
        (:class:`ludus.agents.Rollout`) compares its candidates where a turn begins, so that
        none is valued halfway through a turn that the others have finished."""
        return self.knowledge.turn_key(state) if self.knowledge is not None else None

    @property
    def search_turns(self) -> int:
        """Turns the rollout bot simulates before valuing a position: by default a round of
        the table (every seat's turn once), so that each seat has answered."""
        return self.knowledge.search_turns(self.players) if self.knowledge is not None else self.players

    @property
    def expert_turns(self) -> int:
        """Turns the ``expert`` level's simulations play before valuing a position: by default
        :attr:`search_turns`, the levels' own; a game where looking further measured stronger sets
        more (docs/bots.md)."""
        return self.search_turns

    def evaluate_all(self, state: StateT) -> tuple[float, ...]:
        """The heuristic value of ``state`` for every seat at once, on the scale of
        :meth:`State.returns`: in [-1, 1], higher is better, equal for every seat in a
        co-operative game. Search (ISMCTS) values its leaves with it.

        Without knowledge ``tanh(evaluate(state, p) / evaluation_scale)`` for each seat; games
        share the work between seats. At the end of a game it need not be the returns: a solo
        game may value its score rather than the bare win.
        """
        if self.knowledge is not None:
            return self.knowledge.evaluate_all(state)
        scale = self.evaluation_scale
        return tuple(math.tanh(self.evaluate(state, p) / scale) for p in range(self.players))

    def greedy_action(self, state: StateT, player: int, rng: Rng, search: Search) -> Action | None:
        """The greedy bot's choice, or ``None`` to let it look one action ahead.

        Games decide here when one-action lookahead with :meth:`evaluate` is not
        the right policy (e.g. during sub-decisions).
        """
        return (
            self.knowledge.greedy_action(state, player, rng, search) if self.knowledge is not None else None
        )

    def turn_plans(self, state: StateT, player: int, search: Search) -> Sequence[Sequence[Action]] | None:
        """Macro-moves: ``player``'s whole turns from ``state`` (a determinization from the seat), each
        as the actions it takes in order, best first by the game's own judgement; ``None`` where the
        game plans no turn whole at this decision (the default). The ``expert`` level simulates the
        best few as candidates and plays the chosen one to its end (:class:`ludus.agents.Rollout`,
        ``macro``)."""
        return None

    @property
    def action_cap(self) -> int:
        """The default cap on a game's actions: :data:`ACTION_CAP_FACTOR` × ``info.typical_actions``.

        The rules of some games have no round limit, so bots can keep a game going
        for ever; :func:`ludus.agents.play_game` stops there and reports the game
        as unfinished.
        """
        return ACTION_CAP_FACTOR * self.info.typical_actions

    # --- research interfaces: the spaces facet (spaces.py) ------------------------------------
    def action_kinds(self) -> Sequence[ActionKind]:
        """Every kind of action the game may offer at its player count, with every value of
        each argument (the order is the numbering, kept stable across versions)."""
        return self.spaces.action_kinds(self.players) if self.spaces is not None else ()

    @cached_property
    def action_space(self) -> ActionSpace:
        """The game's actions numbered ``0 … num_distinct_actions - 1`` (see :mod:`ludus.core.spaces`)."""
        return ActionSpace(self.action_kinds())

    @property
    def num_distinct_actions(self) -> int:
        """How many actions the fixed numbering has (OpenSpiel's ``num_distinct_actions``)."""
        return self.action_space.size

    def encode_action(self, action: Action) -> int:
        """The number of ``action`` in :attr:`action_space` (the seat is not part of it)."""
        return self.action_space.encode(action)

    def decode_action(self, state: State, number: int, player: int | None = None) -> Action:
        """The action numbered ``number`` for ``player`` (default: the one seat to move in ``state``).

        Whether it is legal is for ``state.apply`` to say.
        """
        if player is None:
            movers = state.to_move()
            if len(movers) != 1:
                raise LudusError(N_("say which seat acts (seats to move: {count})"), count=len(movers))
            player = movers[0]
        return self.action_space.decode(number, player)

    @cached_property
    def observation_layout(self) -> ObservationLayout:
        """The named slices of :meth:`observe`'s vector (from :meth:`observation_parts`)."""
        return ObservationLayout(self.observation_parts())

    def observation_parts(self) -> Sequence[tuple[str, int, str]]:
        """``(name, size, what it holds)`` of each slice of an observation, in order."""
        return self.spaces.observation_parts(self.players) if self.spaces is not None else ()

    def observe(self, view: Mapping[str, Any], player: int | None) -> list[float]:
        """A flat observation of ``player`` (None: the spectator) built from its ``view`` alone,
        laid out as :attr:`observation_layout` says."""
        if self.spaces is None:
            return self.observation_layout.zeros()
        return self.spaces.observe(view, player, self.observation_layout)

    # --- checks: the invariants facet (invariants.py) -----------------------------------------
    def invariant_violations(self, state: StateT) -> list[str]:
        """Conservation checks of ``state`` (no card, token or cube created or lost).

        Returns one line per broken invariant, empty when all hold (the :attr:`invariants`
        facet); the conformance suite calls it after every action.
        """
        return self.invariants.violations(state) if self.invariants is not None else []

    def known_compositions(self, state: StateT, player: int | None) -> dict[str, list[int]]:
        """The hidden zones whose contents ``player``'s view states (the :attr:`views` facet; none
        without it): every determinization must keep them (:mod:`ludus.testing.hidden`)."""
        return self.views.compositions(state, player) if self.views is not None else {}

    @property
    def option_dict(self) -> dict[str, OptionValue]:
        """The options as a plain dict (for records)."""
        return dict(self.options)

    def __reduce__(self) -> tuple[Callable[..., Game[Any]], tuple[type[Game[Any]], int, dict[str, Any]]]:
        # Re-created through __init__ so derived attributes are rebuilt, not pickled.
        return (_rebuild_game, (type(self), self.players, dict(self.options)))

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"{type(self).__name__}(players={self.players}{opts})"


def _rebuild_game(cls: type[Game[Any]], players: int, options: dict[str, Any]) -> Game[Any]:
    """Unpickle a :class:`Game`: construct it again from its player count and options."""
    return cls(players, **options)
