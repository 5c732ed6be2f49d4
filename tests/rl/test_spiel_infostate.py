"""The OpenSpiel adapter's information-state tensors, seeds, resampled states and bounds (issue 37)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python import observation as spiel_observation
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import tabular_qlearner

import ludus
from fixtures.fixture_games import DrawGame
from ludus.core import registry
from ludus.core.api import GameInfo
from ludus.core.info import Outcome, returns_of
from ludus.rl.infostate import InfoStateLayout
from ludus.rl.openspiel import DEAL_BITS, DEAL_NODES, LudusSpielState, register, short_name, utility_bounds
from ludus.rl.table import observation
from rl.rl_helpers import FIXTURES, GAMES, player_counts, require_space
from rl.test_indistinguishable import twin_of

EXTREMES = [pytest.param(g, n, id=f"{g}-{n}p") for g in FIXTURES + GAMES
            for n in sorted({min(player_counts(g)), max(player_counts(g))})]
"""Every game at its smallest and its largest player count."""
STEPS = 30
"""Random actions into a game before a check."""


def load(game_id: str, players: int, **params: object) -> Any:
    register()
    return pyspiel.load_game(short_name(game_id), {"players": players, **params})


def walk(game: Any, seed: int, steps: int = STEPS) -> LudusSpielState:
    """A game dealt with ``seed`` and played ``steps`` random actions (fewer if it ends)."""
    rng = random.Random(seed)
    state: LudusSpielState = game.dealt_state(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("game_id", "players"), EXTREMES)
def test_the_information_state_tensor_has_its_declared_layout(game_id: str, players: int) -> None:
    require_space(game_id, players)
    game = load(game_id, players, max_actions=80)
    assert game.get_type().provides_information_state_tensor
    layout = InfoStateLayout(game.ludus, game.num_distinct_actions(), recall=2)
    assert game.information_state_tensor_shape() == [layout.size]
    assert game.information_state_tensor_size() == layout.size
    state = walk(game, seed=players)
    seat = 0
    tensor = np.asarray(state.information_state_tensor(seat), dtype=np.float32)
    size = game.ludus.observation_layout.size
    assert np.array_equal(tensor[:size], observation(game.ludus, state.turns.state, seat))
    record = state.records(seat)
    counts = tensor[layout.layout["own_action_counts"].start:][:game.num_distinct_actions()]
    assert np.array_equal(counts, np.bincount(record.actions, minlength=len(counts)))
    assert tensor[layout.layout["own_decisions"].start] == len(record.actions)
    recent = layout.layout["recent_actions"]
    if record.actions:  # the latest action is the first one-hot; the observation before it follows
        assert tensor[recent.start + record.actions[-1]] == 1.0
        before = layout.layout["recent_observations"].start
        assert np.array_equal(tensor[before:before + size], record.seen[0])
    assert tensor[recent.start:recent.stop].sum() == min(2, len(record.actions))
    named = spiel_observation.make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    named.set_from(state, seat)
    assert np.array_equal(named.tensor, tensor)
    assert np.array_equal(named.dict["own_action_counts"], counts)


@pytest.mark.parametrize(("game_id", "players"), EXTREMES)
def test_twin_positions_give_a_seat_the_same_information_state_tensor(game_id: str, players: int) -> None:
    """Twin states (``determinize`` from the seat: what it cannot see re-dealt) with the seat's own
    record, and the states ``resample_from_infostate`` gives, show the seat the same tensor."""
    require_space(game_id, players)
    game = load(game_id, players, max_actions=200)
    state = game.dealt_state(11)
    rng = random.Random(12)
    sampler = pyspiel.UniformProbabilitySampler(13, 0.0, 1.0)
    checked = differed = 0
    for step in range(60):
        if state.is_terminal():
            break
        seat = state.current_player()
        if step % 6 == 0:
            twin = game.new_initial_state()
            twin._turns_or_none = twin_of(state.turns, seat, seed=step)
            twin._records = [r.copy() for r in state._records]
            differed += twin.turns.state.digest() != state.turns.state.digest()
            mine = state.information_state_tensor(seat)
            assert twin.information_state_tensor(seat) == mine
            resampled = state.resample_from_infostate(seat, sampler)
            assert resampled.information_state_tensor(seat) == mine
            assert resampled.information_state_string(seat) == state.information_state_string(seat)
            checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked and (differed or not game.ludus.info.hidden_information)


def test_another_seats_secret_choice_leaves_the_tensor_unchanged() -> None:
    """Seat 0 pledges one card or another in secret: seat 1's information state is the same."""
    game = load("fixture-pledge", 2)
    worlds = []
    for choice in (0, -1):
        state = game.dealt_state(3)
        state.apply_action(state.legal_actions()[choice])
        worlds.append(state)
    first, second = worlds
    assert first.information_state_tensor(0) != second.information_state_tensor(0)
    assert first.information_state_tensor(1) == second.information_state_tensor(1)


