"""Hadrian's Wall for learners: a fixed numbering of every action, and a flat observation.

:func:`action_kinds` lists every verb of :class:`~.components.Verb` in its declaration
order, each argument with every value the components allow (the data's order): the
numbering depends on the player count only (the Prospect cards a Market purchase or a
scouting may use are ``p<seat>`` for every seat and as many Neutral cards as the count
turns up), never on the options, so a Solo Campaign fort that bans a building keeps the
building's number (it is never legal there).

:func:`observation_parts` and :func:`observe` lay a seat's **view** out as floats (one-hot,
multi-hot, counts scaled to about 0–1): the table (Year, phase, Fate and Neutral cards, the
Pict attack), the observing seat's own drawn cards and the top of its pending decisions,
then one block per seat, the observing seat first and the others in seat order after it
(``s0.…`` is the observer, ``s1.…`` the next seat; for the spectator ``s0`` is seat 0).
The spectator's vector has the same layout with ``hand`` and ``choice`` zero. See
docs/games/hadrians-wall.md, "Action numbering and observations".
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, MutableSequence, Sequence
from functools import cache
from operator import mul
from typing import Any, Final

from ludus.core.spaces import ActionKind, ObservationLayout

from .components import (
    ATTRIBUTE_CHOICES,
    ATTRIBUTE_MAX,
    ATTRIBUTES,
    BATHS_BOXES,
    BATHS_PER_YEAR,
    BUILDING_IDS,
    CIPPI_REWARDS,
    CITIZEN_BOXES,
    CITIZENS,
    COHORT_BOXES,
    COHORTS,
    COURT_BOXES,
    DIFFICULTIES,
    DIPLOMAT_FAVOURS,
    DISDAIN_BOXES,
    FATE_CARDS,
    FORT_REWARDS,
    FORTS,
    FORUM_BOXES,
    FORUM_TYPES,
    GLADIATORS,
    GUARD_REWARDS,
    ITEMS,
    MAP_COLUMNS,
    MAP_ROWS,
    MARKET_HEXAGONS,
    MARKET_UNIQUE_BONUS,
    MINING_REWARDS,
    NEUTRAL_CARDS,
    PATTERN_CELLS,
    PHASE_NAMES,
    PLAYER_CARD_INDEX,
    PLAYER_CARDS,
    PRODUCTION_CIRCLES,
    SCOUT_PATRICIANS,
    TEMPLE_BOXES,
    THEATRE_BOXES,
    TRAINING_BOXES,
    WALL_REWARDS,
    WORKERS,
    YEARS,
    Verb,
    cells_mask,
    mask_token,
)
from .config import orientations, placements

__all__ = ["action_kinds", "observation_parts", "observe", "observe_into"]

# --- the action space -------------------------------------------------------------------
FORT_WORKERS: Final = ITEMS[:2]
"""The Fort takes 1 Soldier or 1 Builder."""
GLADIATOR_TRAINERS: Final = ("servant", "civilian")
"""A gladiator is trained with 1 Servant or 1 Civilian (the Ludus)."""
FAVOUR_KINDS: Final = ("temple", "diplomat")
"""A Favour comes from a Temple or from a Diplomat."""


def neutral_cards(players: int) -> int:
    """The most Neutral cards face up in a Year at ``players`` (a Solo Campaign fort may change it)."""
    most = NEUTRAL_CARDS.get(players, 0)
    if players == 1:
        most = max([most, *(int(f.rules.get("neutral_cards", 0)) for f in FORTS)])
    return most


def _sources(players: int) -> tuple[str, ...]:
    """The Prospect cards of other seats and the Neutral ones (``p<seat>`` then ``n<index>``)."""
    seats = tuple(f"p{q}" for q in range(players)) if players > 1 else ()
    return seats + tuple(f"n{i}" for i in range(neutral_cards(players)))


def _unique(values: Sequence[int]) -> tuple[int, ...]:
    return tuple(dict.fromkeys(values))


@cache
def action_kinds(players: int) -> tuple[ActionKind, ...]:
    """Every kind of action at ``players``, in the order of :class:`~.components.Verb`."""
    forum = tuple(ITEMS[w] for w in FORUM_TYPES)
    turns = tuple(mask_token(m) for m in _unique([m for p in PATTERN_CELLS for m in orientations(p)]))
    places = tuple(mask_token(m) for m in _unique([m for p in PATTERN_CELLS for m in placements(p)]))
    args: dict[Verb, tuple[tuple[str, ...], ...]] = {
        Verb.PATH: (tuple(c.id for c in PLAYER_CARDS),),
        Verb.COHORT: (COHORTS,),
        Verb.ATTRIBUTE: (ATTRIBUTES,),
        Verb.FORT: (FORT_WORKERS,),
        Verb.BUILD: (BUILDING_IDS,),
        Verb.FORUM: (forum, forum, forum),
        Verb.CITIZEN: (CITIZENS,),
        Verb.BUY: (("deck", *_sources(players)),),
        Verb.HEXAGON: (MARKET_HEXAGONS,),
        Verb.PERFORM: (THEATRE_BOXES,),
        Verb.TRAIN_GLADIATOR: (GLADIATORS, GLADIATOR_TRAINERS),
        Verb.BATTLE: (GLADIATORS,),
        Verb.TEMPLE: (WORKERS,),
        Verb.BRIBE: (BATHS_BOXES,),
        Verb.RULING: (COURT_BOXES,),
        Verb.DIPLOMAT: (COHORTS,),
        Verb.SCOUT: (("own", *_sources(players)),),
        Verb.TURN: (turns,),
        Verb.PLACE: (places,),
        Verb.FAVOUR: (FAVOUR_KINDS, COHORTS),
    }
    return tuple(ActionKind(str(verb), args.get(verb, ())) for verb in Verb)


# --- the observation --------------------------------------------------------------------
_CARDS = len(PLAYER_CARDS)
_FATE = len(FATE_CARDS)
_GOODS = len(MARKET_UNIQUE_BONUS)
_CELLS = MAP_ROWS * MAP_COLUMNS
_ITEM_SCALE = 10
"""Items and Pict cards are counted in tens (a seat rarely holds more)."""
_TRACK_LENGTHS = tuple(len(r)
                       for r in (MINING_REWARDS, GUARD_REWARDS, CIPPI_REWARDS, WALL_REWARDS, FORT_REWARDS))
_TEMPLE_FAVOURS = sum(1 for box in TEMPLE_BOXES if box[3])
_PENDING_KINDS: Final = ("cohort", *ATTRIBUTE_CHOICES, "place", "shape", "hexagon")
"""The pending decisions by their token's first word: a Cohort, an attribute (any, Piety or
Discipline, Renown or Valour), how to turn a pattern, where to place it, a Market hexagon."""
_PENDING_INDEX = {kind: i for i, kind in enumerate(_PENDING_KINDS)}
_PATTERNS = tuple(PATTERN_CELLS)

_TABLE: list[tuple[str, int, str]] = [
    ("year", YEARS, "the Year, one-hot (1–6)"),
    ("phase", len(PHASE_NAMES), "the phase, one-hot: " + ", ".join(PHASE_NAMES)),
    ("options", len(DIFFICULTIES) + 4,
     f"difficulty one-hot (easy, normal, hard), campaign fort / {len(FORTS)}, "
     "campaign_reward, final_pass, resource_passing"),
    ("year_card", _FATE, "the Year's Fate card, one-hot (Fate cards 1–48)"),
    ("fate_deck", 1, "cards left in the Fate deck / 48"),
    ("fate_discard", _FATE, "the Fate cards discarded, multi-hot"),
    ("attack", len(COHORTS), "Pict cards attacking each Cohort (left, centre, right) / 10"),
    ("attack_cards", _FATE, "the Fate cards of the Pict attack, multi-hot"),
    ("extra_attack", 1, "Pict cards the no-passing variant adds this Year / 10"),
]
_NEUTRAL_SLOTS = max(NEUTRAL_CARDS.values())
_NEUTRAL: list[tuple[str, int, str]] = [
    ("neutral", _NEUTRAL_SLOTS * _CARDS,
     f"each of the {_NEUTRAL_SLOTS} Neutral card places: its Player card, one-hot"),
    ("neutral_items", _NEUTRAL_SLOTS, "items paid onto each Neutral card / 10"),
    ("neutral_deck", 1, "cards left in the Neutral deck / 12"),
    ("neutral_discard", _CARDS, "the Neutral cards discarded, multi-hot"),
]
_OWN: list[tuple[str, int, str]] = [
    ("hand", _CARDS,
     "private: the 2 Player cards the observer has drawn, multi-hot (zero for the spectator)"),
    ("choice", _CARDS,
     "private: the Path the observer has chosen before the reveal, one-hot (zero for the spectator)"),
    ("decision_pattern", len(_PATTERNS),
     "s0's next decision turns or places this pattern (I, O, T, L, S), one-hot"),
    ("decision_shape", _CELLS, "s0's next decision places the pattern turned so: its cells at the corner a1"),
    ("decision_good", _GOODS, "s0's next decision writes this Trade Good (1–6) in a Market hexagon, one-hot"),
]
_SEAT: list[tuple[str, int, str]] = [
    # numbers (scaled by _SEAT_SCALE), in the order _seat lists them
    ("to_move", 1, "1 while the game waits for the seat"),
    ("done", 1, "1 once the seat has ended the Year"),
    ("items", len(ITEMS), "Soldiers, Builders, Servants, Civilians, Resources held / 10"),
    ("cohorts", len(COHORTS), f"boxes filled in each Cohort (left, centre, right) / {COHORT_BOXES}"),
    ("tracks", len(_TRACK_LENGTHS),
     "Mining & Foresting, Wall Guard, Cippi, Wall, Fort: boxes filled / boxes printed"),
    ("production", 1, f"Resource Production circles filled / {PRODUCTION_CIRCLES}"),
    ("training", 1, f"Training Grounds boxes filled / {TRAINING_BOXES}"),
    ("built", len(BUILDING_IDS), "1 for each building built (in the order of sheets.toml)"),
    ("forum", 1, f"Forum boxes filled / {FORUM_BOXES}"),
    ("attributes", len(ATTRIBUTES), f"Renown, Piety, Valour, Discipline / {ATTRIBUTE_MAX}"),
    ("disdain", 2, f"Disdain boxes circled, and filled again (Baths) / {DISDAIN_BOXES}"),
    ("citizens", len(CITIZENS), f"Traders, Performers, Priests, Apparitores, Patricians / {CITIZEN_BOXES}"),
    ("gladiators", 4 * len(GLADIATORS),
     f"red, then blue: Strength / 6, damage / 6, dead, battles fought / {YEARS}"),
    ("temples", 3, f"Temple boxes filled / {len(TEMPLE_BOXES)}, Favours earned and used / {_TEMPLE_FAVOURS}"),
    ("favours", 1 + len(COHORTS), "Favours spent / 10; Pict cards ignored on each Cohort / 10"),
    ("scouts", 1, f"patterns scouted / {len(SCOUT_PATRICIANS)}"),
    ("cards", 3, f"cards left in the Player deck / {_CARDS}, cards drawn / 2, 1 once a Path is chosen"),
    ("pending", 1, "pending decisions / 5"),
    # boxes written, flags and one-hots
    ("market", len(MARKET_HEXAGONS),
     "1 for each Market hexagon written (" + ", ".join(MARKET_HEXAGONS) + ")"),
    ("theatre", len(THEATRE_BOXES),
     "1 for each Theatre performance given (" + ", ".join(THEATRE_BOXES) + ")"),
    ("baths", len(BATHS_BOXES), "1 for each Baths box used (" + ", ".join(BATHS_BOXES) + ")"),
    ("court", len(COURT_BOXES), "1 for each Courthouse ruling made (" + ", ".join(COURT_BOXES) + ")"),
    ("this_year", 9, "used this Year: Training Grounds, Forum, red and blue gladiator battles, Theatre, "
                     f"Baths (bribes / {BATHS_PER_YEAR}), Courthouse columns L, C, R"),
    ("goods", _GOODS, "1 for each Trade Good (1–6) in the Market"),
    ("diplomats", 2 * len(COHORTS),
     f"1 for a Diplomat at each Cohort; its Favours used / {DIPLOMAT_FAVOURS}"),
    ("map", _CELLS, "1 for each Scouting-map cell filled (a1 … e4, row by row)"),
    ("paths", _CARDS, "the Player cards kept as Paths, multi-hot"),
    ("prospect", _CARDS, "the Prospect card on top, one-hot"),
    ("covered", _CARDS, "the earlier Prospect cards it covers, multi-hot"),
    ("next", len(_PENDING_KINDS), "the next pending decision, one-hot: " + ", ".join(_PENDING_KINDS)),
]
_SEAT_SIZE = sum(size for _, size, _ in _SEAT)
_SEAT_START = {name: sum(size for _, size, _ in _SEAT[:i]) for i, (name, _, _) in enumerate(_SEAT)}
_SEAT_SCALE: tuple[float, ...] = (
    1.0, 1.0, *[1 / _ITEM_SCALE] * len(ITEMS), *[1 / COHORT_BOXES] * len(COHORTS),
    *(1 / n for n in _TRACK_LENGTHS), 1 / PRODUCTION_CIRCLES, 1 / TRAINING_BOXES, *[1.0] * len(BUILDING_IDS),
    1 / FORUM_BOXES, *[1 / ATTRIBUTE_MAX] * len(ATTRIBUTES), *[1 / DISDAIN_BOXES] * 2,
    *[1 / CITIZEN_BOXES] * len(CITIZENS), *[1 / 6, 1 / 6, 1.0, 1 / YEARS] * len(GLADIATORS),
    1 / len(TEMPLE_BOXES), 1 / _TEMPLE_FAVOURS, 1 / _TEMPLE_FAVOURS, *[1 / _ITEM_SCALE] * (1 + len(COHORTS)),
    1 / len(SCOUT_PATRICIANS), 1 / _CARDS, 1 / 2, 1.0, 1 / 5,
)
_NUMBERS = _SEAT_START["market"]
_BOXES = _SEAT_START["this_year"] - _NUMBERS
assert len(_SEAT_SCALE) == _NUMBERS, "every number of a seat's block has its scale"
_WRITTEN = (0.0, *[1.0] * max(YEARS, _GOODS))
"""1.0 for a box that holds a Year or a Trade Good, 0.0 for an empty one."""


@cache
def observation_parts(players: int) -> tuple[tuple[str, int, str], ...]:
    """The slices of :func:`observe`'s vector at ``players``: table, own, then one block per seat."""
    seats = [(f"s{k}.{name}", size, doc) for k in range(players) for name, size, doc in _SEAT]
    return (*_TABLE, *_NEUTRAL, *_OWN, *seats)


