"""No one where they don't belong (issue 17, point 7), over the real application.

A token acts only for its seat and sees only its seat's view, actions and log; a spectator
sees the spectator view and has no actions; a wrong token gets nothing; the WebSockets
check the Origin; requests and WebSocket messages are rate-limited; no input, however
long, mistyped, huge or exotic, makes a server error.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ludus.web.app import RateLimit, Settings, create_app, origin_allowed
from web.sockets import WAIT, receive


def table(client: TestClient, game: str, seats: list[dict[str, Any]], **more: Any) -> tuple[str, list[str]]:
    """Open a table; its id and the tokens of its people's seats, in seat order."""
    made = client.post("/api/tables", json={"game": game, "players": len(seats), "seats": seats, **more})
    assert made.status_code == 201, made.text
    return made.json()["id"], [s["token"] for s in made.json()["seats"]]


def refused(client: TestClient, url: str, origin: str | None = None) -> int:
    """The close code of a WebSocket the server refuses to open (fails if it opens it)."""
    headers = {"Origin": origin} if origin else {}
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(url, headers=headers):
        pass
    return closed.value.code


def settled(client: TestClient, table_id: str) -> None:
    """Return once the server has no move of its own to make at the table (a forced move)."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub.get(table_id)
    changed = threading.Event()
    hub.listen(table_id, changed.set)
    try:
        while True:
            with live.lock:
                if live.status != "playing" or hub._next_automatic(live) is None:
                    return
                changed.clear()
            assert changed.wait(WAIT), "the server did not make its forced move"
    finally:
        hub.unlisten(table_id, changed.set)


def strings(data: Any) -> set[str]:
    """Every string in a JSON document (keys excepted)."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set().union(*(strings(v) for v in data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*(strings(v) for v in data)) if data else set()
    return set()


def check_sees_only_its_own(client: TestClient, table_id: str, seat: int | None,
                            seen: dict[str, Any]) -> None:
    """``seen`` (a payload for ``seat``) holds that seat's view, actions and events only, and no
    string of another seat's view that ``seat``'s own view does not hold (its hand, its choice)."""
    live = client.app.state.hub.get(table_id)  # type: ignore[attr-defined]
    with live.lock:
        assert seen["index"] == live.index and seen["seat"] == seat
        state = live.state
        assert seen["view"] == json.loads(json.dumps(state.view(seat)))
        mine = [] if seat is None else [str(a) for a in state.legal_actions(seat)]
        assert seen["legal_actions"] == mine and set(seen["labels"]) == set(mine)
        assert all(a.startswith(f"{seat}:") for a in mine)
        visible = [(n, e.kind, json.loads(json.dumps(e.data))) for n, e in live.events
                   if e.is_visible_to(seat)]
        sent = [(line["action"], line["kind"], line["data"]) for line in seen["log"]]
        assert sent == visible[len(visible) - len(sent):]
        own = strings(state.view(seat))
        secrets = set().union(*(strings(state.view(other)) - own for other in range(live.game.players)
                                if other != seat))
    leaked = strings(seen) & secrets
    assert not leaked, f"seat {seat} was sent another seat's secrets: {sorted(leaked)[:5]}"
    # the labels of its actions (described from the whole state) name none of them either; the log
    # is the seat's visible events (above), which may name a card its owner revealed on purpose
    labels = " | ".join(seen["labels"].values()).lower()
    named = [word for word in secrets
             if len(word) >= 4 and re.search(rf"\b{re.escape(word.replace('_', ' ').lower())}\b", labels)]
    assert not named, f"the labels of seat {seat}'s actions name another seat's secrets: {named[:5]}"


# --- a token acts and sees for its seat only -------------------------------------------------------------
@pytest.mark.parametrize(("game", "players"), [("glory-to-rome", 3), ("hadrians-wall", 2), ("trajan", 2),
                                               ("fall-of-rome", 2)])
def test_every_seat_sees_only_its_own_all_game_long(client: TestClient, game: str, players: int) -> None:
    table_id, tokens = table(client, game, [{"kind": "human"}] * players, seed=21)
    for _step in range(24):
        settled(client, table_id)
        for seat in [*range(players), None]:
            answer = client.get(f"/api/tables/{table_id}",
                                params={"token": tokens[seat]} if seat is not None else {})
            check_sees_only_its_own(client, table_id, seat, answer.json())
        mover = client.get(f"/api/tables/{table_id}").json()["to_move"][0]
        seen = client.get(f"/api/tables/{table_id}", params={"token": tokens[mover]}).json()
        action = seen["legal_actions"][0]
        moved = client.post(f"/api/tables/{table_id}/actions",
                            json={"token": tokens[mover], "action": action})
        assert moved.status_code == 200, moved.text
        assert all(a.startswith(f"{mover}:") for a in moved.json()["legal_actions"])


