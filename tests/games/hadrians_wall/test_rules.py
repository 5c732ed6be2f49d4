"""Rules beyond the rulebook's worked examples: neighbours, Neutral cards, Favours, the
Solo Campaign, Path cards, the Fate deck running out."""

from __future__ import annotations

import pytest

import ludus
from games.hadrians_wall.hw_helpers import (
    DISCIPLINE,
    PIETY,
    RENOWN,
    VALOUR,
    B,
    R,
    S,
    V,
    acting,
    built,
    do,
    legal,
    pending,
)
from ludus.core.actions import Action
from ludus.core.errors import IllegalActionError, OptionError
from ludus.core.events import Log
from ludus.games.hadrians_wall import components as c
from ludus.games.hadrians_wall.components import BUILDING_IDS, Phase
from ludus.games.hadrians_wall.game import HadriansWallState
from ludus.games.hadrians_wall.rules.general import gain, gain_attribute
from ludus.games.hadrians_wall.rules.market import record_good
from ludus.games.hadrians_wall.rules.pict_attack import end_year
from ludus.games.hadrians_wall.scoring import campaign_result, path_vp, score
from ludus.games.hadrians_wall.state import Board
from ludus.testing.scenario import edit


def _acting(players: int = 1, year: int = 1, **options: object) -> HadriansWallState:
    """The shared scenario start, with this file's seed."""
    return acting(players, year, seed=3, **options)


def test_simultaneous_year_everyone_is_to_move_until_they_end() -> None:
    st = _acting(players=4)
    assert st.to_move() == (0, 1, 2, 3)
    do(st, "end", 2)
    assert st.to_move() == (0, 1, 3)
    with pytest.raises(IllegalActionError):
        do(st, "end", 2)


def test_buying_from_a_neighbour_pays_them_and_wakes_them_up() -> None:
    st = _acting(players=3)
    b, right = st.boards[0], st.boards[1]
    with edit(st):
        built(b, "market")
        b.citizens[c.TRADER] = 4
        b.items[R] = 1
        right.prospect = c.PLAYER_CARD_INDEX["ranger"]  # good 6
    do(st, "end", 1)
    assert 1 not in st.to_move()
    do(st, "buy p1")
    do(st, "hexagon A1")
    assert b.market[0] == 6 and right.items[R] == 1 and 1 in st.to_move()
    assert b.attrs[RENOWN] == 1


def test_final_pass_keeps_a_passed_neighbour_passed() -> None:
    st = _acting(players=3, final_pass=True)
    b, right = st.boards[0], st.boards[1]
    with edit(st):
        built(b, "market")
        b.citizens[c.TRADER] = 4
        b.items[R] = 1
    do(st, "end", 1)
    do(st, "buy p1")
    do(st, "hexagon A1")
    assert right.items[R] == 1 and 1 not in st.to_move()


def test_no_resource_passing_variant_adds_an_attack_card() -> None:
    st = _acting(players=3, resource_passing=False)
    b = st.boards[0]
    with edit(st):
        built(b, "market")
        b.citizens[c.TRADER] = 4
        b.items[R] = 1
    do(st, "buy p2")
    do(st, "hexagon A1")
    assert st.boards[2].items[R] == 0 and st.extra_attack == 1


def test_two_players_have_one_neighbour_and_one_neutral_card() -> None:
    st = _acting(players=2)
    b = st.boards[0]
    assert len(st.neutral) == 1
    with edit(st):
        built(b, "market")
        b.citizens[c.TRADER] = 4
        b.items[R] = 1
    sources = {a.split()[1] for a in legal(st) if a.startswith("buy")}
    assert sources == {"deck", "p1", "n0"}


def test_neutral_card_items_add_attack_cards() -> None:
    st = _acting(players=1)
    b = st.boards[0]
    assert len(st.neutral) == 2
    with edit(st):
        built(b, "market")
        b.citizens[c.TRADER] = 5
        b.items[R] = 2
    do(st, "buy n0")
    do(st, "hexagon A1")
    do(st, "buy n1")
    do(st, "hexagon A2")
    assert st.neutral_items == [1, 1]
    events = Log()
    with edit(st):
        b.done = 1
        end_year(st, events)
    # Year 1 (Easy) reveals 1 card, +2 for the items on the Neutral cards; then they are discarded.
    attack = next(e for e in events if e.kind == "attack")
    assert len(attack.data["cards"]) == 3
    assert st.neutral == [] and st.neutral_items == [] and len(st.neutral_discard) == 2


