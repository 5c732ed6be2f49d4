"""Hints and game review (issue 39): option values from the seat's view only, and the review built on them."""

from __future__ import annotations

from pathlib import Path

import pytest

import ludus
from ludus.agents import GreedyAgent
from ludus.agents.analysis import Budget, analyse, budget_for, expected_place, hint_level, win_chance
from ludus.agents.review import MISTAKE, Position, Review, positions, review, review_budget
from ludus.core.api import State
from ludus.core.record import GameRecord

from .test_ismcts import twin_positions

RECORDS = Path(__file__).resolve().parent.parent / "fixtures" / "records"
SMALL = Budget(worlds=2, width=3, turns=1)
"""A small budget: tests are quick (the levels' budgets are timed in scripts/review_speed.py)."""
TINY = Budget(worlds=2, width=3, turns=0)
"""One step ahead only: a whole record reviewed in a second."""


def _midgame(game_id: str, players: int = 2, steps: int = 12, seed: int = 4) -> tuple[State, int]:
    """A position a few greedy decisions in (hands dealt, piles unseen) and a seat to move with a choice."""
    state = ludus.load(game_id, players).new_state(seed=seed)
    greedy = [GreedyAgent(p) for p in range(players)]
    done = 0
    while done < steps or len(state.legal_actions(state.to_move()[0])) < 3:
        seat = state.to_move()[0]
        state.apply(greedy[seat].act(state, seat))
        done += 1
    return state, state.to_move()[0]


GAMES = ["glory-to-rome", "trajan", "hadrians-wall", "fall-of-rome"]


@pytest.mark.parametrize("game", GAMES)
def test_an_analysis_depends_only_on_what_the_seat_sees_and_the_seed(game: str) -> None:
    state, seat = _midgame(game)
    twin = state.determinize(seat, 99)  # what the seat cannot see re-dealt
    assert twin.view(seat) == state.view(seat) and twin.to_json() != state.to_json()
    first = analyse(state, seat, budget=SMALL, seed=7)
    assert analyse(twin, seat, budget=SMALL, seed=7).to_json() == first.to_json()
    assert analyse(state, seat, budget=SMALL, seed=7).to_json() == first.to_json()  # deterministic
    assert len(first.options) >= 3  # at least the top 3 when there are 3
    legal = state.legal_actions(seat)
    assert all(o.action in legal for o in first.options)
    values = [o.value for o in first.options]
    assert values == sorted(values, reverse=True) and all(-1.0 <= v <= 1.0 for v in values)
    for option in first.options:
        assert option.samples == SMALL.worlds
        assert option.win_chance is not None and 0.0 <= option.win_chance <= 1.0  # 2 players, or the team
        assert option.expected_place is None


@pytest.mark.usefixtures("fixture_games")
def test_twin_positions_of_the_fixture_game_give_the_same_analysis() -> None:
    analysed = set()
    for seed, (state, twin, seat) in enumerate(twin_positions()):
        first = analyse(state, seat, budget=Budget(worlds=3, width=3, turns=2), seed=seed)
        assert analyse(twin, seat, budget=Budget(worlds=3, width=3, turns=2), seed=seed) == first
        analysed.add(first.best.action)
    assert len(analysed) > 1


def test_fall_of_rome_is_valued_for_the_team() -> None:
    state, seat = _midgame("fall-of-rome")
    analysis = analyse(state, seat, budget=SMALL, seed=1)
    assert analysis.cooperative and all(o.expected_place is None for o in analysis.options)
    assert win_chance(0.2, 3, True) == 0.6  # a team's chance at any table size


def test_a_larger_table_reads_values_as_places() -> None:
    state, seat = _midgame("hadrians-wall", players=3, steps=6)
    analysis = analyse(state, seat, budget=SMALL, seed=1)
    for option in analysis.options:
        assert option.win_chance is None
        assert option.expected_place is not None and 1.0 <= option.expected_place <= 3.0
    assert expected_place(1.0, 4, False) == 1.0 and expected_place(-1.0, 4, False) == 4.0


def test_an_included_action_is_valued_and_an_illegal_one_refused() -> None:
    state, seat = _midgame("glory-to-rome")
    legal = state.legal_actions(seat)
    last = legal[-1]
    assert analyse(state, seat, budget=Budget(worlds=1, width=1, turns=0), include=[last]).option(last)
    other = next(a for a in state.legal_actions(1 - seat)) if state.legal_actions(1 - seat) else None
    with pytest.raises(ValueError, match="not a legal action"):
        analyse(state, seat, budget=TINY, include=[other or legal[0].__class__(seat, "nonsense")])
    with pytest.raises(ValueError, match="worlds >= 1"):
        Budget(worlds=0, width=3)
    with pytest.raises(ValueError, match="level must be"):
        budget_for(state.game, "grandmaster")


