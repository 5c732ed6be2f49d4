"""The worked examples of the rulebook's quarter end (Hungarian 2nd edition), one test each.

"Egy negyedév vége": the people's demands, the senate majority and the consul's choice, the end of
a round and of a quarter; and the extra-action tiles and the pre-game Trajan tiles. The other
chapters' examples are in ``test_rulebook_examples.py``.
"""

from __future__ import annotations

from games.trajan.tj_helpers import (
    action_step,
    do,
    empty_trays,
    forum_tile,
    grab_trajan,
    in_play,
    put,
    started_at,
)
from ludus.games.trajan.components import (
    ACTIONS,
    BONUS_INDEX,
    DEMAND_TILE_KIND,
    MILITARY,
    PROVINCE_INDEX,
    SEAPORT,
    SENATE,
    TRAJAN_CATEGORIES,
    TRAJAN_INDEX,
    TRAJAN_TILES,
    Phase,
    Sub,
)
from ludus.games.trajan.game import TrajanState
from ludus.games.trajan.rules import quarter_end
from ludus.testing.scenario import edit, legal, play

started = in_play


# --- "Egy negyedév vége": demands ----------------------------------------------------------
def _quarter_end(state: TrajanState, demands: list[str]) -> None:
    """Bring ``state`` to the end of round 4 with ``demands`` revealed (inside ``edit``)."""
    kinds = {"bread": 0, "games": 1, "religion": 2}
    pool = state.demand_stack + state.demand_removed
    chosen = []
    for d in demands:
        tile = next(t for t in pool if DEMAND_TILE_KIND[t] == kinds[d] and t not in chosen)
        chosen.append(tile)
    state.demand_stack = [t for t in state.demand_stack if t not in chosen]
    state.demand_removed = [t for t in state.demand_removed if t not in chosen]
    while len(state.demand_stack) + len(state.demand_removed) > 12 - len(chosen):
        state.demand_spent.append(state.demand_stack.pop())
    state.demand_revealed = chosen
    state.round = 3
    state.round_over = 1
    action_step(state, 0, SEAPORT)


def _take_from_board(state: TrajanState, tile: int) -> None:
    if tile in state.fdeck:
        state.fdeck.remove(tile)
    for i, t in enumerate(state.province_tile):
        if t == tile:
            state.province_tile[i] = -1
    for i, t in enumerate(state.forum_slots):
        if t == tile:
            state.forum_slots[i] = -1


def test_example_demands_one_unmet_costs_4_vp() -> None:
    state = started()
    games_tile = forum_tile("games")
    senate_tile = forum_tile("senate3")
    religion = TRAJAN_INDEX["T52"]
    with edit(state):
        for t in (games_tile, senate_tile):
            _take_from_board(state, t)
            state.ftiles[0].append(t)
        state.held_f[0].append(grab_trajan(state, religion))
        state.vp = [20, 20]
        _quarter_end(state, ["games", "religion", "bread"])
    events = play(state, "0:pass")
    # seat 0 had only one way to meet each demand: done automatically
    assert games_tile in state.forum_removed and games_tile not in state.ftiles[0]
    assert religion in state.held_f[0]  # the Trajan tile is kept
    assert state.vp[0] == 20 - 4
    assert state.vp[1] == 20 - 15  # seat 1 met none of three
    unmet = [e.data for e in events if e.kind == "demands_unmet"]
    assert unmet == [{"seat": 0, "unmet": 1, "vp": 4}, {"seat": 1, "unmet": 3, "vp": 15}]


def test_a_player_must_meet_a_demand_when_able() -> None:
    state = started()
    bread = [forum_tile("bread", 0), forum_tile("bread", 1)]
    joker = forum_tile("demand_joker")
    with edit(state):
        for t in [*bread, joker]:
            _take_from_board(state, t)
            state.ftiles[0].append(t)
        state.vp = [10, 10]
        _quarter_end(state, ["bread", "bread", "games"])
    # the joker may only go to games (else one demand would stay unmet): no real choice
    probe = state.clone()
    quarter_end.start_demands(probe, 0)
    assert sorted(quarter_end.demand_options(probe, 0)) == [(0, 1), (1, 2)]
    do(state, "0:pass")
    assert state.vp[0] == 10 and not state.ftiles[0]


