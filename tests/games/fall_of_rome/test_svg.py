"""Issue 15: the Fall of Rome table as a picture people can click."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterable
from typing import Any

import pytest

import ludus
from fixtures.sizes import halved_then_full
from ludus.core.board import board_view
from ludus.core.i18n import Lang
from ludus.games.fall_of_rome.components import (
    CARD_TOKENS,
    CITIES,
    CITY_TOKEN,
    EVENT_BY_ID,
    EVENTS,
    REVOLT,
    TOKEN_CARD,
)
from ludus.games.fall_of_rome.svg import xy
from ludus.testing.boards import check_boards

SVG = "{http://www.w3.org/2000/svg}"


def _hidden(state: Any, seat: int) -> set[str]:
    """The cards in the unseen part of the player deck, Vestalis's event deck and the box that
    appear nowhere in the seat's view (city card tokens also name public barbarian cards; how
    many Revolts the deck holds is public)."""
    seen = json.dumps(state.view(seat))
    unseen = state.pdeck[: len(state.pdeck) - state.pknown] + state.vdeck + state.box_events
    return {CARD_TOKENS[c] for c in unseen if c != REVOLT and f'"{CARD_TOKENS[c]}"' not in seen}


def _names(item: str, lang: Lang) -> Iterable[str]:
    """An event card's printed name (the hidden ids are event and city card tokens)."""
    return [EVENT_BY_ID[item].name] if item in EVENT_BY_ID else []


def _play(state: Any, rng: ludus.Rng, until: Any, limit: int = 2000) -> list[ludus.Event]:
    """Random moves until ``until(state)``; the events of the last one."""
    events: list[ludus.Event] = []
    for _ in range(limit):
        if until(state) or state.is_terminal():
            break
        events = state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
    return events


@pytest.mark.parametrize(("players", "seeds", "positions"),
                         halved_then_full(
                             [(1, (1, 7), 30), (2, (2, 3), 50), (3, (4,), 40), (4, (5,), 40), (5, (6,), 40)]))
def test_every_position_draws_every_action_and_nothing_hidden(players: int, seeds: tuple[int, ...],
                                                              positions: int) -> None:
    game = ludus.load("fall-of-rome", players)
    drawn = check_boards(game, seeds, positions=positions, hidden=_hidden)
    # 200 positions in all; × languages × (seats + spectator)
    assert drawn >= positions * 4 * (players + 1) * 0.9


def test_no_unseen_event_is_named_in_any_language() -> None:
    """The printed names of the events still unseen (deck, Vestalis's deck, box) appear nowhere either."""
    drawn = check_boards(ludus.load("fall-of-rome", 3), (8,), positions=12, hidden=_hidden, names=_names)
    assert drawn >= 12 * 4 * 4 * 0.9


def test_the_cities_stand_where_they_are_on_earth() -> None:
    at = {c.name: xy(c.lat, c.lon) for c in CITIES}
    assert at["Londinium"][1] < at["Lutetia"][1] < at["Roma"][1] < at["Carthago"][1]  # north above south
    assert at["Tingi"][0] < at["Roma"][0] < at["Constantinopolis"][0] < at["Sinope"][0]  # west left of east
    picture = ludus.svg(ludus.load("fall-of-rome", 2).new_state(1), None)
    root = ElementTree.fromstring(picture)
    cities = {g.attrib["data-id"] for g in root.iter(f"{SVG}g") if g.attrib.get("data-place") == "map"}
    assert cities == set(CITY_TOKEN)


