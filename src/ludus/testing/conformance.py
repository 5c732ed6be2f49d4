"""``check_game``: the conformance suite of DESIGN §4.

It plays seeded random games and, along the way, checks that

- random games finish, and a non-terminal state always has someone to move with a legal action;
- every legal action applies, and each names the seat that takes it;
- illegal actions raise :class:`IllegalActionError` and leave the state unchanged;
- ``clone()`` is independent of the original;
- every action's notation round-trips through ``Game.parse_action``;
- replaying the seed and the action notations reproduces every digest (no unseeded randomness);
- ``to_json()`` round-trips through ``Game.state_from_json``;
- ``view(p)`` is JSON-ready and equals ``view(p)`` of ``determinize(p, seed)`` for every
  seat and the spectator (nothing hidden leaks, nothing seen is forgotten);
- ``determinize`` really re-deals hidden information at least once in a game that has it;
- what a seat observes of the flow (who is to move, its options, its view after an action) does
  not depend on what it cannot see, and ``determinize`` keeps no identity the seat could not
  know, ``determinize(p, seed)`` depends only on what ``p`` sees and the seed, and every
  determinization is a valid state keeping each hidden zone whose composition ``p`` knows
  (``[determinize-composition]``; all in :mod:`ludus.testing.hidden`);
- every event has a template for its kind, renders, and is JSON-ready (kind and data, no prose);
- the game's conservation invariants (``Game.invariant_violations``) hold after every action;
- a state pickles and unpickles to the same digest (states go to worker processes);
- ``outcome()`` of a finished game is well-formed, with a termination;
- where the game declares a fixed action space, every legal action has a number that decodes
  back to it; where it declares an observation layout, ``observe(view(p), p)`` has its size and
  is the same on a determinization (``[action-space]``, ``[observation]``).

A failure raises :class:`AssertionError` whose message starts with the name of the
property in brackets, e.g. ``[view-leak]``.
"""

from __future__ import annotations

import json
import math
import pickle
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ludus.core.actions import Action
from ludus.core.api import Game, State
from ludus.core.errors import IllegalActionError, LudusError, NotationError
from ludus.core.events import Event, has_template
from ludus.core.record import GameRecord, replay
from ludus.core.registry import load
from ludus.core.rng import Rng
from ludus.testing.hidden import (
    check_determinize_canonical,
    check_determinize_composition,
    check_determinize_identity,
    check_observable_decisions,
)


@dataclass(slots=True)
class CheckReport:
    """What :func:`check_game` checked."""

    game_id: str
    players: int
    options: dict[str, Any]
    games: int = 0
    actions: int = 0
    deep_checks: int = 0
    determinize_changed: int = 0
    lengths: list[int] = field(default_factory=list)


def _fail(prop: str, message: str) -> AssertionError:
    return AssertionError(f"[{prop}] {message}")


def _normal(data: Any) -> Any:
    """JSON round trip: the form a client would see (tuples become lists)."""
    return json.loads(json.dumps(data, sort_keys=True))


def check_game(
    game_id: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    games: int = 5,
    seed: int = 0,
    max_actions: int = 50_000,
    deep_every: int = 5,
    max_apply_each: int = 40,
) -> CheckReport:
    """Run the conformance suite on ``games`` random games of ``game_id``.

    ``deep_every`` sets how often (in actions) the expensive checks run: views,
    determinize, to_json, every legal action applied to a clone, illegal actions.
    Raises :class:`AssertionError` naming the failed property; returns a report.
    """
    opts = dict(options or {})
    game = load(game_id, players, **opts)
    report = CheckReport(game_id, game.players, game.option_dict)
    rng = Rng(seed * 7919 + 17)
    for g in range(games):
        game_seed = seed * 1000 + g
        _check_one_game(game, game_seed, rng, report, max_actions, deep_every, max_apply_each)
        report.games += 1
    if game.info.hidden_information and report.deep_checks and not report.determinize_changed:
        raise _fail(
            "determinize-noop",
            f"{game_id} declares hidden information but determinize() never changed any hidden "
            f"part of the state in {report.deep_checks} checked states",
        )
    return report


