"""Why an action is refused, said by the rule that refuses it (issue 34, point 7)."""

from __future__ import annotations

from fixtures.reasons import terminal_reply
from games.fall_of_rome.fr_helpers import act, put, scenario
from ludus.core.actions import Action
from ludus.games.fall_of_rome.game import FallOfRomeState
from ludus.testing.scenario import edit


def reason_of(s: FallOfRomeState, notation: str) -> str:
    """The message id of the rule's reason ``notation`` is refused (the action must be illegal)."""
    action = s.game.parse_action(s, notation)
    assert action not in s.legal_actions(action.player)
    why = s.reason(action)
    assert why is not None, notation
    return why.message


def test_march_to_a_city_that_is_not_adjacent_and_the_legions_taken_along() -> None:
    """MARSZ: to an adjacent city, with up to 3 legions of the pawn's city."""
    s = scenario(cities=("Lutetia", "Roma"))
    assert reason_of(s, "0:march Roma") == "{city:city} is not next to {here:city}"
    assert s.why_illegal(s.game.parse_action(s, "0:march Roma"), "en") == "Roma is not next to Lutetia"
    assert s.why_illegal(s.game.parse_action(s, "0:march Roma"), "pl") == (
        "Rzym (Roma) nie sąsiaduje z miastem: Lutetia")
    assert s.reason(Action(0, "march", ("Londinium",))) is None  # legal: no reason
    act(s, "0:march Londinium")
    assert reason_of(s, "0:legions 1") == "no legion can go along"
    s = scenario(cities=("Lutetia", "Roma"))
    put(s, "Lutetia", legions=2)
    act(s, "0:march Londinium")
    assert reason_of(s, "0:legions 3") == "legions that can go along: at most {most}"


def test_four_actions_a_turn() -> None:
    """AKCJE: up to 4 actions, then the Draw step."""
    s = scenario(cities=("Lutetia", "Roma"))
    with edit(s):
        s.actions_left = 0
    assert reason_of(s, "0:march Londinium") == "your 4 actions of this turn are used: draw your cards"


def test_fortify_without_the_city_card_or_where_a_fort_stands() -> None:
    """UMOCNIENIE POZYCJI: discard the card naming your city; no fort there yet."""
    s = scenario(cities=("Lutetia", "Roma"))
    assert reason_of(s, "0:fortify") == "a fort in {city:city} takes its city card, and you hold none"
    s = scenario(cities=("Roma", "Roma"))
    assert reason_of(s, "0:fortify") == "{city:city} already has a fort"


def test_forge_an_alliance_without_enough_cards_of_its_colour() -> None:
    """ZAWARCIE PRZYMIERZA: a cube of the tribe in your city; discard its cost in cards of its colour."""
    s = scenario(cities=("Lutetia", "Roma"), hands=(("Lutetia/orange", "Londinium/orange"), ()))
    assert reason_of(s, "0:forge_alliance orange") == "no {tribe:tribe} barbarian is in {city:city}"
    put(s, "Lutetia", "orange")
    assert reason_of(s, "0:forge_alliance orange") == (
        "an alliance with the {tribe:tribe} takes {cost} of their city cards; you hold {have}")
    assert s.why_illegal(s.game.parse_action(s, "0:forge_alliance orange"), "en").endswith(
        "takes 4 of their city cards; you hold 2")
    with edit(s):
        s.allied[0] = 1
    assert reason_of(s, "0:forge_alliance orange") == "the {tribe:tribe} are your allies already"


def test_the_terminal_says_the_reason_in_the_players_language() -> None:
    """`ludus play`: a typed action that is not legal is answered with the rule's reason."""
    s = scenario(cities=("Lutetia", "Roma"))
    said = terminal_reply(s, "march Roma", "en")
    assert "0:march Roma is not legal now: Roma is not next to Lutetia." in said
    assert "Rzym (Roma) nie sąsiaduje z miastem: Lutetia" in terminal_reply(s, "march Roma", "pl")