def test_diplomat_favour_only_for_its_cohort() -> None:
    st = _acting(year=2)
    b = st.boards[0]
    right = next(x.index for x in c.FATE_CARDS if x.attack == c.RIGHT)
    left = next(x.index for x in c.FATE_CARDS if x.attack == c.LEFT)
    with edit(st):
        b.diplomats, b.diplomat_used = [c.LEFT], [0]
        for card in (right, left):
            (st.fate_deck if card in st.fate_deck else st.fate_discard).remove(card)
        st.fate_deck += [right, left]
        st.neutral, st.neutral_items = [], []
        b.done = 1
        end_year(st, Log())
    assert st.phase is Phase.FAVOUR
    assert legal(st) == {"favour diplomat left", "defend"}
    do(st, "favour diplomat left")
    assert st.year == 3 and b.diplomat_used == [1]
    # Year 2: potential 2, one breach on the right: 1 Disdain + 1 Valour (+1 Valour from nothing else)
    assert b.final_disdain() == 1 and b.attrs[VALOUR] == 1 and b.favours_used == 1


def test_valour_workers_from_the_attack_carry_over_but_not_after_year_6() -> None:
    st = _acting(year=5)
    b = st.boards[0]
    with edit(st):
        b.attrs[VALOUR] = 2
        b.cohorts = [6, 6, 6]
        st.neutral, st.neutral_items = [], []
        b.done = 1
        end_year(st, Log())
    assert st.year == 6 and b.attrs[VALOUR] == 5
    income = c.FATE_CARDS[st.year_card].income
    assert b.items[S] == income[S] + 1  # the Soldier from Valour 3 is kept
    with edit(st):
        st.phase = Phase.ACTIONS
        b.pending = []
        b.attrs[VALOUR] = 5
        st.neutral, st.neutral_items = [], []
        b.done = 1
        end_year(st, Log())
    assert st.is_terminal() and b.attrs[VALOUR] == 9 and b.items == [0, 0, 0, 0, 0]


def test_training_grounds_once_a_year_and_never_into_a_closed_column() -> None:
    st = _acting(year=2)
    b = st.boards[0]
    with edit(st):
        b.items[B] = 3
    do(st, "train")
    assert b.guard == 1 and b.training == [2] and "train" not in legal(st)
    with edit(st):
        st.year = 3
        b.guard = 6
        b.pending = []
    assert "train" not in legal(st)  # the centre column needs the Medium Granary


def test_market_uniqueness_bonus_and_extra_workers() -> None:
    st = _acting()
    b = st.boards[0]
    renown = []
    for hexagon, good in enumerate((1, 1, 2, 3, 4, 5, 6, 6)):
        with edit(st):
            record_good(st, 0, hexagon, good, Log())
        renown.append(b.attrs[RENOWN])
    assert renown == [1, 1, 2, 3, 5, 7, 10, 10]
    assert b.items[V] == 1 and b.items[B] == 1  # D1 and D2
    assert path_vp(b, c.PLAYER_CARD_INDEX["merchant"]) == 3


def test_gardens_citizen_rewards_are_wasted_on_full_tracks() -> None:
    st = _acting()
    b = st.boards[0]
    with edit(st):
        b.citizens = [9, 0, 4, 0, 0]
        b.items = [0, 1, 1, 0, 1]
    do(st, "build small_gardens")
    assert b.citizens == [9, 1, 5, 0, 0] and b.attrs[PIETY] == 1


def test_large_granary_gives_renown_and_opens_the_right_column() -> None:
    st = _acting()
    b = st.boards[0]
    with edit(st):
        built(b, "medium_granary")
        b.fort = 14
        b.items = [0, 2, 1, 0, 2]
    do(st, "build large_granary")
    assert b.attrs[RENOWN] == 1
    assert "fort builder" in legal(st)


def test_chained_rewards_resolve() -> None:
    """A Wall Guard box's Cohort icon fills a Cohort box whose Discipline reaches a Builder box."""
    st = _acting()
    b = st.boards[0]
    with edit(st):
        b.attrs[DISCIPLINE] = 2
        b.cohorts = [2, 6, 6]
        gain(st, 0, "cohort", Log())  # only the left Cohort is open: filled at once
    assert b.cohorts[0] == 3 and b.attrs[DISCIPLINE] == 3 and b.items[B] == 1
    with edit(st):
        b.attrs[PIETY] = 16
        gain_attribute(st, 0, PIETY, Log())  # Piety 17 gives Renown
    assert b.attrs[RENOWN] == 1


