"""Trajan for learners (issue 19): a fixed numbering of the actions, and a flat observation.

**Actions** (:func:`action_kinds`): one kind per verb of
:class:`~ludus.games.trajan.components.Verb`, in the enum's order, each argument with every
value the components allow, in the data's order (``data/*.toml``), never a sample of games.
``load`` has two kinds: one card (or a commodity joker), and a pair for the ship of pairs
(``load wine wine``, ``load wine joker``, ``load joker joker``). The numbering is the same for
every player count and option: the seat is not part of a number, and the options change which
actions a state offers, never which may exist (``choose <category>`` is offered only with
face-down stacks taken from the top, ``choose <tile>`` otherwise; both are numbered always). The
golden files ``tests/games/trajan/action_space_<n>p.txt`` hold it.

**Observation** (:func:`observe`, laid out as :func:`observation_parts` says): it reads a **view**
(:func:`ludus.games.trajan.view.view`) and nothing else, so it never holds more than the seat may
see, and two states the seat cannot tell apart give the same vector. The slices follow
OpenSpiel's observers: one-hot codes, raw counts of small things (cards, markers, tiles), and
scaled numbers for tracks and piles (VP / 100, a camp / 15, a deck / its full size):

- the table: phase, pending sub-decision, whose decision and whose turn, quarter, round and
  time; provinces, forum, construction grid, Trajan stacks, ships, bonus tiles, cards, decks,
  demands, the removed components, and the turn in progress (markers being sown, the target
  tray, the agenda of actions, the ship being loaded, ...);
- per seat, in an order **rotated so that the observing seat comes first**, then the next
  seats in turn order (the spectator: seat 0 first), the seat's public state (VP, trays,
  Trajan tiles, arch, senate, camps, leader, hand size and the cards everyone saw it take,
  display, tiles, bonus tiles);
- ``hand``: the observing seat's own commodity cards, zero for the spectator (the only
  private slice).

The size depends on the player count only. docs/games/trajan.md tabulates both.

>>> import ludus
>>> from ludus.core.actions import Action
>>> from ludus.core.spaces import ActionSpace
>>> space = ActionSpace(action_kinds())
>>> space.size, space.encode(Action(1, "march", ("germania_inferior",)))
(398, 339)
>>> vector = observe(ludus.load("trajan", players=2).new_state(1).view(0), 0)
>>> len(vector) == layout(2).size, vector[layout(2)["phase"].start]  # arrange, the first phase
(True, 1.0)
"""

from __future__ import annotations

from collections.abc import Mapping, MutableSequence
from functools import cache
from typing import Any

from ludus.core.actions import Arg
from ludus.core.spaces import ActionKind, ObservationLayout
from ludus.games.trajan.components import (
    ACTIONS,
    BONUS_TILES,
    CATEGORY_KEYS,
    COLOURS,
    COMMODITIES,
    CONSTRUCTION_TILES,
    DEMAND_KINDS,
    DEMAND_SOURCES,
    FORUM_KEYS,
    FORUM_KINDS,
    GRID_SPACES,
    N_CARDS,
    N_EXTRA_TILES,
    N_FORUM_TILES,
    PILES,
    PROVINCES,
    QUARTERS,
    ROUNDS_PER_QUARTER,
    SENATE_LAST,
    SHIP_KEYS,
    TOKENS_PER_PLAYER,
    TRAJAN_CATEGORIES,
    TRAJAN_TILES,
    Phase,
    Sub,
    Verb,
)

__all__ = ["TILE_FEATURES", "action_kinds", "layout", "observation_parts", "observe", "observe_into"]


# --- the actions -------------------------------------------------------------------------------
JOKER = "joker"
"""A commodity joker loaded on a ship, in the notation (``load joker``)."""

_CARDS: tuple[Arg, ...] = (*COMMODITIES, JOKER)
"""What may be loaded on a ship: a commodity card or a commodity joker."""

