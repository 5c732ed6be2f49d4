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
from ludus.core.api import Game, GameInfo, Outcome, Search, State
from ludus.core.decisions import Decision
from ludus.core.engine import RulesState
from ludus.core.errors import N_, StateError
from ludus.core.events import Log
from ludus.core.rng import Rng
from ludus.games.trajan import (
    decisions,
    encoder,
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
from ludus.games.trajan.components import ACTION, COPIES_PER_COMMODITY, DOMAIN, OVER, SEAPORT, Verb
from ludus.games.trajan.config import OPTIONS, TrajanConfig
from ludus.games.trajan.rules.cards import drawn
from ludus.games.trajan.state import TrajanData

__all__ = ["TrajanGame", "TrajanState"]


class TrajanState(TrajanData, RulesState):
    """A complete Trajan position with the State API (rules in :mod:`ludus.games.trajan.rules`)."""

    DOMAIN = DOMAIN
    HANDLERS = rules.HANDLERS
    DECISION_RULES = rules.DECISION_RULES
    REASONS = rules.REASONS

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
    def clone(self) -> TrajanState:
        """An independent copy that shares this position's legal-action lists (never mutated): a
        search's clone applies an action without generating them again to check it."""
        other = self.copy()
        self.share_legal(other)
        return other

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

    def _view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (``None`` = spectator)."""
        return view.view(self, player)

    def _determinize(self, player: int | None, seed: int) -> TrajanState:
        """A state agreeing with all ``player`` has seen, hidden parts re-dealt from ``seed``."""
        return view.determinize(self, player, seed)

    def to_json(self) -> dict[str, Any]:
        """The complete state as JSON-ready data (the declared fields in their saved form)."""
        return self.fields_to_json()

    def saved_form(self, data: dict[str, Any]) -> dict[str, Any]:
        """The saved form of 0.1.0: the pending decisions as ``agenda``/``sub``/``ship``/``load``/
        ``display_count`` (:func:`.decisions.saved_form`); ``pile_rebuilt`` and ``pile_log`` only
        once the draw pile was rebuilt (the states of 0.1.0 had no such fields)."""
        if not self.pile_rebuilt:
            del data["pile_rebuilt"], data["pile_log"]
        return decisions.saved_form(data, self.pending)

    def loaded_form(self, data: Mapping[str, Any], path: str = "") -> None:
        """Inverse of :meth:`saved_form`, after the other fields are loaded."""
        n = self.cfg.players
        if "pile_rebuilt" not in data:
            self.pile_rebuilt = 0
        if "pile_log" not in data:  # a rebuilt pile saved by ludus 0.4 (pile_hand), or none
            self.pile_log = _pile_log_of(data)["pile_log"] if "pile_hand" in data else [[] for _ in range(n)]
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


def _pile_log_of(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """``data`` with a rebuilt pile saved by ludus 0.4 in today's form: ``pile_hand`` (the cards
    each hand drew from the one rebuilt pile, less those known to have left it) becomes
    ``pile_log`` (those cards drawn from pile 1), which tells the table the same (ruling 26)."""
    if "pile_hand" not in data:
        return data
    out = {k: v for k, v in data.items() if k != "pile_hand"}
    logs = []
    for counts in data["pile_hand"]:
        if any(type(k) is not int or not 0 <= k <= COPIES_PER_COMMODITY for k in counts):
            raise ValueError(f"state field 'pile_hand': counts {str(counts)[:60]} out of range")
        logs.append([drawn(1, c) for c, k in enumerate(counts) for _ in range(k)])
    out["pile_log"] = logs
    return out



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

    # the facets: the rooms the base class reaches (see ludus.core.facets)
    words = notation
    pictures = render
    board = svg
    knowledge = heuristic
    spaces = spaces
    encoder = encoder
    invariants = invariants
    validation = validation
    views = view

    evaluation_scale = heuristic.EVALUATION_SCALE
    # 200 games, 2 players: rollout 80.5% against greedy, ISMCTS 63.5% (docs/bots.md)
    level_search = ("rollout", 2, 6)
    # an expert decision under 1 s at the 95th percentile; 7 simulations of three rounds won 17 of 28
    # games against hard where 10 of two rounds won 14 of 27, the same deals (docs/bots.md)
    expert_budget = (7, 3)
    # with the learned value, expert won 15 of 40 games against hard; without it 6 of the first 10 deals
    expert_value = False
    # a Trajan simulation is long (greedy turns plan every option): 3 candidates keep hard under 1 s
    search_width = 3

    @property
    def expert_turns(self) -> int:
        """Three rounds at two players (the levels simulate two); at more seats the levels' own two
        rounds, whose simulations already cost more (docs/bots.md)."""
        return 3 * self.players if self.players <= 2 else self.search_turns

    def turn_plans(self, state: State, player: int, search: Search) -> Sequence[Sequence[Action]] | None:
        """An action circle move with its follow-ups (:func:`~ludus.games.trajan.heuristic.turn_plans`)."""
        return heuristic.turn_plans(state, player, search)

    def parse_action(self, state: State, text: str) -> Action:
        """Parse notation; a way to meet a demand now folded into an equivalent one (ruling 31)
        reads as that one (records written before 0.4.0)."""
        action = super().parse_action(state, text)
        if isinstance(state, TrajanState) and action.verb == Verb.MEET:
            return rules.quarter_end.equivalent_meet(state, action)
        return action
