"""The :class:`GloryToRome` game and its :class:`GtrState`: the only module importing everything."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ludus.core.actions import Action
from ludus.core.api import Game, GameInfo, OptionSpec, Outcome, Search, check_seat
from ludus.core.decisions import Decision
from ludus.core.engine import RulesState
from ludus.core.errors import N_, LudusError, StateError
from ludus.core.events import Log
from ludus.core.i18n import LangLike, as_lang
from ludus.core.rng import Rng
from ludus.core.spaces import ActionKind
from ludus.games.glory_to_rome import (
    heuristic,
    invariants,
    notation,
    render,
    rules,
    scoring,
    spaces,
    validation,
    view,
)
from ludus.games.glory_to_rome import svg as board
from ludus.games.glory_to_rome.components import (
    ACT,
    DOMAIN,
    V_GLORY,
    V_LEGACY_PETITION,
    ActionTable,
    component_text,
)
from ludus.games.glory_to_rome.config import GtrConfig
from ludus.games.glory_to_rome.decisions import GtrData
from ludus.games.glory_to_rome.rules.petitions import legacy_legal

_NONE: list[Decision] = []
_SEATS: tuple[tuple[int, ...], ...] = tuple((p,) for p in range(5))
"""``to_move()`` of each seat, built once."""


class GtrState(GtrData, RulesState):
    """A Glory to Rome position (fields: :mod:`.state` and :mod:`.decisions`; rules: :mod:`.rules`)."""

    DOMAIN: ClassVar[str] = DOMAIN
    HANDLERS = rules.HANDLERS
    DECISION_RULES = rules.DECISION_RULES

    game: GloryToRome

    # --- engine hooks --------------------------------------------------------
    def _generate(self, player: int | None) -> list[Action]:
        legal = self.cached_legal(None)
        if legal is None:
            legal = rules.legal_actions(self)
            self.remember_legal(None, legal)
            if legal:  # only the seat to move has actions: cache them under its seat too
                self.remember_legal(legal[0].player, legal)
        if player is None or (legal and legal[0].player == player):
            return legal
        return []

    def _decisions(self, player: int) -> list[Decision]:
        # The frame stack itself when a frame is on top: an answer never finishes a frame
        # (advance() takes used-up frames off the stack), so the engine never removes one.
        # Otherwise a one-element view of the pending decision: its rules remove a finished
        # decision from where it is kept (a queue or a single slot).
        ph = self.phase
        if ph < ACT:  # lead/follow: a verb handler's choice unless a petition is in progress
            return [self.petition] if self.petition is not None else _NONE
        if ph == ACT and not self.gives and self.colosseum is None and self.stack:
            return self.stack  # type: ignore[return-value]  # (list is invariant; read-only here)
        d = rules.pending(self)
        return [d] if d is not None else _NONE

    def _advance(self, log: Log) -> None:
        if self._deals:  # the deal plans of the position before
            self._deals = {}
        legal = rules.advance(self, log)
        if legal is not None:
            self.remember_legal(None, legal)
            if legal:
                self.remember_legal(legal[0].player, legal)

    def _after_edit(self) -> None:
        self._deals = {}
        rules.refresh_active(self, adjust=False)

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now; an old record's ``legacy_petition`` where the old
        engine allowed it (never offered: see :mod:`.rules.petitions`)."""
        if action.verb == V_LEGACY_PETITION:
            return (not self.over and action.player in self.to_move()
                    and legacy_legal(self, action, self.legal_actions(action.player)))
        return RulesState.is_legal(self, action)

    # --- the API -------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        """The seat whose decision the game waits for."""
        if not self.over:  # the common cases without pending()'s tests, as prebuilt tuples
            ph = self.phase
            if ph < ACT:
                return _SEATS[self.current]
            if ph == ACT and not self.gives and self.colosseum is None and self.stack:
                return _SEATS[self.stack[-1].who]
        return rules.to_move(self)

    def forced(self, player: int) -> Action | None:
        """``player``'s only answer when playing it for the person tells nobody anything (ruling 29).

        That is ``glory`` (no card of the demanded material): the answer itself tells the
        table what its being the only answer tells. The public one-answer steps (a forced
        ``pass`` or ``next``, an empty end-of-turn step) are never asked (ruling 23); every
        other single answer follows from the seat's hidden hand and is asked.
        """
        actions = self.legal_actions(player)
        if len(actions) == 1 and actions[0].verb == V_GLORY:
            return actions[0]
        return None

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.over != 0

    def outcome(self) -> Outcome:
        """Scores and ranking of a finished game."""
        if not self.over:
            raise LudusError(N_("the game is not over yet"), domain=DOMAIN)
        return scoring.outcome(self)

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see."""
        check_seat(self, player)
        return view.view(self, player)

    def determinize(self, player: int | None, seed: int) -> GtrState:
        """A state consistent with ``player``'s view, hidden cards re-dealt."""
        check_seat(self, player)
        return view.determinize(self, player, seed)

    def clone(self) -> GtrState:
        """An independent copy (it shares the legal-action lists: they are never mutated)."""
        other = self.copy_into(GtrState.__new__(GtrState))
        self.share_legal(other)
        return other

    def to_json(self) -> dict[str, Any]:
        """The complete state."""
        return self.data_to_json()

    def card_places(self) -> list[int]:
        """Every Order card id, from every place it can be (for conservation checks)."""
        return invariants.card_places(self)


