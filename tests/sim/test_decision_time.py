"""``scripts/decision_time.py``: a level's decision CPU on the positions of greedy games."""

from __future__ import annotations

import pytest

import ludus
from fixtures.scripts import load_script
from ludus.agents import GreedyAgent


def _choices(game_id: str, players: int, seed: int) -> int:
    """Decisions with a choice in the greedy game the script plays (its seeds)."""
    state = ludus.load(game_id, players).new_state(seed=seed)
    greedy = [GreedyAgent(seed * 1000 + p) for p in range(players)]
    choices = 0
    while not state.is_terminal():
        seat = state.to_move()[0]
        choices += len(state.legal_actions(seat)) > 1
        state.apply(greedy[seat].act(state, seat))
    return choices


def test_every_nth_decision_with_a_choice_is_timed_and_the_game_goes_on_greedily(
        capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script("decision_time")
    times = script.decision_times("trajan", "normal", 2, games=1, every=30, seed=3)
    assert len(times) == _choices("trajan", 2, 3) // 30 > 0  # the level's choices do not change the game
    assert all(t >= 0.0 for t in times)
    assert script.main(["trajan", "--level", "greedy", "--every", "40", "--seed", "3"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith(f"trajan 2p greedy: {_choices('trajan', 2, 3) // 40} decisions, mean ")
    assert " p95 " in line and " max " in line
