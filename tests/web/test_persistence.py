"""Nothing lost (issue 17, point 6), on SQLite and on a real PostgreSQL: the migrations build the
models' schema, the unique (table, index) key lets exactly one writer have an index, and a
server killed with SIGKILL in the middle of games continues them from the log."""

from __future__ import annotations

import json
import random
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from fastapi.encoders import jsonable_encoder
from sqlalchemy import event, select, text
from sqlalchemy.exc import IntegrityError
from websockets.sync.client import connect

import ludus
from ludus.core.errors import IllegalActionError, LudusError
from ludus.core.record import GameRecord
from ludus.core.registry import configure
from ludus.web.live import Hub, Live, SeatSpec
from ludus.web.migrations import LOCK, config
from ludus.web.store import Base, Conflict, Entry, Store, TableRow, now

Told = dict[str, list[tuple[int, int | None, dict[str, Any]]]]
"""Per table: (index, seat, view) of every payload a client was sent."""


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    opened = Store(db_url)
    opened.migrate()
    yield opened
    opened.dispose()


def people(n: int) -> list[SeatSpec]:
    return [SeatSpec("human") for _ in range(n)]


def gapless(entries: list[Entry]) -> bool:
    return [e.idx for e in entries] == list(range(len(entries)))


# --- the schema ---------------------------------------------------------------------------------
def test_the_migrations_build_exactly_the_models_schema_and_upgrading_again_is_harmless(db_url: str) -> None:
    opened = Store(db_url)
    try:
        opened.migrate()
        with opened.engine.connect() as connection:
            differences = compare_metadata(
                MigrationContext.configure(connection, opts={"compare_type": True}),
                Base.metadata)
        assert differences == []
        hub = Hub(opened)
        table, _ = hub.create("trajan", 2, {}, people(2), seed=1)
        hub.close()
        opened.migrate()  # a second start: nothing to do, nothing lost
        head = ScriptDirectory.from_config(config()).get_current_head()
        with opened.engine.connect() as connection:
            assert connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all() == [
                head]
            assert connection.execute(select(TableRow.id)).scalars().all() == [table]
    finally:
        opened.dispose()


def test_a_database_of_before_accounts_upgrades_in_place_with_its_games(db_url: str) -> None:
    """Issue 38: a database made by the schema of before accounts (revision 0002) with a game in it
    upgrades to the newest schema in place: the game plays on, casual, its seats guests', and an account
    can then claim one of them."""
    from ludus.web import accounts
    from ludus.web.migrations import upgrade

    opened = Store(db_url)
    try:
        upgrade(opened.engine, "0002")
        with opened.engine.begin() as connection:
            assert "rated" not in {c["name"] for c in _columns(connection, "tables")}
            at = now()
            connection.execute(text(
                "INSERT INTO tables (id, game, players, options, seed, version, status, listed, created, "
                "updated) VALUES ('old', 'glory-to-rome', 2, '{}', 7, :v, 'playing', false, :at, :at)"),
                {"v": ludus.__version__, "at": at})
            for seat in (0, 1):
                connection.execute(text(
                    "INSERT INTO seats (table_id, seat, kind, name, joined) VALUES ('old', :s, 'human', "
                    "'Ann', true)"), {"s": seat})
        opened.migrate()
        assert [s.account_id for s in opened.seats("old")] == [None, None]
        row = opened.table("old")
        assert row is not None and row.rated is False
        hub = Hub(opened)
        try:
            live = hub.get("old")
            seat = live.state.to_move()[0]
            hub.act("old", seat, live.state.legal_actions(seat)[0])
            person = accounts.register(opened, "Ann", "a long password")
            accounts.claim_seat(opened, "old", 0, person)
        finally:
            hub.close()
        assert [s.account_id for s in opened.seats("old")] == [person.id, None]
        assert len(opened.entries("old")) == 1
        with opened.engine.begin() as connection:  # and back: the downgrade loses no game either
            command.downgrade(config(connection), "0002")
        opened.migrate()
        assert len(opened.seats("old")) == 2 and len(opened.entries("old")) == 1
    finally:
        opened.dispose()


def _columns(connection: Any, table: str) -> list[dict[str, Any]]:
    from sqlalchemy import inspect

    return list(inspect(connection).get_columns(table))


