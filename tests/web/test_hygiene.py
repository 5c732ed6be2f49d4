"""The web platform open to the public (issue 35): security headers on every answer, one-line
422s, seat tokens kept out of logged URLs, the access log's redaction, and the smaller points
(the WebSocket's Origin scheme, its rate limit per client and token, deeply nested JSON, the
lobby without unlisted tables)."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.sync.client import connect

from ludus.web.http import RedactTokens
from ludus.web.store import new_token
from web.sockets import receive

if TYPE_CHECKING:
    from web.conftest import Server


def table(client: TestClient, game: str, seats: list[dict[str, Any]], **more: Any) -> tuple[str, list[str]]:
    """Open a table; its id and the tokens of its people's seats, in seat order."""
    made = client.post("/api/tables", json={"game": game, "players": len(seats), "seats": seats, **more})
    assert made.status_code == 201, made.text
    return made.json()["id"], [s["token"] for s in made.json()["seats"]]


# --- security headers ------------------------------------------------------------------------------------
def directives(policy: str) -> dict[str, list[str]]:
    """A Content-Security-Policy as {directive: its sources}."""
    out = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    """Pages, static files, JSON, errors and refusals all say: no framing, no referrer, no sniffing,
    and a policy that runs scripts from the server only and lets the page's WebSocket connect back."""
    table_id, (token,) = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "bot"}], seed=7)
    answers = [client.get(path) for path in ("/", "/static/ludus.js", "/api/games", "/api/tables/nosuchtable",
                                             f"/watch/{table_id}", f"/replay/{table_id}", "/no/such/page")]
    answers.append(client.get(f"/api/tables/{table_id}", params={"log": -1}))  # 422
    answers.append(client.post(f"/api/tables/{table_id}/actions", json={"token": token, "action": "0:"}))
    assert {a.status_code for a in answers} >= {200, 400, 404, 422}
    for answer in answers:
        assert answer.headers["x-frame-options"] == "DENY", answer.url
        assert answer.headers["referrer-policy"] == "no-referrer"
        assert answer.headers["x-content-type-options"] == "nosniff"
        policy = directives(answer.headers["content-security-policy"])
        assert policy["default-src"] == ["'self'"] and policy["script-src"] == ["'self'"]
        assert policy["frame-ancestors"] == ["'none'"] and policy["object-src"] == ["'none'"]
        assert policy["connect-src"] == ["'self'", "ws://testserver", "wss://testserver"]
        assert "data:" not in policy["img-src"]


def test_a_made_up_host_cannot_write_into_the_policy(client: TestClient) -> None:
    """A Host header with a ``;`` or a space adds no directive: the WebSocket sources are left out."""
    policy = client.get("/", headers={"Host": "evil; script-src *"}).headers["content-security-policy"]
    assert directives(policy)["script-src"] == ["'self'"] and "evil" not in policy


def test_the_pages_have_no_inline_script_for_the_policy_to_block(client: TestClient) -> None:
    """What the policy forbids is not used: no inline ``<script>``, no ``on...=`` handler, no
    ``javascript:`` link, on the lobby, a seat's page, the spectator's and the replay."""
    table_id, (token,) = table(client, "trajan", [{"kind": "human"}, {"kind": "bot"}], seed=7)
    pages = [client.get(path).text for path in ("/", f"/play/{table_id}/{token}", f"/watch/{table_id}",
                                                f"/replay/{table_id}", "/games/trajan/rules")]
    for page in pages:
        assert 'id="live"' in page or "<form" in page or "<dl>" in page or 'class="replay-nav"' in page
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page)
        assert not re.search(r"\son[a-z]+\s*=", page, re.I) and "javascript:" not in page.lower()


def test_the_schema_browser_keeps_its_cdn(client: TestClient) -> None:
    """``/docs`` (Swagger UI from its CDN, started by an inline script) gets a policy that lets it
    run, and still may not be framed."""
    answer = client.get("/docs")
    policy = directives(answer.headers["content-security-policy"])
    assert "https://cdn.jsdelivr.net" in policy["script-src"] and policy["frame-ancestors"] == ["'none'"]
    assert answer.headers["x-frame-options"] == "DENY"


# --- the seat's token out of the pages' URLs ---------------------------------------------------------------
def seat_cookies(answer: Any) -> list[str]:
    """The seat's cookies an answer sets (its Set-Cookie headers for ``ludus-seat``)."""
    return [c for c in answer.headers.get_list("set-cookie") if c.startswith("ludus-seat=")]