class NoObservationGame(DrawGame):
    """The fixture game without an observation layout."""

    info = GameInfo(id="fixture-no-observation", titles={"en": "Fixture: no observation"}, min_players=1,
                    max_players=3, options=DrawGame.info.options, default_players=2)

    def observation_parts(self) -> list[tuple[str, int, str]]:
        return []

    def observe(self, view: Mapping[str, Any], player: int | None) -> list[float]:
        return []


def test_a_game_without_an_observation_says_it_has_no_information_state_tensor() -> None:
    registry.register(NoObservationGame)
    try:
        with pytest.raises(ValueError, match="no information-state tensor"):
            InfoStateLayout(ludus.load("fixture-no-observation", 2), actions=14, recall=1)
        register()
        game = pyspiel.load_game("ludus_fixture_no_observation", {"players": 2})
        assert not game.get_type().provides_information_state_tensor
        state = game.dealt_state(1)
        assert state.information_state_string(0)  # the string is still there
        with pytest.raises(Exception, match="no information-state tensor"):
            state.information_state_tensor(0)
    finally:
        registry.unregister("fixture-no-observation")


@pytest.mark.parametrize(("game_id", "players"), EXTREMES)
def test_resampled_states_keep_the_history_length_and_move_number(game_id: str, players: int) -> None:
    require_space(game_id, players)
    game = load(game_id, players, max_actions=80)
    state = walk(game, seed=5)
    seat = 0
    other = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
    assert other.move_number() == state.move_number() == len(state.history())
    assert len(other.history()) == len(state.history())
    for real, seen in zip(state.full_history(), other.full_history()):
        assert seen.player == real.player
        assert seen.action == (real.action if real.player == seat else pyspiel.INVALID_ACTION)
    assert other.current_player() == state.current_player()
    copy = other.clone()  # OpenSpiel's clone copies the history and the Python attributes
    assert copy.history() == other.history() and copy.move_number() == other.move_number()
    assert copy.information_state_tensor(seat) == state.information_state_tensor(seat)
    back = game.deserialize_state(other.serialize())
    assert back.history() == other.history()
    assert back.information_state_string(seat) == state.information_state_string(seat)


def test_any_63_bit_seed_is_dealt_and_resets_see_distinct_deals() -> None:
    game = load("trajan", 2)
    assert game.max_chance_outcomes() == 2**DEAL_BITS
    assert game.max_history_length() == game.max_game_length() + DEAL_NODES
    for seed in (0, 1, 2**40 + 7, 2**63 - 1):
        state = game.dealt_state(seed)
        assert state.seed == seed and state.move_number() == DEAL_NODES
        assert state.turns.state.digest() == game.ludus.new_state(seed).digest()
    with pytest.raises(ValueError):
        game.deal_actions(2**63)
    rng = np.random.RandomState(0)
    seeds = set()
    for _ in range(300):  # resets as OpenSpiel's tools do them: sampling each chance node
        state = game.new_initial_state()
        while state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        seeds.add(state.seed)
    assert len(seeds) == 300 and max(seeds) >= 2**60


