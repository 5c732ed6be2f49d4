"""Rules-fidelity audit: one test per deviation found between the code and the rulebook.

Each test names the rule and cites the section of the Hungarian 2nd-edition rulebook
(``shared/rules/trajan.hu.txt``) or the reference ruling it checks.
"""

from __future__ import annotations

import ludus
from ludus.games.trajan.components import TRAJAN_CATEGORIES, TRAJAN_TILES, Phase
from ludus.games.trajan.game import TrajanState


def _to_phase(state: TrajanState, phase: Phase) -> None:
    while state.phase != phase:
        state.apply(state.legal_actions()[0])


def test_pregame_pick_from_face_down_stacks_does_not_reveal_the_top_tile() -> None:
    # [HU] "Felkészülés a játékra": each player chooses 3 Trajan tiles, at most one per
    # category. With face-down stacks and top tiles only (options trajan_face_up=false,
    # pregame_trajan=top; reference §20 rulings 2 and 4) the player picks a stack: the tile
    # is seen only once placed, so the choice must not name it.
    game = ludus.load("trajan", players=2, pregame_trajan="top", trajan_face_up=False)
    state = game.new_state(3)
    assert isinstance(state, TrajanState)
    _to_phase(state, Phase.CHOOSE_TRAJAN)
    keys = {c.key for c in TRAJAN_CATEGORIES}
    legal = state.legal_actions()
    assert {str(a.args[0]) for a in legal} == keys
    # the same choices in every determinization (nothing hidden leaks through them)
    for seed in range(5):
        assert set(state.determinize(0, seed).legal_actions()) == set(legal)
    laurel_top = state.trajan_stacks[4][-1]
    state.apply(game.parse_action(state, "0:choose laurel"))
    assert state.trajan_slots[0][1] == laurel_top
    assert TRAJAN_TILES[laurel_top].category == 4
    assert "laurel" not in {str(a.args[0]) for a in state.legal_actions()}


def test_pregame_pick_from_face_up_stacks_names_the_visible_tile() -> None:
    # [HU] "Felkészülés a játékra" with face-up stacks (default) and top tiles only: the
    # top tile is visible, so the choice names it (unchanged behaviour).
    game = ludus.load("trajan", players=2, pregame_trajan="top")
    state = game.new_state(3)
    assert isinstance(state, TrajanState)
    _to_phase(state, Phase.CHOOSE_TRAJAN)
    tops = {TRAJAN_TILES[stack[-1]].id for stack in state.trajan_stacks}
    # the stack, then its only tile: the visible top, named (and played without asking)
    assert {str(a.args[0]) for a in state.legal_actions()} == {c.key for c in TRAJAN_CATEGORIES}
    seen = set()
    for a in state.legal_actions():
        after = state.clone()
        after.apply(a)
        (tile,) = after.legal_actions()
        assert after.forced(0) == tile
        seen.add(str(tile.args[0]))
    assert seen == tops
