"""The JSON API and the table WebSocket, endpoint by endpoint (in process, over a fresh SQLite).

Bots play at once (``bot_delay`` 0); a test that needs a finished game hands its person's
seat to a bot and waits for the WebSocket's pushes until the game is over, never sleeps.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

import ludus
from ludus.core.record import GameRecord
from ludus.web.app import Settings, create_app
from ludus.web.session import json_text
from web.sockets import receive


def until(socket: WebSocketTestSession, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Read the pushes of ``socket`` until one is ``wanted``; return it."""
    while True:
        pushed = receive(socket)
        if "error" not in pushed and wanted(pushed):
            return pushed


def table(client: TestClient, game: str, seats: list[dict[str, Any]], **more: Any) -> tuple[str, list[str]]:
    """Open a table; its id and the tokens of its people's seats, in seat order."""
    made = client.post("/api/tables", json={"game": game, "players": len(seats), "seats": seats, **more})
    assert made.status_code == 201, made.text
    return made.json()["id"], [s["token"] for s in made.json()["seats"]]


def state(client: TestClient, table_id: str, token: str | None = None, **params: Any) -> dict[str, Any]:
    """``GET /api/tables/{id}`` as the token's seat (None: a spectator)."""
    if token is not None:
        params["token"] = token
    answer = client.get(f"/api/tables/{table_id}", params=params)
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def digest(client: TestClient, table_id: str) -> tuple[int, str]:
    """The table's log index and state digest in the server (what must not change on a refusal)."""
    live = client.app.state.hub.get(table_id)  # type: ignore[attr-defined]
    with live.lock:
        return live.index, live.state.digest()


def finished(client: TestClient, **more: Any) -> tuple[str, str]:
    """A finished game of Hadrian's Wall (solo): its person hands the seat to a random bot,
    which plays it to the end. The table's id and the person's token."""
    table_id, (token,) = table(client, "hadrians-wall", [{"kind": "human"}], seed=11, **more)
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as socket:
        receive(socket)
        handed = client.post(f"/api/tables/{table_id}/handover",
                             json={"token": token, "seat": 0, "level": "random"})
        assert handed.status_code == 200, handed.text
        until(socket, lambda p: p["status"] != "playing")
    assert state(client, table_id)["status"] == "finished"
    return table_id, token


def one_line(answer: Any, status: int) -> str:
    """The one-line message of a refused request with ``status``."""
    assert answer.status_code == status, answer.text
    detail = answer.json()["detail"]
    assert isinstance(detail, str) and detail and "\n" not in detail
    return detail


# --- games and tables -------------------------------------------------------------------------
def test_the_games_are_listed_with_their_options_and_bot_levels(client: TestClient) -> None:
    listed = client.get("/api/games").json()
    assert {g["id"] for g in listed} == {info.id for info in ludus.games()}  # new_game.py may add one
    assert {"glory-to-rome", "trajan", "fall-of-rome", "hadrians-wall"} <= {g["id"] for g in listed}
    gtr = next(g for g in listed if g["id"] == "glory-to-rome")
    assert (gtr["min_players"], gtr["max_players"], gtr["cooperative"]) == (2, 5, False)
    assert "rules" in {o["name"] for o in gtr["options"]} and {"random", "greedy"} <= set(gtr["bot_levels"])
    assert client.get("/api/games", params={"lang": "xx"}).status_code == 422


def test_a_table_with_the_defaults_seats_a_person_and_greedy_bots(client: TestClient) -> None:
    made = client.post("/api/tables", json={"game": "glory-to-rome"})
    assert made.status_code == 201
    assert [s["seat"] for s in made.json()["seats"]] == [0]
    seen = state(client, made.json()["id"], made.json()["seats"][0]["token"])
    assert seen["players"] == 3 and seen["seat"] == 0 and seen["status"] == "playing"
    assert [(s["kind"], s["bot"]) for s in seen["seats"]] == [("human", None), ("bot", "greedy"),
                                                              ("bot", "greedy")]
    assert seen["options"]["rules"] == "new"


