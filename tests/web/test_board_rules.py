"""Rules on the board (issue 39): every part the board pictures draw links to its rules.

Each named region of a game's SVG (``Canvas.region``: ``data-region``) is explained by exactly one
entry of the game's rules reference (``regions`` in ``reference.toml``); the play page gives the
map to the browser (``#board``'s ``data-rules``), and the toolbar's "Rules on the board" mode opens
a clicked region's entry in a new tab, while outside the mode a click on the board still plays.
"""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser

import ludus
from ludus.core.board import draw
from ludus.core.rng import Rng
from ludus.play.lessons import load_lesson
from ludus.play.reference import ReferenceError as BadReference
from ludus.play.reference import load_reference, parse_reference, region_entries
from web.conftest import Server
from web.test_browser import WAIT, look, open_table, play, seat_page

GAMES = {"glory-to-rome": 3, "trajan": 2, "fall-of-rome": 2, "hadrians-wall": 2}
"""Each game and the number of players its boards are drawn for."""
REGION = re.compile(r'data-region="([^"]+)"')


def drawn_regions(game: str, players: int, positions: int = 6, seed: int = 4) -> set[str]:
    """The names of the regions drawn on the boards of ``positions`` positions of a random game, for
    every seat and a spectator."""
    state, rng, names = ludus.load(game, players).new_state(seed), Rng(seed), set[str]()
    for _ in range(positions):
        for seat in [*range(players), None]:
            names.update(REGION.findall(draw(state, seat)))
        for _ in range(7):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
    return names


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_region_a_board_draws_has_its_entry(game: str) -> None:
    reference, entries = load_reference(game), region_entries(game)
    drawn = drawn_regions(game, GAMES[game])
    assert "table" in drawn and len(drawn) >= 8
    assert drawn <= set(entries), sorted(drawn - set(entries))
    assert set(load_lesson(game).regions) == set(entries)  # each region the lessons name, none else
    ids = {e.id for e in reference.entries}
    assert set(entries.values()) <= ids
    for name, entry in entries.items():  # exactly one entry each
        assert [e.id for e in reference.entries if name in e.regions] == [entry]


def test_a_bad_region_is_refused_in_one_line() -> None:
    good = '[[entry]]\nid = "a"\nsection = "S"\ntitle = "T"\ntext = "X"\nregions = ["pool"]\n'
    assert parse_reference("g", good, frozenset({"pool"})).for_region("pool").id == "a"  # type: ignore[union-attr]
    twice = good + good.replace('"a"', '"b"')
    unlisted = good.replace('["pool"]', '"pool"')
    for bad, known in ((good, frozenset({"hand"})), (twice, None), (unlisted, None)):
        with pytest.raises(BadReference) as caught:
            parse_reference("g", bad, known)
        assert "\n" not in str(caught.value)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_board_carries_its_rules_map_and_the_reference_its_anchors(client: TestClient, game: str) -> None:
    made = client.post("/api/tables", json={"game": game, "players": GAMES[game], "seed": 2}).json()
    client.cookies.clear()
    play_page = client.get(f"/play/{made['id']}/{made['seats'][0]['token']}").text
    found = re.search(r"<div id=\"board\" [^>]*data-reference=\"([^\"]+)\" data-rules='([^']+)'", play_page)
    assert found is not None and found[1] == f"/games/{game}/reference"
    assert json.loads(unescape(found[2])) == region_entries(game)
    assert 'class="rules-mode"' in play_page
    replay = client.get(f"/replay/{made['id']}").text
    assert f"data-rules='{found[2]}'" in replay
    assert f"data-rules='{found[2]}'" in client.get(f"/learn/{game}").text  # the lesson's board too
    page = client.get(f"/games/{game}/reference").text
    for entry in set(region_entries(game).values()):
        assert f'<div class="entry" id="{entry}">' in page, entry


def test_a_click_in_rules_mode_opens_the_entry_and_outside_it_plays(browser: Browser, server: Server) -> None:
    table, tokens = open_table(server, "glory-to-rome", ["human", "random"], seed=3)
    page = seat_page(browser, server, table, tokens[0])
    page.click(".board-tools button.rules-mode")
    assert page.get_attribute(".board-tools button.rules-mode", "aria-pressed") == "true"
    index = look(page)["index"]
    pool = page.locator('#board rect.region[data-region="pool"]')
    pool.scroll_into_view_if_needed()
    box = pool.bounding_box()
    assert box is not None
    with page.context.expect_page(timeout=WAIT) as opened:  # a point of the Pool (a card there or not)
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    reference = opened.value
    reference.wait_for_load_state()
    assert reference.url.endswith(f"/games/glory-to-rome/reference#{region_entries('glory-to-rome')['pool']}")
    assert reference.locator("#reference .entry:target").count() == 1
    reference.close()
    assert page.get_attribute(".board-tools button.rules-mode", "aria-pressed") == "false"  # the mode is left
    assert look(page)["index"] == index  # nothing was played
    seen = look(page)
    on_board = [a for a, there in zip(seen["actions"], seen["onBoard"], strict=True) if there]
    assert on_board
    assert play(page, on_board[0], True)  # outside the mode a click on the board plays
    page.wait_for_function(f"() => Number(document.getElementById('live').dataset.index) > {index}",
                           timeout=WAIT)
    page.context.close()