_EXTRA: tuple[Arg, ...] = tuple(k.key for k in FORUM_KINDS if k.action >= 0 or k.key == "extra_joker")
"""The tiles spent for an extra action: the extra-action joker and the six extra-action tiles."""

_ARGS: dict[Verb, tuple[tuple[Arg, ...], ...]] = {
    Verb.ARRANGE: (COLOURS,),
    Verb.TAKE_CARD: (("deck", *PILES),),
    # a tile of an open stack, or (face-down stacks, top tile only) the stack itself
    Verb.CHOOSE: ((*(t.id for t in TRAJAN_TILES), *CATEGORY_KEYS),),
    Verb.STACK: (CATEGORY_KEYS,),
    Verb.TAKE: (ACTIONS,),
    Verb.SOW: (COLOURS,),
    Verb.PLUS2: (ACTIONS,),
    Verb.EXTRA: (_EXTRA,),
    Verb.PILE: (PILES,),
    Verb.DISCARD: (COMMODITIES,),
    Verb.TAKE_DISCARD: (PILES,),
    Verb.DISPLAY: (COMMODITIES,),
    Verb.SHIP: (SHIP_KEYS,),
    Verb.LOAD: (_CARDS,),
    Verb.TAKE_TILE: (FORUM_KEYS,),
    Verb.MARCH: (tuple(p.key for p in PROVINCES),),
    Verb.TRAJAN: (CATEGORY_KEYS,),
    Verb.BUILD: (tuple(range(GRID_SPACES)),),
    Verb.MEET: (DEMAND_KINDS, DEMAND_SOURCES),
    Verb.CONSUL: (tuple(b.id for b in BONUS_TILES),),
}
"""The arguments of each verb that takes any (the others take none)."""

_LOAD_PAIR = ActionKind(Verb.LOAD.value, (_CARDS, _CARDS))
"""Two cards at once on the ship of pairs: ``(c, c)``, ``(c, joker)`` or ``(joker, joker)``
(the other 144 of its 169 numbers are never legal)."""


def action_kinds(players: int | None = None) -> list[ActionKind]:
    """Every kind of Trajan action, numbered in this order (verbs in :class:`Verb`'s order): the
    same at every player count (``players`` is accepted for the spaces facet and not needed)."""
    kinds: list[ActionKind] = []
    for verb in Verb:
        kinds.append(ActionKind(verb.value, _ARGS.get(verb, ())))
        if verb == Verb.LOAD:
            kinds.append(_LOAD_PAIR)
    return kinds


# --- the observation ---------------------------------------------------------------------------
_A, _C, _K, _F = len(ACTIONS), len(COMMODITIES), len(COLOURS), len(FORUM_KEYS)
_T, _B, _P, _D = len(TRAJAN_TILES), len(BONUS_TILES), len(PROVINCES), len(DEMAND_KINDS)
_CT = len(CONSTRUCTION_TILES)
_VP_SCALE = 100.0
_MAX_VP = max(t.vp for t in TRAJAN_TILES)
_MAX_LAP = 40.0
_STACK_SCALE = float(max(sum(1 for t in TRAJAN_TILES if t.category == c.index) for c in TRAJAN_CATEGORIES))
_DEMAND_TILES = 15.0
_SOW_SCALE = 12.0

TILE_FEATURES = len(TRAJAN_CATEGORIES) + _K + 1 + _D
"""Floats describing a Trajan tile: its category (one-hot), the markers it needs by colour
(0.5 each: 1.0 for a same-colour pair), its VP / 9 and its demand kind (category F, one-hot)."""


def _tile_features(t: int) -> tuple[float, ...]:
    tile = TRAJAN_TILES[t]
    out = [0.0] * TILE_FEATURES
    out[tile.category] = 1.0
    for c in tile.colours:
        out[len(TRAJAN_CATEGORIES) + c] += 0.5
    out[len(TRAJAN_CATEGORIES) + _K] = tile.vp / _MAX_VP
    if tile.demand >= 0:
        out[len(TRAJAN_CATEGORIES) + _K + 1 + tile.demand] = 1.0
    return tuple(out)


