"""Accounts in the web platform (issue 38, item 1), over the real application: registering, signing
in and out, changing the password, the navigation, seats claimed by an account and played by its
session, and the security of it all: a session acts for its own seats only, a password is never
returned, logged or kept, names are escaped, the session's cookie has its flags, sign-in attempts
are limited, ``next`` stays on the site, and sessions end on sign-out and on a password change."""

from __future__ import annotations

import html
import logging
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser
from sqlalchemy import select
from starlette.websockets import WebSocketDisconnect

from ludus.web.accounts import SESSION_COOKIE, SESSION_DAYS
from ludus.web.people import SIGN_IN_BURST
from ludus.web.store import AccountRow
from web.test_browser import READY, WAIT

if TYPE_CHECKING:
    from web.conftest import Server

PASSWORD = "correct horse battery staple"


def key_of(client: TestClient | httpx.Client, path: str) -> str:
    """The form key of the form at ``path`` (its cookie is set in the client by the same answer)."""
    page = client.get(path)
    assert page.status_code == 200, page.text
    found = re.search(r'name="form_key" value="([^"]+)"', page.text)
    assert found, page.text
    return found[1]


def register(client: TestClient | httpx.Client, name: str, password: str = PASSWORD, email: str = "",
             **more: str) -> httpx.Response:
    """Post the register form as a browser does (its key first)."""
    form = {"form_key": key_of(client, "/register"), "name": name, "password": password, "again": password,
            "email": email, **more}
    return client.post("/register", data=form, follow_redirects=False)


def sign_in(client: TestClient | httpx.Client, name: str, password: str = PASSWORD,
            **more: str) -> httpx.Response:
    """Post the sign-in form as a browser does."""
    form = {"form_key": key_of(client, "/signin"), "name": name, "password": password, **more}
    return client.post("/signin", data=form, follow_redirects=False)


def session_cookie(answer: httpx.Response) -> str:
    """The Set-Cookie header of the session's cookie in ``answer``."""
    found = [c for c in answer.headers.get_list("set-cookie") if c.startswith(f"{SESSION_COOKIE}=")]
    assert len(found) == 1, answer.headers
    return found[0]


def error_line(page: httpx.Response) -> str:
    """The one line of what went wrong, as the form shows it."""
    found = re.search(r'<p class="error" role="alert">([^<]*)</p>', page.text)
    assert found, page.text
    return html.unescape(found[1])


def open_from_lobby(client: TestClient, *names: str, listed: bool = False) -> tuple[str, list[str], str]:
    """Open a Glory to Rome table of people with the lobby's form (one seat a name): its id, its
    invitation links and the page that lists them."""
    form = {"game": "glory-to-rome", "players": str(len(names))}
    for seat, name in enumerate(names):
        form |= {f"seat{seat}": "human", f"name{seat}": name}
    if listed:
        form["listed"] = "on"
    made = client.post("/tables", data=form)
    assert made.status_code == 200, made.text
    links = re.findall(r'href="(/play/[^"]+)"', made.text)
    table_id = links[0].split("/")[2]
    return table_id, links, made.text


def refused(client: TestClient, url: str) -> int:
    """The close code of a WebSocket the server refuses to open."""
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(url):
        pass
    return closed.value.code


def first_action(client: TestClient, table_id: str, link: str) -> str:
    """The first legal action of the seat whose invitation is ``link`` (read through the API)."""
    token = link.rsplit("/", 1)[1]
    seen = client.get(f"/api/tables/{table_id}", params={"token": token}).json()
    return str(seen["legal_actions"][0])


# --- round trips ------------------------------------------------------------------------------------------
def test_register_sign_out_and_in_again(client: TestClient) -> None:
    made = register(client, "Livia", email="livia@example.org", next="/rules-of-the-house")
    assert made.status_code == 303 and made.headers["location"] == "/rules-of-the-house"
    cookie = session_cookie(made)
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
    assert f"Max-Age={SESSION_DAYS * 86400}" in cookie and "Secure" not in cookie  # plain http here
    lobby = client.get("/").text
    for link in ('href="/players/Livia"', 'href="/me/tables"', 'href="/leaderboard"', 'href="/account"',
                 'action="/signout"'):
        assert link in lobby
    assert 'href="/register"' not in lobby
    for built in ("/players/Livia", "/leaderboard"):  # the ratings' pages the navigation links
        assert client.get(built).status_code == 200
    account = client.get("/account")
    assert account.status_code == 200 and "Livia" in account.text and "livia@example.org" in account.text
    token = client.cookies[SESSION_COOKIE]
    out = client.post("/signout", follow_redirects=False)
    assert out.status_code == 303 and session_cookie(out).startswith(f'{SESSION_COOKIE}="";')
    assert 'href="/register"' in client.get("/").text and 'href="/signin?next=/"' in client.get("/").text
    assert client.get("/account", follow_redirects=False).headers["location"] == "/signin?next=/account"
    client.cookies.set(SESSION_COOKIE, token)  # the ended session's cookie, kept by someone
    assert client.get("/account", follow_redirects=False).status_code == 303
    client.cookies.delete(SESSION_COOKIE)
    back = sign_in(client, "livia", next="/account")  # a name in another case is the same name
    assert back.status_code == 303 and back.headers["location"] == "/account"
    assert "Livia" in client.get("/account").text