def test_a_city_offers_the_moves_there_and_the_follow_up_is_buttons() -> None:
    state = ludus.load("fall-of-rome", 2).new_state(4)
    rng = ludus.Rng(4)
    _play(state, rng, lambda s: any(a.verb == "march" for a in s.legal_actions(s.to_move()[0])))
    seat = state.to_move()[0]
    march = next(a for a in state.legal_actions(seat) if a.verb == "march")
    root = ElementTree.fromstring(ludus.svg(state, seat))
    city = next(g for g in root.iter(f"{SVG}g") if g.attrib.get("data-id") == march.args[0])
    assert str(march) in city.attrib["data-action"].split(",")
    state.apply(march)
    root = ElementTree.fromstring(ludus.svg(state, seat))
    buttons = [g.attrib["data-action"] for g in root.iter(f"{SVG}g") if "button" in g.attrib.get("class", "")]
    legions = {str(a) for a in state.legal_actions(seat)}
    assert legions and legions <= set(buttons)  # "take n legions along", one button each
    assert all(a.split(":")[1].startswith("legions") for a in legions)


def test_an_event_card_in_hand_is_played_by_a_click_and_shows_its_effect() -> None:
    game = ludus.load("fall-of-rome", 3)
    for seed in range(1, 40):
        state = game.new_state(seed)
        rng = ludus.Rng(seed)
        _play(state, rng, lambda s: any(a.verb == "play" for p in range(3) for a in s.legal_actions(p)), 400)
        plays = [(p, a) for p in range(3) for a in state.legal_actions(p) if a.verb == "play"]
        if plays:
            break
    seat, play = plays[0]
    root = ElementTree.fromstring(ludus.svg(state, seat))
    card = next(g for g in root.iter(f"{SVG}g") if g.attrib.get("data-id") == play.args[0]
                and g.attrib["data-place"] == "hand")
    assert str(play) in card.attrib["data-action"].split(",")
    event = EVENT_BY_ID[str(play.args[0])]
    tip = card.find(f"{SVG}title")
    assert tip is not None and tip.text is not None and event.name in tip.text
    words = " ".join(t.text or "" for t in card.iter(f"{SVG}text"))
    assert event.normal.split()[0] in words  # the effect printed on the card


def test_hands_decks_and_discards_are_drawn_and_hidden_deck_order_is_not() -> None:
    state = ludus.load("fall-of-rome", 2).new_state(7)
    _play(state, ludus.Rng(7), lambda s: len(s.pdiscard) >= 3 and len(s.bdiscard) >= 2)
    root = ElementTree.fromstring(ludus.svg(state, 1, "hu"))
    drawn: dict[str, list[str]] = {}
    for g in root.iter(f"{SVG}g"):
        if "data-place" in g.attrib:
            drawn.setdefault(g.attrib["data-place"], []).append(g.attrib["data-id"])
    view = state.view(1)
    assert sorted(drawn["hand"]) == sorted(view["hands"][0] + view["hands"][1])
    assert drawn["discard"] == view["player_discard"] and drawn["barbarian"] == view["barbarian_discard"]
    events_unseen = {CARD_TOKENS[c] for c in state.vdeck + state.box_events}
    assert not events_unseen & {t for ids in drawn.values() for t in ids}
    assert all(t in TOKEN_CARD for t in drawn["hand"]) and len(EVENTS) > 0


def test_the_seat_to_move_and_the_last_actions_are_marked() -> None:
    game = ludus.load("fall-of-rome", 2)
    state = game.new_state(3)
    _play(state, ludus.Rng(3), lambda s: any(a.verb == "march" for a in s.legal_actions(s.to_move()[0])))
    seat = state.to_move()[0]
    state.apply(next(a for a in state.legal_actions(seat) if a.verb == "march"))
    events = state.apply(state.legal_actions(seat)[0])  # the legions taken along
    assert any(e.kind == "march" for e in events)
    picture = game.svg(board_view(state, seat, events), seat, "pl")
    assert 'class="recent"' in picture and 'class="to-move"' in picture and "Rzym" in picture


def test_the_spectator_has_nothing_to_click_and_the_end_says_who_won() -> None:
    state = ludus.load("fall-of-rome", 2).new_state(5)
    _play(state, ludus.Rng(5), lambda s: False, 5000)
    picture = ludus.svg(state, None, "en")
    assert state.is_terminal() and ' data-action="' not in picture
    assert "The players win!" in picture or "The players lose." in picture
