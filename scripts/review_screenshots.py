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

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web_screenshots import LAPTOP, parser, play, report, served, settle, table

from ludus.core.rng import Rng

WAIT = 120_000
"""Milliseconds a wait may take (the review of a whole game is made meanwhile)."""


def main(argv: list[str] | None = None) -> int:
    """Take the two screenshots; 0 when both were written."""
    args = parser(__doc__, seed=7).parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with served(args.chromium) as (base, _db, browser):
        rng = Rng(args.seed)
        hinted, hinted_token = table(base, "glory-to-rome", 2, args.seed, ["Livia", "Marcus"])
        play(base, hinted, hinted_token, 6, rng)
        settle(base, hinted, hinted_token)
        finished, finished_token = table(base, "glory-to-rome", 2, args.seed, ["Livia", "Marcus"],
                                         simplified=True)
        play(base, finished, finished_token, 1000, rng)
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
    return report(written, 2)

if __name__ == "__main__":
    sys.exit(main())
