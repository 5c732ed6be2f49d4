"""Issue 10: what a seat observes of the game's flow does not depend on what it cannot see.

Two states a seat cannot tell apart (a state and ``determinize(seat)``) must wait for the same
seat, offer that seat the same options, and after the same action still wait for the same seat
and look the same to it, unless the action revealed something hidden (then an event it sees
names what was revealed). Trajan asks every decision whose forcedness depends on a hand (the
Seaport's discard, second display card, loads and ``sail``); its automatic steps depend only on
public things (ruling 27).
"""

from __future__ import annotations

import pytest

import ludus
from games.trajan.tj_helpers import action_step, in_play
from ludus.core.rng import Rng
from ludus.games.trajan.components import COMMODITIES, SEAPORT, Phase
from ludus.games.trajan.game import TrajanState
from ludus.testing.hidden import check_observable_decisions
from ludus.testing.scenario import edit, legal, play


def _same_to(seat: int, one: TrajanState, two: TrajanState) -> None:
    assert one.to_move() == two.to_move()
    assert one.view(seat) == two.view(seat)


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {}), (4, {}), (2, {"trajan_face_up": False, "pregame_trajan": "top"}),
     (3, {"starting_markers": "random"})],
)
def test_twins_flow_alike_over_random_games(players: int, options: dict[str, object]) -> None:
    game = ludus.load("trajan", players, **options)
    for seed in range(2):
        state = game.new_state(seed)
        rng = Rng(100 + seed)
        step = 0
        while not state.is_terminal():
            if step % 4 == 0:
                check_observable_decisions(game, state, rng, step, actions_each=6)
            legal_now = state.legal_actions()
            state.apply(legal_now[rng.randbelow(len(legal_now))])
            step += 1


def test_whatever_its_hand_the_seat_is_asked_which_card_to_discard() -> None:
    # a decision whatever the cards (seat 0 cannot know whether seat 1's choice is forced)
    state = in_play(2, 3)
    with edit(state):
        action_step(state, 1, SEAPORT)
        state.target = SEAPORT
    for seed in range(6):
        twin = state.determinize(0, seed)
        one, two = state.clone(), twin.clone()
        play(one, "1:draw_two")
        play(two, "1:draw_two")
        assert one.to_move() == two.to_move() == (1,)
        assert legal(one) == ["1:pile left", "1:pile right"]
        _same_to(0, one, two)
        play(one, "1:pile right")
        play(two, "1:pile right")
        assert one.to_move() == two.to_move() == (1,)
        assert all(a.startswith("1:discard") for a in legal(one))
        _same_to(0, one, two)


def test_a_seat_with_nothing_more_to_load_is_still_asked_to_sail() -> None:
    state = in_play(2, 3)
    with edit(state):
        for c in range(len(COMMODITIES)):
            state.display[0][c] += state.hand[1][c]
        state.hand[1] = [0] * len(COMMODITIES)
        state.known[1] = [0] * len(COMMODITIES)
        wine = state.draw.pop()
        state.hand[1][wine] = 1
        action_step(state, 1, SEAPORT)
        state.target = SEAPORT
    play(state, "1:ship different", f"1:load {COMMODITIES[wine]}")
    assert state.phase == Phase.ACTION and state.to_move() == (1,)
    assert legal(state) == ["1:sail"]  # forced, but only seat 1 knows it: the game waits for it
