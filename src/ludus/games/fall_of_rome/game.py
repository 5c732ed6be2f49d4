"""Pandemic: Fall of Rome: the State and Game classes, wiring every module together.

>>> import ludus
>>> game = ludus.load("fall-of-rome", players=2)
>>> state = game.new_state(seed=1)
>>> state.phase
<Phase.START: 1>
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ludus.core.actions import Action
from ludus.core.api import Game, GameInfo, Outcome, State
from ludus.core.decisions import Decision, DecisionRules
from ludus.core.engine import Handler, RulesState, method
from ludus.core.rng import Rng
from ludus.games.fall_of_rome import (
    invariants,
    notation,
    planner,
    render,
    rules,
    scoring,
    spaces,
    svg,
    validation,
    view,
)
from ludus.games.fall_of_rome.components import DOMAIN, PHASE_OVER
from ludus.games.fall_of_rome.config import OPTIONS, FallOfRomeConfig
from ludus.games.fall_of_rome.rules import setup
from ludus.games.fall_of_rome.state import FallOfRomeData

__all__ = ["FallOfRome", "FallOfRomeState"]


class FallOfRomeState(FallOfRomeData, RulesState):
    """A game of Pandemic: Fall of Rome in progress (data in :class:`FallOfRomeData`, rules in ``rules/``)."""

    DOMAIN: ClassVar[str] = DOMAIN
    HANDLERS: ClassVar[Mapping[str, Handler]] = rules.HANDLERS
    DECISION_RULES: ClassVar[Mapping[type[Decision], DecisionRules[Any, Any]]] = rules.DECISION_RULES
    REASONS = rules.REASONS

    def __init__(self, game: FallOfRome, rng: Rng) -> None:
        self.game = game
        self.cfg = game.cfg
        self.rng = rng

    # --- the engine's hooks --------------------------------------------------
    _generate = method(rules.legal_actions)  # the rules' own generator (one call fewer per legal list)

    def _decisions(self, player: int) -> list[Decision]:
        return self.pending

    _advance = method(rules.advance)  # the engine's hook is the rules' own step (one call fewer per action)

    # --- the State API ---------------------------------------------------------
    to_move = method(rules.to_move)  # seats whose decision the game waits for (asked every step)

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
        return self.phase is PHASE_OVER

    def outcome(self) -> Outcome:
        """The cooperative result."""
        return scoring.outcome(self)

    def _view(self, player: int | None) -> dict[str, Any]:
        """The public view (hands are open)."""
        return view.view(self, player)

    def _determinize(self, player: int | None, seed: int) -> FallOfRomeState:
        """A state consistent with the public information; see :mod:`~ludus.games.fall_of_rome.view`."""
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

    # the facets: the rooms the base class reaches (see ludus.core.facets)
    words = notation
    pictures = render
    board = svg
    knowledge = planner
    spaces = spaces
    invariants = invariants
    validation = validation
    views = view

    # the greedy planner, its beam 2 / 4 times wider: ISMCTS won less (docs/bots.md)
    level_search = ("plan", 2, 4)
