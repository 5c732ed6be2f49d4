"""Why an action is refused, said by the rule that refuses it (issue 34, point 7)."""

from __future__ import annotations

from fixtures.reasons import terminal_reply
from games.glory_to_rome.gtr_table import Table, act
from ludus.core.actions import Action
from ludus.games.glory_to_rome.game import GtrState
from ludus.testing.scenario import edit


def reason_of(s: GtrState, notation: str) -> str:
    """The message id of the rule's reason ``notation`` is refused (the action must be illegal)."""
    action = s.game.parse_action(s, notation)
    assert action not in s.legal_actions(action.player)
    why = s.reason(action)
    assert why is not None, notation
    return why.message


def test_leading_a_card_of_another_role_or_one_not_in_hand() -> None:
    """Przebieg rundy: the leader leads a role with an Order of that role from hand (or a Jack)."""
    s = Table(2).hand(0, "road", "dock").state()
    assert reason_of(s, "0:lead laborer dock") == (
        "{building:building} is not an Order of the role {role:role}")
    assert reason_of(s, "0:lead laborer insula") == "you have no {building:building} in hand"
    assert reason_of(s, "0:lead patron jack") == "you have no Jack in hand"
    assert reason_of(s, "0:follow road") == "no role has been led yet: lead one, or think"
    assert s.reason(Action(0, "lead", ("laborer", "road"))) is None  # legal: no reason


def test_following_with_a_card_that_does_not_match_the_led_role() -> None:
    """Przebieg rundy: a follower plays an Order of the led role, or a Jack, or thinks."""
    s = Table(2).hand(0, "road").hand(1, "dock", "academy").state()
    act(s, "0:lead laborer road")
    assert reason_of(s, "1:follow dock") == "{building:building} does not match the led role {role:role}"
    assert reason_of(s, "1:follow jack") == "you have no Jack in hand"
    assert reason_of(s, "1:lead craftsman dock") == "{role:role} has already been led: follow it, or think"
    dock = s.game.parse_action(s, "1:follow dock")
    assert s.why_illegal(dock, "en") == "Dock does not match the led role Laborer"
    assert s.why_illegal(dock, "pl") == "Dok nie pasuje do rozegranej roli: Tragarz"


def test_a_site_that_is_out_and_a_building_owned_already() -> None:
    """Wznoszenie OBIEKTÓW: a foundation needs a free site of its material, never two of one name."""
    s = Table(2).hand(0, "jack", "road", "latrine").building(0, "latrine").state()
    with edit(s):
        s.in_town[0] = 0
        s.out_town[0] = 0
    act(s, "0:lead craftsman jack", "1:think_jack")
    assert reason_of(s, "0:lay road rubble in") == "no in-town {material:material} site is left"
    assert reason_of(s, "0:lay road rubble out") == "no out-of-town {material:material} site is left"
    assert reason_of(s, "0:lay academy brick in") == "you have no {building:building} in hand"
    assert reason_of(s, "0:lay road brick in") == "{building:building} is built on a {material:material} site"
    assert reason_of(s, "0:lay latrine rubble in") == "you already have {building:a_building}"
    text = s.why_illegal(s.game.parse_action(s, "0:lay road rubble in"), "pl")
    assert text == "nie został żaden bliski plac budowy: Gruz"


def test_no_client_for_that_role_and_no_material_in_the_pool() -> None:
    """ROLA: PATRON: a pool card joins the clientele; ROLA: TRAGARZ: a pool material."""
    s = Table(2).hand(0, "jack", "jack").pool("road", "dock").state()
    act(s, "0:lead patron jack", "1:think_jack")
    assert reason_of(s, "0:hire merchant") == "the pool has no client for the role {role:role}"
    assert s.why_illegal(s.game.parse_action(s, "0:hire merchant"), "en") == (
        "the pool has no client for the role Merchant")
    s = Table(2).hand(0, "jack").pool("road").state()
    act(s, "0:lead laborer jack", "1:think_jack")
    assert reason_of(s, "0:gather stone") == "the pool has no {material:material}"


def test_the_terminal_says_the_reason_in_the_players_language() -> None:
    """`ludus play`: a typed action that is not legal is answered with the rule's reason."""
    s = Table(2).hand(0, "road").hand(1, "dock", "academy").state()
    act(s, "0:lead laborer road")
    assert "1:follow dock is not legal now: Dock does not match the led role Laborer." in terminal_reply(
        s, "follow dock", "en")
    assert "Dok nie pasuje do rozegranej roli: Tragarz" in terminal_reply(s, "follow dock", "pl")