_TILE_FEATURES: dict[str, tuple[tuple[int, float], ...]] = {
    t.id: tuple((k, x) for k, x in enumerate(_tile_features(t.index)) if x) for t in TRAJAN_TILES}
"""A tile's features as (offset, value) pairs of its nonzero floats (written one by one, so that
the observation can go into any float buffer, :func:`observe_into`)."""
_PHASE = {p.name.lower(): int(p) for p in Phase}
_SUB = {s.name.lower(): int(s) for s in Sub}
_ACTION = {a: i for i, a in enumerate(ACTIONS)}
_COLOUR = {c: i for i, c in enumerate(COLOURS)}
_COMMODITY = {c: i for i, c in enumerate(COMMODITIES)}
_CARD = {**_COMMODITY, "joker": _C}
_FORUM = {k: i for i, k in enumerate(FORUM_KEYS)}
_TILE = {t.id: t.index for t in TRAJAN_TILES}
_DEMAND = {d: i for i, d in enumerate(DEMAND_KINDS)}
_LEADER = {"camp": 0, **{p.key: 1 + p.index for p in PROVINCES}}
_BONUS = {b.id: b.index for b in BONUS_TILES}
_SHIP = {k: i for i, k in enumerate(SHIP_KEYS)}
_BUILDING = {t.name: t.index for t in CONSTRUCTION_TILES}
_BUILDING_TYPE = {t.name: (t.action, t.vp / 5) for t in CONSTRUCTION_TILES}
_TILE_DEMAND = {t.id: t.demand for t in TRAJAN_TILES}


