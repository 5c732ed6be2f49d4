"""Issue 40 in a real browser: the lobby shows only the options of the chosen player count,
in a player's words (the fixtures and helpers of test_browser.py)."""

from __future__ import annotations

import re

from playwright.sync_api import Browser

from web.conftest import Server
from web.test_browser import WAIT, settled
from web.test_words import SEAT_ZERO


def test_two_players_of_trajan_see_only_the_two_player_lap(browser: Browser, server: Server) -> None:
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.goto(server.url + "/?lang=en")
    settled(page, lambda: page.select_option("select[name=game]", "trajan"))
    settled(page, lambda: page.select_option("select[name=players]", "4"))
    assert page.locator("input[name=lap_4p]").is_visible()
    assert page.locator("input[name=lap_2p]").count() == 0 and page.locator("input[name=lap_3p]").count() == 0
    settled(page, lambda: page.select_option("select[name=players]", "2"))
    assert page.locator("input[name=lap_2p]").is_visible()
    assert page.locator("input[name=lap_3p]").count() == 0 and page.locator("input[name=lap_4p]").count() == 0
    options = page.locator("#seat-form fieldset").last.inner_text()
    assert "Time track length" in options and "Starting action markers" in options
    assert not re.search(r"\b[a-z]+(_[a-z0-9]+)+\b", options) and "UNCONFIRMED" not in options
    assert page.locator(
        "select[name=starting_markers] option:checked").inner_text() == "chosen by the players"
    page.context.close()


# --- the names typed in the lobby, where a person reads them ------------------------------------------
READ = """() => ({
  status: document.querySelector('#live .status').innerText,
  svg: Array.from(document.querySelectorAll('#board svg text')).map(t => t.textContent).join(' | '),
  players: document.querySelector('#live .seats').innerText,
  page: [document.title, document.body.innerText, ...Array.from(document.querySelectorAll('#board svg text'),
         t => t.textContent), ...Array.from(document.querySelectorAll('[title], [aria-label], [placeholder]'),
         e => [e.getAttribute('title'), e.getAttribute('aria-label'),
               e.getAttribute('placeholder')].join(' '))
        ].join('\\n'),
})"""


def test_the_names_typed_in_the_lobby_are_the_names_on_the_table(browser: Browser, server: Server) -> None:
    """Ada and Bruno open Glory to Rome through the lobby form; Ada's page (in English, then in
    Polish) says who she plays as, draws Bruno on the board, and counts no seat from 0."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.goto(server.url + "/?lang=en")
    settled(page, lambda: page.select_option("select[name=game]", "glory-to-rome"))
    settled(page, lambda: page.select_option("select[name=players]", "2"))
    for seat, name in enumerate(["Ada", "Bruno"]):
        page.select_option(f"select[name=seat{seat}]", "human")
        page.fill(f"input[name=name{seat}]", name)
    page.click("button[type=submit]")
    page.wait_for_selector("a.invitation", timeout=WAIT)
    invitations = page.locator("ul.invitations").inner_text()
    assert "Player 1 (Ada)" in invitations and "Player 2 (Bruno)" in invitations, invitations
    link = page.locator("a.invitation[data-seat='0']").get_attribute("href")
    assert link is not None and page.locator("a.invitation").count() == 2
    for lang, you in (("en", "you play as Ada"), ("pl", "grasz jako Ada")):
        page.goto(f"{server.url}{link}?lang={lang}")
        page.wait_for_selector('#table[data-socket="open"] #board svg text', timeout=WAIT)
        seen = page.evaluate(READ)
        assert you in seen["status"], (lang, seen["status"])
        assert "Bruno" in seen["svg"] and "Ada" in seen["svg"], (lang, seen["svg"][:2000])
        assert "Ada" in seen["players"] and "Bruno" in seen["players"], (lang, seen["players"])
        assert not SEAT_ZERO.search(seen["page"]), (lang, SEAT_ZERO.search(seen["page"]))
    context.close()
