"""Screenshots of the web platform (``ludus serve``) in headless Chromium.

    .venv/bin/python scripts/web_screenshots.py [--out docs/images] [--seed 7]

Starts a real server on a free port over a scratch SQLite database, opens a table of each
game (seat 0 a person, the others greedy bots), plays seat 0 into the middle of the game
through the JSON API (seeded random choices; the bots answer at once), then has Chromium
take, 1280×800 (a laptop): ``web-lobby.png`` (the lobby with those tables listed) and
``web-<game-id>.png`` (seat 0's page of each game), ``web-end.png`` (a finished game: the
outcome, the score sheet, replay, download and rematch); and 390×844 (a phone)
``web-<game-id>-phone.png``, seat 0's page scrolled to the board. For each game page it
prints the smallest word of the board as drawn, in CSS pixels (``SMALLEST_WORD_JS``).
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import httpx

from ludus.core.rng import Rng
from ludus.testing.boards import SMALLEST_WORD_JS

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ViewportSize

ROOT = Path(__file__).resolve().parent.parent
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run"]
TABLES: dict[str, tuple[int, int]] = {
    # game: (players, how many of seat 0's decisions to play before the picture)
    "glory-to-rome": (3, 30),
    "trajan": (2, 24),
    "fall-of-rome": (2, 8),
    "hadrians-wall": (2, 30),
}
LAPTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start(db: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    """``ludus serve`` in a child process; returns once it answers."""
    process = subprocess.Popen([sys.executable, "-m", "ludus", "serve", "--port", str(port), "--db", db,
                                "--bot-delay", "0", "--log-level", "warning"],
                               stdout=log.open("ab"), stderr=subprocess.STDOUT,
                               env=dict(os.environ, PYTHONUNBUFFERED="1"))
    for _ in range(300):
        if process.poll() is not None:
            break
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit(f"the server did not start:\n{log.read_text()[-2000:]}")


def parser(doc: str, *, seed: int | None = None) -> argparse.ArgumentParser:
    """The command line every screenshot script shares, described by the first line of ``doc``:
    ``--out`` (the folder of the pictures, docs/images), ``--seed`` (only given a default ``seed``)
    and ``--chromium`` (the browser's executable, ``$LUDUS_CHROMIUM`` or Debian's)."""
    made = argparse.ArgumentParser(description=doc.split("\n")[0])
    made.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    if seed is not None:
        made.add_argument("--seed", type=int, default=seed)
    made.add_argument("--chromium", default=os.environ.get("LUDUS_CHROMIUM", "/usr/bin/chromium"))
    return made


class Served(NamedTuple):
    """What :func:`served` yields."""

    base: str
    """The server's address, ``http://127.0.0.1:<port>`` (no slash at the end)."""
    db: str
    """The scratch database's URL (SQLite)."""
    browser: Browser
    """Headless Chromium, launched."""


