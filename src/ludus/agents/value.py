"""A learned value: a linear model of a seat's observation, trained from self-play records.

A search values the position where it stops a simulation with the game's hand-written heuristic
(:meth:`~ludus.core.game.Game.evaluate_all`). A learned value is fitted to what positions were
actually worth: ``scripts/train_value.py`` plays greedy self-play games (with some random moves for
variety), takes each seat's observation (:meth:`~ludus.core.game.Game.observe` of its
``view(seat)``, what that seat knows) at positions along the way, and fits by ridge regression the
value the game ended with for that seat: its returns with the weight :data:`MARGIN` given to its
score margin (:func:`~ludus.agents.rollout.margin_value`, the value the ``expert`` search gives a
finished simulation). It keeps the model only if it predicts the end better than the heuristic on
games it was not fitted on, and stores the blend of the two that predicted best.

The model ships as a small JSON file per game and table size in ``ludus/agents/values/``, read
without numpy: a value is ``tanh(bias + weights · observation)``.

>>> import ludus
>>> value = LearnedValue.for_game(ludus.load("glory-to-rome", 2))
>>> value is not None and -1.0 <= value.value(ludus.load("glory-to-rome", 2).new_state(1), 0) <= 1.0
True
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources
from operator import mul
from typing import Any

from mypy_extensions import mypyc_attr

from ludus.core.api import Game, State

__all__ = ["MARGIN", "LearnedValue", "value_path"]

MARGIN = 0.4
"""The weight of the score margin in the value a model is fitted to (the ``expert`` level's)."""


def value_path(game_id: str, players: int) -> str:
    """The file name of the model of ``game_id`` at ``players`` seats, in ``ludus/agents/values``."""
    return f"{game_id}-{players}p.json"


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True, slots=True)
class LearnedValue:
    """A linear value of a seat's observation: ``tanh(bias + weights · observe(view(seat), seat))``.

    ``blend`` is the weight the search gives it beside the game's heuristic (0 to 1), the one that
    predicted the end of held-out games best when it was trained; ``about`` records how.
    """

    game: str
    players: int
    weights: tuple[float, ...]
    bias: float
    blend: float
    about: dict[str, Any]

    @staticmethod
    def from_json(data: dict[str, Any]) -> LearnedValue:
        """The model saved by ``scripts/train_value.py``."""
        return LearnedValue(str(data["game"]), int(data["players"]), tuple(map(float, data["weights"])),
                            float(data["bias"]), float(data["blend"]), dict(data.get("about", {})))

    def to_json(self) -> dict[str, Any]:
        """The JSON form (rounded weights keep the file small)."""
        return {"game": self.game, "players": self.players, "bias": round(self.bias, 6),
                "blend": self.blend, "about": self.about, "weights": [round(w, 6) for w in self.weights]}

    @staticmethod
    def for_game(game: Game[Any]) -> LearnedValue | None:
        """The model shipped for ``game`` at its table size, or ``None`` when there is none."""
        return _shipped(game.info.id, game.players)

    def raw(self, features: list[float]) -> float:
        """The model's value of one observation, in [-1, 1]."""
        if len(features) != len(self.weights):
            raise ValueError(f"the model takes {len(self.weights)} features, got {len(features)}")
        return math.tanh(self.bias + sum(map(mul, self.weights, features)))

    def value(self, state: State, seat: int) -> float:
        """The model's value of ``state`` for ``seat``, from what ``seat`` sees of it."""
        game = state.game
        return self.raw(game.observe(state.view(seat), seat))

    def leaf(self, state: State, seat: int, heuristic: float) -> float:
        """The search's value of an unfinished position: the heuristic and the model, blended."""
        if self.blend <= 0.0:
            return heuristic
        return (1.0 - self.blend) * heuristic + self.blend * self.value(state, seat)


@cache
def _shipped(game_id: str, players: int) -> LearnedValue | None:
    place = resources.files("ludus.agents").joinpath("values", value_path(game_id, players))
    if not place.is_file():
        return None
    return LearnedValue.from_json(json.loads(place.read_text(encoding="utf-8")))
