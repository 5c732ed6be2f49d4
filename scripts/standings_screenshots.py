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

import sys
import threading
from pathlib import Path

from web_screenshots import LAPTOP, parser, report, served  # the script's folder is on the path

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
    args = parser(__doc__).parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with served(args.chromium, prepare=games) as (base, _db, browser):
        page = browser.new_page(viewport=LAPTOP)
        for path, name in (("/players/Livia", "web-player.png"),
                           (f"/leaderboard/{GAME}?players=2", "web-leaderboard.png")):
            page.goto(f"{base}{path}")
            written.append(args.out / name)
            page.screenshot(path=written[-1], full_page=True)
    return report(written, 2)

if __name__ == "__main__":
    sys.exit(main())