@contextmanager
def served(chromium: str, prepare: Callable[[str], None] | None = None) -> Iterator[Served]:
    """A real ``ludus serve`` on a free port over a scratch SQLite database (in a temporary folder,
    removed at the end, with the server's log) and Chromium (the executable ``chromium``) launched
    headless; both stopped at the end. ``prepare``, when given, is called with the database's URL
    before the server starts (to fill the database)."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as scratch:
        db = f"sqlite:///{scratch}/web.db"
        if prepare is not None:
            prepare(db)
        port = free_port()
        server = start(db, port, Path(scratch) / "server.log")
        try:
            with sync_playwright() as driver:
                browser = driver.chromium.launch(executable_path=chromium, args=FLAGS)
                try:
                    yield Served(f"http://127.0.0.1:{port}", db, browser)
                finally:
                    browser.close()
        finally:
            server.terminate()
            server.wait(10)


def report(written: list[Path], expected: int) -> int:
    """Print the pictures ``written`` (below the project relative to it); 0 when they are the
    ``expected`` number, 1 otherwise."""
    for path in written:
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return 0 if len(written) == expected else 1


def table(base: str, game: str, players: int, seed: int, names: list[str],
          **options: object) -> tuple[str, str]:
    """Open a table (seat 0 a person named ``names[0]``, the others greedy bots): its id and seat 0's
    token."""
    seats: list[dict[str, Any]] = [{"kind": "human", "name": names[0]}]
    seats += [{"kind": "bot", "level": "greedy", "name": names[p % len(names)]} for p in range(1, players)]
    made = httpx.post(f"{base}/api/tables",
                      json={"game": game, "players": players, "seed": seed, "seats": seats,
                            "options": options},
                      timeout=60)
    made.raise_for_status()
    body = made.json()
    return body["id"], next(s["token"] for s in body["seats"] if s["seat"] == 0)


def play(base: str, table_id: str, token: str, decisions: int, rng: Rng) -> None:
    """Play ``decisions`` of seat 0's decisions (seeded random picks), the bots answering in between."""
    done = 0
    for _ in range(decisions * 50):
        if done >= decisions:
            return
        seen = httpx.get(f"{base}/api/tables/{table_id}", params={"token": token}, timeout=60).json()
        if seen["status"] != "playing":
            return
        if not seen["legal_actions"]:
            time.sleep(0.05)
            continue
        action = rng.choice(seen["legal_actions"])
        answer = httpx.post(f"{base}/api/tables/{table_id}/actions",
                            json={"token": token, "action": action, "confirm": True}, timeout=60)
        if answer.status_code == 429:  # the server's rate limit: slow down
            time.sleep(0.5)
        done += answer.status_code == 200


def settle(base: str, table_id: str, token: str) -> None:
    """Wait until seat 0 is to move again (or the game is over)."""
    for _ in range(600):
        seen = httpx.get(f"{base}/api/tables/{table_id}", params={"token": token}, timeout=60).json()
        if seen["status"] != "playing" or seen["legal_actions"]:
            return
        time.sleep(0.05)


def main(argv: list[str] | None = None) -> int:
    """Take the screenshots; 0 when every one was written."""
    args = parser(__doc__, seed=7).parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with served(args.chromium) as (base, _db, browser):
        rng = Rng(args.seed)
        pages: dict[str, str] = {}
        for game, (players, decisions) in TABLES.items():
            table_id, token = table(base, game, players, args.seed, ["Livia", "Marcus", "Julia"])
            play(base, table_id, token, decisions, rng)
            settle(base, table_id, token)
            pages[game] = f"{base}/play/{table_id}/{token}"
        finished, finished_token = table(base, "glory-to-rome", 2, args.seed, ["Livia", "Marcus"],
                                         simplified=True)
        play(base, finished, finished_token, 1000, rng)
        page = browser.new_page(viewport=LAPTOP)
        page.goto(f"{base}/")
        written.append(args.out / "web-lobby.png")
        page.screenshot(path=written[-1])
        phone = browser.new_page(viewport=PHONE)
        for game, url in pages.items():
            for shot, name in ((page, f"web-{game}.png"), (phone, f"web-{game}-phone.png")):
                shot.goto(url)
                shot.wait_for_selector('#table[data-socket="open"]', timeout=30_000)
                if shot is phone:  # the options come first on a phone: scroll to the board
                    shot.evaluate("document.querySelector('.board-area').scrollIntoView()")
                written.append(args.out / name)
                shot.screenshot(path=written[-1])
                found = shot.evaluate(SMALLEST_WORD_JS)
                size = f"{found['width']:.0f}×{found['height']:.0f}"
                print(f"{name}: the smallest word of the board {found['least']:.2f} CSS px "
                      f"(scale {found['scale']:.2f}, the board {size} in a "
                      f"{found['windowWidth']}×{found['windowHeight']} window)")
        page.goto(f"{base}/play/{finished}/{finished_token}")
        page.wait_for_selector(".end .sheet", timeout=30_000)
        written.append(args.out / "web-end.png")
        page.screenshot(path=written[-1])
    return report(written, 2 * len(TABLES) + 2)

if __name__ == "__main__":
    sys.exit(main())