def _check_one_game(
    game: Game[Any],
    game_seed: int,
    rng: Rng,
    report: CheckReport,
    max_actions: int,
    deep_every: int,
    max_apply_each: int,
) -> None:
    state = game.new_state(game_seed)
    twin = game.new_state(game_seed)
    if state.digest() != twin.digest():
        raise _fail("determinism", f"new_state({game_seed}) gave two different states")
    broken = game.invariant_violations(state)
    if broken:
        raise _fail("invariants", f"in the set-up of seed {game_seed}: {'; '.join(broken)}")
    notations: list[str] = []
    digests: list[str] = []
    seen_actions: list[Action] = []
    steps = 0
    while not state.is_terminal():
        if steps >= max_actions:
            raise _fail("finishes", f"game with seed {game_seed} did not end within {max_actions} actions")
        movers = state.to_move()
        if not movers:
            raise _fail("to-move", f"non-terminal state with nobody to move (seed {game_seed}, step {steps})")
        legal = state.legal_actions()
        per_mover: list[Action] = []
        for p in movers:
            mine = state.legal_actions(p)
            if not mine:
                raise _fail("to-move", f"seat {p} is to move but has no legal action (step {steps})")
            for a in mine:
                if a.player != p:
                    raise _fail("legal-actions",
                                f"legal_actions({p}) holds {a}, an action of seat {a.player}")
            per_mover.extend(mine)
        _check_notation(game, state, legal, steps)
        _check_action_space(game, legal, steps)
        if steps < 8 or steps % deep_every == 0:
            _deep_check(game, state, legal, seen_actions, rng, report, steps, max_apply_each)
        # Choose: usually an action of a seat to move, sometimes an optional one.
        pool = per_mover if (len(legal) == len(per_mover) or rng.random() < 0.9) else legal
        action = pool[rng.randbelow(len(pool))]
        seen_actions.append(action)
        if len(seen_actions) > 64:
            del seen_actions[: len(seen_actions) - 64]
        before = state.clone()
        before_digest = state.digest()
        try:
            events = state.apply(action)
        except LudusError as exc:
            raise _fail("legal-applies", f"legal action {action} raised {exc!r} at step {steps}") from exc
        _check_events(events, action, steps)
        broken = game.invariant_violations(state)
        if broken:
            raise _fail("invariants", f"after {action} (step {steps}): {'; '.join(broken)}")
        # Clone independence: the copy taken before is untouched by apply on the original.
        if before.digest() != before_digest:
            raise _fail("clone", f"applying {action} to a state changed its earlier clone (step {steps})")
        notations.append(str(action))
        digests.append(state.digest())
        steps += 1
    report.actions += steps
    report.lengths.append(steps)
    _check_outcome(game, state)
    _check_notation(game, state, [], steps)
    record = GameRecord(game.info.id, game.players, game_seed, game.option_dict, notations, digests)
    try:
        replayed = replay(record)
    except LudusError as exc:
        raise _fail(
            "replay",
            f"replaying seed {game_seed} and the actions did not reproduce the game ({exc}); "
            "is some randomness not drawn from state.rng?",
        ) from exc
    if replayed.digest() != state.digest():
        raise _fail("replay", "replay's final state differs")


def _check_action_space(game: Game[Any], legal: list[Action], steps: int) -> None:
    """Every legal action has a number in the game's fixed action space, and the number gives it back."""
    space = game.action_space
    if not space.size:
        return  # the game declares no action space (research interfaces refuse it)
    for action in legal:
        try:
            number = space.encode(action)
        except LudusError as exc:
            raise _fail("action-space", f"legal action {action} has no number (step {steps}): {exc}") from exc
        if space.decode(number, action.player) != action:
            raise _fail("action-space",
                        f"action number {number} of {action} decodes to another action (step {steps})")


