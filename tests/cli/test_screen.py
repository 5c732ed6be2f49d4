"""Issue 11: the decision screen fits 80×24 for every decision of every game, and names
components as people read them."""

from __future__ import annotations

import re

import pytest

import ludus
from ludus.core.rng import Rng
from ludus.play.screen import HEIGHT, WIDTH, Painter, decision_screen, menu_lines

SNAKE = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")


@pytest.mark.parametrize(("game_id", "players"), [
    ("glory-to-rome", 2), ("glory-to-rome", 5), ("trajan", 2), ("trajan", 4),
    ("fall-of-rome", 1), ("fall-of-rome", 4), ("hadrians-wall", 1), ("hadrians-wall", 4),
])
def test_every_decision_screen_fits_80x24(game_id: str, players: int) -> None:
    game = ludus.load(game_id, players)
    state = game.new_state(11)
    rng = Rng(11)
    news: list[str] = []
    screens = 0
    while not state.is_terminal():
        seat = state.to_move()[0]
        actions = state.legal_actions(seat)
        if seat == 0:
            view = state.view(0)
            area = (game.render_seat(view, 0) or "").splitlines()
            assert area, "the seat's own area is shown above the prompt"
            assert all(len(line) <= WIDTH for line in area), [line for line in area if len(line) > WIDTH]
            assert not any(SNAKE.search(line) for line in area), [line for line in area if SNAKE.search(line)]
            labels = [game.describe(state, a) for a in actions]
            lines = decision_screen(news, area, labels, paint=Painter(game.palette))
            assert len(lines) <= HEIGHT - 1
            assert all(line.cell_len <= WIDTH for line in lines)
            shown = " ".join(line.plain for line in lines)
            assert "1  " in shown  # the menu is there, from its first entry
            news = []
            screens += 1
        events = state.apply(rng.choice(actions))
        news += [e.text for e in events if e.is_visible_to(0)]
    assert screens > 3


def test_a_long_menu_goes_to_columns_and_then_is_cut_with_a_note() -> None:
    short = [f"card {i}" for i in range(30)]
    lines = menu_lines(short, rows=10)
    assert len(lines) == 10 and "30  card 29" in " ".join(line.plain for line in lines)
    long_labels = [f"a long label that fills most of a line, number {i}" for i in range(30)]
    lines = menu_lines(long_labels, rows=10)
    assert len(lines) == 10
    assert lines[-1].plain.strip() == "… and 21 more: type menu to see them all (or type the notation)"
    assert lines[0].plain == "   1  a long label that fills most of a line, number 0"


def test_news_gives_way_to_the_menu_and_says_what_it_left_out() -> None:
    news = [f"event {i}" for i in range(40)]
    lines = [line.plain for line in decision_screen(news, ["my hand"], ["think", "lead"])]
    assert len(lines) == HEIGHT - 1
    assert lines[:2] == ["Since your last decision:", "  … 22 earlier: type log"]
    assert lines[-3:] == ["my hand", "   1  think", "   2  lead"]


@pytest.mark.parametrize(("game_id", "players"), [
    ("glory-to-rome", 4), ("trajan", 3), ("fall-of-rome", 3), ("hadrians-wall", 2)])
def test_the_whole_table_and_the_map_name_no_internal_id(game_id: str, players: int) -> None:
    game = ludus.load(game_id, players)
    state = game.new_state(2)
    rng = Rng(2)
    step = 0
    while not state.is_terminal():
        if step % 5 == 0:
            for seat in (0, None):
                view = state.view(seat)
                text = game.render(view, seat) + (game.render_map(view) or "")
                assert not SNAKE.search(text), SNAKE.findall(text)
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
        step += 1


def test_a_few_long_labels_get_lines_of_their_own_below_the_columns() -> None:
    labels = [f"sail to City{i}" for i in range(30)] + ["end actions and draw 2 player cards"]
    lines = [line.plain for line in menu_lines(labels, rows=12)]
    assert len(lines) == 11  # 30 short ones in 3 columns of 10, the long one below
    assert lines[-1] == "  31  end actions and draw 2 player cards"
    assert lines[0].startswith("   1  sail to City0") and "  11  sail to City10" in lines[0]
