"""A table's chat (issue 38, point 4): two rooms, the players' and the spectators', over the table's
WebSockets; kept with the table; cleaned, escaped, length- and rate-limited; nothing of it in a
seat's view, the record or what a bot thinks on."""

from __future__ import annotations

import json
import pickle
import time
from collections.abc import Callable
from typing import Any

import anyio
import httpx
from fastapi.testclient import TestClient
from playwright.sync_api import Browser
from starlette.testclient import WebSocketTestSession
from websockets.sync.client import ClientConnection, connect

from ludus.web.accounts import SESSION_COOKIE, claim_seat, register, sign_in
from ludus.web.app import Settings, create_app
from ludus.web.chat import BURST, MAX_CHARS, clean
from ludus.web.store import ChatRow, Store
from web.conftest import Server
from web.sockets import WAIT
from web.test_browser import WAIT as BROWSER_WAIT
from web.test_browser import open_table, seat_page


def table(client: TestClient, seats: list[dict[str, Any]], **more: Any) -> tuple[str, list[str]]:
    """Open a Glory to Rome table; its id and its people's tokens, in seat order."""
    made = client.post("/api/tables", json={"game": "glory-to-rome", "players": len(seats), "seed": 3,
                                             "seats": seats, **more})
    assert made.status_code == 201, made.text
    return made.json()["id"], [s["token"] for s in made.json()["seats"] if s.get("token")]


def text_of(socket: WebSocketTestSession, seconds: float = WAIT) -> str:
    """The next message of ``socket`` as text; fails after ``seconds`` without one."""

    async def next_message() -> Any:
        with anyio.fail_after(seconds):
            return await socket._send_rx.receive()

    message = socket.portal.call(next_message)
    socket._raise_on_close(message)
    text: str = message["text"]
    return text


def chat_of(socket: WebSocketTestSession) -> dict[str, Any]:
    """The next chat message (or error) of a JSON socket, past the table's pushes."""
    while True:
        message: dict[str, Any] = json.loads(text_of(socket))
        if "chat" in message or "error" in message:
            return message


def html_chat_of(socket: WebSocketTestSession) -> str:
    """The next chat fragment of a page's socket, past the table's fragments."""
    while True:
        message = text_of(socket)
        if 'id="chat-' in message:
            return message


def said(socket: WebSocketTestSession) -> list[tuple[str, str]]:
    """The (name, text) of the lines of the next chat message of a JSON socket."""
    message = chat_of(socket)
    assert "chat" in message, message
    return [(line["name"], line["text"]) for line in message["chat"]]


def signed_in_client(client: TestClient, name: str) -> TestClient:
    """Another browser on the same application, signed in as a new account ``name``."""
    store = client.app.state.store  # type: ignore[attr-defined]
    register(store, name, "a long password")
    _, token = sign_in(store, name, "a long password")
    other = TestClient(client.app)
    other.cookies.set(SESSION_COOKIE, token)
    return other


def test_seats_and_spectators_talk_in_rooms_apart(client: TestClient) -> None:
    """A seat's line reaches the other seat (and itself), never a spectator; a signed-in spectator's
    line reaches the spectators, never a seat; a guest spectator reads and may not write."""
    table_id, tokens = table(client, [{"kind": "human", "name": "Livia"}, {"kind": "human"}])
    watcher = signed_in_client(client, "Plinius")
    with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}") as zero, \
            client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[1]}") as one, \
            watcher.websocket_connect(f"/ws/tables/{table_id}") as spectator, \
            client.websocket_connect(f"/ws/tables/{table_id}") as guest:
        for socket in (zero, one, spectator, guest):
            assert "index" in json.loads(text_of(socket))  # the table first (no history: no chat yet)
        zero.send_json({"chat": "Ave, Player 2!"})
        assert said(zero) == said(one) == [("Livia", "Ave, Player 2!")]
        one.send_json({"chat": "Ave!"})
        assert said(zero) == said(one) == [("Player 2", "Ave!")]
        spectator.send_json({"chat": "who leads?"})
        # the spectators' first chat message is the spectator's line: the seats' lines never came
        assert said(spectator) == said(guest) == [("Plinius", "who leads?")]
        guest.send_json({"chat": "me too"})
        refused = chat_of(guest)
        assert refused["status"] == 403 and "sign in" in refused["error"]
        zero.send_json({"chat": "still here"})
        # the seats' next chat message is this line: the spectator's never came
        assert said(one) == said(zero) == [("Livia", "still here")]
    with client.app.state.store.sessions() as session:  # type: ignore[attr-defined]
        rows = session.query(ChatRow).order_by(ChatRow.idx).all()
    assert [(r.idx, r.audience, r.seat, r.name) for r in rows] == [
        (0, "seats", 0, "Livia"), (1, "seats", 1, ""), (2, "watchers", None, "Plinius"),
        (3, "seats", 0, "Livia")]


