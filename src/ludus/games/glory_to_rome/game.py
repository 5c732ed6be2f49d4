"""The :class:`GloryToRome` game and its :class:`GtrState`: the only module importing everything."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ludus.core.actions import Action
from ludus.core.api import Game, GameInfo, OptionSpec, Outcome
from ludus.core.decisions import Decision
from ludus.core.engine import RulesState
from ludus.core.errors import N_, LudusError, StateError
from ludus.core.events import Log
from ludus.core.rng import Rng
from ludus.games.glory_to_rome import (
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
from ludus.games.glory_to_rome.components import (
    ACT,
    DOMAIN,
    V_GLORY,
    V_LEGACY_PETITION,
    ActionTable,
)
from ludus.games.glory_to_rome.config import GtrConfig
from ludus.games.glory_to_rome.decisions import GtrData
from ludus.games.glory_to_rome.rules.petitions import legacy_legal

_SEATS: tuple[tuple[int, ...], ...] = tuple((p,) for p in range(5))
"""``to_move()`` of each seat, built once."""


class GtrState(GtrData, RulesState):
    """A Glory to Rome position (fields: :mod:`.state` and :mod:`.decisions`; rules: :mod:`.rules`)."""

    DOMAIN: ClassVar[str] = DOMAIN
    HANDLERS = rules.HANDLERS
    DECISION_RULES = rules.DECISION_RULES
    REASONS = rules.REASONS

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
        # The one stack: its top is the decision the game waits for (an answer never finishes
        # a frame: advance() takes used-up frames off the stack).
        return self.pending

    def _advance(self, log: Log) -> list[Action] | None:
        if self._deals:  # the deal plans of the position before
            self._deals = {}
        return rules.advance(self, log)  # the legal actions, when built on the way (the engine caches them)

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
            if ph == ACT and self.pending:
                return _SEATS[self.pending[-1].who]
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

    def _view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see."""
        return view.view(self, player)

    def _determinize(self, player: int | None, seed: int) -> GtrState:
        """A state consistent with ``player``'s view, hidden cards re-dealt."""
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
        titles={"en": "Glory to Rome", "pl": "Glory to Rome: Na chwałę Rzymu",
                "hu": "Glory to Rome: Róma dicsőségére", "uk": "Glory to Rome: Во славу Риму"},
        min_players=2,
        max_players=5,
        cooperative=False,
        hidden_information=True,
        simultaneous=False,
        options=(
            OptionSpec("rules", "new", N_("rule set: new (Polish default) or classic"),
                       choices=("new", "classic"), label=N_("Rules"),
                       explain=N_("The new rules of the Polish edition, or the classic ones."),
                       value_labels=(("new", N_("new")), ("classic", N_("classic")))),
            OptionSpec("simplified", False,
                       N_("training game: no building functions, fewer sites, half deck"),
                       label=N_("Training game"),
                       explain=N_("No building functions, fewer sites and half the deck.")),
            OptionSpec("start_order", "pl", N_("alphabet for choosing the start player"),
                       choices=("pl", "en"), ruling=True),
            OptionSpec("latrine_jack", True, N_("a Latrine may discard a Jack (PL: 'one card')"),
                       ruling=True),
            OptionSpec("concession", False, N_("players may concede the game to another player"),
                       label=N_("Conceding"),
                       explain=N_("A player may concede the game to another player.")),
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

    # the facets: the rooms the base class reaches (see ludus.core.facets)
    words = notation
    pictures = render
    board = svg
    knowledge = heuristic
    spaces = spaces
    invariants = invariants
    validation = validation
    views = view

    search_rollout = 0  # a random pass or wasted action spoils the position the leaf value sees
    # 200 games, 2 players: rollout 87.0% against greedy, ISMCTS 9 of 20 (docs/bots.md)
    level_search = ("rollout", 2, 8)
    expert_budget = (40, 5)  # an expert decision under 1 s at the 95th percentile (docs/bots.md)
