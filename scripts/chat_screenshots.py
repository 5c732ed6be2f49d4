"""Screenshots of a table's chat (issue 38) in headless Chromium.

    .venv/bin/python scripts/chat_screenshots.py [--out docs/images]

Starts a real ``ludus serve`` on a free port over a scratch SQLite database (as
``scripts/web_screenshots.py`` does), opens a Trajan table of two people (Livia and Marcus), has
them exchange a few lines in the players' chat through their pages' WebSockets (typed into the
page, sent with Enter), then takes ``web-chat.png`` (Livia's page at 1280×800, the chat beside the
board) and ``web-chat-phone.png`` (Marcus's page at 390×844, scrolled to the chat).
"""

from __future__ import annotations

import sys
from pathlib import Path

import httpx
from web_screenshots import LAPTOP, PHONE, parser, report, served

LINES = [(0, "Ave, Marcus! Good luck."), (1, "Ave! Shipping early this time?"),
         (0, "Maybe. The Forum looks too good."), (1, "<b>Tags</b> & all are shown as typed.")]
SHOWN = "count => document.querySelectorAll('#chat-lines li').length === count"


def main(argv: list[str] | None = None) -> int:
    """Take the two screenshots; 0 when both were written."""
    args = parser(__doc__).parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with served(args.chromium) as (base, _db, browser):
        made = httpx.post(f"{base}/api/tables", timeout=60, json={
            "game": "trajan", "players": 2, "seed": 7,
            "seats": [{"kind": "human", "name": "Livia"}, {"kind": "human", "name": "Marcus"}]})
        made.raise_for_status()
        table_id, tokens = made.json()["id"], [s["token"] for s in made.json()["seats"]]
        pages = [browser.new_context(viewport=size).new_page()
                 for size in (LAPTOP, PHONE)]
        for page, token in zip(pages, tokens, strict=True):
            page.goto(f"{base}/play/{table_id}/{token}")
            page.wait_for_selector('#table[data-socket="open"]', timeout=30_000)
        for count, (seat, text) in enumerate(LINES, start=1):
            pages[seat].fill("#chat input[name=chat]", text)
            pages[seat].press("#chat input[name=chat]", "Enter")
            for page in pages:
                page.wait_for_function(SHOWN, arg=count, timeout=30_000)
        pages[0].fill("#chat input[name=chat]", "Your move!")
        written.append(args.out / "web-chat.png")
        pages[0].screenshot(path=written[-1])
        pages[1].evaluate("document.getElementById('chat').scrollIntoView()")
        written.append(args.out / "web-chat-phone.png")
        pages[1].screenshot(path=written[-1])
    return report(written, 2)

if __name__ == "__main__":
    sys.exit(main())