def test_a_claimed_seat_writes_under_its_accounts_name(client: TestClient) -> None:
    store = client.app.state.store  # type: ignore[attr-defined]
    table_id, tokens = table(client, [{"kind": "human", "name": "Livia"}, {"kind": "human"}])
    claim_seat(store, table_id, 1, register(store, "Marcus", "a long password"))
    with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[1]}") as one:
        one.send_json({"chat": "it is me"})
        assert said(one) == [("Marcus", "it is me")]
    with store.sessions() as session:
        row = session.query(ChatRow).one()
    assert (row.seat, row.name) == (1, "Marcus") and row.account_id is not None


def test_a_socket_opened_later_gets_its_rooms_history_and_a_restart_keeps_it(sqlite_url: str) -> None:
    with TestClient(create_app(Settings(db=sqlite_url))) as client:
        table_id, tokens = table(client, [{"kind": "human"}, {"kind": "human"}])
        watcher = signed_in_client(client, "Plinius")
        with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}") as zero, \
                watcher.websocket_connect(f"/ws/tables/{table_id}") as spectator:
            for n in range(3):
                zero.send_json({"chat": f"line {n}"})
                said(zero)
            spectator.send_json({"chat": "from the benches"})
            said(spectator)
    with TestClient(create_app(Settings(db=sqlite_url))) as again:  # a new server over the same database
        with again.websocket_connect(f"/ws/tables/{table_id}?token={tokens[1]}") as one, \
                again.websocket_connect(f"/ws/tables/{table_id}") as spectator:
            assert "index" in json.loads(text_of(one))
            history = chat_of(one)
            assert history["history"] is True
            assert [(line["seat"], line["text"]) for line in history["chat"]] == [
                (0, "line 0"), (0, "line 1"), (0, "line 2")]
            assert said(spectator) == [("Plinius", "from the benches")]
        # the pages show their room's lines too
        watch = again.get(f"/watch/{table_id}").text
        assert "from the benches" in watch and "line 0" not in watch
        again.get(f"/play/{table_id}/{tokens[1]}")
        seat = again.get(f"/play/{table_id}/seat/1").text
        assert "line 2" in seat and "from the benches" not in seat


def test_a_line_is_cleaned_and_a_long_or_empty_one_is_refused_to_its_writer_alone(client: TestClient) -> None:
    assert clean("  a\u202eb\n\tc\x00  d\u200d ") == "ab c d\u200d"
    table_id, tokens = table(client, [{"kind": "human"}, {"kind": "human"}])
    with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}") as zero, \
            client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[1]}") as one:
        zero.send_json({"chat": "x" * (MAX_CHARS + 1)})
        refused = chat_of(zero)
        assert refused["status"] == 400 and str(MAX_CHARS) in refused["error"]
        assert "\n" not in refused["error"]
        for empty in ("", "  \n\u200b\u202e "):
            zero.send_json({"chat": empty})
            assert chat_of(zero)["status"] == 400
        zero.send_json({"chat": 12})
        assert chat_of(zero)["status"] == 400
        zero.send_json({"chat": " " + "y" * MAX_CHARS + "\n"})  # the longest line, once trimmed
        assert said(one) == said(zero) == [("Player 1", "y" * MAX_CHARS)]  # the refusals reached no one


def test_a_writer_sends_a_few_lines_in_a_row_then_is_told_to_wait(client: TestClient) -> None:
    table_id, tokens = table(client, [{"kind": "human"}, {"kind": "human"}])
    with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}") as zero:
        answers = []
        for n in range(BURST * 2):
            zero.send_json({"chat": f"spam {n}"})
            answers.append(chat_of(zero))
    refused = [a for a in answers if "error" in a]
    assert refused and all(a["status"] == 429 for a in refused)
    assert [a["chat"][0]["text"] for a in answers[:BURST]] == [f"spam {n}" for n in range(BURST)]
    store = client.app.state.store  # type: ignore[attr-defined]
    with store.sessions() as session:
        assert session.query(ChatRow).count() == len(answers) - len(refused) < BURST * 2


