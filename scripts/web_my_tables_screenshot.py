"""A screenshot of "my tables" (``/me/tables``, issue 38) in headless Chromium.

    .venv/bin/python scripts/web_my_tables_screenshot.py [--out docs/images]

Starts a real ``ludus serve`` over a scratch SQLite database, registers two accounts (Livia and
Marcus), opens four Glory to Rome tables of the two of them through the JSON API and claims their
seats in the database: one where it is Livia's turn (two days per move), one where she waits for
Marcus (8 hours per move), one without a time limit, and one that bots played to the end for them.
Then Livia signs in (her session cookie is set in the browser) and Chromium takes
``web-my-tables.png`` at 1280×800.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import httpx

from ludus.web import accounts
from ludus.web.store import AccountRow, Store

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web_screenshots import LAPTOP, parser, report, served

PASSWORD = "correct horse battery"


def open_table(base: str, store: Store, owners: list[AccountRow], seed: int,
               move_seconds: int | None) -> tuple[str, list[str], int]:
    """A table of ``owners`` (seat by seat, their seats claimed): its id, the seats' tokens, the mover."""
    made = httpx.post(f"{base}/api/tables", timeout=60, json={
        "game": "glory-to-rome", "players": 2, "seed": seed, "move_seconds": move_seconds,
        "seats": [{"kind": "human", "name": row.name} for row in owners]})
    made.raise_for_status()
    body = made.json()
    for seat, row in enumerate(owners):
        accounts.claim_seat(store, body["id"], seat, row)
    mover = httpx.get(f"{base}/api/tables/{body['id']}", timeout=60).json()["to_move"][0]
    return body["id"], [s["token"] for s in body["seats"]], mover


def main(argv: list[str] | None = None) -> int:
    """Take the screenshot; 0 when it was written."""
    args = parser(__doc__).parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with served(args.chromium) as (base, db, browser):
        store = Store(db)
        try:
            livia, marcus = (accounts.register(store, name, PASSWORD) for name in ("Livia", "Marcus"))
            for seed, seconds in ((3, 2 * 86400), (4, 8 * 3600), (5, None)):
                table_id, tokens, mover = open_table(base, store, [livia, marcus], seed, seconds)
                livia_to_move = seconds != 8 * 3600
                if (mover == 0) != livia_to_move:  # one move hands the turn over
                    httpx.post(f"{base}/api/tables/{table_id}/actions", timeout=60,
                               json={"token": tokens[mover], "action": "think_draw"}).raise_for_status()
            table_id, tokens, _ = open_table(base, store, [livia, marcus], 6, None)
            for seat in (0, 1):
                httpx.post(f"{base}/api/tables/{table_id}/handover", timeout=60,
                           json={"token": tokens[seat], "seat": seat, "level": "random"}).raise_for_status()
            for _ in range(600):
                if httpx.get(f"{base}/api/tables/{table_id}", timeout=60).json()["status"] != "playing":
                    break
                time.sleep(0.1)
            _row, session = accounts.sign_in(store, "Livia", PASSWORD)
        finally:
            store.dispose()
        context = browser.new_context(viewport=LAPTOP)
        context.add_cookies([{"name": accounts.SESSION_COOKIE, "value": session, "url": base}])
        page = context.new_page()
        page.goto(f"{base}/me/tables")
        page.wait_for_selector(".my-tables")
        page.wait_for_timeout(1500)  # the deadlines are written by the page's script
        written.append(args.out / "web-my-tables.png")
        page.screenshot(path=written[-1])
    return report(written, 1)

if __name__ == "__main__":
    sys.exit(main())
