"""The learned value (``ludus.agents.value``) and its training script (issue 33)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ludus
from fixtures.scripts import load_script
from ludus.agents import GreedyAgent, Level, make_agent
from ludus.agents.rollout import Rollout
from ludus.agents.value import LearnedValue

SHIPPED = ("glory-to-rome", "trajan", "hadrians-wall")
MODELS = [("glory-to-rome", 2), ("glory-to-rome", 3), ("glory-to-rome", 4), ("trajan", 2), ("trajan", 3),
          ("hadrians-wall", 1), ("hadrians-wall", 2), ("hadrians-wall", 3), ("hadrians-wall", 4)]


@pytest.mark.parametrize(("game_id", "players"), MODELS)
def test_the_shipped_value_loads_from_the_package_and_predicts_better_than_the_heuristic(
        game_id: str, players: int) -> None:
    game = ludus.load(game_id, players)
    value = LearnedValue.for_game(game)
    assert value is not None and (value.game, value.players) == (game_id, players)
    assert len(value.weights) == len(game.observe(game.new_state(1).view(0), 0))
    assert 0.0 < value.blend <= 1.0
    about = value.about
    assert about["holdout_mse_blend"] < about["holdout_mse_heuristic"]  # why the search uses it
    assert about["seed"] >= 1_000_000  # self-play seeds apart from the seeds the bots are measured on


def test_a_table_size_without_a_model_has_none() -> None:
    assert LearnedValue.for_game(ludus.load("glory-to-rome", 5)) is None
    bot = make_agent("expert", 1)
    state = ludus.load("glory-to-rome", 5).new_state(3)
    seat = state.to_move()[0]
    assert bot.act(state, seat) in state.legal_actions(seat)
    assert isinstance(bot, Level) and isinstance(bot.search, Rollout) and bot.search.value is None


def test_the_expert_level_uses_the_shipped_value_where_the_game_says_so() -> None:
    for game_id, used in (("glory-to-rome", True), ("trajan", False)):  # Trajan: it measured weaker
        state = ludus.load(game_id, 2).new_state(3)
        bot = make_agent("expert", 1)
        bot.act(state, state.to_move()[0])
        assert isinstance(bot, Level) and isinstance(bot.search, Rollout)
        assert (bot.search.value is not None) is used


@pytest.mark.parametrize("game_id", SHIPPED)
def test_the_value_reads_only_what_the_seat_sees(game_id: str) -> None:
    game = ludus.load(game_id, 2)
    value = LearnedValue.for_game(game)
    assert value is not None
    state = game.new_state(4)
    greedy = [GreedyAgent(p) for p in range(2)]
    for _ in range(15):
        seat = state.to_move()[0]
        state.apply(greedy[seat].act(state, seat))
    seat = state.to_move()[0]
    twin = state.determinize(seat, 77)  # what the seat cannot see re-dealt
    assert twin.to_json() != state.to_json()
    assert value.value(state, seat) == value.value(twin, seat)
    assert -1.0 <= value.value(state, seat) <= 1.0
    mixed = (1 - value.blend) * 0.5 + value.blend * value.value(state, seat)
    assert value.leaf(state, seat, 0.5) == pytest.approx(mixed)


def test_a_wrong_observation_is_refused() -> None:
    value = LearnedValue("x", 2, (1.0, 2.0), 0.0, 0.5, {})
    assert value.raw([0.0, 0.0]) == 0.0
    with pytest.raises(ValueError, match="takes 2 features"):
        value.raw([1.0])


def test_the_training_script_runs_end_to_end_on_a_tiny_budget(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script("train_value")
    out = tmp_path / "trajan-2p.json"
    assert script.main(["trajan", "--games", "4", "--every", "20", "--out", str(out)]) == 0
    assert "held-out mean squared error" in capsys.readouterr().out
    model = LearnedValue.from_json(json.loads(out.read_text()))
    game = ludus.load("trajan", 2)
    assert (model.game, model.players, model.about["games"]) == ("trajan", 2, 4)
    assert len(model.weights) == len(game.observe(game.new_state(1).view(0), 0))
    again = tmp_path / "again.json"
    assert script.main(["trajan", "--games", "4", "--every", "20", "--out", str(again)]) == 0
    assert again.read_text() == out.read_text()  # reproducible from its seed


def test_the_training_script_refuses_a_split_it_cannot_make(capsys: pytest.CaptureFixture[str]) -> None:
    assert load_script("train_value").main(["trajan", "--games", "1"]) == 2
    assert "need --games >= 2" in capsys.readouterr().err
