"""Issue 19: Fall of Rome's fixed action numbering and its flat observation.

The numbering is kept in golden files, ``action_space_<n>p.txt`` beside this file (one per
player count, 1 to 5): the space's :meth:`~ludus.core.spaces.ActionSpace.lines` and then its
digest. A change of the numbering breaks every policy trained on it, so the files change on
purpose only: after a deliberate change (a new component, a new verb), regenerate them with

    cd tests && ../.venv/bin/python -m games.fall_of_rome.test_spaces

and say in the commit why the numbers moved.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

import ludus
from games.fall_of_rome.fr_helpers import act, put, run, scenario
from ludus.core.actions import Action
from ludus.core.rng import Rng
from ludus.games.fall_of_rome.components import CARD_TOKENS, HAND_LIMIT, NC, NT, TOKEN_CITY, TRIBES, Verb
from ludus.games.fall_of_rome.game import FallOfRome, FallOfRomeState
from ludus.games.fall_of_rome.rules.board import place_fort
from ludus.games.fall_of_rome.spaces import PENDING_KINDS, pawns

HERE = Path(__file__).parent
PLAYERS = (1, 2, 3, 4, 5)
OPTION_SETS: list[dict[str, object]] = [
    {},
    {"roles": "chosen"},  # choose_role
    {"roma_caput_mundi": True, "difficulty": "legendary"},
    {"vestalis_may_return_revolt": True, "first_player": "most_days"},
    {"roma_caput_mundi": True, "regina_cubes_into_roma": True, "difficulty": "novice"},
]


def _golden(players: int) -> str:
    space = ludus.load("fall-of-rome", players).action_space
    return space.golden_text()


def _golden_path(players: int) -> Path:
    return HERE / f"action_space_{players}p.txt"


def _legal(state: FallOfRomeState) -> list[Action]:
    """Every seat's legal actions: the seat to move's, and the events others may play out of turn."""
    return [a for p in range(state.seats) for a in state.legal_actions(p)]


def _random_game(game: FallOfRome, seed: int) -> list[FallOfRomeState]:
    """A random game's states, every one (the last is over); any seat's action may be chosen."""
    state = game.new_state(seed)
    rng = Rng(seed)
    states = [state.clone()]
    while not state.is_terminal():
        legal = _legal(state)
        state.apply(legal[rng.randbelow(len(legal))])
        states.append(state.clone())
    return states


# --- the action numbering ---------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_action_space_matches_its_golden_file(players: int) -> None:
    assert _golden_path(players).read_text() == _golden(players), (
        "the action numbering changed: if on purpose, regenerate (see this module's docstring)")


def test_the_numbering_per_player_count_and_option() -> None:
    """Only the pawn and seat arguments depend on the player count; the options change nothing."""
    sizes = {n: ludus.load("fall-of-rome", n).num_distinct_actions for n in PLAYERS}
    assert sizes == {1: 2056, 2: 1863, 3: 2064, 4: 2267, 5: 2472}
    for n in PLAYERS:
        digests = {ludus.load("fall-of-rome", n, **o).action_space.digest() for o in OPTION_SETS}
        assert len(digests) == 1
    game = ludus.load("fall-of-rome", 2)
    assert [k.verb for k in game.action_space.kinds][:3] == ["choose_role", "start", "draw"]
    assert {k.verb for k in game.action_space.kinds} == {v.value for v in Verb}
    assert game.encode_action(Action(1, "march", ("Roma",))) == 184
    assert game.encode_action(Action(0, "fortify", ())) == 302
    assert game.encode_action(Action(0, "fortify", ("Eburacum",))) == 303
    assert game.encode_action(Action(0, "legions", (3,))) == 1858
    assert game.decode_action(game.new_state(1), 1862, player=1) == Action(1, "add", (3,))
    # the solitaire challenge's Mercator gives to any of its 3 pawns
    solo = ludus.load("fall-of-rome", 1)
    assert solo.action_space.decode(
        solo.encode_action(Action(0, "mercator_give", (2, "Roma/blue"))), 0).args == (
        2, "Roma/blue")


def _rare_kinds() -> set[tuple[str, int]]:
    """Kinds random games hardly reach: a fort moved (all six out), Si Vis Pacem's fort moved, enlisting."""
    kinds: set[tuple[str, int]] = set()
    s = scenario(roles=("Praefectus_Fabrum", "Consul"), cities=("Tyras", "Roma"),
                 hands=(("Tyras/white", "Si_Vis_Pacem_Para_Bellum"), ()))
    for city in ("Sinope", "Lutetia", "Narbo", "Genua", "Athenae"):
        run(s, place_fort, TOKEN_CITY[city], -1)
    put(s, "Tyras", legions=2)
    kinds |= {(str(a.verb), len(a.args)) for a in s.legal_actions(0)}
    act(s, "0:play Si_Vis_Pacem_Para_Bellum destabilizing", "0:fort_city Carthago")
    kinds |= {(str(a.verb), len(a.args)) for a in s.legal_actions(0)}
    s = scenario(roles=("Consul", "Magister_Militum"), cities=("Philippopolis", "Roma"),
                 hands=(("Patrae/green",), ()))
    put(s, "Philippopolis", "green", 3, legions=1)
    s.allied[2] = 1
    kinds |= {(str(a.verb), len(a.args)) for a in s.legal_actions(0)}
    for a in _legal(s):
        assert s.game.action_space.decode(s.game.encode_action(a), a.player) == a
    return kinds


