"""Issue 11, Trajan at the table: every component has a text, labels and log lines name
components as the rulebook does (no internal ids), menus stay small, the score sheet's shape."""

from __future__ import annotations

import json
import re
import statistics
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import ludus
from games.trajan.tj_helpers import action_step, in_play
from ludus.agents import GreedyAgent
from ludus.core.actions import Action
from ludus.core.errors import StateError
from ludus.core.record import GameRecord
from ludus.core.rng import Rng
from ludus.games.trajan.components import (
    ACTIONS,
    BONUS_TILES,
    CAT_LAUREL,
    CATEGORY_KEYS,
    COMMODITIES,
    CONSTRUCTION_TILES,
    DEMAND_KINDS,
    FORUM_KINDS,
    PROVINCES,
    SEAPORT,
    SHIP_KEYS,
    TRAJAN_CATEGORIES,
    TRAJAN_INDEX,
    TRAJAN_TILES,
    Phase,
    Sub,
)
from ludus.games.trajan.game import TrajanGame, TrajanState
from ludus.testing.paths import duplicate_paths
from ludus.testing.scenario import edit, legal, play

RECORDS = Path(__file__).resolve().parents[2] / "fixtures" / "records"

INTERNAL = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b|\b[TB]\d{1,2}\b|\b[a-z]+-\d\b")
"""snake_case ids, raw Trajan/bonus tile codes, construction-tile names such as ``senate-4``."""
BAD_ARTICLE = re.compile(r"\ba [aeiouAEIOU]")

IDS: list[str] = [
    *ACTIONS, *COMMODITIES, *DEMAND_KINDS, *SHIP_KEYS,
    *(t.id for t in TRAJAN_TILES), *(b.id for b in BONUS_TILES), *(k.key for k in FORUM_KINDS),
    *(c.name for c in CONSTRUCTION_TILES), *(p.key for p in PROVINCES), *(c.key for c in TRAJAN_CATEGORIES),
    "draw_two", "take_discard", "display", "ship", "recruit", "march", "deploy", "hire", "build",
]


def _random_game(players: int, seed: int,
                 **options: object) -> Iterator[tuple[TrajanGame, TrajanState, list[Any]]]:
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


MENU_BOUND_STACKS = 6
"""The pre-game stack: one of the six categories still allowed (ruling 36)."""
MENU_BOUND_PREGAME = 9
"""The pre-game tile: one of the chosen stack's tiles (9 before anyone took one; was all 54, one
choice, before 0.4.0)."""
MENU_BOUND = 22
"""Every other decision: at most the Construction action's hire, 20 spaces and "take no action"."""


def test_menus_are_small() -> None:
    # measured over these games (ruling 29): median 4, p90 7, max 22 (the Construction action);
    # the pre-game choice at most 6 stacks, then at most 9 tiles (max 54 before 0.4.0)
    sizes: list[int] = []
    for players, seed in ((2, 5), (3, 6), (4, 7)):
        for _, _state, actions in _random_game(players, seed):
            verb = actions[0].verb
            bound = {"stack": MENU_BOUND_STACKS, "choose": MENU_BOUND_PREGAME}.get(verb, MENU_BOUND)
            assert len(actions) <= bound, [str(a) for a in actions]
            sizes.append(len(actions))
    sizes.sort()
    assert statistics.median(sizes) <= 4
    assert sizes[int(len(sizes) * 0.9)] <= 7
    assert max(sizes) <= MENU_BOUND


# --- no two chains of answers to the same decision (issue 11) ---------------------------------------
def _verb(text: str) -> str:
    return text.split(":", 1)[1].split()[0]


def _runs_sorted(chain: tuple[str, ...]) -> list[str]:
    """``chain`` with each run of consecutive ``display`` / ``load`` answers sorted."""
    out: list[str] = []
    run: list[str] = []
    for a in chain:
        if _verb(a) in ("display", "load"):
            run.append(a)
            continue
        out += [*sorted(run), a]
        run = []
    return out + sorted(run)