def observation_parts(players: int) -> list[tuple[str, int, str]]:
    """The slices of a ``players``-player observation, in order: ``(name, size, what it holds)``."""
    n = players
    seats = "per seat, the observing seat first"
    return [
        # --- the table and the decision pending ---
        ("phase", len(Phase), "one-hot phase: " + ", ".join(_PHASE)),
        ("sub", len(Sub), "one-hot pending sub-decision: " + ", ".join(_SUB)),
        ("to_move", n, "one-hot: the seat whose decision the game waits for, " + seats),
        ("current", n, "one-hot: the seat whose turn it is, " + seats),
        ("quarter", QUARTERS, "one-hot quarter (1-4)"),
        ("round", 1, f"the round of the quarter / {ROUNDS_PER_QUARTER}"),
        ("time", 3, "time marker position / lap, lap / 40, 1 once the round is over"),
        ("province_tiles", _P * _F, "per province (data order), one-hot kind of the forum tile lying there"),
        ("province_legions", _P * n, "per province, 1 per seat with a legionnaire there, " + seats),
        ("forum", _F, "forum tiles on the forum, counted by kind"),
        ("forum_extra", _A, "extra-action tiles on the forum, counted by action"),
        ("grid_tiles", GRID_SPACES * (_A + 1),
         "per construction space: one-hot type of the tile lying there (by action), its VP / 5"),
        ("grid_workers", GRID_SPACES * n, "per construction space, 1 per seat with a worker there, " + seats),
        ("trajan_stacks", _T, "1 per Trajan tile in a stack (T01..T54)"),
        ("trajan_tops", _T, "1 per Trajan tile lying face up on top of its stack"),
        ("trajan_stack_sizes", len(TRAJAN_CATEGORIES),
         f"tiles per stack (categories A-F) / {_STACK_SCALE:g}"),
        ("ships", len(SHIP_KEYS), "1 per ship tile turned to its grey side"),
        ("senate_bonus", _B, "1 per bonus tile on the senate (B1..B12)"),
        ("bonus_bag", _B, "1 per bonus tile in the bag"),
        ("draw_pile", 1, f"cards in the draw pile / {N_CARDS}"),
        ("draw_pile_known", 1 + _C, "1 once the draw pile was rebuilt from the discards; the rebuilt "
                                    "pile's cards the seat did not draw (in it, or drawn by the others), "
                                    "by commodity"),
        ("discard_tops", 2 * _C, "per discard pile (left, right), one-hot commodity of its top card"),
        ("discard_cards", 2 * _C, "per discard pile, its cards counted by commodity"),
        ("decks", 3, f"forum deck / {N_FORUM_TILES}, extra-action deck / {N_EXTRA_TILES}, "
                     f"demand tiles unrevealed / {_DEMAND_TILES:g}"),
        ("demands", _D, "demand tiles revealed this quarter, counted by kind (bread, games, religion)"),
        ("demands_spent", _D, "demand tiles met or paid for, counted by kind"),
        ("removed_forum", _F, "forum tiles out of the game, counted by kind"),
        ("removed_extra", _A, "extra-action tiles out of the game, counted by action"),
        ("removed_trajan", _T, "1 per Trajan tile out of the game"),
        ("markers_in_hand", _K, "action markers being sown or arranged, counted by colour"),
        ("sow", _A + 1, f"one-hot tray the next marker is sown into, markers left to sow / {_SOW_SCALE:g}"),
        ("target", _A, "one-hot tray whose action the turn takes"),
        ("effect_tile", TILE_FEATURES,
         "the accomplished Trajan tile whose effect is offered (tile features)"),
        ("agenda", 2 * _A, "the actions to take (6) and the extra actions offered (6), counted by action"),
        ("agenda_top", 2 * _A, "one-hot: the next of them"),
        ("extra_used", 1, "1 once an extra-action tile was used this turn"),
        ("ship", len(SHIP_KEYS), "one-hot ship being loaded"),
        ("load", _C + 1, "cards loaded on it so far by commodity, then commodity jokers"),
        ("display_count", 1, "1 while a second card may go to the display"),
        ("setup_step", 1, "step of the seat's set-up decision / 3"),
        ("demands_left", _D, "demands the deciding seat has still to meet, by kind"),
        ("trajan_tiles_used", _D, "demand Trajan tiles already used this quarter end, by kind"),
        ("final_senate", n, "the seats' senate standing kept for the final tie-break, ranked "
                            "(0 lowest .. 1 highest; all 0 until kept), " + seats),
        # --- every seat's public state ---
        ("vp", n, f"victory points / {_VP_SCALE:g}, " + seats),
        ("trays", n * _A * _K, "per seat, per tray (Seaport..Construction), its action markers by colour"),
        ("trajan_slots", n * _A * TILE_FEATURES,
         "per seat, per slot I..VI, its Trajan tile's features (0: empty)"),
        ("arch", n * _A, "per seat, one-hot slot of its arch (all 0: in the centre)"),
        ("senate", n, f"senate track position / {SENATE_LAST}, " + seats),
        ("senate_order", n, "rank of the height of the seat's senate disc (0 lowest .. 1 on top), " + seats),
        ("supply", n, f"tokens in the seat's supply / {TOKENS_PER_PLAYER}, " + seats),
        ("military_camp", n, f"legionnaires in its military camp / {TOKENS_PER_PLAYER}"),
        ("worker_camp", n, f"workers in its worker camp / {TOKENS_PER_PLAYER}"),
        ("leader", n * (1 + _P), "per seat, one-hot place of its leader: the camp, then the provinces"),
        ("hand_size", n, "cards in the seat's hand, " + seats),
        ("hand_known", n * _C, "per seat, the cards in its hand everyone saw it take, by commodity"),
        ("hand_from_pile", n, "cards it drew from the rebuilt draw pile (shown since or not)"),
        ("display", n * _C, "per seat, its display by commodity"),
        ("forum_tiles", n * _F, "per seat, its forum tiles counted by kind"),
        ("extra_tiles", n * _A, "per seat, its extra-action tiles counted by action"),
        ("demand_trajan_tiles", n * _D, "per seat, its demand Trajan tiles counted by demand kind"),
        ("plus2", n * _A, "per seat, 1 per action with its [+2] marker"),
        ("construction_tiles", n * _CT, "per seat, 1 per construction tile it holds (seaport-2..trajan-5)"),
        ("bonus_yellow", n * _B, "per seat, 1 per bonus tile it holds yellow side up"),
        ("bonus_grey", n * _B, "per seat, 1 per bonus tile it holds grey side up"),
        # --- private ---
        ("hand", _C, "the observing seat's own cards, counted by commodity (all 0 for the spectator)"),
    ]


