"""Pictures of a position: the game's SVG board, written as SVG or, through headless Chromium, PNG.

PNG needs the ``png`` extra (Playwright) and a Chromium: Debian's ``chromium`` package
(``/usr/bin/chromium``), or the one ``LUDUS_CHROMIUM`` names. ``make test`` installs both.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Sequence
from pathlib import Path

from ludus.core.errors import N_, LudusError

__all__ = ["CHROMIUM_FLAGS", "chromium", "write_picture"]

CHROMIUM_FLAGS: Sequence[str] = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
)
"""Chromium as a renderer on a machine without a screen or a network (and as root)."""


def chromium() -> str:
    """The Chromium to drive: ``LUDUS_CHROMIUM``, else ``chromium`` on the PATH; raises
    :class:`LudusError`."""
    found = os.environ.get("LUDUS_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        raise LudusError(
            N_("a PNG needs Chromium: install Debian's chromium package (or set LUDUS_CHROMIUM)")
        )
    return found


def write_picture(svg: str, path: Path, width: int = 1600) -> None:
    """Write ``svg`` to ``path``: as it is for ``.svg``, rendered ``width`` pixels wide for ``.png``."""
    if path.suffix == ".svg":
        _write(path, svg.encode("utf-8"))
        return
    if path.suffix != ".png":
        raise LudusError(N_("a picture is written as .svg or .png, not {name}"), name=path.name)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise LudusError(N_("a PNG needs Playwright: pip install 'ludus[png]'")) from None
    wide = svg.replace("<svg ", '<svg width="100%" ', 1)
    page_html = ("<!doctype html><html><body style='margin:0;background:#fff'>"
                 f"<div style='width:{width}px'>{wide}</div></body></html>")
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=chromium(), args=list(CHROMIUM_FLAGS))
        try:
            page = browser.new_page(viewport={"width": width, "height": 800})
            page.set_content(page_html)
            image = page.locator("svg").first.screenshot()
        finally:
            browser.close()
    _write(path, image)


def _write(path: Path, data: bytes) -> None:
    try:
        path.write_bytes(data)
    except OSError as exc:
        raise LudusError(N_("cannot write {path}: {reason}"), path=str(path), reason=exc.strerror) from None
