"""The :class:`HadriansWall` game and its :class:`HadriansWallState`: the only module that imports
everything."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludus.core.actions import Action
from ludus.core.api import Game, GameInfo, OptionSpec, Outcome, State
from ludus.core.decisions import Decision
from ludus.core.engine import RulesState, method
from ludus.core.errors import N_, StateError
from ludus.core.fields import field_names
from ludus.core.i18n import LangLike
from ludus.core.info import returns_of
from ludus.core.rng import Rng

from . import (
    decisions,
    heuristic,
    invariants,
    notation,
    render,
    rules,
    scoring,
    spaces,
    svg,
    validation,
    view,
)
from .components import DIFFICULTIES, DOMAIN, OVER, lang_of
from .config import HadriansWallConfig
from .state import HadriansWallData, load_pending

__all__ = ["HadriansWall", "HadriansWallState"]

class HadriansWallState(HadriansWallData, RulesState):
    """A game in progress: the table's data (:mod:`.state`) and the engine's ``apply``.

    Play is simultaneous: every seat still in the Year is to move, and each seat's pending
    decisions are on its own board (:meth:`_decisions`).
    """

    DOMAIN = DOMAIN
    HANDLERS = rules.HANDLERS
    DECISION_RULES = rules.DECISION_RULES
    REASONS = rules.REASONS
    game: HadriansWall

    def __init__(self, game: HadriansWall, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.init_data(game, game.config)

    # --- the engine's hooks ----------------------------------------------
    def _generate(self, player: int | None) -> list[Action]:
        if player is not None:
            return rules.legal_actions(self, player)
        out: list[Action] = []
        for p in range(len(self.boards)):
            out.extend(self.legal_actions(p))
        return out

    def _decisions(self, player: int) -> list[Decision]:
        return self.boards[player].pending  # each seat's own stack (top last)

    _advance = method(rules.advance)

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal: from the cached list, else generating only its chapter."""
        legal = self.cached_legal(action.player)
        if legal is None:
            return rules.is_legal(self, action)
        for candidate in legal:
            if candidate is action:
                return True
        return action in legal

    def why_illegal(self, action: Action, locale: LangLike = None) -> str:
        return rules.why_illegal(self, action, lang_of(locale))

    # --- the State API -----------------------------------------------------
    def clone(self) -> HadriansWallState:
        """An independent copy that shares this position's legal-action lists (never mutated): a
        search's clone applies an action without generating them again to check it."""
        other = self.copy()
        self.share_legal(other)
        return other

    to_move = method(rules.to_move)  # (bound as it is: one call less on the hottest path)

    def forced(self, player: int) -> Action | None:
        """``player``'s only legal action, which a front end may play without asking (ruling 20).

        Every sheet, every Prospect card after the reveal and who is still in the Year are
        open information, and a seat's own drawn cards are its own: a seat's legal actions
        follow from what it sees, so a single one (a Market hexagon or a pattern's only place,
        ``end`` when nothing else is affordable) tells nobody anything.
        """
        actions = self.legal_actions(player)
        return actions[0] if len(actions) == 1 else None

    def is_terminal(self) -> bool:
        return self.phase is OVER

    def outcome(self) -> Outcome:
        return scoring.outcome(self)

    def returns(self) -> tuple[float, ...]:
        """Utility per seat: :func:`~ludus.core.info.returns_of` the outcome (places; a Solo
        Campaign fort: 1 when the Fort Goal is met, else 0), except a free solo game, which has no
        loser: its value is the score on the search's scale, ``tanh((VP - SOLO_CENTRE) / SOLO_SCALE)``
        (:func:`.heuristic.evaluate_all_of`, centre 30 VP, scale 25 VP), so that a learner sees how
        well it played: -10 VP is -0.92, 30 VP 0, 55 VP 0.76, 80 VP 0.96."""
        outcome = self.outcome()
        if len(outcome.scores) == 1 and self.cfg.fort is None:
            return heuristic.evaluate_all_of(outcome.scores)
        return returns_of(outcome)

    def _view(self, player: int | None) -> dict[str, Any]:
        return view.view(self, player)

    def _determinize(self, player: int | None, seed: int) -> HadriansWallState:
        return view.determinize(self.copy(), player, seed)  # (a copy: its legal actions anew)

    def to_json(self) -> dict[str, Any]:
        return self.fields_to_json()

    def loaded_form(self, data: Mapping[str, Any], path: str = "") -> None:
        """The boards' pending decisions, from their saved tokens (:meth:`.state.Board.saved_form`)."""
        load_pending(self, data, decisions.from_token)

    @classmethod
    def from_json(cls, game: HadriansWall, data: Mapping[str, Any]) -> HadriansWallState:
        """Inverse of :meth:`to_json`."""
        state = cls(game)
        state.fields_from_json(data)
        return state

    def __getstate__(self) -> dict[str, Any]:
        # The configuration (with its prebuilt actions) is the game's: rebuilt, not pickled.
        return {name: getattr(self, name) for name in field_names(HadriansWallState) if name != "cfg"}

    def __setstate__(self, data: dict[str, Any]) -> None:
        for name, value in data.items():
            setattr(self, name, value)
        self.cfg = self.game.config


