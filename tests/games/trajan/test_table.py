"""Issue 11, Trajan at the table: every component has a text, labels and log lines name
components as the rulebook does (no internal ids), menus stay small, the score sheet's shape."""

from __future__ import annotations

import re
import statistics
from collections.abc import Iterator
from typing import Any

import pytest

import ludus
from ludus.core.rng import Rng
from ludus.games.trajan.components import (
    ACTIONS,
    BONUS_TILES,
    COMMODITIES,
    CONSTRUCTION_TILES,
    DEMAND_KINDS,
    FORUM_KINDS,
    PROVINCES,
    SHIP_KEYS,
    TRAJAN_CATEGORIES,
    TRAJAN_TILES,
)
from ludus.games.trajan.game import TrajanGame, TrajanState

INTERNAL = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b|\b[TB]\d{1,2}\b|\b[a-z]+-\d\b")
"""snake_case ids, raw Trajan/bonus tile codes, construction-tile names such as ``senate-4``."""
BAD_ARTICLE = re.compile(r"\ba [aeiouAEIOU]")

IDS: list[str] = [
    *ACTIONS, *COMMODITIES, *DEMAND_KINDS, *SHIP_KEYS,
    *(t.id for t in TRAJAN_TILES), *(b.id for b in BONUS_TILES), *(k.key for k in FORUM_KINDS),
    *(c.name for c in CONSTRUCTION_TILES), *(p.key for p in PROVINCES), *(c.key for c in TRAJAN_CATEGORIES),
    "draw_two", "take_discard", "display", "ship", "recruit", "march", "deploy", "hire", "build",
]


def _random_game(players: int, seed: int, **options: object) -> Iterator[tuple[TrajanGame, TrajanState, list[Any]]]:
    """Every decision of a random game: the game, the state before it and the legal actions."""
    game = ludus.load("trajan", players, **options)
    assert isinstance(game, TrajanGame)
    state = game.new_state(seed)
    rng = Rng(1000 + seed)
    while not state.is_terminal():
        actions = state.legal_actions(state.to_move()[0])
        yield game, state, actions
        state.apply(rng.choice(actions))


@pytest.mark.parametrize("name", IDS)
def test_every_component_id_has_a_text(name: str) -> None:
    game = ludus.load("trajan", 2)
    text = game.component_text(name)
    assert text is not None and len(text) > 20
    assert game.component_text(name.upper().replace("_", " ")) == text


def test_display_names_find_the_same_text() -> None:
    game = ludus.load("trajan", 2)
    assert game.component_text("Germania Inferior") == game.component_text("germania_inferior")
    assert game.component_text("Trajan extra-action tile") == game.component_text("extra_trajan")
    assert game.component_text("religion bonus tile") == game.component_text("B12")
    tile = game.component_text("T04")
    assert tile is not None and tile.startswith("commodity Trajan tile (orange + orange, 3 VP)")
    assert "two orange markers" in tile and "húzópakliból" in tile
    assert game.component_text("no such component") is None


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def test_every_component_in_a_view_has_a_text() -> None:
    known = {i.lower() for i in IDS}
    for game, state, _ in _random_game(3, 4):
        for value in _strings(state.view(0)):
            if value.lower() in known:
                assert game.component_text(value) is not None, value


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_labels_and_log_lines_name_no_internal_id(players: int, seed: int) -> None:
    lines: set[str] = set()
    for game, state, actions in _random_game(players, seed):
        lines.update(game.describe(state, a) for a in actions)
    game = ludus.load("trajan", players)
    state = game.new_state(seed)
    rng = Rng(1000 + seed)
    while not state.is_terminal():
        for event in state.apply(rng.choice(state.legal_actions(state.to_move()[0]))):
            lines.add(event.text)
    leaks = sorted(line for line in lines if INTERNAL.search(line) or BAD_ARTICLE.search(line))
    assert leaks == []
    assert any("Trajan tile (" in line for line in lines)


MENU_BOUND_PREGAME = 54
"""The pre-game choice lists every Trajan tile a seat may take (at most all 54, one choice)."""
MENU_BOUND = 22
"""Every other decision: at most the Construction action's hire, 20 spaces and "take no action"."""


def test_menus_are_small() -> None:
    sizes: list[int] = []
    for players, seed in ((2, 5), (3, 6), (4, 7)):
        for _, _state, actions in _random_game(players, seed):
            bound = MENU_BOUND_PREGAME if actions[0].verb == "choose" else MENU_BOUND
            assert len(actions) <= bound, [str(a) for a in actions]
            sizes.append(len(actions))
    sizes.sort()
    assert statistics.median(sizes) <= 6
    assert sizes[int(len(sizes) * 0.9)] <= 12


@pytest.mark.parametrize(("players", "edition"), [(2, 2), (3, 2), (2, 1)])
def test_score_sheet_rows_add_up_to_the_scores(players: int, edition: int) -> None:
    state = ludus.load("trajan", players, edition=edition).new_state(8)
    rng = Rng(0)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
    out = state.outcome()
    sheet = out.details["sheet"]
    categories = [row["category"] for row in sheet]
    expected = ["track", "hand", "workers_in_camp", "legionnaires_in_camp", "trajan_tiles_on_circle",
                "construction_sets", "bonus_tiles"]
    assert categories == [c for c in expected if edition == 2 or c != "trajan_tiles_on_circle"]
    for row in sheet:
        assert set(row) == {"category", "label", "hu", "points"}
        assert len(row["points"]) == players and row["label"] and row["hu"]
        assert not INTERNAL.search(row["label"])
    for p in range(players):
        assert sum(row["points"][p] for row in sheet) == out.scores[p]


def test_the_board_names_no_internal_id_and_fits_80_columns() -> None:
    for n, (game, state, _) in enumerate(_random_game(4, 9)):
        if n % 25:
            continue
        for seat in (0, None):
            text = game.render(state.view(seat), seat)
            assert not INTERNAL.search(text), INTERNAL.search(text)
            assert max(map(len, text.splitlines())) <= 80
