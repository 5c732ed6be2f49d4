"""The :class:`GloryToRome` game and its :class:`GtrState`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludus.core.actions import Action
from ludus.core.api import Game, GameInfo, OptionSpec, Outcome, State
from ludus.core.errors import LudusError
from ludus.core.events import Event
from ludus.core.rng import Rng
from ludus.games.glory_to_rome import rules, scoring
from ludus.games.glory_to_rome import view as view_module
from ludus.games.glory_to_rome.components import (
    CARD_BUILDING,
    EN_RANK,
    N_CARDS,
    N_JACKS,
    PL_RANK,
    SITES_PER_MATERIAL,
    STARTING_ORDERS,
)
from ludus.games.glory_to_rome.notation import ActionTable
from ludus.games.glory_to_rome.state import LEAD, GtrStateData


class GtrState(GtrStateData, State):  # type: ignore[misc]
    """A Glory to Rome position (see :mod:`.state` for the fields)."""

    cache: list[Action] | None

    def to_move(self) -> tuple[int, ...]:
        """The seat whose decision the game waits for."""
        return rules.to_move(self)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every legal action now (only the seat to move has any)."""
        legal = self.cache
        if legal is None:
            legal = self.cache = rules.legal_actions(self)
        if player is None:
            return legal[:]
        if not legal or legal[0].player != player:
            return []
        return legal[:]

    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action``; raises :class:`IllegalActionError` (state unchanged) if illegal."""
        rules.check_legal(self, action)
        self.cache = None
        return rules.apply_action(self, action)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return bool(self.over)

    def outcome(self) -> Outcome:
        """Scores and ranking of a finished game."""
        if not self.over:
            raise LudusError("the game is not over yet")
        return scoring.outcome(self)

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see."""
        return view_module.view(self, player)

    def determinize(self, player: int | None, seed: int) -> GtrState:
        """A state consistent with ``player``'s view, hidden cards re-dealt."""
        return view_module.determinize(self, player, seed)

    def clone(self) -> GtrState:
        """An independent copy."""
        other = GtrState.__new__(GtrState)
        self.copy_into(other)
        other.cache = self.cache
        return other

    def to_json(self) -> dict[str, Any]:
        """The complete state."""
        return self.data_to_json()

    def card_places(self) -> list[int]:
        """Every Order card id, from every place it can be (for conservation checks)."""
        out = self.deck + self.pool + self.removed
        for p in range(self.n):
            out += self.hands[p] + self.clients[p] + self.stock[p] + self.vault[p] + self.camp[p]
            for st in self.buildings[p]:
                out.append(st.card)
                out += st.materials
        if self.fountain >= 0:
            out.append(self.fountain)
        return out


