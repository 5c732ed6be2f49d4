"""Range checks of a loaded state: everything the rules rely on that the JSON types do not say.

``Game.state_from_json`` rejects a state when :func:`violations` (after the conservation
invariants of :mod:`.invariants`) returns any line. The checks follow the sheets' sizes
(``data/sheets.toml``) and the course of a Year (``rules/year.py``): every box count within
its track, every id known, the Player cards and the pending decisions where the phase puts
them, and nothing that would leave a seat to move with no legal action. Runs only when a
state is loaded, never on the hot paths.
"""

from __future__ import annotations

from .components import (
    ACTIONS,
    ATTRIBUTE_CHOICES,
    ATTRIBUTE_MAX,
    BATHS_BOXES,
    BATHS_PER_YEAR,
    BUILDING_IDS,
    CHOOSE,
    CIPPI_REWARDS,
    CITIZEN_BOXES,
    COHORT_BOXES,
    COURT_BOXES,
    DIPLOMAT_FAVOURS,
    DIPLOMAT_PATRICIANS,
    DISDAIN_BOXES,
    FATE_CARDS,
    FAVOUR,
    FORT_REWARDS,
    FORUM_BOXES,
    FULL_MAP,
    GUARD_REWARDS,
    MARKET_HEXAGONS,
    MARKET_TRADERS,
    MARKET_UNIQUE_BONUS,
    MINING_REWARDS,
    OVER,
    PLAYER_CARDS,
    PRODUCTION_CIRCLES,
    SCOUT_PATRICIANS,
    TEMPLE_BOXES,
    THEATRE_BOXES,
    TRAINING_BOXES,
    WALL_REWARDS,
    YEARS,
)
from .config import placements, shape_placements
from .decisions import AttributeChoice, CohortChoice, MarketHexagon, PlacePattern, PlaceShape
from .state import Board, HadriansWallData

__all__ = ["violations"]

_GOODS = len(MARKET_UNIQUE_BONUS)
"""Trade Goods are numbered 1..6 (a Market hexagon holds 0 while empty)."""
_ROAD_CHOICE = ATTRIBUTE_CHOICES["attr"]
_TRACKS = (
    ("mining", len(MINING_REWARDS)), ("guard", len(GUARD_REWARDS)), ("cippi", len(CIPPI_REWARDS)),
    ("wall", len(WALL_REWARDS)), ("fort", len(FORT_REWARDS)), ("disdain", DISDAIN_BOXES),
    ("temple_filled", len(TEMPLE_BOXES)), ("scouts", len(SCOUT_PATRICIANS)),
)
"""Box counts of the sheets' tracks: 0 up to the number of boxes printed."""
_LENGTHS = (
    ("items", 5), ("cohorts", 3), ("built", len(BUILDING_IDS)), ("attrs", 4), ("citizens", 5),
    ("market", len(MARKET_HEXAGONS)), ("theatre", len(THEATRE_BOXES)), ("strength", 2), ("damage", 2),
    ("dead", 2), ("baths", len(BATHS_BOXES)), ("court", len(COURT_BOXES)), ("ignored", 3),
)
"""Lists with one entry per printed box or item type."""
_YEAR_LISTS = (("training", TRAINING_BOXES), ("forum", FORUM_BOXES), ("battles[0]", YEARS),
               ("battles[1]", YEARS))
"""Lists of the Years written in boxes used once a Year: distinct Years, at most this many."""


def violations(s: HadriansWallData) -> list[str]:
    """One line per field out of its range (empty when the state looks reachable)."""
    out: list[str] = []
    players = s.cfg.players
    if not 1 <= s.year <= YEARS:
        out.append(f"state field 'year': {s.year} is not a Year 1–{YEARS}")
        return out  # every other check reads the Year
    if s.phase is OVER and s.year != YEARS:
        out.append(f"state field 'phase': the game is over in Year {s.year}")
    if not 0 <= s.year_card < len(FATE_CARDS):
        out.append(f"state field 'year_card': {s.year_card} is not a Fate card")
    if s.extra_attack < 0 or (s.extra_attack and s.cfg.resource_passing):
        out.append(f"state field 'extra_attack': {s.extra_attack} (only the no-passing variant adds cards)")
    if s.attack and s.phase is not FAVOUR:
        out.append("state field 'attack': Pict cards face up outside the Favour step")
    out.extend(
        _pile_violations("", {"fate_deck": s.fate_deck, "fate_discard": s.fate_discard, "attack": s.attack},
                         len(FATE_CARDS)))
    out.extend(_neutral_violations(s))
    if len(s.boards) == players:
        for p, b in enumerate(s.boards):
            out.extend(_board_violations(s, p, b))
        out.extend(_turn_violations(s))
    return out


