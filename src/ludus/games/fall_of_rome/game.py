"""Pandemic: Fall of Rome: the State and Game classes, wiring every module together.

>>> import ludus
>>> game = ludus.load("fall-of-rome", players=2)
>>> state = game.new_state(seed=1)
>>> state.phase
<Phase.START: 1>
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ludus.core.actions import Action
from ludus.core.api import Game, GameInfo, Outcome, Search, State, check_seat
from ludus.core.decisions import Decision, DecisionRules
from ludus.core.engine import Handler, RulesState
from ludus.core.i18n import Lang, LangLike, as_lang
from ludus.core.rng import Rng
from ludus.core.spaces import ActionKind
from ludus.games.fall_of_rome import (
    heuristic,
    invariants,
    notation,
    planner,
    render,
    rules,
    scoring,
    validation,
    view,
)
from ludus.games.fall_of_rome import svg as board
from ludus.games.fall_of_rome.components import DOMAIN, PHASE_OVER
from ludus.games.fall_of_rome.config import OPTIONS, FallOfRomeConfig
from ludus.games.fall_of_rome.rules import setup
from ludus.games.fall_of_rome.spaces import action_kinds, observe, parts
from ludus.games.fall_of_rome.state import FallOfRomeData

__all__ = ["FallOfRome", "FallOfRomeState"]


def _lang(locale: LangLike) -> Lang:
    return as_lang(locale).for_domain(DOMAIN)


class FallOfRomeState(FallOfRomeData, RulesState):
    """A game of Pandemic: Fall of Rome in progress (data in :class:`FallOfRomeData`, rules in ``rules/``)."""

    DOMAIN: ClassVar[str] = DOMAIN
    HANDLERS: ClassVar[Mapping[str, Handler]] = rules.HANDLERS
    DECISION_RULES: ClassVar[Mapping[type[Decision], DecisionRules[Any, Any]]] = rules.DECISION_RULES

    def __init__(self, game: FallOfRome, rng: Rng) -> None:
        self.game = game
        self.cfg = game.cfg
        self.rng = rng

    # --- the engine's hooks --------------------------------------------------
    _generate = rules.legal_actions  # the rules' own generator (one call fewer per legal list)

    def _decisions(self, player: int) -> list[Decision]:
        return self.pending

    _advance = rules.advance  # the engine's hook is the rules' own step (one call fewer per action)

    # --- the State API ---------------------------------------------------------
    to_move = rules.to_move  # seats whose decision the game waits for (bound directly: asked every step)

    def forced(self, player: int) -> Action | None:
        """``player``'s only legal action when nobody else could act now (ruling 35).

        Every hand is open and every reveal is an event, so one option is always public;
        but while another seat could play an event (ruling 32) the prompt is where it would,
        so the move is not played for the person then.
        """
        actions = self.legal_actions(player)
        if len(actions) != 1 or any(self.legal_actions(q) for q in range(self.seats) if q != player):
            return None
        return actions[0]

    def is_terminal(self) -> bool:
        """Whether the game is won or lost."""
        return self.phase == PHASE_OVER

    def outcome(self) -> Outcome:
        """The cooperative result."""
        return scoring.outcome(self)

    def view(self, player: int | None) -> dict[str, Any]:
        """The public view (hands are open)."""
        check_seat(self, player)
        return view.view(self, player)

    def determinize(self, player: int | None, seed: int) -> FallOfRomeState:
        """A state consistent with the public information; see :mod:`~ludus.games.fall_of_rome.view`."""
        check_seat(self, player)
        d = self.clone()
        view.redeal_hidden(d, seed)
        return d

    def to_json(self) -> dict[str, Any]:
        """The complete state as JSON-ready data."""
        return self.fields_to_json()

    @classmethod
    def from_json(cls, game: FallOfRome, data: Mapping[str, Any]) -> FallOfRomeState:
        """Rebuild a state from :meth:`to_json` (raises :class:`LudusError` if malformed)."""
        s = cls(game, Rng(0))
        s.fields_from_json(data)
        return s


class FallOfRome(Game[FallOfRomeState]):
    """Pandemic: Fall of Rome (id ``fall-of-rome``)."""

    info = GameInfo(
        id=DOMAIN,
        titles={"en": "Pandemic: Fall of Rome", "pl": "Upadek Rzymu", "hu": "Pandemic: Róma bukása",
                "uk": "Пандемія: Падіння Риму"},
        min_players=1,
        max_players=5,
        cooperative=True,
        hidden_information=True,
        simultaneous=False,
        default_players=2,
        summary="Cooperative defence of the late Roman Empire against five barbarian tribes.",
        options=OPTIONS,
        typical_actions=300,
    )

    cfg: FallOfRomeConfig

    def validate_options(self) -> None:
        """Build the typed config (``legendary`` needs Roma Caput Mundi)."""
        self.cfg = FallOfRomeConfig.from_options(self.players, self.options)

    def new_state(self, seed: int = 0) -> FallOfRomeState:
        """Set up a game (PRZYGOTOWANIE DO GRY) from ``seed``."""
        s = FallOfRomeState(self, Rng(seed))
        setup.set_up(s)
        return s

    def load_state(self, data: Mapping[str, Any]) -> FallOfRomeState:
        """Rebuild a state from ``to_json``."""
        return FallOfRomeState.from_json(self, data)

    def parse_action(self, state: State, text: str) -> Action:
        """Parse notation (``add all`` read as the most the pending recruit may place, as the
        forms of ludus 0.1.0 without a legion count played; dropped moves as the kept ones)."""
        action = super().parse_action(state, text)
        return notation.canonical(state, action) if isinstance(state, FallOfRomeState) else action

    def upgrade_notation(self, text: str, version: str) -> list[str]:
        """A move of a record older than 0.3.0 (``march <city> <n>``), or an event's move of one
        older than 0.4.0 (``move_to <city> <n>``, ``move_pawn <role> <n>``), is now two actions:
        the destination or pawn, then ``legions <n>``; a recruit older than 0.4.0
        (``enlist_barbarians <colour> [<n>]``, ``classis_recruit <card> [<n>]``) the colour or
        card, then ``add <n>`` (``add all`` without a count; see
        :func:`~ludus.games.fall_of_rome.notation.upgrade`)."""
        return notation.upgrade(text, version)

    def component_text(self, name: str, locale: LangLike = None) -> str | None:
        """A city, tribe, city or barbarian card, event, character or the Revolt card (named in
        English or in ``locale``), in words in ``locale`` (Polish: the rulebook's own wording)."""
        return notation.component_text(name, _lang(locale))

    palette = render.PALETTE

    def render_seat(self, view: Mapping[str, Any], player: int, locale: LangLike = None) -> str:
        """The turn and tracks, the seat's pawn and city, the hands (open in this co-op game)."""
        return render.render_seat(view, player, _lang(locale))

    def svg(self, view: Mapping[str, Any], player: int | None, locale: LangLike = None) -> str:
        """The table as an SVG picture: the map, tracks, hands and decks (:mod:`~ludus.games.fall_of_rome.svg`)."""
        return board.svg(view, player, locale)

    def render(self, view: Mapping[str, Any], player: int | None, locale: LangLike = None) -> str:
        """Plain text: the map as a table, tracks, hands."""
        return render.render(view, player, _lang(locale))

    def render_map(self, view: Mapping[str, Any], locale: LangLike = None) -> str | None:
        """The map as text: each city's roads, port, migration paths in and pieces (``map``)."""
        return render.render_map(view, _lang(locale))

    def describe(self, state: FallOfRomeState, action: Action, locale: LangLike = None) -> str:
        """The action in words in ``locale``, naming components as the rulebook does."""
        return notation.describe(action, _lang(locale))

    def outcome_text(self, outcome: Outcome, locale: LangLike = None) -> str:
        """How the game ended, in ``locale`` (the colour of a tribe out of cubes named in it)."""
        return notation.outcome_text(outcome, _lang(locale))

    def evaluate(self, state: FallOfRomeState, player: int) -> float:
        """The team's heuristic value in [-1, 1]."""
        return heuristic.evaluate(state, player)

    def evaluate_all(self, state: FallOfRomeState) -> tuple[float, ...]:
        """The team's value for every seat (the same value, computed once), in [-1, 1]."""
        return heuristic.evaluate_all(state)

    level_search = ("plan", 2, 4)  # the greedy planner, its beam 2 / 4 times wider: ISMCTS won less (docs/bots.md)

    def turn_key(self, state: FallOfRomeState) -> int:
        """The number of player turns begun (the rollout bot compares its plans where one begins)."""
        return state.turn

    def greedy_action(self, state: FallOfRomeState, player: int, rng: Rng, search: Search) -> Action | None:
        """The greedy bot's choice (None out of turn): a plan of the rest of its turn."""
        return planner.greedy_action(state, player, rng, search)

    def invariant_violations(self, state: FallOfRomeState) -> list[str]:
        """Conservation of cubes, legions, forts and cards."""
        return invariants.violations(state)

    def state_violations(self, state: FallOfRomeState) -> list[str]:
        """Every range the rules rely on (:mod:`~ludus.games.fall_of_rome.validation`), then conservation."""
        return validation.violations(state) or invariants.violations(state)

    def action_kinds(self) -> Sequence[ActionKind]:
        """Every kind of action at this player count, every value of each argument
        (:func:`~ludus.games.fall_of_rome.spaces.action_kinds`)."""
        return action_kinds(self.players)

    def observation_parts(self) -> Sequence[tuple[str, int, str]]:
        """The slices of :meth:`observe` at this player count (:func:`~ludus.games.fall_of_rome.spaces.parts`)."""
        return parts(self.players)

    def observe(self, view: Mapping[str, Any], player: int | None) -> list[float]:
        """The flat observation of ``player`` (None: the spectator) from its view alone
        (:func:`~ludus.games.fall_of_rome.spaces.observe`)."""
        return observe(view, player)
