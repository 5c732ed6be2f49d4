"""The table in a player's words (issue 40): names instead of seat numbers, the lobby's options
in plain language, and the lobby's own title."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient


def test_the_lobby_tab_has_a_clean_title(client: TestClient) -> None:
    lobby = client.get("/", params={"lang": "en"}).text
    title = re.search(r"<title>(.*?)</title>", lobby, re.S)
    assert title is not None and title[1].strip() == "ludus — Lobby"
    assert "</div>" not in title[1]
