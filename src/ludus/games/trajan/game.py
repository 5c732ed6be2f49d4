"""The Trajan :class:`~ludus.core.api.Game`: options, set-up, parsing, rendering hooks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludus.core.actions import Action
from ludus.core.api import Game, GameInfo, OptionSpec, State
from ludus.core.rng import Rng
from ludus.games.trajan.components import LAP_DEFAULTS
from ludus.games.trajan.state import TrajanState

OPTIONS = (
    OptionSpec(
        "lap_2p", LAP_DEFAULTS[2],
        "time-track lap length with 2 players (UNCONFIRMED; reference default 11, alternative 12)",
        minimum=4, maximum=40,
    ),
    OptionSpec(
        "lap_3p", LAP_DEFAULTS[3],
        "time-track lap length with 3 players (UNCONFIRMED; reference default 16, alternative 17)",
        minimum=4, maximum=40,
    ),
    OptionSpec(
        "lap_4p", LAP_DEFAULTS[4],
        "time-track lap length with 4 players (UNCONFIRMED; reference default 21, alternative 22)",
        minimum=4, maximum=40,
    ),
    OptionSpec(
        "pregame_trajan", "free",
        "pre-game Trajan tiles: any tile of a stack (free) or only the top tile (top)",
        choices=("free", "top"),
    ),
    OptionSpec(
        "starting_markers", "choice",
        "starting action markers: chosen (pairs may match), dealt at random, or chosen with "
        "two different colours per tray",
        choices=("choice", "random", "different"),
    ),
    OptionSpec("trajan_face_up", True, "the top tile of each Trajan stack is face up"),
    OptionSpec("demand_joker_bonus", False, "variant: a demand joker counts for bonus tiles B10-B12"),
    OptionSpec("reshuffle", True, "shuffle the discard piles (except their top cards) when the draw pile runs out"),
    OptionSpec(
        "remove_province_senate_tiles", False,
        "at quarter end also remove senate tiles still lying on provinces",
    ),
    OptionSpec(
        "final_tiebreak", "final_reset",
        "final tie-break: senate stack after the last reset (final_reset) or senate track "
        "position before it (track)",
        choices=("final_reset", "track"),
    ),
    OptionSpec("edition", 2, "2: 1 VP per Trajan tile left on the action circle; 1: first edition", choices=(2, 1)),
)


class TrajanGame(Game):
    """Trajan (Stefan Feld, Ammonit 2011), 2nd edition, 2-4 players."""

    info = GameInfo(
        id="trajan",
        titles={"en": "Trajan", "hu": "Traianus", "de": "Trajan"},
        min_players=2,
        max_players=4,
        cooperative=False,
        hidden_information=True,
        simultaneous=False,
        options=OPTIONS,
        default_players=2,
        summary="Sow action markers on a mancala circle to rule Rome over four quarters of a year.",
    )

    @property
    def lap(self) -> int:
        """The time-track lap length for this player count."""
        return int(self.options[f"lap_{self.players}p"])

    def new_state(self, seed: int = 0) -> TrajanState:
        """Set up a new game: board, tiles, cards, then the setup decisions."""
        from ludus.games.trajan.rules import setup

        return setup(self, Rng(seed))

    def state_from_json(self, data: Mapping[str, Any]) -> TrajanState:
        """Rebuild a state from :meth:`TrajanState.to_json` data."""
        return TrajanState.from_json(self, data)

    def render(self, view: Mapping[str, Any], player: int | None) -> str:
        """Plain-text board for a terminal."""
        from ludus.games.trajan.render import render

        return render(view, player)

    def evaluate(self, state: State, player: int) -> float:
        """Heuristic value of ``state`` for ``player``."""
        from ludus.games.trajan.heuristic import evaluate

        assert isinstance(state, TrajanState)
        return evaluate(state, player)

    def greedy_action(self, state: State, player: int, rng: Rng) -> Action | None:
        """The greedy bot's choice during sub-decisions where one ply says little."""
        from ludus.games.trajan.heuristic import greedy_action

        assert isinstance(state, TrajanState)
        return greedy_action(state, player, rng)

    def describe(self, state: State, action: Action) -> str:
        """A readable label for ``action``."""
        from ludus.games.trajan.notation import describe

        return describe(action)