def test_the_page_shows_a_line_as_text_never_as_html(client: TestClient) -> None:
    """Jinja escapes the line in the page's fragment and in the page; the JSON socket sends the text."""
    table_id, tokens = table(client, [{"kind": "human"}, {"kind": "human"}])
    client.get(f"/play/{table_id}/{tokens[0]}")
    with client.websocket_connect(f"/ws/pages/{table_id}/seat/0?lang=en") as page, \
            client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[1]}") as one:
        assert 'id="live"' in text_of(page)
        page.send_json({"chat": "<script>alert(1)</script> &amp; <b>", "HEADERS": {"HX-Request": "true"}})
        fragment = html_chat_of(page)
        assert 'hx-swap-oob="beforeend"' in fragment
        assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp;amp; &lt;b&gt;" in fragment
        assert "<script>" not in fragment and "<b>" not in fragment
        assert said(one) == [("Player 1", "<script>alert(1)</script> &amp; <b>")]
        page.send_json({"chat": "z" * (MAX_CHARS + 1)})
        error = html_chat_of(page)
        assert error.startswith('<p id="chat-error"') and str(MAX_CHARS) in error
    shown = client.get(f"/play/{table_id}/seat/0").text
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp;amp; &lt;b&gt;" in shown
    assert "<script>alert" not in shown


def test_nothing_of_the_chat_reaches_a_bot_the_view_or_the_record(client: TestClient) -> None:
    """Lines written before and during a game are in no bot's Decision (as pickled for its worker),
    in no seat's or spectator's view, in the log, the replay or the record of the finished game."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    decisions: list[bytes] = []
    think = hub.bots.think

    def kept(decision: Any, done: Callable[..., Any]) -> None:
        decisions.append(pickle.dumps(decision))
        think(decision, done)

    hub.bots.think = kept
    table_id, (token,) = table(client, [{"kind": "human"}, {"kind": "bot", "level": "greedy"}],
                               options={"concession": True})
    secret = "SECRETPLAN-" + "q" * 8

    def my_options() -> list[str]:
        """Seat 0's actions, once it has some (the bot may be thinking)."""
        for _ in range(2000):
            state = client.get(f"/api/tables/{table_id}", params={"token": token}).json()
            if state["legal_actions"]:
                return list(state["legal_actions"])
            time.sleep(0.01)
        raise AssertionError("seat 0 never got to move")

    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as zero:
        zero.send_json({"chat": secret})
        said(zero)
        before = len(decisions)
        while len(decisions) == before:  # play on until the bot has decided after the line was written
            move = next(a for a in my_options() if "concede" not in a)
            client.post(f"/api/tables/{table_id}/actions", json={"token": token, "action": move})
        zero.send_json({"chat": secret + " again"})
        said(zero)
        while client.get(f"/api/tables/{table_id}").json()["status"] == "playing":  # seat 0 concedes
            options = my_options()
            move = next((a for a in options if "concede" in a), options[0])
            client.post(f"/api/tables/{table_id}/actions",
                        json={"token": token, "action": move, "confirm": True})
    assert all(secret.encode() not in decision for decision in decisions)
    record = client.get(f"/api/tables/{table_id}/record")
    assert record.json()["actions"]  # the whole record: the game is over
    seen = [record.text, client.get(f"/api/tables/{table_id}", params={"token": token}).text,
            client.get(f"/api/tables/{table_id}").text,
            client.get(f"/api/tables/{table_id}/replay?at=3").text,
            client.get(f"/replay/{table_id}?at=3").text]
    assert all(secret not in text for text in seen)


