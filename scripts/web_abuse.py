"""What a stranger can do to ``ludus serve``, measured from outside on the loopback (a script, not a test).

Three runs, each against a real server started for it (SQLite in a temporary directory):

- ``flood``: one client posts the lobby's new-table form as fast as it can (``--count`` times):
  how many tables were opened, how many refused (429), and the server's memory after it;
- ``bots``: ``--tables`` tables of bots only at ``--level`` (default ``hard``) play on while a
  person plays one table against a bot of that level over the WebSocket: how long each of that
  bot's moves took to come, from the change before it (the bots' pause, ``--bot-delay``, included);
  the issue's target is the pause + 1 s at the 95th percentile;
- ``restart``: a database with ``--tables`` unfinished tables of people (and 30 with bots) left by a
  server; how long a server started on it takes to answer its first request and the lobby.

Each prints one JSON object. For example::

    .venv/bin/python scripts/web_abuse.py flood --count 2000
    .venv/bin/python scripts/web_abuse.py bots --tables 30 --level hard --seconds 120
    .venv/bin/python scripts/web_abuse.py restart --tables 2000
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets
from web_load import percentile, server

from ludus.web.store import SeatRow, Store, TableRow, now

GAMES = ["glory-to-rome", "trajan", "hadrians-wall"]
"""The games of the bot-only tables, in turn (2 players each)."""


def flood(db: str, folder: Path, count: int) -> dict[str, Any]:
    """Post the lobby's form ``count`` times from one client."""
    limits = ["--tables-per-minute", "6", "--table-burst", "20"]
    with server(db, 4, folder / "server.log", *limits) as (url, proc):
        answers: dict[int, int] = {}
        start = time.monotonic()
        with httpx.Client(base_url=url, timeout=60) as client:
            for _ in range(count):
                form = {"game": "glory-to-rome", "players": "2", "seat0": "human", "seat1": "human"}
                code = client.post("/tables", data=form).status_code
                answers[code] = answers.get(code, 0) + 1
        seconds = time.monotonic() - start
        return {"run": "flood", "posted": count, "seconds": round(seconds, 1), "answers": answers,
                "tables_opened": len(Store(db).tables(limit=100_000)),
                "server_rss_mb": round(proc.memory_info().rss / 2**20, 1)}


async def person(url: str, table_id: str, token: str, seconds: float, rng: random.Random) -> list[float]:
    """Play the table's person's seat for ``seconds``; the time each move of the other seat took to come."""
    waits: list[float] = []
    address = url.replace("http://", "ws://") + f"/ws/tables/{table_id}?token={token}"
    deadline = time.monotonic() + seconds
    async with websockets.connect(address, max_size=None, open_timeout=60, ping_interval=None) as ws:
        last_change, last_index, mine = time.monotonic(), -1, True
        while time.monotonic() < deadline:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
            except (TimeoutError, websockets.ConnectionClosed):
                break
            if "error" in message:
                continue
            at = time.monotonic()
            if message["index"] != last_index:
                if not mine and last_index >= 0:  # the bot moved: from the change before to its push
                    waits.append(at - last_change)
                last_change, last_index = at, message["index"]
                mine = message["seat"] in message["to_move"]
            if message["status"] != "playing":
                break
            if message["legal_actions"] and mine:
                await ws.send(json.dumps({"action": rng.choice(message["legal_actions"]), "confirm": True}))
    return waits