def test_the_invitation_link_trades_its_token_for_a_cookie(client: TestClient) -> None:
    """``/play/{id}/{token}`` checks the token, keeps it in an HttpOnly SameSite=Lax cookie scoped to the
    seat's page and page socket, and sends the browser to ``/play/{id}/seat/{n}``: the seat's page, whose
    socket and posts carry no token in their URLs."""
    table_id, (token,) = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "bot"}], seed=7)
    opened = client.get(f"/play/{table_id}/{token}", params={"lang": "pl"}, follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == f"/play/{table_id}/seat/0?lang=pl"
    cookies = seat_cookies(opened)
    assert sorted(re.search(r"Path=([^;]+)", c)[1] for c in cookies) == [  # type: ignore[index]
        f"/play/{table_id}/seat/0", f"/ws/pages/{table_id}/seat/0"]
    for cookie in cookies:
        assert cookie.startswith(f"ludus-seat={token};") and "HttpOnly" in cookie
        assert "SameSite=lax" in cookie and "Secure" not in cookie  # plain http here
    page = client.get(opened.headers["location"])
    assert page.status_code == 200 and '<html lang="pl">' in page.text and "data-turn-mark" in page.text
    assert token not in page.text
    assert f'ws-connect="/ws/pages/{table_id}/seat/0?lang=pl"' in page.text
    assert f'data-act="/play/{table_id}/seat/0/act"' in page.text
    # the page's socket pushes the seat's fragment, read from the cookie
    with client.websocket_connect(f"/ws/pages/{table_id}/seat/0?lang=en") as socket:
        assert "you play as" in socket.receive_text()
    # a post of the page plays for the cookie's seat
    action = client.get(f"/api/tables/{table_id}", params={"token": token}).json()["legal_actions"][0]
    played = client.post(f"/play/{table_id}/seat/0/act", data={"action": action})
    assert played.status_code == 200 and 'id="live"' in played.text
    assert client.get(f"/api/tables/{table_id}").json()["played"] >= 1


def test_a_browser_without_the_cookie_is_not_a_seat(client: TestClient) -> None:
    """Without the seat's cookie the seat's page asks for the invitation again (and offers to watch),
    its posts are refused, and its socket asked to play is refused; a wrong token gets the error page."""
    table_id, (token,) = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "bot"}], seed=7)
    for address in (f"/play/{table_id}", f"/play/{table_id}/seat/0"):
        page = client.get(address)
        assert page.status_code == 403 and "invitation link" in page.text
        assert f'href="/watch/{table_id}"' in page.text
    assert client.get("/play/nosuchtable").status_code == 404
    assert client.post(f"/play/{table_id}/seat/0/act", data={"action": "0:think_jack"}).status_code == 403
    with pytest.raises(WebSocketDisconnect) as closed, \
            client.websocket_connect(f"/ws/pages/{table_id}/seat/0"):
        pass
    assert closed.value.code == 1008
    wrong = client.get(f"/play/{table_id}/{'A' * 32}", follow_redirects=False)
    assert wrong.status_code == 403 and not seat_cookies(wrong)
    # the old way of asking no longer plays the seat: a token in the page socket's URL is ignored
    with client.websocket_connect(f"/ws/pages/{table_id}?token={token}") as socket:
        assert "spectator" in socket.receive_text()
    assert client.get(f"/api/tables/{table_id}").json()["played"] == 0


def test_a_spectator_page_stays_a_spectators_in_a_seated_browser(client: TestClient) -> None:
    """The browser that holds a seat's cookie watches ``/watch/{id}`` as a spectator: the cookie is
    scoped to the seat's own addresses, so neither the watch page nor its socket receives it."""
    table_id, (token,) = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "bot"}], seed=7)
    client.get(f"/play/{table_id}/{token}")
    watch = client.get(f"/watch/{table_id}").text
    assert "/seat/" not in watch and "you play as" not in watch
    with client.websocket_connect(f"/ws/pages/{table_id}?lang=en") as socket:
        assert "spectator" in socket.receive_text()


def test_joining_from_the_lobby_sets_the_cookie_too(client: TestClient) -> None:
    """The lobby's Join button goes to the seat's page with the new seat's cookie: no token in the URL."""
    table_id, _ = table(client, "trajan", [{"kind": "human"}, {"kind": "human"}], seed=2, listed=True)
    joined = client.post(f"/join/{table_id}", data={"name": "Plinius"}, follow_redirects=False)
    assert joined.status_code == 303 and joined.headers["location"] == f"/play/{table_id}/seat/0"
    assert len(seat_cookies(joined)) == 2
    assert "you play as Plinius" in client.get(f"/play/{table_id}/seat/0").text