def test_the_player_chooses_how_to_meet_a_demand() -> None:
    state = started()
    bread = forum_tile("bread")
    with edit(state):
        _take_from_board(state, bread)
        state.ftiles[0].append(bread)
        state.held_f[0].append(grab_trajan(state, TRAJAN_INDEX["T46"]))
        state.vp = [10, 10]
        _quarter_end(state, ["bread", "religion", "religion"])
    do(state, "0:pass")
    assert state.phase == Phase.DEMANDS and state.decider == 0
    assert set(legal(state)) == {"0:meet bread trajan", "0:meet bread forum"}
    do(state, "0:meet bread trajan")
    assert bread in state.ftiles[0] and state.vp[0] == 10 - 9


def test_ways_to_meet_the_demands_that_end_alike_are_one_option() -> None:
    # ruling 31: bread, bread, religion revealed; a bread forum tile and a demand joker meet two
    # of them whichever way they are given (the joker to a bread or to the religion demand)
    state = started()
    bread, joker = forum_tile("bread"), forum_tile("demand_joker")
    with edit(state):
        for t in (bread, joker):
            _take_from_board(state, t)
            state.ftiles[0].append(t)
        state.vp = [10, 10]
        _quarter_end(state, ["bread", "bread", "religion"])
    do(state, "0:pass")
    assert state.phase == Phase.DEMANDS and state.decider == 0
    probe = state.clone()
    quarter_end.start_demands(probe, 0)
    assert sorted(quarter_end.demand_options(probe, 0)) == [(0, 1), (0, 2), (2, 2)]
    # the joker to the religion demand ends as the joker to a bread demand: one option
    assert legal(state) == ["0:meet bread forum", "0:meet bread joker"]
    game = state.game
    # a record before 0.4.0
    assert str(game.parse_action(state, "0:meet religion joker")) == "0:meet bread joker"
    results = set()
    for way in ("0:meet bread forum", "0:meet bread joker"):
        after = state.clone()
        do(after, way)
        assert after.vp[0] == 10 - 4 and not after.ftiles[0] and after.decider == 1
        results.add(after.digest())
    assert len(results) == 2  # the tiles leave the game in another order


def test_penalties_for_two_and_three_unmet_demands() -> None:
    state = started()
    bread = forum_tile("bread")
    with edit(state):
        _take_from_board(state, bread)
        state.ftiles[0].append(bread)
        state.vp = [0, 0]
        _quarter_end(state, ["games", "games", "bread"])
    do(state, "0:pass")
    assert state.vp[0] == -9  # two unmet: the VP track may go negative
    assert state.vp[1] == -15


# --- "Erőegyensúly a szenátusban": 8 : 5 -----------------------------------------------------
def test_example_senate_majority_8_to_5_and_the_consuls_choice() -> None:
    state = started()
    green, brown = 0, 1
    senate3 = forum_tile("senate3")
    with edit(state):
        state.senate_pos = [4, 4]  # 5 votes each
        state.senate_stamp = [5, 3]  # green's disc on top: green would win the tie
        _take_from_board(state, senate3)
        state.ftiles[brown].append(senate3)
        state.senate_bonus = [BONUS_INDEX["B1"], BONUS_INDEX["B7"]]
        for b in state.senate_bonus:
            if b in state.bonus_bag:
                state.bonus_bag.remove(b)
            for p in range(2):
                if b in state.bonus_yellow[p]:
                    state.bonus_yellow[p].remove(b)
                    state.bonus_bag.append(b)
        _quarter_end(state, ["bread", "games", "religion"])
        state.vp = [50, 50]
    do(state, "0:pass")
    assert state.phase == Phase.CONSUL and state.decider == brown  # 8 votes : 5
    assert set(legal(state)) == {"1:consul B1", "1:consul B7"}
    events = play(state, "1:consul B1")  # the consul chooses the left tile
    assert BONUS_INDEX["B1"] in state.bonus_yellow[brown]
    assert BONUS_INDEX["B7"] in state.bonus_grey[green]  # the proconsul: grey side up
    assert [(e.kind, e.data) for e in events[:2]] == [
        ("consul", {"seat": brown, "bonus": BONUS_INDEX["B1"]}),
        ("proconsul", {"seat": green, "bonus": BONUS_INDEX["B7"]}),
    ]
    # discs back to the start, the consul's on top; senate tiles removed
    assert state.senate_pos == [0, 0] and state.senate_stamp[brown] > state.senate_stamp[green]
    assert senate3 in state.forum_removed


def test_senate_tie_goes_to_the_disc_on_top() -> None:
    state = started()
    with edit(state):
        state.senate_pos = [4, 4]
        state.senate_stamp = [5, 3]
        _quarter_end(state, ["bread", "games", "religion"])
    do(state, "0:pass")
    assert state.decider == 0


