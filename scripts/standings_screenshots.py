"""Screenshots of a player's page and a leaderboard (issue 38) in headless Chromium.

    .venv/bin/python scripts/standings_screenshots.py [--out docs/images]

Over a scratch SQLite database, registers three accounts (Livia, Marcus, Julia), plays rated
two-player games of Hadrian's Wall between them and against the greedy and random bots, and a casual
one against a guest, through the web platform's hub (each person's seat claimed by its account, then
handed to a random bot, which plays it to the end: the result stays the account's). Then starts a
real server (``ludus serve``) on that database and has Chromium take, 1280×800:
``web-player.png`` (Livia's page) and ``web-leaderboard.png`` (Hadrian's Wall for 2 players).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
from pathlib import Path

from web_screenshots import FLAGS, LAPTOP, ROOT, free_port, start  # the script's folder is on the path

from ludus.web import accounts
from ludus.web.live import Hub, SeatSpec
from ludus.web.ratings import results_observer
from ludus.web.store import AccountRow, Store

GAME = "hadrians-wall"


def play_out(hub: Hub, seats: list[SeatSpec], owners: list[AccountRow | None], seed: int,
             rated: bool) -> None:
    """Open a table, claim its people's seats, hand them to random bots and wait for the end."""
    table_id, _ = hub.create(GAME, 2, {}, seats, seed=seed, rated=rated)
    for seat, owner in enumerate(owners):
        if owner is not None:
            accounts.claim_seat(hub.store, table_id, seat, owner)
    hub.catch_up(table_id, seats=True)
    over = threading.Event()

    def check() -> None:
        if hub.get(table_id).status != "playing":
            over.set()

    hub.listen(table_id, check)
    for spec in hub.get(table_id).seats:
        if spec.kind == "human":
            hub.hand_over(table_id, spec.seat, spec.seat, "random")
    check()
    if not over.wait(300):
        raise SystemExit(f"table {table_id} did not finish")
    hub.unlisten(table_id, check)


def games(db: str) -> None:
    """The accounts and their games."""
    store = Store(db)
    store.migrate()
    hub = Hub(store, bot_threads=2)
    hub.observers.append(results_observer(store))  # as create_app installs it
    try:
        livia, marcus, julia = (accounts.register(store, name, f"screenshot-{name}")
                                for name in ("Livia", "Marcus", "Julia"))
        person = SeatSpec("human")
        seed = 11
        for first, second, times in ((livia, marcus, 3), (livia, julia, 2), (marcus, julia, 2)):
            for _ in range(times):
                play_out(hub, [person, person], [first, second], seed, rated=True)
                seed += 1
        for level, who in (("greedy", livia), ("random", livia), ("greedy", julia), ("random", marcus)):
            play_out(hub, [person, SeatSpec("bot", level)], [who, None], seed, rated=True)
            seed += 1
        play_out(hub, [person, SeatSpec("human", name="Gaius")], [livia, None], seed, rated=False)
    finally:
        hub.close()
        store.dispose()


def main(argv: list[str] | None = None) -> int:
    """Take the screenshots; 0 when both were written."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    parser.add_argument("--chromium", default=os.environ.get("LUDUS_CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as scratch:
        db = f"sqlite:///{scratch}/web.db"
        games(db)
        port = free_port()
        server = start(db, port, Path(scratch) / "server.log")
        try:
            with sync_playwright() as driver:
                browser = driver.chromium.launch(executable_path=args.chromium, args=FLAGS)
                try:
                    page = browser.new_page(viewport=LAPTOP)
                    for path, name in (("/players/Livia", "web-player.png"),
                                       (f"/leaderboard/{GAME}?players=2", "web-leaderboard.png")):
                        page.goto(f"http://127.0.0.1:{port}{path}")
                        written.append(args.out / name)
                        page.screenshot(path=written[-1], full_page=True)
                finally:
                    browser.close()
        finally:
            server.terminate()
            server.wait(10)
    for path in written:
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return 0 if len(written) == 2 else 1


if __name__ == "__main__":
    sys.exit(main())