def _check_observation(game: Game[Any], state: State, det: State, p: int | None, steps: int) -> None:
    """The observation has the layout's size, is finite, and is the same for a determinization
    (built from the view)."""
    layout = game.observation_layout
    if not layout.size:
        return
    seen = game.observe(state.view(p), p)
    if len(seen) != layout.size or not all(math.isfinite(x) for x in seen):
        raise _fail("observation",
                    f"observe(view({p})) has {len(seen)} values, not {layout.size} finite ones "
                    f"(step {steps})")
    if game.observe(det.view(p), p) != seen:
        raise _fail("observation",
                    f"seat {p}'s observation differs on a state it cannot tell apart (step {steps})")


def _check_events(events: list[Event], action: Action, steps: int) -> None:
    for event in events:
        if not isinstance(event, Event):
            raise _fail("events", f"{action} returned {event!r}, not an Event")
        if not has_template(event.domain, event.kind):
            raise _fail("events",
                        f"event kind {event.kind!r} of {event.domain!r} has no template (after {action})")
        try:
            _ = event.text
            json.dumps(event.to_json())
        except (KeyError, IndexError, ValueError, TypeError) as exc:
            raise _fail("events", f"event {event!r} does not render or is not JSON-ready: {exc!r}") from exc


def _check_notation(game: Game[Any], state: State, legal: list[Action], steps: int) -> None:
    for action in legal:
        text = str(action)
        try:
            parsed = game.parse_action(state, text)
        except LudusError as exc:
            raise _fail("notation", f"{text!r} does not parse back ({exc})") from exc
        if parsed != action:
            raise _fail("notation", f"{text!r} parses to {parsed!r}, not {action!r} (step {steps})")
    for junk in ("", "::", "0:", "no such action at all ,,"):
        try:
            game.parse_action(state, junk)
        except NotationError:
            continue
        except LudusError:
            continue
        except Exception as exc:  # any other exception type is a failure
            raise _fail("notation", f"malformed notation {junk!r} raised {exc!r}, not NotationError") from exc


