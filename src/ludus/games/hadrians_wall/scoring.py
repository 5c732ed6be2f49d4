"""Final scoring, tie-breaks, solo ranks and Solo Campaign goals.

RULE: hadrians_wall.pl "KONIEC GRY" — after the Year-6 attack: attributes + Path cards
("KARTY ŚCIEŻKI": 1/2/3 VP at each card's thresholds) − the Disdain table ("POGARDA");
ties: least Disdain, then most Path VP. "ZMIANY W ROZGRYWKACH DLA 1-2 GRACZY": the solo
ranks. The Solo Campaign's Fort Goals and Challenges come from the campaign sheet.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ludus.core.api import Outcome, rank_by
from ludus.core.errors import N_, LudusError
from ludus.core.i18n import Lang

from .components import (
    BUILDING_IDS,
    COHORT_BOXES,
    COLUMN_MASKS,
    DISDAIN_PENALTY,
    FULL_MAP,
    LANDMARKS,
    LARGE_BUILDINGS,
    MARKET_HEXAGONS,
    OVER,
    PLAYER_CARDS,
    ROW_MASKS,
    SOLO_RANKS,
    TEMPLE_SIZE,
    Termination,
)
from .state import Board, HadriansWallData

_INDEX = {k: i for i, k in enumerate(BUILDING_IDS)}
with (Path(__file__).parent / "data" / "messages.toml").open("rb") as _handle:
    REASONS: dict[str, str] = dict(tomllib.load(_handle)["reasons"])
"""Why a game ended, in words (:func:`outcome_text`): the ``[reasons]`` templates of
``data/messages.toml``."""


def disdain_penalty(final_disdain: int) -> int:
    """VP lost for ``final_disdain`` circled, unfilled Disdain boxes (9 or more: 22).

    >>> disdain_penalty(4)
    7
    """
    return DISDAIN_PENALTY[min(final_disdain, len(DISDAIN_PENALTY) - 1)]


def completed_temples(b: Board) -> int:
    """Temples whose boxes are all filled."""
    done, left = 0, b.temple_filled
    for size in TEMPLE_SIZE:
        if left >= size:
            done += 1
        left -= size
    return done


_LANDMARK_INDEX = tuple(_INDEX[k] for k in LANDMARKS)
_LARGE_INDEX = tuple(_INDEX[k] for k in LARGE_BUILDINGS)

_COUNTS: dict[str, Callable[[Board], int]] = {
    "architect": lambda b: sum([b.built[i] for i in _LANDMARK_INDEX]),
    "aristocrat": lambda b: b.disdain - b.disdain_removed,
    "defender": lambda b: b.wall // 7,
    "engineer": lambda b: sum([b.built[i] for i in _LARGE_INDEX]),
    "fighter": lambda b: sum([1 for c in b.cohorts if c >= COHORT_BOXES]),
    "forager": lambda b: b.production,
    "merchant": lambda b: len(b.market) - b.market.count(0),
    "planner": lambda b: sum([1 for c in b.citizens if c >= 9]),
    "pontiff": completed_temples,
    "ranger": lambda b: sum([1 for m in COLUMN_MASKS if b.map & m == m]),
    "trainer": lambda b: b.strength[0] + b.strength[1],
    "vanguard": lambda b: b.guard // 6,
}
"""What each Path card measures on a board (:func:`path_count`)."""


def path_count(b: Board, card_id: str) -> int:
    """The quantity a Path card measures on ``b``."""
    count = _COUNTS.get(card_id)
    if count is None:
        raise LudusError(f"unknown Path card {card_id!r}")
    return count(b)


_PATHS = tuple((_COUNTS[pc.id], pc.thresholds, pc.id == "aristocrat") for pc in PLAYER_CARDS)
"""Per Player card: what it measures, its thresholds, whether they are maxima (Aristocrat)."""


def path_vp(b: Board, card: int) -> int:
    """VP of one Path card: 1 / 2 / 3 at its thresholds (Aristocrat: Disdain at most)."""
    count, thresholds, at_most = _PATHS[card]
    have = count(b)
    if at_most:
        return sum([1 for t in thresholds if have <= t])
    return sum([1 for t in thresholds if have >= t])


def score(b: Board) -> dict[str, int]:
    """The scoring column: attributes + Path VP − Disdain penalty."""
    attrs = sum(b.attrs)
    paths = sum(path_vp(b, c) for c in b.paths)
    penalty = disdain_penalty(b.final_disdain())
    return {"attributes": attrs, "paths": paths, "disdain": -penalty, "total": attrs + paths - penalty}


SHEET_CATEGORIES: tuple[tuple[str, str], ...] = (
    ("renown", N_("Renown")),
    ("piety", N_("Piety")),
    ("valour", N_("Valour")),
    ("discipline", N_("Discipline")),
    ("path_cards", N_("Path cards")),
    ("final_disdain", N_("Final Disdain")),
)
"""The rows of the scoring column ("kolumna punktowania"): category id, the rulebook's English words
(msgids of the game's catalogs: the front end translates them)."""


def sheet(boards: list[Board]) -> list[dict[str, Any]]:
    """The score sheet: one row per scoring category, ``points`` per seat (they sum to the total).

    >>> from .state import Board
    >>> [row["points"] for row in sheet([Board()])]
    [[0], [0], [0], [0], [0], [0]]
    """
    rows: list[list[int]] = [[b.attrs[a] for b in boards] for a in range(4)]
    rows.append([sum(path_vp(b, c) for c in b.paths) for b in boards])
    rows.append([-disdain_penalty(b.final_disdain()) for b in boards])
    return [{"category": cat, "label": label, "points": points}
            for (cat, label), points in zip(SHEET_CATEGORIES, rows)]


def solo_rank(total: int) -> str:
    """The solo rank for a score (Miles … Legatus legionis)."""
    name = SOLO_RANKS[0][1]["en"]
    for minimum, names in SOLO_RANKS:
        if total >= minimum:
            name = names["en"]
    return name


def _attrs_at_least(b: Board, value: int) -> int:
    return sum(1 for a in b.attrs if a >= value)


def campaign_result(fort: int, b: Board) -> tuple[bool, bool]:
    """Whether the Fort Goal and the Challenge of Solo Campaign fort ``fort`` were met."""
    s = score(b)
    vp, paths = s["total"], s["paths"]
    clean = b.final_disdain() == 0
    built = {k: bool(b.built[i]) for k, i in _INDEX.items()}
    goal: bool
    challenge: bool
    if fort == 1:
        goal, challenge = b.wall >= 21 and vp >= 70, _attrs_at_least(b, 20) >= 3
    elif fort == 2:
        goal, challenge = built["large_road"] and vp >= 70, clean
    elif fort == 3:
        goal, challenge = all(c >= 9 for c in b.citizens) and vp >= 70, _attrs_at_least(b, 17) >= 3
    elif fort == 4:
        goal, challenge = vp >= 65, _attrs_at_least(b, 20) >= 2
    elif fort == 5:
        larges = ("large_granary", "large_hotel", "large_road", "large_workshop")
        goal, challenge = all(built[k] for k in larges) and vp >= 75, _attrs_at_least(b, 10) == 4
    elif fort == 6:
        goal, challenge = built["baths"] and b.attrs[2] >= 23, paths >= 10
    elif fort == 7:
        goal, challenge = completed_temples(b) == 3 and vp >= 65, b.attrs[0] >= 20
    elif fort == 8:
        goal, challenge = b.strength[0] + b.strength[1] >= 12 and clean, b.favours_used == 0
    elif fort == 9:
        goods = sum(1 for g in b.market if g)
        landmarks = sum(built[k] for k in LANDMARKS)
        goal, challenge = goods >= len(MARKET_HEXAGONS) and vp >= 80, landmarks >= 3 and b.attrs[0] >= 25
    elif fort == 10:
        goal, challenge = vp >= 60, clean
    elif fort == 11:
        goal, challenge = vp >= 70, _attrs_at_least(b, 15) >= 3
    elif fort == 12:
        goal, challenge = vp >= 70 and clean, paths >= 10
    elif fort == 13:
        goal, challenge = b.fort >= 21 and b.wall >= 21 and b.cippi >= 7 and vp >= 80, paths >= 12
    elif fort == 14:
        full = b.map == FULL_MAP and all(b.map & m == m for m in ROW_MASKS)
        goal, challenge = full and vp >= 75, clean
    elif fort == 15:
        goal, challenge = clean, vp >= 50
    elif fort == 16:
        goal, challenge = b.guard >= 18 and _attrs_at_least(b, 15) >= 3, clean
    else:
        raise LudusError(f"there is no Solo Campaign fort {fort}")
    return goal, goal and challenge


def outcome(st: HadriansWallData) -> Outcome:
    """Scores and places: most VP; ties by least Disdain, then most Path VP; else shared."""
    if st.phase is not OVER:
        raise LudusError("the game is not over yet")
    sheets = [score(b) for b in st.boards]
    totals = tuple(float(s["total"]) for s in sheets)
    keys = [(s["total"], -b.final_disdain(), s["paths"]) for s, b in zip(sheets, st.boards)]
    ranking = rank_by(keys)
    details: dict[str, Any] = {
        "sheet": sheet(st.boards), "scores": sheets, "final_disdain": [b.final_disdain() for b in st.boards],
    }
    n = len(st.boards)
    if n == 1:
        details["rank"] = solo_rank(sheets[0]["total"])
        fort = st.cfg.fort
        if fort is not None:
            goal, challenge = campaign_result(fort.number, st.boards[0])
            details.update(fort=fort.number, fort_name=fort.name, goal=goal, challenge=challenge,
                           goal_text=fort.goal, challenge_text=fort.challenge)
            winners: tuple[int, ...] = (0,) if goal else ()
            reason = f"Solo Campaign fort {fort.number} {fort.name}: goal {'met' if goal else 'missed'}"
            reason += f", challenge {'met' if challenge else 'missed'}; {sheets[0]['total']} VP"
        else:
            winners = (0,)
            reason = f"solo game over after Year 6: {sheets[0]['total']} VP, rank {details['rank']}"
        return Outcome(totals, ranking, winners, reason, None, details, Termination.AFTER_YEAR_6)
    winners = tuple(p for p in range(n) if ranking[p] == 1)
    reason = ("game over after Year 6; "
              + ", ".join(f"seat {p}: {s['total']} VP" for p, s in enumerate(sheets)))
    return Outcome(totals, ranking, winners, reason, None, details, Termination.AFTER_YEAR_6)


def outcome_text(outcome: Outcome, lang: Lang) -> str:
    """Why the game ended, in ``lang``: :attr:`Outcome.reason` (English, kept in records) rebuilt from
    the outcome's details with the templates of ``data/messages.toml`` ``[reasons]``."""
    _ = lang.gettext
    details = outcome.details
    scores = details.get("scores")
    if not scores:
        return _(outcome.reason)
    vp = [s["total"] for s in scores]
    if len(vp) > 1:
        score, game = REASONS["score"], REASONS["game"]
        if lang.names:  # the table's names, not the record's seat numbers
            each = [_(N_("{seat}: {vp} VP")).format(seat=lang.player(p), vp=v) for p, v in enumerate(vp)]
        else:
            each = [_(score).format(seat=p, vp=v) for p, v in enumerate(vp)]
        return _(game).format(scores=", ".join(each))
    if "fort" in details:
        kind = "campaign_met_met" if details["challenge"] else (
            "campaign_met_missed" if details["goal"] else "campaign_missed_missed")
        return _(REASONS[kind]).format(fort=details["fort"], name=details["fort_name"], vp=vp[0])
    solo, rank = REASONS["solo"], str(details["rank"])
    return _(solo).format(vp=vp[0], rank=_(rank))
