"""Issue 11: a person plays each game to the end in a real 80×24 pseudo-terminal.

``ludus play`` runs as a separate process with a pseudo-terminal as its keyboard and
screen; a terminal emulator (pyte) shows what the person sees. The person answers with
a number from the menu on screen (a seeded choice), ``yes`` to a fatal-move warning.
Every decision screen fits 80×24, colours are on, and the game ends in its score sheet.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

from ludus.testing.terminal import Prompt, TerminalRun, play_in_terminal

COLS, ROWS = 80, 24

GAMES = [("glory-to-rome", 3, 7), ("trajan", 2, 7), ("fall-of-rome", 2, 7), ("hadrians-wall", 2, 7)]


def person(seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)

    def respond(prompt: Prompt, n: int) -> str:
        if "Type yes" in prompt.line:
            return "yes"
        numbers = prompt.menu()
        assert numbers, prompt.text()
        return str(rng.choice(numbers))

    return respond


def play(game: str, players: int, seed: int, data: Path,  # type: ignore[no-untyped-def]
         respond=None) -> TerminalRun:
    argv = [sys.executable, "-m", "ludus", "play", game, "--players", str(players), "--seed", str(seed),
            "--bots", "random"]
    return play_in_terminal(argv, respond or person(seed), COLS, ROWS, env={"LUDUS_DATA_DIR": str(data)})


@pytest.mark.parametrize(("game", "players", "seed"), GAMES)
def test_a_person_plays_a_whole_game_at_80x24(game: str, players: int, seed: int, tmp_path: Path) -> None:
    run = play(game, players, seed, tmp_path)
    assert run.exit_code == 0, run.plain[-2000:]
    text = run.plain
    assert "Game over" in text
    sheet = text[text.rindex("Game over"):]
    assert "Player 1 (you)" in sheet and ("total" in sheet or "together" in sheet)
    assert len(run.prompts) >= 5
    for n in range(1, len(run.prompts)):  # the first decision shows the whole table above it
        lines = run.printed(n)
        assert len(lines) <= ROWS, (n, "\n".join(lines))
        assert all(len(line) <= COLS for line in lines), (n, [line for line in lines if len(line) > COLS])
        line = run.prompts[n].line
        assert line.startswith("Player 1>") or line.endswith("Type yes to play it>"), line
    assert "There is no action" not in text
    assert re.search(rb"\x1b\[[0-9;]*m", run.transcript), "no colours in a colour terminal"
    saved = list((tmp_path / "games").glob(f"{game}*.json"))
    assert len(saved) == 1 and '"final_digest"' in saved[0].read_text()


def test_a_number_typed_ahead_is_not_played_on_the_next_menu(tmp_path: Path) -> None:
    # Two answers typed at once: the second reaches a menu the person has not seen.
    def respond(prompt: Prompt, n: int) -> str:
        return "1\r1" if n == 0 else "quit"

    run = play("glory-to-rome", 3, 7, tmp_path, respond)
    assert "Not played (typed before this menu was shown): 1" in run.plain
    assert len(run.prompts) == 2 and run.exit_code == 0
    record = next((tmp_path / "games").glob("glory-to-rome*.json")).read_text()
    assert record.count('"0:') == 1, record  # one action of the person's, not two


def test_palette_words_are_coloured(tmp_path: Path) -> None:
    run = play("fall-of-rome", 1, 3, tmp_path, lambda prompt, n: "quit")
    # a tribe colour in its colour: rich writes the style, then the word
    assert re.search(rb"\x1b\[[0-9;]*m(orange|black|green|white|blue)\x1b\[0m", run.transcript)
