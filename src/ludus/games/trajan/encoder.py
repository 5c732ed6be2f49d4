"""Trajan's observation read from the state directly: the same floats as ``observe(view(seat), seat)``.

:func:`observe_state` fuses :func:`ludus.games.trajan.view.view` and
:func:`ludus.games.trajan.spaces.observe_into`: it writes each slice from the state fields that the
view would have turned into words, without building the view. It reads **only what the view
shows** of the seat's position — the own hand, the other hands' sizes and the cards everyone saw
them take, the rebuilt piles as ruling 26 allows, the stacks as the view lists them (their top tile
when face up) — and no draw order, deck order, bag order or other hand. ``tests/rl/test_encoders.py``
proves it equal to ``observe(view(seat), seat)`` on thousands of random positions for every seat
(the spectator too) at every player count, with the Trajan stacks face up and face down; the
wrappers use it (:func:`ludus.rl.table.observation`), so ``tests/rl/test_indistinguishable.py``
checks it on twin positions.
"""

from __future__ import annotations

from array import array
from collections.abc import MutableSequence
from typing import Any

from ludus.core.spaces import ObservationLayout
from ludus.games.trajan.components import (
    ARRANGE,
    CONSTRUCTION_TILES,
    DEMAND_TILE_KIND,
    EXTRA_TILE_ACTION,
    FORUM_KEYS,
    FORUM_KINDS,
    FORUM_TILE_KIND,
    N_CARDS,
    N_EXTRA_TILES,
    N_FORUM_TILES,
    ROUNDS_PER_QUARTER,
    SENATE_LAST,
    TOKENS_PER_PLAYER,
    TRAJAN_TILES,
    Phase,
)
from ludus.games.trajan.decisions import pending_to_json
from ludus.games.trajan.spaces import (
    _A,
    _C,
    _DEMAND_TILES,
    _F,
    _K,
    _MAX_LAP,
    _SOW_SCALE,
    _STACK_SCALE,
    _TILE_FEATURES,
    _VP_SCALE,
    TILE_FEATURES,
    _rank,
    _seat_starts,
    _starts,
)
from ludus.games.trajan.state import TrajanData
from ludus.games.trajan.view import _bag, _drawn_from, _pile_cards

__all__ = ["observe_state"]

_FORUM_OF: tuple[int, ...] = tuple(FORUM_KEYS.index(FORUM_KINDS[k].key) for k in FORUM_TILE_KIND)
"""A forum tile's kind, as the observation counts it (by :data:`FORUM_KEYS`)."""
_FEATURES: tuple[tuple[tuple[int, float], ...], ...] = tuple(_TILE_FEATURES[t.id] for t in TRAJAN_TILES)
_DEMAND_OF: tuple[int, ...] = tuple(t.demand for t in TRAJAN_TILES)
_BUILDING_TYPE: tuple[tuple[int, float], ...] = tuple((t.action, t.vp / 5) for t in CONSTRUCTION_TILES)
_SEATS_OF: tuple[tuple[int, ...], ...] = tuple(tuple(p for p in range(8) if (m >> p) & 1) for m in range(256))
_OVER = int(Phase.OVER)


