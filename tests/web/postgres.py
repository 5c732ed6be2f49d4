"""A throwaway PostgreSQL server for the web platform's tests (Debian's ``postgresql`` package).

:class:`Cluster` runs ``initdb`` in a temporary directory and starts ``postgres`` on a free
port of the loopback, its unix socket in that directory too, so it never meets a system
cluster. PostgreSQL refuses to run as root: as root the directory is given to the
``postgres`` user and both programs run as that user (``setpriv``). ``make test`` installs
the package when it is missing; without it the tests that need it fail and say so.

The fixtures (``tests/web/conftest.py``): ``postgres`` (one cluster for the whole session)
and ``postgres_url`` (a fresh database of it per test).
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import psycopg

__all__ = ["Cluster", "binaries"]

MISSING = ("PostgreSQL's server programs (initdb, postgres) are not in /usr/lib/postgresql/<version>/bin: "
           "`make test` installs Debian's postgresql package (apt-get install postgresql)")


def binaries() -> Path | None:
    """The ``bin`` directory of the newest PostgreSQL installed (None: not installed)."""
    found = [Path(p).parent for p in glob.glob("/usr/lib/postgresql/*/bin/initdb")]
    found = [d for d in found if (d / "postgres").exists()]
    if not found:
        return None
    return max(found, key=lambda d: int(d.parent.name) if d.parent.name.isdigit() else 0)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Cluster:
    """A PostgreSQL cluster of its own: ``start()``, ``database()`` for a new empty one, ``stop()``."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.dir = Path(tempfile.mkdtemp(prefix="ludus-pg-"))
        self.data = self.dir / "data"
        self.port = _free_port()
        self.log = self.dir / "postgres.log"
        self.process: subprocess.Popen[bytes] | None = None
        self._names = itertools.count(1)
        self.as_root = os.geteuid() == 0

    def _command(self, *argv: str) -> list[str]:
        """``argv`` run as the ``postgres`` user when we are root (PostgreSQL will not run as root)."""
        if not self.as_root:
            return list(argv)
        return ["setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", "--", *argv]

    def start(self, timeout: float = 60) -> Cluster:
        """initdb, then start the server and wait until it takes connections."""
        if self.as_root:
            user = pwd.getpwnam("postgres")
            os.chown(self.dir, user.pw_uid, user.pw_gid)
        env = dict(os.environ, LC_ALL="C.UTF-8", LANG="C.UTF-8")
        done = subprocess.run(self._command(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres",
                                            "-A", "trust", "-E", "UTF8", "--no-sync", "--no-instructions"),
                              capture_output=True, env=env, cwd=self.dir, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"initdb failed:\n{done.stdout.decode()}\n{done.stderr.decode()}")
        # fsync off: the tests kill ludus servers, never this PostgreSQL, so what it
        # committed stays visible to every connection; flushing to disk would only slow them.
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                self._command(str(self.bin / "postgres"), "-D", str(self.data), "-p", str(self.port),
                              "-k", str(self.dir), "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off",
                              "-c", "full_page_writes=off", "-c", "max_connections=300"),
                stdout=out, stderr=subprocess.STDOUT, env=env, cwd=self.dir)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.process.poll() is not None:
                break
            try:
                with psycopg.connect(self.admin_dsn(), connect_timeout=2):
                    return self
            except psycopg.OperationalError:
                time.sleep(0.1)
        log = self.log.read_text(errors="replace")[-3000:]
        self.stop()
        raise RuntimeError(f"PostgreSQL did not start on port {self.port}:\n{log}")

    def admin_dsn(self, dbname: str = "postgres") -> str:
        """A libpq connection string to database ``dbname`` as the superuser."""
        return f"host=127.0.0.1 port={self.port} user=postgres dbname={dbname}"

    def url(self, dbname: str) -> str:
        """The SQLAlchemy URL of database ``dbname`` (``postgresql+psycopg://``)."""
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{dbname}"

    def database(self) -> str:
        """Create a new empty database; its SQLAlchemy URL."""
        name = f"ludus_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.admin_dsn(), autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def drop(self, url: str) -> None:
        """Drop the database of ``url`` (its connections are closed first)."""
        name = url.rsplit("/", 1)[1]
        with psycopg.connect(self.admin_dsn(), autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        """Stop the server (fast shutdown) and remove its directory."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        with contextlib.suppress(OSError):
            shutil.rmtree(self.dir)
