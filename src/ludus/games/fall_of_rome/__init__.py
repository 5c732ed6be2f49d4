"""Pandemic: Fall of Rome (Z-Man Games, 2018; Matt Leacock and Paolo Mori).

Cooperative, 1–5 players: defend the Empire against five barbarian tribes by
battle, fortification and alliance. One player plays the solitaire challenge
(three roles, one hand, the treasury); Roma Caput Mundi is an option.

>>> import ludus
>>> game = ludus.load("fall-of-rome", players=2)
>>> state = game.new_state(seed=1)
>>> state.phase
'start'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludus.core.actions import Action
from ludus.core.api import Game, GameInfo, OptionSpec, State
from ludus.core.errors import LudusError, OptionError
from ludus.core.rng import Rng
from ludus.games.fall_of_rome.state import FallOfRomeState


class FallOfRome(Game):
    """Pandemic: Fall of Rome (id ``fall-of-rome``)."""

    info = GameInfo(
        id="fall-of-rome",
        titles={"en": "Pandemic: Fall of Rome", "pl": "Upadek Rzymu"},
        min_players=1,
        max_players=5,
        cooperative=True,
        hidden_information=True,
        simultaneous=False,
        default_players=2,
        summary="Cooperative defence of the late Roman Empire against five barbarian tribes.",
        options=(
            OptionSpec(
                "difficulty",
                "normal",
                "Revolt cards: novice 5, normal 6, heroic 7 (Roma Caput Mundi: 4/5/6, legendary 7)",
                choices=("novice", "normal", "heroic", "legendary"),
            ),
            OptionSpec("roma_caput_mundi", False, "Roma Caput Mundi challenge (no legions or fort in Roma)"),
            OptionSpec("roles", "random", "Roles dealt at random or chosen by the players",
                       choices=("random", "chosen")),
            OptionSpec(
                "first_player",
                "random",
                "First player: random (ruling 1, days to Roma incomplete) or most days on a city card",
                choices=("random", "most_days"),
            ),
            OptionSpec("vestalis_may_return_revolt", True, "Vestalis may put a drawn Revolt back (ruling 6)"),
            OptionSpec(
                "regina_cubes_into_roma",
                False,
                "Roma Caput Mundi: Regina Foederata may lead cubes into Roma (ruling 7; default: no)",
            ),
        ),
    )

    def validate_options(self) -> None:
        """``legendary`` needs Roma Caput Mundi."""
        if self.options["difficulty"] == "legendary" and not self.options["roma_caput_mundi"]:
            raise OptionError("difficulty 'legendary' exists only with roma_caput_mundi=true")

    def new_state(self, seed: int = 0) -> FallOfRomeState:
        """Set up a game (PRZYGOTOWANIE DO GRY) from ``seed``."""
        from ludus.games.fall_of_rome import rules

        return rules.new_game(self, seed)

    def state_from_json(self, data: Mapping[str, Any]) -> FallOfRomeState:
        """Rebuild a state from ``to_json``."""
        return FallOfRomeState.from_json(self, data)

    def render(self, view: Mapping[str, Any], player: int | None) -> str:
        """Plain text: the map as a table, tracks, hands."""
        from ludus.games.fall_of_rome import render

        return render.render(view, player)

    def describe(self, state: State, action: Action) -> str:
        """The action in words."""
        from ludus.games.fall_of_rome import notation

        return notation.describe(action)

    def evaluate(self, state: State, player: int) -> float:
        """The team's heuristic value in [-1, 1]."""
        from ludus.games.fall_of_rome import heuristic

        if not isinstance(state, FallOfRomeState):
            raise LudusError("not a fall-of-rome state")
        return heuristic.evaluate(state, player)

    def greedy_action(self, state: State, player: int, rng: Rng) -> Action | None:
        """The greedy bot's choice (None out of turn)."""
        from ludus.games.fall_of_rome import heuristic

        if not isinstance(state, FallOfRomeState):
            raise LudusError("not a fall-of-rome state")
        return heuristic.greedy_action(state, player, rng)


GAME = FallOfRome
__all__ = ["GAME", "FallOfRome", "FallOfRomeState"]
