"""One scenario per worked example of the rulebook (Polish edition, Portal Games).

Each test builds the example's position and checks exactly what the rulebook states.
"""

from __future__ import annotations

import pytest

from games.hadrians_wall.hw_helpers import (
    DISCIPLINE,
    PIETY,
    RENOWN,
    VALOUR,
    B,
    C,
    R,
    S,
    V,
    acting,
    built,
    do,
    legal,
    pending,
)
from ludus.core.errors import IllegalActionError
from ludus.core.events import Log
from ludus.games.hadrians_wall import components as c
from ludus.games.hadrians_wall.components import Phase
from ludus.games.hadrians_wall.decisions import CohortChoice
from ludus.games.hadrians_wall.rules.pict_attack import attack_counts, attack_size, end_year
from ludus.games.hadrians_wall.scoring import disdain_penalty, outcome, score
from ludus.testing.scenario import edit


def _fate_card_with(**want: int) -> int:
    for card in c.FATE_CARDS:
        if all(getattr(card, k) == v for k, v in want.items()):
            return card.index
    raise AssertionError(want)


def test_player_cards_year_3_prospect_trainer() -> None:
    """Year 3, Defender and Vanguard chosen as Paths in earlier Years: Pontiff is added as the
    Year-3 Path, Trainer becomes the Prospect (covering the earlier one): +1 Servant and +1 Resource."""
    st = acting()
    b = st.boards[0]
    idx = c.PLAYER_CARD_INDEX
    earlier = [idx["defender"], idx["vanguard"]]
    old_prospects = [idx["architect"], idx["merchant"]]
    with edit(st):
        st.phase = Phase.CHOOSE
        st.year = 3
        b.hand = [idx["pontiff"], idx["trainer"]]
        b.paths, b.covered, b.prospect = earlier[:], old_prospects[:1], old_prospects[1]
        b.deck = [k for k in range(12) if k not in (*b.hand, *earlier, *old_prospects)]
        st.neutral_deck = st.neutral_deck or [0, 1]
    do(st, "path pontiff")
    assert b.paths == [*earlier, idx["pontiff"]]  # tucked under the Year-3 slot
    assert b.prospect == idx["trainer"] and b.covered == old_prospects
    assert b.items == [0, 0, 1, 0, 1]


def test_the_wall_action() -> None:
    """Wall: 1 Resource fills the next (blank) box; the next Wall box then also fills a Cohort."""
    st = acting()
    b = st.boards[0]
    with edit(st):
        b.fort, b.wall = 7, 5  # W6 is blank, W7 carries a Cohort icon
        b.items[R] = 2
    do(st, "wall")
    assert (b.wall, b.items[R], pending(b), b.cohorts) == (6, 1, [], [0, 0, 0])
    do(st, "wall")
    assert b.wall == 7 and pending(b) == ["cohort"]
    do(st, "cohort centre")
    assert b.cohorts == [0, 1, 0]


def test_the_cohort_choice() -> None:
    """A Cohort icon with 2 boxes of the left Cohort filled: its 3rd box gives 1 Discipline."""
    st = acting()
    b = st.boards[0]
    with edit(st):
        b.cohorts = [2, 0, 0]
        b.pending = [CohortChoice(0)]
    assert legal(st) == {"cohort left", "cohort centre", "cohort right"}
    do(st, "cohort left")
    assert b.cohorts == [3, 0, 0] and b.attrs[DISCIPLINE] == 1


def test_mining_and_foresting() -> None:
    """1 Servant on a hammer box: +1 Resource now and Resource Production +1."""
    st = acting()
    b = st.boards[0]
    with edit(st):
        b.mining = 1
        b.items[V] = 1
    do(st, "mine")
    assert (b.mining, b.items[R], b.production, b.items[V]) == (2, 1, 2, 0)


def test_the_wall_guard() -> None:
    """1 Soldier fills the next Wall Guard box; its Cohort icon fills a box of any Cohort."""
    st = acting()
    b = st.boards[0]
    with edit(st):
        b.guard = 2  # box 3 carries a Cohort icon
        b.items[S] = 1
    do(st, "guard")
    assert b.guard == 3 and pending(b) == ["cohort"] and b.items[S] == 0
    do(st, "cohort right")
    assert b.cohorts == [0, 0, 1]


