"""Issue 13: the Glory to Rome table as a picture people can click."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Any

import pytest

import ludus
from fixtures.sizes import halved_then_full
from ludus.core.board import board_view
from ludus.games.glory_to_rome.components import BUILDING_INDEX, BUILDINGS, CARD_BUILDING, SLUGS
from ludus.games.glory_to_rome.svg import COLOURS
from ludus.testing.boards import check_boards

SVG = "{http://www.w3.org/2000/svg}"


def _hidden(state: Any, seat: int) -> set[str]:
    """The buildings in the other hands and the deck that appear nowhere in ``seat``'s view."""
    seen = json.dumps(state.view(seat))
    secret = {SLUGS[CARD_BUILDING[c]] for p, hand in enumerate(state.hands) if p != seat for c in hand}
    secret |= {SLUGS[CARD_BUILDING[c]] for c in state.deck}
    return {slug for slug in secret if f'"{slug}"' not in seen}


@pytest.mark.parametrize(("players", "seeds", "positions"),
                         halved_then_full([(2, (1, 2), 50), (3, (3,), 50), (4, (4,), 50), (5, (5,), 50)]))
def test_every_position_draws_every_action_and_nothing_hidden(players: int, seeds: tuple[int, ...],
                                                              positions: int) -> None:
    game = ludus.load("glory-to-rome", players)
    drawn = check_boards(game, seeds, positions=positions, hidden=_hidden)
    assert drawn >= positions * 4 * (players + 1) * 0.9  # positions × languages × (seats + spectator)


def test_every_card_drawn_names_its_building() -> None:
    state = ludus.load("glory-to-rome", 3).new_state(8)
    root = ElementTree.fromstring(ludus.svg(state, 1))
    drawn = [g.attrib["data-id"] for g in root.iter(f"{SVG}g") if "data-id" in g.attrib]
    view = state.view(1)
    shown = (view["pool"] + view["players"][1]["hand"]
             + [b["name"] for pv in view["players"] for b in pv["buildings"]])
    assert sorted(drawn) == sorted(shown)


def test_the_hand_is_drawn_as_cards_with_colour_role_value_name_and_function() -> None:
    state = ludus.load("glory-to-rome", 2).new_state(3)
    picture = ludus.svg(state, 0)
    root = ElementTree.fromstring(picture)
    hand = state.view(0)["players"][0]["hand"]
    titles = [t.text or "" for t in root.iter(f"{SVG}title")]
    for slug in hand:
        building = BUILDINGS[BUILDING_INDEX[slug]]
        assert any(t.startswith(f"{building.en}: ") and f"value {building.value}" in t for t in titles), slug
    fills = {e.attrib.get("fill") for e in root.iter(f"{SVG}rect")}
    assert set(COLOURS.values()) <= fills  # the six materials: sites, cards


def test_a_hand_card_offers_the_actions_that_use_it_and_the_pool_offers_patron_and_laborer() -> None:
    state = ludus.load("glory-to-rome", 2).new_state(3)
    seat = state.to_move()[0]
    root = ElementTree.fromstring(ludus.svg(state, seat))
    card = state.view(seat)["players"][seat]["hand"][0]
    drawn = next(g for g in root.iter(f"{SVG}g") if g.attrib.get("data-id") == card
                 and g.attrib["data-place"] == "hand")
    using = {str(a) for a in state.legal_actions(seat) if card in a.args}
    assert using and using <= set(drawn.attrib["data-action"].split(","))  # lead with it, as each role
    # a Patron or Laborer led: the pool's cards take the clients and materials
    rng = ludus.Rng(2)
    while not any(a.verb in ("hire", "gather") for a in state.legal_actions(state.to_move()[0])):
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
    seat = state.to_move()[0]
    root = ElementTree.fromstring(ludus.svg(state, seat))
    pool_actions = {g.attrib["data-action"] for g in root.iter()
                    if g.attrib.get("data-action", "").startswith(f"{seat}:hire")
                    or g.attrib.get("data-action", "").startswith(f"{seat}:gather")}
    assert pool_actions


def test_the_seat_to_move_and_the_last_actions_are_marked() -> None:
    game = ludus.load("glory-to-rome", 2)
    state = game.new_state(3)
    rng = ludus.Rng(9)
    events: list[ludus.Event] = []
    while not any(e.kind in ("lay", "build") for e in events):
        events = state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
    picture = game.svg(board_view(state, 0, events), 0, "en")
    assert picture is not None and 'class="recent"' in picture and 'class="to-move"' in picture


def test_the_spectator_sees_no_hand_and_the_end_shows_merchant_bonuses() -> None:
    game = ludus.load("glory-to-rome", 2)
    state = game.new_state(5)
    rng = ludus.Rng(5)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
    picture = ludus.svg(state, None, "en")
    assert ' data-action="' not in picture and '"hand"' not in picture and "Your hand (" not in picture
    assert "Merchant bonuses" in picture and "The game is over." in picture


def test_render_writes_svg_and_png(tmp_path: Path) -> None:
    from ludus.cli import main

    assert main(
        ["render", "glory-to-rome", "--seed", "4", "--at", "30", "--seat", "1", "-o",
         str(tmp_path / "b.svg")]) == 0
    ElementTree.parse(tmp_path / "b.svg")
    assert main(["render", "glory-to-rome", "--seed", "4", "--at", "30", "-o", str(tmp_path / "b.png")]) == 0
    assert (tmp_path / "b.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_notebook_shows_a_state_as_its_table() -> None:
    state = ludus.load("glory-to-rome", 2).new_state(1)
    assert state._repr_svg_() == ludus.svg(state, None)
    assert ludus.svg(state, 0)._repr_svg_().startswith("<svg")