def bots(db: str, folder: Path, tables: int, level: str, seconds: float, delay: float,
         processes: int | None) -> dict[str, Any]:
    """``tables`` bot-only tables and one person's table, all at ``level``."""
    extra = ["--bot-delay", str(delay)] + ([] if processes is None else ["--bot-processes", str(processes)])
    with server(db, 4, folder / "server.log", *extra) as (url, proc):
        with httpx.Client(base_url=url, timeout=60) as client:
            for n in range(tables):
                made = client.post("/api/tables", json={"game": GAMES[n % len(GAMES)], "players": 2,
                                                        "seats": [{"kind": "bot", "level": level}] * 2})
                made.raise_for_status()
            time.sleep(5)  # the flood is under way
            seats = [{"kind": "human"}, {"kind": "bot", "level": level}]
            mine = client.post("/api/tables", json={"game": "glory-to-rome", "players": 2, "seed": 1,
                                                    "seats": seats}).json()
        waits = asyncio.run(person(url, mine["id"], mine["seats"][0]["token"], seconds, random.Random(1)))
        cpu = proc.cpu_times()
        return {"run": "bots", "bot_only_tables": tables, "level": level, "bot_delay": delay,
                "bot_processes": processes, "bot_moves_timed": len(waits),
                "wait_p50_s": round(percentile(waits, 0.5), 2),
                "wait_p95_s": round(percentile(waits, 0.95), 2),
                "wait_max_s": round(max(waits, default=float("nan")), 2),
                "target_s": delay + 1.0, "server_cpu_s": round(cpu.user + cpu.system, 1)}


def unfinished(store: Store, count: int, kind: str) -> None:
    """``count`` unfinished 2-player Glory to Rome tables of ``kind`` seats, written to the database."""
    at = now()
    ids = [f"{kind}{n:06d}" for n in range(count)]
    with store.session() as session:
        session.add_all(TableRow(id=i, game="glory-to-rome", players=2, options="{}", seed=n, version="1",
                                 status="playing", listed=False, created=at, updated=at)
                        for n, i in enumerate(ids))
        session.flush()
        session.add_all(SeatRow(table_id=i, seat=p, kind=kind, level="random" if kind == "bot" else None,
                                name="", joined=True) for i in ids for p in range(2))


def restart(db: str, folder: Path, tables: int) -> dict[str, Any]:
    """A server started over ``tables`` unfinished people's tables and 30 bot tables (and, to compare,
    one started over an empty database)."""
    start = time.monotonic()
    with server(f"sqlite:///{folder / 'empty.db'}", 4, folder / "empty.log"):
        empty = time.monotonic() - start
    store = Store(db)
    store.migrate()
    unfinished(store, tables, "human")
    unfinished(store, 30, "bot")
    store.dispose()
    start = time.monotonic()
    with server(db, 4, folder / "server.log") as (url, _proc):
        first = time.monotonic() - start
        lobby_start = time.monotonic()
        assert httpx.get(f"{url}/", timeout=60).status_code == 200
        lobby = time.monotonic() - lobby_start
        return {"run": "restart", "unfinished_tables": tables + 30, "first_answer_s": round(first, 2),
                "empty_database_first_answer_s": round(empty, 2), "lobby_s": round(lobby, 3)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("run", choices=["flood", "bots", "restart"])
    parser.add_argument("--count", type=int, default=2000, help="flood: forms posted (default 2000)")
    parser.add_argument("--tables", type=int, default=None,
                        help="bots: bot-only tables (default 30); restart: people's tables (default 2000)")
    parser.add_argument("--level", default="hard", help="bots: the bots' level (default hard)")
    parser.add_argument("--seconds", type=float, default=120.0, help="bots: how long the person plays")
    parser.add_argument("--bot-delay", type=float, default=0.6, help="bots: the bots' pause (default 0.6)")
    parser.add_argument("--bot-processes", type=int, default=None,
                        help="bots: the server's --bot-processes (default: the server's own default)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="ludus-abuse-") as tmp:
        folder = Path(tmp)
        db = f"sqlite:///{folder / 'web.db'}"
        if args.run == "flood":
            result = flood(db, folder, args.count)
        elif args.run == "bots":
            result = bots(db, folder, args.tables or 30, args.level, args.seconds, args.bot_delay,
                          args.bot_processes)
        else:
            result = restart(db, folder, args.tables or 2000)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
