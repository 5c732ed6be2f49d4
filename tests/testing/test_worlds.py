"""Issue 33: ``determinize`` never invents a world, in every game (``[determinize-composition]``).

At random positions of each game, for each seat and the spectator, every determinization is a
valid state (``Game.state_violations``) and keeps the multiset of each hidden zone whose
composition the seat's view states (``Game.known_compositions``). The check itself is shown to
fail on a deal that forgets a zone (a Trajan rebuilt pile: ``tests/games/trajan/test_worlds.py``;
here, a Glory to Rome deal that moves a card between two zones).
"""

from __future__ import annotations

from typing import Any, cast

import pytest

import ludus
from ludus.core.api import Game, State
from ludus.core.rng import Rng
from ludus.games.glory_to_rome.components import CARD_MATERIAL
from ludus.testing.hidden import DeclaresCompositions, check_determinize_composition

GAMES = [("glory-to-rome", 2), ("glory-to-rome", 4), ("trajan", 2), ("trajan", 4), ("fall-of-rome", 1),
         ("fall-of-rome", 3), ("hadrians-wall", 1), ("hadrians-wall", 3)]


def _positions(game: Game[Any], seed: int, every: int) -> list[State]:
    """Every ``every``-th position of a random game."""
    state = game.new_state(seed)
    rng = Rng(seed)
    out: list[State] = []
    step = 0
    while not state.is_terminal() and step < 3000:
        step += 1
        if step % every == 0:
            out.append(state.clone())
        movers = state.to_move()
        legal = state.legal_actions(movers[rng.randbelow(len(movers))])
        state.apply(legal[rng.randbelow(len(legal))])
    return out


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_every_world_is_possible_and_keeps_what_each_seat_knows(game_id: str, players: int) -> None:
    game = ludus.load(game_id, players)
    assert isinstance(game, DeclaresCompositions)
    rng = Rng(players)
    positions: list[State] = []
    seed = 7
    while len(positions) < 16:
        positions += _positions(game, seed, 11)[::2]
        seed += 1
    for step, state in enumerate(positions[:16]):
        check_determinize_composition(game, state, rng, step, seeds=2)


class _Spoilt:
    """A state whose determinizations move a card from the deck into a stockpile (Glory to
    Rome): the stockpile's materials are public, so such a world cannot be."""

    def __init__(self, state: Any) -> None:
        self._state = state

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)

    def determinize(self, player: int | None, seed: int) -> Any:
        world = self._state.determinize(player, seed)
        stock = next(pile for pile in world.stock if pile)
        other = next(c for c in world.deck if CARD_MATERIAL[c] != CARD_MATERIAL[stock[0]])
        i = world.deck.index(other)
        stock[0], world.deck[i] = other, stock[0]
        return world


def test_a_deal_that_moves_a_card_between_zones_fails_the_check() -> None:
    game = ludus.load("glory-to-rome", 2)
    state = next(s for s in _positions(game, 3, 5) if any(s.stock) and s.deck)
    check_determinize_composition(game, state, Rng(2), seeds=2)
    with pytest.raises(AssertionError, match=r"^\[determinize-composition\] .*stockpile"):
        check_determinize_composition(game, cast(State, _Spoilt(state)), Rng(2), seeds=2)