def test_the_fort_and_cippi_chain_with_6_fort_boxes() -> None:
    """6 Fort boxes: the 3rd Cippi box waits for Fort box 7; Wall boxes up to 6 stay open."""
    st = acting()
    b = st.boards[0]
    with edit(st):
        b.fort, b.cippi, b.wall = 6, 2, 1
        b.items[R] = 9
    assert "cippi" not in legal(st)
    for _ in range(5):
        do(st, "wall")
        if b.pending:  # Wall box 4: Renown and a Cohort icon
            do(st, "cohort left")
    assert b.wall == 6 and b.attrs[RENOWN] == 1 and "wall" not in legal(st)
    with edit(st):
        b.items[B] = 1
    do(st, "fort builder")  # Fort box 7: +1 Discipline
    assert b.attrs[DISCIPLINE] == 1
    assert {"cippi", "wall"} <= legal(st)


def test_infrastructure_level_3() -> None:
    """6 Fort boxes give Infrastructure 3: the Medium Granary is allowed, the Large is not."""
    st = acting()
    b = st.boards[0]
    with edit(st):
        b.fort = 6
        b.items = [0, 5, 5, 0, 5]
    assert c.INFRASTRUCTURE_AT[b.fort] == 3
    assert "build medium_granary" in legal(st)
    do(st, "build medium_granary")
    assert "build large_granary" not in legal(st)


def test_the_medium_granary() -> None:
    """Medium Granary (Infrastructure 1; 1 Servant, 1 Builder, 1 Resource) opens the centre column."""
    st = acting()
    b = st.boards[0]
    with edit(st):
        b.fort, b.mining = 7, 4
        b.items = [0, 2, 2, 0, 1]
    assert "mine" not in legal(st) and "fort builder" not in legal(st)
    do(st, "build medium_granary")
    assert b.items == [0, 1, 1, 0, 0]
    assert {"mine", "fort builder"} <= legal(st)


def test_hotel_workshop_and_road_income() -> None:
    """Both Hotels and the Small Road: next Year +2 Civilians and 1 attribute of choice.
    The Small Workshop at Infrastructure 3 costs 3 Resources: +1 Builder now and every Year."""
    st = acting()
    b = st.boards[0]
    with edit(st):
        for key in ("small_hotel", "large_hotel", "small_road"):
            built(b, key)
        b.fort = 6
        b.items[R] = 3
    do(st, "build small_workshop")
    assert b.items == [0, 1, 0, 0, 0]
    do(st, "end")
    # the Year-1 attack potential is 1: favours are not needed with no Cohorts at all.
    assert st.year == 2
    card = c.FATE_CARDS[st.year_card].income
    valour_soldiers = 0
    assert b.items[C] == card[C] + 2
    assert b.items[B] == card[B] + 1
    assert b.items[S] == card[S] + valour_soldiers
    assert pending(b) == ["attr"]


def test_the_forum_exchange() -> None:
    """Year 2: 1 Servant + 1 Civilian returned for a Builder; once per Year."""
    st = acting(year=2)
    b = st.boards[0]
    with edit(st):
        b.items = [1, 0, 2, 2, 0]
    assert "forum servant civilian builder" in legal(st)
    assert not any(a.startswith("forum soldier") or a.endswith("soldier") for a in legal(st) if "forum" in a)
    do(st, "forum servant civilian builder")
    assert b.items == [1, 1, 1, 1, 0] and b.forum == [2]
    assert not any(a.startswith("forum") for a in legal(st))


def test_the_monolith() -> None:
    """Monolith at Piety 15: 1 Builder + 2 Resources give 2 Discipline."""
    st = acting()
    b = st.boards[0]
    with edit(st):
        b.attrs[PIETY] = 14
        b.items = [0, 1, 0, 0, 2]
    assert "build monolith" not in legal(st)
    with edit(st):
        b.attrs[PIETY] = 15
    do(st, "build monolith")
    assert b.attrs[DISCIPLINE] == 2 and b.items == [0, 0, 0, 0, 0]