def allowed(first: tuple[str, ...], second: tuple[str, ...]) -> str | None:
    """Why two chains that end alike are allowed (the ruling), or ``None``: a duplicate path."""
    extras = {a for a in first if _verb(a) == "extra"}
    if extras and extras == {a for a in second if _verb(a) == "extra"}:
        return "32: the action and its repeat by an extra-action tile are separate decisions"
    if {_verb(first[0]), _verb(second[0])} == {"effect", "skip"}:
        return "32: the Trajan tile's effect and the tray's action are separate decisions"
    if _runs_sorted(first) == _runs_sorted(second):
        return "33: the cards of a display or a load in another order (kept for older records)"
    ships = [a for a in first + second if _verb(a) == "ship"]
    if len(ships) == 2 and len(set(ships)) == 2 and ships[0] in first and ships[1] in second:
        unship = [_runs_sorted(_one_card_a_load(chain)) for chain in (first, second)]
        if unship[0] == unship[1]:
            return "33: the same cards shipped on two ships whose grey sides pay alike"
    piles = {f"{a.split()[0]} {side}" for a in first + second for side in ("left", "right")}
    if len(first) == len(second) == 1 and _verb(first[0]) in ("take_card", "take_discard") and (
            {first[0], second[0]} == piles):
        return "35: two discard piles alike once refilled (the card turned up is not known before)"
    return None


def _one_card_a_load(chain: tuple[str, ...]) -> tuple[str, ...]:
    """``chain`` without its ``ship`` answer, a pair loaded (``load fruit fruit``) as two cards."""
    out: list[str] = []
    for a in chain:
        if _verb(a) == "load":
            seat, words = a.split(":", 1)[0], a.split()[1:]
            out += [f"{seat}:load {w}" for w in words]
        elif _verb(a) != "ship":
            out.append(a)
    return tuple(out)


def test_allowed_pairs_are_narrow() -> None:
    assert allowed(("0:take seaport", "0:display oil", "0:display wine"),
                   ("0:take seaport", "0:display wine", "0:display oil")) is not None
    assert allowed(("0:recruit", "0:extra extra_military", "0:march raetia"),
                   ("0:march raetia", "0:extra extra_military", "0:recruit")) is not None
    assert allowed(("0:meet bread joker",), ("0:meet religion joker",)) is None
    assert allowed(("0:pile left", "0:discard oil"), ("0:pile right", "0:discard oil")) is None
    assert allowed(("0:display oil", "0:stop"), ("0:display oil", "0:display wine")) is None
    assert allowed(("0:ship identical", "0:load fruit", "0:load fruit", "0:sail"),
                   ("0:ship pairs", "0:load fruit fruit", "0:sail")) is not None
    assert allowed(("0:take_card left",), ("0:take_card right",)) is not None
    assert allowed(("0:take_card left",), ("0:take_card deck",)) is None


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_no_two_chains_of_answers_end_alike(players: int, seed: int) -> None:
    found: list[str] = []
    reasons: set[str] = set()
    for n, (_, state, _actions) in enumerate(_random_game(players, seed)):
        if n % 3:
            continue
        for pair in duplicate_paths(state, state.to_move()[0]):
            reason = allowed(pair.first, pair.second)
            if reason is None:
                found.append(str(pair))
            else:
                reasons.add(reason[:2])
    assert found == []
    assert "33" in reasons  # the allowed pairs do occur (the check is not vacuous)


# --- forced(seat): only public single options are played for a person ------------------------------
def test_a_public_single_option_is_forced_and_a_hidden_one_is_asked() -> None:
    state = in_play(2, 3)
    with edit(state):
        action_step(state, 1, SEAPORT)
        state.target = SEAPORT
    assert state.forced(1) is None and state.forced(0) is None  # several options; not seat 0's turn
    empty = state.clone()
    with edit(empty):
        for c in range(len(COMMODITIES)):
            empty.display[1][c] += empty.hand[1][c]
        empty.hand[1] = [0] * len(COMMODITIES)
        empty.known[1] = [0] * len(COMMODITIES)
        empty.discards = [[], []]
        empty.draw = []
    assert legal(empty) == ["1:pass"] and empty.forced(1) == Action(1, "pass")  # an empty hand is public
    play(state, "1:draw_two", "1:pile left")
    kinds = [c for c in range(len(COMMODITIES)) if state.hand[1][c]]
    with edit(state):
        for c in kinds[1:]:
            state.display[1][c] += state.hand[1][c]
            state.hand[1][c] = 0
            state.known[1][c] = 0
    assert len(legal(state)) == 1 and state.forced(1) is None  # one kind in hand: others cannot tell
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