def test_a_table_with_explicit_seats_options_and_names(client: TestClient) -> None:
    table_id, tokens = table(client, "glory-to-rome",
                             [{"kind": "human", "name": "Livia"}, {"kind": "bot", "level": "random"},
                              {"kind": "human", "name": "Marcus"}], options={"rules": "classic"}, seed=5)
    assert len(tokens) == 2 and len(set(tokens)) == 2
    seen = state(client, table_id, tokens[1])
    assert seen["seat"] == 2 and seen["options"]["rules"] == "classic"
    assert [(s["name"], s["kind"], s["level"]) for s in seen["seats"]] == [
        ("Livia", "human", None), ("", "bot", "random"), ("Marcus", "human", None)]


@pytest.mark.parametrize(("body", "status", "words"), [
    ({"game": "chess"}, 400, "unknown game"),
    ({"game": "glory-to-rome", "options": {"rules": "weird"}}, 400, "rules"),
    ({"game": "glory-to-rome", "options": {"no_such_option": True}}, 400, "no_such_option"),
    ({"game": "glory-to-rome", "players": 7}, 400, "2–5 players"),
    ({"game": "glory-to-rome", "players": 3, "seats": [{"kind": "human"}, {"kind": "bot"}]}, 400, "seats"),
    ({"game": "trajan", "seats": [{"kind": "human"}, {"kind": "bot", "level": "godlike"}]}, 400, "godlike"),
])
def test_a_bad_table_is_refused_in_one_line(client: TestClient, body: dict[str, Any], status: int,
                                            words: str) -> None:
    assert words in one_line(client.post("/api/tables", json=body), status)
    assert client.get("/api/tables").json() == []


@pytest.mark.parametrize(("body", "words"), [
    ({"game": "glory-to-rome", "players": 9}, "players: should be less than or equal to 8"),
    ({"game": "glory-to-rome", "seats": [{"kind": "alien"}]}, "seats[0].kind: should be 'human' or 'bot'"),
    ({"game": "glory-to-rome", "seed": 2**70}, "seed: should be less than"),
    ({"game": "glory-to-rome", "move_seconds": 1}, "move_seconds: should be greater than or equal to 10"),
    ({"players": 2}, "game: required"),
    ([1, 2], "body: should be a JSON object"),
])
def test_an_invalid_table_request_is_422_in_one_line(client: TestClient, body: Any, words: str) -> None:
    """A request that does not fit the schema is refused like every other: ``{"detail": "one line"}``
    naming the field and the problem (not FastAPI's list of problems)."""
    assert one_line(client.post("/api/tables", json=body), 422).startswith(words)
    broken = client.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert one_line(broken, 422) == "body: not valid JSON"
    assert one_line(client.get("/api/tables/abc", params={"token": "short"}), 422) == (
        "token: should have at least 8 characters")


# --- reading a table -------------------------------------------------------------------------------
def test_a_seat_sees_its_view_and_its_actions_a_spectator_neither(client: TestClient) -> None:
    table_id, tokens = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "human"}], seed=7)
    mine = state(client, table_id, tokens[0])
    assert mine["seat"] == 0 and mine["to_move"] == [0] and mine["view"]["viewer"] == 0
    assert mine["legal_actions"] and all(a.startswith("0:") for a in mine["legal_actions"])
    assert set(mine["labels"]) == set(mine["legal_actions"])
    theirs = state(client, table_id, tokens[1])
    assert theirs["seat"] == 1 and theirs["legal_actions"] == [] and theirs["view"]["viewer"] == 1
    watcher = state(client, table_id)
    assert watcher["seat"] is None and watcher["legal_actions"] == [] and watcher["view"]["viewer"] is None
    assert watcher["can_undo"] is False


def test_the_log_holds_the_latest_lines_asked_for(client: TestClient) -> None:
    table_id, tokens = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "human"}], seed=5)
    for _ in range(4):
        mover = state(client, table_id)["to_move"][0]
        action = state(client, table_id, tokens[mover])["legal_actions"][0]
        client.post(f"/api/tables/{table_id}/actions", json={"token": tokens[mover], "action": action})
    full = state(client, table_id, tokens[0], log=1000)["log"]
    assert len(full) > 3 and all(line["text"] for line in full)
    assert state(client, table_id, tokens[0], log=3)["log"] == full[-3:]
    assert state(client, table_id, tokens[0], log=0)["log"] == []


