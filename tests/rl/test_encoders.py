"""The fast observation paths give exactly ``observe(view(seat), seat)``, on thousands of positions.

:func:`ludus.rl.table.observation` (every wrapper and :class:`~ludus.rl.batch.BatchEnv` read seats
through it) writes into a float32 buffer, through a game's encoder that reads the state directly
when it has one (Trajan's ``observe_state``) or its ``observe_into`` from the view. Either must
be the very floats of ``numpy.asarray(game.observe(state.view(seat), seat), float32)``: checked
here for every seat and the spectator, at every player count, on random positions spread over
whole games (``tests/rl/test_indistinguishable.py`` checks the same path on twin positions).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import ludus
from ludus.core.errors import LudusError
from ludus.core.spaces import observe_into, observe_state_into
from ludus.rl.table import observation
from rl.rl_helpers import GAMES, player_counts

POSITIONS = {"trajan": 2000}
"""Positions checked per game and player count (each for every seat and the spectator): thousands for a
game with an encoder that reads the state (half with Trajan's stacks face down), fewer for those whose
fast path is their ``observe`` code itself, writing into the buffer."""
OTHERS = 300
CASES = [pytest.param(g, n, id=f"{g}-{n}p") for g in GAMES for n in player_counts(g)]


def positions(game: object, seed: int, count: int) -> list[object]:
    """``count`` positions of random games, sampled along them (from the start to the late game)."""
    rng = random.Random(seed)
    out: list[object] = []
    game_seed = seed * 100
    while len(out) < count:
        state = game.new_state(game_seed)  # type: ignore[attr-defined]
        game_seed += 1
        stride = rng.randrange(1, 6)
        for step in range(3000):
            if state.is_terminal() or len(out) >= count:
                break
            if step % stride == 0:
                out.append(state.clone())
            movers = state.to_move()
            seat = movers[rng.randrange(len(movers))]
            legal = state.legal_actions(seat)
            state.apply(legal[rng.randrange(len(legal))])
    return out


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_the_fast_observation_is_observe_of_the_view_on_every_seat(game_id: str, players: int) -> None:
    options = [{}, {"trajan_face_up": False}] if game_id == "trajan" else [{}]
    count = POSITIONS.get(game_id, OTHERS)
    for option in options:
        game = ludus.load(game_id, players=players, **option)
        assert (game.encoder is not None) == (game_id == "trajan")  # the path under test is the encoder's
        layout = game.observation_layout
        buf = np.full(layout.size, 7.0, dtype=np.float32)  # stale floats must be overwritten
        seen: set[bytes] = set()
        for state in positions(game, players, count // len(options)):
            for seat in [None, *range(players)]:
                expected = np.asarray(game.observe(state.view(seat), seat), dtype=np.float32)
                assert np.array_equal(observation(game, state, seat, out=buf), expected), (seat, option)
                assert np.array_equal(observation(game, state, seat), expected)
                seen.add(expected.tobytes())
        assert len(seen) > count // 4 // len(options)  # the positions differ: the games moved on


@pytest.mark.parametrize("game_id", GAMES)
def test_observe_into_a_buffer_is_the_list_observe(game_id: str) -> None:
    game = ludus.load(game_id, players=2)
    layout = game.observation_layout
    rows = np.full((3, layout.size), -1.0, dtype=np.float32)
    for state in positions(game, 5, 40):
        view = state.view(1)  # type: ignore[attr-defined]
        observe_into(game.spaces, rows[1], view, 1, layout)
        assert np.array_equal(rows[1], np.asarray(game.observe(view, 1), dtype=np.float32))
    assert (rows[0] == -1.0).all() and (rows[2] == -1.0).all()  # a row is written, never its neighbours


def test_a_wrong_buffer_or_seat_is_refused() -> None:
    game = ludus.load("trajan", players=2)
    state = game.new_state(1)
    with pytest.raises(ValueError, match="holds 3 floats"):
        observe_state_into(game.spaces, np.zeros(3, dtype=np.float32), state, 0, game.observation_layout,
                           game.encoder)
    with pytest.raises(LudusError):
        observation(game, state, 2)
    with pytest.raises(LudusError):
        observation(game, state, -1)
