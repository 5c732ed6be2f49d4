"""What a stranger can spend (issue 35, points 1, 3 and 6): tables opened per client, bot-only tables per
client, the time per move, idle tables stopped, and a restart that answers before it has loaded its tables.

Bounded in traffic and time: a few dozen requests, a fresh SQLite database each; nothing is timed.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from ludus.web.app import Settings, create_app
from ludus.web.live import Hub
from ludus.web.store import SeatRow, Store, TableRow, now
from ludus.web.upkeep import forget, stop_idle
from web.sockets import WAIT

PEOPLE = [{"kind": "human"}, {"kind": "human"}]
BOTS = [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]


def app_client(url: str, address: str = "10.0.0.1", **settings: Any) -> TestClient:
    """A client of a fresh application (not yet started) whose requests come from ``address``."""
    return TestClient(create_app(Settings(db=url, **settings)), client=(address, 40000))


def form(game: str = "glory-to-rome", players: int = 2, **more: str) -> dict[str, str]:
    """The lobby's new-table form: ``players`` people's seats."""
    fields = {"game": game, "players": str(players)} | {f"seat{p}": "human" for p in range(players)}
    return fields | more


def tables_in(client: TestClient) -> int:
    return len(client.app.state.store.tables(limit=10_000))  # type: ignore[attr-defined]


def test_the_lobby_form_stops_a_flood_of_tables_and_other_clients_still_open_theirs(sqlite_url: str) -> None:
    """The form (``POST /tables``) takes a burst of ``table_burst`` tables from one address, then
    answers 429 with a one-line page and opens nothing; another address is not held back."""
    with app_client(sqlite_url, table_burst=5, tables_per_minute=1) as flooder:
        answers = [flooder.post("/tables", data=form()).status_code for _ in range(12)]
        assert answers == [200] * 5 + [429] * 7
        refused = flooder.post("/tables", data=form())
        assert "too many tables opened" in refused.text and "Traceback" not in refused.text
        assert tables_in(flooder) == 5
        other = TestClient(flooder.app, client=("10.0.0.2", 40000))
        assert other.post("/tables", data=form()).status_code == 200
        assert tables_in(flooder) == 6


def test_the_api_shares_the_limit_of_the_form(sqlite_url: str) -> None:
    """``POST /api/tables`` and the form draw on one bucket per address; a refusal is ``{"detail"}``."""
    with app_client(sqlite_url, table_burst=3, tables_per_minute=1) as client:
        body = {"game": "trajan", "players": 2, "seats": PEOPLE}
        assert client.post("/api/tables", json=body).status_code == 201
        assert client.post("/tables", data=form("trajan")).status_code == 200
        assert client.post("/api/tables", json=body).status_code == 201
        refused = client.post("/api/tables", json=body)
        assert refused.status_code == 429
        assert list(refused.json()) == ["detail"] and "\n" not in refused.json()["detail"]


def test_one_client_has_at_most_its_bot_only_tables_in_play(sqlite_url: str) -> None:
    """Tables whose every seat is a bot are capped per client while they are unfinished (429 in one
    line); a table with a person's seat is not counted; once one is over, another may be opened."""
    with app_client(sqlite_url, bot_tables=2, bot_delay=3600.0) as client:
        body = {"game": "hadrians-wall", "players": 2, "seats": BOTS}
        made = [client.post("/api/tables", json=body) for _ in range(3)]
        assert [m.status_code for m in made] == [201, 201, 429]
        assert "tables of bots only" in made[2].json()["detail"]
        assert client.post("/api/tables", json=body | {"seats": [PEOPLE[0], BOTS[0]]}).status_code == 201
        store: Store = client.app.state.store  # type: ignore[attr-defined]
        store.update_table(made[0].json()["id"], status="finished")
        assert client.post("/api/tables", json=body).status_code == 201
        other = TestClient(client.app, client=("10.0.0.9", 40000))
        assert other.post("/api/tables", json=body).status_code == 201


@pytest.mark.parametrize("minutes", ["0", "-1", "99999999999", "abc", "1.5", "20161"])
def test_a_time_per_move_out_of_range_is_refused_in_one_line(sqlite_url: str, minutes: str) -> None:
    """The form's time per move (here in minutes) must be a whole number from 1 minute to 14 days:
    anything else is a one-line error page (never a server error) and no table."""
    with app_client(sqlite_url) as client:
        refused = client.post("/tables", data=form(move_time=minutes, move_unit="minutes"))
        assert refused.status_code == 400, refused.text
        assert "time per move" in refused.text and "Traceback" not in refused.text
        assert tables_in(client) == 0
        assert client.post("/tables", data=form(move_time="20160", move_unit="minutes")).status_code == 200


@pytest.mark.parametrize("seconds", [0, -1, 9, 14 * 86400 + 1, 2**40])
def test_the_api_refuses_a_time_per_move_out_of_range(sqlite_url: str, seconds: int) -> None:
    with app_client(sqlite_url) as client:
        refused = client.post("/api/tables", json={"game": "trajan", "move_seconds": seconds})
        assert refused.status_code == 422 and tables_in(client) == 0