def test_the_levels_budgets_grow() -> None:
    for game_id in GAMES:
        game = ludus.load(game_id, 2)
        budgets = [budget_for(game, level) for level in ("easy", "normal", "hard", "expert")]
        assert [b.worlds for b in budgets[1:]] == sorted(b.worlds for b in budgets[1:])
        assert all(b.width >= 3 for b in budgets)
        assert review_budget(game, "normal") == budgets[1]
    # where the levels' budgets were measured too slow (docs/bots.md "Hints and game review")
    trajan, fall_of_rome = ludus.load("trajan", 2), ludus.load("fall-of-rome", 2)
    assert review_budget(trajan).worlds == 4 < budget_for(trajan, "hard").worlds
    assert hint_level(fall_of_rome) == "hard" and hint_level(trajan) == "expert"


def _reviewed(name: str, budget: Budget = TINY) -> tuple[Review, GameRecord]:
    record = GameRecord.load(RECORDS / name)
    return review(record, budget=budget, seed=3), record


def test_a_review_values_every_decision_with_a_choice() -> None:
    done, record = _reviewed("glory-to-rome_2p_greedy_unfinished.json")
    found, final = positions(record)
    assert not done.finished and done.actions == len(record.actions) and not final.is_terminal()
    choices = [p for p in found if len(p.state.legal_actions(p.action.player)) > 1
               and p.action.player in p.state.to_move()]
    assert [d.number for d in done.decisions] == [p.number for p in choices]  # forced moves skipped
    for d in done.decisions:
        assert d.options > 1 and d.loss >= 0.0 and d.best_value >= d.played_value
        assert d.mistake == (d.loss >= MISTAKE)
        assert (d.played == d.best) == (d.loss == 0.0)
        assert d.analysis.option(d.played) is not None
        assert d.to_json()["played"] == str(d.played)
    assert any(d.loss == 0.0 for d in done.decisions) and done.mistakes() == [d for d in done.decisions
                                                                           if d.mistake]
    again = review(record, budget=TINY, seed=3)
    assert again.to_json() == done.to_json()  # a review replays


def test_the_best_move_played_has_no_loss_and_a_worse_one_loses_the_difference() -> None:
    state, seat = _midgame("glory-to-rome")
    analysis = analyse(state, seat, budget=SMALL, seed=1)  # a review seeds decision 1 with 1 (seed 0)
    worst = analysis.options[-1]
    assert worst.value < analysis.best.value
    for option in (analysis.best, worst):
        after = state.clone()
        after.apply(option.action)
        (decision,) = review(([Position(1, state, option.action)], after), budget=SMALL, seed=0).decisions
        assert decision.played == option.action and decision.best_value == analysis.best.value
        assert decision.loss == pytest.approx(analysis.best.value - option.value)
    best_played = review(([Position(1, state, analysis.best.action)], state), budget=SMALL).decisions[0]
    assert best_played.best == best_played.played and best_played.loss == 0.0 and not best_played.mistake


def test_a_seat_sees_its_own_decisions_until_the_end_then_everyones() -> None:
    unfinished, _ = _reviewed("fall-of-rome_2p_random_unfinished.json")
    assert {d.seat for d in unfinished.decisions} == {0, 1}
    mine = unfinished.for_seat(0)
    assert mine.decisions and {d.seat for d in mine.decisions} == {0} and mine.seats == (0,)
    assert unfinished.for_seat(None).decisions == ()  # a spectator: nothing before the end
    with pytest.raises(ValueError, match="does not exist"):
        unfinished.for_seat(5)
    finished, _ = _reviewed("fall-of-rome_2p_random.json")
    assert finished.finished and finished.for_seat(1) == finished and finished.for_seat(None) == finished
    assert {d.seat for d in finished.for_seat(1).decisions} == {0, 1}
    data = finished.to_json()
    assert data["mistake_threshold"] == MISTAKE and len(data["decisions"]) == len(finished.decisions)


@pytest.mark.parametrize("name", ["glory-to-rome_2p_greedy_unfinished.json",
                                  "trajan_2p_random_unfinished.json"])
def test_a_seats_review_is_the_same_on_twin_positions(name: str) -> None:
    """Every position of the game replaced by a twin from seat 0's view (a determinization: what seat 0
    has seen kept, the rest re-dealt): seat 0's review is the same, decision by decision."""
    found, final = positions(GameRecord.load(RECORDS / name))
    twins = [Position(p.number, p.state.determinize(0, 1000 + p.number), p.action) for p in found]
    assert any(t.state.view(1) != p.state.view(1) for t, p in zip(twins, found, strict=True))  # not copies
    mine = review((found, final), budget=TINY, seed=5, seats=[0])
    theirs = review((twins, final), budget=TINY, seed=5, seats=[0])
    assert mine.decisions and mine.to_json() == theirs.to_json()


@pytest.mark.parametrize("path", sorted(RECORDS.glob("*.json")), ids=lambda p: p.stem)
def test_every_saved_record_can_be_reviewed(path: Path) -> None:
    """``ludus review`` works on any saved record: finished or not, any game and table size."""
    record = GameRecord.load(path)
    done = review(record, budget=Budget(worlds=1, width=2, turns=0), seed=1, seats=[0])
    assert done.actions == len(record.actions)
    assert all(d.seat == 0 and d.options > 1 for d in done.decisions)
    assert done.for_seat(0).to_json()["decisions"] == [d.to_json() for d in done.decisions]