def test_the_log_lines_kept_from_earlier_pushes_are_those_a_fresh_server_writes(
        client: TestClient, sqlite_url: str) -> None:
    # A table keeps the log's lines it has written; an undo, a new move and another language must
    # give what a server that never wrote them gives (it replays the table from the database).
    table_id, tokens = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "human"}], seed=5)
    mover = state(client, table_id)["to_move"][0]
    offered = state(client, table_id, tokens[mover])["legal_actions"]
    client.post(f"/api/tables/{table_id}/actions", json={"token": tokens[mover], "action": offered[0]})
    for lang in ("en", "pl"):
        assert state(client, table_id, tokens[mover], lang=lang, log=1000)["log"]
    assert client.post(f"/api/tables/{table_id}/undo", json={"token": tokens[mover]}).status_code == 200
    client.post(f"/api/tables/{table_id}/actions", json={"token": tokens[mover], "action": offered[-1]})
    with TestClient(create_app(Settings(db=sqlite_url))) as fresh:
        for lang in ("en", "pl"):
            for token in (tokens[0], tokens[1], None):
                assert (state(client, table_id, token, lang=lang, log=1000)["log"]
                        == state(fresh, table_id, token, lang=lang, log=1000)["log"])


@pytest.mark.parametrize("game", ["glory-to-rome", "trajan", "fall-of-rome", "hadrians-wall"])
def test_a_push_is_written_as_the_standard_library_writes_it(client: TestClient, game: str) -> None:
    # pushes are written by orjson: the same text as json.dumps (compact, UTF-8), Polish included
    table_id, tokens = table(client, game, [{"kind": "human"}, {"kind": "human"}], seed=3)
    for token in (tokens[0], None):
        data = state(client, table_id, token, lang="pl")
        assert json_text(data) == json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    huge = {"seed": 1 << 70, "name": "Łódź"}  # beyond orjson's integers: the standard library writes it
    assert json.loads(json_text(huge)) == huge


def test_a_table_speaks_the_asked_language(client: TestClient) -> None:
    table_id, (token,) = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "bot"}], seed=7)
    english = state(client, table_id, token, lang="en")
    polish = state(client, table_id, token, lang="pl")
    assert set(polish["labels"]) == set(english["labels"]) and polish["labels"] != english["labels"]
    browser = client.get(f"/api/tables/{table_id}", params={"token": token},
                         headers={"Accept-Language": "pl-PL,pl;q=0.9,en;q=0.5"}).json()
    assert browser["labels"] == polish["labels"]
    assert client.get(f"/api/tables/{table_id}", params={"token": token, "lang": "tlh"}).status_code == 422
    # refusals speak it too
    english_error = one_line(client.get("/api/tables/nosuchtable"), 404)
    polish_error = one_line(client.get("/api/tables/nosuchtable", params={"lang": "pl"}), 404)
    assert polish_error != english_error
    assert one_line(client.get("/api/tables/nosuchtable", headers={"Accept-Language": "pl"}),
                    404) == polish_error


def test_an_unknown_table_is_404(client: TestClient) -> None:
    for path in ("", "/record", "/replay"):
        assert "nosuchtable" in one_line(client.get(f"/api/tables/nosuchtable{path}"), 404)
    assert one_line(client.post("/api/tables/nosuchtable/join", json={}), 404)


# --- actions -----------------------------------------------------------------------------------
def test_a_legal_action_moves_the_table_and_the_seat_prefix_may_be_left_out(client: TestClient) -> None:
    table_id, tokens = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "human"}], seed=7)
    first = state(client, table_id, tokens[0])
    action = first["legal_actions"][0]
    after = client.post(f"/api/tables/{table_id}/actions", json={"token": tokens[0], "action": action})
    assert after.status_code == 200
    assert after.json()["index"] == first["index"] + 1 and after.json()["played"] == 1
    assert after.json()["seat"] == 0 and after.json()["log"]
    mover = after.json()["to_move"][0]
    nxt = state(client, table_id, tokens[mover])["legal_actions"][0]
    bare = nxt.partition(":")[2]
    again = client.post(f"/api/tables/{table_id}/actions", json={"token": tokens[mover], "action": bare})
    assert again.status_code == 200 and again.json()["played"] >= 2


