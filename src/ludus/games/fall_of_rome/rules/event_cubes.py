"""KARTY ZDARZEŃ: the events that remove barbarian cubes one at a time — Mors Tua, Vita Mea
(a legion takes each cube's place), Mortui Non Mordent and Vae Victis.

Their decisions (:class:`~ludus.games.fall_of_rome.decisions.RemoveBarbarians`) are resolved
here; :mod:`~ludus.games.fall_of_rome.rules.event_cards` plays the cards and finishes each step.
"""

from __future__ import annotations

from itertools import compress

from ludus.core.actions import Action
from ludus.core.decisions import replace_on
from ludus.core.events import Log
from ludus.games.fall_of_rome.components import COLOUR_INDEX, CUBE_ACTION, NC, NT, SIMPLE, TOKEN_CITY, Verb
from ludus.games.fall_of_rome.decisions import MorsTua, MortuiNonMordent, RemoveBarbarians, VaeVictis
from ludus.games.fall_of_rome.rules.board import add_legions, remove_cube
from ludus.games.fall_of_rome.state import FallOfRomeData

S = FallOfRomeData


def remove_barbarians_choices(s: S, p: RemoveBarbarians) -> list[Action]:
    """The cubes that may be removed next (each event's limits), and done (not for Mors Tua normal)."""
    player = p.who
    mors_tua = isinstance(p, MorsTua)
    cubes = _CUBE_FLAT[player][mors_tua]
    out = [cubes[i] for i in _cube_choices(s, p)]
    if not (mors_tua and not p.destab):
        out.append(SIMPLE[player][Verb.DONE])
    return out


# each seat's cube actions by ``city * NT + tribe``: [seat][Mors Tua's "replace"?][cube index]
_CUBE_FLAT = tuple(
    tuple(tuple(a for row in CUBE_ACTION[p][verb] for a in row) for verb in (Verb.REMOVE_CUBE, Verb.REPLACE))
    for p in range(len(CUBE_ACTION))
)
_CUBE_INDICES = range(NC * NT)


def _cube_choices(s: S, p: RemoveBarbarians) -> list[int]:
    """The ``city * NT + tribe`` of every cube that may be removed next, city by city, colour by colour.

    Cubes are removed in that order (the same cube index again, or a later one): a set of
    cubes is reached one way only (ruling 37).
    """
    destab = p.destab
    if isinstance(p, MorsTua):
        limit = 3 if destab else 1
    elif isinstance(p, MortuiNonMordent):
        limit = 4 if destab else 2
    else:
        limit = p.n
    if len(p.removed) >= limit:
        return []
    cubes = s.cubes
    if p.removed and (isinstance(p, MorsTua) or (isinstance(p, VaeVictis) and not destab)):
        base = p.removed[0] // NT * NT  # the city of the first cube removed
        found = [i for i in range(base, base + NT) if cubes[i]]
    else:
        found = list(compress(_CUBE_INDICES, cubes))  # the board's cubes (a C-level scan of 155 counts)
    if p.removed:  # one order of removal per set of cubes: the next at or after the last one (ruling 37)
        last = p.removed[-1]
        found = [i for i in found if i >= last]
    if isinstance(p, VaeVictis) and not destab:
        return [i for i in found if i // NT != p.city]  # "1 other city"
    if isinstance(p, MortuiNonMordent) and p.colour >= 0:
        return [i for i in found if i % NT == p.colour]  # one colour
    return found


def remove_barbarians(s: S, p: RemoveBarbarians, a: Action, log: Log) -> None:
    """Remove one cube (Mors Tua: a legion takes its place, as the reserve allows, ruling 18), or stop."""
    verb = a.verb
    if verb == Verb.DONE:
        s.pending.pop()
    else:
        c = TOKEN_CITY[str(a.args[0])]
        t = COLOUR_INDEX[str(a.args[1])]
        remove_cube(s, c, t)
        replace_on(s.pending, p, type(p)(p.who, p.destab, p.n, p.city, t, (*p.removed, c * NT + t)))
        log.public("remove_cube", tribe=t, city=c)
        if verb == Verb.REPLACE:
            add_legions(s, c, 1)  # ruling 18: as the reserve allows
