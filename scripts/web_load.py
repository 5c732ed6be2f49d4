"""Load benchmark of ``ludus serve`` on the loopback (a script, not a test).

It starts a real server (``python -m ludus serve``, bots moving at once), opens ``--tables``
tables over HTTP, each with bots and one person's seat (``--people 2``: two), and connects a
simulated person to every person's seat over the table's WebSocket; the person answers every
turn at once with a random legal action (``confirm`` set). For ``--seconds`` it measures:

- actions/s: every entry committed to the log (bots, forced moves and people) per second;
- the latency of a person's move: from sending the action over the WebSocket to the push
  that carries the new index (p50, p95, max), timed for the moves made while the seat was the
  only one to move (when seats decide at once, a new index may be another seat's move);
- the server's CPU, its worker and bot processes included (user + system time over the wall
  time, 100 % = one core) and its
  peak resident memory (psutil, sampled every 0.2 s); with ``--postgres`` the CPU of the
  PostgreSQL processes too; the client's own CPU, since they all share the machine; and the whole
  machine's (every process and the kernel: what is left for the servers).

SQLite (the default: a fresh file in a temporary directory) or ``--db URL``; ``--postgres``
starts a scratch PostgreSQL cluster (Debian's binaries in /usr/lib/postgresql/*/bin, run as
the ``postgres`` user when started by root) for the run and removes it afterwards::

    .venv/bin/python scripts/web_load.py                     # SQLite, 100 tables, 60 s
    .venv/bin/python scripts/web_load.py --postgres          # the same on PostgreSQL
    .venv/bin/python scripts/web_load.py --db postgresql+psycopg://user@host/db --tables 50
"""

from __future__ import annotations

import argparse
import asyncio
import glob
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psutil
import websockets

MIX = {"glory-to-rome": 3, "trajan": 2, "fall-of-rome": 2, "hadrians-wall": 2}
"""The games of the tables, in turn, with their player counts (seat 0 a person, the rest bots)."""


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


