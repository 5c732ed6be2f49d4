"""Issue 19: Trajan's fixed action numbering and its flat observation.

The numbering is kept in golden files, ``action_space_<n>p.txt`` beside this file: the
space's :meth:`~ludus.core.spaces.ActionSpace.lines` and then its digest. A change of the
numbering breaks every policy trained on it, so the files change on purpose only: after a
deliberate change (a new component, a new verb), regenerate them with

    .venv/bin/python tests/games/trajan/test_spaces.py

and say in the commit why the numbers moved.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

import ludus
from ludus.core.actions import Action
from ludus.core.rng import Rng
from ludus.games.trajan.components import COMMODITIES, N_CARDS
from ludus.games.trajan.game import TrajanGame, TrajanState
from ludus.games.trajan.spaces import TILE_FEATURES

HERE = Path(__file__).parent
PLAYERS = (2, 3, 4)
OPTION_SETS: list[dict[str, object]] = [
    {},
    {"pregame_trajan": "top", "trajan_face_up": False},  # choose <category>, no stack
    {"pregame_trajan": "top"},
    {"starting_markers": "random"},  # no arrange
    {"starting_markers": "different"},
    {"demand_joker_bonus": True},
    {"reshuffle": False},
    {"edition": 1},
]


def _golden(players: int) -> str:
    space = ludus.load("trajan", players).action_space
    return space.golden_text()


def _golden_path(players: int) -> Path:
    return HERE / f"action_space_{players}p.txt"


def _random_game(game: TrajanGame, seed: int) -> list[TrajanState]:
    """A random game's states, every one (the last is over)."""
    state = game.new_state(seed)
    rng = Rng(seed)
    states = [state.clone()]
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
        states.append(state.clone())
    return states


# --- the action numbering ---------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_action_space_matches_its_golden_file(players: int) -> None:
    assert _golden_path(players).read_text() == _golden(players), (
        "the action numbering changed: if on purpose, regenerate (see this module's docstring)")


def test_the_numbering_is_the_same_for_every_player_count_and_option() -> None:
    digests = {ludus.load("trajan", n, **o).action_space.digest() for n in PLAYERS for o in OPTION_SETS}
    assert len(digests) == 1
    game = ludus.load("trajan", 3)
    assert game.num_distinct_actions == 398
    assert game.encode_action(Action(2, "march", ("germania_inferior",))) == 339
    assert game.encode_action(Action(0, "load", ("wine", "joker"))) == 150 + 2 * 13 + 12
    assert game.encode_action(Action(0, "load", ("joker",))) == 137 + 12


def test_every_legal_action_of_random_games_has_a_number_and_every_kind_occurs() -> None:
    """Random games at every player count and with every option that changes which actions exist:
    each legal action encodes to a number that decodes back to it, for the seat that takes it."""
    kinds: set[tuple[str, int]] = set()
    numbers: set[int] = set()
    for players in PLAYERS:
        for k, options in enumerate(OPTION_SETS):
            game = ludus.load("trajan", players, **options)
            space = game.action_space
            state = game.new_state(100 * players + k)
            rng = Rng(k)
            while not state.is_terminal():
                legal = state.legal_actions()
                for action in legal:
                    number = game.encode_action(action)
                    assert space.decode(number, action.player) == action
                    kinds.add((action.verb, len(action.args)))
                    numbers.add(number)
                (seat,) = state.to_move()
                chosen = legal[rng.randbelow(len(legal))]
                assert game.decode_action(state, game.encode_action(chosen)) == chosen
                assert chosen.player == seat
                state.apply(chosen)
    # no kind is dead weight: each was offered somewhere
    assert kinds == {(kind.verb, len(kind.args)) for kind in space.kinds}
    assert len(numbers) > 200