class GloryToRome(Game):
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
        id="glory-to-rome",
        titles={"en": "Glory to Rome", "pl": "Glory to Rome: Na chwałę Rzymu"},
        min_players=2,
        max_players=5,
        cooperative=False,
        hidden_information=True,
        simultaneous=False,
        options=(
            OptionSpec("rules", "new", "rule set: new (Polish default) or classic", choices=("new", "classic")),
            OptionSpec("simplified", False, "training game: no building functions, fewer sites, half deck"),
            OptionSpec("start_order", "pl", "alphabet for choosing the start player", choices=("pl", "en")),
            OptionSpec("latrine_jack", True, "a Latrine may discard a Jack (PL: 'one card')"),
            OptionSpec("concession", False, "players may concede the game to another player"),
        ),
        default_players=3,
        summary="Rebuild Rome after the great fire: lead roles, hire clients, build and sell.",
    )

    def __init__(self, players: int | None = None, **options: object) -> None:
        super().__init__(players, **options)
        self.classic: bool = self.options["rules"] == "classic"
        self.functions: bool = not self.options["simplified"]
        self.petition_size: int = 3 if self.classic else 2
        self.latrine_jack: bool = bool(self.options["latrine_jack"])
        self.concession: bool = bool(self.options["concession"])
        self.rank: tuple[int, ...] = PL_RANK if self.options["start_order"] == "pl" else EN_RANK
        self.acts = ActionTable(self.players)

    def new_state(self, seed: int = 0) -> GtrState:
        """Set up a game: sites, hands of 4 Orders + 1 Jack, start player, pool, deck."""
        s = GtrState.__new__(GtrState)
        s.game = self
        s.rng = Rng(seed)
        n = s.n = self.players
        deck = list(range(N_CARDS))
        s.rng.shuffle(deck)
        s.deck = deck
        s.pool = []
        s.removed = []
        if self.functions:
            s.in_town = [n] * 6
            s.out_town = [SITES_PER_MATERIAL - n] * 6
            s.sites_removed = [0] * 6
        else:
            # Training game: at most 3 sites per material (ruling §15.9).
            town = min(n, 3)
            s.in_town = [town] * 6
            s.out_town = [3 - town] * 6
            s.sites_removed = [SITES_PER_MATERIAL - 3] * 6
        s.hands = [[deck.pop() for _ in range(STARTING_ORDERS)] for _ in range(n)]
        s.hand_jacks = [1] * n
        s.jack_pile = N_JACKS - n
        s.clients = [[] for _ in range(n)]
        s.fresh = [[] for _ in range(n)]
        s.stock = [[] for _ in range(n)]
        s.vault = [[] for _ in range(n)]
        s.vault_vis = [[] for _ in range(n)]
        s.inf_sites = [[] for _ in range(n)]
        s.buildings = [[] for _ in range(n)]
        s.camp = [[] for _ in range(n)]
        s.camp_jacks = [0] * n
        # Start player: one Order per player; first in alphabetical order leads;
        # ties turn further cards for the tied players only; all go to the pool.
        tied = list(range(n))
        while len(tied) > 1:
            ranks = []
            for _ in tied:
                card = deck.pop()
                s.pool.append(card)
                ranks.append(self.rank[CARD_BUILDING[card]])
            best = min(ranks)
            tied = [p for p, r in zip(tied, ranks) if r == best]
        if not self.functions:
            # Training game: half the remaining deck leaves play unseen (ruling §15.10).
            for _ in range(len(deck) // 2):
                s.removed.append(deck.pop())
        s.leader = tied[0]
        s.current = tied[0]
        s.role = -1
        s.phase = LEAD
        s.units = [0] * n
        s.petition = []
        s.palace_open = 0
        s.pre_think = 0
        s.act_index = 0
        s.stack = []
        s.demands = []
        s.revealed = [[] for _ in range(n)]
        s.gives = []
        s.fountain = -1
        s.did_craft = [0] * n
        s.endq = []
        s.over = 0
        s.end_reason = ""
        s.forum_winners = []
        s.colosseum = []
        s.half_lay = []
        s.conceded = [-1] * n
        s.turn = 0
        s.active = [0] * n
        s.cache = None
        return s

    def state_from_json(self, data: Mapping[str, Any]) -> GtrState:
        """Rebuild a state from :meth:`GtrState.to_json`."""
        s = GtrState.__new__(GtrState)
        s.game = self
        s.data_from_json(dict(data))
        rules.refresh_active(s, adjust=False)
        s.cache = None
        return s

    def render(self, view: Mapping[str, Any], player: int | None) -> str:
        """Plain-text rendering of a view."""
        from ludus.games.glory_to_rome.render import render

        return render(view, player)

    def describe(self, state: State, action: Action) -> str:
        """A human-readable label for ``action``."""
        from ludus.games.glory_to_rome.notation import describe

        return describe(action)

    def evaluate(self, state: State, player: int) -> float:
        """Heuristic value of ``state`` for ``player``."""
        from ludus.games.glory_to_rome.heuristic import evaluate

        return evaluate(state, player)  # type: ignore[arg-type]

    def greedy_action(self, state: State, player: int, rng: Rng) -> Action | None:
        """The greedy bot's policy (see heuristic.py)."""
        from ludus.games.glory_to_rome.heuristic import greedy_action

        return greedy_action(state, player, rng)  # type: ignore[arg-type]