# --- end of round and end of quarter ----------------------------------------------------------
def test_example_end_of_round_reveals_a_demand_and_round_4_ends_the_quarter() -> None:
    state = started()
    revealed = []
    kinds = []
    rng_actions = 0
    while state.quarter == 0:
        actions = state.legal_actions()
        events = state.apply(actions[rng_actions % len(actions)])
        kinds += [e.kind for e in events if e.kind in ("demand_revealed", "quarter_over")]
        rng_actions += 1
        if state.phase == Phase.TAKE and len(state.demand_revealed) not in revealed:
            revealed.append(len(state.demand_revealed))
    # after rounds 1-3 one demand each; round 4 reveals none but ends the quarter
    assert revealed[:4] == [0, 1, 2, 3]
    assert state.demand_revealed == [] and len(state.demand_spent) == 3
    assert kinds == ["demand_revealed"] * 3 + ["quarter_over"]


def test_example_quarter_end_clears_and_refills_the_board() -> None:
    state = started(4, 3)
    # two provinces without tile, leader or legionnaire; one with a leader; one with a legionnaire
    empty = [PROVINCE_INDEX["aquitania"], PROVINCE_INDEX["noricum"]]
    led, held = PROVINCE_INDEX["alpes"], PROVINCE_INDEX["raetia"]
    with edit(state):
        for i in (*empty, led, held):
            state.ftiles[1].append(state.province_tile[i])
            state.province_tile[i] = -1
        state.leader[2] = led
        state.province_legions[held] = 1 << 3
        state.mcamp[3] -= 1
        # the forum partly emptied, a ship grey
        for i in (0, 5, 11):
            state.ftiles[2].append(state.forum_slots[i])
            state.forum_slots[i] = -1
        state.ship_grey = [0, 1, 0]
        _quarter_end(state, ["bread", "bread", "bread"])
    do(state, "0:pass")
    if state.phase == Phase.CONSUL:
        state.apply(state.legal_actions()[0])
    assert state.quarter == 1
    for i in empty:
        assert state.province_tile[i] >= 0  # new forum tile
    assert state.province_tile[led] == -1 and state.province_tile[held] == -1
    assert all(t >= 0 for t in state.forum_slots)  # 4 players: every forum space filled
    assert all(t >= 0 for t in state.extra_slots)
    assert state.ship_grey == [0, 0, 0]  # the grey ship flips to its coloured side
    assert len(state.senate_bonus) == 2
    assert state.current == 1 and state.phase == Phase.TAKE
    assert [ACTIONS[a] for a in range(6)] == list(ACTIONS)


def test_extra_action_tile_repeats_the_action_twice_with_plus2() -> None:
    state = started()
    with edit(state):
        state.senate_pos[0] = 0
        state.xtiles[0].append(next(t for t in range(12) if t // 2 == SENATE and t in state.xdeck))
        state.xdeck.remove(state.xtiles[0][0])
        state.plus2[0][SENATE] = 1
        empty_trays(state, 0)
        put(state, 0, MILITARY, "white")
    do(state, "0:take military")
    do(state, "0:senate")
    assert set(legal(state)) == {"0:extra extra_senate", "0:decline"}
    do(state, "0:extra extra_senate")
    assert state.to_json()["agenda"] == [SENATE, SENATE]  # the action twice, as saved before
    do(state, "0:senate")
    do(state, "0:senate")
    assert state.senate_pos[0] == 3 and state.vp[0] == 2 + 3 + 4
    assert state.current == 1


def test_pregame_choice_one_tile_per_category_on_slots_II_IV_VI() -> None:
    state = started_at(Phase.CHOOSE_TRAJAN, seed=5)
    first = state.legal_actions()
    # free choice: any tile of any stack, asked as the stack (6), then its tile (ruling 36)
    assert [str(a) for a in first] == [f"0:stack {c.key}" for c in TRAJAN_CATEGORIES]
    tiles = 0
    for a in first:
        after = state.clone()
        after.apply(a)
        tiles += len(after.legal_actions())
    assert tiles == 54
    do(state, "0:stack laurel")
    assert {str(a.args[0]) for a in state.legal_actions()} == {
        TRAJAN_TILES[t].id for t in state.trajan_stacks[4]}
    do(state, "0:choose T40")
    assert "0:stack laurel" not in legal(state)  # at most one per category
    do(state, "0:stack cards")
    do(state, "0:choose T01")
    do(state, "0:stack demand")
    do(state, "0:choose T46")
    assert state.trajan_slots[0] == [-1, TRAJAN_INDEX["T40"], -1, TRAJAN_INDEX["T01"], -1,
                                     TRAJAN_INDEX["T46"]]
    assert state.decider == 1
    assert Sub.NONE == 0
