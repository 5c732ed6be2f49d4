"""Issue 11, "a table people enjoy", for Hadrian's Wall: the log, labels, menus, the sheet."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from ludus.core.events import has_template, templates
from ludus.core.record import GameRecord
from ludus.core.registry import load
from ludus.core.rng import Rng
from ludus.games.hadrians_wall.components import BUILDINGS, DOMAIN, FATE_CARDS, PLAYER_CARDS
from ludus.games.hadrians_wall.game import HadriansWall, HadriansWallState
from ludus.games.hadrians_wall.notation import component_names, describe_component

RECORDS = Path(__file__).parents[2] / "fixtures" / "records"
GAMES = [(1, 1, {}), (2, 2, {}), (3, 3, {"resource_passing": False}), (4, 4, {}), (6, 5, {}),
         (1, 6, {"campaign_fort": 4, "difficulty": "normal"})]


def _random_game(players: int, seed: int, **options: Any) -> tuple[HadriansWall, list[tuple[Any, list[Any]]]]:
    """A random game: each action with the events it produced."""
    game: HadriansWall = load("hadrians-wall", players, **options)
    st: HadriansWallState = game.new_state(seed)
    rng = Rng(seed + 1000)
    played = []
    while not st.is_terminal():
        movers = st.to_move()
        legal = st.legal_actions(movers[rng.randbelow(len(movers))])
        action = legal[rng.randbelow(len(legal))]
        played.append((action, st.apply(action)))
    return game, played


# --- 1. the log --------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_every_action_is_in_the_public_log(players: int, seed: int, options: dict[str, Any]) -> None:
    _, played = _random_game(players, seed, **options)
    public = 0
    for action, events in played:
        assert any(e.visible_to is None for e in events), f"{action} left no public line"
        assert any(e.is_visible_to(action.player) for e in events)
        assert all(has_template(e.domain, e.kind) for e in events)
        public += sum(e.visible_to is None for e in events)
    assert public >= len(played)


def test_headers_mark_each_year_its_actions_and_the_end() -> None:
    _, played = _random_game(2, 3)
    kinds = [e.kind for _, events in played for e in events if e.visible_to is None]
    assert kinds.count("year") == 6 and kinds.count("actions") == 6 and kinds.count("attack") == 6
    assert kinds[0] == "year" and kinds[-1] == "over"


def test_private_draws_are_told_to_their_owner_only_every_year() -> None:
    _, played = _random_game(3, 4)
    draws = [e for _, events in played for e in events if e.kind == "draw"]
    assert len(draws) == 3 * 6
    assert all(e.visible_to == frozenset({e.data["seat"]}) for e in draws)


@pytest.mark.parametrize("name", ["hadrians-wall_1p_greedy.json", "hadrians-wall_4p_random.json"])
def test_records_replay_with_a_log_line_for_every_action(name: str) -> None:
    record = GameRecord.load(RECORDS / name)
    game = load(record.game, record.players, **record.options)
    st = game.new_state(record.seed)
    for text in record.actions:
        events = st.apply(game.parse_action(st, text))
        assert any(e.visible_to is None for e in events), text
        assert all(e.text for e in events)


def test_every_template_is_used_by_a_kind_the_rules_make() -> None:
    source = Path(__file__).parents[3] / "src" / "ludus" / "games" / "hadrians_wall" / "rules"
    code = "\n".join(p.read_text() for p in source.glob("*.py"))
    for kind in templates(DOMAIN):
        assert re.search(rf'"{kind}"', code), f"template {kind!r} is never logged"


# --- 2. what every component does ----------------------------------------------------------
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
"""An internal id: lower-case words joined by underscores (``fort builder``'s ``small_road``)."""


def test_every_component_has_a_description_in_words_found_by_its_name() -> None:
    game: HadriansWall = load("hadrians-wall", 2)
    names = component_names()
    assert len(names) == 5 + 30 + len(BUILDINGS) + len(PLAYER_CARDS) + len(FATE_CARDS) + 5
    for component, name in names.items():
        text = describe_component(component)
        assert text and not SNAKE.search(text), (component, text)
        for typed in (name, name.upper(), name.lower().replace(" ", "_")):
            found = game.component_text(typed)
            assert found is not None and text in found, typed
    assert game.component_text("no such thing") is None and game.component_text("  ") is None


def test_every_component_id_a_view_shows_has_a_description() -> None:
    game: HadriansWall = load("hadrians-wall", 1)
    st = game.new_state(8)
    rng = Rng(8)
    names = component_names()
    while not st.is_terminal():
        view = st.view(0)
        shown = {f"fate:{c + 1}" for c in [*view["fate_discard"], *view["attack"]]}
        shown |= {f"card:{c}" for c in [*view["neutral"], *view["neutral_discard"]]}
        for board in view["boards"]:
            shown |= {f"card:{c}" for c in [*board["paths"], *board["covered"], *board.get("hand", [])]}
            if board["prospect"]:
                shown.add(f"card:{board['prospect']}")
        shown |= {f"building:{k}" for k in BUILDINGS}
        assert shown <= set(names), shown - set(names)
        legal = st.legal_actions(st.to_move()[0])
        st.apply(legal[rng.randbelow(len(legal))])
