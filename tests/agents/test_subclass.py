"""A researcher's own bot may subclass the shipped ones, in the compiled build as in pure Python.

mypyc compiles these classes in the compiled build (``make compiled``), and a compiled class refuses
an interpreted subclass unless it allows one (``mypyc_attr(allow_interpreted_subclasses=True)``).
``make test-compiled`` runs this module against that build; here it runs against the sources.
"""

from __future__ import annotations

import ludus
from ludus.agents import GreedyAgent
from ludus.agents.ismcts import Ismcts
from ludus.agents.lookahead import AgentSearch
from ludus.agents.rollout import Rollout
from ludus.agents.value import LearnedValue
from ludus.core.actions import Action
from ludus.core.api import State
from ludus.rl.spiel_ismcts import SpielIsmcts


class CountingGreedy(GreedyAgent):
    """The greedy bot that counts its decisions (an override calling the compiled method)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.decisions = 0

    def act(self, state: State, player: int) -> Action:
        self.decisions += 1
        return super().act(state, player)


class WideRollout(Rollout):
    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, rollouts=2, turns=1, width=2)


class SmallIsmcts(Ismcts):
    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, iterations=8)


class NamedSearch(AgentSearch):
    label = "mine"


class ScaledValue(LearnedValue):
    pass


def test_interpreted_subclasses_of_the_shipped_bots_play() -> None:
    state = ludus.load("trajan", 2).new_state(seed=4)
    player = state.to_move()[0]
    legal = state.legal_actions(player)
    counting = CountingGreedy(3)
    for bot in (counting, WideRollout(3), SmallIsmcts(3)):
        assert bot.act(state, player) in legal
    assert counting.decisions == 1
    assert NamedSearch(1).label == "mine"
    assert issubclass(ScaledValue, LearnedValue)


def test_the_openspiel_reference_plays_in_either_build() -> None:
    # its rollout policy is an interpreted subclass of the greedy bot
    state = ludus.load("glory-to-rome", 2).new_state(seed=4)
    player = state.to_move()[0]
    assert SpielIsmcts(1, simulations=4, max_length=4).act(state, player) in state.legal_actions(player)
