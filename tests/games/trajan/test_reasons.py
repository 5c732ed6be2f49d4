"""Why an action is refused, said by the rule that refuses it (issue 34, point 7)."""

from __future__ import annotations

import pytest

from fixtures.reasons import terminal_reply
from games.trajan.tj_helpers import action_step, empty_trays, in_play, put, turn_of
from ludus.core.actions import Action
from ludus.core.driver import Table
from ludus.core.errors import IllegalActionError
from ludus.core.i18n import get_lang
from ludus.games.trajan.components import CONSTRUCTION, FORUM, MILITARY, SEAPORT, TRAJAN
from ludus.games.trajan.game import TrajanState
from ludus.testing.scenario import edit, play


def reason_of(s: TrajanState, notation: str) -> str:
    """The message id of the rule's reason ``notation`` is refused (the action must be illegal)."""
    action = s.game.parse_action(s, notation)
    assert action not in s.legal_actions(action.player)
    why = s.reason(action)
    assert why is not None, notation
    return why.message


def test_an_empty_tray_and_a_marker_not_in_hand() -> None:
    """Akciójelzők átrendezése: take every marker of a tray, then sow them one by one."""
    s = in_play(2)
    with edit(s):
        empty_trays(s, 0)
        put(s, 0, SEAPORT, "yellow", "blue")
        turn_of(s, 0)
    assert reason_of(s, "0:take senate") == "the {tray:tray} tray of your action circle is empty"
    assert s.why_illegal(s.game.parse_action(s, "0:take senate"), "en") == (
        "the Senate tray of your action circle is empty")
    senate = s.game.parse_action(s, "0:take senate")
    assert s.why_illegal(senate, "hu") == "az akcióköröd szenátus tálcája üres"
    assert s.reason(Action(0, "take", ("seaport",))) is None  # legal: no reason
    play(s, "0:take seaport")
    assert reason_of(s, "0:sow white") == "you hold no {colour:colour} action marker"


def test_the_action_of_another_tray_is_not_taken() -> None:
    """Akció végrehajtása: the action of the target tray, or none."""
    s = in_play(2)
    with edit(s):
        action_step(s, 0, MILITARY)
    assert reason_of(s, "0:build 3") == "the action to take now is {tray:tray}"


def test_construction_without_a_worker_or_next_to_none() -> None:
    """Építésakció: a worker from the camp; later ones orthogonally next to an own worker."""
    s = in_play(2)
    with edit(s):
        action_step(s, 0, CONSTRUCTION)
        s.wcamp[0] = 0
        s.supply[0] = 0
    assert reason_of(s, "0:build 0") == "your worker camp has no worker to build with"
    assert reason_of(s, "0:hire") == "your supply has no token left"
    with edit(s):
        s.wcamp[0] = 2
        s.grid_workers[0] |= 1
    assert reason_of(s, "0:build 0") == "you already have a worker on that space"
    far = len(s.grid_workers) - 1  # the far corner of the construction area
    assert reason_of(s, f"0:build {far}") == "a new worker goes next to one of your workers"


def test_military_march_and_deploy() -> None:
    """Katonai akció: the leader to an adjacent province; a legionnaire to the leader's province."""
    s = in_play(2)
    with edit(s):
        action_step(s, 0, MILITARY)
    assert reason_of(s, "0:march britannia") == "{province:province} is not next to your leader"
    assert reason_of(s, "0:deploy") == "your leader has not marched into a province yet"
    assert s.why_illegal(s.game.parse_action(s, "0:march britannia"), "pl") == (
        "prowincja Britannia nie sąsiaduje z twoim wodzem")


def test_the_trajan_action_with_every_slot_full() -> None:
    """Traianusakció: no Trajan action while the arch stands in the centre."""
    s = in_play(2)
    with edit(s):
        action_step(s, 0, TRAJAN)
        s.arch[0] = -1
    assert reason_of(s, "0:trajan a") == "every slot of your action circle holds a Trajan tile"


def test_the_terminal_says_the_reason_in_the_players_language() -> None:
    """`ludus play`: a typed action that is not legal is answered with the rule's reason."""
    s = in_play(2)
    with edit(s):
        empty_trays(s, 0)
        put(s, 0, SEAPORT, "yellow", "blue")
        put(s, 0, FORUM, "white")
        turn_of(s, 0)
    said = terminal_reply(s, "take senate", "en")
    assert "0:take senate is not legal now: the Senate tray of your action circle is empty." in said
    assert "miseczka Senat twojego kręgu akcji jest pusta" in terminal_reply(s, "take senate", "pl")


def test_the_table_refuses_with_the_reason_in_the_readers_language() -> None:
    """The web and the terminal show the driver's error: its reason is said in the reader's language."""
    s = in_play(2)
    with edit(s):
        empty_trays(s, 0)
        put(s, 0, SEAPORT, "yellow", "blue")
        turn_of(s, 0)
    table = Table(s)
    senate = s.game.parse_action(s, "0:take senate")
    with pytest.raises(IllegalActionError) as refused:
        table.play(senate)
    assert str(
        refused.value) == "illegal action 0:take senate: the Senate tray of your action circle is empty"
    assert get_lang("hu").error_text(refused.value).endswith(": az akcióköröd szenátus tálcája üres")
