"""The worked examples of the rulebook (Hungarian 2nd edition), one test each.

Each test builds the example's position on a started game and checks what the
rulebook states.
"""

from __future__ import annotations

import pytest

from games.trajan.tj_helpers import (
    action_step,
    clear_slots,
    do,
    empty_trays,
    forum_tile,
    grab_trajan,
    in_play,
    put,
    turn_of,
)
from ludus.core.actions import Action
from ludus.core.errors import IllegalActionError
from ludus.games.trajan.components import (
    COLOURS,
    CONSTRUCTION,
    CONSTRUCTION_TILES,
    GRID_COLUMNS,
    MILITARY,
    PROVINCE_INDEX,
    SEAPORT,
    SENATE,
    TRAJAN,
    TRAJAN_INDEX,
    Phase,
)
from ludus.games.trajan.game import TrajanState
from ludus.testing.scenario import edit, legal, play

started = in_play


# --- "Akciójelzők átrendezése": the sowing example --------------------------------------
def test_example_sowing_from_the_trajan_tray_ends_on_the_seaport() -> None:
    state = started()
    with edit(state):
        empty_trays(state, 0)
        clear_slots(state, 0)
        put(state, 0, TRAJAN, "blue", "white")
        put(state, 0, SEAPORT, "yellow")
    do(state, "0:take trajan")
    assert state.phase == Phase.SOW and state.sow_tray == CONSTRUCTION
    do(state, "0:sow blue")  # first marker: Construction
    # the last marker is placed automatically (one left) in the Seaport tray: the target
    assert state.trays[0][CONSTRUCTION][COLOURS.index("blue")] == 1
    assert state.trays[0][SEAPORT][COLOURS.index("white")] == 1
    assert state.target == SEAPORT
    assert state.phase == Phase.ACTION
    assert {a.verb for a in state.legal_actions()} >= {"draw_two", "take_discard", "pass"}


def test_example_the_player_chooses_which_colour_goes_into_each_tray() -> None:
    state = started()
    with edit(state):
        empty_trays(state, 0)
        put(state, 0, TRAJAN, "blue", "white")
    do(state, "0:take trajan")
    assert legal(state) == ["0:sow white", "0:sow blue"]
    do(state, "0:sow white")
    assert state.trays[0][CONSTRUCTION][COLOURS.index("white")] == 1
    assert state.trays[0][SEAPORT][COLOURS.index("blue")] == 1


def test_more_than_six_markers_go_round_again() -> None:
    state = started()
    with edit(state):
        empty_trays(state, 0)
        put(state, 0, SEAPORT, *(["yellow"] * 2 + ["orange"] * 2 + ["green"] * 2 + ["white"]))
    do(state, "0:take seaport")
    while state.phase == Phase.SOW:
        state.apply(state.legal_actions()[0])
    # 7 markers: Forum .. Construction, the emptied Seaport tray (6th), then Forum again
    assert [sum(t) for t in state.trays[0]] == [1, 2, 1, 1, 1, 1]
    assert state.target == 1


# --- "Időjelző léptetése": the time examples ---------------------------------------------
def test_example_time_marker_moves_2_spaces_for_2_markers() -> None:
    state = started()
    with edit(state):
        empty_trays(state, 0)
        put(state, 0, TRAJAN, "blue", "white")
        state.time_pos = 3
    do(state, "0:take trajan")
    assert state.time_pos == 5 and not state.round_over


def test_example_time_marker_moves_4_spaces_past_the_start_and_the_round_ends_after_the_turn() -> None:
    state = started()
    lap = state.game.lap
    with edit(state):
        empty_trays(state, 0)
        put(state, 0, MILITARY, "blue", "white", "pink", "yellow")
        state.time_pos = lap - 2
    do(state, "0:take military")
    assert state.time_pos == 2 and state.round_over == 1
    assert state.demand_revealed == []
    while state.decider == 0 and state.phase != Phase.TAKE:
        actions = state.legal_actions()
        state.apply(next((a for a in actions if a.verb == "pass"), actions[0]))
    # the round ended after the active player's whole turn: one demand tile revealed
    assert len(state.demand_revealed) == 1 and state.round == 1
    assert state.current == 1 and state.phase == Phase.TAKE
    assert state.time_pos == 2  # the marker is not reset


