"""Game.turn_key, where the rollout bot values its simulations: it changes when a turn begins."""

from __future__ import annotations

import pytest

import ludus
from ludus.agents import GreedyAgent, play_game
from ludus.core.actions import Action
from ludus.core.events import Event


def _changes(game_id: str, players: int, seed: int) -> list[tuple[bool, list[str]]]:
    """For each action of a greedy game: whether the turn key changed, and the kinds of its events."""
    game = ludus.load(game_id, players)
    state = game.new_state(seed)
    last = [game.turn_key(state)]
    out: list[tuple[bool, list[str]]] = []

    def seen(action: Action, events: list[Event]) -> None:
        key = game.turn_key(state)
        out.append((key != last[0], [e.kind for e in events]))
        last[0] = key

    play_game(state, [GreedyAgent(p) for p in range(players)], seed=seed, on_action=seen)
    return out


@pytest.mark.parametrize(("game_id", "players"), [("glory-to-rome", 3), ("fall-of-rome", 2)])
def test_the_key_changes_exactly_when_a_turn_begins(game_id: str, players: int) -> None:
    changes = _changes(game_id, players, seed=3)
    assert [changed for changed, _ in changes] == ["turn" in kinds for _, kinds in changes]
    assert sum(changed for changed, _ in changes) > 10


def test_hadrians_wall_key_is_the_year() -> None:
    changes = _changes("hadrians-wall", 2, seed=3)
    years = [i for i, (_, kinds) in enumerate(changes) if "year" in kinds]
    assert [i for i, (changed, _) in enumerate(changes) if changed] == years[1:]  # Year 1 is the set-up's
    assert len(years) == 6


def test_trajan_key_changes_when_a_turn_ends_and_at_each_quarter_end() -> None:
    changes = _changes("trajan", 2, seed=3)
    turns = [i for i, (_, kinds) in enumerate(changes) if "turn" in kinds]
    quarters = [i for i, (_, kinds) in enumerate(changes) if "quarter_over" in kinds]
    changed = [i for i, (c, _) in enumerate(changes) if c]
    assert len(quarters) == 4 and set(turns[1:]) <= set(changed)  # the first turn follows the set-up
    assert set(changed) == set(turns[1:]) | set(quarters) | {len(changes) - 1}  # and the game's end


@pytest.mark.parametrize(("game_id", "players", "turns"), [
    ("hadrians-wall", 1, 2), ("hadrians-wall", 2, 1), ("hadrians-wall", 6, 1), ("glory-to-rome", 2, 4),
    ("glory-to-rome", 5, 4), ("trajan", 2, 4), ("trajan", 3, 6), ("trajan", 4, 8), ("fall-of-rome", 3, 3)])
def test_each_game_simulates_the_turns_it_measured_best(game_id: str, players: int, turns: int) -> None:
    # Two rounds of the table in Trajan, four leaders' turns in Glory to Rome, one Year in Hadrian's
    # Wall (two solo, where one seat plays it); the default, one round, elsewhere (docs/bots.md).
    assert ludus.load(game_id, players).search_turns == turns