def _one_hot(size: int) -> tuple[tuple[float, ...], ...]:
    return tuple(tuple(1.0 if i == k else 0.0 for i in range(size)) for k in range(size))


_BITS = tuple(tuple(float(m >> i & 1) for i in range(10)) for m in range(1 << 10))
"""The 10 bits of a number below 1024, lowest first (a map is two of them)."""
_FATE_HOT = _one_hot(_FATE)
_YEAR_HOT = _one_hot(YEARS)
_PHASE_HOT = {name: hot for name, hot in zip(PHASE_NAMES, _one_hot(len(PHASE_NAMES)))}
_PENDING_HOT = _one_hot(len(_PENDING_KINDS))
_ATTACKS = tuple(card.attack for card in FATE_CARDS)
_CARD = PLAYER_CARD_INDEX


@cache
def _options(items: tuple[tuple[str, Any], ...]) -> tuple[float, ...]:
    """The options' slice, from the view's options (by name: their order does not matter)."""
    options = dict(items)
    hot = [1.0 if options["difficulty"] == d else 0.0 for d in DIFFICULTIES]
    return (*hot, int(options["campaign_fort"]) / len(FORTS), float(bool(options["campaign_reward"])),
            float(bool(options["final_pass"])), float(bool(options["resource_passing"])))


