"""The board and its pieces (ROZŁOŻENIE PLANSZY I POCZĄTKOWYCH ELEMENTÓW, ZAWARTOŚĆ PUDEŁKA).

Pawns, legions (16, from the reserve and back), forts (6) and barbarian cubes (to and from
each tribe's supply): the small moves every chapter makes. WYZWANIE ROMA CAPUT MUNDI:
legions may never enter or be placed in Roma.
"""

from __future__ import annotations

from ludus.core.events import Log
from ludus.games.fall_of_rome.components import NT, ROMA
from ludus.games.fall_of_rome.state import FallOfRomeData

S = FallOfRomeData


def n_pawns(s: S) -> int:
    """Number of pawns (3 in the solitaire challenge, else one per player)."""
    return len(s.roles)


def seat_of(s: S, pawn: int) -> int:
    """The seat that controls ``pawn`` (solitaire: the one player)."""
    return 0 if s.solo else pawn


def pawn_of_role(s: S, role: int) -> int:
    """The pawn index playing ``role`` or -1."""
    try:
        return s.roles.index(role)
    except ValueError:
        return -1


def pawn_in(s: S, city: int) -> bool:
    """Whether any pawn stands in ``city``."""
    return city in s.pawn_city


def city_cubes(s: S, city: int) -> int:
    """All barbarian cubes in ``city``."""
    b = city * NT
    return sum(s.cubes[b : b + NT])


def legions_allowed(s: S, city: int) -> bool:
    """Roma Caput Mundi: legions may never enter or be placed in Roma."""
    return not (s.caput and city == ROMA)


def add_legions(s: S, city: int, n: int) -> int:
    """Add up to ``n`` legions from the reserve (never taken from the board); how many were added."""
    if not legions_allowed(s, city):
        return 0
    n = min(n, s.reserve)
    s.reserve -= n
    s.legions[city] += n
    return n


def remove_legions(s: S, city: int, n: int) -> int:
    """Return up to ``n`` legions of ``city`` to the reserve; how many were removed."""
    n = min(n, s.legions[city])
    s.legions[city] -= n
    s.reserve += n
    return n


def remove_cube(s: S, city: int, tribe: int) -> None:
    """Return one cube of ``tribe`` in ``city`` to its supply."""
    s.cubes[city * NT + tribe] -= 1
    s.supply[tribe] += 1


def move_pawn(s: S, pawn: int, dest: int, legions: int) -> None:
    """Move ``pawn`` to ``dest`` taking ``legions`` from the city it leaves."""
    src = s.pawn_city[pawn]
    s.legions[src] -= legions
    s.legions[dest] += legions
    s.pawn_city[pawn] = dest


def legion_choices(s: S, src: int, dest: int) -> int:
    """Most legions a pawn can take along from ``src`` to ``dest`` (at most 3)."""
    if not legions_allowed(s, dest):
        return 0
    return min(3, s.legions[src])


def place_fort(s: S, city: int, source: int, log: Log) -> None:
    """A fort from the supply, or moved from ``source`` when all 6 are out (ruling 8)."""
    if source >= 0:
        s.forts[source] = 0
    else:
        s.fort_supply -= 1
    s.forts[city] = 1
    log.public("fort", city=city)
