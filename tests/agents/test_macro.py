"""Macro-moves (issue 33): a game's whole-turn plans, and policy rollout choosing among them."""

from __future__ import annotations

import ludus
from ludus.agents import GreedyAgent
from ludus.agents.lookahead import AgentSearch
from ludus.agents.rollout import Rollout
from ludus.core.api import State
from ludus.games.trajan.components import TAKE


def _at_the_tray_choice(seed: int, after: int = 0) -> tuple[State, int]:
    """A 2-player Trajan position where the seat to move chooses among several trays (greedy play to
    there, ``after`` such choices passed first)."""
    state = ludus.load("trajan", 2).new_state(seed=seed)
    greedy = [GreedyAgent(p) for p in range(2)]
    while True:
        seat = state.to_move()[0]
        if state.phase == TAKE and len(state.legal_actions(seat)) > 2:
            if after == 0:
                return state, seat
            after -= 1
        state.apply(greedy[seat].act(state, seat))


def test_trajan_plans_every_tray_as_a_whole_turn_and_nothing_else() -> None:
    state, seat = _at_the_tray_choice(3, after=4)
    world = state.determinize(seat, 7)
    plans = state.game.turn_plans(world, seat, AgentSearch())
    assert plans is not None
    assert {plan[0] for plan in plans} == set(world.legal_actions(seat))  # every tray
    key = state.game.turn_key(world)
    for plan in plans:
        after = world.clone()
        for action in plan:  # each a legal action of the seat, on the world it was planned on
            assert tuple(after.to_move()) == (seat,) and action in after.legal_actions(seat)
            after.apply(action)
        assert state.game.turn_key(after) != key or after.is_terminal()  # the whole turn, and no more
    # best first: the first plan is worth the most to the greedy bot's value
    values = []
    for plan in plans:
        after = world.clone()
        for action in plan:
            after.apply(action)
        values.append(state.game.evaluate(after, seat))
    assert values[0] == max(values)
    # elsewhere (sowing, actions, the other seat) no plan
    sim = world.clone()
    sim.apply(plans[0][0])
    assert state.game.turn_plans(sim, seat, AgentSearch()) is None
    assert state.game.turn_plans(world, 1 - seat, AgentSearch()) is None


def test_a_macro_rollout_plays_the_turn_it_chose_to_its_end_without_searching_again() -> None:
    state, seat = _at_the_tray_choice(5, after=2)
    bot = Rollout(seed=3, rollouts=2, width=3, macro=True)
    first = bot.act(state, seat)
    assert first in state.legal_actions(seat) and bot.simulations > 0 and bot.plan
    key = state.game.turn_key(state)
    state.apply(first)
    followed = 0
    while state.game.turn_key(state) == key and not state.is_terminal():
        planned = bot.plan[0] if bot.plan else None
        action = bot.act(state, seat)
        if planned is not None and planned == action:
            assert bot.simulations == 0  # played from the plan, no simulation
            followed += 1
        state.apply(action)
    assert followed >= 2 and not bot.plan


def test_a_macro_rollout_decides_and_plans_the_same_on_twin_positions() -> None:
    for seed in (1, 2):
        state, seat = _at_the_tray_choice(seed, after=3)
        twin = state.determinize(seat, 99)
        assert twin.view(seat) == state.view(seat) and twin.to_json() != state.to_json()
        bots = [Rollout(seed=seed, rollouts=2, width=4, macro=True) for _ in range(2)]
        assert bots[0].act(state, seat) == bots[1].act(twin, seat)
        assert bots[0].plan == bots[1].plan


def test_without_plans_a_macro_rollout_searches_as_policy_rollout_does() -> None:
    state = ludus.load("glory-to-rome", 2).new_state(seed=2)  # Glory to Rome plans no turn whole
    seat = state.to_move()[0]
    plain, macro = Rollout(seed=4, rollouts=2), Rollout(seed=4, rollouts=2, macro=True)
    assert plain.act(state, seat) == macro.act(state, seat) and not macro.plan