def observe_state(out: MutableSequence[float], s: TrajanData, player: int | None,
                  shape: ObservationLayout | None = None) -> None:
    """Write into ``out`` (all zeros on entry) what :func:`~ludus.games.trajan.spaces.observe_into`
    writes from ``view(s, player)`` (the module's documentation says why it is the same)."""
    n = s.cfg.players
    at = _starts(n)
    first = player or 0
    arranging = s.phase == ARRANGE
    pending = pending_to_json(s.pending)

    out[at["phase"] + s.phase] = 1.0
    out[at["sub"] + pending["sub"]] = 1.0
    if s.phase != _OVER:
        out[at["to_move"] + (s.decider - first) % n] = 1.0
    out[at["current"] + (s.current - first) % n] = 1.0
    out[at["quarter"] + (s.quarter + 1 if s.quarter < 4 else 4) - 1] = 1.0
    out[at["round"]] = (s.round + 1) / ROUNDS_PER_QUARTER
    i = at["time"]
    out[i], out[i + 1], out[i + 2] = (s.time_pos / s.cfg.lap, s.cfg.lap / _MAX_LAP, float(bool(s.round_over)))

    start, stop = at["province_tiles"], at["trajan_stacks"]
    key: tuple[Any, ...] = (n, first, *s.province_tile, *s.province_legions, *s.forum_slots,
                            *s.extra_slots, *s.grid_tile, *s.grid_workers)
    block = _BOARDS.get(key)
    if block is None:
        block = _remember(_BOARDS, key, _board(s, n, first, stop - start, at, start))
    out[start:stop] = block
    start, stop = stop, at["ships"]
    face_up = s.cfg.trajan_face_up and not arranging
    key = (face_up, *[tuple(stack) for stack in s.trajan_stacks])
    block = _STACKS.get(key)
    if block is None:
        block = _remember(_STACKS, key, _stacks(s, face_up, stop - start, at, start))
    out[start:stop] = block
    i = at["ships"]
    for k, grey in enumerate(s.ship_grey):
        out[i + k] = float(bool(grey))
    if not arranging:
        i = at["senate_bonus"]
        for b in s.senate_bonus:
            out[i + b] = 1.0
    i = at["bonus_bag"]
    for b in _bag(s, arranging):
        out[i + b] = 1.0
    out[at["draw_pile"]] = (len(s.draw) + (sum(map(len, s.discards)) if arranging else 0)) / N_CARDS
    if s.pile_rebuilt:
        i = at["draw_pile_known"]
        out[i] = 1.0
        for c, k in enumerate(_pile_cards(s, player)[-1]):
            if k:
                out[i + 1 + c] = k
    if not arranging:
        tops, cards = at["discard_tops"], at["discard_cards"]
        for k, pile in enumerate(s.discards):
            if pile:
                out[tops + k * _C + pile[-1]] = 1.0
                for c in pile:
                    out[cards + k * _C + c] += 1.0
    i = at["decks"]
    out[i] = len(s.fdeck) / N_FORUM_TILES
    out[i + 1] = len(s.xdeck) / N_EXTRA_TILES
    out[i + 2] = (len(s.demand_stack) + len(s.demand_removed)) / _DEMAND_TILES
    _demands(out, at["demands"], s.demand_revealed)
    _demands(out, at["demands_spent"], s.demand_spent)
    i = at["removed_forum"]
    for t in s.forum_removed:
        out[i + _FORUM_OF[t]] += 1.0
    i = at["removed_extra"]
    for t in s.extra_removed:
        out[i + EXTRA_TILE_ACTION[t]] += 1.0
    i = at["removed_trajan"]
    for t in s.trajan_removed:
        out[i + t] = 1.0
    _turn(out, at, s, pending)
    if s.final_senate:
        i = at["final_senate"]
        for p, rank in enumerate(_rank(list(s.final_senate), n)):
            out[i + (p - first) % n] = rank
    heights = _rank(list(s.senate_stamp), n)
    blocks = _seat_starts(n)
    for p in range(n):
        _seat(out, blocks[(p - first) % n], s, p, heights[p], arranging)
    if player is not None:
        i = at["hand"]
        out[i:i + _C] = array("f", s.hand[player])


_BOARDS: dict[tuple[Any, ...], array[float]] = {}
"""The provinces, forum and construction grid's block, by what it is written from (it changes a few
times a round; ``array('f')`` copied into the buffer at once)."""
_STACKS: dict[tuple[Any, ...], array[float]] = {}
"""The Trajan stacks' block, likewise."""
_MEMO = 4096


def _remember(memo: dict[tuple[Any, ...], array[float]], key: tuple[Any, ...],
              block: array[float]) -> array[float]:
    if len(memo) >= _MEMO:
        memo.clear()
    memo[key] = block
    return block


def _board(s: TrajanData, n: int, first: int, size: int, at: dict[str, int], base: int) -> array[float]:
    """The slices ``province_tiles`` … ``grid_workers`` (``size`` floats from ``base``)."""
    out = array("f", bytes(4 * size))
    tiles, legions = at["province_tiles"] - base, at["province_legions"] - base
    for k, (t, mask) in enumerate(zip(s.province_tile, s.province_legions)):
        if t >= 0:
            out[tiles + k * _F + _FORUM_OF[t]] = 1.0
        for p in _SEATS_OF[mask]:
            out[legions + k * n + (p - first) % n] = 1.0
    i = at["forum"] - base
    for t in s.forum_slots:
        if t >= 0:
            out[i + _FORUM_OF[t]] += 1.0
    i = at["forum_extra"] - base
    for t in s.extra_slots:
        if t >= 0:
            out[i + EXTRA_TILE_ACTION[t]] += 1.0
    tiles, workers = at["grid_tiles"] - base, at["grid_workers"] - base
    for t, mask in zip(s.grid_tile, s.grid_workers):
        if t >= 0:
            action, vp = _BUILDING_TYPE[t]
            out[tiles + action] = 1.0
            out[tiles + _A] = vp
        for p in _SEATS_OF[mask]:
            out[workers + (p - first) % n] = 1.0
        tiles += _A + 1
        workers += n
    return out


