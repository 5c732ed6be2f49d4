"""Through each wrapper, a seat sees the same on two states that differ only in what it cannot see."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

import ludus
from ludus.rl.gymnasium import LudusEnv
from ludus.rl.openspiel import register, short_name
from ludus.rl.pettingzoo import raw_env
from ludus.rl.table import Turns
from rl.rl_helpers import CASES, random_walk, require_space


def twin_of(turns: Turns, seat: int, seed: int) -> Turns:
    """The same turn order on ``determinize(seat, seed)``: a state ``seat`` cannot tell from this one."""
    twin = turns.clone()
    twin.state = turns.state.determinize(seat, seed)
    return twin


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_every_wrapper_shows_a_seat_the_same_on_states_it_cannot_tell_apart(game_id: str,
                                                                            players: int) -> None:
    require_space(game_id, players)
    game = ludus.load(game_id, players=players)
    register()
    spiel = pyspiel.load_game(short_name(game_id), {"players": players})
    zoo, zoo_twin = raw_env(game_id, players), raw_env(game_id, players)
    zoo.reset(seed=1)
    zoo_twin.reset(seed=1)
    gym, gym_twin = LudusEnv(game_id, players, seat=0), LudusEnv(game_id, players, seat=0)
    checked = differed = 0
    for step, turns in enumerate(random_walk(Turns(game, game.new_state(seed=8)), seed=9, limit=60)):
        if step % 6:
            continue
        seat = turns.seat
        assert seat is not None
        twin = twin_of(turns, seat, seed=step)
        differed += twin.state.digest() != turns.state.digest()
        # PettingZoo: observation and mask
        zoo.turns, zoo_twin.turns = turns, twin
        agent = f"seat_{seat}"
        ours, theirs = zoo.observe(agent), zoo_twin.observe(agent)
        assert np.array_equal(ours["observation"], theirs["observation"])
        assert np.array_equal(ours["action_mask"], theirs["action_mask"])
        # OpenSpiel: observation tensor, information state, legal actions
        a, b = spiel.new_initial_state(), spiel.new_initial_state()
        a._turns_or_none, b._turns_or_none = turns, twin
        assert a.observation_tensor(seat) == b.observation_tensor(seat)
        assert a.information_state_string(seat) == b.information_state_string(seat)
        assert a.legal_actions(seat) == b.legal_actions(seat)
        # Gymnasium, learner at seat 0
        gym.turns, gym_twin.turns = turns, twin_of(turns, 0, seed=step)
        assert np.array_equal(gym._observation(), gym_twin._observation())
        assert np.array_equal(gym.action_masks(), gym_twin.action_masks())
        checked += 1
    assert checked and (differed or not game.info.hidden_information)  # the hidden parts were re-dealt
