"""ROZGRYWKA and KONIEC TURY: the three steps of a turn, whose decision it is, and the next turn.

A turn is the Do Actions step (up to 4 actions), the Draw step and the Invade Cities
step; then the player on the left plays. Whoever must answer a pending sub-decision
decides first, then a player over the hand limit (LIMIT POSIADANYCH KART), then the
current player.
"""

from __future__ import annotations

from ludus.core.events import Log
from ludus.core.seats import left_of
from ludus.games.fall_of_rome.components import (
    HAND_LIMIT,
    PHASE_ACTIONS,
    PHASE_INVADE,
    PHASE_OVER,
    PHASE_REVOLT,
    PHASE_ROLE,
    PHASE_START,
)
from ludus.games.fall_of_rome.decisions import MeliusCavere, PutBack
from ludus.games.fall_of_rome.rules.board import n_pawns, seat_of
from ludus.games.fall_of_rome.state import FallOfRomeData

S = FallOfRomeData
WINDOW_PHASES = (PHASE_ACTIONS, PHASE_REVOLT, PHASE_INVADE)


def begin_turn(s: S, pawn: int, log: Log) -> None:
    """Start ``pawn``'s turn: 4 actions, per-turn abilities and events reset."""
    s.cur = pawn
    s.phase = PHASE_ACTIONS
    s.actions_left = 4
    s.mercator_used = False
    s.regina_used = False
    s.alea = 0
    s.alea_seat = -1
    s.drawn = False
    s.invasions_left = -1
    s.battle_city = -1
    s.battle_removed = 0
    s.refused = []
    s.turn += 1
    log.public("turn", turn=s.turn, seat=seat_of(s, pawn), role=s.roles[pawn])


def end_turn(s: S, log: Log) -> None:
    """KONIEC TURY: play passes to the left."""
    begin_turn(s, left_of(s.cur, n_pawns(s)), log)


def spend_action(s: S) -> None:
    """One of the turn's 4 actions is used."""
    s.actions_left -= 1


def close_battle_window(s: S) -> None:
    """The next turn action after a Battle ends the moment Vae Victis may answer it (ruling 28)."""
    s.battle_removed = 0
    s.battle_city = -1


def over_limit_seat(s: S) -> int:
    """The first seat holding more than 7 cards, or -1 (LIMIT POSIADANYCH KART)."""
    if max(map(len, s.hands)) <= HAND_LIMIT:  # nobody over the limit (the usual case)
        return -1
    for seat, hand in enumerate(s.hands):
        if len(hand) > HAND_LIMIT:
            return seat
    return -1


def to_move(s: S) -> tuple[int, ...]:
    """Who decides: a pending sub-decision, a seat over the hand limit, else the current player."""
    phase = s.phase
    if phase is PHASE_OVER:
        return ()
    if s.pending:
        return (s.pending[-1].who,)
    if phase in (PHASE_ROLE, PHASE_START):
        return (s.setup_seat,)
    if max(map(len, s.hands)) > HAND_LIMIT:  # somebody over the hand limit (over_limit_seat's quick test)
        return (over_limit_seat(s),)
    return (0 if s.solo else s.cur,)  # seat_of(s, s.cur), inlined (asked every step)


def drawn_unresolved(s: S) -> bool:
    """Cards are drawn and not resolved yet: KARTY ZDARZEŃ's one moment without events (ruling 32).

    Vestalis's 3 player cards until she puts one back (``PutBack``), and the barbarian
    cards Melius Cavere Quam Pavere took from the deck until the last is put back.
    """
    return any(isinstance(p, (PutBack, MeliusCavere)) for p in s.pending)


def acting(s: S, player: int) -> bool:
    """Whether ``player`` is at the Do Actions step now: no decision pending, nobody over the hand limit."""
    return (s.phase is PHASE_ACTIONS and not s.pending and player == (0 if s.solo else s.cur)
            and over_limit_seat(s) < 0)