@cache
def layout(players: int) -> ObservationLayout:
    """The :class:`ObservationLayout` of :func:`observation_parts` (one per player count)."""
    return ObservationLayout(observation_parts(players))


@cache
def _starts(players: int) -> dict[str, int]:
    return {s.name: s.start for s in layout(players).slices}


def _rank(values: list[int], n: int) -> list[float]:
    """Each value's rank among ``values`` (0 lowest .. 1 highest; ties share the lower rank)."""
    top = max(n - 1, 1)
    order = sorted(values)
    return [order.index(v) / top for v in values]


def observe(view: Mapping[str, Any], player: int | None,
            shape: ObservationLayout | None = None) -> list[float]:
    """The observation of ``player`` (None: the spectator) from its ``view`` alone, laid out as
    ``shape`` (the game's :attr:`~ludus.core.api.Game.observation_layout`; by default :func:`layout`)."""
    out = (shape or layout(len(view["players"]))).zeros()
    observe_into(out, view, player)
    return out


def observe_into(out: MutableSequence[float], view: Mapping[str, Any], player: int | None,
                 shape: ObservationLayout | None = None) -> None:
    """:func:`observe` written into ``out``, all zeros on entry (a list, or a float32 ``memoryview``
    of a numpy buffer: :func:`ludus.core.spaces.observe_into`); ``shape`` is not needed."""
    seats = view["players"]
    n = len(seats)
    at = _starts(n)
    first = player or 0

    out[at["phase"] + _PHASE[view["phase"]]] = 1.0
    turn = view["turn"]
    out[at["sub"] + _SUB[turn["sub"]]] = 1.0
    if view["to_move"] is not None:
        out[at["to_move"] + (view["to_move"] - first) % n] = 1.0
    out[at["current"] + (view["current"] - first) % n] = 1.0
    out[at["quarter"] + view["quarter"] - 1] = 1.0
    out[at["round"]] = view["round"] / ROUNDS_PER_QUARTER
    time = view["time"]
    i = at["time"]
    out[i], out[i + 1], out[i + 2] = (time["position"] / time["lap"], time["lap"] / _MAX_LAP,
                                      float(time["round_over"]))

    tiles, legions = at["province_tiles"], at["province_legions"]
    for k, province in enumerate(view["provinces"]):
        if province["tile"] is not None:
            out[tiles + k * _F + _FORUM[province["tile"]]] = 1.0
        for p in province["legionnaires"]:
            out[legions + k * n + (p - first) % n] = 1.0
    _count(out, at["forum"], _FORUM, [k for k in view["forum"] if k is not None])
    _count(out, at["forum_extra"], _ACTION, [a for a in view["forum_extra"] if a is not None])
    tiles, workers = at["grid_tiles"], at["grid_workers"]
    for space in view["construction"]:
        tile = space["tile"]
        if tile is not None:
            action, vp = _BUILDING_TYPE[tile]
            out[tiles + action] = 1.0
            out[tiles + _A] = vp
        for p in space["workers"]:
            out[workers + (p - first) % n] = 1.0
        tiles += _A + 1
        workers += n
    stacks, tops, sizes = at["trajan_stacks"], at["trajan_tops"], at["trajan_stack_sizes"]
    for k, stack in enumerate(view["trajan_stacks"]):
        for t in stack["tiles"]:
            out[stacks + _TILE[t]] = 1.0
        if "top" in stack:
            out[tops + _TILE[stack["top"]]] = 1.0
        out[sizes + k] = stack["size"] / _STACK_SCALE
    i = at["ships"]
    for k, ship in enumerate(view["ships"]):
        out[i + k] = float(ship["grey"])
    _mark(out, at["senate_bonus"], _BONUS, view["senate_bonus"])
    _mark(out, at["bonus_bag"], _BONUS, view["bonus_bag"])
    out[at["draw_pile"]] = view["draw_pile"] / N_CARDS
    known = view["draw_pile_known"]
    if known is not None:
        i = at["draw_pile_known"]
        out[i] = 1.0
        for c, k in known.items():
            out[i + 1 + _COMMODITY[c]] = k
    tops, cards = at["discard_tops"], at["discard_cards"]
    for k, pile in enumerate(view["discard_piles"]):
        if pile:
            out[tops + k * _C + _COMMODITY[pile[-1]]] = 1.0
            _count(out, cards + k * _C, _COMMODITY, pile)
    i = at["decks"]
    out[i] = view["forum_deck"] / N_FORUM_TILES
    out[i + 1] = view["extra_deck"] / N_EXTRA_TILES
    out[i + 2] = view["demand_stack"] / _DEMAND_TILES
    _count(out, at["demands"], _DEMAND, view["demands"])
    _count(out, at["demands_spent"], _DEMAND, view["demands_spent"])
    removed = view["removed"]
    _count(out, at["removed_forum"], _FORUM, removed["forum"])
    _count(out, at["removed_extra"], _ACTION, removed["extra"])
    _mark(out, at["removed_trajan"], _TILE, removed["trajan"])
    _turn(out, at, turn)
    final = view["final_senate"]
    if final:
        i = at["final_senate"]
        for p, rank in enumerate(_rank(final, n)):
            out[i + (p - first) % n] = rank

    heights = _rank([seat["senate_height"] for seat in seats], n)
    blocks = _seat_starts(n)
    for p, seat in enumerate(seats):
        _seat(out, blocks[(p - first) % n], seat, heights[p])
    if player is not None:
        for c, k in seats[player]["hand"].items():
            out[at["hand"] + _COMMODITY[c]] = k