def test_the_account_page_sets_and_removes_the_email(client: TestClient) -> None:
    register(client, "Marcus")
    saved = client.post("/account", data={"what": "email", "email": "m@example.org", "notify": "on"})
    assert saved.status_code == 200 and "m@example.org" in saved.text and " checked" in saved.text
    wrong = client.post("/account", data={"what": "email", "email": "not an address"})
    assert wrong.status_code == 400 and error_line(wrong) == "that is not an e-mail address"
    assert 'value="not an address"' in wrong.text  # what was typed stays, nothing is changed
    store = client.app.state.store  # type: ignore[attr-defined]
    with store.sessions() as session:
        assert session.scalars(select(AccountRow.email)).one() == "m@example.org"
    removed = client.post("/account", data={"what": "email", "email": ""})
    assert removed.status_code == 200 and " checked" not in removed.text
    with store.sessions() as session:
        assert session.scalars(select(AccountRow.email)).one() is None


def test_form_errors_are_one_line_and_keep_the_name_not_the_password(client: TestClient) -> None:
    taken = register(client, "Gaius")
    client.post("/signout")
    for name, password, again, message, status in (
            ("Gaius", PASSWORD, PASSWORD, "the user name Gaius is taken", 409),
            ("GAIUS", PASSWORD, PASSWORD, "the user name GAIUS is taken", 409),
            ("Hard", PASSWORD, PASSWORD, "the user name Hard is taken", 409),  # a bot level's
            ("Ga", PASSWORD, PASSWORD, "a user name has 3 to 24 characters", 400),
            ("Titus", "short", "short", "a password has 8 to 256 characters", 400),
            ("Titus", PASSWORD, PASSWORD + "!", "the two passwords differ", 400)):
        form = {"form_key": key_of(client, "/register"), "name": name, "password": password, "again": again}
        page = client.post("/register", data=form)
        assert page.status_code == status and error_line(page) == message
        assert f'name="name" value="{name}"' in page.text and password not in page.text
    assert taken.status_code == 303


# --- claiming seats ---------------------------------------------------------------------------------------
def test_a_session_plays_its_claimed_seat_and_no_other(client: TestClient) -> None:
    """The opener's seat is claimed from the lobby; the other seat by whoever signs in and opens its
    invitation; each account's session then plays its seat on any device, and never the other's:
    not the page, not a post, not the page's socket."""
    register(client, "Aurelia")
    table_id, links, _ = open_from_lobby(client, "", "")
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert seats[0]["name"] == "Aurelia" and seats[1]["name"] == ""
    aurelia = client.cookies[SESSION_COOKIE]
    client.cookies.clear()
    register(client, "Brutus")
    opened = client.get(links[1])  # the invitation: the seat's cookie, then the seat's page
    assert opened.status_code == 200 and "you play as Brutus" in opened.text
    brutus = client.cookies[SESSION_COOKIE]
    assert [s["name"] for s in client.get(f"/api/tables/{table_id}").json()["seats"]] == ["Aurelia", "Brutus"]
    mover = client.get(f"/api/tables/{table_id}").json()["to_move"][0]
    action = first_action(client, table_id, links[mover])
    for session in (brutus, aurelia):  # another device: the session's cookie only
        client.cookies.clear()
        client.cookies.set(SESSION_COOKIE, session)
        mine, theirs = (1, 0) if session == brutus else (0, 1)
        page = client.get(f"/play/{table_id}/seat/{theirs}")
        assert page.status_code == 403 and "invitation link" in page.text
        post = client.post(f"/play/{table_id}/seat/{theirs}/act", data={"action": action})
        assert post.status_code == 403
        assert refused(client, f"/ws/pages/{table_id}/seat/{theirs}") == 1008
        assert client.get(f"/play/{table_id}/seat/{mine}").status_code == 200
        with client.websocket_connect(f"/ws/pages/{table_id}/seat/{mine}?lang=en") as socket:
            assert "you play as" in socket.receive_text()
    assert client.get(f"/api/tables/{table_id}").json()["played"] == 0
    client.cookies.clear()
    client.cookies.set(SESSION_COOKIE, aurelia if mover == 0 else brutus)
    played = client.post(f"/play/{table_id}/seat/{mover}/act", data={"action": action})
    assert played.status_code == 200 and client.get(f"/api/tables/{table_id}").json()["played"] == 1


