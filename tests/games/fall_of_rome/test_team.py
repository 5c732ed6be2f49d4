"""The team bots (issue 32): a hand-over when it is the only way to the last alliance, a needed colour kept at
the hand limit, events weighed out of turn, and nothing read that no seat may know."""

from __future__ import annotations

import ludus
from games.fall_of_rome.fr_helpers import put, scenario
from ludus.agents import make_agent
from ludus.agents.greedy import GreedyAgent
from ludus.agents.lookahead import SEARCH
from ludus.core.rng import Rng
from ludus.games.fall_of_rome import planner
from ludus.games.fall_of_rome.components import CARD_COLOUR, COLOUR_INDEX, N_CITY_CARDS, Phase
from ludus.games.fall_of_rome.game import FallOfRomeState
from ludus.testing.scenario import edit

BLUE = COLOUR_INDEX["blue"]


def _no_more(s: FallOfRomeState, colour: int) -> None:
    """Every card of ``colour`` still in the player deck swapped with a discarded card of another colour."""
    with edit(s):
        for i, card in enumerate(s.pdeck):
            if card < N_CITY_CARDS and CARD_COLOUR[card] == colour:
                other = next(c for c in s.pdiscard if c < N_CITY_CARDS and CARD_COLOUR[c] != colour)
                s.pdiscard.remove(other)
                s.pdiscard.append(card)
                s.pdeck[i] = other


def _last_alliance_needs_a_hand_over() -> FallOfRomeState:
    """Four tribes allied; the blue cards are two in seat 0's hand and Roma/blue in seat 1's, none left in the
    deck; seat 0 (Aquileia) is one march from seat 1 (Roma), where a blue cube stands; more blue cubes stand
    far away, so the Ostrogoths cannot be cleared from the board this turn."""
    s = scenario(cities=("Aquileia", "Roma"),
                 hands=(("Carnuntum/blue", "Sinope/blue"), ("Roma/blue", "Tyras/white")))
    put(s, "Chersonesus", "blue", 2)
    put(s, "Sinope", "blue", 1)
    with edit(s):
        s.allied = [1, 1, 1, 1, 0]
    _no_more(s, BLUE)
    return s


def _turn(s: FallOfRomeState, agent: GreedyAgent) -> list[str]:
    taken = []
    while not s.is_terminal() and s.phase == Phase.ACTIONS:
        seat = s.to_move()[0]
        action = agent.act(s, seat)
        if action.verb in ("draw", "draw3"):
            break
        taken.append(str(action))
        s.apply(action)
    return taken


def test_the_bot_meets_its_team_mate_and_takes_the_card_that_forges_the_last_alliance() -> None:
    for agent in (GreedyAgent(3), GreedyAgent(3, breadth=4)):
        s = _last_alliance_needs_a_hand_over()
        taken = _turn(s, agent)
        assert "0:march Roma" in taken
        assert "0:plot_take 1 Roma/blue" in taken
        assert "0:forge_alliance blue" in taken
        assert s.result == "win"


def test_at_the_hand_limit_the_bot_keeps_the_colours_it_is_gathering() -> None:
    """Eight cards: four white (one short of the Visigoths), three green (one short of the Huns), one black
    (the Vandals are allied already): the black card goes, the colours being gathered stay."""
    hand = ("Tyras/white", "Constantinopolis/white", "Athenae/white", "Patrae/white",
            "Iuvavum/green", "Carnuntum/green", "Mediolanum/green", "Carthago/black")
    s = scenario(hands=(hand, ()))
    with edit(s):
        s.allied[COLOUR_INDEX["black"]] = 1
    assert len(s.hands[0]) == 8
    seat = s.to_move()[0]
    assert all(a.verb == "discard" for a in s.legal_actions(seat))
    choice = GreedyAgent(1).act(s, seat)
    assert choice.verb == "discard" and str(choice.args[0]).endswith("/black")


def test_out_of_turn_a_bot_weighs_its_events_and_decides_from_what_its_seat_sees() -> None:
    game = ludus.load("fall-of-rome", 3)
    seen = 0
    for seed in range(6):
        state = game.new_state(seed)
        agents = [GreedyAgent(seed * 10 + p) for p in range(3)]
        for _ in range(60):
            if state.is_terminal():
                break
            movers = state.to_move()
            for p in range(3):
                if p in movers or not any(a.verb == "play" for a in state.legal_actions(p)):
                    continue
                twin = state.determinize(p, 99)  # what the seat cannot see re-dealt
                assert twin.view(p) == state.view(p) and twin.digest() != state.digest()
                mine = planner.greedy_action(state, p, Rng(5), SEARCH)
                assert mine == planner.greedy_action(twin, p, Rng(5), SEARCH)
                assert mine is None or mine in state.legal_actions(p)
                seen += 1
            seat = movers[0]
            state.apply(agents[seat].act(state, seat))
    assert seen >= 5


def test_the_hard_level_decides_the_same_on_positions_its_seat_cannot_tell_apart() -> None:
    state = ludus.load("fall-of-rome", 2, difficulty="heroic").new_state(seed=8)
    greedy = [GreedyAgent(p) for p in range(2)]
    for _ in range(40):
        seat = state.to_move()[0]
        state.apply(greedy[seat].act(state, seat))
    seat = state.to_move()[0]
    twin = state.determinize(seat, 7)
    assert twin.view(seat) == state.view(seat) and twin.digest() != state.digest()
    assert make_agent("hard", 2).act(state, seat) == make_agent("hard", 2).act(twin, seat)