def _turn(out: MutableSequence[float], at: Mapping[str, int], turn: Mapping[str, Any]) -> None:
    """The turn in progress: sowing, the target tray, the agenda and the Seaport's sub-decisions."""
    i = at["markers_in_hand"]
    for c, k in turn["markers_in_hand"].items():
        out[i + _COLOUR[c]] = k
    i = at["sow"]
    out[i + _ACTION[turn["sow_tray"]]] = 1.0
    out[i + _A] = turn["sow_left"] / _SOW_SCALE
    if turn["target"] is not None:
        out[at["target"] + _ACTION[turn["target"]]] = 1.0
    if turn["effect_tile"] is not None:
        i = at["effect_tile"]
        for k, x in _TILE_FEATURES[turn["effect_tile"]]:
            out[i + k] = x
    agenda = turn["agenda"]
    if agenda:
        i = at["agenda"]
        for code in agenda:
            out[i + code] += 1.0
        out[at["agenda_top"] + agenda[-1]] = 1.0
    out[at["extra_used"]] = float(turn["extra_used"])
    if turn["ship"] is not None:
        out[at["ship"] + _SHIP[turn["ship"]]] = 1.0
    _count(out, at["load"], _CARD, turn["load"])
    out[at["display_count"]] = float(turn["display_count"])
    out[at["setup_step"]] = turn["setup_step"] / 3
    i = at["demands_left"]
    for k, left in enumerate(turn["demands_left"]):
        out[i + k] = left
    i = at["trajan_tiles_used"]
    for t in turn["trajan_tiles_used"]:
        out[i + _TILE_DEMAND[t]] += 1.0