def test_a_move_longer_than_a_lap_lands_where_the_spaces_take_it() -> None:
    """[HU] "Forduló vége": "Az időjelző pozíciója a forduló végén nem változik, egyszerűen az
    aktuális helyéről halad tovább." 12 markers from the last space of an 11-space track pass the
    start twice: the marker lands on space 0 (not on a space 11 the track does not have), and the
    round ends once, after the turn."""
    state = started()
    lap = state.game.lap
    assert lap == 11
    with edit(state):
        empty_trays(state, 0)
        put(state, 0, MILITARY, *(["blue", "white", "pink", "yellow", "green", "orange"] * 2))
        state.time_pos = lap - 1
    do(state, "0:take military")
    assert state.time_pos == (lap - 1 + 12) % lap == 0
    assert state.round_over == 1


# --- "Traianuslapka teljesítése": 5 VP and a worker ---------------------------------------
def test_example_trajan_tile_gives_5_vp_and_a_worker() -> None:
    state = started()
    tile = TRAJAN_INDEX["T19"]  # category C: blue + green, 5 VP, 1 token to the worker camp
    with edit(state):
        empty_trays(state, 0)
        clear_slots(state, 0)
        state.trajan_slots[0][MILITARY] = grab_trajan(state, tile)
        put(state, 0, MILITARY, "green", "pink")
        put(state, 0, FORUM_TRAY := 1, "blue")
    vp, workers, supply = state.vp[0], state.wcamp[0], state.supply[0]
    events = play(state, "0:take forum")
    # the last (only) marker is blue: the tray now shows blue and green
    assert state.target == MILITARY
    assert state.vp[0] == vp + 5
    assert any(e.kind == "accomplish" and e.data == {"seat": 0, "tile": tile, "vp": 5} for e in events)
    assert state.phase == Phase.EFFECT
    do(state, "0:effect")
    assert state.wcamp[0] == workers + 1 and state.supply[0] == supply - 1
    assert state.trajan_slots[0][MILITARY] == -1 and tile in state.trajan_removed
    # then the tray's action (military) may still be taken
    assert state.phase == Phase.ACTION and {"recruit", "march"} <= {a.verb for a in state.legal_actions()}
    assert FORUM_TRAY == 1


def test_same_colour_trajan_tile_needs_both_markers_of_that_colour() -> None:
    state = started()
    tile = TRAJAN_INDEX["T45"]  # yellow + yellow, 9 VP
    with edit(state):
        empty_trays(state, 0)
        clear_slots(state, 0)
        state.trajan_slots[0][SENATE] = grab_trajan(state, tile)
        put(state, 0, MILITARY, "yellow")
    do(state, "0:take military")
    assert state.trajan_slots[0][SENATE] == tile and state.vp[0] == 0
    do(state, "0:pass")
    # next turn of seat 0: another yellow joins the senate tray
    with edit(state):
        turn_of(state, 0)
        empty_trays(state, 0)
        put(state, 0, SENATE, "yellow")
        put(state, 0, MILITARY, "yellow")
    do(state, "0:take military")
    assert state.trajan_slots[0][SENATE] == -1 and state.vp[0] == 9


# --- "Traianusakció": the arch example -----------------------------------------------------
def test_example_trajan_action_arch_moves_from_I_past_occupied_II_to_III() -> None:
    state = started()
    with edit(state):
        empty_trays(state, 0)
        clear_slots(state, 0)
        state.trajan_slots[0][1] = state.trajan_stacks[0].pop()  # slot II occupied
        state.arch[0] = 0
        put(state, 0, SENATE, "white")
    do(state, "0:take senate")  # lands on the Trajan tray
    top = state.trajan_stacks[4][-1]
    do(state, "0:trajan laurel")
    assert state.trajan_slots[0][0] == top  # placed where the arch stood (I)
    assert state.arch[0] == 2  # then the arch moves to the next empty slot (III)


