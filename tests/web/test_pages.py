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


def test_a_game_without_a_board_gets_the_plain_panel(fixture_games: None, client: TestClient) -> None:
    made = client.post("/api/tables", json={"game": "fixture-draw", "players": 2, "seed": 1,
                                            "seats": [{"kind": "human"},
                                                      {"kind": "bot", "level": "random"}]}).json()
    page = client.get(f"/play/{made['id']}/{made['seats'][0]['token']}").text
    board = page[page.index('id="board"'):page.index("</aside>")]
    assert "<svg" not in board and "deck " in board  # the game's text rendering
    assert 'class="action"' in page  # and the seat's options as buttons


def test_the_plain_panel_opens_the_viewers_own_section() -> None:
    from ludus.web.pages import plain_panel

    text = "Year 2\n== Player 0 ==\nhand: 3\n== Player 1 (bot) ==\nhand: 4\n"
    mine = plain_panel(text, 1)
    assert [(p["title"], p["open"]) for p in mine] == [("", True), ("Player 0", False),
                                                       ("Player 1 (bot)", True)]
    assert [p["open"] for p in plain_panel(text, None)] == [True, True, True]


def test_every_bot_the_lobby_offers_has_a_name_in_every_language() -> None:
    from ludus.agents import AGENTS
    from ludus.web.pages import LEVEL_NAMES

    assert set(LEVEL_NAMES) == set(AGENTS)
    polish = get_lang("pl")
    assert polish.gettext(LEVEL_NAMES["rollout"]) == "przeszukiwanie symulacją"
    assert all(get_lang(code).gettext(LEVEL_NAMES["hard"]) != "hard" for code in ("pl", "hu", "uk"))