def test_a_server_starting_while_another_migrates_waits_for_it(db_url: str) -> None:
    """Servers started at once over a new database (machines booted together) migrate it one after the
    other."""
    first, second = Store(db_url), Store(db_url)
    failures: list[BaseException] = []

    def start() -> None:
        try:
            second.migrate()
        except BaseException as error:
            failures.append(error)

    try:
        with first.engine.connect() as connection:
            transaction = connection.begin()
            if first.is_postgres:  # what upgrade() does, left uncommitted: a migration under way
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK})
            else:
                connection.exec_driver_sql("BEGIN IMMEDIATE")
            command.upgrade(config(connection), "head")
            starting = threading.Thread(target=start)
            starting.start()
            starting.join(1.0)
            assert starting.is_alive() and not failures  # it waits...
            if first.is_postgres:
                assert connection.execute(text("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' "
                                               "AND NOT granted")).scalar() == 1
            transaction.commit()
        starting.join(30)
        assert not starting.is_alive() and not failures  # ... and finds the schema made
        head = ScriptDirectory.from_config(config()).get_current_head()
        with second.engine.connect() as connection:
            assert connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all() == [
                head]
    finally:
        first.dispose()
        second.dispose()


# --- one writer per index --------------------------------------------------------------------------
def test_two_writers_of_one_index_exactly_one_wins_and_the_log_has_no_gap(db_url: str, store: Store) -> None:
    opener = Hub(store)
    table, _ = opener.create("glory-to-rome", 2, {}, people(2), seed=3)
    opener.close()
    other = Store(db_url)  # another process: its own engine and connections
    barrier = threading.Barrier(2)
    wins: list[list[int]] = [[], []]

    def write(who: int, writer: Store) -> None:
        for idx in range(12):
            barrier.wait(timeout=30)
            try:
                writer.append(table, Entry(idx, who, "act", f"{who}:think_draw", now()))
                wins[who].append(idx)
            except Conflict:
                pass

    threads = [threading.Thread(target=write, args=(who, writer))
               for who, writer in enumerate((store, other))]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
    finally:
        other.dispose()
    entries = store.entries(table)
    assert gapless(entries) and len(entries) == 12
    assert sorted(wins[0] + wins[1]) == list(range(12))  # every index: exactly one winner
    assert all(entries[i].seat == 0 for i in wins[0]) and all(entries[i].seat == 1 for i in wins[1])


def test_an_entry_of_no_table_is_an_error_not_a_conflict_to_retry(store: Store) -> None:
    with pytest.raises(IntegrityError) as raised:
        store.append("no-such-table", Entry(0, 0, "act", "0:think_draw", now()))
    assert not isinstance(raised.value, Conflict) and store.entries("no-such-table") == []