@cache
def _starts(players: int) -> tuple[int, ...]:
    """Where each slice of the table and the own parts starts, then where each seat's block does."""
    layout = ObservationLayout(observation_parts(players))
    names = [name for name, _, _ in (*_TABLE, *_NEUTRAL, *_OWN)]
    return (*(layout[n].start for n in names), *(layout[f"s{k}.to_move"].start for k in range(players)))


def _put(out: MutableSequence[float], start: int, values: Sequence[float]) -> None:
    """``out[start:start + len(values)] = values``, into a list or a float32 ``memoryview``."""
    if type(out) is list:
        out[start:start + len(values)] = values
    else:
        out[start:start + len(values)] = array("f", values)


def _cards(out: MutableSequence[float], start: int, ids: Sequence[str]) -> None:
    for card in ids:
        out[start + PLAYER_CARD_INDEX[card]] = 1.0


_BLOCKS: dict[tuple[Any, ...], tuple[list[float], array[float]]] = {}
"""Seat blocks already built, by everything they are built from (one board changes a step): as a list
and as float32s (for a ``memoryview`` buffer, :func:`observe_into`)."""
_MAX_BLOCKS = 2048


def _seat(out: MutableSequence[float], at: int, b: Mapping[str, Any], year: int, moving: bool,
          cached: bool) -> None:
    """Write the block of board ``b`` at ``at``; ``cached``: from :data:`_BLOCKS` when seen before.

    A solo seat's board changes with nearly every action: looking it up would cost more than it saves.
    """
    training, forum, battles, pending = b["training"], b["forum"], b["battles"], b["pending"]
    strength, damage, dead = b["strength"], b["damage"], b["dead"]
    red, blue = battles
    numbers = [
        moving, b["done"], *b["items"], *b["cohorts"], b["mining"], b["guard"], b["cippi"], b["wall"],
        b["fort"], b["production"], len(training), *b["built"], len(forum), *b["attrs"], b["disdain"],
        b["disdain_removed"], *b["citizens"], strength[0], damage[0], dead[0], len(red), strength[1],
        damage[1], dead[1], len(blue), b["temple_filled"], b["temple_favours"], b["temple_used"],
        b["favours_used"], *b["ignored"], b["scouts"], b["deck_size"], b["hand_size"], b["chosen"],
        len(pending),
    ]
    if not cached:
        _put(out, at, _block(b, numbers, year))
        return
    diplomats, used, paths, covered = b["diplomats"], b["diplomat_used"], b["paths"], b["covered"]
    # Every list of a variable length comes after its length (in ``numbers`` or here).
    key = (year, *numbers, *training, *forum, *red, *blue, *b["market"], *b["theatre"], *b["baths"],
           *b["court"], len(diplomats), *diplomats, len(used), *used, b["map"], len(paths), *paths,
           b["prospect"], len(covered), *covered, pending[0] if pending else "")
    blocks = _BLOCKS.get(key)
    if blocks is None:
        if len(_BLOCKS) >= _MAX_BLOCKS:
            _BLOCKS.clear()
        block = _block(b, numbers, year)
        blocks = _BLOCKS[key] = (block, array("f", block))
    out[at:at + _SEAT_SIZE] = blocks[0] if type(out) is list else blocks[1]