def test_the_attribute_tracks() -> None:
    """Renown 2, Piety 16, Valour 3, Discipline 9 and the workers their boxes gave."""
    st = acting()
    b = st.boards[0]
    from ludus.games.hadrians_wall.rules.general import gain_attribute

    with edit(st):
        for attr, n in ((RENOWN, 2), (PIETY, 16), (VALOUR, 3), (DISCIPLINE, 9)):
            for _ in range(n):
                gain_attribute(st, 0, attr, Log())
    assert b.attrs == [2, 16, 3, 9]
    assert b.items == [1, 3, 5, 0, 0]  # Valour 3: Soldier; Discipline 3/6/9: Builders; Piety 3..15: Servants
    with edit(st):
        for _ in range(30):
            gain_attribute(st, 0, RENOWN, Log())
    assert b.attrs[RENOWN] == 25  # points above 25 are wasted


def test_the_medium_precinct() -> None:
    """Medium Precinct at 6 Traders: 1 Servant + 2 Civilians give Discipline, production +1, a Resource."""
    st = acting()
    b = st.boards[0]
    with edit(st):
        built(b, "small_precinct")
        b.citizens[c.TRADER] = 6
        b.items = [0, 0, 1, 2, 0]
    do(st, "build medium_precinct")
    assert b.attrs[DISCIPLINE] == 1 and b.production == 2 and b.items == [0, 0, 0, 0, 1]


def test_buying_good_6_from_the_fate_deck() -> None:
    """Goods 4 and 5 in the Market; a Fate-deck purchase shows 6: +1 Renown for the 3rd distinct good."""
    st = acting(players=3)
    b = st.boards[0]
    six = _fate_card_with(good=6)
    with edit(st):
        built(b, "market")
        b.citizens[c.TRADER] = 5
        b.market[0], b.market[1] = 4, 5
        b.items[R] = 1
        st.fate_deck.remove(six) if six in st.fate_deck else st.fate_discard.remove(six)
        st.fate_deck.append(six)
    do(st, "buy deck")
    do(st, "hexagon B1")
    assert b.market[2] == 6 and b.attrs[RENOWN] == 1 and six in st.fate_discard and b.items[R] == 0


def test_the_theatre() -> None:
    """2 performances done, 6 Performers: the third left box or the first right box."""
    st = acting(year=3)
    b = st.boards[0]
    with edit(st):
        built(b, "theatre")
        b.theatre[0], b.theatre[1] = 1, 2
        b.citizens[c.PERFORMER] = 6
        b.items[R] = 2
    assert {a for a in legal(st) if a.startswith("perform")} == {"perform L3", "perform R1"}
    do(st, "perform R1")
    # Apparitor box 1: Builder
    assert b.attrs[DISCIPLINE] == 1 and b.citizens[c.APPARITOR] == 1 and b.items[B] == 1
    assert not any(a.startswith("perform") for a in legal(st))  # one performance per Year


def test_the_gladiators_training_and_battle() -> None:
    """Red Strength 3, Blue 1, 6 Performers: Red may rise by 1 and Blue by 3 (column 4 is the limit).
    Year 4 battles: Red takes 3 damage and survives (2 Renown); Blue with 2 Strength takes 2 and dies (2
    Piety)."""
    st = acting(year=4)
    b = st.boards[0]
    with edit(st):
        built(b, "ludus")
        b.citizens[c.PERFORMER] = 6
        b.strength = [3, 1]
        b.items[V] = 10
    do(st, "train_gladiator red servant")
    assert "train_gladiator red servant" not in legal(st)
    for _ in range(3):
        do(st, "train_gladiator blue servant")
    assert b.strength == [4, 4] and "train_gladiator blue servant" not in legal(st)
    # the battles
    three = _fate_card_with(damage=3)
    two = _fate_card_with(damage=2)
    with edit(st):
        b.strength = [4, 2]
        for card in (three, two):
            (st.fate_deck if card in st.fate_deck else st.fate_discard).remove(card)
        st.fate_deck += [two, three]
    do(st, "battle red")
    assert b.damage[0] == 3 and not b.dead[0] and b.attrs[RENOWN] == 2
    assert "battle red" not in legal(st)
    do(st, "battle blue")
    assert b.dead[1] and b.attrs[PIETY] == 2
    assert not any("blue" in a for a in legal(st))


def test_the_temples() -> None:
    """Small Temple full (1 Favour); the next Medium box completes its second row: +1 Piety."""
    st = acting()
    b = st.boards[0]
    with edit(st):
        built(b, "small_temple")
        built(b, "medium_temple")
        b.citizens[c.PRIEST] = 5
        b.temple_filled, b.temple_favours = 5, 1
        b.items[C] = 1
    do(st, "temple civilian")
    assert b.temple_filled == 6 and b.attrs[PIETY] == 1 and b.temple_favours == 1