def test_an_illegal_action_is_409_and_changes_nothing(client: TestClient) -> None:
    table_id, tokens = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "human"}], seed=7)
    before = digest(client, table_id)
    for wrong in ("lead craftsman temple_of_nowhere", "0:lead craftsman statue", "0:lead"):
        assert "illegal" in one_line(client.post(f"/api/tables/{table_id}/actions",
                                                 json={"token": tokens[0], "action": wrong}), 409)
    not_yours = client.post(f"/api/tables/{table_id}/actions",
                            json={"token": tokens[1],
                                  "action": state(client, table_id, tokens[0])["legal_actions"][0]})
    assert one_line(not_yours, 409)
    out_of_turn = client.post(f"/api/tables/{table_id}/actions",
                              json={"token": tokens[1], "action": "1:think_jack"})
    assert one_line(out_of_turn, 409)
    assert digest(client, table_id) == before


@pytest.mark.parametrize(("body", "status"), [
    ({"action": "0:lead"}, 422),                              # no token
    ({"token": "short", "action": "0:lead"}, 422),            # not a token at all
    ({"token": "TOKEN", "action": ""}, 422),
    ({"token": "TOKEN", "action": "x" * 201}, 422),
    ({"token": "TOKEN", "action": 42}, 422),
    ({"token": "TOKEN", "action": "0:"}, 400),                # not notation
    ({"token": "TOKEN", "action": "0:0"}, 400),
    ({"token": "TOKEN", "action": "0:lead craftsman", "confirm": "maybe"}, 422),
])
def test_a_malformed_action_is_refused_and_changes_nothing(client: TestClient, body: dict[str, Any],
                                                           status: int) -> None:
    table_id, (token, _) = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "human"}], seed=7)
    before = digest(client, table_id)
    sent = {k: (token if v == "TOKEN" else v) for k, v in body.items()}
    answer = client.post(f"/api/tables/{table_id}/actions", json=sent)
    assert answer.status_code == status, answer.text
    assert digest(client, table_id) == before
    broken = client.post(f"/api/tables/{table_id}/actions", content=b"{not json",
                         headers={"content-type": "application/json"})
    assert broken.status_code in (400, 422) and digest(client, table_id) == before


def test_a_move_that_loses_at_once_waits_for_its_confirmation(client: TestClient) -> None:
    table_id, tokens = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "human"}], seed=7,
                             options={"concession": True})
    before = digest(client, table_id)
    asked = client.post(f"/api/tables/{table_id}/actions", json={"token": tokens[0], "action": "0:concede 1"})
    assert "confirm" in one_line(asked, 409) and asked.json()["confirm"] is True
    assert digest(client, table_id) == before
    with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}") as socket:
        receive(socket)
        socket.send_json({"action": "0:concede 1"})
        assert receive(socket)["confirm"] is True
        socket.send_json({"action": "0:concede 1", "confirm": True})
        over = until(socket, lambda p: p["status"] != "playing")
    assert over["outcome"] is not None and over["legal_actions"] == []
    assert state(client, table_id, tokens[1])["status"] == "finished"


# --- undo, hand-over, return ------------------------------------------------------------------------
def test_undo_takes_back_ones_own_latest_action_and_only_that(client: TestClient) -> None:
    table_id, tokens = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "human"}], seed=5)
    start = state(client, table_id, tokens[0])
    assert one_line(client.post(f"/api/tables/{table_id}/undo", json={"token": tokens[0]}), 409)
    moved = client.post(f"/api/tables/{table_id}/actions",
                        json={"token": tokens[0], "action": start["legal_actions"][0]})
    assert moved.json()["can_undo"] is True
    # not seat 1's action
    assert one_line(client.post(f"/api/tables/{table_id}/undo", json={"token": tokens[1]}), 409)
    back = client.post(f"/api/tables/{table_id}/undo", json={"token": tokens[0]})
    assert back.status_code == 200
    assert back.json()["played"] == 0 and back.json()["index"] == start["index"] + 2  # the undo is logged too
    assert back.json()["view"] == start["view"] and back.json()["legal_actions"] == start["legal_actions"]
    assert one_line(client.post(f"/api/tables/{table_id}/undo", json={"token": tokens[0]}), 409)


