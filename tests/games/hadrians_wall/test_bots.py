"""The greedy policy plays sensibly: it beats random play by a wide margin."""

from __future__ import annotations

import ludus
from ludus.agents.lookahead import SEARCH
from ludus.core.rng import Rng


def _mean_score(policy: str, games: int) -> float:
    game = ludus.load("hadrians-wall", players=1, difficulty="easy")
    rng = Rng(11)
    total = 0.0
    for g in range(games):
        st = game.new_state(500 + g)
        while not st.is_terminal():
            p = st.to_move()[0]
            if policy == "greedy":
                action = game.greedy_action(st, p, rng, SEARCH)
                assert action is not None
            else:
                actions = st.legal_actions(p)
                action = actions[rng.randbelow(len(actions))]
            st.apply(action)
        total += st.outcome().scores[0]
    return total / games


def test_greedy_beats_random_in_easy_solo_games() -> None:
    greedy = _mean_score("greedy", 4)
    random = _mean_score("random", 4)
    assert greedy > random + 20


def test_greedy_agent_plays_a_multiplayer_game() -> None:
    from ludus.agents.greedy import GreedyAgent

    game = ludus.load("hadrians-wall", players=3, difficulty="normal")
    st = game.new_state(2)
    agents = [GreedyAgent(seed=p) for p in range(3)]
    while not st.is_terminal():
        p = st.to_move()[0]
        st.apply(agents[p].act(st, p))
    assert st.outcome().ranking