def _pile_violations(prefix: str, piles: dict[str, list[int]], total: int) -> list[str]:
    """The cards ``0 .. total-1`` are in ``piles`` (field name → cards), each exactly once."""
    seen: set[int] = set()
    for name, cards in piles.items():
        for card in cards:
            if not 0 <= card < total:
                return [f"state field '{prefix}{name}': {card} is not a card (0–{total - 1})"]
            if card in seen:
                return [f"state field '{prefix}{name}': card {card} is there twice or in two piles"]
            seen.add(card)
    if len(seen) != total:
        names = "/".join(prefix + name for name in piles)
        return [f"state field '{names}': {total - len(seen)} of the {total} cards are missing"]
    return []


def _neutral_violations(s: HadriansWallData) -> list[str]:
    """The Neutral cards: none with 3+ players; per Year, ``neutral_per_year`` face up in the Year."""
    out: list[str] = []
    per_year = s.cfg.neutral_per_year
    if not per_year:
        if s.neutral_deck or s.neutral or s.neutral_discard or s.neutral_items:
            out.append(f"state field 'neutral': Neutral cards in a {s.cfg.players}-player game")
        return out
    up = per_year if s.phase is ACTIONS or s.phase is FAVOUR else 0
    done = per_year * (s.year if s.phase is OVER else s.year - 1)
    out.extend(_pile_violations(
        "", {"neutral_deck": s.neutral_deck, "neutral": s.neutral, "neutral_discard": s.neutral_discard},
        len(PLAYER_CARDS),
    ))
    if len(s.neutral) != up:
        out.append(f"state field 'neutral': {len(s.neutral)} Neutral cards face up, the phase has {up}")
    if len(s.neutral_discard) != done:
        out.append(f"state field 'neutral_discard': {len(s.neutral_discard)} cards, Year {s.year} has {done}")
    if len(s.neutral_items) != len(s.neutral) or any(x < 0 for x in s.neutral_items):
        out.append(f"state field 'neutral_items': {s.neutral_items} for {len(s.neutral)} Neutral cards")
    return out


def _board_violations(s: HadriansWallData, p: int, b: Board) -> list[str]:
    out: list[str] = []
    where = f"state field 'boards[{p}]"
    for name, size in _LENGTHS:
        if len(getattr(b, name)) != size:
            out.append(f"{where}.{name}': {len(getattr(b, name))} entries, the sheet has {size}")
    if out:
        return out  # the checks below index these lists
    if any(x < 0 for x in b.items):
        out.append(f"{where}.items': a negative count {b.items}")
    for name, top in _TRACKS:
        if not 0 <= getattr(b, name) <= top:
            out.append(f"{where}.{name}': {getattr(b, name)} boxes, the track has {top}")
    if not 1 <= b.production <= PRODUCTION_CIRCLES:
        out.append(f"{where}.production': {b.production} circles (1–{PRODUCTION_CIRCLES})")
    if not all(0 <= x <= 1 for x in (*b.built, *b.dead, b.done)):
        out.append(f"{where}': built/dead/done flags must be 0 or 1")
    if not all(0 <= c <= COHORT_BOXES for c in b.cohorts):
        out.append(f"{where}.cohorts': {b.cohorts} (0–{COHORT_BOXES} boxes each)")
    if not all(0 <= c <= CITIZEN_BOXES for c in b.citizens):
        out.append(f"{where}.citizens': {b.citizens} (0–{CITIZEN_BOXES} boxes each)")
    if not all(0 <= a <= ATTRIBUTE_MAX for a in b.attrs):
        out.append(f"{where}.attrs': {b.attrs} (0–{ATTRIBUTE_MAX} each)")
    if not all(0 <= g <= _GOODS for g in b.market):
        out.append(f"{where}.market': {b.market} holds an unknown Trade Good (1–{_GOODS})")
    out.extend(_year_violations(s, p, b))
    out.extend(_ludus_violations(p, b))
    out.extend(_favour_violations(s, p, b))
    places = sum(1 for d in b.pending if type(d) is PlacePattern or type(d) is PlaceShape)
    if not 0 <= b.map <= FULL_MAP or bin(b.map).count("1") + 4 * places != 4 * b.scouts:
        out.append(f"{where}.map': {b.map} is not the cells of {b.scouts} scouts' patterns")
    if (s.phase is FAVOUR or s.phase is OVER) and any(b.items):
        out.append(f"{where}.items': {b.items} after the Year's leftovers returned to the supply")
    out.extend(_card_violations(s, p, b))
    out.extend(_pending_violations(s, p, b))
    return out