def test_a_seat_hands_itself_to_a_bot_and_returns(client: TestClient) -> None:
    table_id, (token,) = table(client, "glory-to-rome",
                               [{"kind": "human"}, {"kind": "bot", "level": "random"}], seed=3)
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as socket:
        receive(socket)
        handed = client.post(f"/api/tables/{table_id}/handover",
                             json={"token": token, "seat": 0, "level": "random"})
        assert handed.status_code == 200 and handed.json()["seats"][0]["bot"] == "random"
        until(socket, lambda p: p["played"] >= 4)  # the bot plays the seat
        back = client.post(f"/api/tables/{table_id}/return", json={"token": token})
        assert back.status_code == 200 and back.json()["seats"][0]["bot"] is None
    assert one_line(client.post(f"/api/tables/{table_id}/handover",
                                json={"token": token, "seat": 0, "level": "godlike"}), 400)
    # a bot's
    assert one_line(client.post(f"/api/tables/{table_id}/handover", json={"token": token, "seat": 1}), 409)
    assert one_line(client.post(f"/api/tables/{table_id}/handover", json={"token": token, "seat": 5}), 409)


def test_a_late_seat_is_handed_to_a_bot_by_another_seat(client: TestClient) -> None:
    table_id, tokens = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "human"}], seed=7,
                             move_seconds=60)
    assert state(client, table_id, tokens[1])["deadline"] is not None
    ask = {"token": tokens[1], "seat": 0}
    assert "time" in one_line(client.post(f"/api/tables/{table_id}/handover", json=ask), 409)
    live = client.app.state.hub.tables[table_id]  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[1]}") as socket:
        receive(socket)
        with live.lock:
            live.since -= timedelta(seconds=61)  # seat 0 has been thinking for longer than its minute
        handed = client.post(f"/api/tables/{table_id}/handover", json=ask)
        assert handed.status_code == 200 and handed.json()["seats"][0]["bot"] == "greedy"
        until(socket, lambda p: p["played"] >= 1)  # the greedy bot moved for seat 0
    assert one_line(client.post(f"/api/tables/{table_id}/handover", json={"token": tokens[0], "seat": 1}),
                    409)


# --- the lobby: join, rematch ------------------------------------------------------------------------
def test_a_listed_table_is_joined_seat_by_seat(client: TestClient) -> None:
    table_id, tokens = table(client, "trajan", [{"kind": "human"}, {"kind": "human"}], seed=2, listed=True)
    hidden_id, _ = table(client, "trajan", [{"kind": "human"}, {"kind": "human"}], seed=2)
    lobby = client.get("/api/tables").json()
    assert [(t["id"], t["open_seats"]) for t in lobby] == [(table_id, [0, 1])]
    state(client, table_id, tokens[0])  # the creator uses the invitation of seat 0
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Plinius"})
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    newcomer = state(client, table_id, joined.json()["token"])
    assert newcomer["seat"] == 1 and newcomer["seats"][1]["name"] == "Plinius"
    # the old invitation
    assert client.get(f"/api/tables/{table_id}", params={"token": tokens[1]}).status_code == 403
    assert "taken" in one_line(client.post(f"/api/tables/{table_id}/join", json={}), 409)
    assert one_line(client.post(f"/api/tables/{hidden_id}/join", json={}), 409)
    assert client.get("/api/tables").json()[0]["open_seats"] == []


def test_a_finished_table_is_rematched_with_the_same_invitations(client: TestClient) -> None:
    table_id, token = finished(client)
    first = client.post(f"/api/tables/{table_id}/rematch", json={"token": token})
    assert first.status_code == 200 and first.json()["seats"] == [{"seat": 0, "token": token}]
    new_id = first.json()["id"]
    assert new_id != table_id
    assert client.post(f"/api/tables/{table_id}/rematch", json={"token": token}).json()["id"] == new_id
    assert state(client, table_id)["rematch"] == new_id
    again = state(client, new_id, token)
    assert again["seat"] == 0 and again["status"] == "playing" and again["played"] == 0
    assert again["seats"][0]["bot"] is None and again["legal_actions"]  # the person plays it again
    played = client.post(f"/api/tables/{new_id}/actions",
                         json={"token": token, "action": again["legal_actions"][0]})
    assert played.status_code == 200
    assert "not over" in one_line(client.post(f"/api/tables/{new_id}/rematch", json={"token": token}), 409)


# --- record and replay ------------------------------------------------------------------------------------
def test_the_record_of_a_finished_game_replays(client: TestClient) -> None:
    table_id, _ = finished(client)
    data = client.get(f"/api/tables/{table_id}/record").json()
    record = GameRecord.from_json(data)
    assert record.game == "hadrians-wall" and record.actions and record.final_digest
    final = ludus.replay(record)
    assert final.is_terminal() and final.digest() == digest(client, table_id)[1]


