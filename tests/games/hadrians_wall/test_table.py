"""Issue 11, "a table people enjoy", for Hadrian's Wall: the log, labels, menus, the sheet."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from ludus.agents.lookahead import AgentSearch
from ludus.core.events import has_template, templates
from ludus.core.record import GameRecord, replay
from ludus.core.registry import load
from ludus.core.rng import Rng
from ludus.games.hadrians_wall.components import (
    ACTIONS,
    BUILDINGS,
    COHORTS,
    DOMAIN,
    ENGLISH,
    FATE_CARDS,
    FAVOUR,
    MARKET,
    MARKET_HEXAGONS,
    PATTERN_CELLS,
    PLAYER_CARDS,
    RESOURCE,
    Verb,
    item_count,
)
from ludus.games.hadrians_wall.config import orientations, shape_placements
from ludus.games.hadrians_wall.game import HadriansWall, HadriansWallState
from ludus.games.hadrians_wall.notation import component_names, describe_component
from ludus.testing.paths import duplicate_paths

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
    for old in record.actions:
        for text in game.upgrade_notation(old, record.version):
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


# --- 3. labels and log lines with no internal ids ------------------------------------------
RAW = re.compile(r"\b(?:[A-Z]\d|[pn]\d|[a-e][1-4](?:\.[a-e][1-4])+)\b")
"""A raw code: a box code (``L1``, ``A1``, ``C2``), a card source (``p1``, ``n0``) or a dotted list of map
cells.

Map cells one by one (``b2, a3``) are allowed: the rendered map is labelled a–e and 1–4.
"""


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_labels_and_log_lines_name_things_in_words(players: int, seed: int, options: dict[str, Any]) -> None:
    game: HadriansWall = load("hadrians-wall", players, **options)
    st = game.new_state(seed)
    rng = Rng(seed)
    while not st.is_terminal():
        for p in st.to_move():
            for action in st.legal_actions(p):
                label = game.describe(st, action)
                assert not SNAKE.search(label) and not RAW.search(label), label
                assert not re.search(r"\ba [AEIOUaeiou]", label), label  # "an Apparitores box"
        movers = st.to_move()
        legal = st.legal_actions(movers[rng.randbelow(len(movers))])
        for event in st.apply(legal[rng.randbelow(len(legal))]):
            assert not SNAKE.search(event.text) and not RAW.search(event.text), event.text


def test_every_kind_of_label_is_in_words() -> None:
    """Labels of actions random games rarely reach (the Market, the Baths, the Courthouse, Favours)."""
    game: HadriansWall = load("hadrians-wall", 3)
    st = game.new_state(1)
    table = st.cfg.tables[0]
    actions = [table.buy["p1"], table.buy["deck"], *table.hexagon, *table.bribe, *table.ruling,
               *table.perform, *table.favour_temple, *table.favour_diplomat, *table.scout.values(),
               *(f[3] for f in table.forum), *table.train_gladiator[0], *table.battle, *table.fort,
               *table.attribute, *table.cohort, *list(table.place.values())[:5], *table.turn.values(),
               *table.path, *table.temple, *table.citizen, *table.diplomat]
    for action in actions:
        label = game.describe(st, action)
        assert not SNAKE.search(label) and not RAW.search(label), label
    assert game.describe(st, table.hexagon[0]).endswith("into the Market hexagon for 4 Traders")


# --- 4. menu size --------------------------------------------------------------------------
def _menu_sizes(players: int, seed: int, greedy: bool, **options: Any) -> list[tuple[int, str]]:
    """Every seat's menu (size, first verb) at every step of a game, random or half greedy."""
    game: HadriansWall = load("hadrians-wall", players, **options)
    st = game.new_state(seed)
    rng = Rng(seed)
    searches = [AgentSearch() for _ in range(players)]
    sizes = []
    while not st.is_terminal():
        for p in st.to_move():
            legal = st.legal_actions(p)
            sizes.append((len(legal), str(legal[0].verb)))
        movers = st.to_move()
        seat = movers[rng.randbelow(len(movers))]
        legal = st.legal_actions(seat)
        action = game.greedy_action(st, seat, rng, searches[seat]) if greedy and seat % 2 == 0 else None
        st.apply(action or legal[rng.randbelow(len(legal))])
    return sizes