def test_road_income_is_an_attribute_choice() -> None:
    st = _acting()
    b = st.boards[0]
    with edit(st):
        b.fort = 21
        built(b, "small_road")
        b.items = [0, 1, 2, 0, 2]
    do(st, "build large_road")
    assert legal(st) == {"attribute renown", "attribute valour"}
    do(st, "attribute valour")
    assert b.attrs[VALOUR] == 1


def test_fate_deck_reshuffles_the_discard_when_empty() -> None:
    st = _acting()
    b = st.boards[0]
    with edit(st):
        built(b, "market")
        b.citizens[c.TRADER] = 9
        st.fate_discard += st.fate_deck
        st.fate_deck = []
        b.items[R] = 1
    st.apply(Action(0, "buy", ("deck",)))
    st.apply(Action(0, "hexagon", ("A1",)))
    assert len(st.fate_deck) + len(st.fate_discard) == 48 and b.market[0]


def test_path_cards() -> None:
    b = Board()
    idx = c.PLAYER_CARD_INDEX
    b.disdain = 3
    assert path_vp(b, idx["aristocrat"]) == 1
    b.disdain_removed = 1
    assert path_vp(b, idx["aristocrat"]) == 2
    b.wall = 14
    assert path_vp(b, idx["defender"]) == 2
    b.built[BUILDING_IDS.index("large_temple")] = 1
    b.built[BUILDING_IDS.index("large_gardens")] = 1
    assert path_vp(b, idx["engineer"]) == 1
    b.citizens = [9, 9, 9, 9, 8]
    assert path_vp(b, idx["planner"]) == 2
    b.temple_filled = 8
    assert path_vp(b, idx["pontiff"]) == 2
    b.map = c.COLUMN_MASKS[0] | c.COLUMN_MASKS[1] | c.COLUMN_MASKS[4]
    assert path_vp(b, idx["ranger"]) == 2
    b.strength = [6, 2]
    assert path_vp(b, idx["trainer"]) == 2
    b.production = 5
    assert path_vp(b, idx["forager"]) == 1


def test_campaign_options_are_solo_only() -> None:
    with pytest.raises(OptionError):
        ludus.load("hadrians-wall", players=2, campaign_fort=3)
    with pytest.raises(OptionError):
        ludus.load("hadrians-wall", players=1, campaign_fort=1, campaign_reward=True)


def test_campaign_fort_10_year_1_card_shows_2_soldiers_and_no_wall_before_year_3() -> None:
    for seed in range(5):
        game = ludus.load("hadrians-wall", players=1, campaign_fort=10)
        st = game.new_state(seed)
        assert isinstance(st, HadriansWallState)
        assert c.FATE_CARDS[st.year_card].income[S] == 2
    st = _acting(campaign_fort=10)
    b = st.boards[0]
    with edit(st):
        b.fort, b.items[R] = 4, 2
    assert "wall" not in legal(st) and "cippi" not in legal(st)
    with edit(st):
        st.year = 3
    assert {"wall", "cippi"} <= legal(st)


def test_campaign_rule_changes() -> None:
    st = _acting(campaign_fort=11)
    with edit(st):
        st.boards[0].items[V] = 1
    assert "mine" not in legal(st)
    with edit(st):
        st.boards[0].items[V] = 2
    do(st, "mine")
    assert st.boards[0].items[V] == 0
    st = _acting(campaign_fort=4)
    b = st.boards[0]
    with edit(st):
        b.fort = 1
        b.items = [0, 1, 1, 0, 1]
    assert "build medium_granary" not in legal(st)
    with edit(st):
        b.items[R] = 2
    assert "build medium_granary" in legal(st)
    st = _acting(campaign_fort=6)
    b = st.boards[0]
    with edit(st):
        b.citizens[c.PERFORMER] = 5
        b.items = [5, 5, 5, 5, 5]
    assert not {"build theatre", "build ludus"} & legal(st)
    st = _acting(campaign_fort=14)
    b = st.boards[0]
    with edit(st):
        b.citizens[c.PATRICIAN] = 9
        b.items = [5, 5, 5, 5, 5]
    assert not any(a.startswith("diplomat") for a in legal(st))
    assert st.cfg.extra_attack_cards == 1 and st.cfg.neutral_per_year == 2
    assert ludus.load("hadrians-wall", players=1, campaign_fort=16).config.neutral_per_year == 1


