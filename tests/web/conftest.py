"""Fixtures of the web platform's tests: an application over a fresh SQLite database, a
real server (``ludus serve`` in a child process) on a free port of the loopback, and a real SMTP
server there (``inbox``)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from email import message_from_bytes
from email.message import Message
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, sync_playwright

from ludus.web.app import Settings, create_app


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A new, empty SQLite database."""
    return f"sqlite:///{tmp_path / 'web.db'}"


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    """The application over a fresh SQLite database, bots moving at once."""
    with TestClient(create_app(Settings(db=sqlite_url))) as test_client:
        yield test_client


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``ludus serve`` in a child process (started by :func:`start_server`)."""

    def __init__(self, db: str, port: int, log: Path, *extra: str) -> None:
        self.db, self.port, self.log = db, port, log
        self.url = f"http://127.0.0.1:{port}"
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "ludus", "serve", "--port", str(port), "--db", db, "--bot-delay", "0",
             "--log-level", "warning",
             # Every client of a test shares one loopback address; the read limit has its own tests.
             "--reads-per-second", "100000", *extra],
            stdout=log.open("ab"), stderr=subprocess.STDOUT, env=env)

    def wait(self, seconds: float = 30) -> Server:
        """Return once the server answers (fail with its log if it does not)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if self.process.poll() is not None:
                break
            try:
                if httpx.get(f"{self.url}/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise AssertionError(f"the server did not start:\n{self.log.read_text()[-3000:]}")

    def kill(self) -> None:
        """SIGKILL: no shutdown at all."""
        self.process.kill()
        self.process.wait(10)

    def stop(self) -> None:
        """Stop it the polite way (SIGTERM)."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def start_server(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """Start real servers: ``start_server(db_url)`` (more arguments go to ``ludus serve``);
    every one still running is stopped at the end of the test."""
    started: list[Server] = []

    def start(db: str, *extra: str, port: int | None = None) -> Server:
        server = Server(db, port or free_port(), tmp_path / f"server-{len(started)}.log", *extra)
        started.append(server)
        return server.wait()

    yield start
    for server in started:
        server.stop()


# --- PostgreSQL (tests/web/postgres.py): one throwaway cluster for the session, a fresh database per test.
from web.postgres import MISSING, Cluster, binaries  # noqa: E402


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """A PostgreSQL server of the tests' own (fails, never skips, when PostgreSQL is not installed)."""
    bin_dir = binaries()
    if bin_dir is None:
        pytest.fail(MISSING)
    cluster = Cluster(bin_dir).start()
    yield cluster
    cluster.stop()


@pytest.fixture
def postgres_url(postgres: Cluster) -> Iterator[str]:
    """A new, empty PostgreSQL database (``postgresql+psycopg://...``), dropped after the test."""
    url = postgres.database()
    yield url
    postgres.drop(url)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest) -> str:
    """A new, empty database: the test runs once on SQLite and once on PostgreSQL."""
    name = "sqlite_url" if request.param == "sqlite" else "postgres_url"
    url: str = request.getfixturevalue(name)
    return url


@pytest.fixture
def start_servers(tmp_path: Path) -> Iterator[Callable[..., list[Server]]]:
    """Start several real servers at once: ``start_servers(db_url, count)`` launches them all, then
    waits until each answers (as machines started together would: they migrate at the same time)."""
    started: list[Server] = []

    def start(db: str, count: int, *extra: str) -> list[Server]:
        servers = [Server(db, free_port(), tmp_path / f"together-{len(started) + n}.log", *extra)
                   for n in range(count)]
        started.extend(servers)
        return [server.wait() for server in servers]

    yield start
    for server in started:
        server.stop()


# --- a real SMTP server on the loopback (aiosmtpd), for the mail the server sends --------------------------
class Inbox:
    """aiosmtpd's handler: keeps every message it receives."""

    def __init__(self) -> None:
        self.messages: list[tuple[list[str], Message]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # (aiosmtpd's name)
        self.messages.append((list(envelope.rcpt_tos), message_from_bytes(envelope.content)))
        return "250 OK"

    def to(self, address: str) -> list[Message]:
        return [m for rcpt, m in self.messages if address in rcpt]


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    handler = Inbox()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield handler, controller.port
    controller.stop()


# --- Debian's Chromium, driven by Playwright, and a real server for it --------------------------------
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the module (each test opens its own contexts)."""
    with sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture
def server(start_server: Callable[..., Server], sqlite_url: str) -> Server:
    """A real ``ludus serve`` over a fresh SQLite database, bots moving at once."""
    return start_server(sqlite_url)
