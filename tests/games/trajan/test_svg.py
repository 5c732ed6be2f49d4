"""Issue 14: the Trajan table as a picture people can click."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from typing import Any

import pytest

import ludus
from fixtures.sizes import halved_then_full
from ludus.core.board import board_view
from ludus.games.trajan.components import (
    COMMODITIES,
    DEMAND_KINDS,
    DEMAND_TILE_KIND,
    FORUM_KINDS,
    FORUM_TILE_KIND,
)
from ludus.games.trajan.svg import MARKERS
from ludus.testing.boards import check_boards

SVG = "{http://www.w3.org/2000/svg}"


def _hidden(state: Any, seat: int) -> set[str]:
    """The ids (as the picture names them) of the commodity cards in the other hands and the draw
    pile, the forum tiles in their pile and the demand tiles in their stack that appear nowhere
    in ``seat``'s view."""
    seen = json.dumps(state.view(seat))
    cards: set[str] = set()
    for p, hand in enumerate(state.hand):
        if p != seat:
            cards |= {COMMODITIES[c] for c, n in enumerate(hand) if n > state.known[p][c]}
    cards |= {COMMODITIES[c] for c in state.draw}
    secret = {"card:" + c for c in cards if f'"{c}"' not in seen}
    secret |= {"forum:" + FORUM_KINDS[FORUM_TILE_KIND[t]].key for t in state.fdeck
               if f'"{FORUM_KINDS[FORUM_TILE_KIND[t]].key}"' not in seen}
    secret |= {"demand:" + DEMAND_KINDS[DEMAND_TILE_KIND[d]] for d in state.demand_stack
               + state.demand_removed
               if f'"{DEMAND_KINDS[DEMAND_TILE_KIND[d]]}"' not in seen}
    return secret


@pytest.mark.parametrize(("players", "seeds", "positions"),
                         halved_then_full([(2, (1,), 80), (3, (2,), 70), (4, (3,), 50)]))
def test_every_position_draws_every_action_and_nothing_hidden(players: int, seeds: tuple[int, ...],
                                                              positions: int) -> None:
    game = ludus.load("trajan", players)
    drawn = check_boards(game, seeds, positions=positions, hidden=_hidden)
    assert drawn >= positions * 4 * (players + 1) * 0.9  # positions × languages × (seats + spectator)


def _until(state: Any, verb: str, seed: int = 5) -> Any:
    rng = ludus.Rng(seed)
    while not any(a.verb == verb for a in state.legal_actions(state.to_move()[0])):
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
    return state


def _clicks(picture: str) -> dict[str, ElementTree.Element]:
    root = ElementTree.fromstring(picture)
    return {n: e for e in root.iter() for n in e.attrib.get("data-action", "").split(",") if n}


def test_a_tray_takes_its_markers_and_a_marker_is_sown() -> None:
    state = _until(ludus.load("trajan", 3).new_state(4), "take")
    seat = state.to_move()[0]
    clicks = _clicks(ludus.svg(state, seat))
    for action in ("seaport", "forum", "military", "senate", "trajan", "construction"):
        element = clicks.get(f"{seat}:take {action}")
        if element is not None:
            assert element.attrib["data-id"] == f"tray:{action}"
    assert any(n.startswith(f"{seat}:take ") for n in clicks)
    state = _until(state, "sow")
    seat = state.to_move()[0]
    clicks = _clicks(ludus.svg(state, seat))
    sows = [str(a) for a in state.legal_actions(seat)]
    assert sows and all(clicks[n].tag == f"{SVG}circle" for n in sows)  # the markers in hand
    fills = {clicks[n].attrib["fill"] for n in sows}
    assert fills <= set(MARKERS.values())


@pytest.mark.parametrize(("verb", "place"),
                         [("march", "map"), ("build", "construction"), ("take_tile", "forum"),
                          ("ship", None)])
def test_a_province_a_construction_space_a_forum_tile_and_a_ship_do_their_action(verb: str,
                                                                                 place: str | None) -> None:
    state = _until(ludus.load("trajan", 2).new_state(7), verb, seed=7)
    seat = state.to_move()[0]
    clicks = _clicks(ludus.svg(state, seat, "pl"))
    for action in state.legal_actions(seat):
        if action.verb == verb:
            element = clicks[str(action)]
            assert element.tag == f"{SVG}g"
            if place is None:  # a ship
                assert element.attrib["data-id"] == f"ship:{action.args[0]}"
            else:
                assert element.attrib["data-place"] == place


def test_the_seat_to_move_and_the_last_actions_are_marked_and_the_news_is_in_hungarian() -> None:
    game = ludus.load("trajan", 2)
    state = game.new_state(3)
    rng = ludus.Rng(9)
    events: list[ludus.Event] = []
    while not any(e.kind == "take_tray" for e in events):
        events = state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
    picture = game.svg(board_view(state, 0, events), 0, "hu")
    assert picture is not None and 'class="recent"' in picture and 'class="to-move"' in picture
    assert "Legutóbbi döntésed óta:" in picture and "Tartományok" in picture


def test_the_spectator_sees_no_hand_and_no_click() -> None:
    state = _until(ludus.load("trajan", 3).new_state(2), "display")
    picture = ludus.svg(state, None, "en")
    assert " data-action=" not in picture and 'data-place="hand"' not in picture
    seat = state.to_move()[0]
    mine = ludus.svg(state, seat, "en")
    assert 'data-place="hand"' in mine


def test_only_the_actions_with_no_element_of_their_own_are_buttons() -> None:
    game = ludus.load("trajan", 2)
    state, rng, step = game.new_state(12), ludus.Rng(12), 0
    buttons = {"pass", "decline", "stop", "skip", "effect"}  # take no action, forgo an effect …
    while not state.is_terminal():
        seat = state.to_move()[0]
        if step % 3 == 0:
            picture = game.svg(board_view(state, seat, []), seat, "en")
            assert picture is not None
            root = ElementTree.fromstring(picture)
            for element in root.iter():
                clicked = [n for n in element.attrib.get("data-action", "").split(",") if n]
                if clicked and "button" in element.attrib.get("class", ""):
                    assert {n.partition(":")[2].split()[0] for n in clicked} <= buttons, clicked
        state.apply(rng.choice(state.legal_actions(seat)))
        step += 1