def test_trajan_action_is_blocked_when_all_six_slots_are_full() -> None:
    state = started()
    with edit(state):
        empty_trays(state, 0)
        clear_slots(state, 0)
        for slot in range(6):
            if slot != 5:
                state.trajan_slots[0][slot] = state.trajan_stacks[slot].pop()
        state.arch[0] = 5
        put(state, 0, SENATE, "white")
    do(state, "0:take senate")
    do(state, "0:trajan cards")
    assert state.arch[0] == -1  # to the centre of the action circle
    with edit(state):
        turn_of(state, 0)
        empty_trays(state, 0)
        put(state, 0, SENATE, "white")
    do(state, "0:take senate")
    assert [a.verb for a in state.legal_actions()] == ["pass"]


# --- "Szenátusakció": 4 -> 5 ---------------------------------------------------------------
def test_example_senate_step_from_4_to_5_gains_5_vp() -> None:
    state = started()
    with edit(state):
        empty_trays(state, 0)
        put(state, 0, MILITARY, "white")
        state.senate_pos[0] = 3  # the space worth 4 VP
        state.senate_pos[1] = 4  # another disc already on the 5-VP space
    vp = state.vp[0]
    do(state, "0:take military")
    do(state, "0:senate")
    assert state.senate_pos[0] == 4 and state.vp[0] == vp + 5
    assert state.senate_stamp[0] > state.senate_stamp[1]  # placed on top of the disc there


def test_no_senate_action_after_the_8_vp_space_this_quarter() -> None:
    state = started()
    with edit(state):
        empty_trays(state, 0)
        put(state, 0, MILITARY, "white")
        state.senate_pos[0] = 7
    do(state, "0:take military")
    assert [a.verb for a in state.legal_actions()] == ["pass"]


# --- "Építésakció": first tile of a type grants its action ---------------------------------
def _construction_turn(state: TrajanState) -> None:
    with edit(state):
        empty_trays(state, 0)
        put(state, 0, TRAJAN, "white")
        turn_of(state, 0)
    do(state, "0:take trajan")
    assert state.target == CONSTRUCTION


def test_example_first_construction_tile_grants_a_senate_action() -> None:
    state = started()
    senate_tiles = [t.index for t in CONSTRUCTION_TILES if t.action == SENATE]
    tile = senate_tiles[2]  # the 4-VP senate-type tile
    space = state.grid_tile.index(tile)
    _construction_turn(state)
    vp = state.vp[0]
    events = play(state, f"0:build {space}")
    assert state.grid_tile[space] == -1 and tile in state.ctiles[0]
    assert state.vp[0] == vp + CONSTRUCTION_TILES[tile].vp
    assert [e.kind for e in events] == ["build", "bonus_action"]
    assert events[1].data == {"seat": 0, "action": SENATE}
    # the bonus action: the senate action, at once, as part of this turn
    assert [a.verb for a in state.legal_actions()] == ["senate", "pass"]
    do(state, "0:senate")
    assert state.senate_pos[0] == 1 and state.vp[0] == vp + CONSTRUCTION_TILES[tile].vp + 2
    assert state.current == 1  # the turn is over


def test_second_tile_of_a_type_grants_no_bonus_action() -> None:
    state = started()
    senate_tiles = [t.index for t in CONSTRUCTION_TILES if t.action == SENATE]
    with edit(state):
        state.ctiles[0].append(senate_tiles[0])
        state.grid_tile[state.grid_tile.index(senate_tiles[0])] = -1
        state.grid_workers[0] |= 0  # unchanged
    _construction_turn(state)
    space = state.grid_tile.index(senate_tiles[1])
    do(state, f"0:build {space}")
    assert state.current == 1


def test_example_helper_worker_on_an_occupied_space() -> None:
    state = started()
    # seat 0's worker at space 0, seat 1 (blue) on space 1 (no tile left there)
    with edit(state):
        state.grid_workers[0] = 1
        state.ctiles[0].append(state.grid_tile[0])
        state.grid_tile[0] = -1
        state.grid_workers[1] = 2
        state.ctiles[1].append(state.grid_tile[1])
        state.grid_tile[1] = -1
        state.wcamp[0] = 2
    _construction_turn(state)
    moves = set(legal(state))
    assert "0:build 1" in moves and "0:build 0" not in moves and "0:build 2" not in moves
    vp, tiles = state.vp[0], len(state.ctiles[0])
    do(state, "0:build 1")
    assert state.vp[0] == vp and len(state.ctiles[0]) == tiles  # no VP and no tile
    assert state.grid_workers[1] == 3
    # but now the tile next to it (space 2) can be reached on a later turn
    _construction_turn(state)
    assert "0:build 2" in set(legal(state))
    assert GRID_COLUMNS == 5


