"""Issue 40 in a real browser: the lobby shows only the options of the chosen player count,
in a player's words (the fixtures and helpers of test_browser.py)."""

from __future__ import annotations

import re

from playwright.sync_api import Browser

from web.conftest import Server
from web.test_browser import browser, server, settled

__all__ = ["browser", "server"]  # the fixtures, imported for pytest


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
    assert page.locator("select[name=starting_markers] option:checked").inner_text() == "chosen by the players"
    page.context.close()
