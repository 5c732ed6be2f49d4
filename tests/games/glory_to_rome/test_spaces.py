"""Issue 19: Glory to Rome's fixed action numbering and its flat observation.

The numbering is kept in golden files, ``action_space_<n>p.txt`` beside this file: the
space's :meth:`~ludus.core.spaces.ActionSpace.lines` and then its digest. A change of the
numbering breaks every policy trained on it, so the files change on purpose only: after a
deliberate change (a new building, a new verb), regenerate them with

    .venv/bin/python tests/games/glory_to_rome/test_spaces.py

and say in the commit why the numbers moved.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

import ludus
from ludus.core.actions import Action
from ludus.core.record import GameRecord, replay
from ludus.core.rng import Rng
from ludus.games.glory_to_rome.components import CARD_BUILDING, MATERIAL_NAMES, SLUGS, Verb
from ludus.games.glory_to_rome.game import GloryToRome, GtrState

HERE = Path(__file__).parent
PLAYERS = (2, 3, 4, 5)
OPTION_SETS: list[dict[str, object]] = [
    {},
    {"rules": "classic"},  # 3-card petitions
    {"simplified": True},  # no building functions
    {"concession": True, "latrine_jack": False, "start_order": "en"},  # concede
]
RARE = {"lay_continue", "stairway_pool", "legacy_petition"}
"""Verbs random games (almost) never reach: the scenario tests below offer them."""


def _golden(players: int) -> str:
    space = ludus.load("glory-to-rome", players).action_space
    return space.golden_text()


def _golden_path(players: int) -> Path:
    return HERE / f"action_space_{players}p.txt"


def _random_game(game: GloryToRome, seed: int) -> list[GtrState]:
    """A random game's states, every one (the last is over)."""
    state = game.new_state(seed)
    rng = Rng(seed)
    states = [state.clone()]
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
        states.append(state.clone())
    return states


def _numbered(game: GloryToRome, actions: list[Action]) -> set[int]:
    """Each action's number, checked to decode back to the action for its seat."""
    numbers = set()
    for action in actions:
        number = game.encode_action(action)
        assert game.action_space.decode(number, action.player) == action, action
        numbers.add(number)
    return numbers


# --- the action numbering ---------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_action_space_matches_its_golden_file(players: int) -> None:
    assert _golden_path(players).read_text() == _golden(players), (
        "the action numbering changed: if on purpose, regenerate (see this module's docstring)")


def test_the_numbering_depends_on_the_player_count_only() -> None:
    for players in PLAYERS:
        digests = {ludus.load("glory-to-rome", players, **o).action_space.digest() for o in OPTION_SETS}
        assert len(digests) == 1
    sizes = [ludus.load("glory-to-rome", n).num_distinct_actions for n in PLAYERS]
    assert sizes == [4434, 4962, 5490, 6018]  # 528 more per seat: the seat arguments
    game = ludus.load("glory-to-rome", 3)
    assert game.encode_action(Action(1, "lead", ("laborer", "bar"))) == 0
    assert game.encode_action(Action(1, "lead", ("patron", "jack"))) == 245
    assert game.encode_action(Action(0, "think_jack", ())) == 333
    assert game.encode_action(Action(0, "demand", ("marble", "nopool"))) == 534
    assert game.encode_action(Action(2, "stairway", (1, "bar", "rubble"))) == 3096 + 240
    assert game.decode_action(game.new_state(0), 333, player=2) == Action(2, "think_jack", ())


def test_every_verb_is_numbered_with_every_value_of_the_card_data() -> None:
    game = ludus.load("glory-to-rome", 4)
    kinds = {(k.verb, len(k.args)): k for k in game.action_space.kinds}
    assert {verb for verb, _ in kinds} == {v.value for v in Verb}
    assert kinds["build", 2].args == (SLUGS, (*SLUGS, *MATERIAL_NAMES))
    assert kinds["lay", 3].size == 40 * 6 * 2 and kinds["senate", 1].args == ((0, 1, 2, 3),)
    # every prebuilt action of every seat has its number
    acts = game.acts
    prebuilt = [*acts.think_jack, *acts.think_draw, *acts.pass_, *acts.next, *acts.done, *acts.glory,
                *acts.follow_jack]
    for table in (acts.lead, acts.lead_architect, acts.lead_jack, acts.follow, acts.petition,
                  acts.petition_card, acts.gather, acts.hire, acts.sell, acts.demand, acts.demand_nopool,
                  acts.give):
        prebuilt.extend(a for seat in table for a in seat)
    # (seats share numbers)
    assert len(_numbered(game, prebuilt)) == len({(str(a.verb), a.args) for a in prebuilt})


