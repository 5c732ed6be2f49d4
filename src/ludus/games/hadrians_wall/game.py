"""The :class:`HadriansWall` game: options, setup and the hooks for front ends and bots."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludus.core.actions import Action
from ludus.core.api import Game, GameInfo, OptionSpec, State
from ludus.core.errors import LudusError, OptionError
from ludus.core.rng import Rng

from .components import DIFFICULTIES, FORTS, LANDMARKS, NEUTRAL_CARDS, Cost, Fort
from .state import HadriansWallState


class HadriansWall(Game):
    """Hadrian's Wall (Garphill Games 2021; PL Mur Hadriana, UK Адріанів вал), 1–6 players."""

    info = GameInfo(
        id="hadrians-wall",
        titles={"en": "Hadrian's Wall", "pl": "Mur Hadriana", "uk": "Адріанів вал"},
        min_players=1,
        max_players=6,
        cooperative=False,
        hidden_information=True,
        simultaneous=True,
        default_players=1,
        options=(
            OptionSpec("difficulty", "easy", "Pict attack strength (cards per Year)", choices=DIFFICULTIES),
            OptionSpec("campaign_fort", 0, "Solo Campaign fort 1–16 (0 = no campaign)", minimum=0, maximum=16),
            OptionSpec("campaign_reward", False, "the previous fort's Challenge was met: take its Setup Reward"),
            OptionSpec("final_pass", False, "items received after ending the Year cannot be used (asynchronous play)"),
            OptionSpec(
                "resource_passing", True,
                "neighbour purchases pay the neighbour (off: the unofficial variant adding attack cards instead)",
            ),
        ),
        summary="Flip-and-write: build a fort on Hadrian's Wall over 6 Years and hold off the Picts.",
    )

    def validate_options(self) -> None:
        """Derive the rule switches from the options (Solo Campaign fort rules)."""
        number = int(self.options["campaign_fort"])
        if number and self.players != 1:
            raise OptionError("campaign_fort is a solo option: play it with players=1")
        if self.options["campaign_reward"] and number < 2:
            raise OptionError("campaign_reward needs campaign_fort 2–16 (the reward comes from the previous fort)")
        fort: Fort | None = FORTS[number - 1] if number else None
        rules: dict[str, Any] = fort.rules if fort else {}
        self.fort = fort
        self.difficulty = str(self.options["difficulty"])
        self.neutral_per_year: int = int(rules.get("neutral_cards", NEUTRAL_CARDS.get(self.players, 0)))
        self.building_extra: int = int(rules.get("building_extra_resource", 0))
        banned: set[str] = set()
        if rules.get("no_theatre_ludus"):
            banned |= {"theatre", "ludus"}
        if rules.get("no_landmarks"):
            banned |= set(LANDMARKS)
        if rules.get("no_large_granary"):
            banned.add("large_granary")
        self.banned: frozenset[str] = frozenset(banned)
        self.no_diplomats: bool = bool(rules.get("no_diplomats", False))
        self.wall_from_year: int = int(rules.get("no_wall_cippi_before_year", 1))
        self.year1_soldiers: int = int(rules.get("year1_fate_soldiers", 0))
        self.mining_servants: int = int(rules.get("mining_servants", 1))
        self.extra_attack_cards: int = int(rules.get("extra_attack_cards", 0))
        self.setup_reward: Cost | None = (
            FORTS[number - 2].reward if number >= 2 and self.options["campaign_reward"] else None
        )
        self.final_pass: bool = bool(self.options["final_pass"])
        self.resource_passing: bool = bool(self.options["resource_passing"])
        from .rules import building_rows
        from .table import ActionTable

        self.tables: tuple[ActionTable, ...] = tuple(ActionTable(p, self.players) for p in range(self.players))
        self.build_rows = building_rows(self)
        self.build_rows_no_builder = tuple(row for row in self.build_rows if not row[4][1])

    def new_state(self, seed: int = 0) -> HadriansWallState:
        """Shuffle the Fate deck and every Player deck, and start Year 1."""
        from .rules import setup

        state = HadriansWallState(self, seed)
        setup(state)
        return state

    def state_from_json(self, data: Mapping[str, Any]) -> HadriansWallState:
        """Rebuild a state from :meth:`HadriansWallState.to_json`.

        Raises :class:`LudusError` naming the problem when ``data`` is not such a state.
        """
        try:
            state = HadriansWallState.from_json(self, dict(data))
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise LudusError(f"not a Hadrian's Wall state: {exc!r}") from None
        if len(state.boards) != self.players:
            raise LudusError(f"the state has {len(state.boards)} boards for {self.players} players")
        return state

    def parse_action(self, state: State, text: str) -> Action:
        """Parse notation (map cells of a ``place`` may be given in any order)."""
        from .notation import canonical

        return canonical(super().parse_action(state, text))

    def render(self, view: Mapping[str, Any], player: int | None) -> str:
        """Both sheets, the supply and the Prospect cards as plain text."""
        from .render import render

        return render(view, player)

    def describe(self, state: State, action: Action) -> str:
        """A readable label for ``action``."""
        from .render import describe

        return describe(action)

    def evaluate(self, state: State, player: int) -> float:
        """Heuristic value of ``state`` for ``player`` (see heuristic.py)."""
        from .heuristic import evaluate

        return evaluate(state, player)  # type: ignore[arg-type]

    def greedy_action(self, state: State, player: int, rng: Rng) -> Action | None:
        """The greedy bot's action (see heuristic.py)."""
        from .heuristic import greedy_action

        return greedy_action(state, player, rng)  # type: ignore[arg-type]
