"""Issue 39 in the browser: the play page's hint button and the replay page's review.

The server runs with small budgets (its ``hint_level`` and ``review_level`` settings: ``easy``), so
every hint and review here takes a moment; a review is waited for by asking the panel again, as the
page does, with a generous limit (a limit, not a measure)."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser

import ludus
from ludus.agents import GreedyAgent
from ludus.core.i18n import get_lang
from ludus.web.advice import hint_options
from ludus.web.app import Settings, create_app
from ludus.web.live import Hub, Live, Refused
from ludus.web.reviews import Analyst, hint_seed, think_hint
from ludus.web.store import Store
from web.test_browser import mouse_click, posting

if TYPE_CHECKING:
    from web.conftest import Server

BROWSER_WAIT = 30_000
"""Milliseconds a wait in the browser may take before the test fails (a limit, not a measure)."""
WAIT = 60.0
"""Seconds a review may take before a test fails (a limit, not a measure)."""


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The application over a fresh SQLite database, hints and reviews on the ``easy`` budget."""
    settings = Settings(db=f"sqlite:///{tmp_path / 'web.db'}", hint_level="easy", review_level="easy")
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def hub(client: TestClient) -> Hub:
    found: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return found


def open_table(client: TestClient, seats: list[dict[str, str]], rated: bool = False,
               game: str = "glory-to-rome") -> tuple[str, list[str]]:
    made = client.post("/api/tables", json={"game": game, "players": 2, "seed": 5, "seats": seats,
                                            "rated": rated})
    assert made.status_code == 201, made.text
    body = made.json()
    return body["id"], [s.get("token") for s in body["seats"]]


def mover(live: Live) -> int:
    with live.lock:
        return live.state.to_move()[0]


def play_until(client: TestClient, table: str, seat: int, moves: int | None) -> Live:
    """Play ``seat``'s first legal action ``moves`` times (None: to the end), the bot between."""
    the_hub = hub(client)
    end = time.monotonic() + WAIT
    played = 0
    while time.monotonic() < end:
        live = the_hub.get(table)
        with live.lock:
            if live.status != "playing" or (moves is not None and played >= moves):
                return live
            mine = (seat in live.state.to_move() and not live.server_first()
                    and live.table.legal(seat)[0] if live.table.legal(seat) else None)
        if mine:
            the_hub.act(table, seat, mine)
            played += 1
        else:
            time.sleep(0.01)
    raise AssertionError("the game did not get on")


# --- the hint -----------------------------------------------------------------------------------
def test_the_hint_button_is_on_a_casual_tables_page_and_its_options_are_the_seats_legal_actions(
        client: TestClient) -> None:
    table, tokens = open_table(client, [{"kind": "human"}, {"kind": "human"}])
    live = hub(client).get(table)
    seat = mover(live)
    page = client.get(f"/play/{table}/{tokens[seat]}").text
    assert 'class="hint-button"' in page and f'hx-post="/play/{table}/seat/{seat}/hint"' in page
    other = client.get(f"/play/{table}/{tokens[1 - seat]}").text
    assert 'class="hint-button"' not in other  # not the other seat's decision
    answer = client.post(f"/play/{table}/seat/{seat}/hint")
    assert answer.status_code == 200, answer.text
    offered = re.findall(r'class="action hint-option" data-notation="([^"]+)"', answer.text)
    with live.lock:
        legal = {str(a) for a in live.state.legal_actions(seat)}
    assert len(offered) == min(3, len(legal)) and set(offered) <= legal
    assert "win chance" in answer.text
    again = client.post(f"/play/{table}/seat/{seat}/hint")
    assert again.text == answer.text  # the same position, the same hint
    refused = client.post(f"/play/{table}/seat/{1 - seat}/hint")
    assert refused.status_code == 409 and "only when it is your decision" in refused.text
    played = client.post(f"/play/{table}/seat/{seat}/act", data={"action": offered[0]})
    assert played.status_code == 200 and len(live.played) == 1  # an option's button plays it


def test_no_hint_at_a_rated_table_not_even_a_forged_post(client: TestClient) -> None:
    table, tokens = open_table(client, [{"kind": "human"}, {"kind": "human"}], rated=True)
    seat = mover(hub(client).get(table))
    page = client.get(f"/play/{table}/{tokens[seat]}").text
    assert "Your turn" in page and 'class="hint-button"' not in page
    forged = client.post(f"/play/{table}/seat/{seat}/hint")
    assert forged.status_code == 409
    assert re.search(r'<p class="error" role="alert">no hints at a rated table</p>', forged.text)
    assert len(hub(client).get(table).played) == 0
    assert client.post(f"/play/{table}/seat/{1 - seat}/hint").status_code == 403  # no cookie of that seat


@pytest.mark.parametrize("game", ["glory-to-rome", "hadrians-wall", "trajan"])
def test_a_hint_is_the_same_on_twin_positions(game: str) -> None:
    """Two positions that differ only in what the seat cannot see give the same hint, in words too."""
    state = ludus.load(game, 2).new_state(seed=4)
    bot = GreedyAgent(1)
    for _ in range(10):
        state.apply(bot.act(state, state.to_move()[0]))
    seat = state.to_move()[0]
    twin = state.determinize(seat, 99)
    assert twin.view(seat) == state.view(seat) and twin.to_json() != state.to_json()
    seed = hint_seed(10)
    first, second = think_hint(state, seat, seed, "easy"), think_hint(twin, seat, seed, "easy")
    assert first == second
    lang = get_lang("en")
    assert hint_options(state, first, lang) == hint_options(twin, second, lang)