def test_a_claimed_seat_stays_its_accounts(client: TestClient) -> None:
    """Another account opening a claimed seat's link plays it as a guest (the link is the seat's key),
    and claims nothing; an account holds one seat of a table, a second one it plays as a guest."""
    register(client, "Cassia")
    table_id, links, _ = open_from_lobby(client, "", "")
    client.get(links[1])  # Cassia opens the other seat's link too: played as a guest, not claimed
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert seats[0]["name"] == "Cassia" and seats[1]["name"] == ""
    client.cookies.clear()
    register(client, "Decimus")
    guest = client.get(links[0])
    assert guest.status_code == 200 and "you play as Cassia" in guest.text  # the link plays, as a guest
    store = client.app.state.store  # type: ignore[attr-defined]
    owners = [row.account_id for row in store.seats(table_id)]
    with store.sessions() as session:
        cassia = session.scalars(select(AccountRow.id).where(AccountRow.name == "Cassia")).one()
    assert owners == [cassia, None]


def test_the_opener_claims_no_seat_named_for_someone_else(client: TestClient) -> None:
    register(client, "Flavia")
    table_id, _, _ = open_from_lobby(client, "Octavia", "flavia")
    assert [s["name"] for s in client.get(f"/api/tables/{table_id}").json()["seats"]] == ["Octavia", "Flavia"]
    other, _, _ = open_from_lobby(client, "Octavia", "Nero")
    assert all(row.account_id is None for row in client.app.state.store.seats(other))  # type: ignore[attr-defined]


def test_joining_a_listed_table_signed_in_claims_the_seat(client: TestClient) -> None:
    table_id, _, _ = open_from_lobby(client, "", "", listed=True)  # a guest opens it
    register(client, "Julia")
    joined = client.post(f"/join/{table_id}", data={"name": "someone else"}, follow_redirects=False)
    assert joined.status_code == 303
    assert "you play as Julia" in client.get(joined.headers["location"]).text
    assert client.get(f"/api/tables/{table_id}").json()["seats"][0]["name"] == "Julia"


# --- security ---------------------------------------------------------------------------------------------
def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(client: TestClient) -> None:
    register(client, "Lucius")
    client.post("/signout")
    wrong = sign_in(client, "Lucius", "not the password")
    unknown = sign_in(client, "Nobodyus", "not the password")
    assert wrong.status_code == unknown.status_code == 403
    assert error_line(wrong) == error_line(unknown) == "wrong user name or password"
    assert wrong.text.replace("Lucius", "?") == unknown.text.replace("Nobodyus", "?")
    assert SESSION_COOKIE not in client.cookies


def test_passwords_are_never_returned_logged_or_kept(client: TestClient, sqlite_url: str,
                                                     caplog: pytest.LogCaptureFixture) -> None:
    first, second, guess = "first password 1", "second password 2", "a guessed password 3"
    answers: list[httpx.Response] = []
    with caplog.at_level(logging.DEBUG):
        answers.append(register(client, "Septimus", first))
        answers.append(client.post("/account", data={"what": "password", "old": guess, "new": second,
                                                     "again": second}))
        answers.append(client.post("/account", data={"what": "password", "old": first, "new": second,
                                                     "again": second}))
        answers.append(client.post("/signout", follow_redirects=False))
        answers.append(sign_in(client, "Septimus", guess))
        answers.append(sign_in(client, "Septimus", first))
        answers.append(sign_in(client, "Septimus", second))
    assert [a.status_code for a in answers] == [303, 403, 200, 303, 403, 403, 303]
    assert error_line(answers[1]) == "wrong password"
    for password in (first, second, guess):
        for answer in answers:
            assert password not in answer.text and password not in str(answer.headers)
        assert password not in caplog.text
    store = client.app.state.store  # type: ignore[attr-defined]
    with store.sessions() as session:
        row = session.scalars(select(AccountRow)).one()
    assert row.password_hash and row.password_hash.startswith("$argon2id$")
    database = Path(sqlite_url.removeprefix("sqlite:///"))
    kept = b"".join(p.read_bytes() for p in database.parent.glob(database.name + "*"))
    for password in (first, second, guess):
        assert password.encode() not in kept


