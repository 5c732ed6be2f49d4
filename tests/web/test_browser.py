"""Issue 17 in a real browser: Debian's Chromium, driven by Playwright, against a real
``ludus serve`` process over a fresh SQLite database.

A player here clicks like a person: the seat's chosen action is clicked on the board
when an element there carries exactly that action (``data-action``), else its button
in ``#actions``; the mouse goes to a point of the element that really receives the
click (``document.elementFromPoint``), never a scripted ``.click()``. Every wait has a
generous limit and nothing is timed; the games are seeded and the bots move at once
(``--bot-delay 0``), so each run plays the same games.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

import httpx
import pytest
from playwright.sync_api import Browser, Page

if TYPE_CHECKING:
    from web.conftest import Server

WAIT = 30_000
"""Milliseconds any one wait may take before the test fails (a limit, not a measure)."""

LOOK = """() => {
  const live = document.getElementById('live');
  if (!live) return null;
  const actions = Array.from(document.querySelectorAll('#actions button.action'))
    .map(b => b.dataset.notation);
  const single = new Set(Array.from(document.querySelectorAll('#board [data-action]'))
    .map(e => e.getAttribute('data-action')));
  return {status: live.dataset.status, index: Number(live.dataset.index), actions: actions,
          onBoard: actions.map(a => single.has(a)), confirm: !!live.querySelector('.confirm')};
}"""
SPOT = """element => {
  const mine = hit => hit !== null && hit.closest('[data-action], button') === element;
  for (const part of [element, ...element.querySelectorAll('*')]) {
    const box = part.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    for (const [fx, fy] of [[.5, .5], [.25, .5], [.75, .5], [.5, .25], [.5, .75], [.15, .15], [.85, .85]]) {
      const x = box.left + box.width * fx, y = box.top + box.height * fy;
      if (mine(document.elementFromPoint(x, y))) return [x, y];
    }
  }
  return null;
}"""
MOVED = """index => { const live = document.getElementById('live');
  return live !== null
    && (Number(live.dataset.index) > index || live.querySelector('.error, .confirm') !== null); }"""
READY = """() => { const live = document.getElementById('live');
  return live !== null && (live.dataset.status !== 'playing'
    || document.querySelector('#actions button.action') !== null); }"""


def open_table(server: Server, game: str, seats: list[str], seed: int,
               **options: object) -> tuple[str, dict[int, str]]:
    """Open a table through the API (``seats``: ``"human"`` or a bot level): its id and each person's token by
    seat."""
    specs = [{"kind": "human"} if s == "human" else {"kind": "bot", "level": s} for s in seats]
    made = httpx.post(f"{server.url}/api/tables", json={"game": game, "players": len(seats), "seed": seed,
                                                         "options": options, "seats": specs}, timeout=30)
    assert made.status_code == 201, made.text
    body = made.json()
    return body["id"], {s["seat"]: s["token"] for s in body["seats"] if s.get("token")}


def quoted(text: str) -> str:
    """``text`` as a CSS string."""
    return json.dumps(text)


def look(page: Page) -> dict[str, Any]:
    """What the page shows now: status, index, the seat's actions (and which are on the board)."""
    seen: dict[str, Any] = page.evaluate(LOOK)
    assert seen is not None, "the page has no #live table"
    return seen


def spot(page: Page, selector: str) -> tuple[float, float] | None:
    """A point where ``selector`` receives a mouse click (scrolled into view); None if it is gone or
    covered."""
    element = page.locator(selector).first
    try:
        element.scroll_into_view_if_needed(timeout=2_000)
        found = element.evaluate(SPOT)
    except Exception:  # the fragment was swapped meanwhile: look again
        return None
    return None if found is None else (found[0], found[1])


def mouse_click(page: Page, selector: str) -> None:
    """Click ``selector`` with the mouse where it receives the click."""
    for _ in range(20):
        point = spot(page, selector)
        if point is not None:
            page.mouse.click(*point)
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"nothing to click at {selector}")


def posting(page: Page, what: str = "/act") -> Any:
    """Wait for the page's next POST to ``what`` (the click's answer)."""
    return page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith(what), timeout=WAIT)


