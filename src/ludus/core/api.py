"""The game API: :class:`Game`, :class:`State`, :class:`GameInfo`, :class:`Outcome`.

A game package subclasses :class:`Game` and :class:`State`::

    game = ludus.load("glory-to-rome", players=3, rules="classic")
    state = game.new_state(seed=7)
    while not state.is_terminal():
        seat = state.to_move()[0]
        action = state.legal_actions(seat)[0]   # only a seat's own actions are safe to show it
        events = state.apply(action)
    state.outcome()

``Game`` is immutable: the player count and the validated options. ``State`` is
mutable, plain data, with a hand-written :meth:`State.clone`.
"""

from __future__ import annotations

import hashlib
import json
import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from ludus.core.actions import Action, shorten
from ludus.core.errors import N_, IllegalActionError, LudusError, NotationError, OptionError, StateError
from ludus.core.events import Event
from ludus.core.i18n import LangLike, as_lang
from ludus.core.options import FrozenOptions as FrozenOptions
from ludus.core.options import OptionSpec as OptionSpec
from ludus.core.options import OptionValue as OptionValue
from ludus.core.rng import Rng
from ludus.core.spaces import ActionKind, ActionSpace, ObservationLayout

ACTION_CAP_FACTOR = 20
"""A driver stops a game after this many times its ``GameInfo.typical_actions`` actions."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game is: id, titles, player counts, kind and option schema.

    ``titles`` maps a language code (``"en"``, ``"pl"``, ``"hu"``, ``"uk"``) to the
    title in that language. ``typical_actions`` is roughly how many actions a game
    takes at its largest player count (with the random or the greedy bots, whichever
    plays longer); drivers stop a game at :data:`ACTION_CAP_FACTOR` times it
    (:attr:`Game.action_cap`), so a game whose bots never end it cannot hang a run.
    """

    id: str
    titles: Mapping[str, str]
    min_players: int
    max_players: int
    cooperative: bool = False
    hidden_information: bool = True
    simultaneous: bool = False
    options: tuple[OptionSpec, ...] = ()
    default_players: int | None = None
    summary: str = ""
    typical_actions: int = 1000

    @property
    def title(self) -> str:
        """The English title."""
        return self.titles.get("en", self.id)

    def title_in(self, lang: str) -> str:
        """The title in language ``lang`` (a code such as ``"pl"``), else the English one."""
        return self.titles.get(lang) or self.title

    def option(self, name: str) -> OptionSpec:
        """Return the spec of option ``name`` or raise :class:`OptionError`."""
        for spec in self.options:
            if spec.name == name:
                return spec
        known = ", ".join(s.name for s in self.options) or "none"
        raise OptionError(N_("{game} has no option {name!r} (options: {known})"), game=self.id, name=name, known=known)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended.

    ``scores`` has one entry per seat (victory points; for a cooperative game the
    team's result). ``ranking`` gives each seat's place (1 = first; equal places
    for a tie that the tie-breaks do not split). ``winners`` lists the winning
    seats (all seats for a cooperative win, none for a loss). ``reason`` says why
    the game ended, in words; ``termination`` says it as a value of the game's
    termination enum (a :class:`~enum.StrEnum`, e.g. ``"deck_exhausted"``), so a
    simulation can group games by how they ended.
    """

    scores: tuple[float, ...]
    ranking: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
    cooperative_win: bool | None = None
    details: Mapping[str, Any] = field(default_factory=dict)
    termination: str = ""

    def to_json(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return {
            "scores": list(self.scores),
            "ranking": list(self.ranking),
            "winners": list(self.winners),
            "reason": self.reason,
            "cooperative_win": self.cooperative_win,
            "details": dict(self.details),
            "termination": str(self.termination),
        }


def rank_by(keys: Sequence[tuple[float, ...]]) -> tuple[int, ...]:
    """Return places (1 = best) for seats whose sort keys are ``keys`` (higher is better).

    >>> rank_by([(10, 2), (12, 0), (10, 2)])
    (2, 1, 2)
    """
    return tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)


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
        """Utility per seat for bots: +1 first, -1 last, shared on ties; 1/-1 co-op."""
        out = self.outcome()
        n = len(out.ranking)
        if out.cooperative_win is not None:
            value = 1.0 if out.cooperative_win else -1.0
            return tuple(value for _ in range(n))
        if n == 1:
            return (1.0 if out.winners else 0.0,)
        return tuple(1.0 - 2.0 * (place - 1) / (n - 1) for place in out.ranking)

    # --- information --------------------------------------------------
    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (``None`` = spectator), JSON-ready."""

    @abstractmethod
    def determinize(self, player: int | None, seed: int) -> State:
        """A full state consistent with all that ``player`` has seen, hidden parts re-dealt."""

    def _repr_svg_(self) -> str | None:
        """A notebook shows a state as its table seen by a spectator (a game with a picture)."""
        from ludus.core.board import board_view

        return self.game.svg(board_view(self, None), None)

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


def check_seat(state: State, player: int | None) -> None:
    """Raise :class:`LudusError` unless ``player`` is ``None`` or a seat of ``state``'s game.

    Games call it at the entry of ``view`` and ``determinize`` (and the engine on
    a legal-action cache miss), so a seat id like ``-2`` never reaches code that
    would index a list with it.
    """
    if player is None:
        return
    players = state.game.players
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise LudusError(N_("there is no seat {seat:.40} in a {players}-player game (seats 0–{last}, or None)"),
                     seat=repr(player), players=players, last=players - 1)


StateT = TypeVar("StateT", bound="State")
GameT = TypeVar("GameT", bound="Game[Any]")


class Search(Protocol):
    """Game-agnostic search that the agents layer lends to a game's greedy policy.

    A game's heuristic may not import :mod:`ludus.agents` (it sits below it), so
    :class:`~ludus.agents.GreedyAgent` passes its search in: the game supplies the
    values and hints, the agents layer owns the search loops.

    ``memory`` is the lending agent's scratch space, kept across its decisions in
    one game (each agent has its own; it starts empty): a game's policy may note
    there what it did, e.g. to avoid repeating a move that made no progress. Keys
    should start with the game's id.
    """

    memory: dict[Hashable, Any]

    def best_by_lookahead(
        self, world: State, player: int, actions: Sequence[Action],
        value: Callable[[State, int], float], rng: Rng,
    ) -> Action:
        """The action whose result ``value`` rates best for ``player`` (ties broken by ``rng``)."""
        ...

    def beam_plan(
        self, world: State, player: int, rng: Rng, *,
        value: Callable[[State], float],
        actions: Callable[[State, int], Sequence[Action]],
        key: Callable[[State], Hashable],
        settled: Callable[[State], bool],
        go_on: Callable[[State, State, int], bool],
        stop_verbs: Collection[str] = (),
        prune: Callable[[State, Action], bool] | None = None,
        chance_verbs: Collection[str] = (),
        samples: int = 4,
        width: int = 5,
        depth: int = 14,
    ) -> Action | None:
        """The first action of the best sequence of ``player``'s next choices (a beam search).

        ``None`` when stopping now is best. See :func:`ludus.agents.beam.plan` for the hooks.
        """
        ...


class Game(ABC, Generic[StateT]):
    """An immutable game configuration: player count and validated options.

    Subclasses set the class attribute ``info`` and implement :meth:`new_state`
    and :meth:`load_state`.
    """

    info: ClassVar[GameInfo]

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
            raise OptionError(N_("the options of {game} must be a mapping of names to values"), game=cls.info.id)
        for name in options:
            if not isinstance(name, str):
                raise OptionError(N_("option names must be text, got {name}"), name=shorten(repr(name))[1:-1])
            if name == "players":
                raise OptionError(N_("players is not an option of {game}: give the player count on its own (--players)"),
                                  game=cls.info.id)
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

    def state_violations(self, state: StateT) -> list[str]:
        """Why ``state`` cannot be a position of this game (empty when it can).

        By default the conservation invariants (:meth:`invariant_violations`);
        games add range checks (seats, counts) that the rules rely on.
        """
        return self.invariant_violations(state)

    def state_from_json(self, data: Mapping[str, Any]) -> StateT:
        """Rebuild a state from :meth:`State.to_json` data, validated.

        Raises :class:`StateError` naming the field when ``data`` is not a
        reachable-looking state of this game (wrong types, unknown or duplicated
        components, counts out of range, seats that do not exist).
        """
        if not isinstance(data, Mapping):
            raise StateError(N_("a {game} state is a JSON object, not {kind}"), game=self.info.id, kind=type(data).__name__)
        try:
            state = self.load_state(data)
        except StateError:
            raise
        except KeyError as exc:
            raise StateError(N_("the state has no field {name!r}"), name=str(exc.args[0] if exc.args else exc)[:60]) from None
        except (TypeError, ValueError, IndexError, AttributeError, OverflowError, RecursionError) as exc:
            raise StateError(N_("not a {game} state: {error}"), game=self.info.id, error=f"{exc!s:.200}") from None
        try:
            problems = self.state_violations(state)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError) as exc:
            raise StateError(N_("not a {game} state: {error}"), game=self.info.id, error=f"{exc!s:.200}") from None
        if problems:
            if len(problems) > 1:
                raise StateError(N_("impossible {game} state: {problem} (and {more} more)"), game=self.info.id,
                                 problem=problems[0], more=len(problems) - 1)
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
            raise NotationError(N_("there is no seat {seat} in a {players}-player game"), seat=action.player,
                                players=self.players)
        return action

    def upgrade_notation(self, text: str, version: str) -> list[str]:
        """The actions (notation) that ``text``, from a record written by ludus ``version``, stands for now.

        Record replay calls it for records older than the engine. A game whose
        decisions were split (one old action is now several small ones) returns them;
        by default an action stands for itself.
        """
        return [text]

    def render_map(self, view: Mapping[str, Any], locale: LangLike = None) -> str | None:
        """The game's map as text for the terminal's ``map`` command (None: no map)."""
        return None

    def render_seat(self, view: Mapping[str, Any], player: int, locale: LangLike = None) -> str | None:
        """A few lines a seat needs at every decision (where the game stands, its own
        area), shown just above the prompt; the whole table is :meth:`render`."""
        return None

    palette: ClassVar[Mapping[str, str]] = {}
    """Words a terminal colours, and their colour (tribes, materials, marker colours), in
    English: a front end colours their translations in the game's domain too."""

    def component_text(self, name: str, locale: LangLike = None) -> str | None:
        """What the component called ``name`` is and does, in ``locale`` (None: unknown).

        ``name`` is matched as people type it, in English or in ``locale``: any case,
        spaces or underscores. Front ends use it for ``show NAME``.
        """
        return None

    def svg(self, view: Mapping[str, Any], player: int | None, locale: LangLike = None) -> str | None:
        """The table as an SVG picture for ``player`` in ``locale``, drawn from a board view
        (:func:`ludus.core.board.board_view`: the view, the seat's legal actions, what it saw
        happen); None for a game with no picture (front ends then show :meth:`render`)."""
        return None

    def render(self, view: Mapping[str, Any], player: int | None, locale: LangLike = None) -> str:
        """Text for a terminal showing ``view`` in ``locale`` (games override with their render.py)."""
        return json.dumps(view, indent=1, sort_keys=True, default=str)

    def describe(self, state: StateT, action: Action, locale: LangLike = None) -> str:
        """``action`` in words in ``locale`` (a :class:`~ludus.core.i18n.Lang`, a code, None: English)."""
        return str(action)

    def outcome_text(self, outcome: Outcome, locale: LangLike = None) -> str:
        """Why the game ended, in ``locale`` (``outcome.reason`` is the English, kept in records)."""
        return as_lang(locale).for_domain(self.info.id).gettext(outcome.reason)

    def evaluate(self, state: StateT, player: int) -> float:
        """Heuristic value of ``state`` for ``player`` (games override with heuristic.py)."""
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
    """The ``normal`` and ``hard`` levels' search and its budget at each (docs/bots.md): ``"ismcts"``
    (iterations), ``"rollout"`` (simulations of each candidate) or ``"plan"`` (the greedy planner's
    beam, that many times wider), whichever measured stronger against the greedy bot."""
    search_width: ClassVar[int] = 4
    """Candidates the levels' rollout simulates at a decision (fewer where a simulation is long)."""

    def turn_key(self, state: StateT) -> Hashable:
        """A value that changes when a new turn begins, and only then (a Year in a game whose
        seats play at once), or None for a game without turns. The rollout bot
        (:class:`ludus.agents.Rollout`) compares its candidates where a turn begins, so that
        none is valued halfway through a turn that the others have finished."""
        return None

    @property
    def search_turns(self) -> int:
        """Turns the rollout bot simulates before valuing a position: by default a round of
        the table (every seat's turn once), so that each seat has answered."""
        return self.players

    def evaluate_all(self, state: StateT) -> tuple[float, ...]:
        """The heuristic value of ``state`` for every seat at once, on the scale of
        :meth:`State.returns`: in [-1, 1], higher is better, equal for every seat in a
        co-operative game. Search (ISMCTS) values its leaves with it.

        By default ``tanh(evaluate(state, p) / evaluation_scale)`` for each seat; games
        override it to share the work between seats. At the end of a game it need not be
        the returns: a solo game may value its score rather than the bare win.
        """
        scale = self.evaluation_scale
        return tuple(math.tanh(self.evaluate(state, p) / scale) for p in range(self.players))

    # --- research interfaces: a fixed numbering of actions, flat observations --------
    def action_kinds(self) -> Sequence[ActionKind]:
        """Every kind of action the game may offer at its player count, with every value of
        each argument (games override; the order is the numbering, kept stable across versions)."""
        return ()

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
                raise LudusError(N_("say which seat acts: {count} seats are to move"), count=len(movers))
            player = movers[0]
        return self.action_space.decode(number, player)

    @cached_property
    def observation_layout(self) -> ObservationLayout:
        """The named slices of :meth:`observe`'s vector (games override :meth:`observation_parts`)."""
        return ObservationLayout(self.observation_parts())

    def observation_parts(self) -> Sequence[tuple[str, int, str]]:
        """``(name, size, what it holds)`` of each slice of an observation, in order (games override)."""
        return ()

    def observe(self, view: Mapping[str, Any], player: int | None) -> list[float]:
        """A flat observation of ``player`` (None: the spectator) built from its ``view`` alone,
        laid out as :attr:`observation_layout` says (games override)."""
        return self.observation_layout.zeros()

    def invariant_violations(self, state: StateT) -> list[str]:
        """Conservation checks of ``state`` (no card, token or cube created or lost).

        Returns one line per broken invariant, empty when all hold. Games override
        it with their ``invariants.py``; the conformance suite calls it after
        every action.
        """
        return []

    def greedy_action(self, state: StateT, player: int, rng: Rng, search: Search) -> Action | None:
        """The greedy bot's choice, or ``None`` to let it look one action ahead.

        Games override this when one-action lookahead with :meth:`evaluate` is not
        the right policy (e.g. during sub-decisions).
        """
        return None

    @property
    def action_cap(self) -> int:
        """The default cap on a game's actions: :data:`ACTION_CAP_FACTOR` × ``info.typical_actions``.

        The rules of some games have no round limit, so bots can keep a game going
        for ever; :func:`ludus.agents.play_game` stops there and reports the game
        as unfinished.
        """
        return ACTION_CAP_FACTOR * self.info.typical_actions

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
