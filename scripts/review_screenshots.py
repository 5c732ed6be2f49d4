"""Screenshots of issue 39 in the browser: a hint on the play page and the review on the replay page.

    .venv/bin/python scripts/review_screenshots.py [--out docs/images] [--seed 7]

Starts a real ``ludus serve`` on a free port over a scratch SQLite database (the default budgets of
hints and reviews) and, in headless Chromium at 1280×800:

- ``web-hint.png``: Glory to Rome, Livia (a person) against a greedy bot, a few of Livia's decisions
  in (seeded random picks through the JSON API); the hint button clicked, the three best options
  shown with their win chances;
- ``web-review.png``: a finished game of simplified Glory to Rome (Livia's decisions seeded random
  picks), its replay page once the review is made, stepped to Livia's fourth mistake by its link (marked).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web_screenshots import FLAGS, LAPTOP, ROOT, free_port, play, settle, start, table

from ludus.core.rng import Rng

WAIT = 120_000
"""Milliseconds a wait may take (the review of a whole game is made meanwhile)."""


def main(argv: list[str] | None = None) -> int:
    """Take the two screenshots; 0 when both were written."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--chromium", default=os.environ.get("LUDUS_CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as scratch:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = start(f"sqlite:///{scratch}/web.db", port, Path(scratch) / "server.log")
        try:
            rng = Rng(args.seed)
            hinted, hinted_token = table(base, "glory-to-rome", 2, args.seed, ["Livia", "Marcus"])
            play(base, hinted, hinted_token, 6, rng)
            settle(base, hinted, hinted_token)
            finished, finished_token = table(base, "glory-to-rome", 2, args.seed, ["Livia", "Marcus"],
                                             simplified=True)
            play(base, finished, finished_token, 1000, rng)
            with sync_playwright() as driver:
                browser = driver.chromium.launch(executable_path=args.chromium, args=FLAGS)
                try:
                    page = browser.new_page(viewport=LAPTOP)
                    page.goto(f"{base}/play/{hinted}/{hinted_token}")
                    page.wait_for_selector('#table[data-socket="open"]', timeout=WAIT)
                    page.click(".hint-button")
                    page.wait_for_selector("#hint .hint-option", timeout=WAIT)
                    page.evaluate("document.querySelector('#hint').scrollIntoView({block: 'center'})")
                    written.append(args.out / "web-hint.png")
                    page.screenshot(path=written[-1])
                    page.goto(f"{base}/replay/{finished}")
                    page.wait_for_selector("#review h3", timeout=WAIT)
                    page.locator("#review .mistakes a").nth(3).click()
                    page.wait_for_selector("#review li.current", timeout=WAIT)
                    page.evaluate("document.querySelector('#review li.current')"
                                  ".scrollIntoView({block: 'center'}); window.scrollTo(0, 0)")
                    written.append(args.out / "web-review.png")
                    page.screenshot(path=written[-1])
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