def test_glory_to_rome_hands_stay_in_their_owners_payloads(client: TestClient) -> None:
    table_id, tokens = table(client, "glory-to-rome", [{"kind": "human"}] * 2, seed=7)
    live = client.app.state.hub.get(table_id)  # type: ignore[attr-defined]
    hands = [live.state.view(p)["players"][p]["hand"] for p in range(2)]
    for seat in range(2):
        seen = client.get(f"/api/tables/{table_id}", params={"token": tokens[seat]}).json()
        assert seen["view"]["players"][seat]["hand"] == hands[seat]
        assert "hand" not in seen["view"]["players"][1 - seat]
    watcher = client.get(f"/api/tables/{table_id}").json()
    assert all("hand" not in p for p in watcher["view"]["players"])


def test_a_hadrians_wall_path_card_stays_secret_until_revealed(client: TestClient) -> None:
    table_id, tokens = table(client, "hadrians-wall", [{"kind": "human"}] * 2, seed=3)
    with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[1]}") as theirs, \
            client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        receive(theirs)
        receive(watcher)
        mine = client.get(f"/api/tables/{table_id}", params={"token": tokens[0]}).json()
        choice = mine["legal_actions"][0]
        assert choice.startswith("0:path ")
        picked = client.post(
            f"/api/tables/{table_id}/actions", json={"token": tokens[0], "action": choice}).json()
        assert picked["view"]["boards"][0]["choice"] == choice.split()[-1]
        for socket, seat in ((theirs, 1), (watcher, None)):
            pushed = receive(socket)
            while pushed["index"] < picked["index"]:
                pushed = receive(socket)
            board = pushed["view"]["boards"][0]
            assert board["chosen"] is True and "choice" not in board and "hand" not in board
            assert board["paths"] == []
            assert not [line for line in pushed["log"] if line["kind"] == "path"
                        and line["data"]["seat"] == 0]
            check_sees_only_its_own(client, table_id, seat, pushed)


def test_a_token_cannot_act_for_another_seat(client: TestClient) -> None:
    table_id, tokens = table(client, "glory-to-rome", [{"kind": "human"}] * 2, seed=7)
    theirs = client.get(f"/api/tables/{table_id}", params={"token": tokens[0]}).json()["legal_actions"][0]
    for action in (theirs, theirs.partition(":")[2].join(["0:", ""]), " 0:think_jack"):
        refused = client.post(f"/api/tables/{table_id}/actions", json={"token": tokens[1], "action": action})
        assert refused.status_code == 409, refused.text
    with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[1]}") as socket:
        first = receive(socket)
        socket.send_json({"action": theirs})
        assert receive(socket)["status"] == 409
        socket.send_json({"undo": True})
        assert receive(socket)["status"] == 409
    assert client.get(f"/api/tables/{table_id}").json()["index"] == first["index"] == 0


def test_a_spectator_gets_no_actions_and_cannot_act(client: TestClient) -> None:
    table_id, _ = table(client, "glory-to-rome", [{"kind": "human"}] * 2, seed=7)
    watcher = client.get(f"/api/tables/{table_id}").json()
    assert watcher["seat"] is None and watcher["legal_actions"] == [] and watcher["labels"] == {}
    assert watcher["can_undo"] is False
    assert client.post(f"/api/tables/{table_id}/actions", json={"action": "0:think_jack"}).status_code == 422
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        assert receive(socket)["legal_actions"] == []
        socket.send_json({"action": "0:think_jack"})
        assert receive(socket)["status"] == 403
        socket.send_json({"undo": True})
        assert receive(socket)["status"] == 403
    assert client.get(f"/api/tables/{table_id}").json()["index"] == 0


def test_server_code_never_asks_for_every_seats_actions() -> None:
    web = Path(__file__).resolve().parents[2] / "src" / "ludus" / "web"
    for source in web.rglob("*.py"):
        assert not re.search(r"legal_actions\(\s*\)", source.read_text()), source