def test_a_line_written_through_one_process_reaches_the_sockets_of_the_other(
        postgres_url: str, start_servers: Callable[..., list[Server]]) -> None:
    one, two = start_servers(postgres_url, 2)
    store = Store(postgres_url)
    try:
        register(store, "Plinius", "a long password")
        session_cookie = f"{SESSION_COOKIE}={sign_in(store, 'Plinius', 'a long password')[1]}"
    finally:
        store.dispose()
    made = httpx.post(f"{one.url}/api/tables", timeout=30, json={
        "game": "glory-to-rome", "players": 2, "seed": 3,
        "seats": [{"kind": "human", "name": "Livia"}, {"kind": "human"}]}).json()
    table_id, tokens = made["id"], [s["token"] for s in made["seats"]]

    def url(server: Server, token: str | None = None) -> str:
        address = server.url.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
        return address + (f"?token={token}" if token else "")

    def chat(socket: ClientConnection) -> dict[str, Any]:
        while True:
            message: dict[str, Any] = json.loads(socket.recv(timeout=WAIT))
            if "chat" in message or "error" in message:
                return message

    with connect(url(one, tokens[0])) as zero_at_one, connect(url(two, tokens[1])) as one_at_two, \
            connect(url(two), additional_headers={"Cookie": session_cookie}) as watcher_at_two:
        for socket in (zero_at_one, one_at_two, watcher_at_two):
            assert "index" in json.loads(socket.recv(timeout=WAIT))
        zero_at_one.send(json.dumps({"chat": "through process one"}))
        assert chat(zero_at_one)["chat"][0]["text"] == "through process one"
        heard = chat(one_at_two)
        assert heard["chat"][0]["name"] == "Livia" and heard["chat"][0]["text"] == "through process one"
        one_at_two.send(json.dumps({"chat": "and back"}))
        assert chat(one_at_two)["chat"][0]["text"] == "and back"
        assert chat(zero_at_one)["chat"][0]["text"] == "and back"
        # the spectator's first chat message is its own line: the seats' lines never reached it
        watcher_at_two.send(json.dumps({"chat": "from the benches"}))
        assert chat(watcher_at_two)["chat"][0] | {"at": ""} == {"idx": 2, "room": "watchers", "seat": None,
                                                                "name": "Plinius", "text": "from the benches",
                                                                "at": ""}
        zero_at_one.send(json.dumps({"chat": "last"}))
        assert chat(one_at_two)["chat"][0]["text"] == "last"  # (not the spectator's line)
    with connect(url(one)) as spectator, connect(url(one, tokens[1])) as again:  # the history, by room
        for socket in (spectator, again):
            assert "index" in json.loads(socket.recv(timeout=WAIT))
        assert [line["text"] for line in chat(spectator)["chat"]] == ["from the benches"]
        assert [line["text"] for line in chat(again)["chat"]] == ["through process one", "and back", "last"]


def test_a_line_typed_on_one_page_appears_on_the_other_and_mute_hides_it(
        browser: Browser, start_server: Callable[..., Server], sqlite_url: str) -> None:
    server = start_server(sqlite_url)
    table_id, tokens = open_table(server, "glory-to-rome", ["human", "human"], seed=5)
    pages = [seat_page(browser, server, table_id, tokens[seat], width=width)
             for seat, width in ((0, 1400), (1, 390))]  # the second on a phone's width
    watcher = browser.new_context().new_page()
    watcher.goto(f"{server.url}/watch/{table_id}")
    watcher.wait_for_selector('#table[data-socket="open"]', timeout=BROWSER_WAIT)
    assert watcher.locator("#chat .chat-signin").count() == 1 and watcher.locator("#chat form").count() == 0
    pages[0].fill("#chat input[name=chat]", "<b>Ave</b> & vale")
    pages[0].press("#chat input[name=chat]", "Enter")
    for page in pages:
        page.wait_for_function("() => document.querySelectorAll('#chat-lines li').length === 1",
                               timeout=BROWSER_WAIT)
        assert page.locator("#chat-lines li .said").inner_text() == "<b>Ave</b> & vale"
        assert page.locator("#chat-lines b.who").inner_text() == "Player 1"
        assert page.locator("#chat-lines .said b").count() == 0
    assert pages[0].input_value("#chat input[name=chat]") == ""
    # a move replaces the table around the panel: the lines and what is being typed stay
    pages[1].fill("#chat input[name=chat]", "half a thought")
    mover = httpx.get(f"{server.url}/api/tables/{table_id}", timeout=30).json()["to_move"][0]
    moved = httpx.post(f"{server.url}/api/tables/{table_id}/actions",
                       json={"token": tokens[mover], "action": "think_draw"}, timeout=30)
    assert moved.status_code == 200, moved.text
    for page in pages:
        page.wait_for_function("() => Number(document.getElementById('live').dataset.index) > 0",
                               timeout=BROWSER_WAIT)
        assert page.locator("#chat-lines li").count() == 1
    assert pages[1].input_value("#chat input[name=chat]") == "half a thought"
    assert watcher.locator("#chat-lines li").count() == 0  # the spectators' room is another
    # mute: the lines are hidden, those to come too, and the page remembers it
    pages[1].locator("#chat input.mute").click()
    assert not pages[1].locator("#chat-lines").is_visible()
    pages[0].fill("#chat input[name=chat]", "second")
    pages[0].press("#chat input[name=chat]", "Enter")
    pages[1].wait_for_function("() => document.querySelectorAll('#chat-lines li').length === 2",
                               timeout=BROWSER_WAIT)
    assert not pages[1].locator("#chat-lines").is_visible()
    pages[1].reload()
    pages[1].wait_for_selector('#table[data-socket="open"]', timeout=BROWSER_WAIT)
    assert pages[1].locator("#chat input.mute").is_checked()
    assert not pages[1].locator("#chat-lines").is_visible()
    assert pages[0].locator("#chat-lines").is_visible()
    for page in (*pages, watcher):
        page.context.close()
