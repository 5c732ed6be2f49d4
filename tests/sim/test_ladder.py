"""The bot ladder (``scripts/bot_ladder.py``) and its reference, OpenSpiel's IS-MCTS with greedy
rollouts (:mod:`ludus.rl.spiel_ismcts`)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
import pytest

import ludus
from fixtures.scripts import load_script
from ludus.core.api import State
from ludus.rl.openspiel import LudusSpielState, register, short_name
from ludus.rl.spiel_ismcts import GreedyRolloutEvaluator, SpielIsmcts
from ludus.rl.table import Turns


def test_the_ladder_runs_end_to_end_and_its_table_has_every_pairing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ladder = load_script("bot_ladder")
    out = tmp_path / "ladder.json"
    assert ladder.main(["hadrians-wall", "--levels", "random,easy,openspiel", "--games", "1",
                        "--ismcts-simulations", "2", "--ismcts-seconds", "0", "--ismcts-horizon", "8",
                        "--out", str(out)]) == 0
    text = capsys.readouterr().out
    result = json.loads(out.read_text())
    levels = ["random", "easy", "openspiel"]
    assert result["levels"] == levels
    assert result["games_per_pairing"] == 2  # one game a pairing, rounded up to both seat orders
    assert len(result["games"]) == 6
    assert result["reference"] == {"seconds": None, "simulations": 2, "horizon": 8}
    seatings = {tuple(g["agents"]) for g in result["games"]}
    for a in levels:
        for b in levels:
            if a != b:
                assert (a, b) in seatings  # every pair, in both seat orders
                assert result["head_to_head"][a][b]["games"] == 2
                assert f"| {a} | " in text
    assert sorted(s["agent"] for s in result["standings"]) == sorted(levels)
    for s in result["standings"]:
        assert s["games"] == 4 and s["low"] < s["mu"] < s["high"]
    for a in levels:
        assert result["cpu"][a]["decisions"] > 0
        assert 0 <= result["cpu"][a]["mean"] <= result["cpu"][a]["p95"] + 1e-9
    assert result["cpu"]["openspiel"]["simulations"] == 2.0
    assert "Head to head" in text and "CPU time a decision" in text


def test_a_run_writes_each_game_as_it_ends_and_its_figures_come_back_from_the_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ladder = load_script("bot_ladder")
    lines, out = tmp_path / "games.jsonl", tmp_path / "ladder.json"
    assert ladder.main(["hadrians-wall", "--levels", "random,easy", "--games", "2", "--jsonl", str(lines),
                        "--out", str(out)]) == 0
    capsys.readouterr()
    assert len(lines.read_text().splitlines()) == 2
    again = ladder.from_jsonl(str(lines))  # what a run stopped early reports
    whole = json.loads(out.read_text())
    assert again["head_to_head"] == whole["head_to_head"] and again["games"] == whole["games"]
    assert (again["games_per_pairing"], again["pairings"]) == (2, 1)
    assert ladder.main(["hadrians-wall", "--from-jsonl", str(lines)]) == 0
    assert "| easy | " in capsys.readouterr().out


def test_a_run_stopped_early_is_resumed_by_the_same_command_and_plays_only_what_is_missing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ladder = load_script("bot_ladder")
    lines, whole = tmp_path / "games.jsonl", tmp_path / "whole.jsonl"
    command = ["hadrians-wall", "--levels", "random,easy", "--games", "4", "--seed", "5"]
    assert ladder.main([*command, "--jsonl", str(whole)]) == 0
    rows = whole.read_text().splitlines()
    lines.write_text("\n".join(rows[:2]) + "\n")  # a run stopped after two of its four games
    assert ladder.main([*command, "--jsonl", str(lines)]) == 0
    capsys.readouterr()
    again = lines.read_text().splitlines()
    assert len(again) == 4 and again[:2] == rows[:2]  # the two missing games, played once each
    resumed, first = ladder.from_jsonl(str(lines)), ladder.from_jsonl(str(whole))
    def games(result: dict[str, Any]) -> list[dict[str, Any]]:
        return [{k: v for k, v in g.items() if k != "cpu"} for g in result["games"]]  # CPU times vary

    assert games(resumed) == games(first) and resumed["head_to_head"] == first["head_to_head"]
    with pytest.raises(SystemExit, match="hadrians-wall"):
        ladder.main(["trajan", "--levels", "random,easy", "--games", "2", "--jsonl", str(lines)])
    packed = tmp_path / "games.jsonl.gz"  # the same, compressed (how docs/ladder keeps the runs)
    with gzip.open(packed, "wt", encoding="utf-8") as f:
        f.write("\n".join(rows[:3]) + "\n")
    assert ladder.main([*command, "--jsonl", str(packed)]) == 0
    capsys.readouterr()
    assert games(ladder.from_jsonl(str(packed))) == games(first)


def test_the_reference_budget_defaults_to_the_budget_levels_measured_mean(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ladder = load_script("bot_ladder")
    monkeypatch.setattr(ladder, "BUDGET_LEVEL", "easy")  # the rule, on a level cheap enough for a test
    result = ladder.ladder("hadrians-wall", ["random", "easy", "openspiel"], games=1,
                           reference=ladder.Reference(None, 3, 4))
    first = [t for g in result["games"] if "openspiel" not in g["agents"]
             for p, times in enumerate(g["cpu"]) if g["agents"][p] == "easy" for t in times]
    # the mean over the games before the reference's own
    assert result["reference"]["seconds"] == pytest.approx(sum(first) / len(first))
    with pytest.raises(ludus.LudusError, match="--ismcts-seconds"):
        ladder.ladder("hadrians-wall", ["random", "openspiel"], games=1)


def spiel_state(game_id: str, seed: int, moves: int) -> tuple[LudusSpielState, State, int]:
    """An OpenSpiel state ``moves`` ludus actions into a 2-player game, the ludus state, the seat."""
    register()
    spiel = pyspiel.load_game(short_name(game_id), {"players": 2})
    state = spiel.ludus.new_state(seed)
    for i in range(moves):
        seat = state.to_move()[0]
        actions = state.legal_actions(seat)
        state.apply(actions[(seed + i) % len(actions)])
    seat = state.to_move()[0]
    turns = Turns.from_json(spiel.ludus, {"state": state.to_json(), "last": seat - 1, "asked": [],
                                          "steps": 0})
    return LudusSpielState.at(spiel, turns), state, seat


@pytest.mark.parametrize(("game_id", "length"),
                         [("hadrians-wall", None), ("trajan", 12), ("glory-to-rome", 12)])
def test_the_greedy_rollout_evaluator_returns_values_in_range_and_leaves_the_state_alone(
        game_id: str, length: int | None) -> None:
    for seed in range(2):
        root, _, _ = spiel_state(game_id, seed, 6)
        before = root.turns.state.digest()
        values = GreedyRolloutEvaluator(seed, rollouts=2, max_length=length).evaluate(root)
        assert values.shape == (2,)
        assert all(-1.0 <= v <= 1.0 for v in values)
        assert values.sum() == pytest.approx(0.0)  # zero-sum, as the adapter's returns
        assert root.turns.state.digest() == before
        assert [a for a, _ in GreedyRolloutEvaluator().prior(root)] == root.legal_actions()


@pytest.mark.parametrize("game_id", ["trajan", "hadrians-wall"])
def test_the_evaluator_and_the_bot_see_only_what_the_seat_sees(game_id: str) -> None:
    # Twin positions: the same view for the seat, other hidden cards. IS-MCTS hands the evaluator
    # the worlds it resamples from the seat; from twins those are the same worlds, valued the same,
    # and the bot (a fixed seed) decides the same.
    for seed in range(2):
        root, state, seat = spiel_state(game_id, seed, 5)
        twin_state = state.determinize(seat, 1000 + seed)
        assert twin_state.view(seat) == state.view(seat) and twin_state.to_json() != state.to_json()
        data = {"state": twin_state.to_json(), "last": seat - 1, "asked": [], "steps": 0}
        twin = LudusSpielState.at(root.get_game(), Turns.from_json(root.get_game().ludus, data))
        values = []
        for s in (root, twin):
            world = s.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))
            values.append(GreedyRolloutEvaluator(seed, max_length=10).evaluate(world))
        assert np.array_equal(values[0], values[1])
        decisions = [SpielIsmcts(seed, simulations=6, max_length=6).act(s, seat) for s in (state, twin_state)]
        assert decisions[0] == decisions[1]
        assert decisions[0] in state.legal_actions(seat)


def test_the_bot_stops_at_its_simulations_and_never_reacts() -> None:
    state = ludus.load("trajan", 2).new_state(seed=2)
    bot = SpielIsmcts(seed=1, simulations=5, max_length=4)
    assert bot.act(state, 0) in state.legal_actions(0)
    assert bot.searched == 5
    assert bot.react(state, 1) is None
    with pytest.raises(ValueError, match="simulations"):
        SpielIsmcts(simulations=1)


def test_bot_speed_times_a_level_and_reports_the_games_it_played(capsys: pytest.CaptureFixture[str]) -> None:
    speed = load_script("bot_speed")
    seconds, scores = speed.bot_speed("hadrians-wall", "greedy", players=1, games=2, seed=3)
    assert seconds > 0 and len(scores) == 2
    assert scores == speed.bot_speed("hadrians-wall", "greedy", players=1, games=2, seed=3)[1]  # seeded
    assert speed.main(["hadrians-wall", "--players", "1", "--seed", "3"]) == 0
    assert f"scores [{scores[0]}]" in capsys.readouterr().out
