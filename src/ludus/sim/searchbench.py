"""``ludus bench --search``: what a search bot costs, on mid-game states, on one core.

Determinizations per second, ``evaluate_all`` calls per second, and ISMCTS iterations
per second (issue 18's targets: ≥ 20,000 determinizations and ≥ 5,000 iterations a
second). The states are taken halfway through seeded games between greedy bots, so
they are the positions a bot actually meets.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from ludus.agents import make_agent, play_game
from ludus.core.api import State
from ludus.core.errors import N_, OptionError
from ludus.core.registry import load

MAX_SECONDS = 3600.0
"""The longest search benchmark of one game at one player count."""


@dataclass(slots=True)
class SearchBenchResult:
    """Search throughput of one game at one player count, on one core."""

    game: str
    players: int
    states: int
    determinize_per_s: float
    evaluate_all_per_s: float
    iterations_per_s: float

    def to_json(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return asdict(self)


def mid_game_states(game_id: str, players: int, count: int = 8, seed: int = 0, **options: Any) -> list[State]:
    """``count`` states halfway through seeded games between greedy bots (the seat to move at
    each is ``state.to_move()[0]``)."""
    game = load(game_id, players, **options)
    states: list[State] = []
    for i in range(count):
        _, record = play_game(game.new_state(seed + i),
                              [make_agent("greedy", seed + i + p) for p in range(players)], seed=seed + i)
        half = len(record.actions) // 2
        state = game.new_state(seed + i)
        for text in record.actions[:half]:
            state.apply(game.parse_action(state, text))
        states.append(state)
    return states


def _rate(seconds: float, step: Callable[[], int]) -> float:
    """Calls of ``step()`` (each returning how many it did) per CPU second, for about ``seconds``."""
    done = 0
    start = time.process_time()
    while True:
        done += step()
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return done / elapsed


def search_bench(game_id: str, players: int, seconds: float = 3.0, seed: int = 0,
                 **options: Any) -> SearchBenchResult:
    """Measure determinizations, ``evaluate_all`` calls and ISMCTS iterations per second.

    The time is split evenly between the three, over the same :func:`mid_game_states`.
    Times are CPU time (``time.process_time``) of this process: one core.
    """
    if not (isinstance(seconds, (int, float)) and math.isfinite(seconds) and 0 < seconds <= MAX_SECONDS):
        raise OptionError(N_("bench seconds must be a positive number of at most {most}, got {seconds!r}"),
                          most=f"{MAX_SECONDS:g}", seconds=seconds)
    states = [s for s in mid_game_states(game_id, players, seed=seed, **options) if not s.is_terminal()]
    game = states[0].game
    part = seconds / 3
    seeds = iter(range(1 << 62))

    def determinize() -> int:
        for s in states:
            s.determinize(s.to_move()[0], next(seeds))
        return len(states)

    def evaluate() -> int:
        for s in states:
            game.evaluate_all(s)
        return len(states)

    from ludus.agents.ismcts import Ismcts

    def iterations() -> int:
        done = 0
        for s in states:
            search = Ismcts(seed=next(seeds), iterations=200)
            search.act(s, s.to_move()[0])
            done += search.stats.iterations
        return done

    return SearchBenchResult(game_id, game.players, len(states), _rate(part, determinize),
                             _rate(part, evaluate), _rate(part, iterations))