def test_the_baths_bribes() -> None:
    """2 Disdain, 1 bribe in Year 2: this Year 2 more bribes cost 1 and then 2 Resources."""
    st = acting(year=3)
    b = st.boards[0]
    with edit(st):
        built(b, "baths")
        b.citizens[c.APPARITOR] = 5
        b.disdain = 2
        b.baths[0] = 2
        b.items[R] = 3
    do(st, "bribe L2")
    assert b.items[R] == 2 and b.final_disdain() == 1
    do(st, "bribe L3")
    assert b.items[R] == 0 and b.final_disdain() == 0
    with edit(st):
        b.items[R] = 5
        b.disdain = 3
    assert not any(a.startswith("bribe") for a in legal(st))  # at most 2 bribes per Year


def test_the_courthouse_in_year_4() -> None:
    """Year 4, 7 Apparitores, the centre column used this Year: left box (+1 Servant), then right
    box (that Servant for a Builder); the centre is not allowed."""
    st = acting(year=4)
    b = st.boards[0]
    with edit(st):
        built(b, "courthouse")
        b.citizens[c.APPARITOR] = 7
        b.court[0], b.court[1] = 2, 3  # left boxes 1-2 used in earlier Years
        b.court[3] = 4  # centre used this Year
        b.items[B] = 1
    assert not any(a.startswith("ruling C") for a in legal(st))
    do(st, "ruling L3")
    assert b.items[V] == 1
    do(st, "ruling R2")
    assert b.items[V] == 0 and b.items[B] == 2


def test_the_diplomats() -> None:
    """A Diplomat serves the right Cohort: the next one must serve the left or centre Cohort."""
    st = acting()
    b = st.boards[0]
    with edit(st):
        b.diplomats, b.diplomat_used = [c.RIGHT], [1]
        b.citizens[c.PATRICIAN] = 3
        b.items = [1, 0, 1, 0, 2]
    assert {a for a in legal(st) if a.startswith("diplomat")} == {"diplomat left", "diplomat centre"}
    do(st, "diplomat left")
    assert b.attrs[VALOUR] == 1 and b.items == [0, 0, 0, 0, 0] and b.diplomats == [c.RIGHT, c.LEFT]


def test_the_scouting_with_a_mirrored_neighbour_pattern() -> None:
    """Third scout with a neighbour's pattern (the neighbour gets the Soldier), mirrored and rotated
    into the bottom-left corner: +1 Servant, +1 Resource and 2 Valour for two completed rows."""
    st = acting(players=3)
    b = st.boards[0]
    neighbour = st.boards[1]
    with edit(st):
        neighbour.prospect = c.PLAYER_CARD_INDEX["planner"]  # S pattern
        b.scouts = 2
        b.citizens[c.PATRICIAN] = 5
        b.map = 0
        for cell in ("b4", "c4", "d4", "c3", "e2", "e3", "e4", "d3"):
            b.map |= 1 << ((int(cell[1]) - 1) * 5 + "abcde".index(cell[0]))
        b.items[S] = 1
        neighbour.done = 1
    do(st, "scout p1")
    assert neighbour.items[S] == 1 and not neighbour.done  # the neighbour may use it at once
    do(st, "turn b1.a2.b2.a3")  # the S pattern stood up: .# / ## / #.
    assert "place a3.b3.a4.b2" not in legal(st)
    do(st, "place b2.a3.b3.a4")
    assert b.items == [0, 0, 1, 0, 1] and b.attrs[VALOUR] == 2 and b.scouts == 3