def test_menus_stay_small() -> None:
    """Every seat's menu over random games and half-greedy games (which build the Market and scout).

    Measured (this test's games, 4,046 prompts): median 10, p90 22, max 32 (a turn's whole
    menu: ``end`` plus every affordable action, each its own decision). The same games before
    issue 11's splits: 4,157 prompts, median 10, p90 22, max 40 (a menu holding Market
    purchases as source x hexagon); the largest menus then were Scouting placements, orientation
    x position (the L pattern: 68 on the empty map). Now a pattern is turned (at most 8
    orientations), then placed (at most 12 positions), and a purchase names its source, then its
    hexagon (at most 8). See docs/games/hadrians-wall.md, "Labels and menu size".
    """
    sizes = [s for players, seed, options in GAMES for s in _menu_sizes(players, seed, False, **options)]
    sizes += [s for players, seed in ((1, 2), (2, 1), (4, 1)) for s in _menu_sizes(players, seed, True)]
    for size, verb in sizes:
        bound = {Verb.TURN: 8,
                 Verb.PLACE: max(len(shape_placements(m)) for p in PATTERN_CELLS for m in orientations(p)),
                 Verb.HEXAGON: len(MARKET_HEXAGONS)}.get(verb, 40)
        assert size <= bound, (size, verb)
    counts = sorted(size for size, _ in sizes)
    median, p90, largest = counts[len(counts) // 2], counts[len(counts) * 9 // 10], counts[-1]
    print(f"menus: {len(counts)} prompts, median {median}, p90 {p90}, max {largest}")
    assert median <= 12 and p90 <= 24 and largest <= 40
    assert {Verb.TURN, Verb.PLACE, Verb.HEXAGON} <= {verb for _, verb in sizes}


# --- 5. small decisions: a purchase is its source then its hexagon; a pattern turned, placed -
def test_an_old_purchase_or_placement_upgrades_to_two_steps() -> None:
    game: HadriansWall = load("hadrians-wall", 4)
    assert game.upgrade_notation("0:buy deck A1", "0.1.0") == ["0:buy deck", "0:hexagon A1"]
    assert game.upgrade_notation("2:buy p1 B2", "0.3.0") == ["2:buy p1", "2:hexagon B2"]
    assert game.upgrade_notation("0:buy deck", "0.4.0") == ["0:buy deck"]
    assert game.upgrade_notation("0:build market", "0.1.0") == ["0:build market"]
    assert game.upgrade_notation("1:place b2.a3.b3.a4", "0.1.0") == ["1:turn b1.a2.b2.a3",
                                                                     "1:place b2.a3.b3.a4"]
    greedy = GameRecord.load(RECORDS / "hadrians-wall_1p_greedy.json")
    assert any(a.startswith("0:place ") for a in greedy.actions)
    assert replay(greedy).digest() == greedy.digests[-1]
    record = GameRecord.load(RECORDS / "hadrians-wall_4p_random.json")
    assert "0:buy deck A1" in record.actions and record.version < "0.4.0"
    state = replay(record)  # every recorded digest verified, after the last step of each old action
    assert state.digest() == record.digests[-1]


def test_a_purchase_asks_the_source_then_the_hexagon() -> None:
    game: HadriansWall = load("hadrians-wall", 2)
    st = game.new_state(1)
    while st.phase is not ACTIONS:
        st.apply(st.legal_actions(st.to_move()[0])[0])
    b = st.boards[0]
    b.built[MARKET] = 1
    b.citizens[0] = 5  # Traders: the hexagons for 4 and 5 are open
    b.items[RESOURCE] = 1
    st._legal = {}
    buys = [str(a) for a in st.legal_actions(0) if a.verb == Verb.BUY]
    assert buys == ["0:buy deck", "0:buy p1", "0:buy n0"]
    st.apply(game.parse_action(st, "0:buy deck"))  # paid, and the Fate card revealed: its good is known
    good = FATE_CARDS[st.fate_discard[-1]].good
    assert not b.items[RESOURCE] and not any(b.market)
    assert [str(a) for a in st.legal_actions(0)] == ["0:hexagon A1", "0:hexagon A2", "0:hexagon B1"]
    assert st.to_json()["boards"][0]["pending"] == [f"hexagon:deck:{good}"]
    assert game.load_state(st.to_json()).digest() == st.digest()
    st.apply(game.parse_action(st, "0:hexagon B1"))
    assert b.market[MARKET_HEXAGONS.index("B1")] == good and not b.pending


def test_a_last_temple_favour_is_one_option_and_an_old_one_reads_as_it() -> None:
    game: HadriansWall = load("hadrians-wall", 1)
    st = game.new_state(2)
    rng = Rng(2)
    while not (st.phase is FAVOUR and len(st.attack) >= 2):
        legal = st.legal_actions(0)
        st.apply(legal[rng.randbelow(len(legal))] if st.phase is not FAVOUR else legal[-1])
    b = st.boards[0]
    counts = [sum(1 for c in st.attack if FATE_CARDS[c].attack == k) for k in range(3)]
    b.cohorts = [0, 0, 0]
    b.temple_favours, b.temple_used, b.diplomats, b.diplomat_used = 1, 0, [], []
    b.done = 0
    st._legal = {}
    breached = [COHORTS[k] for k in range(3) if counts[k]]
    assert len(breached) >= 2
    assert [str(a) for a in st.legal_actions(0)] == [f"0:favour temple {breached[0]}", "0:defend"]
    other = game.parse_action(st, f"0:favour temple {breached[1]}")
    assert str(other) == f"0:favour temple {breached[0]}"
    b.temple_favours = 2  # a Temple Favour may follow: the Cohort is a choice again
    st._legal = {}
    assert [str(a) for a in st.legal_actions(0)] == [*(f"0:favour temple {c}" for c in breached), "0:defend"]


# --- 6. no duplicate paths; forced answers -------------------------------------------------
@pytest.mark.parametrize(("players", "seed"), [(1, 3), (2, 5), (3, 7), (4, 9)])
def test_no_two_chains_of_answers_reach_the_same_state(players: int, seed: int) -> None:
    """Every 3rd decision of a random game (greedy Market and Scouting included): no two chains alike.

    Nothing is allowed: a last Temple Favour is one option (ruling 19), a purchase is its source
    then its hexagon, a scouting its orientation then its place.
    """
    game: HadriansWall = load("hadrians-wall", players)
    st = game.new_state(seed)
    rng = Rng(seed)
    searches = [AgentSearch() for _ in range(players)]
    step = checked = 0
    while not st.is_terminal():
        step += 1
        movers = st.to_move()
        if step % 3 == 0:
            for seat in movers:
                assert duplicate_paths(st, seat) == [], step
                checked += 1
        seat = movers[rng.randbelow(len(movers))]
        legal = st.legal_actions(seat)
        # Half the seats play greedily (they build the Market and scout), half at random.
        action = game.greedy_action(st, seat, rng, searches[seat]) if seat % 2 == 0 else None
        st.apply(action or legal[rng.randbelow(len(legal))])
    assert checked > 30


def test_forced_is_the_single_option() -> None:
    game: HadriansWall = load("hadrians-wall", 2)
    st = game.new_state(1)
    while st.phase is not ACTIONS:
        st.apply(st.legal_actions(st.to_move()[0])[0])
    assert st.forced(0) is None and len(st.legal_actions(0)) > 1
    b = st.boards[0]
    b.built[MARKET] = 1
    b.citizens[0] = 4  # Traders: only the hexagon for 4 is open
    b.items[RESOURCE] = 1
    st._legal = {}
    st.apply(game.parse_action(st, "0:buy deck"))  # the card is revealed to all; one hexagon to write it in
    assert st.legal_actions(0) == [st.cfg.tables[0].hexagon[0]]
    assert st.forced(0) == st.cfg.tables[0].hexagon[0]
    assert st.forced(1) is None


# --- 7. the board shows raw values ----------------------------------------------------------
def _shown(text: str, label: str) -> str:
    """The first line of ``text`` whose label (the sheet's left column) is ``label``."""
    return next(line for line in text.splitlines() if line[2:14].strip().rstrip(":") == label or
                line.strip().startswith(label + ":"))


@pytest.mark.parametrize("players", [1, 3, 6])
def test_the_board_shows_every_value_as_a_number_in_80_columns(players: int) -> None:
    game: HadriansWall = load("hadrians-wall", players)
    st = game.new_state(players)
    rng = Rng(players)
    searches = [AgentSearch() for _ in range(players)]
    step = 0
    while not st.is_terminal():
        step += 1
        if step % 25 == 0:
            view = st.view(0)
            text = game.render(view, 0)
            assert all(len(line) <= 80 for line in text.splitlines()), max(text.splitlines(), key=len)
            assert not SNAKE.search(text), SNAKE.search(text)
            for seat, b in enumerate(view["boards"]):
                sheet = text.split(f"== Player {seat + 1} ==")[1].split("== Player")[0]
                items = _shown(sheet, "Items")
                assert items.endswith(", ".join(item_count(i, n, ENGLISH) for i, n in enumerate(b["items"])))
                for label, key, total in (("Wall", "wall", 21), ("Fort", "fort", 21),
                                          ("Mining", "mining", 14), ("Wall Guard", "guard", 18),
                                          ("Cippi", "cippi", 7)):
                    assert re.search(rf"\b{b[key]}/{total} filled, \d+ open", _shown(sheet, label)), label
                for name, value in zip(("Renown", "Piety", "Valour", "Discipline"), b["attrs"], strict=True):
                    assert _shown(sheet, name).endswith(f" {value}")
                final = b["disdain"] - b["disdain_removed"]
                assert f" {b['disdain']} circled, {b['disdain_removed']} crossed out: {final} (-" in _shown(
                    sheet, "Disdain")
                cohorts = _shown(sheet, "Cohorts")
                assert all(f" {n}/6" in cohorts for n in b["cohorts"])
                assert f" {b['production']}/9" in _shown(sheet, "Production")
                assert f" {b['scouts']}/5" in _shown(sheet, "Diplomats")
                assert f" {b['temple_favours']} gained, {b['temple_used']} used" in _shown(sheet, "Temples")
            seat_text = game.render_seat(view, 0)
            assert not SNAKE.search(seat_text) and all(len(line) <= 80 for line in seat_text.splitlines())
        movers = st.to_move()
        seat = movers[rng.randbelow(len(movers))]
        st.apply(game.greedy_action(st, seat, rng, searches[seat]) or st.legal_actions(seat)[0])
    assert step > 100