# --- tokens -------------------------------------------------------------------------------------------
def test_wrong_and_missing_tokens_get_nothing(client: TestClient) -> None:
    table_id, tokens = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "bot"}], seed=7)
    _, other_tokens = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "bot"}], seed=7)
    wrong = ["A" * 32, other_tokens[0], tokens[0][:-1] + ("A" if tokens[0][-1] != "A" else "B")]
    for token in wrong:
        assert client.get(f"/api/tables/{table_id}", params={"token": token}).status_code == 403
        for what, body in (("actions", {"action": "0:think_jack"}), ("undo", {}), ("handover", {"seat": 0}),
                           ("return", {}), ("rematch", {})):
            answer = client.post(f"/api/tables/{table_id}/{what}", json={"token": token, **body})
            assert answer.status_code == 403, (what, answer.text)
            assert answer.json()["detail"] == "this token plays no seat at this table"
        assert refused(client, f"/ws/tables/{table_id}?token={token}") == 1008
        client.cookies.set("ludus-seat", token, path=f"/ws/pages/{table_id}/seat/0")  # the seat page's cookie
        assert refused(client, f"/ws/pages/{table_id}/seat/0") == 1008
        client.cookies.clear()
    assert refused(client, "/ws/tables/nosuchtable") == 1008
    for token in ("", "short", "bad token!", "x" * 65):
        assert client.get(f"/api/tables/{table_id}", params={"token": token}).status_code == 422
    for what in ("actions", "undo", "return", "rematch"):
        assert client.post(
            f"/api/tables/{table_id}/{what}", json={"action": "0:think_jack"}).status_code == 422
    assert client.get(f"/api/tables/{table_id}").json()["index"] == 0


# --- the WebSocket's Origin ---------------------------------------------------------------------------------
@pytest.mark.parametrize("path", ["/ws/tables/{id}", "/ws/pages/{id}"])
def test_the_websocket_refuses_a_foreign_origin(client: TestClient, path: str) -> None:
    table_id, (token,) = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "bot"}], seed=7)
    url = path.format(id=table_id) + f"?token={token}"
    for origin in ("https://evil.example", "http://testserver.evil.example", "null",
                   "http://testserver:8001", "https://testserver"):  # https: not this ws:// server's page
        assert refused(client, url, origin) == 1008
    with client.websocket_connect(url, headers={"Origin": "http://testserver"}) as socket:
        socket.receive()  # the first push: same host is welcome


@pytest.mark.parametrize(("origin", "host", "allowed", "scheme", "expected"), [
    (None, "127.0.0.1:8000", (), "ws", True),                             # not a browser: no Origin to check
    ("http://127.0.0.1:8000", "127.0.0.1:8000", (), "ws", True),
    ("https://play.example", "play.example", (), "wss", True),
    ("https://play.example", "play.example", (), "ws", False),            # the page's scheme is the socket's
    ("http://play.example", "play.example", (), "wss", False),
    ("http://127.0.0.1:8001", "127.0.0.1:8000", (), "ws", False),         # another port is another site
    ("http://evil.example", "127.0.0.1:8000", (), "ws", False),
    ("null", "127.0.0.1:8000", (), "ws", False),                          # a sandboxed page or a file
    ("http://play.example.evil", "play.example", (), "ws", False),
    ("http://evil.example", None, (), "ws", False),
    ("https://friend.example", "127.0.0.1:8000", ("https://friend.example",), "ws", True),
    ("https://friend.example:444", "127.0.0.1:8000", ("https://friend.example",), "ws", False),
])
def test_origin_rules(origin: str | None, host: str | None, allowed: tuple[str, ...], scheme: str,
                      expected: bool) -> None:
    """The Origin of a WebSocket is the server's own (scheme and Host) or one allowed by the settings."""
    assert origin_allowed(origin, host, allowed, scheme) is expected


@pytest.fixture
def allowing(tmp_path: Path) -> Iterator[TestClient]:
    """A server that also lets pages of https://ludus.example connect."""
    settings = Settings(db=f"sqlite:///{tmp_path / 'o.db'}", origins=("https://ludus.example",))
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def test_settings_allow_more_origins(allowing: TestClient) -> None:
    table_id, (token,) = table(allowing, "glory-to-rome", [{"kind": "human"}, {"kind": "bot"}], seed=7)
    with allowing.websocket_connect(f"/ws/tables/{table_id}?token={token}",
                                    headers={"Origin": "https://ludus.example"}) as socket:
        assert receive(socket)["seat"] == 0
    assert refused(allowing, f"/ws/tables/{table_id}", "https://ludus.example.evil") == 1008