# --- the Seaport discard: the pile, then the card (engine 0.4.0) ---------------------------------
def _after_draw_two(seed: int = 3) -> TrajanState:
    state = in_play(2, seed)
    with edit(state):
        action_step(state, 1, SEAPORT)
        state.target = SEAPORT
    play(state, "1:draw_two")
    return state


def test_the_discard_asks_the_pile_then_the_card() -> None:
    state = _after_draw_two()
    assert legal(state) == ["1:pile left", "1:pile right"]
    assert state.view(0)["turn"]["sub"] == "discard"
    play(state, "1:pile right")
    cards = [COMMODITIES[c] for c in range(len(COMMODITIES)) if state.hand[1][c]]
    assert legal(state) == [f"1:discard {c}" for c in cards]
    assert state.view(0)["turn"]["sub"] == "discard_right"
    game = state.game
    again = game.load_state(state.to_json())
    assert again.to_json() == state.to_json() and legal(again) == legal(state)
    before = sum(state.hand[1])
    events = play(state, f"1:discard {cards[-1]}")
    assert events[0].kind == "discard"
    assert state.discards[1][-1] == COMMODITIES.index(cards[-1]) and sum(state.hand[1]) == before - 1
    assert game.describe(state, Action(1, "pile", ("left",))) == "discard a card on the left discard pile"
    assert game.describe(state, Action(1, "discard", ("oil",))) == "discard an oil card"


def test_an_old_discard_upgrades_to_the_pile_and_the_card() -> None:
    game = ludus.load("trajan", 4)
    assert game.upgrade_notation("1:discard cattle right", "0.1.0") == ["1:pile right", "1:discard cattle"]
    assert game.upgrade_notation("1:discard cattle right", "0.3.0") == ["1:pile right", "1:discard cattle"]
    assert game.upgrade_notation("1:discard cattle", "0.4.0") == ["1:discard cattle"]
    assert game.upgrade_notation("1:take_discard right", "0.1.0") == ["1:take_discard right"]
    # a state reached by the old single action is the state reached by the two new ones
    one, two = _after_draw_two(), _after_draw_two()
    card = COMMODITIES[next(c for c in range(len(COMMODITIES)) if one.hand[1][c])]
    for text in game.upgrade_notation(f"1:discard {card} left", "0.1.0"):
        play(one, text)
    play(two, "1:pile left", f"1:discard {card}")
    assert one.digest() == two.digest()


def test_the_greedy_record_of_0_1_0_replays_its_discards_with_every_digest() -> None:
    record = GameRecord.load(RECORDS / "trajan_4p_greedy.json")
    assert record.version == "0.1.0" and "1:discard cattle right" in record.actions
    state = ludus.replay(record)  # every recorded digest is compared (RecordError otherwise)
    assert state.digest() == record.digests[-1] and state.is_terminal()


def test_the_greedy_bot_plans_the_discard_whole() -> None:
    state = _after_draw_two()
    agent = GreedyAgent(4)
    pile = agent.act(state, 1)
    assert pile.verb == "pile"
    play(state, str(pile))
    card = agent.act(state, 1)
    assert card.verb == "discard" and not agent.search.memory


@pytest.mark.parametrize(("players", "seed"), [(2, 14), (3, 15), (4, 16)])
def test_a_forced_action_is_the_only_one_in_every_world_another_seat_imagines(players: int,
                                                                              seed: int) -> None:
    forced = 0
    for _, state, actions in _random_game(players, seed):
        seat = state.to_move()[0]
        only = state.forced(seat)
        if only is None:
            continue
        forced += 1
        assert actions == [only]
        for q in range(players):
            if q != seat:
                assert state.determinize(q, forced).legal_actions(seat) == [only], (str(only), q)
    assert forced  # some prompts are played for the person


