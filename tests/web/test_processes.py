"""More than one machine (issue 17, point 8): two ``ludus serve`` processes over one PostgreSQL
serve the same tables. A move made through one reaches the clients of the other (LISTEN/NOTIFY),
the two never apply two moves at one index, and when one dies the other plays its tables' bots on.
The servers of a test start at once on a new database: they migrate it at the same time."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import psutil
import psycopg
import pytest
from websockets.sync.client import ClientConnection, connect

import ludus
from ludus.core.record import GameRecord
from ludus.web.live import Hub, SeatSpec
from ludus.web.notify import Listener
from ludus.web.store import Store


def socket_url(server: Any, table: str, token: str | None = None) -> str:
    return str(server.url).replace("http", "ws",
                                   1) + f"/ws/tables/{table}" + (f"?token={token}" if token else "")


def push_after(socket: ClientConnection, index: int) -> dict[str, Any]:
    """The first push of a table whose index is past ``index``."""
    while True:
        pushed: dict[str, Any] = json.loads(socket.recv(timeout=30))
        assert "error" not in pushed, pushed
        if pushed["index"] > index:
            return pushed


def test_a_move_through_one_process_reaches_the_clients_of_the_other(postgres_url: str,
                                                                   start_servers: Callable[..., Any]) -> None:
    one, two = start_servers(postgres_url, 2)
    made = httpx.post(f"{one.url}/api/tables",
                      json={"game": "glory-to-rome", "players": 2, "seed": 3, "seats": [
        {"kind": "human"}, {"kind": "human"}]}).json()
    table, tokens = made["id"], [s["token"] for s in made["seats"]]
    with connect(socket_url(two, table, tokens[0])) as zero_at_two, connect(
            socket_url(two, table)) as watcher, \
            connect(socket_url(one, table, tokens[1])) as one_at_one:
        start = push_after(zero_at_two, -1)
        assert push_after(watcher, -1)["index"] == push_after(one_at_one, -1)["index"] == start["index"] == 0
        # Seat 1 leads through process one, over HTTP: seat 0's page at process two hears of it.
        seat_one = httpx.get(f"{one.url}/api/tables/{table}", params={"token": tokens[1]}).json()
        answer = httpx.post(f"{one.url}/api/tables/{table}/actions",
                            json={"token": tokens[1], "action": seat_one["legal_actions"][0]})
        assert answer.status_code == 200
        heard = push_after(zero_at_two, 0)
        assert heard["index"] == answer.json()["index"] == 1 and heard["seat"] == 0
        assert heard == httpx.get(f"{two.url}/api/tables/{table}", params={"token": tokens[0]}).json()
        assert heard["view"] == httpx.get(
            f"{one.url}/api/tables/{table}", params={"token": tokens[0]}).json()["view"]
        assert push_after(watcher, 0)["index"] == 1
        # Seat 0 answers over its WebSocket at process two: seat 1's socket at process one hears of it.
        assert heard["to_move"] == [0]
        zero_at_two.send(json.dumps({"action": heard["legal_actions"][0]}))
        answered = push_after(zero_at_two, 1)
        there = push_after(one_at_one, 0)
        while there["index"] < answered["index"]:
            there = push_after(one_at_one, there["index"])
        assert there["index"] == answered["index"] == 2 and there["seat"] == 1
        assert there == httpx.get(f"{one.url}/api/tables/{table}", params={"token": tokens[1]}).json()


def hammer(server: Any, table: str, token: str, seed: int, failures: list[BaseException]) -> int:
    """Play the token's seat through ``server`` as fast as it lets us until the game ends; how many
    of our moves it took. A 409 (the other process moved first) or 429 (slow down, on a read or a move)
    is expected."""
    rng, taken = random.Random(seed), 0
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            while True:
                read = client.get(f"/api/tables/{table}", params={"token": token})
                if read.status_code == 429:  # reads are limited per client address too
                    time.sleep(0.1)
                    continue
                state = read.json()
                if state["status"] != "playing":
                    return taken
                if not state["legal_actions"]:
                    time.sleep(0.005)
                    continue
                answer = client.post(f"/api/tables/{table}/actions",
                                     json={"token": token, "action": rng.choice(state["legal_actions"]),
                                           "confirm": True})
                if answer.status_code == 200:
                    taken += 1
                elif answer.status_code == 429:
                    time.sleep(0.1)
                else:
                    assert answer.status_code == 409, answer.text
    except BaseException as error:
        failures.append(error)
    return taken


def test_two_processes_hammered_with_moves_of_one_table_keep_one_gapless_log(
        postgres_url: str, start_servers: Callable[..., Any]) -> None:
    servers = start_servers(postgres_url, 2)
    # Hadrian's Wall: both seats choose at once. Each seat plays through both processes at the same time.
    made = httpx.post(f"{servers[0].url}/api/tables", json={"game": "hadrians-wall", "players": 2, "seed": 8,
                                                            "seats": [{"kind": "human"},
                                                                      {"kind": "human"}]}).json()
    table, tokens = made["id"], [s["token"] for s in made["seats"]]
    failures: list[BaseException] = []
    taken = [0] * 4
    workers = [threading.Thread(target=lambda w=w: taken.__setitem__(w, hammer(
        servers[w // 2], table, tokens[w % 2], w, failures))) for w in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
    assert not failures and not any(worker.is_alive() for worker in workers)

    store = Store(postgres_url)
    try:
        log = store.entries(table)
        assert [e.idx for e in log] == list(range(len(log)))
        assert sum(taken) <= len(log)  # the rest: forced moves the processes played
        records = [GameRecord.from_json(httpx.get(f"{s.url}/api/tables/{table}/record").json())
                   for s in servers]
        assert records[0].final_digest is not None
        assert records[0].final_digest == records[1].final_digest == ludus.replay(records[0]).digest()
        assert records[0].actions == records[1].actions == [e.notation for e in log]
    finally:
        store.dispose()


def test_when_a_process_dies_another_plays_the_bots_of_its_tables_on(postgres_url: str,
                                                                   start_server: Callable[..., Any]) -> None:
    one, two = start_server(postgres_url, "--bot-delay", "0.1"), start_server(postgres_url)
    made = httpx.post(f"{one.url}/api/tables",
                      json={"game": "fall-of-rome", "players": 2, "seed": 23, "seats": [
        {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]}).json()
    table = made["id"]
    store = Store(postgres_url)
    try:
        with connect(socket_url(two, table)) as watcher:  # a spectator at process two
            push_after(watcher, 5)  # process one's bots play; process two hears of it
            one.kill()
            at_kill = store.entries(table)
            assert store.table(table).status == "playing"  # type: ignore[union-attr]
            last = push_after(watcher, len(at_kill) - 1)
            while last["status"] == "playing":  # process two's watchdog sets the bots going again
                last = push_after(watcher, last["index"])
        log = store.entries(table)
        assert [e.idx for e in log] == list(range(len(log))) and log[: len(at_kill)] == at_kill
        record = GameRecord.from_json(httpx.get(f"{two.url}/api/tables/{table}/record").json())
        assert last["status"] == "finished" and record.actions == [e.notation for e in log]
        assert ludus.replay(record).digest() == record.final_digest
    finally:
        store.dispose()


@pytest.fixture
def listening(postgres_url: str) -> Iterator[tuple[Hub, Listener]]:
    store = Store(postgres_url)
    store.migrate()
    hub = Hub(store, channel="ludus_tables")
    listener = Listener(store, hub, "ludus_tables")
    listener.start()
    yield hub, listener
    listener.stop()
    hub.close()
    store.dispose()


def wait_for(check: Callable[[], bool], seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "it never happened"
        time.sleep(0.02)


def test_the_listener_connects_again_and_catches_up_what_it_missed(postgres_url: str,
                                                                  listening: tuple[Hub, Listener]) -> None:
    hub, listener = listening
    other = Hub(Store(postgres_url), channel="ludus_tables")  # another process
    try:
        table, _ = other.create("glory-to-rome", 2, {}, [SeatSpec("human"), SeatSpec("human")], seed=3)
        live = hub.get(table)
        other.act(table, 1, "think_draw")
        wait_for(lambda: live.index == 1)  # heard
        with psycopg.connect(other.store.engine.url.set(drivername="postgresql").render_as_string(False),
                             autocommit=True) as admin:
            killed = admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                   "WHERE query LIKE 'LISTEN%%' AND datname = current_database()").fetchall()
            assert killed == [(True,)]
            other.act(table, 0, "think_draw")  # said while nobody listens
            wait_for(lambda: listener.connections == 2)
            wait_for(lambda: live.index == 2)  # caught up from the log
            listens = admin.execute("SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'LISTEN%%' "
                                    "AND datname = current_database()").fetchone()
            assert listens == (1,)
        other.act(table, 1, "think_draw")
        wait_for(lambda: live.index == 3)  # heard on the new connection
        assert live.state.digest() == other.get(table).state.digest()
    finally:
        other.close()
        other.store.dispose()


def test_serve_with_two_workers_plays_one_table_through_both(postgres_url: str,
                                                             start_server: Callable[..., Any]) -> None:
    """``ludus serve --workers 2``: two processes on one port over PostgreSQL. Moves sent over HTTP
    (each request answered by either process) all reach a WebSocket held by one of them, in order."""
    server = start_server(postgres_url, "--workers", "2", "--bot-processes", "0")
    assert len(psutil.Process(server.process.pid).children()) >= 2  # the supervisor's worker processes
    made = httpx.post(f"{server.url}/api/tables", json={"game": "trajan", "players": 2, "seed": 8, "seats": [
        {"kind": "human"}, {"kind": "human"}]}).json()
    table, tokens = made["id"], [s["token"] for s in made["seats"]]
    dice = random.Random(8)
    with connect(socket_url(server, table)) as watcher:
        index = push_after(watcher, -1)["index"]
        for _ in range(20):
            seen = httpx.get(f"{server.url}/api/tables/{table}", params={"token": tokens[0]}).json()
            seat = seen["to_move"][0]
            mine = httpx.get(f"{server.url}/api/tables/{table}", params={"token": tokens[seat]}).json()
            if mine["index"] != seen["index"] or not mine["legal_actions"]:
                continue  # (the other process had not yet heard of the last move: ask again)
            answer = httpx.post(f"{server.url}/api/tables/{table}/actions",
                                json={"token": tokens[seat], "action": dice.choice(mine["legal_actions"])})
            assert answer.status_code in (200, 409), answer.text  # 409: asked a process one move behind
            if answer.status_code == 200:
                index = push_after(watcher, index)["index"]
                assert index == answer.json()["index"]
    assert index >= 10


def test_serve_refuses_several_workers_without_postgresql(tmp_path: Path) -> None:
    """SQLite cannot tell other processes of a move: ``--workers 2`` on it is refused in one line."""
    done = subprocess.run([sys.executable, "-m", "ludus", "serve", "--workers", "2", "--db",
                           f"sqlite:///{tmp_path / 'one.db'}"], capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and "needs PostgreSQL" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