def test_a_table_nobody_moved_at_for_the_idle_time_is_stopped_and_its_record_stays(sqlite_url: str) -> None:
    """The watchdog stops a table nobody has moved at for ``idle_seconds`` (status ``stopped``): its
    page says the game is over, its full record can be read; a table moved at since is left alone."""
    with app_client(sqlite_url, idle_seconds=3600.0) as client:
        old, fresh = (client.post("/api/tables", json={"game": "glory-to-rome", "seats": PEOPLE}).json()
                      for _ in range(2))
        mover = client.get(f"/api/tables/{old['id']}").json()["to_move"][0]
        token = old["seats"][mover]["token"]
        moved = client.post(f"/api/tables/{old['id']}/actions", json={"token": token, "action": "think_draw"})
        assert moved.status_code == 200, moved.text
        hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
        store: Store = client.app.state.store  # type: ignore[attr-defined]
        with store.session() as session:
            session.execute(update(TableRow).where(TableRow.id == old["id"])
                            .values(updated=now() - timedelta(seconds=3601)))
        assert stop_idle(hub) == [old["id"]]
        assert stop_idle(hub) == []
        seen = client.get(f"/api/tables/{old['id']}", params={"token": token}).json()
        assert seen["status"] == "stopped" and seen["legal_actions"] == []
        record = client.get(f"/api/tables/{old['id']}/record").json()
        assert record["actions"] == [f"{mover}:think_draw"] and "seed" in record
        again = {"token": token, "action": "think_draw"}
        refused = client.post(f"/api/tables/{old['id']}/actions", json=again)
        assert refused.status_code == 409
        assert client.get(f"/api/tables/{fresh['id']}").json()["status"] == "playing"


def unfinished(store: Store, count: int, seats: list[dict[str, str]]) -> list[str]:
    """``count`` new unfinished Glory to Rome tables written straight to the database (no server)."""
    at = now()
    ids = [f"many{len(seats)}{n:05d}{seats[-1]['kind']}" for n in range(count)]
    with store.session() as session:
        session.add_all(TableRow(id=i, game="glory-to-rome", players=2, options="{}", seed=n, version="1",
                                 status="playing", listed=False, created=at, updated=at)
                        for n, i in enumerate(ids))
        session.flush()
        session.add_all(SeatRow(table_id=i, seat=p, kind=s["kind"], level=s.get("level"), name="",
                                joined=True) for i in ids for p, s in enumerate(seats))
    return ids


@pytest.fixture
def crowded(sqlite_url: str) -> Iterator[tuple[Store, list[str], list[str]]]:
    """A database left by a server with 2,000 unfinished tables of people and 3 with bots to move."""
    store = Store(sqlite_url)
    store.migrate()
    yield store, unfinished(store, 2000, PEOPLE), unfinished(store, 3, BOTS)
    store.dispose()


def test_a_restart_answers_before_loading_its_tables_and_restores_the_bots_behind(
    sqlite_url: str, crowded: tuple[Store, list[str], list[str]]
) -> None:
    """A server started over 2,000 unfinished tables loads none of the people's tables before it
    answers (each is loaded when first asked for) and sets the bot tables going in the background."""
    _store, people, bots = crowded
    with app_client(sqlite_url) as client:
        assert client.get("/api/games").status_code == 200
        hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
        assert not set(people) & set(hub.tables)
        for table_id in bots:  # the restore thread loads them and their bots play on
            moved = threading.Event()
            hub.listen(table_id, moved.set)
            live = hub.get(table_id)
            while live.index < 5 and live.status == "playing":
                assert moved.wait(WAIT), "the restored bots did not move"
                moved.clear()
        assert client.get(f"/api/tables/{people[7]}").json()["status"] == "playing"
        assert people[7] in hub.tables and not set(people[8:]) & set(hub.tables)


def test_a_table_waiting_for_people_leaves_memory_and_comes_back_the_same(sqlite_url: str) -> None:
    """An unfinished table waiting only for people may leave memory (the watchdog does it after a quiet
    while): asked for again, it is read back from the log at the same position."""
    with app_client(sqlite_url) as client:
        made = client.post("/api/tables", json={"game": "trajan", "seats": PEOPLE}).json()
        token = made["seats"][0]["token"]
        before = client.get(f"/api/tables/{made['id']}", params={"token": token}).json()
        hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
        assert forget(hub, hub.get(made["id"]))
        assert made["id"] not in hub.tables
        after = client.get(f"/api/tables/{made['id']}", params={"token": token}).json()
        assert after == before and made["id"] in hub.tables


def test_reading_requests_are_limited_per_client_and_static_files_are_not(sqlite_url: str) -> None:
    """GETs (pages, the API) of one address draw on a bucket of their own: past its burst, 429 in the
    one-line shape, in the reader's language; static files and other addresses are not held back."""
    with app_client(sqlite_url, reads_per_second=0.001, read_burst=3) as client:
        answers = [client.get("/api/games").status_code for _ in range(3)]
        refused = client.get("/", headers={"Accept-Language": "pl"})
        assert answers == [200] * 3 and refused.status_code == 429
        assert list(refused.json()) == ["detail"]
        assert refused.json()["detail"] != "too many requests: slow down"  # Polish
        assert refused.headers["x-frame-options"] == "DENY"
        assert client.get("/static/ludus.js").status_code == 200
        other = TestClient(client.app, client=("10.0.0.3", 40000))
        assert other.get("/api/games").status_code == 200
