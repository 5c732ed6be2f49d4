"""Scoring and the result of a finished game.

Victory points (PL "Podliczanie punktów"): 1 per influence point, the values of
the vault's cards, +3 for each material of which a player holds strictly the most
vault cards (merchant bonus; nobody gets it on a tie), +3 for a completed Statue,
+1 per two stockpile materials with a Wall.  Ties: most cards in hand.
"""

from __future__ import annotations

import re
from typing import Any

from ludus.core.api import Outcome, rank_by
from ludus.core.errors import N_
from ludus.core.i18n import Lang
from ludus.games.glory_to_rome.components import (
    CARD_BUILDING,
    CARD_MATERIAL,
    MATERIAL_NAMES,
    MERCHANT_BONUS,
    REASONS,
    VALUE,
    B,
    Termination,
)
from ludus.games.glory_to_rome.decisions import GtrData
from ludus.games.glory_to_rome.state import hand_size, has, influence


def vault_counts(s: GtrData, p: int) -> list[int]:
    """Vault cards of ``p`` per material."""
    counts = [0] * 6
    for c in s.vault[p]:
        counts[CARD_MATERIAL[c]] += 1
    return counts


def merchant_bonuses(s: GtrData) -> list[list[int]]:
    """For each player, the materials whose merchant bonus they win (strict majority)."""
    counts = [vault_counts(s, p) for p in range(s.n)]
    out: list[list[int]] = [[] for _ in range(s.n)]
    for m in range(6):
        best = max(c[m] for c in counts)
        if best == 0:
            continue
        holders = [p for p in range(s.n) if counts[p][m] == best]
        if len(holders) == 1:
            out[holders[0]].append(m)
    return out


def has_completed_statue(s: GtrData, p: int) -> bool:
    """A completed Statue of one's own, or a public (Stairway) completed Statue (ruling §15.17)."""
    for q in range(s.n):
        for st in s.buildings[q]:
            if CARD_BUILDING[st.card] == B.STATUE and st.complete and (q == p or st.public):
                return True
    return False


def score_breakdown(s: GtrData, p: int) -> dict[str, int]:
    """The parts of ``p``'s score."""
    bonuses = merchant_bonuses(s)[p]
    parts = {
        "influence": influence(s, p),
        "vault": sum(VALUE[CARD_MATERIAL[c]] for c in s.vault[p]),
        "merchant_bonus": MERCHANT_BONUS * len(bonuses),
        "statue": 0,
        "wall": 0,
    }
    if s.cfg.functions:
        if has_completed_statue(s, p):
            parts["statue"] = 3
        if has(s, p, B.WALL):
            parts["wall"] = len(s.stock[p]) // 2
    parts["total"] = sum(parts.values())
    return parts


_VAULT_LABELS = (N_("Vault: Rubble (1 each)"), N_("Vault: Wood (1 each)"), N_("Vault: Brick (2 each)"),
                 N_("Vault: Concrete (2 each)"), N_("Vault: Stone (3 each)"), N_("Vault: Marble (3 each)"))
"""The score sheet's vault rows (one message each: the front end translates a row's label)."""


def score_sheet(s: GtrData) -> list[dict[str, Any]]:
    """The score sheet in the rulebook's scoring categories (docs/games/glory-to-rome.md,
    "Score sheet"): ``[{"category", "label", "points": [per seat]}, ...]``.

    Rows: influence, the vault's cards per material, merchant bonuses, then the
    Statue and Wall points; a seat's rows add up to its score.
    """
    counts = [vault_counts(s, p) for p in range(s.n)]
    parts = [score_breakdown(s, p) for p in range(s.n)]
    rows: list[dict[str, Any]] = [
        {"category": "influence", "label": N_("Influence"), "points": [b["influence"] for b in parts]}]
    for m, name in enumerate(MATERIAL_NAMES):
        rows.append({"category": f"vault_{name}", "label": _VAULT_LABELS[m],
                     "points": [counts[p][m] * VALUE[m] for p in range(s.n)]})
    rows.append({"category": "merchant_bonus", "label": N_("Merchant bonuses"),
                 "points": [b["merchant_bonus"] for b in parts]})
    if s.cfg.functions:
        rows.append({"category": "statue", "label": N_("Statue"), "points": [b["statue"] for b in parts]})
        rows.append({"category": "wall", "label": N_("Wall"), "points": [b["wall"] for b in parts]})
    return rows


def scores(s: GtrData) -> list[int]:
    """Total victory points per player."""
    return [score_breakdown(s, p)["total"] for p in range(s.n)]


def outcome(s: GtrData) -> Outcome:
    """The result: a Forum (or concession) win first, otherwise points, then cards in hand."""
    pts = scores(s)
    hands = [hand_size(s, p) for p in range(s.n)]
    forum = s.forum_winners
    keys = [(1 if p in forum else 0, pts[p], hands[p]) for p in range(s.n)]
    ranking = rank_by(keys)
    winners = tuple(p for p in range(s.n) if ranking[p] == 1)
    details: dict[str, Any] = {
        "breakdown": [score_breakdown(s, p) for p in range(s.n)],
        "hand_sizes": hands,
        "merchant_bonuses": [[MATERIAL_NAMES[m] for m in ms] for ms in merchant_bonuses(s)],
        "forum_winners": list(forum),
        "sheet": score_sheet(s),
    }
    return Outcome(tuple(float(x) for x in pts), ranking, winners, s.end_reason, None, details,
                   termination_of(s.end_reason) or "")


_PATTERNS = [(re.compile(re.sub(r"\\\{\w+\\\}", ".*", re.escape(text)) + "$"), t)
             for t, text in REASONS.items()]


def termination_of(reason: str) -> Termination | None:
    """The end trigger whose reason text ``reason`` is (the state saves the text only);
    ``None`` for a position edited by hand into the end.

    >>> termination_of("player 2 completed the Catacomb")
    <Termination.CATACOMB: 'catacomb'>
    """
    for pattern, termination in _PATTERNS:
        if pattern.match(reason):
            return termination
    return None


_SEAT = re.compile(r"player (\d+)")
_NAMED = {Termination.CATACOMB: N_("{seat} completed the Catacomb"),
          Termination.FORUM: N_("Forum: {seats} met the Forum condition"),
          Termination.CONCESSION: N_("every other player conceded to {seat}")}
"""The reasons that name seats, as read by someone who knows the seats' names (the web's tables)."""


def reason_text(reason: str, forum_winners: list[int], lang: Lang) -> str:
    """``reason`` (an English ``Outcome.reason``) in ``lang``: its template translated, filled again.

    >>> from ludus.core.i18n import get_lang
    >>> reason_text("player 2 completed the Catacomb", [], get_lang("pl").for_domain("glory-to-rome"))
    'gracz 2 ukończył Katakumby'
    """
    termination = termination_of(reason)
    seat = _SEAT.search(reason)
    if termination in _NAMED and lang.names:  # the table's names, not the record's seat numbers
        return lang.gettext(_NAMED[termination]).format(seat=lang.player(int(seat.group(1))) if seat else "",
                                                        seats=lang.players(forum_winners))
    if termination is None or lang.code == "en":
        return reason
    return lang.gettext(REASONS[termination]).format(seat=seat.group(1) if seat else "",
                                                     seats=lang.join([str(p) for p in forum_winners]))
