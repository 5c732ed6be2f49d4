"""Issue 10: a tampered state is a StateError naming the field, or a state that plays on safely.

Real states of every game (random games, a few positions each) are mutated one leaf at a
time: a number changed, negative or huge, a wrong type, a key dropped, a list element
duplicated or removed. ``Game.state_from_json`` must either refuse the data with a
:class:`LudusError` or give a state on which every entry point works: views for every seat,
legal actions, determinize, and a few random legal actions (never another exception, never
a hang: a watchdog alarm fails a call that does not return).

Bounded here (``make test``); many more examples run under ``make soak``.
"""

from __future__ import annotations

import json
import signal
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ludus
from ludus.core.errors import LudusError
from ludus.core.rng import Rng

GAMES = (("glory-to-rome", 3), ("trajan", 2), ("fall-of-rome", 2), ("hadrians-wall", 2))
WATCHDOG_SECONDS = 30
"""Not a timing assertion: a guard that turns an endless loop into a failure."""


@cache
def _states(game_id: str, players: int) -> tuple[str, ...]:
    """JSON texts of positions from a random game (start, early, middle, late)."""
    game = ludus.load(game_id, players)
    state = game.new_state(11)
    rng = Rng(5)
    out = [json.dumps(state.to_json())]
    step = 0
    while not state.is_terminal() and step < 600:
        legal = state.legal_actions(state.to_move()[0])
        state.apply(legal[rng.randbelow(len(legal))])
        step += 1
        if step in (7, 60, 200, 450):
            out.append(json.dumps(state.to_json()))
    return tuple(out)


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path into ``data`` (containers too: they can be replaced or emptied)."""
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _leaves(value, (*path, i))


def _mutate(data: Any, path: tuple[Any, ...], how: str, value: Any) -> Any:
    if not path:
        return value if how == "set" else data
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    if how == "set":
        parent[key] = value
    elif how == "drop":
        del parent[key]
    elif how == "twice" and isinstance(parent, list):
        parent.insert(key, parent[key])
    return data


REPLACEMENTS = st.one_of(
    st.integers(-3, 60),
    st.sampled_from([-1, 0, 1, 2, 10**30, -(10**30), 2**64, 1.5, True, False, None, "x", "",
                     [], {}, [0], [-1], {"x": 1}, "nan"]),
)
MUTATION = st.tuples(st.integers(0, 10**9), st.integers(0, 10**9),
                     st.sampled_from(["set", "set", "set", "drop", "twice"]), REPLACEMENTS)


def _exercise(game_id: str, players: int, mutation: tuple[int, int, str, Any]) -> None:
    states = _states(game_id, players)
    pick, where, how, value = mutation
    data = json.loads(states[pick % len(states)])
    paths = list(_leaves(data))
    path = paths[where % len(paths)]
    data = _mutate(data, path, how, value)
    game = ludus.load(game_id, players)

    def alarm(signum: int, frame: object) -> None:
        raise TimeoutError(f"{game_id}: a call on the state mutated at {path} ({how} {value!r}) did not "
                           "return")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(WATCHDOG_SECONDS)
    try:
        try:
            state = game.state_from_json(data)
        except LudusError:
            return
        rng = Rng(where)
        for _ in range(40):
            for seat in [None, *range(players)]:
                state.view(seat)
                state.determinize(seat, 3).legal_actions()
            state.clone().digest()
            if state.is_terminal():
                state.outcome()
                return
            movers = state.to_move()
            assert movers, (f"{game_id}: a non-terminal state with nobody to move after {path} "
                            f"({how} {value!r})")
            legal = state.legal_actions(movers[0])
            assert legal, (f"{game_id}: seat {movers[0]} to move has no legal action after {path} "
                           f"({how} {value!r})")
            state.apply(legal[rng.randbelow(len(legal))])
    except LudusError:
        return  # refusing an action of a state it accepted is allowed (the state is unchanged)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize(("game_id", "players"), GAMES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutation=MUTATION)
def test_tampered_state(game_id: str, players: int, mutation: tuple[int, int, str, Any]) -> None:
    _exercise(game_id, players, mutation)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players"), GAMES)
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutation=MUTATION)
def test_tampered_state_long(game_id: str, players: int, mutation: tuple[int, int, str, Any]) -> None:
    _exercise(game_id, players, mutation)


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_not_a_state(game_id: str, players: int) -> None:
    game = ludus.load(game_id, players)
    for junk in ([], "state", None, {}, {"rng": -1}):
        with pytest.raises(LudusError):
            game.state_from_json(junk)  # type: ignore[arg-type]