class HadriansWall(Game[HadriansWallState]):
    """Hadrian's Wall (Garphill Games 2021; PL Mur Hadriana, UK Адріанів вал), 1–6 players."""

    info = GameInfo(
        id="hadrians-wall",
        titles={"en": "Hadrian's Wall", "pl": "Mur Hadriana", "hu": "Hadrianus fala", "uk": "Адріанів вал"},
        min_players=1,
        max_players=6,
        cooperative=False,
        hidden_information=True,
        simultaneous=True,
        default_players=1,
        options=(
            OptionSpec("difficulty", "easy", N_("Pict attack strength (cards per Year)"),
                       choices=DIFFICULTIES, label=N_("Difficulty"),
                       explain=N_("How strong the Pict attacks are: the cards drawn each Year."),
                       value_labels=(("easy", N_("easy")), ("normal", N_("normal")), ("hard", N_("hard")))),
            OptionSpec("campaign_fort", 0, N_("Solo Campaign fort 1–16 (0 = no campaign)"),
                       minimum=0, maximum=16, label=N_("Solo Campaign fort"), players=(1,),
                       explain=N_("Play fort 1–16 of the Solo Campaign (0: no campaign).")),
            OptionSpec("campaign_reward", False,
                       N_("the previous fort's Challenge was met: take its Setup Reward"),
                       label=N_("Campaign reward"), players=(1,),
                       explain=N_("The previous fort's Challenge was met: take its Setup Reward.")),
            OptionSpec("final_pass", False,
                       N_("items received after ending the Year cannot be used (asynchronous play)"),
                       label=N_("Nothing after the Year ends"), players=(2, 3, 4, 5, 6),
                       explain=N_("Items a neighbour pays you after you ended the Year cannot be used.")),
            OptionSpec(
                "resource_passing", True,
                N_("neighbour purchases pay the neighbour "
                   "(off: the unofficial variant adding attack cards instead)"),
                label=N_("Pay your neighbours"), players=(2, 3, 4, 5, 6),
                explain=N_("Buying from a neighbour pays them; "
                           "off: each such purchase adds a Pict card instead."),
            ),
        ),
        summary="Flip-and-write: build a fort on Hadrian's Wall over 6 Years and hold off the Picts.",
        typical_actions=800,
    )

    def validate_options(self) -> None:
        """Derive the rule switches from the options (Solo Campaign fort rules)."""
        self.config = HadriansWallConfig.from_options(self.players, self.options)

    def new_state(self, seed: int = 0) -> HadriansWallState:
        """Shuffle the Fate deck and every Player deck, and start Year 1."""
        state = HadriansWallState(self, seed)
        rules.setup(state)
        return state

    def load_state(self, data: Mapping[str, Any]) -> HadriansWallState:
        """Rebuild a state from :meth:`HadriansWallState.to_json` (validated by ``state_from_json``)."""
        state = HadriansWallState.from_json(self, data)
        if len(state.boards) != self.players:
            raise StateError(f"state field 'boards': {len(state.boards)} boards for {self.players} players")
        return state

    def parse_action(self, state: State, text: str) -> Action:
        """Parse notation (map cells of a ``place`` may be given in any order; a last Temple
        Favour on another breached Cohort is the one offered, ruling 19)."""
        action = notation.canonical(super().parse_action(state, text))
        if isinstance(state, HadriansWallState):
            action = rules.pict_attack.same_favour(state, action)
        return action

    # the facets: the rooms the base class reaches (see ludus.core.facets)
    words = notation
    pictures = render
    board = svg
    knowledge = heuristic
    spaces = spaces
    invariants = invariants
    validation = validation
    views = view

    # 200 games, 2 players: rollout beats greedy, ISMCTS does not (docs/bots.md)
    level_search = ("rollout", 2, 8)
    expert_budget = (16, 5)  # an expert decision under 1 s at the 95th percentile (docs/bots.md)