def test_one_hint_at_a_time_per_seat(client: TestClient) -> None:
    """While a seat's hint is being thought about, a second one is refused (another seat's is not)."""
    table, _tokens = open_table(client, [{"kind": "human"}, {"kind": "human"}])
    live = hub(client).get(table)
    seat = mover(live)
    analyst = Analyst(hub(client).store, threads=1, hint_level="easy")
    busy = threading.Event()
    try:
        analyst.executor.submit(busy.wait, WAIT)  # the pool's one worker is busy: the hint waits
        waiting = analyst.hint(live, seat)
        with pytest.raises(Refused, match="still being thought about"):
            analyst.hint(live, seat)
        busy.set()
        _world, analysis = waiting.result(WAIT)
        assert analysis.seat == seat
        assert analyst.hint(live, seat).result(WAIT)[1] == analysis  # kept: the same position's hint
    finally:
        busy.set()
        analyst.close()


# --- the review ---------------------------------------------------------------------------------
def panel(client: TestClient, url: str, playing: bool = False) -> str:
    """The review panel at ``url`` once the review is made (asked again as the page does). While the game
    is ``playing``, its progress shows no counts: they are every seat's decisions with a choice."""
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        answer = client.get(url)
        assert answer.status_code == 200, answer.text
        assert not (playing and re.search(r"\(\d+ of \d+\)", answer.text)), answer.text
        if "reviewing…" not in answer.text:
            return answer.text
        time.sleep(0.1)
    raise AssertionError(f"the review at {url} was not made")


def test_a_seat_sees_its_own_review_while_playing_and_everyones_after_the_end(client: TestClient) -> None:
    table, tokens = open_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "random"}],
                               game="hadrians-wall")
    client.get(f"/play/{table}/{tokens[0]}")  # the seat's cookie
    live = play_until(client, table, 0, 6)
    assert live.status == "playing"
    page = client.get(f"/replay/{table}", params={"mine": 0}).text
    assert f'hx-get="/play/{table}/seat/0/review?at=0"' in page
    mine = panel(client, f"/play/{table}/seat/0/review", playing=True)
    assert re.search(r"<h3>Ann: (no mistakes in|mistakes: \d+, in) \d+ decisions?</h3>", mine)
    assert len(re.findall("<h3>", mine)) == 1 and "The game is not over" in mine
    watcher = client.get(f"/replay/{table}/review").text
    assert "each player sees the review of their own decisions only" in watcher and "<h3>" not in watcher
    assert client.get(f"/play/{table}/seat/1/review").status_code == 403  # not this browser's seat

    live = play_until(client, table, 0, None)
    assert live.status != "playing"
    everyone = panel(client, f"/replay/{table}/review")
    headings = re.findall(r"<h3>([^<:]+):", everyone)
    assert len(headings) == 2 and headings[0] == "Ann" and "The game is not over" not in everyone
    links = re.findall(r'<a href="\?at=(\d+)" data-move="(\d+)">move \2: played .+?; the bot preferred .+? '
                       r'\(win chance \d+% → \d+%\)</a>', everyone)
    assert links, everyone
    for at, number in links:
        assert int(at) == int(number) - 1  # the position of the decision
    at = links[0][0]
    stepped = client.get(f"/replay/{table}", params={"at": at}).text
    assert f"after {at} of {len(live.played)} actions" in stepped
    marked = client.get(f"/replay/{table}/review", params={"at": at}).text
    assert 'class="current" aria-current="step"' in marked
    row = hub(client).store.review(table)
    assert row is not None and row.log_length == live.index and row.level == "easy"


# --- in a real browser --------------------------------------------------------------------------
def test_in_chromium_the_hint_shows_three_options_and_clicking_one_plays_it(
        browser: Browser, start_server: Callable[..., Server], sqlite_url: str) -> None:
    server = start_server(sqlite_url, "--hint-level", "easy", "--bot-processes", "0")
    made = httpx.post(f"{server.url}/api/tables", json={
        "game": "glory-to-rome", "players": 2, "seed": 3,
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "greedy"}]}, timeout=30).json()
    table, token = made["id"], made["seats"][0]["token"]
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{server.url}/play/{table}/{token}")
        page.wait_for_selector(".hint-button", timeout=BROWSER_WAIT)
        before = int(page.locator("#live").get_attribute("data-index") or 0)
        with posting(page, "/hint"):
            mouse_click(page, ".hint-button")
        page.wait_for_selector("#hint .hint-option", timeout=BROWSER_WAIT)
        options = page.locator("#hint .hint-option")
        assert options.count() == 3
        assert "win chance" in (page.locator("#hint").text_content() or "")
        chosen = options.first.get_attribute("data-notation")
        with posting(page, "/act"):
            mouse_click(page, "#hint .hint-option")
        page.wait_for_function(f"() => Number(document.getElementById('live').dataset.index) > {before}",
                               timeout=BROWSER_WAIT)
    finally:
        context.close()
    store = Store(sqlite_url)  # the server's log: the person's first move is the option clicked
    try:
        assert chosen in [e.notation for e in store.entries(table) if e.seat == 0 and e.kind == "act"][:1]
    finally:
        store.dispose()
