"""The table in a player's words (issue 40): names instead of seat numbers, the lobby's options
in plain language, and the lobby's own title."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from ludus.core.i18n import get_lang


def test_the_lobby_tab_has_a_clean_title(client: TestClient) -> None:
    lobby = client.get("/", params={"lang": "en"}).text
    title = re.search(r"<title>(.*?)</title>", lobby, re.S)
    assert title is not None and title[1].strip() == "ludus — Lobby"
    assert "</div>" not in title[1]


SEAT_ZERO = re.compile(r"\b(player|seat|gracz|gracza|játékos|гравець|гравця) 0\b|\b0\. játékos", re.I)
"""A seat counted from 0 in words (notation such as ``0:march`` is not words)."""


def _status(page: str) -> str:
    found = re.search(r'<div class="status" role="status">(.*?)</div>', page, re.S)
    assert found is not None
    return found[1]


def _board(page: str) -> str:
    return page[page.index('<div id="board"'):page.index("<aside>")]


def _log(page: str) -> str:
    return page[page.index('<section class="log">'):]


@pytest.mark.parametrize("code", ["en", "pl"])
@pytest.mark.parametrize("game", ["trajan", "glory-to-rome", "fall-of-rome", "hadrians-wall"])
def test_the_table_calls_the_players_by_their_names(client: TestClient, game: str, code: str) -> None:
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bruno"}]
    made = client.post("/api/tables", json={"game": game, "players": 2, "seed": 5, "seats": seats}).json()
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    for _ in range(40):  # each person plays their first option, until the log has lines
        table = client.get(f"/api/tables/{made['id']}", params={"token": tokens[0]}).json()
        movers = [p for p in table["to_move"] if p in tokens]
        if not movers or table["status"] != "playing":
            break
        mover = movers[0]
        seen = client.get(f"/api/tables/{made['id']}", params={"token": tokens[mover]}).json()
        mine = seen["legal_actions"]
        answer = client.post(f"/api/tables/{made['id']}/actions",
                             json={"token": tokens[mover], "action": mine[0]})
        # 409: the server played a forced move meanwhile (its worker thread); look again
        assert answer.status_code in (200, 409), answer.text
        if answer.status_code == 200 and len(answer.json()["log"]) >= 3:
            break
    client.cookies.set("lang", code)
    page = client.get(f"/play/{made['id']}/{tokens[0]}").text
    lang = get_lang(code)
    assert "Ada" in _board(page) and "Bruno" in _board(page), _board(page)[:2000]
    assert lang.gettext("you play as {name}").format(name="Ada") in _status(page), _status(page)
    assert "Ada" in _log(page) or "Bruno" in _log(page), _log(page)[:2000]
    assert not SEAT_ZERO.search(page), SEAT_ZERO.search(page)
    spectator = client.get(f"/watch/{made['id']}").text
    assert "Ada" in _board(spectator) and not SEAT_ZERO.search(spectator)


def test_an_unnamed_bot_is_called_by_its_level_and_a_person_from_one(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    made = client.post(
        "/api/tables", json={"game": "glory-to-rome", "players": 2, "seed": 2, "seats": seats}).json()
    polish = client.get(
        f"/api/tables/{made['id']}", params={"token": made["seats"][0]["token"], "lang": "pl"}).json()
    assert [s["label"] for s in polish["seats"]] == ["Gracz 1", "Bot (losowy)"]
    page = client.get(f"/play/{made['id']}/{made['seats'][0]['token']}", params={"lang": "pl"}).text
    assert "Gracz 1" in _board(page) and "Bot (losowy)" in page and not SEAT_ZERO.search(page)


SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
"""An identifier such as ``final_reset``: notation, not words."""
DEVELOPER_NOTES = ("UNCONFIRMED", "NIEPOTWIERDZONE", "ruling", "rozstrzygnięcie", "reference default")


def _visible(html: str) -> list[str]:
    """The texts a person reads on a page: between tags, and in placeholders and tooltips."""
    texts = [t.strip() for t in re.findall(r">([^<>]+)<", html) if t.strip()]
    return texts + re.findall(r'(?:placeholder|title|aria-label)="([^"]*)"', html)


@pytest.mark.parametrize("code", ["en", "pl"])
def test_the_lobby_offers_the_options_in_a_players_words(client: TestClient, code: str) -> None:
    from ludus.core.registry import games

    for info in games():
        for players in range(info.min_players, info.max_players + 1):
            form = client.get("/lobby/form", params={"game": info.id, "players": players, "lang": code}).text
            for text in _visible(form):
                assert not SNAKE.search(text), (info.id, players, text)
                assert not any(note.lower() in text.lower()
                               for note in DEVELOPER_NOTES), (info.id, players, text)
            offered = set(re.findall(r'<(?:select|input)[^>]* name="([a-z_0-9]+)"', form))
            for spec in info.options:  # rulings and options of other player counts are not offered
                assert (spec.name in offered) == (not spec.ruling
                                                  and spec.applies_to(players)), (info.id, spec.name)
    lobby = client.get("/", params={"lang": code}).text
    assert not any(note in lobby for note in DEVELOPER_NOTES)


def test_every_offered_option_has_a_label_an_explanation_and_value_labels_in_every_language() -> None:
    from ludus.core.registry import games

    for info in games():
        for spec in info.options:
            if spec.ruling:
                continue
            assert spec.label and spec.explain, (info.id, spec.name)
            assert {value for value, _label in spec.value_labels} == set(spec.choices
                                                                         or ()), (info.id, spec.name)
            for code in ("pl", "hu", "uk"):
                lang = get_lang(code)
                for message in (spec.label, spec.explain, *(label for _value, label in spec.value_labels)):
                    assert lang.gettext(message, info.id) != message, (code, info.id, message)


def test_the_lobby_plays_a_ruling_by_its_default_and_ignores_other_player_counts(client: TestClient) -> None:
    form = {"game": "trajan", "players": "2", "seat0": "human", "seat1": "bot:random", "lap_2p": "12",
            "lap_3p": "30", "remove_province_senate_tiles": "False", "final_tiebreak": "track"}
    created = client.post("/tables", data=form).text
    found = re.search(r'href="/play/([^/"]+)/([^"]+)"', created)
    assert found is not None, created
    options = client.get(f"/api/tables/{found[1]}", params={"token": found[2]}).json()["options"]
    assert options["lap_2p"] == 12 and options["lap_3p"] == 16
    assert options["remove_province_senate_tiles"] is True and options["final_tiebreak"] == "final_reset"


def test_the_rules_page_keeps_the_notes_and_rulings_the_lobby_leaves_out(client: TestClient) -> None:
    page = client.get("/games/trajan/rules", params={"lang": "pl"}).text
    polish = get_lang("pl")
    assert polish.gettext("Options and rulings") in page
    assert "rozstrzygnięcie 14" in page and "NIEPOTWIERDZONE" in page  # the notes, translated
    assert polish.gettext("Time track length", "trajan") in page
    lobby_form = client.get("/lobby/form", params={"game": "trajan", "players": 2}).text
    assert 'href="/games/trajan/rules"' in lobby_form
    missing = client.get("/games/no-such-game/rules", params={"lang": "pl"})
    assert missing.status_code == 404 and "Nie ma gry no-such-game." in missing.text


def test_an_end_reason_names_the_seats_for_a_reader_who_knows_their_names() -> None:
    from ludus.core.api import Outcome
    from ludus.core.registry import configure

    named = get_lang("pl").with_names(["Ada", "Bruno", "Cyra"])
    gtr = configure("glory-to-rome", 3, {})
    catacomb = Outcome((1.0, 2.0, 3.0), (3, 2, 1), (2,), "player 2 completed the Catacomb", None, {},
                       "catacomb")
    assert gtr.outcome_text(catacomb, named) == "Cyra ukończył Katakumby"
    assert gtr.outcome_text(catacomb) == "player 2 completed the Catacomb"  # the record's words stay
    wall = configure("hadrians-wall", 2, {})
    sheets = {"scores": [{"total": 30}, {"total": 41}]}
    over = Outcome((30.0, 41.0), (2, 1), (1,), "game over after Year 6; seat 0: 30 VP, seat 1: 41 VP", None,
                   sheets, "year_6")
    assert "Ada: 30 PZ, Bruno: 41 PZ" in wall.outcome_text(over, named)
