"""A seat is never offered what the server plays for it (issue 40, point 1), over the real application.

A client plays whole games of the four games through the JSON API, taking only actions that
the payloads it was sent offer (the answer to its last action, or a fresh ``GET``), and no
action is ever refused. Before the fix the answer to a move offered the move the server was
about to play itself (Fall of Rome's ``invade``, a forced ``legions 0``), and sending it got 409.

Bound, so that ``make test`` stays quick: one seed per table, the smallest player count of each
game, and at most :data:`MOVES` of the client's actions per game (a game still going then is
checked as far as it went). Tables: every seat a person, the client playing all of them (any
seat's offered action, its out-of-turn ones included); the two solo games; and Fall of Rome with
a person and a bot (the table of the report: the person's invasion steps).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludus.web.app import Settings, create_app
from web.sockets import receive

MOVES = 300
"""The most actions the client takes in one game."""


@pytest.fixture
def unlimited(tmp_path: Path) -> Iterator[TestClient]:
    """The application over a fresh SQLite database, with no rate limit to slow a fast client."""
    settings = Settings(db=f"sqlite:///{tmp_path / 'web.db'}", actions_per_second=1e6, action_burst=1_000_000,
                        reads_per_second=1e6, read_burst=1_000_000)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def opened(client: TestClient, game: str, seats: list[dict[str, Any]], seed: int) -> tuple[str, list[str]]:
    """Open a table; its id and the tokens of its people's seats, in seat order."""
    body = {"game": game, "players": len(seats), "seats": seats, "seed": seed}
    made = client.post("/api/tables", json=body)
    assert made.status_code == 201, made.text
    return made.json()["id"], [s["token"] for s in made.json()["seats"]]


def seen(client: TestClient, table_id: str, token: str) -> dict[str, Any]:
    """``GET /api/tables/{id}`` as the token's seat."""
    answer = client.get(f"/api/tables/{table_id}", params={"token": token, "log": 0})
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def play(client: TestClient, table_id: str, token: str, action: str) -> dict[str, Any]:
    """Send an offered action; it must be taken. The answer: the table as the seat now sees it."""
    body = {"token": token, "action": action, "confirm": True}
    answer = client.post(f"/api/tables/{table_id}/actions", json=body)
    assert answer.status_code == 200, f"{action} was offered, then refused: {answer.text}"
    data: dict[str, Any] = answer.json()
    assert not data["server_moving"], "the answer came before the server's own moves"
    return data


@pytest.mark.parametrize(("game", "players"), [("glory-to-rome", 2), ("trajan", 2), ("fall-of-rome", 2),
                                               ("hadrians-wall", 2), ("fall-of-rome", 1),
                                               ("hadrians-wall", 1)])
def test_people_play_whole_games_taking_only_what_they_were_offered(unlimited: TestClient, game: str,
                                                                    players: int) -> None:
    table_id, tokens = opened(unlimited, game, [{"kind": "human"}] * players, seed=3)
    rng = random.Random(f"{game}{players}")
    known = {seat: seen(unlimited, table_id, token) for seat, token in enumerate(tokens)}
    taken = 0
    while taken < MOVES and known[0]["status"] == "playing":
        options = [(seat, action) for seat, data in known.items() for action in data["legal_actions"]]
        assert options, f"nobody is offered anything in a game in play: {known[0]['to_move']}"
        movers = [(seat, action) for seat, action in options if seat in known[seat]["to_move"]]
        seat, action = rng.choice(movers if movers and rng.random() < 0.9 else options)
        answer = play(unlimited, table_id, tokens[seat], action)
        known = {other: answer if other == seat else seen(unlimited, table_id, token)
                 for other, token in enumerate(tokens)}
        taken += 1
    assert taken == MOVES or known[0]["status"] == "finished"


def test_a_person_and_a_bot_play_fall_of_rome_through_its_invasions(unlimited: TestClient) -> None:
    """The person acts on its turns only, on the answer to its last move or on a push. A bot's
    optional reaction is never waited for (DESIGN.md), so it may come between an offer and the
    person's answer: a refusal is allowed only when the bot acted in between, never otherwise."""
    seats = [{"kind": "human"}, {"kind": "bot", "level": "greedy"}]
    table_id, (token,) = opened(unlimited, "fall-of-rome", seats, seed=2)
    live = unlimited.app.state.hub.get(table_id)  # type: ignore[attr-defined]
    rng = random.Random(2)
    invasions = taken = 0
    with unlimited.websocket_connect(f"/ws/tables/{table_id}?token={token}") as socket:
        data = seen(unlimited, table_id, token)
        while taken < MOVES and data["status"] == "playing":
            if not (data["legal_actions"] and 0 in data["to_move"]):
                pushed = receive(socket)
                if pushed["index"] >= data["index"]:  # (a push made before the last answer is old news)
                    data = pushed
                continue
            action = rng.choice(data["legal_actions"])
            body = {"token": token, "action": action, "confirm": True}
            answer = unlimited.post(f"/api/tables/{table_id}/actions", json=body)
            if answer.status_code != 200:
                with live.lock:
                    since = live.played[data["played"]:]
                assert since and all(move.startswith("1:") for move in since), answer.text
                data = seen(unlimited, table_id, token)
                continue
            data = answer.json()
            assert not data["server_moving"]
            invasions += action == "0:invade"
            taken += 1
    assert taken == MOVES or data["status"] == "finished"
    assert invasions, "the person never had an invasion step to play"