# --- rate limits --------------------------------------------------------------------------------------------
@pytest.fixture
def strict(tmp_path: Path) -> Iterator[TestClient]:
    """A server with a burst of 5 and almost no refill (so the test does not depend on time)."""
    settings = Settings(db=f"sqlite:///{tmp_path / 'r.db'}", actions_per_second=0.001, action_burst=5,
                        tables_per_minute=0.06, table_burst=5)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def test_http_requests_are_limited_after_the_burst(strict: TestClient) -> None:
    made = [strict.post("/api/tables", json={"game": "glory-to-rome", "players": 2, "seed": 7,
                                             "seats": [{"kind": "human"}, {"kind": "human"}]})
            for _ in range(6)]
    assert [m.status_code for m in made] == [201] * 5 + [429]
    assert made[-1].json()["detail"] == "too many tables opened: wait a minute"
    table_id, tokens = made[0].json()["id"], [s["token"] for s in made[0].json()["seats"]]
    answers = [
        strict.post(f"/api/tables/{table_id}/actions", json={"token": tokens[1], "action": "1:think_jack"})
        for _ in range(6)]
    assert [a.status_code for a in answers] == [409] * 5 + [429]
    # the limit is per token: the other seat still plays, and reading is never limited
    first = strict.get(f"/api/tables/{table_id}", params={"token": tokens[0]}).json()["legal_actions"][0]
    assert strict.post(
        f"/api/tables/{table_id}/actions", json={"token": tokens[0], "action": first}).status_code == 200
    assert all(strict.get(f"/api/tables/{table_id}").status_code == 200 for _ in range(10))


