"""Rules beyond the worked examples: set-up, rulings on edge cases."""

from __future__ import annotations

from functools import partial

import ludus
from games.trajan.tj_helpers import action_step, in_play
from ludus.core.events import Log
from ludus.games.trajan.components import FORUM_KINDS, FORUM_TILE_KIND, SEAPORT, Phase
from ludus.games.trajan.game import TrajanState
from ludus.games.trajan.rules.quarter_end import finish_quarter
from ludus.testing.scenario import edit, legal, play
from ludus.testing.scenario import started as new_game

started = partial(in_play, random_setup=True)


def test_setup_by_player_count() -> None:
    for players, forum in ((2, 6), (3, 9), (4, 12)):
        state = started(players)
        assert sum(1 for t in state.forum_slots if t >= 0) == forum
        assert all(t >= 0 for t in state.province_tile)
        assert all(t >= 0 for t in state.extra_slots)
        assert len(state.demand_stack) == 12 and len(state.demand_removed) == 3
        assert len(state.senate_bonus) == 2 and all(len(b) == 1 for b in state.bonus_yellow)
        assert len(state.bonus_bag) == 12 - players - 2
        for p in range(players):
            assert sum(state.hand[p]) == 3
            assert state.supply[p] == 13 and state.mcamp[p] == 1 and state.wcamp[p] == 1
            assert [sum(t) for t in state.trays[p]] == [2] * 6
            assert state.arch[p] == 0
            slots = state.trajan_slots[p]
            assert [i for i, t in enumerate(slots) if t >= 0] == [1, 3, 5]
        # the start player's disc at the bottom of the senate stack
        assert state.senate_stamp == list(range(players))
        assert state.game.lap == {2: 11, 3: 16, 4: 21}[players]


def test_different_colours_option_gives_two_colours_per_tray() -> None:
    for seed in range(10):
        state = started(3, seed, starting_markers="different")
        for mat in state.trays:
            assert all(max(tray) == 1 and sum(tray) == 2 for tray in mat)


def test_random_markers_option_needs_no_arrangement() -> None:
    state = ludus.load("trajan", players=2, starting_markers="random").new_state(1)
    assert state.phase == Phase.DEAL
    assert all(sum(sum(t) for t in mat) == 12 for mat in state.trays)


def test_top_only_pregame_choice() -> None:
    state = ludus.load("trajan", players=2, pregame_trajan="top").new_state(1)
    while state.phase != Phase.CHOOSE_TRAJAN:
        state.apply(state.legal_actions()[0])
    assert len(state.legal_actions()) == 6


def _seaport_now(state: TrajanState) -> None:
    with edit(state):
        action_step(state, 0, SEAPORT)


def test_empty_draw_pile_is_rebuilt_from_the_discard_piles_except_their_tops() -> None:
    state = started()
    with edit(state):
        state.discards[0].extend(state.draw[:10])
        state.discards[1].extend(state.draw[10:20])
        moved = state.draw[20:]
        state.draw = []
        for c in moved:
            state.display[1][c] += 1
    tops = [state.discards[0][-1], state.discards[1][-1]]
    _seaport_now(state)
    events = play(state, "0:draw_two")
    assert [e.kind for e in events] == ["draw", "draw", "draw_two"]
    assert [e.visible_to for e in events] == [frozenset({0}), frozenset({0}), None]
    assert [len(p) for p in state.discards] == [1, 1]
    assert [p[-1] for p in state.discards] == tops
    assert len(state.draw) == 20 - 2


def test_without_reshuffle_draws_stop() -> None:
    state = started(reshuffle=False)
    with edit(state):
        for c in state.draw:
            state.display[1][c] += 1
        state.draw = []
    _seaport_now(state)
    verbs = {a.verb for a in state.legal_actions()}
    assert "draw_two" not in verbs and "take_discard" in verbs
    play(state, "0:take_discard left")
    assert state.discards[0] == []  # nothing left to refill it


def test_cards_taken_from_a_discard_pile_stay_known_to_everyone() -> None:
    state = started()
    _seaport_now(state)
    top = state.discards[1][-1]
    play(state, "0:take_discard right")
    assert state.known[0][top] >= 1
    assert state.view(1)["players"][0]["hand_known"]
    for seed in range(5):
        world = state.determinize(1, seed)
        assert world.hand[0][top] >= 1
        assert sum(world.hand[0]) == sum(state.hand[0])


def test_while_markers_are_placed_the_trajan_tiles_bonus_tiles_and_discards_are_not_yet_out() -> None:
    """[HU] "Előkészület": "A Trainauslapkák húzását megelőzően a játékosok osszák el az
    akciójelzőiket"; the bonus tiles and the two face-up cards come in "Felkészülés a játékra"."""
    s = new_game("trajan", players=2, seed=4)
    assert s.phase == Phase.ARRANGE
    view = s.view(0)
    assert all("top" not in stack for stack in view["trajan_stacks"])
    assert view["senate_bonus"] == [] and all(p["bonus_yellow"] == [] for p in view["players"])
    assert view["discard_piles"] == [[], []] and view["draw_pile"] == 60
    assert len(view["bonus_bag"]) == 12
    # nothing of it is known yet: determinize deals it anew
    dealt = {tuple(s.determinize(0, seed).senate_bonus) for seed in range(12)}
    assert len(dealt) > 1
    while s.phase == Phase.ARRANGE:
        play(s, legal(s)[0])
    view = s.view(0)
    assert all("top" in stack for stack in view["trajan_stacks"])
    assert len(view["senate_bonus"]) == 2 and all(len(p["bonus_yellow"]) == 1 for p in view["players"])
    assert [len(pile) for pile in view["discard_piles"]] == [1, 1]


def _senate_tile_on_a_province(**options: object) -> tuple[TrajanState, int, int]:
    s = in_play(2, seed=3, **options)
    tile = next(t for t in range(len(FORUM_TILE_KIND)) if FORUM_KINDS[FORUM_TILE_KIND[t]].votes
                and t not in s.province_tile and t not in s.forum_slots)
    with edit(s):
        if tile in s.fdeck:
            s.fdeck.remove(tile)
        s.province_tile[0] = tile
    finish_quarter(s, Log())
    return s, tile, s.province_tile[0]


def test_quarter_end_removes_every_senate_tile_those_on_provinces_too() -> None:
    """[HU] "Lapkák eltávolítása és a játéktábla újratöltése": "Az összes szenátuslapkát, mindegy,
    hogy használva volt vagy sem." (ruling 14: the literal text; the option keeps province tiles)."""
    s, tile, now = _senate_tile_on_a_province()
    assert tile in s.forum_removed and now != tile
    s, tile, now = _senate_tile_on_a_province(remove_province_senate_tiles=False)
    assert tile not in s.forum_removed and now == tile