class GloryToRome(Game[GtrState]):
    """Glory to Rome (Polish edition "Na chwałę Rzymu"), 2–5 players.

    Options: ``rules`` = ``"new"`` (2-card petitions, Forum needs all six client
    roles and all six materials in the stockpile) or ``"classic"`` (3-card
    petitions, the classic Forum); ``simplified`` = the training game (no building
    functions, at most 3 sites per material, half the deck removed);
    ``start_order`` = ``"pl"`` or ``"en"`` (alphabet for the start player);
    ``latrine_jack`` = whether a Latrine may discard a Jack; ``concession`` = whether
    players may concede (off by default: it is a table agreement, and random bots
    would concede at random).
    """

    info = GameInfo(
        id=DOMAIN,
        titles={"en": "Glory to Rome", "pl": "Glory to Rome: Na chwałę Rzymu", "hu": "Glory to Rome: Róma dicsőségére",
                "uk": "Glory to Rome: Во славу Риму"},
        min_players=2,
        max_players=5,
        cooperative=False,
        hidden_information=True,
        simultaneous=False,
        options=(
            OptionSpec("rules", "new", N_("rule set: new (Polish default) or classic"), choices=("new", "classic"),
                       label=N_("Rules"), explain=N_("The new rules of the Polish edition, or the classic ones."),
                       value_labels=(("new", N_("new")), ("classic", N_("classic")))),
            OptionSpec("simplified", False, N_("training game: no building functions, fewer sites, half deck"),
                       label=N_("Training game"), explain=N_("No building functions, fewer sites and half the deck.")),
            OptionSpec("start_order", "pl", N_("alphabet for choosing the start player"), choices=("pl", "en"),
                       ruling=True),
            OptionSpec("latrine_jack", True, N_("a Latrine may discard a Jack (PL: 'one card')"), ruling=True),
            OptionSpec("concession", False, N_("players may concede the game to another player"),
                       label=N_("Conceding"), explain=N_("A player may concede the game to another player.")),
        ),
        default_players=3,
        summary=N_("Rebuild Rome after the great fire: lead roles, hire clients, build and sell."),
        typical_actions=400,
    )

    def __init__(self, players: int | None = None, **options: object) -> None:
        super().__init__(players, **options)
        self.cfg = GtrConfig.from_options(self.players, self.options)
        self.acts = ActionTable(self.players)

    def _blank(self) -> GtrState:
        s = GtrState.__new__(GtrState)
        s.game = self
        s.cfg = self.cfg
        s.acts = self.acts
        s._deals = {}
        return s

    def new_state(self, seed: int = 0) -> GtrState:
        """Set up a game: sites, hands of 4 Orders + 1 Jack, start player, pool, deck."""
        s = self._blank()
        s.rng = Rng(seed)
        rules.set_up(s)
        return s

    def load_state(self, data: Mapping[str, Any]) -> GtrState:
        """Rebuild a state from :meth:`GtrState.to_json`."""
        s = self._blank()
        s.data_from_json(dict(data))
        problems = validation.shape_violations(s)
        if problems:  # before anything indexes the lists by seat or card
            raise StateError(N_("impossible {game} state: {problem}"), game=DOMAIN, problem=problems[0])
        rules.refresh_active(s, adjust=False)
        return s

    def state_violations(self, state: GtrState) -> list[str]:
        """Every range the rules rely on, then conservation (see :mod:`.validation`)."""
        return validation.violations(state)

    palette = render.PALETTE

    def render_seat(self, view: Mapping[str, Any], player: int, locale: LangLike = None) -> str:
        """The turn, the pool, the seat's own area and a line per opponent, in ``locale``."""
        return render.render_seat(view, player, as_lang(locale))

    def svg(self, view: Mapping[str, Any], player: int | None, locale: LangLike = None) -> str:
        """The table as an SVG picture (:mod:`~ludus.games.glory_to_rome.svg`)."""
        return board.svg(view, player, locale)

    def render(self, view: Mapping[str, Any], player: int | None, locale: LangLike = None) -> str:
        """Plain-text rendering of a view in ``locale``."""
        return render.render(view, player, as_lang(locale))

    def component_text(self, name: str, locale: LangLike = None) -> str | None:
        """What a building, role, material or the Jack does, in ``locale`` (its English, Polish or
        ``locale``'s name, or id)."""
        return component_text(name, locale)

    def upgrade_notation(self, text: str, version: str) -> list[str]:
        """An old record's ``petition <role> <card>`` as ``legacy_petition <role> <card>``
        (see :func:`~ludus.games.glory_to_rome.notation.upgrade`)."""
        return notation.upgrade(text, version)

    def describe(self, state: GtrState, action: Action, locale: LangLike = None) -> str:
        """A label for ``action`` in ``locale``."""
        return notation.describe(action, as_lang(locale))

    def outcome_text(self, outcome: Outcome, locale: LangLike = None) -> str:
        """Why the game ended, in ``locale`` (``outcome.reason`` is the English, kept in records)."""
        winners = list(outcome.details.get("forum_winners", ()))
        return scoring.reason_text(outcome.reason, winners, as_lang(locale).for_domain(DOMAIN))

    def evaluate(self, state: GtrState, player: int) -> float:
        """Heuristic value of ``state`` for ``player``."""
        return heuristic.evaluate(state, player)

    search_rollout = 0  # a random pass or wasted action spoils the position the leaf value sees

    def evaluate_all(self, state: GtrState) -> tuple[float, ...]:
        """Every seat's leaf value for search, in [-1, 1] (see :func:`.heuristic.evaluate_all`)."""
        return heuristic.evaluate_all(state)

    level_search = ("rollout", 2, 8)  # 200 games, 2 players: rollout 87.0% against greedy, ISMCTS 9 of 20 (docs/bots.md)

    def turn_key(self, state: GtrState) -> int:
        """The number of leaders' turns played (the rollout bot compares its plans where one begins)."""
        return state.turn

    @property
    def search_turns(self) -> int:
        """Four leaders' turns at any table (every seat acts in each: follows or thinks). Measured
        at 2 players, 200 games against greedy: 2 turns won 69.8%, 4 turns 86.8% (docs/bots.md)."""
        return 4

    def invariant_violations(self, state: GtrState) -> list[str]:
        """Conservation of cards, Jacks and sites (see :mod:`.invariants`)."""
        return invariants.violations(state)

    def greedy_action(self, state: GtrState, player: int, rng: Rng, search: Search) -> Action | None:
        """The greedy bot's policy (see heuristic.py)."""
        return heuristic.greedy_action(state, player, rng, search)

    def action_kinds(self) -> list[ActionKind]:
        """Every kind of action at this player count (see :mod:`~ludus.games.glory_to_rome.spaces`)."""
        return spaces.action_kinds(self.players)

    def observation_parts(self) -> list[tuple[str, int, str]]:
        """The slices of an observation (see :mod:`~ludus.games.glory_to_rome.spaces`)."""
        return spaces.observation_parts(self.players)

    def observe(self, view: Mapping[str, Any], player: int | None) -> list[float]:
        """``player``'s observation (None: the spectator's) from its ``view`` alone."""
        return spaces.observe(self.players, view, player)