def test_websocket_messages_are_limited_per_client_and_token(strict: TestClient) -> None:
    """A socket's messages take from the bucket of its client address and token, the one its HTTP
    requests take from: a second socket (or HTTP) does not bring a new burst; another token has its own."""
    made = strict.post("/api/tables", json={"game": "glory-to-rome", "players": 2, "seed": 7,
                                            "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    table_id, token = made["id"], made["seats"][1]["token"]
    with strict.websocket_connect(f"/ws/tables/{table_id}?token={token}") as socket:
        receive(socket)
        answers = []
        for _ in range(3):
            socket.send_json({"action": "1:think_jack"})
            answers.append(receive(socket))
        assert [a["status"] for a in answers] == [409] * 3
    # a new connection goes on with the same bucket: 2 left, then refused; so is HTTP
    with strict.websocket_connect(f"/ws/tables/{table_id}?token={token}") as again:
        receive(again)
        answers = []
        for _ in range(4):
            again.send_json({"action": "1:think_jack"})
            answers.append(receive(again))
        assert [a["status"] for a in answers] == [409] * 2 + [429] * 2
        assert answers[-1]["error"] == "too many requests: slow down"
    refused = strict.post(f"/api/tables/{table_id}/actions", json={"token": token, "action": "1:think_jack"})
    assert refused.status_code == 429
    # the other seat's token has its own bucket
    with strict.websocket_connect(f"/ws/tables/{table_id}?token={made['seats'][0]['token']}") as other:
        receive(other)
        other.send_json({"action": "0:no_such_action"})
        assert receive(other)["status"] in (400, 409)


def test_a_flood_of_made_up_keys_does_not_refill_an_emptied_bucket() -> None:
    limits = RateLimit(rate=0.001, burst=3, max_keys=50)
    assert [limits.allow("victim") for _ in range(4)] == [True, True, True, False]
    assert all(limits.allow(f"made-up-{n}") for n in range(1000))
    assert len(limits.buckets) <= 51
    assert limits.allow("victim") is False


# --- input validation ---------------------------------------------------------------------------------------
LONG = "x" * 5000
UNICODE = "Ἀλέξανδρος 🏛️ \u202e\u0000 ﷽ 漢字"


@pytest.mark.parametrize(("method", "path", "payload"), [
    ("post", "/api/tables", {"game": LONG}),
    ("post", "/api/tables", {"game": UNICODE}),
    ("post", "/api/tables", {"game": ["glory-to-rome"]}),
    ("post", "/api/tables", {"game": "glory-to-rome", "players": 10**30}),
    ("post", "/api/tables", {"game": "glory-to-rome", "players": -1}),
    ("post", "/api/tables", {"game": "glory-to-rome", "players": 2.5}),
    ("post", "/api/tables", {"game": "glory-to-rome", "seed": 10**40}),
    ("post", "/api/tables", {"game": "glory-to-rome", "seed": "seven"}),
    ("post", "/api/tables", {"game": "glory-to-rome", "move_seconds": 10**12}),
    ("post", "/api/tables", {"game": "glory-to-rome", "options": {"rules": LONG}}),
    ("post", "/api/tables", {"game": "glory-to-rome", "options": {UNICODE: 1}}),
    ("post", "/api/tables", {"game": "glory-to-rome", "options": {"rules": [1, 2]}}),
    ("post", "/api/tables", {"game": "glory-to-rome", "options": {str(i): i for i in range(40)}}),
    ("post", "/api/tables", {"game": "glory-to-rome", "options": {"rules": 10**100}}),
    ("post", "/api/tables", {"game": "glory-to-rome", "options": {"rules": float("1e308")}}),
    ("post", "/api/tables", {"game": "glory-to-rome", "seats": [{"kind": "human", "name": LONG}] * 3}),
    ("post", "/api/tables", {"game": "glory-to-rome", "seats": [{"kind": "bot", "level": UNICODE}] * 3}),
    ("post", "/api/tables", {"game": "glory-to-rome", "seats": [{"kind": "human"}] * 1000}),
    ("post", "/api/tables", {"game": "glory-to-rome", "seats": "all of them"}),
    ("post", "/api/tables", [1, 2, 3]),
    ("post", "/api/tables", "glory-to-rome"),
    ("post", "/api/tables/{id}/actions", {"token": "TOKEN", "action": LONG}),
    ("post", "/api/tables/{id}/actions", {"token": "TOKEN", "action": UNICODE}),
    ("post", "/api/tables/{id}/actions", {"token": "TOKEN", "action": "0:lead " + UNICODE}),
    ("post", "/api/tables/{id}/actions", {"token": "TOKEN", "action": ["0:think_jack"]}),
    ("post", "/api/tables/{id}/actions", {"token": "TOKEN", "action": "0:think_jack", "confirm": 10**30}),
    ("post", "/api/tables/{id}/actions", {"token": UNICODE, "action": "0:think_jack"}),
    ("post", "/api/tables/{id}/actions", {"token": 12345678, "action": "0:think_jack"}),
    ("post", "/api/tables/{id}/handover", {"token": "TOKEN", "seat": 10**20}),
    ("post", "/api/tables/{id}/handover", {"token": "TOKEN", "seat": -1}),
    ("post", "/api/tables/{id}/handover", {"token": "TOKEN", "seat": 0, "level": LONG}),
    ("post", "/api/tables/{id}/handover", {"token": "TOKEN", "seat": 0, "level": UNICODE}),
    ("post", "/api/tables/{id}/join", {"name": LONG}),
    ("post", "/api/tables/{id}/join", {"name": 12}),
    ("get", "/api/tables/{id}?log=1000000000", None),
    ("get", "/api/tables/{id}?log=-1", None),
    ("get", "/api/tables/{id}?lang=" + quote(UNICODE), None),
    ("get", "/api/tables/{id}/replay?at=100000000000000000000", None),
    ("get", "/api/tables/{id}/replay?seat=1000000000", None),
    ("get", "/api/tables/{id}/replay?at=-5", None),
    ("get", "/api/tables/" + LONG, None),
    ("get", "/api/tables/" + quote(UNICODE), None),
    ("get", "/api/tables/%00", None),
])
def test_bad_input_is_a_4xx_never_a_server_error(client: TestClient, method: str, path: str,
                                                 payload: Any) -> None:
    table_id, (token, _) = table(client, "glory-to-rome", [{"kind": "human"}] * 2, seed=7)
    if isinstance(payload, dict) and payload.get("token") == "TOKEN":
        payload = {**payload, "token": token}
    url = path.replace("{id}", table_id)
    answer = (client.request(method.upper(), url, json=payload)
              if payload is not None else client.request(method.upper(), url))
    assert 400 <= answer.status_code < 500, answer.text
    detail = answer.json()["detail"]
    assert isinstance(detail, str) and detail and "\n" not in detail  # one line, 422 too
    assert client.get(f"/api/tables/{table_id}").json()["index"] == 0


def test_an_exotic_but_valid_name_is_kept_as_given_and_escaped_on_pages(client: TestClient) -> None:
    name = "Ἀλέξανδρος 🏛️ <b onclick=x>"
    table_id, _ = table(client, "glory-to-rome", [{"kind": "human", "name": name}, {"kind": "bot"}], seed=7)
    assert client.get(f"/api/tables/{table_id}").json()["seats"][0]["name"] == name
    page = client.get(f"/watch/{table_id}")
    assert page.status_code == 200
    assert "Ἀλέξανδρος 🏛️ &lt;b onclick=x&gt;" in page.text and "<b onclick=x>" not in page.text
