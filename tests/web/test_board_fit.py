"""Boards that fit the screen (issue 40, point 2), in Debian's Chromium driven by Playwright.

At a laptop's 1280×800 and a phone's 390×844, the board of each game is shown at least at its
readable size: every word drawn in it (each SVG ``<text>`` outside ``<defs>``, whose icons are
pictures) is measured as the browser draws it — its computed font size times the scale from its
own coordinates to the screen (``getScreenCTM``) — and none is under 10 CSS pixels. A board
larger than its window pans (the window scrolls over the whole of it); the zoom buttons and
Ctrl + wheel change its scale, remembered per game; dragging it with the mouse pans it without
playing; it stays where it was panned when the table changes and from one replay step to the next.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from ludus.testing.boards import SMALLEST_WORD_JS
from web.conftest import Server, free_port
from web.test_browser import WAIT, open_table

SMALLEST_PX = 10.0
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

SCROLLED = "() => [document.getElementById('board').scrollLeft, document.getElementById('board').scrollTop]"
MEASURE_SCALE = "document.querySelector('#board svg').getBoundingClientRect().width / 1680"
"""Hadrian's Wall's scale now (its picture is 1680 units wide)."""

GAMES: dict[str, tuple[int, int]] = {
    # game: (players, how many of seat 0's decisions are played before looking)
    "glory-to-rome": (3, 6),
    "trajan": (2, 6),
    "fall-of-rome": (2, 4),
    "hadrians-wall": (2, 12),
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One real ``ludus serve`` for the module over a fresh SQLite database, bots moving at once
    (each test opens its own tables)."""
    where = tmp_path_factory.mktemp("board-fit")
    started = Server(f"sqlite:///{where / 'web.db'}", free_port(), where / "server.log").wait()
    yield started
    started.stop()


def table_in_progress(server: Server, game: str) -> tuple[str, str]:
    """A table of ``game`` (seat 0 a person, random bots), a few of seat 0's decisions in: its id and
    seat 0's token."""
    players, decisions = GAMES[game]
    table, tokens = open_table(server, game, ["human"] + ["random"] * (players - 1), seed=5)
    for _ in range(decisions):
        seen = httpx.get(f"{server.url}/api/tables/{table}", params={"token": tokens[0]}, timeout=30).json()
        if seen["status"] != "playing" or not seen["legal_actions"]:
            break
        sent = httpx.post(f"{server.url}/api/tables/{table}/actions", timeout=30,
                          json={"token": tokens[0], "action": seen["legal_actions"][-1], "confirm": True})
        assert sent.status_code in (200, 409), sent.text  # 409: a bot's move came first
    return table, tokens[0]


def open_page(browser: Browser, url: str, viewport: dict[str, int]) -> Page:
    """``url`` in a new browser context of ``viewport``, once its board is there."""
    page = browser.new_context(viewport=viewport).new_page()  # type: ignore[arg-type]
    page.goto(url)
    page.wait_for_selector("#board svg", state="attached", timeout=WAIT)
    return page


def measure(page: Page) -> dict[str, Any]:
    """The board as drawn now: its smallest text (CSS px), how many words, its size, its window's."""
    found: dict[str, Any] | None = page.evaluate(SMALLEST_WORD_JS)
    assert found is not None, "the page shows no board picture"
    return found


def assert_readable_and_reachable(found: dict[str, Any], where: str) -> None:
    """Every word at least 10 CSS px, and the window scrolls over the whole board."""
    assert found["words"] > 20, (where, found)
    assert found["least"] >= SMALLEST_PX, (where, found)
    whole = found["scrollWidth"] >= found["width"] - 1 and found["scrollHeight"] >= found["height"] - 1
    assert whole, (where, found)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_word_of_the_board_is_at_least_10_px_on_a_laptop_and_a_phone(
        browser: Browser, server: Server, game: str) -> None:
    table, token = table_in_progress(server, game)
    pages = {  # the seat's page on both screens; the spectator's and the replay's show the same board
        "seat, 1280×800": (f"{server.url}/play/{table}/{token}", LAPTOP),
        "seat, phone": (f"{server.url}/play/{table}/{token}", PHONE),
        "spectator, phone": (f"{server.url}/watch/{table}", PHONE),
        "replay, 1280×800": (f"{server.url}/replay/{table}?at=3", LAPTOP),
    }
    for where, (url, viewport) in pages.items():
        page = open_page(browser, url, viewport)
        found = measure(page)
        assert_readable_and_reachable(found, f"{game}, {where}")
        if viewport is PHONE:  # a phone pans the board: nothing is squeezed to its width
            assert found["width"] > viewport["width"], (where, found)
        page.context.close()


