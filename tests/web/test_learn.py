"""Issue 39 in the browser: the guided first game of each game through the web routes, the board's
region lit at each step, moves off the lesson refused, and the rules reference linked from every
action button and every step. The lessons are played with their own allowed moves (a twin
:class:`~ludus.play.lessons.LessonRun` beside the server's: a lesson is a fixed deal)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape
from playwright.sync_api import Browser

import ludus
from ludus.core.i18n import get_lang
from ludus.play.lessons import READ_FIRST, LessonRun, lesson_games, load_lesson
from ludus.play.reference import ReferenceError as BadReference
from ludus.play.reference import load_reference, parse_reference, reference_games
from ludus.web.learn import Lessons, light

if TYPE_CHECKING:
    from web.conftest import Server

OTHER = {"fall-of-rome": "pl", "glory-to-rome": "hu", "hadrians-wall": "uk", "trajan": "pl"}
"""The language each game's lesson is also played in."""
BUTTON = re.compile(r'<button class="action" data-notation="([^"]+)"')


def step_of(page: str) -> int:
    found = re.search(r'<div id="live" class="lesson"[^>]* data-step="(\d+)"', page)
    assert found is not None, page[:500]
    return int(found[1])


def play_through(client: TestClient, game: str, code: str) -> None:
    """Play ``game``'s lesson to its end through the routes, in ``code``, checking every step."""
    lang = get_lang(code)
    client.cookies.set("lang", code)
    twin = LessonRun(load_lesson(game))
    page = client.get(f"/learn/{game}").text
    while (step := twin.step) is not None:
        assert step_of(page) == twin.index + 1
        assert str(escape(lang.gettext(step.text, game))) in page
        assert str(escape(twin.source(lang))) in page
        assert f'class="region lit" data-region="{step.region}"' in page  # the step's region is lit
        if step.explains:
            assert f'hx-post="/learn/{game}/next"' in page and '<button class="action"' not in page
            page = client.post(f"/learn/{game}/next").text
            twin.next()
            continue
        offered = BUTTON.findall(page)
        assert sorted(offered) == sorted(str(escape(a.notation())) for a in twin.allowed())
        move = twin.allowed()[0]
        page = client.post(f"/learn/{game}/act", data={"action": move.notation()}).text
        assert 'class="error"' not in page, page[page.find('class="error"'):][:300]
        twin.play(move)
    assert 'data-done="1"' in page and str(escape(lang.gettext(load_lesson(game).end, game))) in page
    assert 'href="/"' in page  # the way to a real game


@pytest.mark.parametrize("game", sorted(OTHER))
def test_each_lesson_completes_in_the_browser_routes_in_english(client: TestClient, game: str) -> None:
    play_through(client, game, "en")


@pytest.mark.parametrize("game", sorted(OTHER))
def test_each_lesson_completes_in_another_language(client: TestClient, game: str) -> None:
    play_through(client, game, OTHER[game])


def test_the_four_games_have_lessons_and_references() -> None:
    assert sorted(lesson_games()) == sorted(OTHER) == sorted(reference_games())


def test_a_move_off_the_lesson_is_refused_and_changes_nothing(client: TestClient) -> None:
    game = "glory-to-rome"
    twin = LessonRun(load_lesson(game))
    page = client.get(f"/learn/{game}").text
    refused = client.post(f"/learn/{game}/act", data={"action": "0:think_jack"}).text  # an explanation step
    assert get_lang("en").gettext(READ_FIRST) in refused and step_of(refused) == 1
    while twin.step is not None and twin.step.explains:
        page = client.post(f"/learn/{game}/next").text
        twin.next()
    wanted = {a.notation() for a in twin.allowed()}
    other = next(a.notation() for a in twin.table.legal(twin.seat) if a.notation() not in wanted)
    refused = client.post(f"/learn/{game}/act", data={"action": other}).text
    assert "is not this step&#39;s move" in refused and step_of(refused) == step_of(page)
    assert BUTTON.findall(refused) == BUTTON.findall(page)  # the same step, the same choices
    assert client.post(f"/learn/{game}/next").text.count('class="error"') == 1  # the step asks for a move
    played = client.post(f"/learn/{game}/act", data={"action": sorted(wanted)[0]}).text
    assert step_of(played) == step_of(page) + 1


def test_a_forgotten_lesson_says_so_and_a_restart_begins_again(client: TestClient) -> None:
    game = "trajan"
    lost = client.post(f"/learn/{game}/next")
    assert lost.status_code == 200 and "/learn/trajan" in lost.text and "forgotten" in lost.text
    client.get(f"/learn/{game}")
    assert step_of(client.post(f"/learn/{game}/next").text) == 2
    again = client.post(f"/learn/{game}/restart", follow_redirects=True)
    assert step_of(again.text) == 1
    assert client.get("/learn/no-such-game").status_code == 404
    assert client.post("/learn/trajan/other").status_code == 404