# --- the pre-game Trajan tile: the stack, then the tile (engine 0.4.0, ruling 36) ----------------
def _choosing(players: int = 2, seed: int = 5, **options: object) -> TrajanState:
    game = ludus.load("trajan", players, **options)
    assert isinstance(game, TrajanGame)
    state = game.new_state(seed)
    while state.phase != Phase.CHOOSE_TRAJAN:
        state.apply(state.legal_actions(state.to_move()[0])[0])
    return state


def test_the_pregame_tile_asks_the_stack_then_the_tile() -> None:
    state = _choosing()
    assert legal(state) == [f"0:stack {c.key}" for c in TRAJAN_CATEGORIES]
    play(state, "0:stack laurel")
    assert state.view(1)["turn"]["sub"] == "stack_laurel"
    laurels = sorted(TRAJAN_TILES[t].id for t in state.trajan_stacks[CAT_LAUREL])
    assert legal(state) == [f"0:choose {t}" for t in laurels]
    again = state.game.load_state(state.to_json())
    assert again.to_json() == state.to_json() and legal(again) == legal(state)
    assert state.forced(0) is None  # several tiles: the person chooses
    play(state, f"0:choose {laurels[0]}")
    assert not state.pending and "0:stack laurel" not in legal(state)  # one tile per category
    assert state.game.describe(state, Action(0, "stack", ("laurel",))) == (
        "choose a tile from the victory-point Trajan tile stack")


def test_a_saved_stack_must_still_be_open() -> None:
    state = _choosing()
    play(state, "0:stack laurel", f"0:choose {TRAJAN_TILES[state.trajan_stacks[CAT_LAUREL][0]].id}",
         "0:stack cards")
    data = json.loads(json.dumps(state.to_json()))
    assert data["sub"] == Sub.STACK_CARDS
    data["sub"] = Sub.STACK_LAUREL  # a category the seat already holds
    with pytest.raises(StateError, match="'sub'"):
        state.game.load_state(data)


def test_an_old_pregame_choice_upgrades_to_the_stack_and_the_tile() -> None:
    game = ludus.load("trajan", 2)
    tile = TRAJAN_TILES[0]
    stack = f"0:stack {TRAJAN_CATEGORIES[tile.category].key}"
    assert game.upgrade_notation(f"0:choose {tile.id}", "0.1.0") == [stack, f"0:choose {tile.id}"]
    assert game.upgrade_notation(f"0:choose {tile.id}", "0.4.0") == [f"0:choose {tile.id}"]
    assert game.upgrade_notation("0:choose laurel", "0.1.0") == ["0:choose laurel"]  # a face-down stack
    for name in ("trajan_2p_random.json", "trajan_4p_greedy.json"):
        record = GameRecord.load(RECORDS / name)
        assert record.version == "0.1.0" and any(" T" in a and ":choose " in a for a in record.actions)
        state = ludus.replay(record)  # every recorded digest is compared (RecordError otherwise)
        assert state.digest() == record.digests[-1]


def test_face_down_top_tiles_stay_one_choice_of_stack() -> None:
    state = _choosing(pregame_trajan="top", trajan_face_up=False)
    assert legal(state) == [f"0:choose {c.key}" for c in TRAJAN_CATEGORIES]
    play(state, "0:choose laurel")
    assert not state.pending and state.setup_k == 1


def test_the_greedy_bot_plans_the_pregame_tile_whole() -> None:
    state = _choosing(3, 7)
    agent = GreedyAgent(2)
    stack = agent.act(state, 0)
    assert stack.verb == "stack"
    play(state, str(stack))
    tile = agent.act(state, 0)
    assert tile.verb == "choose" and not agent.search.memory
    assert TRAJAN_TILES[TRAJAN_INDEX[str(tile.args[0])]].category == CATEGORY_KEYS.index(str(stack.args[0]))
