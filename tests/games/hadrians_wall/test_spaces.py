"""Hadrian's Wall for learners: the fixed action numbering and the observation (spaces.py).

The numbering is pinned by ``action_space_<n>p.txt`` (``game.action_space.lines()`` and its
digest, one file per player count): a change renumbers the actions of every trained policy,
so it is made on purpose only. To rewrite the files after such a change, run
``.venv/bin/python tests/games/hadrians_wall/test_spaces.py`` and say why in the commit.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import ludus
from ludus.core.actions import Action
from ludus.core.errors import LudusError
from ludus.games.hadrians_wall import spaces
from ludus.games.hadrians_wall.components import (
    ATTRIBUTE_MAX,
    FATE_CARDS,
    PHASE_NAMES,
    PLAYER_CARD_INDEX,
    PLAYER_CARDS,
    Verb,
)
from ludus.games.hadrians_wall.game import HadriansWall, HadriansWallState
from ludus.games.hadrians_wall.spaces import neutral_cards

HERE = Path(__file__).resolve().parent
PLAYERS = range(1, 7)


def golden_text(players: int) -> str:
    """The text of ``action_space_<players>p.txt``: the numbering, then its digest."""
    space = ludus.load("hadrians-wall", players=players).action_space
    return space.golden_text()


def write_golden() -> None:
    """Rewrite every golden file (on purpose only: see the module's docstring)."""
    for players in PLAYERS:
        (HERE / f"action_space_{players}p.txt").write_text(golden_text(players), encoding="utf-8")


def _game(players: int, **options: object) -> HadriansWall:
    game = ludus.load("hadrians-wall", players=players, **options)
    assert isinstance(game, HadriansWall)
    return game


def _actions(value: object) -> Iterator[Action]:
    """Every Action in a prebuilt table's slot (an action, a tuple or dict of them, nested)."""
    if isinstance(value, Action):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _actions(item)
    elif isinstance(value, tuple):
        for item in value:
            yield from _actions(item)


def _play(game: HadriansWall, seed: int) -> Iterator[HadriansWallState]:
    """The states of a seeded random game that rarely ends a Year early (to reach deep states)."""
    rng = random.Random(seed)
    state = game.new_state(seed)
    while not state.is_terminal():
        yield state
        actions = state.legal_actions(rng.choice(state.to_move()))
        going_on = [a for a in actions if a.verb != Verb.END]
        state.apply(rng.choice(going_on if going_on and rng.random() < 0.97 else actions))


# --- the action numbering -----------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_the_numbering_is_the_golden_one(players: int) -> None:
    golden = (HERE / f"action_space_{players}p.txt").read_text(encoding="utf-8")
    assert golden_text(players) == golden, "the action numbering changed: see the module's docstring"


def test_every_verb_in_declaration_order_and_sizes() -> None:
    sizes = {}
    for players in PLAYERS:
        game = _game(players)
        assert [kind.verb for kind in game.action_space.kinds] == [str(v) for v in Verb]
        sizes[players] = game.num_distinct_actions
    assert sizes == {1: 319, 2: 321, 3: 321, 4: 323, 5: 325, 6: 327}


@pytest.mark.parametrize("players", PLAYERS)
def test_every_prebuilt_action_has_a_number(players: int) -> None:
    # Legal-action lists pick from these tables and never build an action: all must be numbered,
    # but for the Neutral cards a player count never turns up (the tables hold two at any count).
    game = _game(players)
    space = game.action_space
    unused = {f"n{i}" for i in range(neutral_cards(players), 2)}
    numbers: set[int] = set()
    for table in game.config.tables:
        for slot in type(table).__slots__:
            for action in _actions(getattr(table, slot)):
                if unused.intersection(map(str, action.args)):
                    with pytest.raises(LudusError, match="not in the game's action space"):
                        game.encode_action(action)
                    continue
                number = game.encode_action(action)
                assert space.decode(number, action.player) == action
                numbers.add(number)
    assert len(numbers) > 250


def test_the_numbering_ignores_the_options() -> None:
    plain = _game(1).action_space.digest()
    for options in ({"campaign_fort": 7}, {"difficulty": "hard", "final_pass": True},
                    {"resource_passing": False}):
        assert _game(1, **options).action_space.digest() == plain


def test_decode_takes_the_seat_to_move_or_the_one_given() -> None:
    game = _game(2)
    state = game.new_state(3)
    number = game.encode_action(Action(1, "path", ("forager",)))
    assert game.decode_action(state, number, player=1) == Action(1, "path", ("forager",))
    assert game.decode_action(state, 0, player=0) == Action(0, "path", (PLAYER_CARDS[0].id,))


OPTION_SETS: list[tuple[int, dict[str, Any]]] = [
    *((players, {}) for players in PLAYERS),
    (1, {"difficulty": "hard"}),
    (1, {"campaign_fort": 3}),  # one Neutral card a Year
    (1, {"campaign_fort": 7}),
    (1, {"campaign_fort": 12, "campaign_reward": True}),
    (3, {"final_pass": True}),
    (4, {"resource_passing": False}),
]


def test_every_legal_action_of_random_games_has_a_number() -> None:
    seen: set[str] = set()
    for players, options in OPTION_SETS:
        game = _game(players, **options)
        space = game.action_space
        for seed in range(2):
            for state in _play(game, seed):
                for action in state.legal_actions(None):
                    assert space.decode(space.encode(action),
                                        action.player) == action, (players, options, action)
                    seen.add(str(action.verb))
    assert seen == {str(v) for v in Verb}, "the games offered every verb"


# --- the observation ----------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_an_observation_is_the_same_on_what_the_seat_cannot_tell_apart(players: int) -> None:
    game = _game(players)
    size = game.observation_layout.size
    checked = 0
    for n, state in enumerate(_play(game, players)):
        if n % 5:
            continue
        for seat in [None, *range(players)]:
            seen = game.observe(state.view(seat), seat)
            assert len(seen) == size and all(math.isfinite(x) for x in seen)
            for det_seed in (1, 2):
                other = state.determinize(seat, det_seed + 7 * n)
                assert game.observe(other.view(seat), seat) == seen, (n, seat)
            checked += 1
    assert checked > 20


def test_a_seat_block_seen_before_is_the_one_built_anew() -> None:
    # Seat blocks are kept by everything they are built from (spaces._BLOCKS): a block taken
    # from there must be the block that would be built now.
    game = _game(4)
    kept = []
    for n, state in enumerate(_play(game, 8)):
        for seat in (n % 4, None):
            kept.append((state.view(seat), seat, game.observe(state.view(seat), seat)))
    assert len(spaces._BLOCKS) > 10
    for view, seat, seen in kept[::7]:
        spaces._BLOCKS.clear()
        assert game.observe(view, seat) == seen
        assert game.observe(view, seat) == seen  # now from the blocks kept


def _slice(game: HadriansWall, observation: list[float], name: str) -> list[float]:
    part = game.observation_layout[name]
    return observation[part.start:part.stop]


def _deep_state(players: int, seed: int, steps: int) -> HadriansWallState:
    game = _game(players)
    state = game.new_state(seed)
    for n, state in enumerate(_play(game, seed)):
        if n == steps:
            return state
    raise AssertionError("the game ended too soon")


def test_named_slices_read_what_the_view_says() -> None:
    state = _deep_state(3, 5, 150)
    game = state.game
    view = state.view(1)
    seen = game.observe(view, 1)
    boards = view["boards"]
    # The observer's block comes first, the others in seat order after it.
    for k, q in enumerate((1, 2, 0)):
        b = boards[q]
        assert _slice(game, seen, f"s{k}.items") == pytest.approx([x / 10 for x in b["items"]])
        assert _slice(game, seen,
                      f"s{k}.attributes") == pytest.approx([x / ATTRIBUTE_MAX for x in b["attrs"]])
        assert _slice(game, seen, f"s{k}.built") == b["built"]
        assert _slice(game, seen, f"s{k}.to_move") == [float(q in view["to_move"])]
        paths = _slice(game, seen, f"s{k}.paths")
        assert [PLAYER_CARDS[i].id for i, x in enumerate(paths) if x] == sorted(b["paths"],
                                                                                key=PLAYER_CARD_INDEX.get)
        cells = _slice(game, seen, f"s{k}.map")
        assert sum(int(x) << i for i, x in enumerate(cells)) == b["map"]
    assert _slice(game, seen, "year").index(1.0) == view["year"] - 1
    assert _slice(game, seen, "phase").index(1.0) == PHASE_NAMES.index(view["phase"])
    assert _slice(game, seen, "year_card").index(1.0) == view["year_card"]
    discard = _slice(game, seen, "fate_discard")
    assert {i for i, x in enumerate(discard) if x} == set(view["fate_discard"])
    assert _slice(game, seen, "fate_deck") == pytest.approx([view["fate_deck_size"] / len(FATE_CARDS)])
    assert game.observe(json.loads(json.dumps(view)), 1) == seen  # a view sent as JSON observes the same


def test_a_finished_game_is_observed_too() -> None:
    game = _game(4)
    state = game.new_state(2)
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions(rng.choice(state.to_move()))))
    for seat in (None, 0, 3):
        seen = game.observe(state.view(seat), seat)
        assert len(seen) == game.observation_layout.size and all(math.isfinite(x) for x in seen)
        assert _slice(game, seen, "phase") == [0.0, 0.0, 0.0, 1.0]
        assert not any(_slice(game, seen, f"s{k}.to_move")[0] for k in range(4))