def play(page: Page, notation: str, on_board: bool, *, must: bool = True) -> bool:
    """Click ``notation``: on the board when an element there carries exactly it, else its button.
    If it is not (or no longer) on the page: False, or an AssertionError when ``must``."""
    selector = (f"#board [data-action={quoted(notation)}]"
                if on_board else f"#actions button[data-notation={quoted(notation)}]")
    for _ in range(20):
        point = spot(page, selector)
        if point is None:
            page.wait_for_timeout(100)
            continue
        with posting(page):
            page.mouse.click(*point)
        return True
    if not must:
        return False
    where = page.locator(selector).evaluate_all(
        "es => es.map(e => { const r = e.getBoundingClientRect(); const hit = document.elementFromPoint("
        "r.left + r.width / 2, r.top + r.height / 2); return [r.left, r.top, r.width, r.height, "
        "hit && hit.outerHTML.slice(0, 120)]; })")
    raise AssertionError(f"could not click {notation}: {where} {look(page)}")


def play_out(page: Page, pick: int | tuple[int, int, int], limit: int) -> dict[str, int]:
    """Click the seat's ``pick``-th action (0 first, -1 last; ``(pick, n, then)``: ``pick`` for
    ``n`` clicks, then ``then``) whenever it is its turn until the game is over; a fatal move's
    confirmation is answered "Play it". Counts the clicks."""
    first, switch, then = pick if isinstance(pick, tuple) else (pick, limit, pick)
    counts = {"board": 0, "buttons": 0, "confirmed": 0}
    for _ in range(limit):
        page.wait_for_function(READY, timeout=WAIT)
        seen = look(page)
        if seen["status"] != "playing":
            return counts
        if seen["confirm"]:
            with posting(page):
                page.locator("#live .confirm button.danger").click()
            counts["confirmed"] += 1
            continue
        if not seen["actions"]:
            continue
        which = first if counts["board"] + counts["buttons"] < switch else then
        chosen = which if which >= 0 else len(seen["actions"]) + which
        notation, on_board = seen["actions"][chosen], seen["onBoard"][chosen]
        if not play(page, notation, on_board, must=False):
            continue
        counts["board" if on_board else "buttons"] += 1
        page.wait_for_function(MOVED, arg=seen["index"], timeout=WAIT)
    raise AssertionError(f"the game did not end in {limit} clicks")


def seat_page(browser: Browser, server: Server, table: str, token: str, width: int = 1400) -> Page:
    """A new browser context on a seat's page, its WebSocket open."""
    page = browser.new_context(viewport={"width": width, "height": 900}).new_page()
    page.goto(f"{server.url}/play/{table}/{token}")
    page.wait_for_selector('#table[data-socket="open"]', timeout=WAIT)
    return page


def assert_finished(page: Page) -> None:
    """The end is on the page: the outcome heading, the score sheet, replay and download links."""
    page.wait_for_selector("#live[data-status=finished] .end h2", timeout=WAIT)
    assert page.locator(".end h2").inner_text().strip()
    assert page.locator(".end table.sheet tr").count() >= 2
    assert page.locator(".end a[href^='/replay/']").count() == 1
    assert page.locator(".end a[download]").count() == 1
    assert page.locator("#actions").count() == 0