# --- Military ------------------------------------------------------------------------------
def test_legionnaire_scores_province_minus_3_per_other_legionnaire_never_below_0() -> None:
    state = started(4)
    alpes = PROVINCE_INDEX["alpes"]  # 3 VP
    britannia = PROVINCE_INDEX["britannia"]  # 10 VP
    with edit(state):
        state.province_legions[britannia] = 0b0110  # seats 1 and 2
        state.province_legions[alpes] = 0b0010
        state.leader[0] = britannia
        state.mcamp[0] = 2
        empty_trays(state, 0)
        put(state, 0, SEAPORT, "white")
    do(state, "0:take seaport")  # target: Forum
    with edit(state):
        action_step(state, 0, 6 + MILITARY, MILITARY)
    do(state, "0:deploy")
    assert state.vp[0] == 10 - 6
    with edit(state):
        state.leader[0] = alpes
        action_step(state, 0, MILITARY)
    vp = state.vp[0]
    do(state, "0:deploy")
    assert state.vp[0] == vp  # 3 - 3 = 0


def test_leader_marches_from_the_camp_and_takes_the_forum_tile() -> None:
    state = started()
    with edit(state):
        action_step(state, 0, MILITARY)
    marches = sorted(str(a.args[0]) for a in state.legal_actions() if a.verb == "march")
    assert marches == ["alpes", "noricum", "raetia"]
    noricum = PROVINCE_INDEX["noricum"]
    tile = state.province_tile[noricum]
    events = play(state, "0:march noricum")
    assert state.leader[0] == noricum and tile in state.ftiles[0] and state.province_tile[noricum] == -1
    assert (events[0].kind, events[0].data) == ("march_take", {"seat": 0, "province": noricum, "tile": tile})


# --- Seaport: ships -----------------------------------------------------------------------
def test_ship_of_identical_cards_coloured_then_grey() -> None:
    state = started()
    with edit(state):
        state.hand[0] = [0] * 12
        state.hand[0][0] = 3
        action_step(state, 0, SEAPORT)
    vp = state.vp[0]
    do(state, "0:ship identical")
    assert state.view(0)["turn"]["sub"] == "ship"
    do(state, "0:load papyrus")
    do(state, "0:load papyrus")
    do(state, "0:load papyrus")
    assert state.to_json()["load"] == [0, 0, 0]
    events = play(state, "0:sail")
    assert state.vp[0] == vp + 12 and state.display[0][0] == 3 and state.ship_grey[0] == 1
    assert (events[0].kind, events[0].data) == ("sail", {"seat": 0, "ship": 0, "cards": 3, "vp": 12})


def test_ship_of_pairs_with_a_commodity_joker() -> None:
    state = started()
    joker = forum_tile("commodity_joker")
    with edit(state):
        state.hand[0] = [0] * 12
        state.hand[0][2] = 2  # wine
        state.hand[0][3] = 1  # fish
        if joker in state.fdeck:
            state.fdeck.remove(joker)
        for i, t in enumerate(state.province_tile):
            if t == joker:
                state.province_tile[i] = -1
        for i, t in enumerate(state.forum_slots):
            if t == joker:
                state.forum_slots[i] = -1
        state.ftiles[0].append(joker)
        action_step(state, 0, SEAPORT)
    do(state, "0:ship pairs")
    do(state, "0:load wine wine")
    do(state, "0:load fish joker")
    vp = state.vp[0]
    do(state, "0:sail")
    assert state.vp[0] == vp + 10
    assert joker in state.forum_removed and joker not in state.ftiles[0]


def test_illegal_action_leaves_the_state_unchanged() -> None:
    state = started()
    before = state.digest()
    with pytest.raises(IllegalActionError):
        state.apply(Action(0, "senate"))
    with pytest.raises(IllegalActionError):
        state.apply(Action(1, "take", ("seaport",)))
    assert state.digest() == before