def test_every_legal_action_of_random_games_has_a_number() -> None:
    """Random games at every player count and option set: each legal action encodes to a
    number that decodes back to it, for the seat that takes it (the conformance suite's
    ``[action-space]`` check, over more games)."""
    verbs: set[str] = set()
    numbers: set[int] = set()
    for players in PLAYERS:
        for k, options in enumerate(OPTION_SETS):
            game = ludus.load("glory-to-rome", players, **options)
            for g in range(5):
                seed = 100 * players + 10 * k + g
                state = game.new_state(seed)
                rng = Rng(seed)
                while not state.is_terminal():
                    legal = state.legal_actions()
                    numbers |= _numbered(game, legal)
                    verbs.update(str(a.verb) for a in legal)
                    chosen = legal[rng.randbelow(len(legal))]
                    assert game.decode_action(state, game.encode_action(chosen)) == chosen
                    state.apply(chosen)
    assert len(verbs) >= 28 and not verbs & RARE  # most verbs occur; the rare ones: the scenarios below
    assert len(numbers) > 1000


def _play(s: GtrState, *notations: str) -> set[str]:
    """Apply ``notations``, numbering every legal action on the way; the verbs offered."""
    offered = set()
    for text in notations:
        legal = s.legal_actions()
        _numbered(s.game, legal)
        offered.update(str(a.verb) for a in legal)
        s.apply(s.game.parse_action(s, text))
    legal = s.legal_actions()
    _numbered(s.game, legal)
    return offered | {str(a.verb) for a in legal}


def test_the_rare_actions_have_numbers() -> None:
    """Positions built card by card (the rulings' scenarios) offer the verbs random games seldom do."""
    from games.glory_to_rome.gtr_table import Table

    offered: set[str] = set()
    # Stairway with an Archway: a material from the pool onto an opponent's completed building.
    t = Table(2, leader=0)
    t.building(0, "stairway", "marble", "marble")
    t.building(1, "archway", "brick", "brick", complete=True)
    t.building(1, "shrine", "brick", "brick", complete=True)
    t.clients(0, "architect", "architect")
    t.stock(0, "marble", "brick")
    t.pool("brick")
    t.hand(0, "tower").hand(1, "wall")
    offered |= _play(t.state(), "0:lead architect tower", "1:follow wall", "0:build stairway marble",
                     "0:stairway 1 archway brick")
    # Two Bath clients finish an out-of-town foundation (§15.14).
    t = Table(2, leader=0)
    t.building(0, "bath", "brick", "brick", complete=True)
    t.clients(0, "patron")
    t.pool("craftsman", "craftsman")
    t.hand(0, "temple", "road").hand(1, "statue")
    offered |= _play(t.state(), "0:lead patron temple", "1:think_jack", "0:hire craftsman",
                     "0:lay road rubble out", "0:hire craftsman")
    # Colosseum with little vault room: the demander chooses the clients.
    t = Table(3, leader=0)
    t.building(0, "colosseum", "stone", "stone", "stone", complete=True)
    t.vault(0, "rubble", "rubble", "rubble", "rubble")
    t.clients(1, "legionary").clients(2, "legionary")
    t.hand(0, "academy", "atrium")
    offered |= _play(t.state(), "0:lead legionary academy", "1:think_jack", "2:think_jack", "0:demand brick",
                     "1:glory", "2:glory")
    assert {"stairway", "stairway_pool", "lay_continue", "colosseum"} <= offered
    # A record older than 0.4.0 replays its petitions as legacy_petition.
    record = GameRecord.load("tests/fixtures/records/glory-to-rome_3p_random.json")
    game = ludus.load("glory-to-rome", record.players, **record.options)
    replayed: list[Action] = []
    replay(record, on_action=lambda i, a, ev: replayed.append(a))
    assert "legacy_petition" in {str(a.verb) for a in replayed}
    _numbered(game, replayed)


# --- the observation ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_observation_of_a_seat_is_the_same_on_its_determinizations(players: int) -> None:
    """The issue's test: two states that differ only in what the seat cannot see observe alike;
    the determinizations do differ in hidden cards (so the test compares different states)."""
    game = ludus.load("glory-to-rome", players)
    layout = game.observation_layout
    hidden_differed = 0
    for i, state in enumerate(_random_game(game, 7 * players)):
        if i % 13:
            continue
        for seat in [None, *range(players)]:
            seen = game.observe(state.view(seat), seat)
            assert len(seen) == layout.size
            assert all(math.isfinite(x) for x in seen)
            twin = state.determinize(seat, 1000 + i)
            assert game.observe(twin.view(seat), seat) == seen
            if twin.hands != state.hands or twin.deck != state.deck:
                hidden_differed += 1
    assert hidden_differed > 20


