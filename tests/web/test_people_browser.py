"""Issue 38, point 6, end to end in Debian's Chromium against a real ``ludus serve`` with a real SMTP
server on loopback (aiosmtpd): two people register in two browser contexts, one opens a rated
turn-based table of Glory to Rome from the lobby and sends the other the invitation, a chat line
reaches the other page, a move makes it the other's turn and the turn's mail arrives, both leave the
rest of the game to bots (the result stays theirs), and both ratings change on the profile pages.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from playwright.sync_api import Browser, Page

from web.conftest import Inbox, free_port
from web.test_browser import WAIT, look, play

if TYPE_CHECKING:
    from web.conftest import Server

PASSWORD = "a long enough secret"


def register(browser: Browser, server: Server, name: str, email: str) -> Page:
    """A new browser context in which ``name`` registers (and is signed in)."""
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.goto(f"{server.url}/register")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", PASSWORD)
    page.fill("input[name=again]", PASSWORD)
    page.fill("input[name=email]", email)
    with page.expect_navigation(timeout=WAIT):
        page.locator("form button[type=submit], form button.primary").first.click()
    assert page.locator("nav").get_by_text(name).count() >= 1, page.content()[:2000]
    return page


def wait_for(check: Callable[[], bool], page: Page, what: str) -> None:
    """Wait (up to the suite's limit) until ``check()`` holds."""
    for _ in range(WAIT // 100):
        if check():
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"waited in vain for {what}")


def my_turn(page: Page) -> bool:
    seen = look(page)
    return seen["status"] == "playing" and bool(seen["actions"])


def test_two_accounts_play_a_rated_turn_based_table_with_mail_chat_and_ratings(
        browser: Browser, start_server: Callable[..., Server], sqlite_url: str,
        inbox: tuple[Inbox, int]) -> None:
    box, smtp = inbox
    port = free_port()
    server = start_server(sqlite_url, "--smtp", f"127.0.0.1:{smtp}", "--smtp-tls", "none",
                          "--public-url", f"http://127.0.0.1:{port}", port=port)
    aurelia = register(browser, server, "Aurelia", "aurelia@example.test")
    brutus = register(browser, server, "Brutus", "brutus@example.test")

    # Aurelia opens a rated Glory to Rome table of two people, a day per move, from the lobby.
    aurelia.goto(f"{server.url}/")
    aurelia.select_option("select[name=game]", "glory-to-rome")
    aurelia.wait_for_selector("select[name=seat1]", timeout=WAIT)
    aurelia.select_option("select[name=players]", "2")
    aurelia.wait_for_selector("select[name=seat1]", timeout=WAIT)
    aurelia.select_option("select[name=seat1]", "human")
    aurelia.fill("input[name=move_time]", "1")
    aurelia.select_option("select[name=move_unit]", "days")
    aurelia.check("input[name=rated]")
    with aurelia.expect_navigation(timeout=WAIT):
        aurelia.click("#new-table button[type=submit]")
    assert "your seat" in aurelia.locator("ul.invitations li").first.inner_text()
    mine = aurelia.locator("a.invitation[data-seat='0']").get_attribute("href")
    theirs = aurelia.locator("a.invitation[data-seat='1']").get_attribute("href")
    assert mine and theirs
    table = mine.split("/")[2]

    # Each plays through the link, and the seat is their account's from then on.
    aurelia.goto(f"{server.url}{mine}")
    brutus.goto(f"{server.url}{theirs}")
    for page in (aurelia, brutus):
        page.wait_for_selector('#table[data-socket="open"] #live', timeout=WAIT)
    wait_for(lambda: my_turn(aurelia) or my_turn(brutus), aurelia, "somebody's turn")

    # A chat line on one page appears on the other.
    aurelia.fill("#chat input[name=chat]", "Ave, Brute! <b>bona fortuna</b>")
    aurelia.press("#chat input[name=chat]", "Enter")
    line = brutus.locator("#chat-lines li .said", has_text="bona fortuna")
    line.wait_for(timeout=WAIT)
    assert line.inner_text() == "Ave, Brute! <b>bona fortuna</b>"  # shown as text, escaped
    assert "Aurelia" in brutus.locator("#chat-lines li").last.inner_text()

    # Whoever moves first moves; when it becomes the other's turn, the other is mailed its seat's link.
    first, second, second_mail, second_seat = (aurelia, brutus, "brutus@example.test", 1)
    if not my_turn(aurelia):
        first, second, second_mail, second_seat = (brutus, aurelia, "aurelia@example.test", 0)
    for _ in range(20):  # the mover plays until the turn passes to the other
        seen = look(first)
        if not seen["actions"]:
            break
        play(first, seen["actions"][0], seen["onBoard"][0])
        wait_for(lambda index=seen["index"]: look(first)["index"] > index, first, "the move")
    wait_for(lambda: my_turn(second), second, "the other's turn")
    wait_for(lambda: bool(box.to(second_mail)), second, "the turn's mail")
    (mail,) = box.to(second_mail)
    assert mail["Subject"] == "Your turn: Glory to Rome"
    assert f"http://127.0.0.1:{port}/play/{table}/seat/{second_seat}" in str(mail.get_payload())

    # Both leave the rest to bots ("with the bots' help"); the game is played to its end.
    for page in (aurelia, brutus):
        page.once("dialog", lambda dialog: dialog.accept())
        page.get_by_role("button", name="Leave (a bot plays for me)").click()
    aurelia.wait_for_selector("#live[data-status=finished]", timeout=WAIT * 4)
    wait_for(lambda: len(box.to("aurelia@example.test") + box.to("brutus@example.test")) >= 3, aurelia,
             "the game-over mails")
    assert any(m["Subject"] == "Game over: Glory to Rome" for m in box.to("aurelia@example.test"))
    assert any(m["Subject"] == "Game over: Glory to Rome" for m in box.to("brutus@example.test"))

    # Both ratings changed, the winner's up and the loser's down, on the profile pages.
    changes = {}
    for page, name in ((aurelia, "Aurelia"), (brutus, "Brutus")):
        page.goto(f"{server.url}/players/{name}")
        row = page.locator(f"table.recent tr[data-table='{table}']")
        assert row.locator(".kind").inner_text() == "rated"
        change = row.locator(".change").inner_text()
        assert re.fullmatch(r"[+−-]\d+(\.\d+)?", change), change
        changes[name] = (row.locator(".result").inner_text(), change)
        games = page.locator("table.per-game tr[data-game='glory-to-rome'] .games").inner_text()
        assert games == "1"
    for result, change in changes.values():
        assert (result == "won") == change.startswith("+")
    assert {result for result, _ in changes.values()} == {"won", "lost"}
    leaderboard = aurelia
    leaderboard.goto(f"{server.url}/leaderboard/glory-to-rome?players=2")
    text = leaderboard.locator("main").inner_text()
    assert "Aurelia" in text and "Brutus" in text