def _year_violations(s: HadriansWallData, p: int, b: Board) -> list[str]:
    """Boxes that hold the Year they were used in: a past Year, and the once-a-Year limits."""
    out: list[str] = []
    where = f"state field 'boards[{p}]"
    year = s.year
    lists = {"training": b.training, "forum": b.forum, "battles[0]": b.battles[0], "battles[1]": b.battles[1]}
    for name, top in _YEAR_LISTS:
        years = lists[name]
        if len(years) > top or len(set(years)) != len(years) or not all(1 <= y <= year for y in years):
            out.append(f"{where}.{name}': {years} (distinct Years 1–{year}, at most {top})")
    for name, boxes in (("theatre", b.theatre), ("baths", b.baths), ("court", b.court)):
        if not all(0 <= y <= year for y in boxes):
            out.append(f"{where}.{name}': {boxes} (each box empty or a Year 1–{year})")
    written = [y for y in b.theatre if y]
    if len(set(written)) != len(written):
        out.append(f"{where}.theatre': two performances in one Year {b.theatre}")
    if any(b.baths.count(y) > BATHS_PER_YEAR for y in b.baths if y):
        out.append(f"{where}.baths': more than {BATHS_PER_YEAR} bribes in a Year {b.baths}")
    for col in range(3):
        column = [y for y in b.court[3 * col : 3 * col + 3] if y]
        if len(set(column)) != len(column):
            out.append(f"{where}.court': two rulings of one column in a Year {b.court}")
    if sum(1 for y in b.baths if y) != b.disdain_removed:
        out.append(f"{where}.disdain_removed': {b.disdain_removed}, but {b.baths} bribes")
    return out


def _ludus_violations(p: int, b: Board) -> list[str]:
    """Gladiators: Strength 0–6, damage within it, dead exactly when every circled box is filled."""
    out: list[str] = []
    for g in range(2):
        strength, damage = b.strength[g], b.damage[g]
        dead = damage == strength and strength > 0
        if not (0 <= damage <= strength <= 6) or bool(b.dead[g]) != dead:
            out.append(f"state field 'boards[{p}].strength': gladiator {g} Strength {strength}, damage "
                       f"{damage}, dead {b.dead[g]}")
    return out


def _favour_violations(s: HadriansWallData, p: int, b: Board) -> list[str]:
    """Temple Favours, Diplomats and the Favours spent (``favours_used`` counts them all)."""
    out: list[str] = []
    where = f"state field 'boards[{p}]"
    earned = sum(1 for k in range(b.temple_filled) if TEMPLE_BOXES[k][3])
    if b.temple_favours != earned or not 0 <= b.temple_used <= earned:
        out.append(f"{where}.temple_favours': {b.temple_favours} (used {b.temple_used}); "
                   f"{b.temple_filled} boxes give {earned}")
    dips = b.diplomats
    if (
        len(dips) > len(DIPLOMAT_PATRICIANS) or len(set(dips)) != len(dips)
        or not all(0 <= c < 3 for c in dips)
        or (dips and s.cfg.no_diplomats)
    ):
        out.append(f"{where}.diplomats': {dips} (each a different Cohort 0–2, at most "
                   f"{len(DIPLOMAT_PATRICIANS)})")
    if len(b.diplomat_used) != len(dips) or not all(0 <= u <= DIPLOMAT_FAVOURS for u in b.diplomat_used):
        out.append(f"{where}.diplomat_used': {b.diplomat_used} for Diplomats {dips}")
    elif b.favours_used != b.temple_used + sum(b.diplomat_used):
        out.append(f"{where}.favours_used': {b.favours_used}, but {b.temple_used} + {sum(b.diplomat_used)} "
                   "spent")
    if any(x < 0 for x in b.ignored) or (any(b.ignored) and s.phase is not FAVOUR):
        out.append(f"{where}.ignored': {b.ignored} (Pict cards ignored only in the Favour step)")
    return out