def test_every_legal_action_of_random_games_has_a_number_and_every_kind_occurs() -> None:
    """Random games at every player count and with every option: each legal action of every seat
    encodes to a number that decodes back to it, for the seat that takes it; every state observes
    to a finite vector of the layout's size, whatever sub-decision is pending."""
    kinds: dict[int, set[tuple[str, int]]] = {n: set() for n in PLAYERS}
    pending: set[tuple[str, int]] = set()
    for players in PLAYERS:
        for k, options in enumerate(OPTION_SETS):
            game = ludus.load("fall-of-rome", players, **options)
            space = game.action_space
            size = game.observation_layout.size
            for seed in range(6):
                state = game.new_state(100 * players + 10 * k + seed)
                rng = Rng(seed)
                while not state.is_terminal():
                    seen = game.observe(state.view(seed % players), seed % players)
                    assert len(seen) == size and all(math.isfinite(x) for x in seen)
                    if state.pending:
                        top = state.pending[-1].to_json()
                        pending.add((top["k"], top.get("e", -1)))
                    legal = _legal(state)
                    for action in legal:
                        assert space.decode(space.encode(action), action.player) == action
                        kinds[players].add((str(action.verb), len(action.args)))
                    chosen = legal[rng.randbelow(len(legal))]
                    assert space.decode(game.encode_action(chosen), chosen.player) == chosen
                    state.apply(chosen)
    every = {(kind.verb, len(kind.args)) for kind in ludus.load("fall-of-rome", 2).action_space.kinds}
    assert set().union(*kinds.values(), _rare_kinds()) == every  # no kind is dead weight
    assert ("plot_store", 1) in kinds[1] and ("swap", 2) in kinds[3]
    assert {k for k, _ in pending} == set(PENDING_KINDS)  # every kind of sub-decision was observed
    assert len({e for k, e in pending if k == "ev"}) == 10  # and every event that asks anything


# --- the observation ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_observation_of_a_seat_is_the_same_on_its_determinizations(players: int) -> None:
    """The issue's test: two states that differ only in what the seat cannot see observe alike;
    the determinizations do differ in the hidden orders (so the test compares different states)."""
    game = ludus.load("fall-of-rome", players)
    layout = game.observation_layout
    hidden_differed = 0
    for seed in range(2):
        for i, state in enumerate(_random_game(game, 7 * players + seed)):
            if i % 5:
                continue
            for seat in [None, *range(players)]:
                seen = game.observe(state.view(seat), seat)
                assert len(seen) == layout.size
                assert all(math.isfinite(x) for x in seen)
                twin = state.determinize(seat, 1000 + i)
                assert game.observe(twin.view(seat), seat) == seen
                if twin.pdeck != state.pdeck or twin.bdeck != state.bdeck:
                    hidden_differed += 1
    assert hidden_differed > 10


def _part(game: FallOfRome, vector: list[float], name: str) -> list[float]:
    piece = game.observation_layout[name]
    return vector[piece.start:piece.stop]


