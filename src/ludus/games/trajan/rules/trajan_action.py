"""The Trajan action ([HU] "Traianusakció"): a new Trajan tile for the action circle.

RULE: trajan.hu "Traianusakció" — the top tile of a Trajan stack goes to the slot of the arch;
      the arch moves on clockwise to the next empty slot, or to the centre when all six are
      full (then no Trajan action until a slot is freed).
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.engine import Handler
from ludus.core.events import Log
from ludus.core.reasons import N_, Reason, because
from ludus.games.trajan.components import CATEGORY_KEYS, MAX_PLAYERS, N_ACTIONS, Verb
from ludus.games.trajan.state import TrajanData

__all__ = ["VERBS", "options", "trajan", "trajan_why"]

_TRAJAN = tuple(tuple(Action(p, Verb.TRAJAN, (k,)) for k in CATEGORY_KEYS) for p in range(MAX_PLAYERS))


def options(s: TrajanData, p: int) -> list[Action]:
    """One option per non-empty stack, while the arch stands on a slot."""
    if s.arch[p] < 0:
        return []
    row = _TRAJAN[p]
    return [row[cat] for cat, stack in enumerate(s.trajan_stacks) if stack]


def trajan(s: TrajanData, a: Action, log: Log) -> None:
    """Put the top tile of a Trajan stack in the arch's slot; the arch moves on."""
    p = a.player
    cat = CATEGORY_KEYS.index(str(a.args[0]))
    t = s.trajan_stacks[cat].pop()
    slots = s.trajan_slots[p]
    here = s.arch[p]
    slots[here] = t
    s.arch[p] = -1
    for step in range(1, N_ACTIONS):
        nxt = (here + step) % N_ACTIONS
        if slots[nxt] < 0:
            s.arch[p] = nxt
            break
    log.public("place_trajan_tile", seat=p, tile=t, slot=here)
    stack = s.trajan_stacks[cat]
    if stack and s.cfg.trajan_face_up:
        log.public("trajan_top", tile=stack[-1])


VERBS: dict[str, Handler] = {Verb.TRAJAN: trajan}
"""The Trajan action's verb answering :class:`~ludus.games.trajan.decisions.TakeAction`."""


def trajan_why(s: TrajanData, a: Action) -> Reason | None:
    """Why ``trajan <category>`` is refused: every slot of the action circle holds a Trajan tile."""
    if s.arch[a.player] >= 0:
        return None
    return because(N_("every slot of your action circle holds a Trajan tile"))