def test_sessions_end_when_the_password_changes(client: TestClient) -> None:
    register(client, "Tiberius")
    other_device = client.cookies[SESSION_COOKIE]
    client.cookies.clear()
    sign_in(client, "Tiberius")
    changed = client.post("/account", data={"what": "password", "old": PASSWORD, "new": "a new password",
                                            "again": "a new password"})
    assert changed.status_code == 200 and "your other sessions have ended" in changed.text
    assert client.get("/account").status_code == 200  # the session that changed it stays
    client.cookies.set(SESSION_COOKIE, other_device)
    assert client.get("/account", follow_redirects=False).status_code == 303
    client.cookies.clear()
    assert sign_in(client, "Tiberius").status_code == 403
    assert sign_in(client, "Tiberius", "a new password").status_code == 303


def test_names_are_escaped_wherever_shown(client: TestClient) -> None:
    """A user name cannot hold HTML (the form shows what was typed, escaped); a guest's seat name
    can, and the lobby's pages and the table's show it escaped."""
    typed = '"><script>alert(1)</script>&'
    refused_name = register(client, typed)
    assert refused_name.status_code == 400 and "<script>alert(1)" not in refused_name.text
    assert 'value="&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;"' in refused_name.text
    made = register(client, "Quintus.x-y_z")
    assert made.status_code == 303
    assert '>Quintus.x-y_z</a>' in client.get("/").text
    guest = "<b onclick=x>Sextus & 'co' \"q\""
    table_id, links, created = open_from_lobby(client, "", guest)
    client.get(links[0])
    for page in (created, client.get(f"/watch/{table_id}").text,
                 client.get(f"/play/{table_id}/seat/0").text):
        assert "<b onclick=x>" not in page and "&lt;b onclick=x&gt;Sextus &amp;" in page


def test_sign_in_attempts_are_limited_per_address(client: TestClient) -> None:
    register(client, "Valeria")
    client.post("/signout")
    answers = []  # registering took one attempt of the burst; the bucket refills slowly (one in 10 s)
    while len(answers) < SIGN_IN_BURST + 3 and (not answers or answers[-1].status_code == 403):
        answers.append(sign_in(client, "Valeria", f"guess number {len(answers)}"))
    assert len(answers) >= SIGN_IN_BURST and answers[-1].status_code == 429
    limited = sign_in(client, "Valeria")  # even the right password waits now
    assert limited.status_code == 429 and error_line(limited) == "too many attempts: wait a minute"
    assert SESSION_COOKIE not in client.cookies


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/", "/\\evil.example",
                                    "/\t/evil.example", "http:/evil.example", "javascript:alert(1)", ""])
def test_next_never_leaves_the_site(client: TestClient, target: str) -> None:
    for form in ("/signin", "/register"):
        assert 'name="next" value="/"' in client.get(form, params={"next": target}).text


def test_signing_in_goes_back_to_a_local_next_only(client: TestClient) -> None:
    made = register(client, "Vibia", next="//evil.example/")
    assert made.status_code == 303 and made.headers["location"] == "/"
    client.post("/signout")
    assert sign_in(client, "Vibia", next="https://evil.example/").headers["location"] == "/"
    client.post("/signout")
    assert sign_in(client, "Vibia", next="/watch/abc?lang=pl").headers["location"] == "/watch/abc?lang=pl"


def test_a_post_from_another_site_or_without_the_form_key_is_refused(client: TestClient) -> None:
    register(client, "Ulpia")
    client.post("/signout")
    key = key_of(client, "/signin")
    form = {"form_key": key, "name": "Ulpia", "password": PASSWORD}
    foreign = client.post("/signin", data=form, headers={"Origin": "https://evil.example"})
    assert foreign.status_code == 403 and error_line(foreign) == "this form has expired: send it again"
    client.cookies.delete("ludus-form")  # another site's form: the browser sends no Strict cookie with it
    assert client.post("/signin", data=form).status_code == 403
    assert SESSION_COOKIE not in client.cookies
    assert sign_in(client, "Ulpia").status_code == 303


