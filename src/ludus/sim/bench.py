"""``ludus bench``: random full games per second, actions per second, clones per second."""

from __future__ import annotations

import math
import time
from dataclasses import asdict, dataclass
from typing import Any

from ludus.core.api import State
from ludus.core.errors import N_, OptionError
from ludus.core.registry import load
from ludus.core.rng import Rng

MAX_SECONDS = 3600.0
"""The longest benchmark of one game at one player count."""


@dataclass(slots=True)
class BenchResult:
    """Throughput of one game at one player count, on one core."""

    game: str
    players: int
    games: int
    actions: int
    games_per_s: float
    actions_per_s: float
    clones_per_s: float

    def to_json(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return asdict(self)


def bench(game_id: str, players: int, seconds: float = 2.0, seed: int = 0, **options: Any) -> BenchResult:
    """Play random games of ``game_id`` for about ``seconds`` (at least one game).

    Random play takes the first seat to move and a uniform legal action of it; a game
    still going after ``game.action_cap`` actions is cut there.
    Clones are then timed on states sampled along the games. Times are the
    process's CPU time (``time.process_time``), so the figures are per core and
    do not drop when other programs share the machine.
    """
    if not (isinstance(seconds, (int, float)) and math.isfinite(seconds) and 0 < seconds <= MAX_SECONDS):
        raise OptionError(N_("bench seconds must be a positive number of at most {most}, got {seconds!r}"),
                          most=f"{MAX_SECONDS:g}", seconds=seconds)
    game = load(game_id, players, **options)
    rng = Rng(seed)
    samples: list[State] = []
    games = actions = 0
    start = time.process_time()
    deadline = start + seconds * 0.8
    cap = game.action_cap  # a game that never ends (a broken plug-in) must not hang the bench
    while games == 0 or time.process_time() < deadline:
        state = game.new_state(seed + games)
        steps = 0
        while not state.is_terminal() and steps < cap:
            steps += 1
            player = state.to_move()[0]
            legal = state.legal_actions(player)
            state.apply(legal[rng.randbelow(len(legal))])
            actions += 1
            if actions % 97 == 0 and len(samples) < 200:
                samples.append(state.clone())
        games += 1
    play_time = time.process_time() - start
    if not samples:
        samples.append(game.new_state(seed))
    clones = 0
    start = time.process_time()
    deadline = start + max(seconds * 0.2, 0.05)
    while time.process_time() < deadline:
        for s in samples:
            s.clone()
        clones += len(samples)
    clone_time = time.process_time() - start
    return BenchResult(
        game_id, game.players, games, actions, games / play_time, actions / play_time, clones / clone_time
    )
