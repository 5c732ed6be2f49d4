"""``ludus review RECORD``, a record's decisions valued and each seat's mistakes listed, and ``hint`` in the
terminal (issue 39)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console

import ludus
from ludus.agents import make_agent
from ludus.cli import main
from ludus.core.i18n import get_lang
from ludus.play.terminal import TerminalSession

RECORDS = Path(__file__).resolve().parent.parent / "fixtures" / "records"


def run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    status = main(argv, console=Console(file=out, width=200, color_system=None))
    return status, out.getvalue()


def test_review_lists_a_seats_mistakes_with_the_moves_in_words_and_the_values() -> None:
    record = str(RECORDS / "glory-to-rome_2p_greedy_unfinished.json")
    status, out = run(["review", record, "--seat", "1", "--level", "normal"])
    assert status == 0, out
    assert "Glory to Rome: 54 decisions reviewed" in out
    assert "The game is not over: the decisions of its first 118 actions are reviewed." in out
    assert "Player 2: mistakes: " in out and "Player 1" not in out  # only the seat asked for
    mistake = next(line for line in out.splitlines() if line.startswith("  move "))
    assert "played " in mistake and "the bot preferred " in mistake and "win chance " in mistake
    assert "% → " in mistake and "0:" not in mistake and "1:" not in mistake  # words, not notation
    assert run(["review", record, "--seat", "1", "--level", "normal"])[1] == out  # seeded: the same again


def test_review_speaks_the_readers_language() -> None:
    status, out = run(["review", str(RECORDS / "glory-to-rome_2p_greedy_unfinished.json"), "--seat", "0",
                       "--level", "normal", "--lang", "pl"])
    assert status == 0, out
    assert "Gracz 1" in out and "Na chwałę Rzymu" in out and "Player 1" not in out


def test_review_json_parses_and_holds_every_seat_of_a_finished_game() -> None:
    status, out = run(["review", str(RECORDS / "fall-of-rome_2p_random.json"), "--level", "easy", "--json"])
    assert status == 0
    data = json.loads(out)
    assert data["finished"] and data["game"] == "fall-of-rome" and data["seats"] == [0, 1]
    assert data["decisions"] and {d["seat"] for d in data["decisions"]} == {0, 1}
    for decision in data["decisions"]:
        assert decision["loss"] >= 0 and decision["legal_options"] > 1
        assert 0 <= decision["best_win_chance"] <= 1  # co-operative: the team's chance


def test_an_unfinished_game_needs_a_seat(capsys: pytest.CaptureFixture[str]) -> None:
    record = str(RECORDS / "trajan_2p_random_unfinished.json")
    assert run(["review", record, "--level", "easy"])[0] == 2
    assert "--seat N" in capsys.readouterr().err
    assert run(["review", record, "--seat", "2", "--level", "easy"])[0] == 2
    assert "--seat 2 does not exist" in capsys.readouterr().err
    assert run(["review", str(RECORDS / "nowhere.json")])[0] == 2


def _hint(lang: str, game_id: str = "glory-to-rome", players: int = 2) -> list[str]:
    """What ``hint`` prints at the first decision of a seeded game in the terminal."""
    game = ludus.load(game_id, players)
    state = game.new_state(4)
    seat = state.to_move()[0]
    out = io.StringIO()
    answers = iter(["hint", "quit"])
    marks: list[int] = []

    def typed(prompt: str) -> str:
        marks.append(len(out.getvalue()))
        return next(answers)

    record = ludus.GameRecord(game.info.id, players, 4, game.option_dict)
    bots = {p: make_agent("random", p) for p in range(players) if p != seat}
    console = Console(file=out, width=200, color_system=None)
    TerminalSession(game, state, record, [seat], bots, console, typed, lang=get_lang(lang)).run()
    return out.getvalue()[marks[0]:marks[1]].splitlines()


def test_hint_in_the_terminal_shows_the_three_best_options_in_words() -> None:
    lines = _hint("en")
    assert lines[0].startswith("Hint:"), lines
    options = [line for line in lines if re.match(r"  [123]\. ", line)]
    assert len(options) == 3 and all("win chance " in line and "%" in line for line in options), lines
    assert not any(re.search(r"\b\d:\w", line) for line in options)  # the game's words, not notation
    assert _hint("en") == lines  # seeded by the position: the same hint again


def test_hint_speaks_the_readers_language_and_reads_places_at_a_larger_table() -> None:
    lines = _hint("pl", "hadrians-wall", 3)
    options = [line for line in lines if re.match(r"  [123]\. ", line)]
    legal = ludus.load("hadrians-wall", 3).new_state(4).legal_actions(0)
    assert len(options) == min(3, len(legal)) == 2  # two Path cards to choose from: both shown
    place = get_lang("pl").gettext("expected place {place}").split("{")[0]
    assert place.strip() and place != "expected place "  # the Polish catalog's words
    assert all(place in line and "Ścieżki" in line for line in options), lines