@pytest.mark.parametrize("players", PLAYERS)
def test_named_slices_read_what_the_view_says(players: int) -> None:
    game = ludus.load("glory-to-rome", players)
    layout = game.observation_layout
    states = _random_game(game, 3 + players)
    for state in states[len(states) // 3::len(states) // 3]:
        for seat in range(players):
            view = state.view(seat)
            vector = game.observe(view, seat)

            def part(name: str, vector: list[float] = vector) -> list[float]:
                return vector[layout[name].start:layout[name].stop]

            # the observing seat first
            rotated = [view["players"][(seat + r) % players] for r in range(players)]
            assert part("influence") == [p["influence"] / 10 for p in rotated]
            assert part("hand_size") == [float(p["hand_size"]) for p in rotated]
            assert part("hand") == [float(view["players"][seat]["hand"].count(b)) for b in SLUGS]
            assert part("pool") == [float(view["pool"].count(b)) for b in SLUGS]
            assert part("deck") == [view["deck_size"] / 144]
            assert part("stockpile") == [float(p["stockpile"].count(m)) for p in rotated
                                         for m in MATERIAL_NAMES]
            structures = part("structures")
            for r, p in enumerate(rotated):
                assert {SLUGS[b] for b in range(40) if structures[40 * r + b]} == {st["name"]
                                                                                   for st in p["buildings"]}
            to_move = part("to_move")
            assert [r for r in range(players) if to_move[r]] == sorted((p - seat) % players
                                                                       for p in view["to_move"])
            phase = part("phase")
            assert phase.index(1.0) == state.phase and sum(phase) == 1.0


@pytest.mark.parametrize("players", PLAYERS)
def test_the_spectator_gets_the_same_layout_without_the_private_parts(players: int) -> None:
    game = ludus.load("glory-to-rome", players)
    layout = game.observation_layout
    private = [layout["hand"], layout["fountain_card"]]
    for state in _random_game(game, 11 * players)[::40]:
        spectator = game.observe(state.view(None), None)
        seat0 = game.observe(state.view(0), 0)
        assert len(spectator) == layout.size
        for part in private:
            assert spectator[part.start:part.stop] == [0.0] * part.size
        hand = layout["hand"]
        assert seat0[hand.start:hand.stop] == [float(sum(CARD_BUILDING[c] == b for c in state.hands[0]))
                                               for b in range(40)]
        if state.fountain < 0 and not any(v == 0 for v in state.vault_vis[0]):  # (seat 0 sees no more)
            assert spectator[hand.stop:] == seat0[hand.stop:]


def test_a_view_through_json_observes_alike() -> None:
    """A view sent as JSON (the web, a worker process), keys sorted, gives the same observation."""
    game = ludus.load("glory-to-rome", 4)
    for state in _random_game(game, 21)[::50]:
        for seat in (None, 2):
            view = state.view(seat)
            assert game.observe(json.loads(json.dumps(view, sort_keys=True)),
                                seat) == game.observe(view, seat)


def test_each_seat_sees_itself_first() -> None:
    """Seat 1 of a 3-player game sees its own influence first, then seat 2's, then seat 0's."""
    game = ludus.load("glory-to-rome", 3)
    state = _random_game(game, 5)[300]
    influence = game.observation_layout["influence"]
    views = [state.view(p)["players"][p]["influence"] / 10 for p in range(3)]
    assert game.observe(state.view(1), 1)[influence.start:influence.stop] == [views[1], views[2], views[0]]
    assert game.observe(state.view(None), None)[influence.start:influence.stop] == views


def test_the_docs_list_every_kind_slice_and_size() -> None:
    """docs/games/glory-to-rome.md, "Action numbering and observations": a row per kind and per
    slice, and the sizes per player count."""
    docs = (HERE.parents[2] / "docs" / "games" / "glory-to-rome.md").read_text()
    section = docs[docs.index("## Action numbering and observations"):docs.index("## Code layout")]
    rows = [line.split("|")[1:4] for line in section.splitlines() if line.startswith("| `")]
    games = {n: ludus.load("glory-to-rome", n) for n in PLAYERS}
    kinds = list(games[2].action_space.kinds)
    assert [r[0].strip(" `") for r in rows[:len(kinds)]] == [k.verb for k in kinds]
    for row, k2, k3 in zip(rows, kinds, games[3].action_space.kinds):
        per_seat, fixed = k3.size - k2.size, 2 * k2.size - k3.size
        assert row[2].strip() == (str(fixed) if not per_seat else "n"
                                  if per_seat == 1 else f"{per_seat} n"), row
    slices = rows[len(kinds):]
    parts2, parts3 = games[2].observation_parts(), games[3].observation_parts()
    assert [r[0].strip(" `") for r in slices] == [name for name, _, _ in parts2]
    for row, (_, s2, doc), (_, s3, _) in zip(slices, parts2, parts3):
        per_seat, fixed = s3 - s2, 2 * s2 - s3
        assert row[1].strip() == (str(fixed) if not per_seat else "n"
                                  if per_seat == 1 else f"{per_seat} n"), row
        assert row[2].strip() == doc
    for n, game in games.items():
        assert f"**{game.num_distinct_actions}** ({n}" in section
        assert f"**{game.observation_layout.size}** ({n}" in section


if __name__ == "__main__":  # regenerate the golden files (on purpose only)
    for n in PLAYERS:
        _golden_path(n).write_text(_golden(n))
        print(f"wrote {_golden_path(n)}")
