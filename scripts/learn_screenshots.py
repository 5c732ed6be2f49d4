"""Screenshots of the guided first games and a rules reference in the browser (issue 39), in
headless Chromium.

    .venv/bin/python scripts/learn_screenshots.py [--out docs/images]

Starts a real ``ludus serve`` on a free port over a scratch SQLite database (as
``scripts/web_screenshots.py`` does), and for each game opens ``/learn/{game}`` as a new visitor,
clicks through the lesson as a learner does ("Next" on an explanation, the step's first move
otherwise) to a step whose board region is lit, scrolls the board to that region and takes
``web-learn-{game}.png`` (1280×800); ``web-learn-glory-to-rome-pl.png`` is the same step in
Polish. Then ``web-reference.png``: Glory to Rome's rules reference with "Hand" typed in its
search box.
"""

from __future__ import annotations

import sys
from pathlib import Path

from web_screenshots import LAPTOP, parser, report, served

STEPS = {"glory-to-rome": 7, "fall-of-rome": 11, "hadrians-wall": 9, "trajan": 8}
"""The step shot per game: one that asks for a move, its region lit (the pool, the alliance spaces,
the Wall Guard, the forum)."""
WAIT = 30_000


def to_step(page: object, number: int) -> None:
    """Click through the lesson on ``page`` until step ``number`` is shown."""
    from playwright.sync_api import Page

    assert isinstance(page, Page)
    while int(page.locator("#live").get_attribute("data-step") or 0) < number:
        button = page.locator("button.next")
        if button.count() == 0:
            button = page.locator("#actions button.action").first
        shown = page.locator("#live").element_handle()
        button.click()
        shown.wait_for_element_state("hidden", timeout=WAIT)  # the answer's fragment replaced it
        page.wait_for_selector("#live[data-step]", timeout=WAIT)
    page.evaluate("document.querySelector('#board rect.region.lit')"
                  ".scrollIntoView({block: 'center', inline: 'start'})")


def main(argv: list[str] | None = None) -> int:
    """Take the screenshots; 0 when all were written."""
    args = parser(__doc__).parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    shots = [(game, "en", number) for game, number in STEPS.items()] + [("glory-to-rome", "pl", 7)]
    with served(args.chromium) as (base, _db, browser):
        for game, code, number in shots:
            page = browser.new_context(viewport=LAPTOP).new_page()
            page.goto(f"{base}/learn/{game}?lang={code}")
            page.wait_for_selector("#live[data-step]", timeout=WAIT)
            to_step(page, number)
            name = f"web-learn-{game}" + ("" if code == "en" else f"-{code}") + ".png"
            written.append(args.out / name)
            page.screenshot(path=written[-1])
            page.context.close()
        page = browser.new_context(viewport=LAPTOP).new_page()
        page.goto(f"{base}/games/glory-to-rome/reference?lang=en")
        page.fill("#reference-search", "Hand")
        written.append(args.out / "web-reference.png")
        page.screenshot(path=written[-1])
    return report(written, len(shots) + 1)

if __name__ == "__main__":
    sys.exit(main())
