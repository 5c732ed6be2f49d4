"""Issue 16: the Hadrian's Wall table as a picture people can click."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from typing import Any

import pytest

import ludus
from fixtures.sizes import halved_then_full
from ludus.core.board import board_view
from ludus.games.hadrians_wall.components import PLAYER_CARDS
from ludus.testing.boards import check_boards

SVG = "{http://www.w3.org/2000/svg}"


def _hidden(state: Any, seat: int) -> set[str]:
    """The Player cards the other seats drew (and the Path one of them chose) that ``seat``'s
    view shows nowhere (every player holds a set of the same twelve cards)."""
    seen = json.dumps(state.view(seat))
    secret = {PLAYER_CARDS[c].id for q, b in enumerate(state.boards) if q != seat for c in b.hand}
    return {card for card in secret if f'"{card}"' not in seen}


def _fate_deck(state: Any, seat: int) -> set[str]:
    """The Fate cards still in the deck (drawn as ``fate<number>`` only once face up)."""
    shown = {*state.fate_discard, *state.attack, state.year_card}
    return {f"fate{card + 1}" for card in state.fate_deck if card not in shown}


def _play(players: int, seed: int, until: Any) -> tuple[Any, list[ludus.Event]]:
    """A seeded random game played until ``until(state)`` holds; the last action's events."""
    state = ludus.load("hadrians-wall", players).new_state(seed)
    rng = ludus.Rng(seed)
    events: list[ludus.Event] = []
    while not until(state):
        events = state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
    return state, events


@pytest.mark.parametrize(("players", "seeds", "positions"),
                         halved_then_full([(1, (1,), 70), (2, (2,), 70), (3, (3,), 40), (5, (5,), 20)]))
def test_every_position_draws_every_action_and_nothing_hidden(players: int, seeds: tuple[int, ...],
                                                              positions: int) -> None:
    game = ludus.load("hadrians-wall", players)
    drawn = check_boards(game, seeds, positions=positions, hidden=_hidden)
    # positions (spread by a stride) × languages × (seats + spectator)
    assert drawn >= positions * 4 * (players + 1) * 0.75


def _root(state: Any, seat: int | None, events: list[ludus.Event] | None = None) -> ElementTree.Element:
    game = state.game
    picture = game.svg(board_view(state, seat, events or []), seat, "en")
    assert picture is not None
    return ElementTree.fromstring(picture)


def _acting(root: ElementTree.Element, notation: str) -> list[ElementTree.Element]:
    return [e for e in root.iter() if notation in e.attrib.get("data-action", "").split(",")]


def test_a_click_on_the_next_box_of_an_area_fills_it() -> None:
    state, _ = _play(2, 4, lambda s: s.phase.name == "ACTIONS" and any(
        a.verb == "mine" for a in s.legal_actions(0))
                     and any(a.verb == "citizen" for a in s.legal_actions(0)))
    root, b = _root(state, 0), state.view(0)["boards"][0]
    for notation, area, filled in (("0:mine", "Mining & Foresting", b["mining"]),
                                   ("0:citizen trader", "Citizen tracks", b["citizens"][0])):
        (box,) = _acting(root, notation)
        assert box.tag == f"{SVG}rect" and "playable" in box.attrib["class"]
        title = box.find(f"{SVG}title")
        assert title is not None and (title.text or "").startswith(f"{area}, box {filled + 1}:")
    state.apply(state.game.parse_action(state, "0:mine"))
    assert not _acting(_root(state, 1), "0:mine")  # another seat's sheet offers it no click


def test_a_scouting_pattern_is_placed_cell_by_cell() -> None:
    state, _ = _play(2, 6,
                     lambda s: any(a.verb in ("turn", "place") for q in range(2) for a in s.legal_actions(q)))
    seat = next(q for q in range(2) if any(a.verb in ("turn", "place") for a in state.legal_actions(q)))
    if state.legal_actions(seat)[0].verb == "turn":  # the orientations are drawn as small patterns to click
        turns = [str(a) for a in state.legal_actions(seat)]
        assert all(_acting(_root(state, seat), n)[0].tag == f"{SVG}g" for n in turns)
        state.apply(state.legal_actions(seat)[0])
    places = [str(a) for a in state.legal_actions(seat)]
    assert places and all(n.split()[0].endswith("place") for n in places)
    root = _root(state, seat)
    cells = [e for e in root.iter(f"{SVG}rect") if any(n in e.attrib.get("data-action", "") for n in places)]
    for n in places:  # the cells a placement covers each offer it, and together offer nothing else
        covering = [set(e.attrib["data-action"].split(",")) for e in cells
                    if n in e.attrib["data-action"].split(",")]
        assert len(covering) == 4 and set.intersection(*covering) == {n}


def test_the_fate_deck_and_the_cards_drawn_stay_hidden() -> None:
    game = ludus.load("hadrians-wall", 3)
    state, rng = game.new_state(8), ludus.Rng(8)
    for step in range(160):
        if step % 20 == 0:
            for seat in range(3):
                picture = game.svg(board_view(state, seat), seat, "en") or ""
                for secret in _fate_deck(state, seat) | _hidden(state, seat):
                    assert f'data-id="{secret}"' not in picture, (step, seat, secret)
                shown = {e.attrib["data-id"] for e in ElementTree.fromstring(picture).iter()
                         if "data-id" in e.attrib}
                assert {f"fate{c + 1}" for c in state.attack} <= shown
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))


def test_the_year_board_shows_the_pict_attack_neutral_cards_and_the_scoring_column() -> None:
    state, events = _play(2, 3, lambda s: bool(s.attack) or s.is_terminal())
    root = _root(state, None, events)
    places = [(e.attrib["data-id"], e.attrib["data-place"]) for e in root.iter() if "data-place" in e.attrib]
    assert {(f"fate{c + 1}", "fate") for c in state.attack} <= set(places)
    assert [(card, "neutral 0") for card in state.view(None)["neutral"][:1]] == [p for p in places
                                                                                 if p[1] == "neutral 0"]
    state, _ = _play(2, 3, lambda s: s.is_terminal())
    picture = ludus.svg(state, 1, "en")
    for seat, total in enumerate(state.outcome().scores):
        assert f"Total: {int(total)} VP" in picture, seat
    assert "The game is over." in picture and ' data-action="' not in picture


def test_the_seat_to_move_and_what_changed_are_marked() -> None:
    state, events = _play(2, 5, lambda s: s.phase.name == "ACTIONS" and s.boards[0].mining > 1)
    events = state.apply(state.game.parse_action(state, str(next(
        a for a in state.legal_actions(state.to_move()[0])
        if a.verb in ("mine", "guard", "wall", "fort", "build")))))
    picture = state.game.svg(board_view(state, 0, events), 0, "en") or ""
    assert 'class="recent"' in picture and "to-move" in picture
    assert ludus.svg(state, 0)._repr_svg_().startswith("<svg")
