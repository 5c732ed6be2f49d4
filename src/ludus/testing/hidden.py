"""The conformance checks about hidden information that need more than one state.

- :func:`check_observable_decisions`: what a seat can observe of the game's flow (whose
  decision it is, its own options, its view) must not depend on what it cannot see. Two
  states that seat ``q`` cannot tell apart (the state and ``determinize(q)``) must offer
  ``q`` the same options and wait for the same seats, and after the same action they must
  still look the same to ``q`` unless the action revealed something hidden (a card drawn
  and shown). A reveal is recognised by its event: an event ``q`` sees, of the same kind in
  both states, with different data (so every reveal must come with an event naming what it
  shows: the log needs it anyway). The typical bug: a forced "pass" applied without asking,
  so whether the game stops for a seat tells everyone something about that seat's hand.
- :func:`check_determinize_identity`: ``determinize(p)`` must not keep a hidden identity
  that ``p`` could not know. Two positions of the saved state whose values can be swapped
  without changing ``view(p)`` (a valid state either way) are indistinguishable to ``p``;
  if every one of several determinizations still puts the true value at such a position,
  determinize keeps knowledge ``p`` does not have (a card known only by its material, the
  order of a deck).
- :func:`check_determinize_composition`: ``determinize(p)`` never invents a world. Every
  determinization is a valid state (``Game.state_from_json`` of its JSON accepts it), and every
  hidden zone whose composition ``p``'s view states (a game that is
  :class:`DeclaresCompositions` names them: the unseen cards of a deck and the hands dealt
  from it together, a rebuilt pile and the cards drawn from it, the seat's own hand...)
  holds the same multiset as in the real state. The typical bug: a pile whose cards are
  public re-dealt from every unseen card (a Trajan draw pile rebuilt from the face-up
  discards, given a card it never held).
- :func:`check_determinize_canonical`: ``determinize(p, seed)`` is a function of what ``p``
  sees and the seed: from two states ``p`` cannot tell apart it gives the same state. A bot
  that sees the game only through determinizations (ISMCTS) then decides the same on both,
  so it cannot use what its seat does not see. The typical bug: the unseen cards pooled in
  the order the true state holds them, then shuffled.

All raise :class:`AssertionError` whose message starts with the property in brackets.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from typing import Any, Protocol, runtime_checkable

from ludus.core.actions import Action
from ludus.core.api import Game, State
from ludus.core.errors import LudusError
from ludus.core.events import Event
from ludus.core.rng import Rng

__all__ = [
    "DeclaresCompositions",
    "check_determinize_canonical",
    "check_determinize_composition",
    "check_determinize_identity",
    "check_observable_decisions",
]

DETERMINIZATIONS = 16
"""Seeds per seat in the identity check: a position that truly varies stays put in all of
them with probability at most 2**-16."""


def _fail(prop: str, message: str) -> AssertionError:
    return AssertionError(f"[{prop}] {message}")


def _normal(data: Any) -> Any:
    return json.loads(json.dumps(data, sort_keys=True))


def _seen(events: list[Event], seat: int) -> list[Any]:
    return [_normal([e.kind, dict(e.data)]) for e in events if e.is_visible_to(seat)]


def check_observable_decisions(
    game: Game[Any], state: State, rng: Rng, steps: int, actions_each: int = 4
) -> None:
    """For every seat ``q``: the state and ``determinize(q)`` look and flow the same to ``q``."""
    movers = state.to_move()
    everyone = state.legal_actions()
    for q in range(game.players):
        twin = state.determinize(q, rng.next() & 0xFFFFFFFF)
        if twin.to_move() != movers:
            raise _fail(
                "observable-decisions",
                f"seat {q} cannot tell the state from determinize({q}), yet one waits for seats "
                f"{list(movers)} "
                f"and the other for {list(twin.to_move())} (step {steps})",
            )
        mine, twins = state.legal_actions(q), twin.legal_actions(q)
        if set(mine) != set(twins):
            raise _fail(
                "observable-decisions",
                f"seat {q}'s legal actions depend on something it cannot see (step {steps}): "
                f"{sorted(map(str, set(mine) ^ set(twins)))[:4]}",
            )
        both = set(twin.legal_actions())
        common = [a for a in everyone if a in both]
        for _ in range(min(actions_each, len(common))):
            _compare_after(state, twin, common[rng.randbelow(len(common))], q, steps)


def _compare_after(state: State, twin: State, action: Action, q: int, steps: int) -> None:
    one, two = state.clone(), twin.clone()
    try:
        seen_one, seen_two = _seen(one.apply(action), q), _seen(two.apply(action), q)
    except LudusError as exc:
        raise _fail("observable-decisions", f"{action} is legal in both states but raised {exc!r}") from exc
    if seen_one != seen_two:
        for a, b in zip(seen_one, seen_two):
            if a != b:
                if a[0] == b[0]:
                    return  # the same event told q different things: a hidden card was revealed
                break
        raise _fail(
            "observable-decisions",
            f"after {action}, seat {q} sees different events in two states it could not tell apart "
            f"(step {steps}): {seen_one[:6]} / {seen_two[:6]} — something was decided without asking, "
            f"from information seat {q} cannot see",
        )
    if one.to_move() != two.to_move():
        raise _fail(
            "observable-decisions",
            f"after {action}, two states seat {q} could not tell apart wait for seats {list(one.to_move())} "
            f"and {list(two.to_move())} (step {steps}): the flow depends on something hidden from seat {q}",
        )
    view_one, view_two = _normal(one.view(q)), _normal(two.view(q))
    if view_one != view_two:
        where = _where(view_one, view_two)
        raise _fail(
            "observable-decisions",
            f"after {action}, seat {q}'s views of two states it could not tell apart differ at "
            f"{'/'.join(map(str, where))}, with the same events (step {steps}): "
            f"{str(_at(view_one, where))[:80]} / {str(_at(view_two, where))[:80]}",
        )


def _where(a: Any, b: Any) -> tuple[Any, ...]:
    """The path to the first place where ``a`` and ``b`` differ."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key, _MISSING) != b.get(key, _MISSING):
                return (key, *_where(a.get(key), b.get(key)))
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return (i, *_where(x, y))
    return ()