def test_the_record_of_a_game_in_play_has_no_seed_and_no_actions(client: TestClient) -> None:
    table_id, tokens = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "human"}], seed=7)
    action = state(client, table_id, tokens[0])["legal_actions"][0]
    client.post(f"/api/tables/{table_id}/actions", json={"token": tokens[0], "action": action})
    data = client.get(f"/api/tables/{table_id}/record").json()
    assert data["finished"] is False and data["played"] == 1 and data["game"] == "glory-to-rome"
    assert "seed" not in data and "actions" not in data and "7" not in json.dumps(data["options"])


def test_the_replay_shows_any_seat_after_the_game_only_the_spectator_during_it(client: TestClient) -> None:
    playing_id, tokens = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "human"}], seed=7)
    action = state(client, playing_id, tokens[0])["legal_actions"][0]
    client.post(f"/api/tables/{playing_id}/actions", json={"token": tokens[0], "action": action})
    watcher = client.get(f"/api/tables/{playing_id}/replay", params={"at": 1}).json()
    assert watcher["total"] == 1 and watcher["seat"] is None and watcher["view"]["viewer"] is None
    assert "spectator" in one_line(
        client.get(f"/api/tables/{playing_id}/replay", params={"at": 1, "seat": 0}), 403)
    table_id, _ = finished(client)
    total = client.get(f"/api/tables/{table_id}/replay").json()["total"]
    start = client.get(f"/api/tables/{table_id}/replay", params={"at": 0, "seat": 0}).json()
    middle = client.get(f"/api/tables/{table_id}/replay", params={"at": total // 2, "seat": 0}).json()
    end = client.get(f"/api/tables/{table_id}/replay", params={"at": 100_000, "seat": 0}).json()
    assert start["at"] == 0 and middle["at"] == total // 2 and end["at"] == total
    assert start["view"] != middle["view"] != end["view"] and end["view"]["player"] == 0
    assert one_line(client.get(f"/api/tables/{table_id}/replay", params={"seat": 3}), 403)


# --- the WebSocket ----------------------------------------------------------------------------------------
def test_the_websocket_pushes_every_change_and_takes_actions_and_undo(client: TestClient) -> None:
    table_id, tokens = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "human"}], seed=5)
    with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}&lang=pl") as mine, \
            client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        first = receive(mine)
        assert first == state(client, table_id, tokens[0], lang="pl") and receive(watcher)["seat"] is None
        mine.send_json({"action": first["legal_actions"][0]})
        moved = until(mine, lambda p: p["index"] == first["index"] + 1)
        assert moved["can_undo"]
        assert until(watcher, lambda p: p["index"] == moved["index"])["legal_actions"] == []
        mine.send_json({"undo": True})
        back = until(mine, lambda p: p["index"] == moved["index"] + 1)
        assert back["played"] == 0 and back["legal_actions"] == first["legal_actions"]
        # a change made over HTTP is pushed too
        client.post(f"/api/tables/{table_id}/actions",
                    json={"token": tokens[0], "action": first["legal_actions"][-1]})
        assert until(mine, lambda p: p["index"] == back["index"] + 1)["played"] == 1
        assert until(watcher, lambda p: p["index"] == back["index"] + 1)["played"] == 1


def test_the_websocket_answers_errors_as_json(client: TestClient) -> None:
    table_id, tokens = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "human"}], seed=5)
    with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[1]}") as theirs, \
            client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        pushed = receive(theirs)
        receive(watcher)
        theirs.send_json({"action": "1:think_jack"})
        refused = receive(theirs)
        assert refused["status"] == 409 and refused["confirm"] is False and refused["error"]
        theirs.send_json({"action": "1:"})
        assert receive(theirs)["status"] == 400
        theirs.send_json({"undo": True})
        assert receive(theirs)["status"] == 409
        for junk in ({"action": 5}, {"hello": "world"}, {"action": "x" * 500}, [1, 2]):
            theirs.send_json(junk)
            assert "error" in receive(theirs)
        theirs.send_text("not json at all")
        assert "JSON" in receive(theirs)["error"]
        theirs.send_bytes(b"\xff\xfe")
        assert "JSON" in receive(theirs)["error"]
        watcher.send_json({"action": "0:think_jack"})
        assert "spectator" in receive(watcher)["error"]
    assert digest(client, table_id)[0] == pushed["index"]
