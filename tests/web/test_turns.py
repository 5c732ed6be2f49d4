"""Issue 38, turn-based play: a time per move in minutes, hours or days, "my tables" (``/me/tables``),
and notifications: mails through a real SMTP server (aiosmtpd on loopback) and the browser's
``Notification`` (real Chromium)."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import httpx
import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser

from ludus.cli import main
from ludus.core.errors import LudusError
from ludus.web import accounts
from ludus.web.app import Settings, create_app
from ludus.web.live import Hub, Live, SeatSpec
from ludus.web.mail import Mailer
from ludus.web.store import AccountRow, Store
from web.conftest import Inbox, free_port

if TYPE_CHECKING:
    from web.conftest import Server

PUBLIC = "https://ludus.example"
WAIT = 30_000
"""Milliseconds any one browser wait may take before the test fails (a limit, not a measure)."""


def app_client(url: str, **settings: Any) -> TestClient:
    return TestClient(create_app(Settings(db=url, **settings)), client=("10.0.0.1", 40000))


def hub_of(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def form(**more: str) -> dict[str, str]:
    return {"game": "glory-to-rome", "players": "2", "seat0": "human", "seat1": "human"} | more


# --- the time per move ----------------------------------------------------------------------------
@pytest.mark.parametrize(("count", "unit", "seconds", "shown"), [
    ("3", "hours", 3 * 3600, "3 hours per move"), ("2", "days", 2 * 86400, "2 days per move"),
    ("90", "minutes", 90 * 60, "90 minutes per move"), ("1", "", 60, "1 minute per move"),
    ("14", "days", 14 * 86400, "14 days per move")])
def test_the_lobby_stores_the_time_per_move_in_seconds_and_the_page_shows_it_in_its_unit(
        sqlite_url: str, count: str, unit: str, seconds: int, shown: str) -> None:
    with app_client(sqlite_url) as client:
        made = client.post("/tables", data=form(move_time=count, move_unit=unit))
        assert made.status_code == 200, made.text
        (row,) = hub_of(client).store.tables()
        assert row.move_seconds == seconds
        link = re.search(r'class="invitation" data-seat="0" href="([^"]+)"', made.text)
        assert link is not None
        page = client.get(link[1])
        assert shown in page.text and "<time data-deadline=" in page.text
        assert client.get(f"/api/tables/{row.id}").json()["move_seconds"] == seconds  # the API keeps seconds


@pytest.mark.parametrize(("count", "unit"), [
    ("15", "days"), ("337", "hours"), ("20161", "minutes"), ("0", "hours"), ("-1", "days"), ("1.5", "days"),
    ("abc", "hours"), ("2", "weeks")])
def test_a_time_per_move_out_of_range_is_refused_in_one_line(sqlite_url: str, count: str, unit: str) -> None:
    with app_client(sqlite_url) as client:
        refused = client.post("/tables", data=form(move_time=count, move_unit=unit))
        assert refused.status_code == 400
        message = re.search(r'<p class="error" role="alert">([^<]*)</p>', refused.text)
        assert message is not None and "time per move" in message[1] and "\n" not in message[1]
        assert hub_of(client).store.tables() == []


# --- my tables -------------------------------------------------------------------------------------
def person(store: Store, name: str, email: str = "") -> AccountRow:
    return accounts.register(store, name, "correct horse battery", email)


def signed(client: TestClient, name: str) -> TestClient:
    """``client`` with the session cookie of ``name`` (signed in with the accounts part's function)."""
    _row, token = accounts.sign_in(hub_of(client).store, name, "correct horse battery")
    client.cookies.set(accounts.SESSION_COOKIE, token)
    return client


def table_of_two(hub: Hub, owners: dict[int, AccountRow], *, mover_is: int | None = None, seed: int = 3,
                 move_seconds: int | None = None) -> tuple[str, int]:
    """A Glory to Rome table of two people with seats claimed by ``owners`` (by seat; with ``mover_is``,
    the owner of that key gets the seat to move, the other one the other seat); its id and the mover."""
    table, _ = hub.create("glory-to-rome", 2, {}, [SeatSpec("human", name=f"P{p}") for p in (0, 1)],
                          seed=seed, move_seconds=move_seconds)
    mover = hub.get(table).state.to_move()[0]
    for key, row in owners.items():
        seat = key if mover_is is None else (mover if key == mover_is else 1 - mover)
        accounts.claim_seat(hub.store, table, seat, row)
    return table, mover


def settle(live: Live) -> None:
    """Wait (a limit, not a measure) until the server has played every automatic move of ``live``."""
    for _ in range(6000):
        with live.lock:
            if live.status != "playing" or (not live.busy and live.next_turn() is None):
                return
        threading.Event().wait(0.01)
    raise AssertionError("the bots did not finish")


def test_my_tables_lists_where_it_is_my_turn_first_and_never_another_accounts_tables(sqlite_url: str) -> None:
    with app_client(sqlite_url) as client:
        hub = hub_of(client)
        signed_out = client.get("/me/tables", follow_redirects=False)
        assert signed_out.status_code == 303 and signed_out.headers["location"] == "/signin?next=/me/tables"
        ann, bob, cid = (person(hub.store, name) for name in ("ann", "bob", "cid"))
        waiting, _ = table_of_two(hub, {0: ann, 1: bob}, mover_is=1, seed=1, move_seconds=2 * 86400)
        turn, _ = table_of_two(hub, {0: ann, 1: bob}, mover_is=0, seed=2, move_seconds=2 * 86400)
        untimed, _ = table_of_two(hub, {0: ann}, mover_is=0, seed=4)
        theirs, _ = table_of_two(hub, {0: bob, 1: cid}, mover_is=1, seed=5)
        over, _ = table_of_two(hub, {0: ann, 1: bob}, seed=6)
        for seat in (0, 1):
            hub.hand_over(over, seat, seat, "random")
        settle(hub.get(over))
        assert hub.get(over).status == "finished"

        page = signed(client, "ann").get("/me/tables").text
        order = [m[1] for m in re.finditer(r'data-table="([^"]+)"', page)]
        assert set(order[:2]) == {turn, untimed} and order[2:] == [waiting, over], order
        assert theirs not in page
        ann_seat = next(s.seat for s in hub.store.seats(turn) if s.account_id == ann.id)
        assert f'href="/play/{turn}/seat/{ann_seat}"' in page
        assert "2 days per move" in page and "against bob" in page
        turns_part = page.split("Waiting for the others")[0]
        assert turn in turns_part and waiting not in turns_part

        page = signed(client, "bob").get("/me/tables").text
        order = [m[1] for m in re.finditer(r'data-table="([^"]+)"', page)]
        assert order[0] == waiting and untimed not in order and set(order) == {waiting, turn, theirs, over}


# --- mail through a real SMTP server (conftest.py's inbox) ----------------------------------------------
def mailer(client: TestClient) -> Mailer:
    made: Mailer = client.app.state.mailer  # type: ignore[attr-defined]
    return made


def play(hub: Hub, table: str, seat: int) -> None:
    """Seat ``seat`` thinks (draws a card) if it may, else plays its first legal action."""
    live = hub.get(table)
    with live.lock:
        legal = [str(a) for a in live.table.legal(seat)]
    hub.act(table, seat, "think_draw" if any(a.endswith("think_draw") for a in legal) else legal[0])


def test_a_claimed_seat_is_mailed_once_when_it_becomes_its_turn(
        sqlite_url: str, inbox: tuple[Inbox, int]) -> None:
    box, port = inbox
    with app_client(sqlite_url, smtp=f"127.0.0.1:{port}", smtp_tls="none", public_url=PUBLIC + "/") as client:
        hub = hub_of(client)
        ann, bob = person(hub.store, "ann", "ann@example.org"), person(hub.store, "bob")  # bob: no address
        table, mover = table_of_two(hub, {0: ann, 1: bob}, mover_is=1, move_seconds=86400)
        ann_seat = 1 - mover
        play(hub, table, mover)  # bob moves: ann's turn
        assert mailer(client).wait()
        assert len(box.messages) == 1
        (mail,) = box.to("ann@example.org")
        assert mail["Subject"] == "Your turn: Glory to Rome" and mail["From"] == "ludus@127.0.0.1"
        assert f"{PUBLIC}/play/{table}/seat/{ann_seat}" in str(mail.get_payload()).split()
        assert hub.store.seats(table)[ann_seat].notified == hub.get(table).index

        play(hub, table, ann_seat)  # ann moves: bob's turn, and bob has no address
        assert mailer(client).wait() and len(box.messages) == 1
        assert hub.store.seats(table)[ann_seat].notified is None  # her decision is over
        play(hub, table, mover)  # ann's turn again: a new decision, a new mail
        assert mailer(client).wait() and len(box.to("ann@example.org")) == 2

        accounts.set_email(hub.store, ann, "ann@example.org", notify=False)
        play(hub, table, ann_seat)
        play(hub, table, mover)
        assert mailer(client).wait() and len(box.messages) == 2  # notify off: no mail


def test_no_turn_mail_at_a_live_table_and_a_games_end_mails_each_claimed_seat(
        sqlite_url: str, inbox: tuple[Inbox, int]) -> None:
    box, port = inbox
    with app_client(sqlite_url, smtp=f"127.0.0.1:{port}", smtp_tls="none", public_url=PUBLIC) as client:
        hub = hub_of(client)
        ann, cid = person(hub.store, "ann", "ann@example.org"), person(hub.store, "cid", "cid@example.org")
        table, mover = table_of_two(hub, {0: ann, 1: cid}, move_seconds=600)  # ten minutes: a live table
        play(hub, table, mover)
        assert mailer(client).wait() and box.messages == []
        for seat in (0, 1):  # both leave: bots play their seats to the end
            hub.hand_over(table, seat, seat, "random")
        settle(hub.get(table))
        assert hub.get(table).status == "finished"
        assert mailer(client).wait()
        for address, seat in (("ann@example.org", 0), ("cid@example.org", 1)):
            (mail,) = box.to(address)
            assert mail["Subject"] == "Game over: Glory to Rome"
            assert f"{PUBLIC}/play/{table}/seat/{seat}" in str(mail.get_payload()).split()
        assert len(box.messages) == 2


def test_a_failing_mail_server_loses_no_move(sqlite_url: str, caplog: pytest.LogCaptureFixture) -> None:
    closed = free_port()  # nobody listens there
    with app_client(sqlite_url, smtp=f"127.0.0.1:{closed}", smtp_tls="none", public_url=PUBLIC) as client:
        hub = hub_of(client)
        ann = person(hub.store, "ann", "ann@example.org")
        table, mover = table_of_two(hub, {0: ann}, mover_is=None, move_seconds=86400)
        other = 1 - mover
        before = hub.get(table).index
        play(hub, table, mover)
        play(hub, table, other)
        assert mailer(client).wait()
        assert hub.get(table).index == before + 2 == len(hub.store.entries(table))
    assert "could not be sent" in caplog.text


@pytest.mark.parametrize(("argv", "said"), [
    (["--smtp", "nowhere"], "--smtp wants HOST:PORT"),
    (["--smtp", "127.0.0.1:25"], "--public-url"),
    (["--smtp", "127.0.0.1:25", "--public-url", PUBLIC, "--smtp-user", "u"], "--smtp-password-file"),
    (["--smtp", "127.0.0.1:25", "--public-url", PUBLIC, "--smtp-password-file", "/nonexistent/pw"],
     "password file")])
def test_wrong_mail_settings_stop_ludus_serve_with_one_line(argv: list[str], said: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", str(free_port()), "--db", "sqlite://", *argv]) != 0
    error = capsys.readouterr().err.strip()
    assert said in error and "\n" not in error


def test_mail_settings_read_the_password_from_its_file(tmp_path: Any) -> None:
    secret = tmp_path / "pw"
    secret.write_text("s3cret\n")
    mail = Settings(smtp="mail.example.org:587", smtp_user="u", smtp_password_file=str(secret),
                    public_url=PUBLIC).mail()
    assert mail is not None and mail.password == "s3cret" and mail.tls == "starttls"
    assert "s3cret" not in Settings(smtp_password_file=str(secret)).to_json()
    with pytest.raises(LudusError):
        Settings(smtp="mail.example.org:587", smtp_tls="tls", public_url=PUBLIC).mail()


# --- browser notifications ----------------------------------------------------------------------------
RECORD = """() => {
  window.shown = [];
  const Real = window.Notification;
  window.Notification = class extends Real {
    constructor(title, options) { window.shown.push(title); super(title, options); }
  };
}"""
HIDE = "() => Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'hidden'})"


def api(server: Server, path: str, **body: Any) -> dict[str, Any]:
    answer = httpx.post(f"{server.url}{path}", json=body, timeout=30)
    assert answer.status_code in (200, 201), answer.text
    result: dict[str, Any] = answer.json()
    return result


def test_a_hidden_seat_page_notifies_its_turn_and_the_end_once_allowed(
        browser: Browser, start_server: Callable[..., Server], sqlite_url: str) -> None:
    server = start_server(sqlite_url)
    made = api(server, "/api/tables", game="glory-to-rome", players=2, seed=3,
               seats=[{"kind": "human"}, {"kind": "human"}])
    table, tokens = made["id"], {s["seat"]: s["token"] for s in made["seats"]}
    mover = httpx.get(f"{server.url}/api/tables/{table}", timeout=30).json()["to_move"][0]
    me = 1 - mover

    asking = browser.new_context().new_page()  # not yet allowed: the page offers the button, asks nothing
    asking.goto(f"{server.url}/play/{table}/{tokens[me]}")
    asking.wait_for_selector('#table[data-socket="open"]', timeout=WAIT)
    permission = asking.evaluate("Notification.permission")
    assert asking.locator("#turn-notify").is_visible() == (permission == "default")
    asking.context.close()

    context = browser.new_context()
    context.grant_permissions(["notifications"], origin=server.url)
    page = context.new_page()
    page.goto(f"{server.url}/play/{table}/{tokens[me]}")
    page.wait_for_selector('#table[data-socket="open"]', timeout=WAIT)
    assert not page.locator("#turn-notify").is_visible()  # allowed already: nothing to ask
    page.evaluate(RECORD)

    api(server, f"/api/tables/{table}/actions", token=tokens[mover], action="think_draw")
    page.wait_for_function("() => document.getElementById('live').dataset.myTurn === '1'", timeout=WAIT)
    assert page.evaluate("window.shown") == []  # the page is in view: the title and icon say it
    api(server, f"/api/tables/{table}/actions", token=tokens[me], action="think_draw")
    page.wait_for_function("() => document.getElementById('live').dataset.myTurn === '0'", timeout=WAIT)

    page.evaluate(HIDE)  # another tab is in front
    api(server, f"/api/tables/{table}/actions", token=tokens[mover], action="think_draw")
    page.wait_for_function("() => window.shown.length === 1", timeout=WAIT)
    assert page.evaluate("window.shown") == ["Your turn: Glory to Rome"]
    for seat in (mover, me):
        api(server, f"/api/tables/{table}/handover", token=tokens[seat], seat=seat, level="random")
    page.wait_for_function("() => window.shown.includes('Game over: Glory to Rome')", timeout=WAIT)
    assert page.evaluate("window.shown") == ["Your turn: Glory to Rome", "Game over: Glory to Rome"]
    context.close()


MOMENT = """iso => new Date(iso).toLocaleString('en', {timeZone: 'Asia/Tokyo', weekday: 'short',
  day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit'})"""


def test_a_deadline_is_shown_in_the_readers_time(
        browser: Browser, start_server: Callable[..., Server], sqlite_url: str) -> None:
    """Two days ahead the page shows the moment in the reader's time zone; ten minutes ahead it counts
    down in m:ss (the moment in the tooltip)."""
    server = start_server(sqlite_url)
    context = browser.new_context(timezone_id="Asia/Tokyo")
    shown = {}
    for seconds, says in ((2 * 86400, "2 days per move"), (600, "10 minutes per move")):
        made = api(server, "/api/tables", game="glory-to-rome", players=2, seed=3, move_seconds=seconds,
                   seats=[{"kind": "human"}, {"kind": "human"}])
        page = context.new_page()
        page.goto(f"{server.url}/play/{made['id']}/{made['seats'][0]['token']}?lang=en")
        page.wait_for_function("() => (document.querySelector('time[data-deadline]') || {}).title",
                               timeout=WAIT)
        deadline = page.locator("time[data-deadline]")
        shown[seconds] = (deadline.inner_text(), deadline.get_attribute("title"),
                          page.evaluate(MOMENT, deadline.get_attribute("datetime")))
        assert says in page.locator(".status").inner_text()
    text, title, expected = shown[2 * 86400]
    assert text == title == expected
    text, title, expected = shown[600]
    assert re.fullmatch(r"10:00|[0-9]:[0-5][0-9]", text) and title == expected
    context.close()