# --- determinize keeps no unknowable identity -----------------------------------------------


def _leaves(
    data: Any, path: tuple[Any, ...] = (), in_list: bool = False
) -> Iterator[tuple[tuple[Any, ...], int]]:
    """``(path, value)`` of every integer held in a list (where component ids live)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, (*path, key), False)
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _leaves(value, (*path, i), True)
    elif in_list and type(data) is int:
        yield path, data


_MISSING = object()


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        try:
            data = data[key]
        except (KeyError, IndexError, TypeError):
            return _MISSING
    return data


def _put(data: Any, path: tuple[Any, ...], value: int) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def check_determinize_identity(
    game: Game[Any], state: State, rng: Rng, steps: int, positions: int = 16, partners: int = 8
) -> None:
    """``determinize(p)`` varies every position ``p`` cannot tell from another (see the module)."""
    data = state.to_json()
    text = json.dumps(data)
    leaves = list(_leaves(data))
    if len(leaves) < 2:
        return
    built: dict[frozenset[tuple[Any, ...]], State | None] = {}
    """Swapped states by the pair of positions (a state is loaded once, then viewed by each seat)."""
    for p in [None, *range(game.players)]:
        dets = [state.determinize(p, rng.next() & 0xFFFFFFFF).to_json() for _ in range(DETERMINIZATIONS)]
        pinned = [(path, v) for path, v in leaves if all(_at(d, path) == v for d in dets)]
        if not pinned:
            continue
        seen = _normal(state.view(p))
        for _ in range(min(positions, len(pinned))):
            path, value = pinned[rng.randbelow(len(pinned))]
            for _ in range(partners):
                other, other_value = leaves[rng.randbelow(len(leaves))]
                if other_value == value:
                    continue
                key = frozenset((path, other))
                if key not in built:
                    built[key] = _load(game, _swapped(text, (path, other_value), (other, value)))
                candidate = built[key]
                if candidate is None or _view(candidate, p) != seen:
                    continue
                if not _told_apart(game, text, pinned, (path, value), (other, other_value), p, rng):
                    continue  # two copies of one component (or nothing shows them to p): nothing to keep
                who = "the spectator" if p is None else f"seat {p}"
                raise _fail(
                    "determinize-identity",
                    f"{who} cannot tell {'/'.join(map(str, path))} = {value} from "
                    f"{'/'.join(map(str, other))} = {other_value} (swapping them leaves its view unchanged), "
                    f"yet all {DETERMINIZATIONS} determinizations keep {value} there (step {steps})",
                )


def _swapped(text: str, *changes: tuple[tuple[Any, ...], int]) -> Any:
    data = json.loads(text)
    for path, value in changes:
        _put(data, path, value)
    return data


def _load(game: Game[Any], data: Any) -> State | None:
    """The state ``data`` describes, or ``None`` when it is not a valid state."""
    try:
        state: State = game.state_from_json(data)
    except LudusError:
        return None
    return state


def _view(state: State, p: int | None) -> Any:
    """``view(p)``, JSON-normalised; a crash of an accepted state is a validation gap."""
    try:
        return _normal(state.view(p))
    except Exception as exc:
        raise _fail("state-validation", f"state_from_json accepted a state whose view({p}) raises {exc!r}: "
                    "validate that field in Game.state_violations") from exc


def _view_of(game: Game[Any], data: Any, p: int | None) -> Any:
    """``view(p)`` of the state ``data`` describes, or ``None`` when it is not a valid state."""
    state = _load(game, data)
    return None if state is None else _view(state, p)


def _told_apart(
    game: Game[Any], text: str, pinned: list[tuple[tuple[Any, ...], int]],
    a: tuple[tuple[Any, ...], int], b: tuple[tuple[Any, ...], int], p: int | None, rng: Rng, tries: int = 24,
) -> bool:
    """Whether ``p`` can tell the two values apart somewhere: with a third position ``V`` it
    sees, the states (V←a, P←b, Q←c) and (V←b, P←a, Q←c) look different to ``p``.
    Two copies of the same component never do."""
    (path, value), (other, other_value) = a, b
    for _ in range(tries):
        third, third_value = pinned[rng.randbelow(len(pinned))]
        if third in (path, other) or third_value in (value, other_value):
            continue
        one = _view_of(game, _swapped(text, (third, value), (path, other_value), (other, third_value)), p)
        two = _view_of(game, _swapped(text, (third, other_value), (path, value), (other, third_value)), p)
        if one is not None and two is not None and one != two:
            return True
    return False


# --- determinize never invents a world -------------------------------------------------------


@runtime_checkable
class DeclaresCompositions(Protocol):
    """A game that names the hidden zones whose composition a seat's view states."""

    def known_compositions(self, state: Any, player: int | None) -> dict[str, list[int]]:
        """Zone name → the zone's components in ``state`` as ``player``'s view states them
        (card ids, or materials where the view shows only a card's material); order ignored."""
        ...