# --- the observation ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_observation_of_a_seat_is_the_same_on_its_determinizations(players: int) -> None:
    """The issue's test: two states that differ only in what the seat cannot see observe alike;
    the determinizations do differ in hidden cards (so the test compares different states)."""
    game = ludus.load("trajan", players)
    layout = game.observation_layout
    hidden_differed = 0
    for i, state in enumerate(_random_game(game, 7 * players)):
        if i % 9:
            continue
        for seat in [None, *range(players)]:
            seen = game.observe(state.view(seat), seat)
            assert len(seen) == layout.size
            assert all(math.isfinite(x) for x in seen)
            twin = state.determinize(seat, 1000 + i)
            assert game.observe(twin.view(seat), seat) == seen
            if twin.hand != state.hand or twin.draw != state.draw:
                hidden_differed += 1
    assert hidden_differed > 20


@pytest.mark.parametrize("players", PLAYERS)
def test_named_slices_read_what_the_view_says(players: int) -> None:
    game = ludus.load("trajan", players)
    layout = game.observation_layout
    states = _random_game(game, 3 + players)
    state = states[len(states) // 2]
    for seat in range(players):
        view = state.view(seat)
        vector = game.observe(view, seat)

        def part(name: str, vector: list[float] = vector) -> list[float]:
            return vector[layout[name].start:layout[name].stop]

        rotated = [(seat + r) % players for r in range(players)]  # the observing seat first
        assert part("vp") == [view["players"][p]["vp"] / 100 for p in rotated]
        assert part("hand") == [float(view["players"][seat]["hand"].get(c, 0)) for c in COMMODITIES]
        assert part("hand_size") == [float(view["players"][p]["hand_size"]) for p in rotated]
        assert part("draw_pile") == [view["draw_pile"] / N_CARDS]
        to_move = part("to_move")
        assert to_move.index(1.0) == (view["to_move"] - seat) % players and sum(to_move) == 1.0
        trays = part("trays")
        assert sum(trays[:36]) == sum(sum(t.values()) for t in view["players"][seat]["trays"].values())
        slots = part("trajan_slots")
        for slot, tile in enumerate(view["players"][seat]["trajan_slots"]):
            features = slots[slot * TILE_FEATURES:(slot + 1) * TILE_FEATURES]
            assert (sum(features) == 0) == (tile is None)
        phase = part("phase")
        assert phase.index(1.0) == state.phase and sum(phase) == 1.0


@pytest.mark.parametrize("players", PLAYERS)
def test_the_spectator_gets_the_same_layout_without_a_hand(players: int) -> None:
    game = ludus.load("trajan", players)
    layout = game.observation_layout
    hand = layout["hand"]
    for state in _random_game(game, 11 * players)[::40]:
        spectator = game.observe(state.view(None), None)
        seat0 = game.observe(state.view(0), 0)
        assert len(spectator) == layout.size
        assert spectator[hand.start:hand.stop] == [0.0] * hand.size
        assert seat0[hand.start:hand.stop] == [float(state.hand[0][c]) for c in range(len(COMMODITIES))]
        if not state.pile_rebuilt:  # what else a seat sees more: which rebuilt-pile cards it drew
            assert spectator[:hand.start] == seat0[:hand.start]


def test_a_view_through_json_observes_alike() -> None:
    """A client's view (JSON: tuples become lists) gives the same observation."""
    game = ludus.load("trajan", 4)
    for state in _random_game(game, 2)[::60]:
        for seat in (None, 2):
            view = state.view(seat)
            assert game.observe(json.loads(json.dumps(view)), seat) == game.observe(view, seat)


def test_each_seat_sees_itself_first() -> None:
    """Seat 1 of a 3-player game sees its own VP first, then seat 2's, then seat 0's."""
    game = ludus.load("trajan", 3)
    state = _random_game(game, 5)[300]
    vp = game.observation_layout["vp"]
    scores = [state.vp[p] / 100 for p in range(3)]
    assert game.observe(state.view(1), 1)[vp.start:vp.stop] == [scores[1], scores[2], scores[0]]
    assert game.observe(state.view(None), None)[vp.start:vp.stop] == scores


if __name__ == "__main__":  # regenerate the golden files (on purpose only)
    for n in PLAYERS:
        _golden_path(n).write_text(_golden(n))
        print(f"wrote {_golden_path(n)}")