def test_the_rematch_goes_to_the_new_tables_page_with_its_cookie(client: TestClient) -> None:
    """The page's Rematch answers with the new table's page (no token in it) and sets that table's
    cookie; the other seat's "the rematch is ready" button does the same."""
    table_id, tokens = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "human"}], seed=7,
                             options={"concession": True})
    client.get(f"/play/{table_id}/{tokens[0]}")
    mine = client.get(f"/api/tables/{table_id}", params={"token": tokens[0]}).json()["legal_actions"]
    concede = next(a for a in mine if a.startswith("0:concede"))
    client.post(f"/play/{table_id}/seat/0/act", data={"action": concede, "confirm": "1"})
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "finished"
    again = client.post(f"/play/{table_id}/seat/0/rematch")
    new_id = client.get(f"/api/tables/{table_id}").json()["rematch"]
    assert again.status_code == 204 and again.headers["hx-redirect"] == f"/play/{new_id}/seat/0"
    assert {c.split(";")[0] for c in seat_cookies(again)} == {f"ludus-seat={tokens[0]}"}
    assert "you play as" in client.get(f"/play/{new_id}/seat/0").text
    other = TestClient(client.app)
    other.get(f"/play/{table_id}/{tokens[1]}")
    ready = other.get(f"/play/{table_id}/seat/1").text
    assert f'hx-post="/play/{table_id}/seat/1/rematch"' in ready and tokens[1] not in ready
    assert other.post(f"/play/{table_id}/seat/1/rematch").headers["hx-redirect"] == f"/play/{new_id}/seat/1"


def test_one_browser_holds_two_seats_of_a_table(client: TestClient) -> None:
    """Each seat's cookie is scoped to that seat's addresses: one browser that opened both invitations
    (two people at one computer, a tab each) plays each seat on its own page, and a page of one seat
    does not play the other."""
    table_id, tokens = table(client, "trajan", [{"kind": "human"}, {"kind": "human"}], seed=2)
    for token in tokens:
        client.get(f"/play/{table_id}/{token}")
    for seat in (0, 1):
        page = client.get(f"/play/{table_id}/seat/{seat}")
        assert page.status_code == 200 and f'data-act="/play/{table_id}/seat/{seat}/act"' in page.text
        assert f"you play as Player {seat + 1}" in page.text
        with client.websocket_connect(f"/ws/pages/{table_id}/seat/{seat}?lang=en") as socket:
            assert f"you play as Player {seat + 1}" in socket.receive_text()
    mover = client.get(f"/api/tables/{table_id}").json()["to_move"][0]
    action = client.get(f"/api/tables/{table_id}", params={"token": tokens[mover]}).json()["legal_actions"][0]
    other = 1 - mover
    refused = client.post(f"/play/{table_id}/seat/{other}/act", data={"action": action})
    assert "you play seat" in refused.text  # the other seat's page acts for the other seat only
    played = client.post(f"/play/{table_id}/seat/{mover}/act", data={"action": action})
    assert played.status_code == 200 and client.get(f"/api/tables/{table_id}").json()["played"] == 1


def test_a_client_may_send_its_token_in_a_header(client: TestClient) -> None:
    """``GET /api/tables/{id}`` and the table's WebSocket take the seat's token from ``X-Ludus-Token``
    or ``Authorization: Bearer`` as from ``?token=``; another scheme is no token (a spectator), a
    wrong token is refused as in the URL."""
    table_id, (token,) = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "bot"}], seed=7)
    url = f"/api/tables/{table_id}"
    for headers in ({"X-Ludus-Token": token}, {"Authorization": f"Bearer {token}"}):
        assert client.get(url, headers=headers).json()["seat"] == 0
        with client.websocket_connect(f"/ws/tables/{table_id}", headers=headers) as socket:
            assert receive(socket)["seat"] == 0
    assert client.get(url, headers={"Authorization": "Basic dXNlcjpwYXNz"}).json()["seat"] is None
    assert client.get(url, headers={"Authorization": "Bearer " + "A" * 32}).status_code == 403
    assert client.get(url, headers={"X-Ludus-Token": "short"}).status_code == 422
    with pytest.raises(WebSocketDisconnect) as closed, \
            client.websocket_connect(f"/ws/tables/{table_id}", headers={"X-Ludus-Token": "A" * 32}):
        pass
    assert closed.value.code == 1008


# --- the server's log redacts tokens ----------------------------------------------------------------------
ACCESS = '%s - "%s %s HTTP/%s" %d'


