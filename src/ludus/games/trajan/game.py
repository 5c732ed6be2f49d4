"""The Trajan :class:`~ludus.core.api.Game` and its State: the only module importing everything.

:class:`TrajanState` is the data of :mod:`.state` with the engine's ``apply``
(:class:`~ludus.core.engine.RulesState`) and the rules, scoring and view plugged
in; :class:`TrajanGame` holds the player count and the options (as a
:class:`~ludus.games.trajan.config.TrajanConfig`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludus.core.actions import Action
from ludus.core.api import Game, GameInfo, Outcome, Search, State, check_seat
from ludus.core.decisions import Decision
from ludus.core.engine import RulesState
from ludus.core.errors import N_, StateError
from ludus.core.events import Log
from ludus.core.i18n import Lang, LangLike, as_lang
from ludus.core.rng import Rng
from ludus.core.spaces import ActionKind
from ludus.games.trajan import (
    decisions,
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
from ludus.games.trajan import svg as board
from ludus.games.trajan.components import ACTION, DOMAIN, N_COMMODITIES, OVER, SEAPORT, Verb
from ludus.games.trajan.config import OPTIONS, TrajanConfig
from ludus.games.trajan.state import TrajanData

__all__ = ["TrajanGame", "TrajanState"]


class TrajanState(TrajanData, RulesState):
    """A complete Trajan position with the State API (rules in :mod:`ludus.games.trajan.rules`)."""

    DOMAIN = DOMAIN
    HANDLERS = rules.HANDLERS
    DECISION_RULES = rules.DECISION_RULES

    # --- the engine's hooks --------------------------------------------------------------
    def _generate(self, player: int | None) -> list[Action]:
        if player is not None and player != self.decider:
            return []
        # the seat to move and "every seat" share one list (Trajan has no out-of-turn actions)
        built = self.cached_legal(self.decider if player is None else None)
        return built if built is not None else rules.legal_actions(self)

    def _decisions(self, player: int) -> list[Decision]:
        return self.pending

    def _advance(self, log: Log) -> None:
        rules.advance(self, log)

    # --- the State API -----------------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        """The seat whose decision the game waits for (empty when the game is over)."""
        if self.phase == OVER:
            return ()
        return (self.decider,)

    def forced(self, player: int) -> Action | None:
        """``player``'s only legal action when public information alone makes it the only one.

        The seat to move is the only one with actions (Trajan has no out-of-turn actions). Its
        options follow from public information, except at the Seaport, where they depend on
        its hand: there a single option (``sail`` once nothing more fits, the one kind of card
        to discard) is still asked unless the hand is empty, so that no seat learns about a
        hand from the pause (ruling 27; docs/architecture.md, "Hardening").
        """
        actions = self.legal_actions(player)
        if len(actions) != 1:
            return None
        if self.phase == ACTION and any(self.hand[player]) and _hand_decides(self.pending[-1]):
            return None
        return actions[0]

    def outcome(self) -> Outcome:
        """Final scores (VP track plus final scoring), ranking with the senate tie-break."""
        return scoring.outcome(self)

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (``None`` = spectator)."""
        check_seat(self, player)
        return view.view(self, player)

    def determinize(self, player: int | None, seed: int) -> TrajanState:
        """A state agreeing with all ``player`` has seen, hidden parts re-dealt from ``seed``."""
        check_seat(self, player)
        return view.determinize(self, player, seed)

    def to_json(self) -> dict[str, Any]:
        """The complete state as JSON-ready data (the declared fields in their saved form)."""
        return self.fields_to_json()

    def saved_form(self, data: dict[str, Any]) -> dict[str, Any]:
        """The saved form of 0.1.0: the pending decisions as ``agenda``/``sub``/``ship``/``load``/
        ``display_count`` (:func:`.decisions.saved_form`); ``pile_rebuilt`` and ``pile_hand`` only
        while the draw pile is a rebuilt one (the states of 0.1.0 had no such fields)."""
        if not self.pile_rebuilt:
            del data["pile_rebuilt"], data["pile_hand"]
        return decisions.saved_form(data, self.pending)

    def loaded_form(self, data: Mapping[str, Any], path: str = "") -> None:
        """Inverse of :meth:`saved_form`, after the other fields are loaded."""
        n = self.cfg.players
        if "pile_rebuilt" not in data:
            self.pile_rebuilt = 0
        if "pile_hand" not in data:
            self.pile_hand = [[0] * N_COMMODITIES for _ in range(n)]
        if not -1 <= self.decider < n:
            raise StateError(N_("state field 'decider': seat {seat} in a {players}-player game"),
                             domain=DOMAIN, seat=self.decider, players=n)
        self.pending = decisions.pending_from_json(data, max(self.decider, 0))
        if self.pending and self.decider < 0:
            raise StateError(N_("state field 'agenda': decisions pending in a finished game ('decider' -1)"),
                             domain=DOMAIN)

    @classmethod
    def from_json(cls, game: TrajanGame, data: Mapping[str, Any]) -> TrajanState:
        """Rebuild a state from :meth:`to_json` output."""
        s = cls.__new__(cls)
        s.game = game
        s.cfg = game.config
        s.fields_from_json(data)
        return s


def _lang(locale: LangLike) -> Lang:
    """``locale`` as a language translating Trajan's domain."""
    return as_lang(locale).for_domain(DOMAIN)


def _hand_decides(top: Decision) -> bool:
    """Whether the answers to ``top`` depend on the hand of the seat deciding (the Seaport's)."""
    if isinstance(top, decisions.TakeAction):
        return top.action == SEAPORT
    return isinstance(top, decisions.SeaportDiscard | decisions.SeaportDisplay | decisions.LoadShip)