def test_a_small_number_of_deals_is_one_chance_node() -> None:
    game = load("fixture-draw", 2, deals=16)
    assert game.max_chance_outcomes() == 16 and game.max_chance_nodes_in_history() == 1
    state = game.new_initial_state()
    assert len(state.chance_outcomes()) == 16
    state.apply_action(9)
    assert state.seed == 9 and not state.is_chance_node()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_utility_bounds_are_the_extremes_of_every_ranking(players: int) -> None:
    """Every ranking ``rank_by`` can give (places of all weak orders of the seats), zero-summed."""
    values = []
    for order in itertools.product(range(players), repeat=players):  # each seat's key: ties included
        ranking = tuple(1 + sum(1 for other in order if other > mine) for mine in order)
        returns = returns_of(Outcome((0.0,) * players, ranking, (), "end"))
        mean = sum(returns) / players
        values += [r - mean for r in returns]
    low, high = utility_bounds(ludus.load("hadrians-wall", players))
    assert (min(values), max(values)) == pytest.approx((low, high))


def test_bounds_per_kind_of_game() -> None:
    assert utility_bounds(ludus.load("fall-of-rome", 1)) == (-1.0, 1.0)  # co-operative
    assert utility_bounds(ludus.load("hadrians-wall", 1)) == (-1.0, 1.0)  # solo: the score, tanh
    assert utility_bounds(ludus.load("hadrians-wall", 1, campaign_fort=1)) == (0.0, 1.0)  # goal met or not
    assert utility_bounds(ludus.load("hadrians-wall", 6)) == (-5 / 3, 1.0)
    game = load("fixture-draw", 3, reactions=True, max_actions=10)
    assert game.max_game_length() == 30  # 10 actions, each after up to 2 declines
    assert load("fixture-draw", 3, max_actions=10).max_game_length() == 10


@pytest.mark.parametrize(("game_id", "players", "cap"),
                         [("fixture-draw", 3, 40), ("fall-of-rome", 2, 40), ("hadrians-wall", 1, 0)])
def test_games_stay_within_the_declared_length_and_utilities(game_id: str, players: int, cap: int) -> None:
    """Truncated with reaction windows, or (Hadrian's Wall solo, scored) played to the end."""
    require_space(game_id, players)
    game = load(game_id, players, reactions=True, max_actions=cap)
    for seed in range(3):
        state = walk(game, seed, steps=100_000)
        assert state.is_terminal() and (cap or state.turns.terminal)
        assert len(state.history()) - DEAL_NODES <= game.max_game_length()
        assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())


def test_openspiels_rl_environment_learns_from_the_information_state_tensor() -> None:
    """OpenSpiel's RL environment hands its agents the information-state tensor; its tabular
    Q-learner (numpy) plays a few episodes on it."""
    game = load("fixture-draw", 2, max_actions=30)
    env = rl_environment.Environment(game, observation_type=rl_environment.ObservationType.INFORMATION_STATE,
                                     seed=3)
    agents = [tabular_qlearner.QLearner(player_id=p, num_actions=game.num_distinct_actions())
              for p in range(2)]
    for _ in range(5):
        step = env.reset()
        assert len(step.observations["info_state"][0]) == game.information_state_tensor_size()
        while not step.last():
            seat = step.observations["current_player"]
            step = env.step([agents[seat].step(step).action])
        for agent in agents:
            agent.step(step)
    assert any(agent._q_values for agent in agents)


def test_the_observation_kept_for_a_seat_is_never_stale() -> None:
    """The adapter computes a seat's observation once a position (for the tensor and the record);
    a position changed behind its back (a rollout playing on ``turns``) is observed anew."""
    game = load("trajan", 2)
    state = walk(game, seed=2, steps=5)
    seat = state.current_player()
    assert state.observation_tensor(seat) == observation(game.ludus, state.turns.state, seat).tolist()
    turns = state.turns
    turns.play(turns.legal_ids(seat)[0])
    assert state.observation_tensor(seat) == observation(game.ludus, turns.state, seat).tolist()
    assert state.clone()._seen == {}  # a clone starts without them