@pytest.mark.parametrize(
    ("right_boxes", "favour", "disdain", "valour"),
    [(0, False, 2, 0), (1, False, 1, 1), (1, True, 0, 2)],
)
def test_the_year_3_pict_attack(right_boxes: int, favour: bool, disdain: int, valour: int) -> None:
    """Year 3, Easy: 3 cards, 1 on the centre Cohort and 2 on the right (Hard would reveal 5).
    No right box: 2 Disdain; 1 right box: 1 Disdain + 1 Valour; with a Favour: 2 Valour."""
    st = acting(year=3)
    b = st.boards[0]
    assert c.ATTACK_CARDS["easy"][2] == 3 and c.ATTACK_CARDS["hard"][2] == 5
    centre = _fate_card_with(attack=c.CENTRE)
    rights = [x.index for x in c.FATE_CARDS if x.attack == c.RIGHT][:2]
    with edit(st):
        st.neutral = []
        st.neutral_items = []
        b.cohorts = [0, 1, right_boxes]
        if favour:
            b.temple_favours = 1
        for card in (centre, *rights):
            (st.fate_deck if card in st.fate_deck else st.fate_discard).remove(card)
        st.fate_deck += [rights[0], rights[1], centre]
        b.done = 1
    assert attack_size(st) == 3  # Easy, Year 3 (Hard would be 5: checked above)
    events = Log()
    with edit(st):
        end_year(st, events)
    revealed = [e for e in events if e.kind == "attack"]
    assert len(revealed) == 1 and sorted(revealed[0].data["cards"]) == sorted([centre, *rights])
    if favour:
        assert attack_counts(st) == [0, 1, 2]
        assert legal(st) == {"favour temple right", "defend"}
        do(st, "favour temple right")
    assert st.year == 4
    assert b.final_disdain() == disdain and b.attrs[VALOUR] == valour


def test_4_disdain_cost_7_vp() -> None:
    """4 Disdain left at the end: −7 VP."""
    assert disdain_penalty(4) == 7
    assert [disdain_penalty(n) for n in range(11)] == [0, 1, 3, 5, 7, 9, 12, 15, 18, 22, 22]


def test_the_scoring_example_57_plus_11_minus_5_is_63() -> None:
    """Attributes 6 + 23 + 12 + 16 = 57, Paths 11, 3 Disdain −5: 63 VP."""
    st = acting()
    b = st.boards[0]
    with edit(st):
        b.attrs = [6, 23, 12, 16]
        b.disdain = 3
        # Paths worth 11: Architect 3 (3 Landmarks), Fighter 3 (3 Cohorts), Forager 3 (9 circles),
        # Vanguard 2 (2 Wall Guard sections), and Trainer and Ranger worth nothing.
        b.paths = [c.PLAYER_CARD_INDEX[k]
                   for k in ("architect", "fighter", "forager", "vanguard", "trainer", "ranger")]
        for key in ("archway", "monolith", "column"):
            built(b, key)
        b.cohorts = [6, 6, 6]
        b.production = 9
        b.guard = 12
    assert score(b) == {"attributes": 57, "paths": 11, "disdain": -5, "total": 63}
    with edit(st):
        st.phase = Phase.OVER
    assert outcome(st).scores == (63.0,)
    rows = outcome(st).details["sheet"]
    assert [(r["category"], r["label"], r["points"]) for r in rows] == [
        ("renown", "Renown", [6]), ("piety", "Piety", [23]), ("valour", "Valour", [12]),
        ("discipline", "Discipline", [16]), ("path_cards", "Path cards", [11]),
        ("final_disdain", "Final Disdain", [-5]),
    ]


def test_illegal_actions_leave_the_state_unchanged() -> None:
    st = acting()
    before = st.digest()
    with pytest.raises(IllegalActionError):
        do(st, "wall")
    with pytest.raises(IllegalActionError):
        do(st, "build market")
    assert st.digest() == before


def test_the_favour() -> None:
    """The Favour example: one attack on the right Cohort would get through (1 Disdain + 1 Valour);
    a Favour ignores that card instead and the player gains 2 Valour."""
    test_the_year_3_pict_attack(right_boxes=1, favour=True, disdain=0, valour=2)
    st = acting(year=3)
    b = st.boards[0]
    centre = _fate_card_with(attack=c.CENTRE)
    rights = [x.index for x in c.FATE_CARDS if x.attack == c.RIGHT][:2]
    with edit(st):
        b.temple_favours = 1
        b.cohorts = [0, 1, 1]
        st.neutral, st.neutral_items = [], []
        st.attack = []
        for card in (centre, *rights):
            (st.fate_deck if card in st.fate_deck else st.fate_discard).remove(card)
        st.fate_deck += [rights[0], rights[1], centre]
        b.done = 1
        end_year(st, Log())
    do(st, "favour temple right")
    assert b.temple_used == 1 and b.favours_used == 1  # the Favour box is filled once used