@pytest.mark.parametrize("players", PLAYERS)
def test_named_slices_read_what_the_view_says(players: int) -> None:
    game = ludus.load("fall-of-rome", players)
    states = _random_game(game, 3 + players)
    state = states[len(states) // 2]
    pawns = len(state.roles)
    for seat in range(players):
        view = state.view(seat)
        vector = game.observe(view, seat)
        rotated = [(seat + r) % players for r in range(players)]  # the observing seat first
        pawn_order = [(seat + r) % pawns for r in range(pawns)]
        assert _part(game, vector, "hand_sizes") == [len(state.hands[p]) / HAND_LIMIT for p in rotated]
        hands = _part(game, vector, "hands")
        for r, p in enumerate(rotated):
            mine = hands[r * 63:(r + 1) * 63]
            assert [CARD_TOKENS[c] for c in range(63) if mine[c]] == sorted(view["hands"][p],
                                                                            key=CARD_TOKENS.index)
        assert _part(game, vector, "cubes") == [float(state.cubes[i]) for i in range(NC * NT)]
        assert _part(game, vector, "legions") == [float(x) for x in state.legions]
        assert _part(game, vector, "supply") == [state.supply[t] / TRIBES[t].cubes for t in range(NT)]
        cities = _part(game, vector, "pawn_cities")
        for r, q in enumerate(pawn_order):
            assert cities[r * NC:(r + 1) * NC].index(1.0) == state.pawn_city[q]
        assert _part(game, vector, "decline").index(1.0) == state.decline
        assert _part(game, vector, "invasion_track").index(1.0) == state.rate
        assert _part(game, vector, "phase")[["role", "start", "actions", "revolt", "invade", "over"].index(
            view["phase"])] == 1.0
        to_move = _part(game, vector, "to_move")
        assert [rotated[r] for r in range(players) if to_move[r]] == list(state.to_move())
        assert _part(game, vector, "player_deck") == [len(state.pdeck) / 70, float(state.pdeck.count(63))]
        in_deck = _part(game, vector, "barbarian_deck")
        assert sum(in_deck) == len(state.bdeck) and all(in_deck[c] for c in state.bdeck)


def test_the_barbarian_depths_bound_each_card() -> None:
    """Each barbarian card's depth in the deck lies between the two numbers its segment gives."""
    game = ludus.load("fall-of-rome", 3)
    for state in _random_game(game, 4)[::10]:
        vector = game.observe(state.view(0), 0)
        depth = _part(game, vector, "barbarian_depth")
        for k, c in enumerate(reversed(state.bdeck)):  # top first
            assert depth[c] * 49 <= k + 1e-9 <= depth[49 + c] * 49 + 2e-9


@pytest.mark.parametrize("players", PLAYERS)
def test_the_spectator_gets_the_same_layout_as_seat_0(players: int) -> None:
    """Hands are open: no slice is private, so the spectator sees what seat 0 sees, in seat 0's order."""
    game = ludus.load("fall-of-rome", players)
    for state in _random_game(game, 11 * players)[::15]:
        spectator = game.observe(state.view(None), None)
        assert len(spectator) == game.observation_layout.size
        assert spectator == game.observe(state.view(0), 0)


def test_a_view_through_json_observes_alike() -> None:
    """A client's view (JSON) gives the same observation."""
    game = ludus.load("fall-of-rome", 4)
    for state in _random_game(game, 2)[::7]:
        for seat in (None, 2):
            view = state.view(seat)
            assert game.observe(json.loads(json.dumps(view)), seat) == game.observe(view, seat)


def test_each_seat_sees_itself_first() -> None:
    """Seat 1 of a 3-player game sees its own pawn and hand first, then seat 2's, then seat 0's."""
    game = ludus.load("fall-of-rome", 3)
    state = _random_game(game, 5)[20]
    sizes = [len(h) / HAND_LIMIT for h in state.hands]
    assert _part(game, game.observe(state.view(1), 1), "hand_sizes") == [sizes[1], sizes[2], sizes[0]]
    roles = _part(game, game.observe(state.view(1), 1), "pawn_roles")
    assert [roles[r * 7:(r + 1) * 7].index(1.0) for r in range(3)] == [state.roles[1], state.roles[2],
                                                                       state.roles[0]]


def test_the_pending_decision_is_observed() -> None:
    """A move's legions asked: the kind, the deciding seat, the move, its destination and the most legions."""
    s = scenario(roles=("Consul", "Magister_Militum"), cities=("Roma", "Tyras"))
    put(s, "Roma", legions=2)
    act(s, "0:march Ravenna")
    game = s.game
    for seat in (0, 1):
        vector = game.observe(s.view(seat), seat)
        assert _part(game, vector, "pending_kind")[PENDING_KINDS.index("legions")] == 1.0
        assert _part(game, vector, "pending_who").index(1.0) == (0 - seat) % 2
        assert _part(game, vector, "pending_verb")[0] == 1.0  # march
        assert _part(game, vector, "pending_city").index(1.0) == TOKEN_CITY["Ravenna"]
        assert _part(game, vector, "pending_n") == [2.0]  # the 2 legions in Roma
    s = scenario(hands=(("Mortui_Non_Mordent",), ()))
    put(s, "Tyras", "white", 2)
    act(s, "0:play Mortui_Non_Mordent destabilizing", "0:remove_cube Tyras white")
    vector = game.observe(s.view(1), 1)
    assert _part(game, vector, "pending_kind")[PENDING_KINDS.index("ev")] == 1.0
    assert _part(game, vector, "pending_destab") == [1.0]
    removed = _part(game, vector, "pending_removed")
    assert removed[TOKEN_CITY["Tyras"]] == 1.0 and removed[NC + 3] == 1.0 and sum(removed) == 2.0


def test_the_docs_tabulate_the_numbering_and_the_layout() -> None:
    """docs/games/fall-of-rome.md lists every player count's size and digest and every slice's size."""
    docs = (HERE.parents[2] / "docs" / "games" / "fall-of-rome.md").read_text()
    games = {n: ludus.load("fall-of-rome", n) for n in PLAYERS}
    for n, game in games.items():
        assert f"| {n} | {pawns(n)} | {game.num_distinct_actions} | `{game.action_space.digest()}` |" in docs
    for piece in games[2].observation_layout.slices:
        sizes = " | ".join(str(games[n].observation_layout[piece.name].size) for n in PLAYERS)
        assert f"| `{piece.name}` | {sizes} | {piece.doc} |" in docs
    totals = " | ".join(str(games[n].observation_layout.size) for n in PLAYERS)
    assert f"| **total** | {totals} | |" in docs


if __name__ == "__main__":  # regenerate the golden files (on purpose only)
    for n in PLAYERS:
        _golden_path(n).write_text(_golden(n))
        print(f"wrote {_golden_path(n)}")
