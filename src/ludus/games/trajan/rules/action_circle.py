"""Turn step 1 ([HU] "Akciójelzők átrendezése", "Időjelző léptetése"): the action circle.

RULE: trajan.hu "Akciójelzők átrendezése" — the player takes every marker of one tray and
      sows them one by one, clockwise from the next tray (mancala); the tray of the last
      marker is the target tray.
RULE: trajan.hu "Időjelző léptetése" — the time marker moves one space per marker taken.
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log
from ludus.core.reasons import N_, Reason, Why, because
from ludus.games.trajan.components import ACTIONS, COLOURS, MAX_PLAYERS, N_ACTIONS, N_COLOURS, SOW, TAKE, Verb
from ludus.games.trajan.rules.trajan_tiles import accomplish_trajan_tile
from ludus.games.trajan.state import TrajanData

__all__ = ["REASONS", "SOW_ACTIONS", "auto_sow", "legal_sow", "legal_take", "move_time", "sow", "take"]

_TAKE = tuple(tuple(Action(p, Verb.TAKE, (t,)) for t in ACTIONS) for p in range(MAX_PLAYERS))
SOW_ACTIONS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(p, Verb.SOW, (c,)) for c in COLOURS) for p in range(MAX_PLAYERS)
)
"""``SOW_ACTIONS[seat][colour]``: the action sowing a marker of that colour."""


def legal_take(s: TrajanData, p: int) -> list[Action]:
    """The trays holding markers."""
    trays = s.trays[p]
    return [_TAKE[p][t] for t in range(N_ACTIONS) if any(trays[t])]


def take(s: TrajanData, a: Action, log: Log) -> None:
    """Take all markers of a tray; the time marker moves by their number."""
    p = a.player
    t = ACTIONS.index(str(a.args[0]))
    tray = s.trays[p][t]
    n = sum(tray)
    s.hand_markers = tray[:]
    s.trays[p][t] = [0] * N_COLOURS
    move_time(s, n)
    s.sow_tray = (t + 1) % N_ACTIONS
    s.sow_left = n
    s.phase = SOW
    log.public("take_tray", seat=p, tray=t, markers=n)


def move_time(s: TrajanData, n: int) -> None:
    """Advance the time marker ``n`` spaces; reaching or passing the start ends the round
    after this turn ([HU] "Egy játékforduló vége"). The marker is never reset.

    RULE: trajan.hu "Forduló vége" — "Az időjelző pozíciója a forduló végén nem változik,
          egyszerűen az aktuális helyéről halad tovább." A move longer than what is left of
          the lap may pass the start more than once (12 markers on an 11-space track): the
          marker lands where the spaces take it, and the round ends once, after this turn.
    """
    lap = s.cfg.lap
    s.time_pos += n
    if s.time_pos >= lap:
        s.time_pos %= lap
        s.round_over = 1


def legal_sow(s: TrajanData, p: int) -> list[Action]:
    """The colours in hand: the next marker goes into the next tray clockwise."""
    hm = s.hand_markers
    row = SOW_ACTIONS[p]
    return [row[c] for c in range(N_COLOURS) if hm[c]]


def sow(s: TrajanData, a: Action, log: Log) -> None:
    """Put one marker of the chosen colour into the next tray clockwise."""
    sow_colour(s, a.player, COLOURS.index(str(a.args[0])), log)


def sow_colour(s: TrajanData, p: int, c: int, log: Log) -> None:
    """Sow a marker of colour ``c``; the last one marks the target tray (then turn step 2)."""
    s.hand_markers[c] -= 1
    s.trays[p][s.sow_tray][c] += 1
    s.sow_left -= 1
    if s.sow_left == 0:
        s.target = s.sow_tray
        accomplish_trajan_tile(s, p, log)
    else:
        s.sow_tray = (s.sow_tray + 1) % N_ACTIONS


def auto_sow(s: TrajanData, log: Log) -> bool:
    """Sow without asking when every marker left has one colour; ``False`` if there is a choice."""
    hm = s.hand_markers
    only = -1
    for c in range(N_COLOURS):
        if hm[c]:
            if only >= 0:
                return False
            only = c
    sow_colour(s, s.current, only, log)
    return True


# --- reasons ----------------------------------------------------------------------------------
def take_why(s: TrajanData, a: Action) -> Reason | None:
    """Why ``take <tray>`` is refused: that tray of the action circle holds no marker."""
    if s.phase != TAKE or s.pending or a.player != s.decider or len(a.args) != 1 or a.args[0] not in ACTIONS:
        return None
    t = ACTIONS.index(str(a.args[0]))
    if any(s.trays[a.player][t]):
        return None
    return because(N_("the {tray:tray} tray of your action circle is empty"), tray=t)


def sow_why(s: TrajanData, a: Action) -> Reason | None:
    """Why ``sow <colour>`` is refused: no marker of that colour is left in hand."""
    if s.phase != SOW or s.pending or a.player != s.decider or len(a.args) != 1 or a.args[0] not in COLOURS:
        return None
    c = COLOURS.index(str(a.args[0]))
    if s.hand_markers[c]:
        return None
    return because(N_("you hold no {colour:colour} action marker"), colour=c)


REASONS: dict[str, Why] = {Verb.TAKE: take_why, Verb.SOW: sow_why}
"""Why a tray or a marker is refused (:mod:`ludus.core.reasons`)."""