def test_the_zoom_buttons_fit_the_whole_board_enlarge_it_and_come_back_to_readable(
        browser: Browser, server: Server) -> None:
    table, token = table_in_progress(server, "hadrians-wall")
    url = f"{server.url}/play/{table}/{token}"
    page = open_page(browser, url, LAPTOP)
    readable = measure(page)
    assert readable["least"] >= SMALLEST_PX
    assert readable["width"] > readable["windowWidth"]  # larger than its window: it pans
    page.click(".board-tools [data-zoom=fit]")  # the whole board in its window
    whole = measure(page)
    assert whole["width"] <= whole["windowWidth"] + 1 and whole["height"] <= whole["windowHeight"] + 1, whole
    page.click(".board-tools [data-zoom=in]")
    larger = measure(page)
    assert larger["scale"] == pytest.approx(whole["scale"] * 1.25, rel=0.01)
    page.reload()  # the chosen scale is remembered for the game
    page.wait_for_selector("#board svg", state="attached", timeout=WAIT)
    assert measure(page)["scale"] == pytest.approx(larger["scale"], rel=0.01)
    page.click(".board-tools [data-zoom=readable]")
    assert measure(page)["scale"] == pytest.approx(readable["scale"], rel=0.01)
    box = page.locator("#board").bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.keyboard.down("Control")  # Ctrl + wheel (a trackpad's pinch) zooms too
    page.mouse.wheel(0, -100)
    page.keyboard.up("Control")
    page.wait_for_function(f"() => {MEASURE_SCALE} > {readable['scale'] * 1.2}", timeout=WAIT)
    page.click(".board-tools [data-zoom=readable]")
    # dragging the board with the mouse pans it, and plays nothing
    posts: list[str] = []
    page.on("request", lambda request: posts.append(request.url) if request.method == "POST" else None)
    page.mouse.move(box["x"] + box["width"] * 0.6, box["y"] + box["height"] * 0.6)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.4, steps=8)
    page.mouse.up()
    moved = page.evaluate(SCROLLED)
    assert moved[0] > 0 and moved[1] > 0, moved
    assert page.locator("#chooser[open]").count() == 0 and posts == []
    # the table changes (seat 0 moves through the API): the new board is where the person had panned it
    index = page.evaluate("() => Number(document.getElementById('live').dataset.index)")
    seen = httpx.get(f"{server.url}/api/tables/{table}", params={"token": token}, timeout=30).json()
    sent = httpx.post(f"{server.url}/api/tables/{table}/actions", timeout=30,
                      json={"token": token, "action": seen["legal_actions"][0], "confirm": True})
    assert sent.status_code == 200, sent.text
    page.wait_for_function("index => Number(document.getElementById('live').dataset.index) > index",
                           arg=index, timeout=WAIT)
    assert page.evaluate(SCROLLED) == moved
    page.context.close()


def test_the_replay_keeps_the_board_where_it_was_panned_from_step_to_step(
        browser: Browser, server: Server) -> None:
    table, _ = table_in_progress(server, "trajan")
    page = open_page(browser, f"{server.url}/replay/{table}?at=2", PHONE)
    page.evaluate("() => { const b = document.getElementById('board'); b.scrollLeft = 300; b.scrollTop = "
                  "200; }")
    page.wait_for_function("() => (sessionStorage.getItem('ludus.board') || '').includes('\"top\":200')",
                           timeout=WAIT)  # the page noted where its board is
    page.click("a[rel=next]")
    page.wait_for_url("**at=3", timeout=WAIT)
    page.wait_for_selector("#board svg", state="attached", timeout=WAIT)
    assert page.evaluate(SCROLLED) == [300, 200]
    page.context.close()
