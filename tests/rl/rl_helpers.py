"""The games and player counts the research-interface tests run on.

Every game with a fixed action numbering is tested at its smallest player count, at 2
and at its largest: the two fixture games now (``fixture-draw``: out-of-turn actions;
``fixture-pledge``: simultaneous and co-operative), and each of the four games as soon as
it declares its actions (until then its cases are skipped, naming the game).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import ludus
from fixtures.fixture_games import RL_FIXTURES
from ludus.rl.table import Turns

GAMES = ("glory-to-rome", "trajan", "fall-of-rome", "hadrians-wall")
FIXTURES = tuple(cls.info.id for cls in RL_FIXTURES)
SHORT = 120
"""Actions after which the suites' games are truncated (the four games run for thousands)."""


def player_counts(game_id: str) -> list[int]:
    """Every player count of one of the four games (the issue: "every game and its player
    counts"); the smallest, 2 and the largest of a fixture game."""
    if game_id in FIXTURES:
        info = next(cls.info for cls in RL_FIXTURES if cls.info.id == game_id)
        return sorted({info.min_players, max(info.min_players, min(2, info.max_players)), info.max_players})
    info = ludus.load(game_id).info
    return list(range(info.min_players, info.max_players + 1))


CASES = [pytest.param(g, n, id=f"{g}-{n}p") for g in FIXTURES + GAMES for n in player_counts(g)]
"""(game id, players) for every game the wrappers are tested on."""


def require_space(game_id: str, players: int) -> None:
    """Skip a case whose game has no fixed action numbering yet."""
    if ludus.load(game_id, players=players).num_distinct_actions == 0:
        pytest.skip(f"{game_id} declares no action kinds yet (no fixed action numbering)")


def random_walk(turns: Turns, seed: int, limit: int = SHORT) -> Iterator[Turns]:
    """Yield ``turns`` before each of up to ``limit`` random numbers from its masks, played in turn."""
    rng = random.Random(seed)
    for _ in range(limit):
        seat = turns.seat
        if seat is None:
            return
        yield turns
        turns.play(rng.choice(turns.legal_ids(seat)))