def test_the_lessons_are_kept_with_a_cap() -> None:
    lessons = Lessons(cap=2)
    first, _run, _lock = lessons.start("glory-to-rome")
    lessons.start("glory-to-rome")
    lessons.start("glory-to-rome")
    assert len(lessons.runs) == 2 and lessons.get(first, "glory-to-rome") is None
    token = next(iter(lessons.runs))
    assert lessons.get(token, "trajan") is None and lessons.get(token, "glory-to-rome") is not None
    assert Lessons(idle=0).get("x", "trajan") is None


def test_light_dims_all_but_the_region() -> None:
    picture = ('<svg viewBox="0 0 100 50"><rect class="region" data-region="pool" x="10" y="5" width="20" '
               'height="10" fill="none" pointer-events="none"/></svg>')
    lit = light(picture, "pool")
    assert 'class="region lit" data-region="pool"' in lit and 'd="M0 0H100V50H0ZM10 5h20v10h-20Z"' in lit
    assert light(picture, "hand") == picture and light(picture, None) == picture


def test_the_lobby_links_each_lesson_and_the_index_lists_them(client: TestClient) -> None:
    lobby = client.get("/").text
    index = client.get("/learn").text
    for game in OTHER:
        assert f'href="/learn/{game}"' in lobby and f'href="/learn/{game}"' in index
        assert f'href="/games/{game}/reference"' in lobby


def test_every_lesson_step_links_to_its_reference_entry() -> None:
    for game in OTHER:
        reference = load_reference(game)
        for step in load_lesson(game).steps:
            assert reference.for_section(step.section) is not None, (game, step.section)


@pytest.mark.parametrize("game", sorted(OTHER))
def test_the_reference_page_lists_its_entries_and_every_action_links_to_one(client: TestClient,
                                                                            game: str) -> None:
    reference = load_reference(game)
    assert 8 <= len(reference.entries) <= 20
    page = client.get(f"/games/{game}/reference", params={"lang": OTHER[game]}).text
    ids = set(re.findall(r'<div class="entry" id="([^"]+)">', page))
    assert ids == {e.id for e in reference.entries}
    lang = get_lang(OTHER[game])
    assert all(str(escape(lang.gettext(e.text, game))) in page for e in reference.entries)
    assert 'id="reference-search"' in page and "/static/reference.js" in page
    info = next(i for i in ludus.games() if i.id == game)
    for verb in {k.verb for k in ludus.load(game, info.default_players or info.min_players).action_kinds()}:
        assert reference.for_verb(verb) is not None, verb
    made = client.post("/api/tables", json={"game": game, "players": info.default_players or info.min_players,
                                            "seed": 2}).json()
    client.cookies.clear()
    rows = []
    for seat in made["seats"]:  # every seat's page: each button has its "?" link to an entry that exists
        play = client.get(f"/play/{made['id']}/{seat['token']}").text
        rows += re.findall(r'<div class="action-row">(.*?)</div>', play)
    assert rows
    for row in rows:
        link = re.search(rf'href="/games/{game}/reference#([^"]+)"', row)
        assert link is not None and link[1] in ids, row


def test_a_bad_reference_is_refused_in_one_line() -> None:
    good = '[[entry]]\nid = "a"\nsection = "S"\ntitle = "T"\ntext = "X"\nactions = ["lead"]\n'
    assert parse_reference("g", good).for_action("0:lead x").id == "a"  # type: ignore[union-attr]
    for bad in ("", good + good, good + good.replace('"a"', '"b"'), good.replace('"S"', "1")):
        with pytest.raises(BadReference):
            parse_reference("g", bad)


def test_a_game_without_a_reference_page_is_404(client: TestClient) -> None:
    assert client.get("/games/no-such-game/reference").status_code == 404
    assert 'href="/games/trajan/reference"' in client.get("/games/trajan/rules").text


def test_a_person_clicks_through_the_first_steps_of_a_lesson(
        browser: Browser, start_server: Callable[..., Server], sqlite_url: str) -> None:
    from web.test_browser import WAIT

    server = start_server(sqlite_url)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{server.url}/")
        page.click('a[href="/learn/glory-to-rome"]')
        page.wait_for_selector('#live[data-step="1"]', timeout=WAIT)
        assert page.locator('#board rect.region.lit[data-region="table"]').count() == 1
        for number in (1, 2, 3):
            page.click("button.next")
            page.wait_for_selector(f'#live[data-step="{number + 1}"]', timeout=WAIT)
        assert page.locator('#board rect.region.lit[data-region="hand"]').count() == 1  # step 4: the hand
        page.click('#actions button.action[data-notation="0:lead craftsman market"]')
        page.wait_for_selector('#live[data-step="5"]', timeout=WAIT)
        assert page.locator('#board rect.region.lit[data-region="sites"]').count() == 1
        assert page.locator("#board path.veil").count() == 1
        page.click("#live .source a.rules-link")
        page.wait_for_selector("#reference .entry:target", timeout=WAIT)
        page.fill("#reference-search", "foundation")
        shown = page.locator("#reference .entry:not([hidden])")
        assert shown.count() >= 1 and all("foundation" in t.lower() for t in shown.all_inner_texts())
    finally:
        context.close()
