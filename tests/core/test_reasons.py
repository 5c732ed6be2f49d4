"""A rule's reason for refusing an action (issue 34, point 7): never for a legal action.

Random games of every registered game: at every step, no legal action of a seat to move has
a reason, and every reason the rules give an illegal action (one that was legal earlier in the
game, or another seat's) is what ``why_illegal`` says, in every language, with nothing unfilled.
"""

from __future__ import annotations

import pytest

from ludus.core import registry
from ludus.core.actions import Action
from ludus.core.engine import RulesState
from ludus.core.i18n import LANGUAGES
from ludus.core.reasons import N_, Reason
from ludus.core.rng import Rng

GAMES = sorted(info.id for info in registry.games())
STEPS = 250
"""Actions per random game (enough to reach every chapter's main actions)."""


def _checked(state: RulesState, tried: dict[tuple[str, tuple[object, ...]], None]) -> None:
    """Check ``state``'s reasons for the legal actions and for the actions ``tried`` before."""
    for seat in state.to_move():
        legal = state.legal_actions(seat)
        for action in legal:
            assert state.reason(action) is None, f"{action} is legal, yet: {state.reason(action)}"
            tried[(action.verb, action.args)] = None
        allowed = set(legal)
        for verb, args in tried:
            action = Action(seat, verb, args)
            if action in allowed:
                continue
            why = state.reason(action)
            if why is None:
                continue
            for code in LANGUAGES:
                text = state.why_illegal(action, code)
                assert text == why.text_in(code, state.DOMAIN)
                assert text and "{" not in text, (action, code, text)


@pytest.mark.parametrize("game_id", GAMES)
def test_no_reason_is_given_for_a_legal_action(game_id: str) -> None:
    game = registry.load(game_id, 2)
    state = game.new_state(5)
    if not isinstance(state, RulesState):
        pytest.skip("not a RulesState: its rules give no reasons")
    rng = Rng(5)
    tried: dict[tuple[str, tuple[object, ...]], None] = {}
    for _ in range(STEPS):
        if state.is_terminal():
            break
        _checked(state, tried)
        movers = state.to_move()
        seat = movers[rng.randbelow(len(movers))]
        legal = state.legal_actions(seat)
        state.apply(legal[rng.randbelow(len(legal))])


def test_a_reason_is_data_until_it_is_read() -> None:
    why = Reason(N_("there is no seat {seat}"), {"seat": 7})
    assert why.to_json() == {"message": "there is no seat {seat}", "values": {"seat": 7}}
    assert why.text_in("hu", "ludus") == "nincs 7. játékos"
