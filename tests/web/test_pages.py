"""The pages speak the reader's language: the lobby and a play page in every language."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from ludus.core.i18n import get_lang

HEADINGS = ["Open a table", "Tables waiting for players", "Games being played", "Finished games"]
TABLE_WORDS = ["Your options", "Players", "Log"]


@pytest.mark.parametrize("code", ["pl", "hu", "uk"])
def test_the_lobby_and_a_table_in_another_language(client: TestClient, code: str) -> None:
    lang = get_lang(code)
    lobby = client.get("/", params={"lang": code}).text
    assert f'<html lang="{code}">' in lobby
    for english in HEADINGS:
        assert lang.gettext(english) in lobby and f">{english}<" not in lobby
    made = client.post("/api/tables", json={"game": "trajan", "players": 2, "seed": 3}).json()
    client.cookies.set("lang", code)
    page = client.get(f"/play/{made['id']}/{made['seats'][0]['token']}").text
    texts = set(re.findall(r">([^<>]+)<", page))
    for english in TABLE_WORDS:
        assert lang.gettext(english) in page and english not in texts