def _stacks(s: TrajanData, face_up: bool, size: int, at: dict[str, int], base: int) -> array[float]:
    """The slices ``trajan_stacks``, ``trajan_tops`` and ``trajan_stack_sizes``."""
    out = array("f", bytes(4 * size))
    stacks, tops, sizes = (at[name] - base for name in ("trajan_stacks", "trajan_tops", "trajan_stack_sizes"))
    for k, stack in enumerate(s.trajan_stacks):
        for t in stack:
            out[stacks + t] = 1.0
        if face_up and stack:
            out[tops + stack[-1]] = 1.0
        out[sizes + k] = len(stack) / _STACK_SCALE
    return out


def _demands(out: MutableSequence[float], start: int, tiles: list[int]) -> None:
    for d in tiles:
        out[start + DEMAND_TILE_KIND[d]] += 1.0


def _turn(out: MutableSequence[float], at: dict[str, int], s: TrajanData, pending: dict[str, Any]) -> None:
    """The turn in progress, as ``spaces._turn`` writes it from the view's ``turn``."""
    i = at["markers_in_hand"]
    out[i:i + _K] = array("f", s.hand_markers)
    i = at["sow"]
    out[i + s.sow_tray] = 1.0
    out[i + _A] = s.sow_left / _SOW_SCALE
    if s.target >= 0:
        out[at["target"] + s.target] = 1.0
    if s.effect_tile >= 0:
        i = at["effect_tile"]
        for k, x in _FEATURES[s.effect_tile]:
            out[i + k] = x
    agenda = pending["agenda"]
    if agenda:
        i = at["agenda"]
        for code in agenda:
            out[i + code] += 1.0
        out[at["agenda_top"] + agenda[-1]] = 1.0
    out[at["extra_used"]] = float(bool(s.extra_used))
    if pending["ship"] >= 0:
        out[at["ship"] + pending["ship"]] = 1.0
    i = at["load"]
    for c in pending["load"]:
        out[i + (c if c >= 0 else _C)] += 1.0
    out[at["display_count"]] = float(pending["display_count"])
    out[at["setup_step"]] = s.setup_k / 3
    i = at["demands_left"]
    out[i:i + len(s.dem_left)] = array("f", s.dem_left)
    i = at["trajan_tiles_used"]
    for t in s.f_used:
        out[i + _DEMAND_OF[t]] += 1.0


def _seat(out: MutableSequence[float], starts: tuple[int, ...], s: TrajanData, p: int, height: float,
          arranging: bool) -> None:
    """Seat ``p``'s block of every per-seat slice, as ``spaces._seat`` writes it from the view."""
    (vp, trays, slots, arch, senate, order, supply, military, workers, leader, hand_size, known, from_pile,
     display, forum, extra, demand, plus2, buildings, yellow, grey) = starts
    out[vp] = s.vp[p] / _VP_SCALE
    for tray in s.trays[p]:
        if any(tray):
            for c, k in enumerate(tray):
                if k:
                    out[trays + c] = k
        trays += _K
    for slot, t in enumerate(s.trajan_slots[p]):
        if t >= 0:
            j = slots + slot * TILE_FEATURES
            for k, x in _FEATURES[t]:
                out[j + k] = x
    if s.arch[p] >= 0:
        out[arch + s.arch[p]] = 1.0
    out[senate] = s.senate_pos[p] / SENATE_LAST
    out[order] = height
    out[supply] = s.supply[p] / TOKENS_PER_PLAYER
    out[military] = s.mcamp[p] / TOKENS_PER_PLAYER
    out[workers] = s.wcamp[p] / TOKENS_PER_PLAYER
    out[leader + (s.leader[p] + 1 if s.leader[p] >= 0 else 0)] = 1.0
    out[hand_size] = sum(s.hand[p])
    out[known:known + _C] = array("f", s.known[p])
    out[display:display + _C] = array("f", s.display[p])
    out[from_pile] = _drawn_from(s.pile_log[p], s.pile_rebuilt)
    for t in s.ftiles[p]:
        out[forum + _FORUM_OF[t]] += 1.0
    for t in s.xtiles[p]:
        out[extra + EXTRA_TILE_ACTION[t]] += 1.0
    for t in s.held_f[p]:
        out[demand + _DEMAND_OF[t]] += 1.0
    for a, on in enumerate(s.plus2[p]):
        if on:
            out[plus2 + a] = 1.0
    for t in s.ctiles[p]:
        out[buildings + t] = 1.0
    if not arranging:
        for b in s.bonus_yellow[p]:
            out[yellow + b] = 1.0
    for b in s.bonus_grey[p]:
        out[grey + b] = 1.0