# --- a scratch PostgreSQL ------------------------------------------------------------------------------
@contextmanager
def scratch_postgres() -> Iterator[tuple[str, int]]:
    """A PostgreSQL cluster in a temporary directory for the run; yields its SQLAlchemy URL and
    the postmaster's pid."""
    bins = sorted(glob.glob("/usr/lib/postgresql/*/bin"))
    if not bins:
        raise SystemExit("no PostgreSQL binaries in /usr/lib/postgresql/*/bin (apt-get install postgresql)")
    bin_dir = Path(bins[-1])
    folder = Path(tempfile.mkdtemp(prefix="ludus-load-pg-"))
    data, port = folder / "data", free_port()
    as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    if as_postgres:
        shutil.chown(folder, "postgres", "postgres")
    run = lambda *cmd: subprocess.run([*as_postgres, *cmd], check=True, capture_output=True)  # noqa: E731
    run(str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
    run(str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-w", "start", "-o",
        f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c max_connections=200")
    try:
        run(str(bin_dir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "ludus")
        postmaster = int((data / "postmaster.pid").read_text().split()[0])
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/ludus", postmaster
    finally:
        subprocess.run([*as_postgres, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"],
                       capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


# --- the server ---------------------------------------------------------------------------------------------
@contextmanager
def server(db: str, bot_threads: int, log: Path, *extra: str) -> Iterator[tuple[str, psutil.Process]]:
    """``ludus serve`` on a free port of the loopback (with the flags ``extra``); yields its URL and its
    process."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "ludus", "serve", "--port", str(port), "--db", db, "--bot-delay", "0",
         "--bot-threads", str(bot_threads), "--log-level", "warning",
         # capacity, not the limits a stranger meets: every table may be opened at once
         "--tables-per-minute", "1000000", "--table-burst", "100000", "--bot-tables", "100000",
         "--reads-per-second", "100000", *extra],
        stdout=log.open("ab"), stderr=subprocess.STDOUT, env=dict(os.environ, PYTHONUNBUFFERED="1"))
    url = f"http://127.0.0.1:{port}"
    try:
        end = time.monotonic() + 60
        while time.monotonic() < end and process.poll() is None:
            try:
                if httpx.get(f"{url}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        else:
            raise SystemExit(f"the server did not start:\n{log.read_text()[-3000:]}")
        yield url, psutil.Process(process.pid)
    finally:
        process.terminate()
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()


def cpu_seconds(root: psutil.Process | None) -> dict[int, float]:
    """CPU seconds (user + system) so far of ``root`` and each of its children, by pid."""
    out: dict[int, float] = {}
    if root is None:
        return out
    for proc in [root, *root.children(recursive=True)]:
        try:
            times = proc.cpu_times()
            out[proc.pid] = times.user + times.system
        except psutil.Error:
            continue
    return out


class Sampler(threading.Thread):
    """Samples the peak resident memory of a process every ``every`` seconds."""

    def __init__(self, process: psutil.Process, every: float = 0.2) -> None:
        super().__init__(daemon=True)
        self.process, self.every = process, every
        self.peak = 0
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.is_set():
            try:
                self.peak = max(self.peak, self.process.memory_info().rss)
            except psutil.Error:
                return
            self.stopped.wait(self.every)


# --- the simulated people -----------------------------------------------------------------------------------
@dataclass
class Counts:
    """What the simulated people saw."""

    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    refused: int = 0
    limited: int = 0
    pushes: int = 0
    finished: int = 0


async def person(url: str, table_id: str, token: str, rng: random.Random, deadline: float,
                 counts: Counts) -> None:
    """Play seat ``token`` of ``table_id`` until the game ends or the deadline: every push that
    gives the seat something to decide is answered at once."""
    address = url.replace("http://", "ws://") + f"/ws/tables/{table_id}?token={token}"
    async with websockets.connect(address, max_size=None, open_timeout=60, ping_interval=None) as ws:
        # the move in flight: timed?, sent when, at which index
        pending: tuple[bool, float, int] | None = None
        latest: dict[str, Any] | None = None
        retry_at: float | None = None  # a refused move: decide again then, if no push came first
        while True:
            now = time.monotonic()
            if now >= deadline:
                return
            wait = min(deadline, retry_at if retry_at is not None else deadline) - now
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), max(wait, 0.0)))
            except TimeoutError:
                message = None  # time to decide again from the latest push
            except websockets.ConnectionClosed:
                return
            if message is not None and "error" in message:
                # over the rate limit, or the table moved meanwhile (its push is usually on the way)
                counts.limited += message.get("status") == 429
                counts.refused += message.get("status") != 429
                if os.environ.get("LOAD_DEBUG"):
                    print(table_id, message, file=sys.stderr)
                pending, retry_at = None, time.monotonic() + (0.3 if message.get("status") == 429 else 1.0)
                continue
            retry_at = None  # a push came, or the time to decide again
            if message is not None:
                counts.pushes += 1
                latest = message
                if pending is not None and message["index"] > pending[2]:
                    if pending[0]:
                        counts.latencies.append(time.monotonic() - pending[1])
                    pending = None
                if message["status"] != "playing":
                    counts.finished += 1
                    return
            if pending is None and latest is not None and latest["legal_actions"]:
                await ws.send(json.dumps({"action": rng.choice(latest["legal_actions"]), "confirm": True}))
                alone = latest["to_move"] == [latest["seat"]]  # then the next index is surely this move
                pending = (alone, time.monotonic(), latest["index"])
                counts.moves += 1


async def open_tables(url: str, count: int, level: str, seed: int,
                      people: int = 1) -> list[tuple[str, list[str], str]]:
    """Open ``count`` tables with ``people`` people's seats each (the others bots), waiting out the
    server's rate limit on creation: (id, the people's tokens, game)."""
    games = list(MIX)
    out: list[tuple[str, list[str], str]] = []
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        while len(out) < count:
            game = games[len(out) % len(games)]
            players = max(MIX[game], people)
            seats = [{"kind": "human"}] * people + [{"kind": "bot", "level": level}] * (players - people)
            body = {"game": game, "players": players, "seed": seed + len(out), "seats": seats}
            made = await client.post("/api/tables", json=body)
            if made.status_code == 429:
                await asyncio.sleep(0.2)
                continue
            made.raise_for_status()
            out.append((made.json()["id"], [s["token"] for s in made.json()["seats"]], game))
    return out


async def committed(url: str, tables: list[tuple[str, list[str], str]]) -> tuple[int, int]:
    """Entries in the logs of ``tables`` and how many of them are over."""
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        answers = await asyncio.gather(
            *(client.get(f"/api/tables/{t}", params={"log": 0}) for t, _, _ in tables))
    states = [a.json() for a in answers]
    return sum(s["index"] for s in states), sum(s["status"] != "playing" for s in states)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))] if ordered else float("nan")


async def bench(url: str, process: psutil.Process, database: psutil.Process | None,
                args: argparse.Namespace) -> dict[str, Any]:
    """Open the tables, let the people play for ``args.seconds``, measure."""
    tables = await open_tables(url, args.tables, args.level, args.seed, args.people)
    print(f"server pid {process.pid} on {url}: {len(tables)} tables open, playing for {args.seconds:g} s",
          file=sys.stderr, flush=True)
    counts = Counts()
    sampler = Sampler(process)
    sampler.start()
    me = psutil.Process()
    load_before = os.getloadavg()[0]
    server_cpu, client_cpu, db_cpu = cpu_seconds(process), me.cpu_times(), cpu_seconds(database)
    machine = psutil.cpu_times()
    start = time.monotonic()
    deadline = start + args.seconds
    people = [person(url, t, token, random.Random(args.seed + n * 8 + p), deadline, counts)
              for n, (t, tokens, _) in enumerate(tables) for p, token in enumerate(tokens)]
    results = await asyncio.gather(*people, return_exceptions=True)
    actions, over = await committed(url, tables)
    wall = time.monotonic() - start
    server_after, client_after, db_after = cpu_seconds(process), me.cpu_times(), cpu_seconds(database)
    machine_after = psutil.cpu_times()
    sampler.stopped.set()
    sampler.join()
    failures = [repr(r) for r in results if isinstance(r, BaseException)]
    used = lambda a, b: (b.user - a.user) + (b.system - a.system)  # noqa: E731
    busy = lambda t: t.user + t.nice + t.system + t.irq + t.softirq  # noqa: E731
    lat = counts.latencies
    return {
        "db": args.db_kind, "tables": len(tables), "seconds": round(wall, 1), "bot_level": args.level,
        "bot_threads": args.bot_threads, "games": dict(MIX), "people_per_table": args.people,
        "workers": args.workers,
        "actions": actions, "actions_per_s": round(actions / wall, 1), "finished_tables": over,
        "human_moves": counts.moves, "human_latency_ms": {
            "n": len(lat), "p50": round(percentile(lat, 0.50) * 1000, 1),
            "p95": round(percentile(lat, 0.95) * 1000, 1), "p99": round(percentile(lat, 0.99) * 1000, 1),
            "mean": round(statistics.fmean(lat) * 1000, 1) if lat else None,
            "max": round(max(lat) * 1000, 1) if lat else None},
        "pushes": counts.pushes, "refused": counts.refused, "rate_limited": counts.limited,
        "server_cpu_percent": round(100 * sum(t - server_cpu.get(pid, 0.0) for pid, t in server_after.items())
                                    / wall, 1),
        "server_peak_rss_mb": round(sampler.peak / 2**20, 1),
        "database_cpu_percent": round(100 * sum(t - db_cpu.get(pid, 0.0) for pid, t in db_after.items())
                                      / wall, 1)
        if database is not None else None,
        "client_cpu_percent": round(100 * used(client_cpu, client_after) / wall, 1),
        # everything the machine did (the kernel's network work included), 100 % = one core
        "machine_cpu_percent": round(100 * (busy(machine_after) - busy(machine)) / wall, 1),
        "cores": psutil.cpu_count(), "load_average": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        "failures": failures[:5],
    }


def main() -> int:
    """Run the benchmark and print its figures (JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--db", metavar="URL", help="database URL (default: SQLite in a temporary directory)")
    where.add_argument("--postgres", action="store_true",
                       help="start a scratch PostgreSQL cluster for the run")
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the people play (default 60)")
    parser.add_argument("--level", default="greedy", help="the bots' level (default greedy)")
    parser.add_argument("--bot-threads", type=int, default=4)
    parser.add_argument("--people", type=int, default=1, help="people's seats per table (default 1)")
    parser.add_argument("--workers", type=int, default=1, help="ludus serve --workers (PostgreSQL)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="ludus-load-"))
    try:
        with ExitStack() as stack:
            database = None
            if args.postgres:
                db, postmaster = stack.enter_context(scratch_postgres())
                database = psutil.Process(postmaster)
            else:
                db = args.db or f"sqlite:///{folder / 'load.db'}"
            args.db_kind = ("postgresql" if db.startswith("postgresql") else "sqlite"
                            if db.startswith("sqlite") else db)
            url, process = stack.enter_context(server(db, args.bot_threads, folder / "server.log",
                                                      "--workers", str(args.workers)))
            figures = asyncio.run(bench(url, process, database, args))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    text = json.dumps(figures, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