def test_the_access_log_filter_redacts_every_token_like_thing() -> None:
    """A record shaped as uvicorn's access log builds it keeps its format and numbers, and loses the
    invitation's token, ``token=`` values and any long URL-safe run, but not a table's id or a page
    post's verb."""
    table_id, token = "AbCd-Ef_gh123456", new_token()
    assert len(token) >= 20 and len(table_id) < 20
    cases = {
        f"/play/{table_id}/{token}?lang=pl": f"/play/{table_id}/[redacted]?lang=pl",
        f"/play/{table_id}/act": f"/play/{table_id}/act",
        f"/play/{table_id}": f"/play/{table_id}",
        f"/api/tables/{table_id}?token={token}&log=5": f"/api/tables/{table_id}?token=[redacted]&log=5",
        f"/api/tables/{table_id}?lang=en&token=short": f"/api/tables/{table_id}?lang=en&token=[redacted]",
        f"/ws/tables/{table_id}?access_token={token}": f"/ws/tables/{table_id}?access_token=[redacted]",
        f"/somewhere/{token}/else": "/somewhere/[redacted]/else",
        f"/replay/{table_id}?at=3&seat=1": f"/replay/{table_id}?at=3&seat=1",
    }
    for path, logged in cases.items():
        record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, ACCESS,
                                   ("127.0.0.1:5000", "GET", path, "1.1", 200), None)
        assert RedactTokens().filter(record) is True
        assert record.getMessage() == f'127.0.0.1:5000 - "GET {logged} HTTP/1.1" 200', path
    websocket = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1, '%s - "WebSocket %s" 403',
                                  ("127.0.0.1:5000", f"/ws/tables/{table_id}?token={token}"), None)
    RedactTokens().filter(websocket)
    assert token not in websocket.getMessage() and "[redacted]" in websocket.getMessage()


def test_ludus_serve_writes_no_token_in_its_log(start_server: Callable[..., Server], sqlite_url: str) -> None:
    """A real ``ludus serve`` at the info level logs every request and WebSocket, and no seat's token:
    the invitation, a GET with ``?token=`` and the table's socket with ``?token=`` are all logged
    with ``[redacted]`` in its place."""
    server = start_server(sqlite_url, "--log-level", "info")
    made = httpx.post(f"{server.url}/api/tables", json={"game": "glory-to-rome", "players": 2, "seed": 7},
                      timeout=30).json()
    table_id, token = made["id"], made["seats"][0]["token"]
    assert httpx.get(f"{server.url}/play/{table_id}/{token}", timeout=30).status_code == 303
    seen = httpx.get(f"{server.url}/api/tables/{table_id}", params={"token": token}, timeout=30)
    assert seen.json()["seat"] == 0
    with connect(f"{server.url.replace('http', 'ws', 1)}/ws/tables/{table_id}?token={token}",
                 open_timeout=30) as socket:
        assert json.loads(socket.recv(timeout=30))["seat"] == 0
    log = server.log.read_text()
    assert f"/play/{table_id}/[redacted]" in log and f"/api/tables/{table_id}?token=[redacted]" in log
    assert f"/ws/tables/{table_id}?token=[redacted]" in log
    assert token not in log


# --- the smaller points ---------------------------------------------------------------------------------
def test_a_deeply_nested_frame_is_refused_and_the_socket_stays_open(client: TestClient) -> None:
    """``[[[[...]]]]`` 100,000 deep (json.loads raises RecursionError) answers a 400 error message like
    any other frame that is not a JSON object, and the socket goes on: the next action is judged."""
    table_id, (token,) = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "bot"}], seed=7)
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as socket:
        first = receive(socket)
        socket.send_text("[" * 100_000 + "]" * 100_000)
        refused = receive(socket)
        assert refused["status"] == 400 and refused["error"]
        socket.send_text('{"action": ' * 50_000 + "1" + "}" * 50_000)
        assert receive(socket)["status"] == 400
        socket.send_json({"action": first["legal_actions"][0]})
        while (pushed := receive(socket)).get("played", 0) < 1:
            assert "error" not in pushed, pushed


def test_the_lobby_shows_only_listed_tables(client: TestClient) -> None:
    """A table opened without "list it in the lobby" is neither among the games being played nor the
    finished ones: only people with its links know it; a listed one is shown with its watch link."""
    hidden, _ = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "bot"}], seed=7)
    shown, _ = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "bot"}], seed=7, listed=True)
    lobby = client.get("/").text
    assert f"/watch/{shown}" in lobby and hidden not in lobby
    store = client.app.state.store  # type: ignore[attr-defined]
    for table_id in (hidden, shown):  # both over, as the database says: the finished games' list
        store.update_table(table_id, status="finished")
    lobby = client.get("/").text
    assert f"/replay/{shown}" in lobby and hidden not in lobby