def _card_violations(s: HadriansWallData, p: int, b: Board) -> list[str]:
    """The Player cards where the Year puts them (2 drawn in the choice, then Path and Prospect)."""
    out: list[str] = []
    where = f"state field 'boards[{p}]"
    year, phase = s.year, s.phase
    piles = {"deck": b.deck, "hand": b.hand, "paths": b.paths, "covered": b.covered,
             "prospect": [b.prospect] if b.prospect != -1 else []}
    bad = _pile_violations(f"boards[{p}].", piles, len(PLAYER_CARDS))
    if bad:
        return bad
    revealed = year if phase is not CHOOSE else year - 1
    if len(b.hand) != (2 if phase is CHOOSE else 0):
        out.append(f"{where}.hand': {len(b.hand)} cards in the {phase.name.lower()} phase")
    if len(b.paths) != revealed or len(b.covered) != max(revealed - 1, 0):
        out.append(f"{where}.paths': {len(b.paths)} Paths and {len(b.covered)} covered Prospects in Year "
                   f"{year}")
    prospect_ok = b.prospect == -1 if revealed == 0 else 0 <= b.prospect < len(PLAYER_CARDS)
    if not prospect_ok:
        out.append(f"{where}.prospect': {b.prospect} in Year {year}")
    if b.choice != -1 and (phase is not CHOOSE or b.choice not in b.hand):
        out.append(f"{where}.choice': {b.choice} is not one of the drawn cards {b.hand}")
    return out


def _pending_violations(s: HadriansWallData, p: int, b: Board) -> list[str]:
    """Pending decisions: Road income in the choice, anything in the Year; each one answerable."""
    out: list[str] = []
    where = f"state field 'boards[{p}].pending'"
    stack = b.pending
    if not stack:
        return out
    phase = s.phase
    if phase is FAVOUR or phase is OVER or (phase is ACTIONS and b.done):
        return [f"{where}: {len(stack)} decisions pending after the seat ended the Year"]
    if phase is CHOOSE and not all(type(d) is AttributeChoice and d.attributes == _ROAD_CHOICE
                                   for d in stack):
        out.append(f"{where}: only the Roads' attribute choices are pending before the reveal")
    cohorts = sum(1 for d in stack if type(d) is CohortChoice)
    if cohorts > 3 * COHORT_BOXES - sum(b.cohorts):
        out.append(f"{where}: {cohorts} Cohort icons for {3 * COHORT_BOXES - sum(b.cohorts)} empty boxes")
    places = [d for d in stack if type(d) is PlacePattern or type(d) is PlaceShape]
    if places:
        # A scout's pattern is placed at once: the one decision on top, and it still fits.
        place = places[0]
        fits = shape_placements(place.shape) if isinstance(place, PlaceShape) else placements(place.pattern)
        if len(places) > 1 or stack[-1] is not place:
            out.append(f"{where}: a pattern to place that is not the next decision")
        elif not any(not m & b.map for m in fits):
            out.append(f"{where}: the pattern {place.pattern} fits nowhere on the map")
    purchases = [d for d in stack if type(d) is MarketHexagon]
    if purchases:
        # A purchase's hexagon is chosen at once: the one decision on top, with a hexagon open.
        d = purchases[0]
        if len(purchases) > 1 or stack[-1] is not d:
            out.append(f"{where}: a Market hexagon to choose that is not the next decision")
        elif not _open_hexagon(b) or not _source_exists(s, d.source) or not 1 <= d.good <= _GOODS:
            out.append(f"{where}: a Market purchase of Trade Good {d.good} from {d.source} with no hexagon "
                       "to write it in")
    return out


def _open_hexagon(b: Board) -> bool:
    return any(not g and b.citizens[0] >= need for g, need in zip(b.market, MARKET_TRADERS, strict=True))


def _source_exists(s: HadriansWallData, source: str) -> bool:
    """Whether a Market source names the deck, a seat with a Prospect card or a Neutral card."""
    if source == "deck":
        return True
    index = int(source[1:])
    if source[0] == "p":
        return index < len(s.boards) and s.boards[index].prospect >= 0
    return index < len(s.neutral)


def _turn_violations(s: HadriansWallData) -> list[str]:
    """Somebody is to move while the game runs; everybody is done when it is over."""
    phase = s.phase
    boards = s.boards
    if phase is CHOOSE:
        if any(b.done for b in boards) or all(b.choice >= 0 for b in boards):
            return ["state field 'boards': in the choice every seat is in the Year and someone still chooses"]
    elif phase is OVER:
        if not all(b.done for b in boards):
            return ["state field 'boards': a seat still to move after the game ended"]
    elif all(b.done for b in boards):
        return [f"state field 'boards': every seat is done but the {phase.name.lower()} phase goes on"]
    return []