def test_the_own_cards_are_private_and_the_spectator_sees_none() -> None:
    game = _game(2)
    state = game.new_state(4)  # the choice of Year 1: each seat holds 2 drawn cards
    mine = state.view(0)["boards"][0]
    seen = game.observe(state.view(0), 0)
    assert {PLAYER_CARDS[i].id for i, x in enumerate(_slice(game, seen, "hand")) if x} == set(mine["hand"])
    spectator = game.observe(state.view(None), None)
    assert not any(_slice(game, spectator, "hand")) and not any(_slice(game, spectator, "choice"))
    # The spectator's layout is seat 0's with the private parts zero.
    for name in ("hand", "choice"):
        part = game.observation_layout[name]
        seen[part.start:part.stop] = [0.0] * part.size
    assert spectator == seen
    state.apply(state.legal_actions(0)[1])  # seat 0 keeps a Path: only seat 0 sees which
    chosen = _slice(game, game.observe(state.view(0), 0), "choice")
    assert PLAYER_CARDS[chosen.index(1.0)].id == state.view(0)["boards"][0]["choice"]
    assert not any(_slice(game, game.observe(state.view(1), 1), "choice"))


def test_the_next_decision_is_described() -> None:
    game = _game(1)
    for state in _play(game, 11):
        pending = state.view(0)["boards"][0]["pending"]
        if pending and pending[0].startswith("shape:"):
            break
    else:
        raise AssertionError("no pattern was turned")
    seen = game.observe(state.view(0), 0)
    pattern = pending[0].split(":")[1]
    assert _slice(game, seen, "decision_pattern") == [float(p == pattern) for p in "IOTLS"]
    assert sum(_slice(game, seen, "decision_shape")) == 4
    assert _slice(game, seen, "s0.next")[5] == 1.0  # shape


def test_the_docs_show_every_kind_slice_and_size() -> None:
    text = (HERE.parents[2] / "docs" / "games" / "hadrians-wall.md").read_text(encoding="utf-8")
    section = text.split("## Action numbering and observations", 1)[1].split("\n## ", 1)[0]
    for kind in _game(1).action_space.kinds:
        assert f"| `{kind.verb}` |" in section
    for name, size, _ in spaces.observation_parts(1):
        name = name.replace("s0.", "sK.")
        assert f"| `{name}` |" in section and f" {size} | " in section, name
    games = [_game(players) for players in PLAYERS]
    assert "| `num_distinct_actions` | " + " | ".join(str(g.num_distinct_actions)
                                                      for g in games) + " |" in section
    assert "| observation size | " + " | ".join(str(g.observation_layout.size)
                                                for g in games) + " |" in section
    assert "| digest | " + " | ".join(f"`{g.action_space.digest()}`" for g in games) + " |" in section


if __name__ == "__main__":
    write_golden()