# --- a full game of each game against bots, by clicking ----------------------------------------
GAMES: dict[str, tuple[list[str], dict[str, object], int | tuple[int, int, int]]] = {
    # game: (seats, options, which action the person picks)
    "glory-to-rome": (["human", "random"], {}, -1),
    "trajan": (["human", "random"], {"lap_2p": 4}, -1),
    "fall-of-rome": (["human", "random"], {}, 0),
    # two Years' worth of choices, then "end the Year" at once (a full game clicked on the board
    # takes a minute: the last Year's end asks to confirm a losing move)
    "hadrians-wall": (["human", "random"], {}, (-1, 40, 0)),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_full_game_against_a_bot_by_clicking(browser: Browser, server: Server, game: str) -> None:
    seats, options, pick = GAMES[game]
    table, tokens = open_table(server, game, seats, seed=3, **options)
    page = seat_page(browser, server, table, tokens[0])
    page.evaluate("window.notReloaded = true")
    counts = play_out(page, pick, limit=600)
    assert_finished(page)
    assert page.evaluate("window.notReloaded === true")  # every move arrived without a reload
    if page.locator("#board svg").count():  # a game with a picture is played on it
        assert counts["board"] > counts["buttons"], counts
    record = httpx.get(f"{server.url}/api/tables/{table}/record", timeout=30).json()
    assert record["game"] == game and len(record["actions"]) >= counts["board"] + counts["buttons"]
    if game == "fall-of-rome":  # co-op: one line for the team
        assert page.locator(".end h2").inner_text().strip()
    page.context.close()


def settled(page: Page, change: Callable[[], object]) -> None:
    """Make ``change`` and wait until htmx has swapped and settled its answer (the new form is live)."""
    page.evaluate("() => { window.settled = false; document.body.addEventListener("
                  "'htmx:afterSettle', () => { window.settled = true; }, {once: true}); }")
    change()
    page.wait_for_function("() => window.settled === true", timeout=WAIT)


def test_the_lobby_form_opens_a_table_and_its_links_play(browser: Browser, server: Server) -> None:
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.goto(server.url + "/")
    # htmx brings Trajan's seats, options
    settled(page, lambda: page.select_option("select[name=game]", "trajan"))
    assert page.locator("input[name=lap_2p]").count() == 1 and page.locator(".seat-row").count() == 2
    settled(page, lambda: page.select_option("select[name=players]", "3"))
    assert page.locator(".seat-row").count() == 3
    settled(page, lambda: page.select_option("select[name=players]", "2"))
    assert page.locator(".seat-row").count() == 2
    page.select_option("select[name=seat1]", "bot:random")
    page.fill("input[name=name0]", "Livia")
    page.fill("input[name=lap_2p]", "4")
    page.check("input[name=listed]")  # so that the lobby shows it (an unlisted table is not shown)
    page.click("button[type=submit]")
    link = page.locator("a.invitation")
    assert link.count() == 1 and link.get_attribute("data-seat") == "0"
    link.click()
    page.wait_for_selector('#table[data-socket="open"]', timeout=WAIT)
    assert "Livia" in page.locator(".seats").inner_text()
    play_out(page, -1, limit=300)
    assert_finished(page)
    page.goto(server.url + "/")
    assert page.locator("a[href^='/replay/']").count() == 1  # the lobby lists the finished game
    page.context.close()


# --- two people, two browsers -------------------------------------------------------------------
def wait_for_a_mover(pages: list[Page]) -> int:
    """The first page whose seat has actions, once one has (both pages at the same index)."""
    for _ in range(WAIT // 50):
        seen = [look(p) for p in pages]
        movers = [k for k, s in enumerate(seen) if s["actions"]]
        if movers and len({s["index"] for s in seen}) == 1:
            return movers[0]
        pages[0].wait_for_timeout(50)
    raise AssertionError("no seat to move")


def test_two_people_see_each_others_moves_without_reloading(browser: Browser, server: Server) -> None:
    table, tokens = open_table(server, "glory-to-rome", ["human", "human"], seed=5)
    pages = [seat_page(browser, server, table, tokens[seat]) for seat in (0, 1)]
    for page in pages:
        page.evaluate("window.notReloaded = true")
    moves = [0, 0]
    for _ in range(40):
        if min(moves) >= 3:
            break
        mover = wait_for_a_mover(pages)
        seen = look(pages[mover])
        play(pages[mover], seen["actions"][0], seen["onBoard"][0])
        moves[mover] += 1
        for page in pages:  # the other page hears of the move over its WebSocket
            page.wait_for_function(MOVED, arg=seen["index"], timeout=WAIT)
    assert min(moves) >= 3, moves
    for page in pages:
        assert page.evaluate("window.notReloaded === true")
        page.context.close()


# --- the turn notice (issue 40, point 5) --------------------------------------------------------
TITLE_SAYS = "([mark, yes]) => document.title.startsWith(mark + ' ') === yes"


def test_the_tab_title_and_icon_say_whose_turn_it_is(browser: Browser, server: Server) -> None:
    """The mover's tab (in Polish) starts its title with the server's "(Twoja kolej)" and shows the
    turn icon; once it has moved, the marker and the icon go to the other seat's tab (in English)."""
    table, tokens = open_table(server, "glory-to-rome", ["human", "human"], seed=3)
    mover = httpx.get(f"{server.url}/api/tables/{table}", timeout=30).json()["to_move"][0]
    other = 1 - mover
    pages = {
        seat: seat_page(browser, server, table, tokens[seat] + ("?lang=pl" if seat == mover else "?lang=en"))
        for seat in (mover, other)}
    pages[mover].wait_for_function(TITLE_SAYS, arg=["(Twoja kolej)", True], timeout=WAIT)
    assert pages[mover].locator("#favicon").get_attribute("href") == "/static/favicon-turn.svg"
    assert pages[other].evaluate("document.title") == "Glory to Rome — ludus"
    assert pages[other].locator("#favicon").get_attribute("href") == "/static/favicon.svg"
    assert not pages[mover].locator("#turn-sound").is_checked()  # the tone is off unless asked for
    pages[mover].locator("#turn-sound").click()  # (a real mouse click, by Playwright)
    assert pages[mover].evaluate("localStorage.getItem('ludus.turnSound')") == "1"

    moved = httpx.post(f"{server.url}/api/tables/{table}/actions",
                       json={"token": tokens[mover], "action": "think_draw"}, timeout=30)
    assert moved.status_code == 200 and moved.json()["to_move"] == [other], moved.text
    pages[mover].wait_for_function(TITLE_SAYS, arg=["(Twoja kolej)", False], timeout=WAIT)
    assert pages[mover].locator("#favicon").get_attribute("href") == "/static/favicon.svg"
    assert "Twoja kolej" not in pages[mover].evaluate("document.title")
    pages[other].wait_for_function(TITLE_SAYS, arg=["(Your turn)", True], timeout=WAIT)
    assert pages[other].locator("#favicon").get_attribute("href") == "/static/favicon-turn.svg"
    pages[mover].reload()
    pages[mover].wait_for_selector('#table[data-socket="open"]', timeout=WAIT)
    assert pages[mover].locator("#turn-sound").is_checked()  # remembered
    for page in pages.values():
        page.context.close()


# --- a spectator ---------------------------------------------------------------------------------
def _values(tree: Any) -> list[str]:
    if isinstance(tree, dict):
        return [v for value in tree.values() for v in _values(value)]
    if isinstance(tree, list):
        return [v for value in tree for v in _values(value)]
    return [tree] if isinstance(tree, str) else []


def test_a_spectator_sees_no_hand(browser: Browser, server: Server) -> None:
    table, tokens = open_table(server, "glory-to-rome", ["human", "random", "human"], seed=11)
    for _ in range(4):  # into the game: a few moves of seat 0 through the API
        seen = httpx.get(f"{server.url}/api/tables/{table}", params={"token": tokens[0]}, timeout=30).json()
        if seen["legal_actions"]:
            httpx.post(f"{server.url}/api/tables/{table}/actions",
                       json={"token": tokens[0], "action": seen["legal_actions"][-1]}, timeout=30)
    public = httpx.get(f"{server.url}/api/tables/{table}", timeout=30).json()
    hands = {p: httpx.get(f"{server.url}/api/tables/{table}", params={"token": tokens[p]}, timeout=30).json()
             ["view"]["players"][p]["hand"] for p in (0, 2)}
    known = _values(public["view"])
    watcher = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    watcher.goto(f"{server.url}/watch/{table}")
    watcher.wait_for_selector('#table[data-socket="open"]', timeout=WAIT)
    assert watcher.locator("#board svg").count() == 1
    assert watcher.locator("#board [data-place=hand]").count() == 0
    assert watcher.locator("#board [data-action], #actions, .seat-tools").count() == 0
    drawn = watcher.evaluate("() => Array.from(document.querySelectorAll('#board [data-id]')).map(e => "
                             "e.dataset.id)")
    # a card drawn no more often than the public knows it
    for card in {c for hand in hands.values() for c in hand}:
        assert drawn.count(card) <= known.count(card), card
    # the seats' own pages do show their hands (the check above is not vacuous)
    player = seat_page(browser, server, table, tokens[0])
    mine = player.evaluate("() => Array.from(document.querySelectorAll('#board [data-place=hand]')).map(e => "
                           "e.dataset.id)")
    assert sorted(mine) == sorted(hands[0]) and mine
    player.context.close()
    watcher.context.close()


# --- reload, dropped connection ------------------------------------------------------------------
def test_a_reload_and_a_dropped_connection_resume_where_the_game_was(
        browser: Browser, start_server: Callable[..., Server], sqlite_url: str) -> None:
    server = start_server(sqlite_url)
    table, tokens = open_table(server, "trajan", ["human", "human"], seed=4)
    page = seat_page(browser, server, table, tokens[0])
    for _ in range(3):  # the two seats move in turn: seat 0 by clicking, seat 1 through the API
        seen = look(page)
        if seen["actions"]:
            play(page, seen["actions"][-1], seen["onBoard"][-1])
            page.wait_for_function(MOVED, arg=seen["index"], timeout=WAIT)
        other = httpx.get(f"{server.url}/api/tables/{table}", params={"token": tokens[1]}, timeout=30).json()
        if other["legal_actions"]:
            httpx.post(f"{server.url}/api/tables/{table}/actions",
                       json={"token": tokens[1], "action": other["legal_actions"][0]}, timeout=30)
            page.wait_for_function(MOVED, arg=seen["index"] + 1, timeout=WAIT)
    page.wait_for_function(READY, timeout=WAIT)
    before = look(page)
    assert before["index"] > 2 and before["actions"]
    page.reload()
    page.wait_for_selector('#table[data-socket="open"]', timeout=WAIT)
    after = look(page)
    assert (after["index"], after["actions"]) == (before["index"], before["actions"])
    # the server dies (SIGKILL) and comes back on the same port: the page says so, reconnects by itself
    page.evaluate("window.notReloaded = true")
    server.kill()
    page.wait_for_selector('#table[data-socket="closed"] .offline', state="visible", timeout=WAIT)
    server = start_server(sqlite_url, port=server.port)
    page.wait_for_selector('#table[data-socket="open"]', timeout=WAIT)
    assert look(page)["index"] == before["index"]
    play(page, before["actions"][-1], before["onBoard"][-1])  # the page still plays
    page.wait_for_function(MOVED, arg=before["index"], timeout=WAIT)
    moved = look(page)["index"]
    other = httpx.get(f"{server.url}/api/tables/{table}", params={"token": tokens[1]}, timeout=30).json()
    if other["legal_actions"]:  # and the other seat's move arrives over the new socket
        httpx.post(f"{server.url}/api/tables/{table}/actions",
                   json={"token": tokens[1], "action": other["legal_actions"][0]}, timeout=30)
        page.wait_for_function(MOVED, arg=moved, timeout=WAIT)
    assert page.evaluate("window.notReloaded === true")
    page.context.close()


# --- the chooser, a fatal move ---------------------------------------------------------------------
def test_an_element_with_several_actions_opens_the_chooser(browser: Browser, server: Server) -> None:
    table, tokens = open_table(server, "glory-to-rome", ["human", "random"], seed=3)
    page = seat_page(browser, server, table, tokens[0])
    for _ in range(40):  # on to a decision where one card carries several actions (the Jack, when leading)
        page.wait_for_function(READY, timeout=WAIT)
        seen = look(page)
        if page.locator('#board [data-action*=","]').count():
            break
        play(page, seen["actions"][-1], seen["onBoard"][-1])
        page.wait_for_function(MOVED, arg=seen["index"], timeout=WAIT)
    several = page.locator('#board [data-action*=","]').first
    actions = (several.get_attribute("data-action") or "").split(",")
    labels = {b.get_attribute("data-notation"): b.inner_text()
              for b in page.locator("#actions button.action").all()}
    assert len(actions) > 1 and set(actions) <= set(labels)
    index = look(page)["index"]
    mouse_click(page, '#board [data-action*=","]')
    choices = page.locator("#chooser[open] .choices button")
    choices.first.wait_for(timeout=WAIT)
    assert [c.get_attribute("data-notation") for c in choices.all()] == actions
    assert [c.inner_text() for c in choices.all()] == [labels[a] for a in actions]
    page.click("#chooser .cancel")  # cancel: nothing played
    assert page.locator("#chooser[open]").count() == 0 and look(page)["index"] == index
    mouse_click(page, '#board [data-action*=","]')
    with posting(page) as answer:
        page.locator("#chooser[open] .choices button").nth(1).click()
    # the one chosen was played
    assert parse_qs(answer.value.request.post_data or "")["action"] == [actions[1]]
    page.wait_for_function(MOVED, arg=index, timeout=WAIT)
    assert page.locator("#live .error").count() == 0 and page.locator("#chooser[open]").count() == 0
    page.context.close()


def test_a_move_that_loses_at_once_asks_first(browser: Browser, server: Server) -> None:
    # a greedy opponent: a random one concedes at once in about 1 rematch in 30 (its seed is new)
    table, tokens = open_table(server, "glory-to-rome", ["greedy", "human"], seed=3, concession=True)
    page = seat_page(browser, server, table, tokens[1])
    page.wait_for_function(READY, timeout=WAIT)
    concede = next(a for a in look(page)["actions"] if a.startswith("1:concede"))
    index = look(page)["index"]
    play(page, concede, on_board=False)
    page.wait_for_selector("#live .confirm", timeout=WAIT)
    assert look(page)["index"] == index  # asked, not played
    with page.expect_response(lambda r: r.request.method == "GET", timeout=WAIT):
        page.locator("#live .confirm button:not(.danger)").click()  # Cancel
    page.wait_for_function("() => !document.querySelector('#live .confirm')", timeout=WAIT)
    assert look(page)["index"] == index and look(page)["status"] == "playing"
    play(page, concede, on_board=False)
    page.wait_for_selector("#live .confirm", timeout=WAIT)
    with posting(page):
        page.locator("#live .confirm button.danger").click()
    assert_finished(page)
    # the end offers a rematch: the same seats at a new table, this page goes there
    page.locator(".end button.rematch").click()
    page.wait_for_url(lambda url: table not in url, timeout=WAIT)
    assert page.url.startswith(f"{server.url}/play/") and tokens[1] not in page.url  # the seat's cookie
    page.wait_for_selector('#table[data-socket="open"] #live[data-status=playing]', timeout=WAIT)
    page.context.close()


# --- a Hadrian's Wall scouting pattern, cell by cell -----------------------------------------------
def _to_scouting(seed: int) -> tuple[list[str], int]:
    """A seeded random Hadrian's Wall game (2 players) up to a seat's scouting choice: the actions
    and that seat."""
    import random

    import ludus

    state = ludus.load("hadrians-wall", 2).new_state(seed)
    pick, played = random.Random(seed), []
    while True:
        ready = [q for q in range(2) if any(a.verb in ("turn", "place") for a in state.legal_actions(q))]
        if ready:
            return played, ready[0]
        action = pick.choice(state.legal_actions(state.to_move()[0]))
        played.append(str(action))
        state.apply(action)


def test_a_scouting_pattern_is_chosen_cell_by_cell(browser: Browser, server: Server) -> None:
    played, seat = _to_scouting(6)
    table, tokens = open_table(server, "hadrians-wall", ["human", "human"], 6)
    for notation in played:  # both seats' choices up to the scouting, through the API
        for _ in range(50):
            sent = httpx.post(f"{server.url}/api/tables/{table}/actions", timeout=30,
                              json={"token": tokens[int(notation.partition(':')[0])], "action": notation})
            if sent.status_code != 429:
                break
            httpx.get(f"{server.url}/api/games", timeout=30)  # a beat before trying again
        assert sent.status_code == 200, sent.text
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.goto(f"{server.url}/play/{table}/{tokens[seat]}")
    page.wait_for_function(READY, timeout=WAIT)
    turns = [a for a in look(page)["actions"] if a.partition(":")[2].startswith("turn")]
    if turns:  # first the pattern's orientation, drawn as a small pattern to click
        index = look(page)["index"]
        with posting(page):
            mouse_click(page, f"#board [data-action={quoted(turns[0])}]")
        page.wait_for_function(MOVED, arg=index, timeout=WAIT)
    places = [a for a in look(page)["actions"] if a.partition(":")[2].startswith("place")]
    assert len(places) > 1
    target, index = places[-1], look(page)["index"]
    before = httpx.get(f"{server.url}/api/tables/{table}", params={"token": tokens[seat]},
                       timeout=30).json()["played"]
    cells = page.locator(f"#board rect[data-action*={quoted(target)}]")
    assert cells.count() == 4
    for k in range(4):  # each cell narrows the chooser; the last one left is played
        mouse_click(page, f":nth-match(#board rect[data-action*={quoted(target)}], {k + 1})")
        if page.locator("#chooser[open]").count() == 0:
            break
        shown = page.locator("#chooser[open] .choices button").evaluate_all("bs => bs.map(b => "
                                                                            "b.dataset.notation)")
        assert target in shown and len(shown) < len(places)
    page.wait_for_function(MOVED, arg=index, timeout=WAIT)
    after = httpx.get(f"{server.url}/api/tables/{table}", params={"token": tokens[seat]}, timeout=30).json()
    assert after["played"] == before + 1 and not any(
        a.partition(":")[2].startswith("place") for a in after["legal_actions"])
    page.context.close()
