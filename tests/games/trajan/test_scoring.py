"""Final scoring ([HU] "A játék vége és a végső értékelés") and the game's length."""

from __future__ import annotations

import ludus
from ludus.core.rng import Rng
from ludus.games.trajan.components import (
    BONUS_INDEX,
    COMMODITY_INDEX,
    CONSTRUCTION_TILES,
    FORUM_KIND_INDEX,
    FORUM_TILE_KIND,
    PROVINCE_INDEX,
    ROUNDS_PER_QUARTER,
    SENATE,
    TRAJAN_INDEX,
    Phase,
)
from ludus.games.trajan.game import TrajanState
from ludus.games.trajan.scoring import bonus_points, construction_sets, final_breakdown, outcome


def finished(players: int = 2, seed: int = 0, **options: object) -> TrajanState:
    state = ludus.load("trajan", players=players, **options).new_state(seed)
    rng = Rng(seed)
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply(actions[rng.randbelow(len(actions))])
    assert isinstance(state, TrajanState)
    return state


def blank(state: TrajanState) -> None:
    """Strip every scoring item of seat 0 (for building final-scoring examples)."""
    state.vp[0] = 0
    state.hand[0] = [0] * 12
    state.display[0] = [0] * 12
    state.wcamp[0] = state.mcamp[0] = 0
    state.trajan_slots[0] = [-1] * 6
    state.ctiles[0] = []
    state.ftiles[0] = []
    state.bonus_yellow[0] = []
    state.bonus_grey[0] = []
    state.province_legions = [m & ~1 for m in state.province_legions]
    state.grid_workers = [w & ~1 for w in state.grid_workers]


def forum_tile(kind: str) -> int:
    return FORUM_TILE_KIND.index(FORUM_KIND_INDEX[kind])


def test_a_game_lasts_four_quarters_of_four_rounds() -> None:
    game = ludus.load("trajan", players=3)
    state = game.new_state(2)
    rng = Rng(2)
    moved = 0
    reveals = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        action = actions[rng.randbelow(len(actions))]
        if action.verb == "take":
            moved += sum(state.trays[action.player][["seaport", "forum", "military", "senate", "trajan",
                                                     "construction"].index(str(action.args[0]))])
        before = len(state.demand_revealed)
        state.apply(action)
        if len(state.demand_revealed) > before:
            reveals += 1
    lap = game.lap
    assert 16 * lap <= moved < 16 * lap + 12
    assert reveals == 12  # 3 per quarter
    assert state.quarter == 4 and state.phase == Phase.OVER and ROUNDS_PER_QUARTER == 4


def test_final_scoring_items() -> None:
    state = finished()
    blank(state)
    state.vp[0] = 30
    state.hand[0][COMMODITY_INDEX["fish"]] = 2  # 1 VP each
    state.wcamp[0] = 3  # 1 VP per worker in the worker camp
    state.mcamp[0] = 2  # 1 VP per legionnaire in the military camp
    state.trajan_slots[0][0] = TRAJAN_INDEX["T01"]  # 1 VP per Trajan tile on the circle (2nd ed.)
    senate_tiles = [t.index for t in CONSTRUCTION_TILES if t.action == SENATE]
    state.ctiles[0] = senate_tiles[:3]  # a set of 3: 10 VP
    items = final_breakdown(state, 0)
    assert items == {
        "track": 30, "hand": 2, "workers_in_camp": 3, "legionnaires_in_camp": 2,
        "trajan_tiles_on_circle": 1, "construction_sets": 10, "bonus_tiles": 0,
    }


def test_first_edition_scores_no_vp_for_trajan_tiles_on_the_circle() -> None:
    state = finished(edition=1)
    blank(state)
    state.trajan_slots[0][0] = TRAJAN_INDEX["T01"]
    assert "trajan_tiles_on_circle" not in final_breakdown(state, 0)


def test_construction_sets_with_jokers() -> None:
    assert construction_sets([4, 0, 0, 0, 0], 0) == 20
    assert construction_sets([3, 3, 0, 0, 0], 0) == 20
    assert construction_sets([3, 0, 0, 0, 0], 1) == 20  # a joker turns a 3-set into a 4-set
    assert construction_sets([1, 0, 0, 0, 0], 2) == 10  # a set needs a real tile; 2 jokers fill 2 gaps
    assert construction_sets([0, 0, 0, 0, 0], 2) == 0


def test_bonus_tiles_yellow_and_grey_sides() -> None:
    state = finished()
    blank(state)
    state.display[0][COMMODITY_INDEX["papyrus"]] = 2
    state.display[0][COMMODITY_INDEX["oil"]] = 1
    state.bonus_yellow[0] = [BONUS_INDEX["B1"]]
    assert bonus_points(state, 0) == 9  # 3 per card
    state.bonus_yellow[0] = []
    state.bonus_grey[0] = [BONUS_INDEX["B1"]]
    assert bonus_points(state, 0) == 6  # 2 per card
    blank(state)
    state.province_legions[PROVINCE_INDEX["alpes"]] |= 1
    state.province_legions[PROVINCE_INDEX["raetia"]] |= 1
    state.bonus_yellow[0] = [BONUS_INDEX["B7"]]
    assert bonus_points(state, 0) == 4
    blank(state)
    state.grid_workers[0] |= 1
    state.grid_workers[1] |= 1
    state.grid_workers[2] |= 1
    state.bonus_grey[0] = [BONUS_INDEX["B8"]]
    assert bonus_points(state, 0) == 2  # half a VP each, rounded up
    blank(state)
    state.bonus_yellow[0] = [BONUS_INDEX["B9"], BONUS_INDEX["B2"]]
    assert bonus_points(state, 0) == 6  # a yellow B9 counts itself
    blank(state)
    state.bonus_grey[0] = [BONUS_INDEX["B10"]]
    state.ftiles[0] = [forum_tile("bread")]
    assert bonus_points(state, 0) == 6
    state.ftiles[0] = [forum_tile("demand_joker")]
    assert bonus_points(state, 0) == 0  # a demand joker does not count (ruling 9)


def test_variant_demand_joker_counts_for_bonus_tiles() -> None:
    state = finished(demand_joker_bonus=True)
    blank(state)
    state.bonus_yellow[0] = [BONUS_INDEX["B12"]]
    state.ftiles[0] = [forum_tile("demand_joker")]
    assert bonus_points(state, 0) == 9


def test_unused_commodity_joker_counts_for_a_commodity_bonus_tile() -> None:
    state = finished()
    blank(state)
    state.bonus_grey[0] = [BONUS_INDEX["B3"]]
    state.ftiles[0] = [forum_tile("commodity_joker")]
    assert bonus_points(state, 0) == 2


def test_tie_goes_to_the_higher_senate_position() -> None:
    state = finished()
    blank(state)
    state.vp[0] = 50
    state.vp[1] = 50 - sum(v for k, v in final_breakdown(state, 1).items() if k != "track")
    state.senate_stamp = [0, 1]
    result = outcome(state)
    assert result.scores[0] == result.scores[1]
    assert result.winners == (1,) and result.ranking == (2, 1)