_SEAT_SLICES: tuple[tuple[str, int], ...] = (
    ("vp", 1), ("trays", _A * _K), ("trajan_slots", _A * TILE_FEATURES), ("arch", _A), ("senate", 1),
    ("senate_order", 1), ("supply", 1), ("military_camp", 1), ("worker_camp", 1), ("leader", 1 + _P),
    ("hand_size", 1), ("hand_known", _C), ("hand_from_pile", 1), ("display", _C), ("forum_tiles", _F),
    ("extra_tiles", _A), ("demand_trajan_tiles", _D), ("plus2", _A), ("construction_tiles", _CT),
    ("bonus_yellow", _B), ("bonus_grey", _B),
)
"""The per-seat slices and the size of one seat's block in each."""


@cache
def _seat_starts(players: int) -> tuple[tuple[int, ...], ...]:
    """Per seat block ``r`` (0: the observing seat), where it starts in each per-seat slice."""
    at = _starts(players)
    return tuple(tuple(at[name] + r * size for name, size in _SEAT_SLICES) for r in range(players))


def _seat(out: MutableSequence[float], starts: tuple[int, ...], seat: Mapping[str, Any],
          height: float) -> None:
    """A seat's block of every per-seat slice (``starts``: :func:`_seat_starts`), from the seat's view."""
    (vp, trays, slots, arch, senate, order, supply, military, workers, leader, hand_size, known, from_pile,
     display, forum, extra, demand, plus2, buildings, yellow, grey) = starts
    out[vp] = seat["vp"] / _VP_SCALE
    for a, tray in seat["trays"].items():
        if tray:
            base = trays + _ACTION[a] * _K
            for c, k in tray.items():
                out[base + _COLOUR[c]] = k
    for slot, t in enumerate(seat["trajan_slots"]):
        if t is not None:
            j = slots + slot * TILE_FEATURES
            for k, x in _TILE_FEATURES[t]:
                out[j + k] = x
    if seat["arch"] >= 0:
        out[arch + seat["arch"]] = 1.0
    out[senate] = seat["senate"] / SENATE_LAST
    out[order] = height
    out[supply] = seat["supply"] / TOKENS_PER_PLAYER
    out[military] = seat["military_camp"] / TOKENS_PER_PLAYER
    out[workers] = seat["worker_camp"] / TOKENS_PER_PLAYER
    out[leader + _LEADER[seat["leader"]]] = 1.0
    out[hand_size] = seat["hand_size"]
    for c, k in seat["hand_known"].items():
        out[known + _COMMODITY[c]] = k
    out[from_pile] = seat["hand_from_pile"]
    for c, k in seat["display"].items():
        out[display + _COMMODITY[c]] = k
    for key in seat["forum_tiles"]:
        out[forum + _FORUM[key]] += 1.0
    for key in seat["extra_tiles"]:
        out[extra + _ACTION[key]] += 1.0
    for key in seat["demand_trajan_tiles"]:
        out[demand + _TILE_DEMAND[key]] += 1.0
    for key in seat["plus2"]:
        out[plus2 + _ACTION[key]] = 1.0
    for key in seat["construction_tiles"]:
        out[buildings + _BUILDING[key]] = 1.0
    for key in seat["bonus_yellow"]:
        out[yellow + _BONUS[key]] = 1.0
    for key in seat["bonus_grey"]:
        out[grey + _BONUS[key]] = 1.0


def _count(out: MutableSequence[float], start: int, index: Mapping[str, int], keys: list[str]) -> None:
    for key in keys:
        out[start + index[key]] += 1.0


def _mark(out: MutableSequence[float], start: int, index: Mapping[str, int], keys: list[str]) -> None:
    for key in keys:
        out[start + index[key]] = 1.0

