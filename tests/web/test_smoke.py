"""The web platform end to end in one process: open a table, play, watch, over HTTP and WebSocket."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_a_table_is_played_over_http_and_websocket(client: TestClient) -> None:
    made = client.post("/api/tables", json={"game": "glory-to-rome", "players": 2, "seed": 7})
    assert made.status_code == 201
    table, token = made.json()["id"], made.json()["seats"][0]["token"]
    seen = client.get(f"/api/tables/{table}", params={"token": token, "lang": "pl"}).json()
    assert seen["status"] == "playing" and seen["seat"] == 0 and seen["to_move"] == [0]
    first = seen["legal_actions"][0]
    after = client.post(f"/api/tables/{table}/actions", json={"token": token, "action": first}).json()
    assert after["index"] >= 1 and after["played"] >= 1
    spectator = client.get(f"/api/tables/{table}").json()
    assert spectator["seat"] is None and spectator["legal_actions"] == []
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as socket:
        # the bot may move while the socket opens: a position may be pushed twice (the first render
        # and the news of that move), and the seat's turn may come a push later
        pushed = socket.receive_json()
        for _ in range(20):
            if pushed["legal_actions"]:
                break
            pushed = socket.receive_json()
        assert pushed["index"] == client.get(f"/api/tables/{table}", params={"token": token}).json()["index"]
        socket.send_json({"action": pushed["legal_actions"][0]})
        answered = socket.receive_json()
        for _ in range(20):
            if answered["index"] > pushed["index"]:
                break
            assert "error" not in answered, answered
            answered = socket.receive_json()
        assert answered["index"] > pushed["index"]
    page = client.get(f"/play/{table}/{token}")
    assert page.status_code == 200 and 'id="live"' in page.text and "<svg" in page.text