COMPOSITION_SEEDS = 4
"""Determinizations per seat in the composition check."""


def check_determinize_composition(
    game: Game[Any], state: State, rng: Rng, steps: int = 0, seeds: int = COMPOSITION_SEEDS
) -> None:
    """For every seat ``p`` and the spectator: each ``determinize(p, seed)`` is a valid state and
    keeps every zone of ``game.known_compositions(state, p)`` (see the module)."""
    zones = game.known_compositions if isinstance(game, DeclaresCompositions) else None
    for p in [None, *range(game.players)]:
        real = {name: Counter(cards) for name, cards in zones(state, p).items()} if zones is not None else {}
        who = "the spectator" if p is None else f"seat {p}"
        for _ in range(seeds):
            seed = rng.next() & 0xFFFFFFFF
            world = state.determinize(p, seed)
            try:  # validated as a saved state is: Game.state_violations after a JSON round trip
                game.state_from_json(json.loads(json.dumps(world.to_json())))
            except LudusError as exc:
                raise _fail(
                    "determinize-composition",
                    f"determinize({p}, {seed}) is a world that cannot be (step {steps}): {exc}",
                ) from exc
            if zones is None:
                continue
            got = {name: Counter(cards) for name, cards in zones(world, p).items()}
            for name in sorted(set(real) | set(got)):
                one, two = real.get(name, Counter()), got.get(name, Counter())
                if one != two:
                    raise _fail(
                        "determinize-composition",
                        f"{who} knows what {name!r} holds, yet determinize({p}, {seed}) changes it "
                        f"(step {steps}): adds {sorted((two - one).elements())[:8]}, "
                        f"takes away {sorted((one - two).elements())[:8]}",
                    )


# --- determinize sees only the view ---------------------------------------------------------


def check_determinize_canonical(game: Game[Any], state: State, rng: Rng, steps: int = 0) -> None:
    """For every seat ``p``: ``determinize(p, seed)`` of ``state`` and of a state ``p`` cannot
    tell from it (another determinization) are the same state."""
    for p in range(game.players):
        twin = state.determinize(p, rng.next() & 0xFFFFFFFF)
        seed = rng.next() & 0xFFFFFFFF
        one, two = state.determinize(p, seed).to_json(), twin.determinize(p, seed).to_json()
        if one != two:
            raise _fail(
                "determinize-canonical",
                f"determinize({p}, {seed}) differs at {'/'.join(map(str, _where(one, two)))} "
                "between two states "
                f"seat {p} cannot tell apart (step {steps}): it depends on more than the seat sees",
            )
