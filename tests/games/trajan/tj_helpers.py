"""Helpers for the Trajan tests: a game past its set-up, and board edits for scenarios.

Edits change a state's fields; call them inside ``with edit(state):`` (from
:mod:`ludus.testing.scenario`) so the legal-action cache is reset afterwards.
"""

from __future__ import annotations

from collections import Counter

from ludus.core.rng import Rng
from ludus.games.trajan.components import (
    ACTION,
    COLOURS,
    FORUM_KIND_INDEX,
    FORUM_TILE_KIND,
    SEAPORT,
    TAKE,
    Phase,
)
from ludus.games.trajan.decisions import agenda_decisions
from ludus.games.trajan.game import TrajanState
from ludus.testing.scenario import edit, play, started


def in_play(players: int = 2, seed: int = 0, *, random_setup: bool = False, **options: object) -> TrajanState:
    """A game just after the set-up decisions: the first legal choice each time, or random ones."""
    state: TrajanState = started("trajan", players=players, seed=seed, **options)
    rng = Rng(seed)
    while state.phase < TAKE:
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))] if random_setup else legal[0])
    return state


def empty_trays(state: TrajanState, p: int) -> None:
    state.trays[p] = [[0] * 6 for _ in range(6)]


def put(state: TrajanState, p: int, action: int, *colours: str) -> None:
    for c in colours:
        state.trays[p][action][COLOURS.index(c)] += 1


def forum_tile(kind: str, nth: int = 0) -> int:
    return [t for t, k in enumerate(FORUM_TILE_KIND) if k == FORUM_KIND_INDEX[kind]][nth]


def grab_trajan(state: TrajanState, tile: int) -> int:
    """Take Trajan tile ``tile`` from wherever it lies (a stack or a player's slot)."""
    for stack in state.trajan_stacks:
        if tile in stack:
            stack.remove(tile)
    for slots in state.trajan_slots:
        for slot, t in enumerate(slots):
            if t == tile:
                slots[slot] = -1
    return tile


def clear_slots(state: TrajanState, p: int) -> None:
    for slot, t in enumerate(state.trajan_slots[p]):
        if t >= 0:
            state.trajan_removed.append(t)
            state.trajan_slots[p][slot] = -1
    state.arch[p] = 0


def turn_of(state: TrajanState, p: int) -> None:
    """Seat ``p`` is to take a tray."""
    state.current, state.decider, state.phase = p, p, TAKE


def action_step(state: TrajanState, p: int, *agenda: int) -> None:
    """Seat ``p`` is in the action step with ``agenda`` pending (codes DO + action / OFFER + action)."""
    state.current, state.decider, state.phase = p, p, ACTION
    state.pending = agenda_decisions(p, list(agenda))


def rebuilt_by_seat_0(seed: int = 0) -> tuple[TrajanState, Counter[int]]:
    """Seat 0 draws two cards from an empty draw pile: it is rebuilt from the discard piles.

    Returns the state and the cards the rebuilt pile held (ruling 26).
    """
    state = in_play(2, seed)
    with edit(state):
        state.discards[0][:0] = state.draw[:25]
        state.discards[1][:0] = state.draw[25:]
        state.draw = []
        action_step(state, 0, SEAPORT)
        state.target = SEAPORT
    rebuilt = Counter(state.discards[0][:-1] + state.discards[1][:-1])
    play(state, "0:draw_two")
    return state, rebuilt


def started_at(phase: Phase, players: int = 2, seed: int = 0, **options: object) -> TrajanState:
    """A new game played (first legal choice each time) up to ``phase``."""
    state: TrajanState = started("trajan", players=players, seed=seed, **options)
    while state.phase != phase:
        state.apply(state.legal_actions()[0])
    return state


def do(state: TrajanState, text: str) -> None:
    """Play ``text`` (one action in notation) on ``state``."""
    play(state, text)
