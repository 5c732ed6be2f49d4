"""The end of the game (PL "KONIEC GRY").

RULE: glory_to_rome.pl "Gra przerywana jest natychmiast gdy spelniony zostanie ktdrykolwiek z
      powyzszych warunkéw" — the game stops at once, the round is not finished, when the deck
      runs out, the last in-town site is taken, a Catacomb is completed, a Forum condition is
      met, or every player concedes. The triggers are :class:`~..components.Termination`.
"""

from __future__ import annotations

from typing import Any

from ludus.core.events import Log
from ludus.games.glory_to_rome.components import (
    CARD_MATERIAL,
    LABORER,
    MERCHANT,
    REASONS,
    B,
    Termination,
)
from ludus.games.glory_to_rome.decisions import GtrData, top_frame
from ludus.games.glory_to_rome.state import has

_FORUM_BIT = 1 << B.FORUM


def end_game(s: GtrData, termination: Termination, log: Log, **data: Any) -> None:
    """End the game at once (the turn is not finished); ``data`` fills the reason's template."""
    if s.over:
        return
    if s.fountain >= 0:
        # Ruling §15.4: the step that drew the last card finishes; the card goes to hand.
        f = top_frame(s)
        assert f is not None  # (a Fountain card is drawn only in a batch of actions)
        s.hands[f.who].append(s.fountain)
        s.fountain = -1
    s.over = 1
    words = {k: ", ".join(map(str, v)) if isinstance(v, list) else v for k, v in data.items()}
    s.end_reason = REASONS[termination].format(**words)
    log.public(f"end_{termination}", **data)
    if not s.forum_winners:
        # PL "Na koniec gry wszyscy gracze odsłaniają zawartość swoich skarbców": a scored
        # game turns every vault face up (the views then show every vault card's material).
        log.public("vaults_shown", vaults=[[CARD_MATERIAL[c] for c in s.vault[p]] for p in range(s.n)])


def finish_step(s: GtrData, log: Log) -> None:
    """After every step: a Forum win, then the deck running out (PL "gdy skoncza sie karty")."""
    if s.over:
        return
    check_forum(s, log)
    if not s.deck and not s.over:
        end_game(s, Termination.DECK_EXHAUSTED, log)


def check_forum(s: GtrData, log: Log) -> None:
    """Forum (Plac miejski): instant win for every player who meets its condition."""
    if s.over or not s.active_any & _FORUM_BIT:
        return  # nobody has a Forum (the common case)
    forum = B.FORUM
    winners = [p for p in range(s.n) if (s.active[p] >> forum) & 1 and forum_condition(s, p)]
    if winners:
        s.forum_winners = winners
        end_game(s, Termination.FORUM, log, seats=winners)


def forum_condition(s: GtrData, p: int) -> bool:
    """Clients of all six roles (Ludus Magnus, Storeroom may stand in) and, under the
    new rules, one material of each type in the stockpile."""
    if not s.cfg.classic:
        seen = 0
        for c in s.stock[p]:
            seen |= 1 << CARD_MATERIAL[c]
        if seen != 0b111111:
            return False
    counts = [0] * 6
    for c in s.clients[p]:
        counts[CARD_MATERIAL[c]] += 1
    missing = [r for r in range(6) if counts[r] == 0]
    if not missing:
        return True
    spare_other = sum(counts[r] - 1 for r in range(6) if counts[r] > 1 and r != MERCHANT)
    spare_merchants = counts[MERCHANT] - 1 if counts[MERCHANT] > 0 else 0
    if LABORER in missing and has(s, p, B.STOREROOM):
        if spare_other > 0:
            missing.remove(LABORER)
        elif spare_merchants > 0:
            missing.remove(LABORER)
            spare_merchants -= 1
    if not missing:
        return True
    return has(s, p, B.LUDUS_MAGNUS) and len(missing) <= spare_merchants


def concede(s: GtrData, p: int, to: int, log: Log) -> None:
    """Concede the game to ``to``; when every other player has, ``to`` wins (no scoring)."""
    s.conceded[p] = to
    log.public("concede", seat=p, to=to)
    if all(s.conceded[q] == to for q in range(s.n) if q != to):
        s.forum_winners = [to]
        end_game(s, Termination.CONCESSION, log, seat=to)