def _block(b: Mapping[str, Any], numbers: list[int], year: int) -> list[float]:
    """The block of board ``b``: its ``numbers`` scaled, then the boxes written, flags and one-hots."""
    out = [0.0] * _SEAT_SIZE
    k = _NUMBERS
    out[:k] = map(mul, _SEAT_SCALE, numbers)
    market, theatre, baths, court = b["market"], b["theatre"], b["baths"], b["court"]
    out[k:k + _BOXES] = map(_WRITTEN.__getitem__, market + theatre + baths + court)
    k += _BOXES  # this_year
    red, blue = b["battles"]
    out[k:k + 9] = (float(year in b["training"]), float(year in b["forum"]), float(year in red),
                    float(year in blue), float(year in theatre), baths.count(year) / BATHS_PER_YEAR,
                    float(year in court[0:3]), float(year in court[3:6]), float(year in court[6:9]))
    k += 9  # goods
    for good in market:
        if good:
            out[k + good - 1] = 1.0
    k += _GOODS  # diplomats
    for cohort, used in zip(b["diplomats"], b["diplomat_used"]):
        out[k + cohort] = 1.0
        out[k + 3 + cohort] = used / DIPLOMAT_FAVOURS
    k += 6  # map
    m = b["map"]
    out[k:k + _CELLS] = _BITS[m & 1023] + _BITS[m >> 10]
    k += _CELLS  # paths, prospect, covered
    for card in b["paths"]:
        out[k + _CARD[card]] = 1.0
    prospect = b["prospect"]
    if prospect is not None:
        out[k + _CARDS + _CARD[prospect]] = 1.0
    k += 2 * _CARDS
    for card in b["covered"]:
        out[k + _CARD[card]] = 1.0
    pending = b["pending"]
    if pending:
        k += _CARDS
        out[k:k + len(_PENDING_KINDS)] = _PENDING_HOT[_PENDING_INDEX[pending[0].partition(":")[0]]]
    return out