class TrajanGame(Game[TrajanState]):
    """Trajan (Stefan Feld, Ammonit 2011), 2nd edition, 2-4 players."""

    info = GameInfo(
        id="trajan",
        titles={"en": "Trajan", "pl": "Trajan", "hu": "Traianus", "uk": "Траян", "de": "Trajan"},
        min_players=2,
        max_players=4,
        cooperative=False,
        hidden_information=True,
        simultaneous=False,
        options=OPTIONS,
        default_players=2,
        summary="Sow action markers on a mancala circle to rule Rome over four quarters of a year.",
        typical_actions=600,
    )

    def __init__(self, players: int | None = None, **options: object) -> None:
        super().__init__(players, **options)
        self.config = TrajanConfig.from_options(self.players, self.options)

    @property
    def lap(self) -> int:
        """The time-track lap length for this player count."""
        return self.config.lap

    def new_state(self, seed: int = 0) -> TrajanState:
        """Set up a new game: board, tiles, cards, then the setup decisions."""
        s = TrajanState.__new__(TrajanState)
        s.game = self
        s.cfg = self.config
        rules.set_up(s, Rng(seed))
        return s

    def load_state(self, data: Mapping[str, Any]) -> TrajanState:
        """Rebuild a state from :meth:`TrajanState.to_json` data."""
        return TrajanState.from_json(self, data)

    palette = render.PALETTE

    def render_seat(self, view: Mapping[str, Any], player: int, locale: LangLike = None) -> str:
        """Time and scores, the seat's action circle, hand, display and tiles."""
        return render.render_seat(view, player, _lang(locale))

    def svg(self, view: Mapping[str, Any], player: int | None, locale: LangLike = None) -> str:
        """The table as an SVG picture (:mod:`~ludus.games.trajan.svg`)."""
        return board.svg(view, player, locale)

    def render(self, view: Mapping[str, Any], player: int | None, locale: LangLike = None) -> str:
        """Plain-text board for a terminal."""
        return render.render(view, player, _lang(locale))

    def evaluate(self, state: TrajanState, player: int) -> float:
        """Heuristic value of ``state`` for ``player``."""
        return heuristic.evaluate(state, player)

    evaluation_scale = heuristic.EVALUATION_SCALE

    def evaluate_all(self, state: TrajanState) -> tuple[float, ...]:
        """Every seat's margin over its best opponent, squashed to [-1, 1]; the returns once over
        (see :func:`~ludus.games.trajan.heuristic.evaluate_all`)."""
        return heuristic.evaluate_all(state)

    level_search = ("rollout", 2, 6)  # 200 games, 2 players: rollout 80.5% against greedy, ISMCTS 63.5% (docs/bots.md)
    search_width = 3  # a Trajan simulation is long (greedy turns plan every option): 3 candidates keep hard under 1 s

    def turn_key(self, state: TrajanState) -> tuple[int, int, int]:
        """The quarter, the round and the seat whose turn it is: they change when a turn ends."""
        return state.quarter, state.round, state.current

    @property
    def search_turns(self) -> int:
        """Two rounds of the table: what a mancala choice sets up pays off a turn or two later.
        Measured at 2 players against greedy: one round won 11 of 21 games, two rounds 161 of 200
        (docs/bots.md)."""
        return 2 * self.players

    def greedy_action(self, state: TrajanState, player: int, rng: Rng, search: Search) -> Action | None:
        """The greedy bot's choice during sub-decisions where one ply says little."""
        return heuristic.greedy_action(state, player, rng, search)

    def describe(self, state: TrajanState, action: Action, locale: LangLike = None) -> str:
        """A readable label for ``action``."""
        return notation.describe(action, state, _lang(locale))

    def parse_action(self, state: State, text: str) -> Action:
        """Parse notation; a way to meet a demand now folded into an equivalent one (ruling 31)
        reads as that one (records written before 0.4.0)."""
        action = super().parse_action(state, text)
        if isinstance(state, TrajanState) and action.verb == Verb.MEET:
            return rules.quarter_end.equivalent_meet(state, action)
        return action

    def upgrade_notation(self, text: str, version: str) -> list[str]:
        """A discard of a record older than 0.4.0 (``discard <card> <pile>``) is now two actions,
        the pile, then the card; a pre-game ``choose <tile>`` is the stack, then the tile (see
        :func:`~ludus.games.trajan.notation.upgrade`)."""
        return notation.upgrade(text, version)

    def component_text(self, name: str, locale: LangLike = None) -> str | None:
        """What the component ``name`` is and does in ``locale`` (display name in English or in
        ``locale``, or id; any case, spaces or underscores)."""
        return notation.component_text(name, _lang(locale))

    def invariant_violations(self, state: TrajanState) -> list[str]:
        """Every component counted wherever it lies (see :mod:`.invariants`)."""
        return invariants.violations(state)

    def state_violations(self, state: TrajanState) -> list[str]:
        """Every range the rules rely on, then conservation (see :mod:`.validation`)."""
        return validation.violations(state)

    # --- research interfaces (issue 19): see spaces.py ------------------------------------------
    def action_kinds(self) -> Sequence[ActionKind]:
        """Every kind of Trajan action, the same for every player count and option
        (:func:`~ludus.games.trajan.spaces.action_kinds`)."""
        return spaces.action_kinds()

    def observation_parts(self) -> Sequence[tuple[str, int, str]]:
        """The slices of :meth:`observe` at this player count (:func:`~ludus.games.trajan.spaces.parts`)."""
        return spaces.parts(self.players)

    def observe(self, view: Mapping[str, Any], player: int | None) -> list[float]:
        """The flat observation of ``player`` (None: the spectator) from its view alone
        (:func:`~ludus.games.trajan.spaces.observe`)."""
        return spaces.observe(view, player)
