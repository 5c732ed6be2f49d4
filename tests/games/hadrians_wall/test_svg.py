"""Issue 16: the Hadrian's Wall table as a picture people can click."""

from __future__ import annotations

import json
from typing import Any

import pytest

import ludus
from ludus.games.hadrians_wall.components import PLAYER_CARDS
from ludus.testing.boards import check_boards

SVG = "{http://www.w3.org/2000/svg}"


def _hidden(state: Any, seat: int) -> set[str]:
    """The Player cards the other seats drew (and the Path one of them chose) that ``seat``'s
    view shows nowhere (every player holds a set of the same twelve cards)."""
    seen = json.dumps(state.view(seat))
    secret = {PLAYER_CARDS[c].id for q, b in enumerate(state.boards) if q != seat for c in b.hand}
    return {card for card in secret if f'"{card}"' not in seen}


def _fate_deck(state: Any, seat: int) -> set[str]:
    """The Fate cards still in the deck (drawn as ``fate<number>`` only once face up)."""
    shown = {*state.fate_discard, *state.attack, state.year_card}
    return {f"fate{card + 1}" for card in state.fate_deck if card not in shown}


def _play(players: int, seed: int, until: Any) -> tuple[Any, list[ludus.Event]]:
    """A seeded random game played until ``until(state)`` holds; the last action's events."""
    state = ludus.load("hadrians-wall", players).new_state(seed)
    rng = ludus.Rng(seed)
    events: list[ludus.Event] = []
    while not until(state):
        events = state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
    return state, events


@pytest.mark.parametrize(("players", "seeds", "positions"), [(1, (1,), 50), (2, (2,), 70), (3, (3,), 50), (5, (5,), 30)])
def test_every_position_draws_every_action_and_nothing_hidden(players: int, seeds: tuple[int, ...], positions: int) -> None:
    game = ludus.load("hadrians-wall", players)
    drawn = check_boards(game, seeds, positions=positions, hidden=_hidden)
    assert drawn >= positions * 4 * (players + 1) * 0.9  # positions × languages × (seats + spectator)
