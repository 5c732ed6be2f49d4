"""Why an action is refused, said by the rule that refuses it (issue 34, point 7)."""

from __future__ import annotations

from fixtures.reasons import terminal_reply
from games.hadrians_wall.hw_helpers import B, R, acting, built
from ludus.core.actions import Action
from ludus.games.hadrians_wall.game import HadriansWallState
from ludus.testing.scenario import edit


def reason_of(s: HadriansWallState, notation: str) -> str:
    """The message id of the rule's reason ``notation`` is refused (the action must be illegal)."""
    action = s.game.parse_action(s, notation)
    assert action not in s.legal_actions(action.player)
    why = s.reason(action)
    assert why is not None, notation
    return why.message


def test_a_building_without_the_workers_and_resources_it_costs() -> None:
    """ZAJAZD, WARSZTAT I DROGA: a building needs its workers and Resources; Small before Large."""
    s = acting(2)
    assert reason_of(s, "0:build medium_granary") == "{building:building} needs {missing:counts} more"
    assert s.why_illegal(s.game.parse_action(s, "0:build medium_granary"), "en") == (
        "Medium Granary needs 1 Builder, 1 Servant, 1 Resource more")
    assert reason_of(s, "0:build large_granary") == "build {after:building} first"
    with edit(s):
        built(s.boards[0], "medium_granary")
    assert reason_of(s, "0:build medium_granary") == "{building:building} is built already"


def test_the_wall_the_cippi_and_the_fort_are_paid_for() -> None:
    """OSTROKÓŁ, MUR I FORT: Cippi and Wall cost 1 Resource and follow the Fort; the Fort a Builder or a
    Soldier."""
    s = acting(2)
    assert reason_of(s, "0:wall") == "you have no {item:item} to pay with"
    assert reason_of(s, "0:fort builder") == "you have no {item:item} to pay with"
    with edit(s):
        s.boards[0].items[R] = 2
    assert reason_of(s, "0:wall") == "the Wall cannot rise above the Fort: fill the next Fort box first"
    assert reason_of(s, "0:cippi") == "the next Cippi box waits for Fort box {box}"
    assert s.why_illegal(s.game.parse_action(s, "0:cippi"), "pl") == (
        "kolejne pole Ostrokołu czeka na pole Fortu nr 1")
    with edit(s):
        s.boards[0].items[B] = 1
    assert s.reason(Action(0, "fort", ("builder",))) is None  # legal: no reason


def test_the_terminal_says_the_reason_in_the_players_language() -> None:
    """`ludus play`: a typed action that is not legal is answered with the rule's reason."""
    s = acting(2)
    with edit(s):
        s.boards[0].items[B] = 1
    assert "0:wall is not legal now: you have no Resource to pay with." in terminal_reply(s, "wall", "en")
    assert "nie masz czym zapłacić (potrzeba: Surowiec)" in terminal_reply(s, "wall", "pl")