def test_campaign_setup_reward_arrives_in_year_1() -> None:
    plain = ludus.load("hadrians-wall", players=1, campaign_fort=3).new_state(4)
    rewarded = ludus.load("hadrians-wall", players=1, campaign_fort=3, campaign_reward=True).new_state(4)
    # Fort 2's reward: 2 Resources
    diff = [x - y for x, y in zip(rewarded.boards[0].items, plain.boards[0].items)]
    assert diff == [0, 0, 0, 0, 2]


def test_campaign_goal_and_challenge() -> None:
    b = Board()
    b.attrs = [20, 20, 20, 10]
    b.wall = 21
    assert campaign_result(1, b) == (True, True)
    b.attrs = [20, 20, 10, 10]
    assert campaign_result(1, b) == (False, False)
    b.disdain = 1
    assert campaign_result(15, b) == (False, False)
    b.disdain_removed = 1
    assert campaign_result(15, b) == (True, True)
    assert score(b)["total"] == 60


def test_campaign_outcome_reports_goal_and_challenge() -> None:
    game = ludus.load("hadrians-wall", players=1, campaign_fort=15)
    st = game.new_state(1)
    while not st.is_terminal():
        st.apply(st.legal_actions()[-1] if st.phase is Phase.FAVOUR else st.legal_actions()[0])
    out = st.outcome()
    assert out.details["fort"] == 15 and out.details["fort_name"] == "Coggabata"
    assert isinstance(out.details["goal"], bool) and isinstance(out.details["challenge"], bool)
    assert out.winners == ((0,) if out.details["goal"] else ())


def test_map_cells_parse_in_any_order() -> None:
    game = ludus.load("hadrians-wall", players=1)
    st = game.new_state(0)
    assert game.parse_action(st, "0:place a4.a3.b3.b2") == Action(0, "place", ("b2.a3.b3.a4",))
    assert game.parse_action(st, "0:place z9.a1") == Action(0, "place", ("z9.a1",))


def test_corrupt_state_data_is_a_clear_error() -> None:
    from ludus.core.errors import LudusError

    game = ludus.load("hadrians-wall", players=2)
    data = game.new_state(1).to_json()
    with pytest.raises(LudusError):
        game.state_from_json({**data, "phase": "lunch"})
    with pytest.raises(LudusError):
        game.state_from_json({"year": 1})
    with pytest.raises(LudusError):
        ludus.load("hadrians-wall", players=3).state_from_json(data)


def test_scouting_with_a_neutral_pattern_puts_the_soldier_on_the_card() -> None:
    st = _acting(players=1)
    b = st.boards[0]
    with edit(st):
        b.citizens[c.PATRICIAN] = 2
        b.items[S] = 1
        st.neutral = [c.PLAYER_CARD_INDEX["fighter"], c.PLAYER_CARD_INDEX["ranger"]]  # O and I
        st.neutral_items = [0, 0]
    do(st, "scout n1")
    assert st.neutral_items == [0, 1] and pending(b) == ["place:I"]
    assert legal(st) == {"turn a1.b1.c1.d1", "turn a1.a2.a3.a4"}  # lying or standing
    do(st, "turn a1.b1.c1.d1")
    assert pending(b) == ["shape:I:a1.b1.c1.d1"]
    assert "place a1.b1.c1.d1" in legal(st) and "end" not in legal(st)
    do(st, "place a1.b1.c1.d1")
    assert b.items[R] == 1 and b.attrs[VALOUR] == 0  # the a1 Resource; row 1 not complete


def test_campaign_extra_attack_card() -> None:
    from ludus.games.hadrians_wall.rules.pict_attack import attack_size

    st = _acting(campaign_fort=12, difficulty="normal", year=3)
    with edit(st):
        st.neutral_items = [1, 0]
    assert attack_size(st) == 4 + 1 + 1


