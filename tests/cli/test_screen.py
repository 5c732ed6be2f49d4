"""Issue 11: the decision screen fits 80×24 for every decision of every game, and names
components as people read them. Issue 36: its lines wrap under their text, never cut, and the
game's words are coloured in every language as in English."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

import ludus
from ludus.core.i18n import get_lang
from ludus.core.rng import Rng
from ludus.play.colours import game_palette
from ludus.play.screen import HEIGHT, WIDTH, Painter, decision_screen, menu_lines, wrap

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


# --- issue 36: wrapped, never cut; the words coloured in every language ----------------------------
def entries_of(lines: list[str]) -> dict[int, str]:
    """The menu entries on a screen (one column), each label's wrapped rows joined."""
    entries: dict[int, list[str]] = {}
    last = None
    for row in lines:
        found = re.match(r"^ *(\d+)  (\S.*)$", row)
        if found and (last is None or int(found.group(1)) == last + 1):
            last = int(found.group(1))
            entries[last] = [found.group(2)]
        elif last is not None and row.startswith(" " * 6):
            entries[last].append(row.strip())
    return {n: " ".join(rows) for n, rows in entries.items()}


def test_a_long_label_wraps_under_its_text_and_is_never_cut() -> None:
    label = "keep Lanista as your Path card (the other is your Development card)"
    lines = [line.plain for line in menu_lines([label, "pass"], rows=10, width=40)]
    assert lines == ["   1  keep Lanista as your Path card",
                     "      (the other is your Development",
                     "      card)",
                     "   2  pass"]
    assert wrap("  Gracz 2 dobiera: Lanista i Strażnik, a potem", 30) == [
        "  Gracz 2 dobiera: Lanista i", "    Strażnik, a potem"]


def test_the_menu_counts_its_wrapped_rows() -> None:
    labels = [f"a label long enough to take two rows of a narrow screen, {i}" for i in range(8)]
    lines = [line.plain for line in menu_lines(labels, rows=7, width=40)]
    shown = entries_of(lines)
    assert len(lines) <= 7 and shown == {n: labels[n - 1] for n in range(1, len(shown) + 1)}, lines
    said = " ".join(line.strip() for line in lines)
    assert f"… and {8 - len(shown)} more: type menu to see them all" in said
    screen = decision_screen(["news"] * 5, ["my hand"], labels, width=40, height=24)
    assert len(screen) <= 23 and all(line.cell_len <= 40 for line in screen)


@pytest.mark.parametrize("lang", ["pl", "hu", "uk"])
@pytest.mark.parametrize(("game_id", "players"), [
    ("glory-to-rome", 3), ("trajan", 2), ("fall-of-rome", 2), ("hadrians-wall", 2)])
def test_every_label_is_whole_on_the_screen_at_80_columns(game_id: str, players: int, lang: str) -> None:
    game = ludus.load(game_id, players)
    state = game.new_state(5)
    rng = Rng(5)
    screens = 0
    locale = get_lang(lang)
    while not state.is_terminal() and screens < 25:
        seat = state.to_move()[0]
        actions = state.legal_actions(seat)
        if seat == 0:
            labels = [game.describe(state, a, locale) for a in actions]
            area = (game.render_seat(state.view(0), 0, locale) or "").splitlines()
            lines = [line.plain for line in decision_screen([], area, labels, 80, 24, lang=locale)]
            assert len(lines) <= 23 and all(len(line) <= 80 for line in lines)
            assert not any(line.endswith("…") for line in lines), lines
            if len(labels) < 10:  # one column, every entry shown
                assert entries_of(lines) == {n: label for n, label in enumerate(labels, start=1)}, lines
            screens += 1
        state.apply(rng.choice(actions))
    assert screens > 3


def test_the_jack_is_coloured_in_every_form() -> None:
    styles = {}
    for lang, line, words in [("en", "think: take a Jack · Jacks 3", ["Jack", "Jacks"]),
                              ("pl", "pomyśl: weź Senatora · Senatorowie 3 · 2 Senatorów",
                               ["Senatora", "Senatorowie", "Senatorów"]),
                              ("hu", "gondolkodj: vegyél el egy Szenátort · Szenátorok 3",
                               ["Szenátort", "Szenátorok"]),
                              ("uk", "подумайте: візьміть Сенатора · Сенатори 3", ["Сенатора", "Сенатори"])]:
        paint = Painter(game_palette(ludus.load("glory-to-rome", 3), get_lang(lang)))
        text = paint(line)
        assert [line[span.start:span.end] for span in text.spans] == words, (lang, text.spans)
        styles[lang] = {span.style for span in text.spans}
    assert all(found == {"bold"} for found in styles.values()), styles


@pytest.mark.parametrize("lang", ["pl", "hu", "uk"])
@pytest.mark.parametrize(("game_id", "players"), [("glory-to-rome", 3), ("trajan", 2), ("fall-of-rome", 2)])
def test_every_language_colours_what_english_colours(game_id: str, players: int, lang: str) -> None:
    # the same component, the same colour: screen by screen, as many spans of each colour as in English
    game = ludus.load(game_id, players)
    state = game.new_state(4)
    rng = Rng(4)
    paints = {code: Painter(game_palette(game, get_lang(code))) for code in ("en", lang)}
    news: list[Any] = []
    screens = 0
    while not state.is_terminal() and screens < 40:
        seat = state.to_move()[0]
        actions = state.legal_actions(seat)
        if seat == 0:
            counts = {}
            for code, paint in paints.items():
                locale = get_lang(code)
                lines = ([event.text_in(locale) for event in news]
                         + (game.render_seat(state.view(0), 0, locale) or "").splitlines()
                         + [game.describe(state, a, locale) for a in actions])
                counts[code] = Counter(span.style for line in lines for span in paint(line).spans)
            assert counts[lang] == counts["en"], (screens, counts["en"] - counts[lang],
                                                  counts[lang] - counts["en"])
            news = []
            screens += 1
        news += [event for event in state.apply(rng.choice(actions)) if event.is_visible_to(0)]
    assert screens > 10