def _deep_check(
    game: Game[Any],
    state: State,
    legal: list[Action],
    seen_actions: list[Action],
    rng: Rng,
    report: CheckReport,
    steps: int,
    max_apply_each: int,
) -> None:
    report.deep_checks += 1
    digest = state.digest()
    n = game.players
    # legal_actions(None) is the union of every seat's actions.
    union: list[Action] = []
    for p in range(n):
        union.extend(state.legal_actions(p))
    if set(union) != set(legal):
        raise _fail("legal-actions", f"legal_actions() differs from the union of each seat's (step {steps})")
    # Every legal action applies on a clone; the clone does not disturb the original.
    sample = legal if len(legal) <= max_apply_each else [
        legal[rng.randbelow(len(legal))] for _ in range(max_apply_each)
    ]
    for action in sample:
        copy = state.clone()
        try:
            copy.apply(action)
        except LudusError as exc:
            raise _fail("legal-applies",
                        f"legal action {action} raised {exc!r} on a clone (step {steps})") from exc
        if state.digest() != digest:
            raise _fail("clone", f"applying {action} to a clone changed the original (step {steps})")
    # Illegal actions raise and leave the state unchanged.
    legal_set = set(legal)
    probes = [a for a in seen_actions if a not in legal_set][-6:]
    probes.append(Action(0, "no-such-action", (999,)))
    if legal:
        probes.append(Action((legal[0].player + 1) % n, legal[0].verb, legal[0].args))
    for probe in probes:
        if probe in legal_set:
            continue
        copy = state.clone()
        copy_digest = copy.digest()
        try:
            copy.apply(probe)
        except IllegalActionError:
            pass
        except Exception as exc:
            raise _fail("illegal-raises", f"illegal {probe} raised {exc!r}, not IllegalActionError") from exc
        else:
            raise _fail("illegal-raises", f"illegal action {probe} was accepted (step {steps})")
        if copy.digest() != copy_digest:
            raise _fail("illegal-raises", f"rejecting {probe} changed the state (step {steps})")
    # to_json round-trips.
    data = state.to_json()
    try:
        text = json.dumps(data, sort_keys=True)
    except (TypeError, ValueError) as exc:
        raise _fail("to-json", f"to_json() is not JSON-ready: {exc}") from exc
    rebuilt = game.state_from_json(json.loads(text))
    if rebuilt.digest() != digest:
        raise _fail("to-json", f"state_from_json(to_json()) gives a different state (step {steps})")
    if rebuilt.legal_actions() != legal:
        raise _fail("to-json", f"the rebuilt state has different legal actions (step {steps})")
    # A state pickles (to worker processes) and comes back the same.
    try:
        unpickled = pickle.loads(pickle.dumps(state))
    except Exception as exc:
        raise _fail("pickle", f"the state does not pickle: {exc!r}") from exc
    if unpickled.digest() != digest:
        raise _fail("pickle", f"an unpickled state differs (step {steps})")
    # Views hide what they should and determinize keeps what is known.
    for p in [None, *range(n)]:
        try:
            view = _normal(state.view(p))
        except (TypeError, ValueError) as exc:
            raise _fail("view", f"view({p}) is not JSON-ready: {exc}") from exc
        det_seed = rng.next() & 0xFFFFFFFF
        det = state.determinize(p, det_seed)
        if state.digest() != digest:
            raise _fail("determinize", f"determinize({p}) changed the original state (step {steps})")
        det_view = _normal(det.view(p))
        if det_view != view:
            where = _first_difference(view, det_view)
            raise _fail(
                "view-leak",
                f"view({p}) differs from view({p}) of determinize({p}) at {where} (step {steps}): "
                "the view shows something hidden, or determinize forgot something seen",
            )
        _check_observation(game, state, det, p, steps)
        again = state.determinize(p, det_seed)
        if again.digest() != det.digest():
            raise _fail("determinize", f"determinize({p}, {det_seed}) is not reproducible")
        neutral = det.clone()
        neutral.rng.state = state.rng.state
        if neutral.digest() != digest:
            report.determinize_changed += 1
    if game.info.hidden_information:
        check_observable_decisions(game, state, rng, steps)
        if report.deep_checks % 8 == 1 and report.determinize_changed:  # (a no-op: [determinize-noop])
            check_determinize_identity(game, state, rng, steps)
        if report.deep_checks % 4 == 2:
            check_determinize_canonical(game, state, rng, steps)
        if report.deep_checks % 4 == 0:
            check_determinize_composition(game, state, rng, steps, seeds=2)


def _first_difference(a: Any, b: Any, path: str = "view") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key, "<missing>") != b.get(key, "<missing>"):
                return _first_difference(a.get(key), b.get(key), f"{path}[{key!r}]")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return path


def _check_outcome(game: Game[Any], state: State) -> None:
    if state.to_move():
        raise _fail("outcome", "a terminal state still has seats to move")
    if state.legal_actions() or any(state.legal_actions(p) for p in range(game.players)):
        raise _fail("outcome", "a terminal state still has legal actions")
    out = state.outcome()
    n = game.players
    if len(out.scores) != n or len(out.ranking) != n:
        raise _fail("outcome",
                    f"outcome has {len(out.scores)} scores and {len(out.ranking)} places for {n} seats")
    if any(not 1 <= place <= n for place in out.ranking):
        raise _fail("outcome", f"places {out.ranking} out of range")
    if not out.reason:
        raise _fail("outcome", "outcome gives no reason the game ended")
    if not out.termination:
        raise _fail("outcome", "outcome gives no termination (a value of the game's termination enum)")
    returns = state.returns()
    if len(returns) != n:
        raise _fail("outcome", "returns() has the wrong length")
    json.dumps(out.to_json())