def _decision(out: MutableSequence[float], starts: Sequence[int], token: str) -> None:
    """The details of seat s0's next decision (its pattern, the pattern's shape, a Trade Good)."""
    kind, _, rest = token.partition(":")
    if kind == "place" or kind == "shape":
        pattern, _, cells = rest.partition(":")
        out[starts[0] + _PATTERNS.index(pattern)] = 1.0
        if cells:
            m = cells_mask(cells) or 0
            _put(out, starts[1], _BITS[m & 1023] + _BITS[m >> 10])
    elif kind == "hexagon":
        out[starts[2] + int(rest.rpartition(":")[2]) - 1] = 1.0


def observe(view: Mapping[str, Any], player: int | None, shape: ObservationLayout) -> list[float]:
    """The observation of ``player`` (None: the spectator) from its ``view``: ``shape.size`` floats
    (``shape``: the game's :attr:`~ludus.core.api.Game.observation_layout`), laid out as
    :func:`observation_parts` says for the view's player count."""
    out = shape.zeros()
    observe_into(out, view, player, shape)
    return out


def observe_into(out: MutableSequence[float], view: Mapping[str, Any], player: int | None,
                 shape: ObservationLayout | None = None) -> None:
    """:func:`observe` written into ``out``, all zeros on entry (a list, or a float32 ``memoryview`` of
    a numpy buffer: :func:`ludus.core.spaces.observe_into`); ``shape`` is not needed."""
    boards = view["boards"]
    n = len(boards)
    starts = _starts(n)
    year = view["year"]
    (y, ph, opt, card, deck, discard, attack, attack_cards, extra,
     neutral, neutral_items, neutral_deck, neutral_discard, hand, choice, *rest) = starts
    _put(out, y, _YEAR_HOT[year - 1])
    _put(out, ph, _PHASE_HOT[view["phase"]])
    _put(out, opt, _options(tuple(view["options"].items())))
    _put(out, card, _FATE_HOT[view["year_card"]])
    out[deck] = view["fate_deck_size"] / _FATE
    for c in view["fate_discard"]:
        out[discard + c] = 1.0
    strength: dict[int, float] = {}  # summed here, then written: a float32 buffer would round each sum
    for c in view["attack"]:
        i = attack + _ATTACKS[c]
        strength[i] = strength.get(i, 0.0) + 1 / _ITEM_SCALE
        out[attack_cards + c] = 1.0
    for i, value in strength.items():
        out[i] = value
    out[extra] = view["extra_attack"] / _ITEM_SCALE
    for i, (card_id, held) in enumerate(zip(view["neutral"], view["neutral_items"])):
        out[neutral + i * _CARDS + PLAYER_CARD_INDEX[card_id]] = 1.0
        out[neutral_items + i] = held / _ITEM_SCALE
    out[neutral_deck] = view["neutral_deck_size"] / _CARDS
    _cards(out, neutral_discard, view["neutral_discard"])
    first = 0 if player is None else player
    mine = boards[first]
    if player is not None:
        _cards(out, hand, mine["hand"])
        if mine["choice"] is not None:
            out[choice + PLAYER_CARD_INDEX[mine["choice"]]] = 1.0
    if mine["pending"]:
        _decision(out, rest, mine["pending"][0])
    moving = view["to_move"]
    seats = rest[3:]
    for k in range(n):
        q = (first + k) % n
        _seat(out, seats[k], boards[q], year, q in moving, n > 1)