def test_the_cookie_is_secure_behind_https(start_server: Callable[..., Server], sqlite_url: str,
                                           tmp_path: Path) -> None:
    """``ludus serve`` (uvicorn) takes the scheme from ``X-Forwarded-Proto`` of a trusted proxy (the
    loopback, by default): the session's cookie is Secure then, and not over plain HTTP. The server's
    log (its access log at the debug level) holds no password."""
    server = start_server(sqlite_url, "--log-level", "debug")
    with httpx.Client(base_url=server.url) as plain:
        made = register(plain, "Horatia")
        assert made.status_code == 303 and "Secure" not in session_cookie(made)
    with httpx.Client(base_url=server.url, headers={"X-Forwarded-Proto": "https"}) as secure:
        key = key_of(secure, "/signin")  # its cookie is Secure now: httpx keeps it from plain http
        signed = secure.post("/signin", data={"form_key": key, "name": "Horatia", "password": PASSWORD},
                             headers={"Cookie": f"ludus-form={key}"}, follow_redirects=False)
        assert signed.status_code == 303 and "; Secure" in session_cookie(signed)
    log = "".join(p.read_text() for p in tmp_path.glob("server-*.log"))
    assert "POST /signin" in log and PASSWORD not in log



def test_a_rematch_played_by_the_session_is_claimed_too(client: TestClient) -> None:
    """A person who plays by their session alone (no seat's cookie on this device) follows the rematch
    to the new table's seat, claimed for them there."""
    register(client, "Plautia")
    made = client.post("/tables", data={"game": "glory-to-rome", "players": "2", "seat0": "human",
                                        "name0": "", "seat1": "bot:greedy", "concession": "True"})
    assert "your seat" in made.text
    table_id = re.findall(r'href="/play/([^/"]+)/', made.text)[0]
    session = client.cookies[SESSION_COOKIE]
    client.cookies.clear()
    client.cookies.set(SESSION_COOKIE, session)
    page = client.get(f"/play/{table_id}/seat/0")
    assert page.status_code == 200 and "you play as Plautia" in page.text
    mine = client.app.state.hub.get(table_id)  # type: ignore[attr-defined]
    with mine.lock:
        concede = next(str(a) for a in mine.state.legal_actions(0) if str(a).startswith("0:concede"))
    client.post(f"/play/{table_id}/seat/0/act", data={"action": concede, "confirm": "1"})
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "finished"
    again = client.post(f"/play/{table_id}/seat/0/rematch")
    new_id = client.get(f"/api/tables/{table_id}").json()["rematch"]
    assert again.status_code == 204 and again.headers["hx-redirect"] == f"/play/{new_id}/seat/0"
    follows = client.get(f"/play/{new_id}/seat/0")
    assert follows.status_code == 200 and "you play as Plautia" in follows.text


# --- in Chromium ------------------------------------------------------------------------------------------
def test_in_chromium_register_open_a_table_and_play_it_on_another_device(
        browser: Browser, start_server: Callable[..., Server], sqlite_url: str) -> None:
    """The forms work in a real browser (its Origin, its cookies, the page's policies): register, open a
    table from the lobby (the seat is claimed), sign in on another device straight back to the seat's
    page, which plays by the session (its socket too), and sign out from the navigation."""
    server = start_server(sqlite_url)
    first = browser.new_context(base_url=server.url)
    page = first.new_page()
    page.goto("/register")
    page.fill("input[name=name]", "Antonia")
    page.fill("input[name=password]", PASSWORD)
    page.fill("input[name=again]", PASSWORD)
    page.click("form[action='/register'] button[type=submit]")
    page.wait_for_url(f"{server.url}/", timeout=WAIT)
    assert page.inner_text("nav.account a.me") == "Antonia"
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("a.invitation", timeout=WAIT)
    assert "your seat" in page.inner_text("ul.invitations")
    seat_link = page.get_attribute("a.invitation[data-seat='0']", "href")
    assert seat_link
    table_id = seat_link.split("/")[2]
    first.close()
    other = browser.new_context(base_url=server.url)
    page = other.new_page()
    page.goto(f"/play/{table_id}/seat/0")
    assert "invitation link" in page.content()  # not signed in here yet
    page.click("nav.account a[href^='/signin']")
    page.fill("input[name=name]", "Antonia")
    page.fill("input[name=password]", PASSWORD)
    page.click("form[action='/signin'] button[type=submit]")
    page.wait_for_url(f"{server.url}/play/{table_id}/seat/0", timeout=WAIT)
    page.wait_for_function(READY, timeout=WAIT)
    page.wait_for_selector("#table[data-socket='open']", timeout=WAIT)  # the socket took the session
    assert "you play as Antonia" in page.inner_text("#live")
    page.click("nav.account button.link")
    page.wait_for_url(f"{server.url}/", timeout=WAIT)
    assert page.locator("nav.account a[href='/register']").count() == 1
    other.close()