def race(loser: Hub, move: Callable[[], object]) -> list[str]:
    """Have ``move`` (the winner's) commit just before ``loser``'s next write of the log (the
    loser has judged its move on a position that is no longer the table's); the log statements
    the loser then sent."""
    seen: list[str] = []

    def before(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip().upper().startswith("INSERT INTO MOVES"):
            seen.append(statement)
            if len(seen) == 1:
                move()

    event.listen(loser.store.engine, "before_cursor_execute", before)
    return seen


def test_the_loser_of_an_index_catches_up_and_judges_its_move_again(db_url: str, store: Store) -> None:
    mine, theirs = Hub(store), Hub(Store(db_url))
    try:
        # Hadrian's Wall: both seats choose at once. Seat 1's move stays legal after seat 0's.
        table, _ = mine.create("hadrians-wall", 2, {}, people(2), seed=5)
        theirs.get(table)
        inserts = race(theirs, lambda: mine.act(table, 0, "path engineer"))
        theirs.act(table, 1, "path fighter")
        assert len(inserts) == 2  # index 0 was taken: the second try wrote index 1
        log = store.entries(table)
        assert gapless(log) and [(e.seat, e.notation) for e in log] == [(0, "0:path engineer"),
                                                                        (1, "1:path fighter")]
        mine.catch_up(table)
        assert mine.get(table).state.digest() == theirs.get(table).state.digest()

        # Glory to Rome: seat 1 leads. The same seat through both: the second move is no longer legal.
        table, _ = mine.create("glory-to-rome", 2, {}, people(2), seed=3)
        theirs.get(table)
        race(theirs, lambda: mine.act(table, 1, "think_draw"))
        with pytest.raises(IllegalActionError):
            theirs.act(table, 1, "lead legionary school")
        assert [e.notation for e in store.entries(table)] == ["1:think_draw"]
        assert theirs.get(table).index == 1 and theirs.get(table).state.digest() == mine.get(
            table).state.digest()
    finally:
        mine.close()
        theirs.close()
        theirs.store.dispose()


def test_two_hubs_hammering_one_table_never_write_two_moves_at_one_index(db_url: str, store: Store) -> None:
    hubs = [Hub(store), Hub(Store(db_url))]
    table, _ = hubs[0].create("hadrians-wall", 2, {}, people(2), seed=8)
    applied: list[str] = []
    failures: list[BaseException] = []

    def play(worker: int) -> None:  # each seat through each hub: four players at once
        hub, seat = hubs[worker // 2], worker % 2
        live, rng = hub.get(table), random.Random(worker)
        try:
            while live.status == "playing":
                hub.catch_up(table)
                with live.lock:
                    actions = live.state.legal_actions(seat) if live.status == "playing" else []
                if not actions:
                    time.sleep(0.002)
                    continue
                notation = rng.choice(actions).notation()
                try:
                    hub.act(table, seat, notation)
                    applied.append(notation)
                except LudusError:  # the table moved meanwhile: judged again and refused
                    pass
        except BaseException as error:
            failures.append(error)

    threads = [threading.Thread(target=play, args=(worker,)) for worker in range(4)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        assert not failures and not any(thread.is_alive() for thread in threads)
        log = store.entries(table)
        assert gapless(log)
        # Every move a player was told was played is in the log once; the rest of the log are
        # the forced moves the hubs' workers played (a seat with one choice left).
        assert not Counter(applied) - Counter(e.notation for e in log)
        game = configure("hadrians-wall", 2, {})
        state, forced = game.new_state(8), 0
        for entry in log:
            action = game.parse_action(state, entry.notation)
            forced += state.forced(entry.seat) == action
            state.apply(action)
        assert len(log) - forced <= len(applied) <= len(log)
        for hub in hubs:
            hub.catch_up(table)
        assert hubs[0].get(table).status == "finished" == store.table(table).status  # type: ignore[union-attr]
        assert state.digest() == hubs[0].get(table).state.digest() == hubs[1].get(table).state.digest()
        assert ludus.replay(hubs[1].get(table).record()).digest() == state.digest()
    finally:
        for hub in hubs:
            hub.close()
        hubs[1].store.dispose()


# --- SIGKILL and restart ------------------------------------------------------------------------------
BOT_TABLES = [("glory-to-rome", 2, 21), ("trajan", 2, 22), ("fall-of-rome", 2, 23), ("hadrians-wall", 2, 24)]


class Client:
    """The test's players: every payload a server sends them is kept in ``told``."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.http = httpx.Client(base_url=base, timeout=30)
        self.told: Told = {}
        self.rng = random.Random(17)

    def tell(self, table: str, payload: dict[str, Any]) -> dict[str, Any]:
        assert "error" not in payload, payload
        self.told.setdefault(table, []).append((payload["index"], payload["seat"], payload["view"]))
        return payload

    def get(self, table: str, token: str | None = None) -> dict[str, Any]:
        answer = self.http.get(f"/api/tables/{table}", params={"token": token} if token else {})
        assert answer.status_code == 200, answer.text
        return self.tell(table, answer.json())

    def move(self, table: str, token: str) -> bool:
        """One legal move of the token's seat (chosen by a seeded dice) over HTTP; False when
        the seat had nothing to do or the server played its forced move first."""
        seen = self.get(table, token)
        if not seen["legal_actions"]:  # the server played a forced move meanwhile: another seat's turn
            return False
        answer = self.http.post(f"/api/tables/{table}/actions",
                                json={"token": token, "action": self.rng.choice(seen["legal_actions"])})
        if answer.status_code == 409 and len(seen["legal_actions"]) == 1:
            return False
        assert answer.status_code == 200, answer.text
        self.tell(table, answer.json())
        return True

    def play_people(self, table: str, tokens: list[str], moves: int) -> int:
        """``moves`` moves at a table of people only, each by a seat to move; how many were made."""
        made = 0
        for _ in range(3 * moves):
            state = self.get(table)
            if made == moves or state["status"] != "playing":
                break
            made += self.move(table, tokens[state["to_move"][0]])
        return made

    def play_socket(self, table: str, token: str, moves: int, *, last_in_flight: bool = False) -> int:
        """Play ``moves`` moves of the token's seat over the WebSocket (its opponents are bots);
        with ``last_in_flight`` the last one is sent without waiting for its answer. Returns the
        moves sent, less those refused because the server played the seat's forced move first."""
        url = self.base.replace("http", "ws", 1) + f"/ws/tables/{table}?token={token}"
        sent = 0

        def receive() -> dict[str, Any]:
            nonlocal sent
            while True:
                message: dict[str, Any] = json.loads(socket.recv(timeout=30))
                if "error" not in message:
                    return self.tell(table, message)
                assert message["status"] == 409, message  # our move came second to a forced one
                sent -= 1

        with connect(url, open_timeout=30) as socket:
            latest = receive()
            while sent < moves and latest["status"] == "playing":
                if not (latest["legal_actions"] and latest["seat"] in latest["to_move"]):
                    latest = receive()
                    continue
                socket.send(json.dumps({"action": self.rng.choice(latest["legal_actions"])}))
                sent += 1
                if last_in_flight and sent == moves:
                    break
                before = latest["index"]
                while latest["index"] <= before:  # the push of the table after the move
                    latest = receive()
        return sent

    def wait(self, table: str, until: Callable[[dict[str, Any]], bool],
             seconds: float = 90) -> dict[str, Any]:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            state = self.get(table)
            if until(state):
                return state
            time.sleep(0.05)
        raise AssertionError(f"table {table} never got there: {self.get(table)['index']}")


def choices(store: Store, table: str, seat: int | None = None) -> tuple[int, int]:
    """(entries that were a choice, entries that were forced moves) of the table's log, all
    seats' or ``seat``'s: the server plays forced moves itself, so a person's moves are all of
    the first and some of the second."""
    row = store.table(table)
    assert row is not None
    game = configure(row.game, row.players, row.option_values())
    state, chosen, forced = game.new_state(row.seed), 0, 0
    for entry in store.entries(table):
        action = game.parse_action(state, entry.notation)
        if seat is None or entry.seat == seat:
            if state.forced(entry.seat) == action:
                forced += 1
            else:
                chosen += 1
        state.apply(action)
    return chosen, forced


def check_told(store: Store, table: str, told: Told) -> list[Entry]:
    """The table's log is gapless, and every payload a client was told is the log's position at
    its index, as that seat sees it. Returns the log."""
    entries = store.entries(table)
    assert gapless(entries)
    row, seats = store.table(table), store.seats(table)
    assert row is not None
    game = configure(row.game, row.players, row.option_values())
    live = Live.start(row, seats, game)
    by_index: dict[int, list[tuple[int | None, dict[str, Any]]]] = {}
    for index, seat, view in told.get(table, []):
        by_index.setdefault(index, []).append((seat, view))
    assert max(by_index, default=0) <= len(entries), "a client was told of an entry the log does not have"
    for entry in [None, *entries]:
        if entry is not None:
            live.replay(entry)
        for seat, view in by_index.get(live.index, []):
            assert jsonable_encoder(live.state.view(seat)) == view
    return entries


def test_a_server_killed_mid_game_continues_every_table_with_nothing_lost(
        db_url: str, start_server: Callable[..., Any]) -> None:
    # Bots wait 0.1 s before each move so their games (93 to 378 entries) are under way when the
    # server is killed; the server started again moves them at once.
    first = start_server(db_url, "--bot-delay", "0.1", "--bot-tables", "10")
    players = Client(first.url)
    made = players.http.post("/api/tables", json={"game": "trajan", "players": 2, "seed": 31,
                                                  "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    duel, duel_tokens = made["id"], [s["token"] for s in made["seats"]]
    made = players.http.post("/api/tables",
                             json={"game": "glory-to-rome", "players": 2, "seed": 32, "seats": [
        {"kind": "human"}, {"kind": "bot", "level": "random"}]}).json()
    solo, solo_token = made["id"], made["seats"][0]["token"]
    moved = players.play_people(duel, duel_tokens, 14)
    sent = players.play_socket(solo, solo_token, 6)
    assert moved == 14 and sent >= 5
    bots: list[str] = []
    for game, count, seed in BOT_TABLES:
        answer = players.http.post("/api/tables", json={"game": game, "players": count, "seed": seed,
                                                        "seats": [{"kind": "bot", "level": "random"}]
                                                        * count})
        bots.append(answer.json()["id"])
    for table in bots:
        players.wait(table, lambda state: state["index"] >= 8)
    players.play_socket(solo, solo_token, 1, last_in_flight=True)
    first.kill()

    store = Store(db_url)
    try:
        at_kill = {table: check_told(store, table, players.told) for table in [*bots, duel, solo]}
        assert all(store.table(table).status == "playing" for table in bots)  # type: ignore[union-attr]
        chosen, forced = choices(store, duel)
        assert chosen <= moved <= chosen + forced  # every move answered is there, once
        chosen, forced = choices(store, solo, 0)
        assert chosen <= sent + 1 and sent <= chosen + forced  # the one in flight: once or not at all
        assert any(e.seat == 1 for e in at_kill[solo])  # its bot moved too

        second = start_server(db_url)
        players.http.close()
        players.http = httpx.Client(base_url=second.url, timeout=30)
        players.base = second.url
        assert players.get(duel, duel_tokens[0])["index"] >= len(at_kill[duel])  # (and a forced move it owed)
        assert players.play_people(duel, duel_tokens, 4) == 4
        assert players.play_socket(solo, solo_token, 2) >= 1  # the page reconnects and plays on
        for token in [*duel_tokens, solo_token]:  # then the people leave: bots finish their games
            table = duel if token in duel_tokens else solo
            seat = players.get(table, token)["seat"]
            assert players.http.post(f"/api/tables/{table}/handover",
                                     json={"token": token, "seat": seat,
                                           "level": "random"}).status_code == 200
        for table in [*bots, duel, solo]:
            players.wait(table, lambda state: state["status"] != "playing")
            entries = check_told(store, table, players.told)
            assert entries[: len(at_kill[table])] == at_kill[table]  # restored, not rewritten
            record = GameRecord.from_json(players.http.get(f"/api/tables/{table}/record").json())
            assert len(record.actions) == len(entries)
            assert store.table(table).status == "finished"  # type: ignore[union-attr]
            assert ludus.replay(record).digest() == record.final_digest
            again = Hub(store)  # a replay of the log in this process
            try:
                assert again.get(table).state.digest() == record.final_digest
            finally:
                again.close()
    finally:
        players.http.close()
        store.dispose()


@pytest.mark.slow
def test_soak_a_server_killed_again_and_again_finishes_every_game(db_url: str,
                                                                  start_server: Callable[..., Any]) -> None:
    """``make soak``: eight bot tables, the server killed five times at seeded moments of their games."""
    dice = random.Random(5)
    server = start_server(db_url, "--bot-delay", "0.02", "--bot-tables", "100")
    players = Client(server.url)
    tables = []
    for n in range(8):
        game, count, _seed = BOT_TABLES[n % len(BOT_TABLES)]
        answer = players.http.post("/api/tables", json={"game": game, "players": count, "seed": 100 + n,
                                                        "seats": [{"kind": "bot", "level": "random"}]
                                                        * count})
        tables.append(answer.json()["id"])
    store = Store(db_url)
    try:
        for _ in range(5):
            table = dice.choice(tables)
            goal = players.get(table)["index"] + dice.randint(1, 30)
            players.wait(table,
                         lambda state, goal=goal: state["index"] >= goal or state["status"] != "playing")
            server.kill()
            for table in tables:
                check_told(store, table, players.told)
            server = start_server(db_url, "--bot-delay", "0.02", "--bot-tables", "100")
            players.http.close()
            players.http = httpx.Client(base_url=server.url, timeout=30)
        for table in tables:
            players.wait(table, lambda state: state["status"] != "playing", seconds=300)
            entries = check_told(store, table, players.told)
            record = GameRecord.from_json(players.http.get(f"/api/tables/{table}/record").json())
            assert record.actions == [e.notation for e in entries]
            assert ludus.replay(record).digest() == record.final_digest
    finally:
        players.http.close()
        store.dispose()