def test_ties_break_by_least_disdain_then_path_vp() -> None:
    from ludus.games.hadrians_wall.scoring import outcome

    st = _acting(players=3)
    with edit(st):
        for b in st.boards:
            b.attrs = [10, 10, 10, 10]
            b.paths = []
        st.boards[0].disdain = 1  # 40 − 1 = 39
        st.boards[1].attrs = [10, 10, 10, 9]  # 39, no Disdain
        st.boards[2].attrs = [10, 10, 10, 9]  # 39, no Disdain
        st.phase = Phase.OVER
    out = outcome(st)
    assert out.scores == (39.0, 39.0, 39.0)
    assert out.ranking == (3, 1, 1) and out.winners == (1, 2)
    with edit(st):
        st.boards[2].paths = [c.PLAYER_CARD_INDEX["aristocrat"]]  # 3 VP with no Disdain
        st.boards[2].attrs = [10, 10, 10, 6]
    out = outcome(st)
    assert out.scores[2] == 39.0 and out.ranking == (3, 2, 1)


def test_pending_choices_are_typed_and_saved_as_their_tokens() -> None:
    """Rewards queue their choices; the next one is answered first; JSON keeps the tokens."""
    from ludus.games.hadrians_wall.decisions import AttributeChoice, CohortChoice, PlacePattern

    st = _acting(players=1)
    b = st.boards[0]
    with edit(st):
        gain(st, 0, "cohort", Log())
        gain(st, 0, "renown_or_valour", Log())
        b.pending.append(PlacePattern(0, "I"))  # a scout's pattern is placed before anything else
        b.scouts = 1  # (as the scout that opened it counts: a loaded state must agree)
    assert pending(b) == ["place:I", "cohort", "rv"]
    assert [type(d) for d in b.pending] == [AttributeChoice, CohortChoice, PlacePattern]
    assert st.to_json()["boards"][0]["pending"] == ["place:I", "cohort", "rv"]
    again = st.game.state_from_json(st.to_json())
    assert again.digest() == st.digest() and again.legal_actions(0) == st.legal_actions(0)
    assert [(type(d), d.who) for d in again.boards[0].pending] == [(type(d), 0) for d in b.pending]
    assert all(a.startswith("turn ") for a in legal(st))
    do(st, "turn a1.b1.c1.d1")
    assert all(a.startswith("place ") for a in legal(st))
    do(st, "place a1.b1.c1.d1")
    assert pending(b) == ["cohort", "rv"] and b.items[R] == 1
    do(st, "cohort right")
    assert pending(b) == ["rv"] and legal(st) == {"attribute renown", "attribute valour"}
    do(st, "attribute valour")
    assert b.pending == [] and b.cohorts == [0, 0, 1] and b.attrs[VALOUR] == 1


def test_each_seat_answers_its_own_pending_choice() -> None:
    """Simultaneous play: seat 1's Cohort choice does not block seat 0, and is answered on seat 1's board."""
    st = _acting(players=2)
    with edit(st):
        gain(st, 1, "cohort", Log())
        st.boards[0].items[S] = 1
    assert legal(st, 1) == {"cohort left", "cohort centre", "cohort right"}
    assert "guard" in legal(st, 0) and "cohort left" not in legal(st, 0)
    with pytest.raises(IllegalActionError):
        do(st, "cohort left", 0)
    do(st, "cohort centre", 1)
    assert st.boards[1].cohorts == [0, 1, 0] and st.boards[1].pending == []


def test_events_are_kinds_and_ids_sheets_public_and_private_draws_stay_private() -> None:
    st = _acting(players=2, year=5)
    with edit(st):
        for b in st.boards:
            b.cohorts = [6, 6, 6]
        st.boards[0].items[V] = 1
        st.boards[0].mining = 1
    events = Log()
    events += st.apply(Action(0, "mine"))
    fill = next(e for e in events if e.kind == "fill")
    assert fill.data == {"seat": 0, "area": "mining", "box": 2}
    # The sheets are open information: their fills and gains are public (issue 11).
    assert fill.visible_to is None
    gained = next(e for e in events if e.kind == "gain")
    assert gained.data == {"seat": 0, "rewards": ["hammer", "resource"]} and gained.visible_to is None
    assert next(e for e in events if e.kind == "production").data == {"seat": 0,
                                                                      "circle": st.boards[0].production}
    events = Log()
    for p in (0, 1):
        events += st.apply(Action(p, "end"))
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["end", "end", "attack"] and "year" in kinds
    draws = [e for e in events if e.kind == "draw"]
    assert [sorted(e.visible_to or ()) for e in draws] == [[0], [1]]
    assert draws[0].data == {"seat": 0, "cards": st.boards[0].hand}
    assert all(isinstance(v, int | list) for e in events for v in e.data.values())
    assert draws[0].text.startswith("Player 1 draws ")
