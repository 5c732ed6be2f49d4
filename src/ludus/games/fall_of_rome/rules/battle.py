"""BITWA: roll 1 die per legion (at most 3) in your city.

Legion losses are applied before legion gains (ruling 27); barbarians are removed as many
as possible, in any colour mix (a :class:`~ludus.games.fall_of_rome.decisions.RemoveCubes`
choice only when it matters). Each role's special face is in :func:`battle`; Magister
Militum loses 1 legion fewer per battle (ruling 13); Regina Foederata may add a legion
after the battle if her special removed a barbarian (ruling 14, a choice). Alea Iacta Est
lets the player who played it set the dice (:class:`~ludus.games.fall_of_rome.decisions.AleaDice`).
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.decisions import DecisionRules, replace_on
from ludus.core.events import Log
from ludus.core.rng import Rng
from ludus.games.fall_of_rome.components import (
    BATTLE,
    COLOUR_ACTION,
    COLOUR_INDEX,
    DICE,
    DIE_FACE_KIND,
    FACE_EFFECT,
    FACE_INDEX,
    NT,
    PORT,
    R_CONSUL,
    R_MAGISTER_MILITUM,
    R_MERCATOR,
    R_PRAEFECTUS_CLASSIS,
    R_PRAEFECTUS_FABRUM,
    R_REGINA_FOEDERATA,
    R_VESTALIS,
    REGINA_ADD,
    SET_DIE,
    SPECIAL_FACE,
    Verb,
)
from ludus.games.fall_of_rome.decisions import AleaDice, ReginaLegions, RemoveCubes
from ludus.games.fall_of_rome.rules.board import (
    add_legions,
    city_cubes,
    legions_allowed,
    remove_cube,
    remove_legions,
    seat_of,
)
from ludus.games.fall_of_rome.rules.turn import spend_action
from ludus.games.fall_of_rome.state import FallOfRomeData

S = FallOfRomeData


def battle_choices(s: S, player: int, city: int, out: list[Action]) -> None:
    """BITWA: 1..min(3, legions) dice, where legions and barbarians meet."""
    here = s.legions[city]
    if here and city_cubes(s, city):
        out.extend(BATTLE[player][1 : min(DICE, here) + 1])


def roll_die(rng: Rng) -> int:
    """Roll one battle die: the face kind (index into FACE_NAMES)."""
    return DIE_FACE_KIND[rng.randbelow(6)]


def battle_action(s: S, a: Action, log: Log) -> None:
    """BITWA as one of the turn's actions."""
    spend_action(s)
    start_battle(s, a.player, int(a.args[0]), False, log)


def start_battle(s: S, seat: int, dice: int, ignore: bool, log: Log) -> None:
    """Roll ``dice`` dice for ``seat``'s battle, or let Alea Iacta Est's player set them."""
    if s.alea:
        if s.alea == 1:
            s.alea = 0
        # the player who played Alea Iacta Est sets the faces (KARTY ZDARZEŃ, ruling 29)
        who = seat if s.alea_seat < 0 else s.alea_seat
        s.pending.append(AleaDice(who, seat, dice, (), int(ignore)))
        return
    faces = [roll_die(s.rng) for _ in range(dice)]
    battle(s, seat, faces, log, ignore)


def alea_choices(s: S, p: AleaDice) -> list[Action]:
    """Every face for the next die: the faces are set in face order (the same face again, or a
    later one), so a set of faces is set one way only (ruling 37)."""
    return list(SET_DIE[p.who][p.faces[-1] if p.faces else 0 :])


def set_die(s: S, p: AleaDice, a: Action, log: Log) -> bool:
    """Alea Iacta Est: set the next die's face; the battle follows the last one."""
    faces = (*p.faces, FACE_INDEX[str(a.args[0])])
    if len(faces) == p.dice:
        battle(s, p.seat, list(faces), log, bool(p.ignore))
        return True
    replace_on(s.pending, p, AleaDice(p.who, p.seat, p.dice, faces, p.ignore))
    return False


ALEA = DecisionRules(alea_choices, set_die)


def battle(s: S, seat: int, faces: list[int], log: Log, ignore_losses: bool = False) -> None:
    """Apply battle dice ``faces`` (kinds) in the current pawn's city.

    Legion losses are applied first, then additions (Consul, Regina); barbarians are
    removed as many as possible, in any colour mix (a choice when it matters).
    """
    pawn = s.cur
    city = s.pawn_city[pawn]
    role = s.roles[pawn]
    barbarians = lost = 0
    for f in faces:
        b, legion = FACE_EFFECT[f]
        barbarians += b
        lost += legion
    k = sum(1 for f in faces if f == SPECIAL_FACE)
    gain = regina = 0
    if k:
        if role == R_CONSUL:
            gain += k
        elif role == R_MAGISTER_MILITUM:
            barbarians += 2 * k
        elif role == R_MERCATOR:
            barbarians += k
            lost += k
        elif role == R_PRAEFECTUS_CLASSIS:
            if PORT[city]:
                barbarians += k
        elif role == R_PRAEFECTUS_FABRUM:
            if s.forts[city]:
                barbarians += 2 * k
        elif role == R_REGINA_FOEDERATA:
            regina = k
        elif role == R_VESTALIS:
            lost += k
    if role == R_MAGISTER_MILITUM:
        lost = max(0, lost - 1)  # ruling 13: 1 fewer per Battle
    if ignore_losses:
        lost = 0
    total = city_cubes(s, city)
    removed = min(barbarians, total)
    regina_removed = min(regina, total - removed)  # ruling 14: only if she removed one
    removed += regina_removed
    lost_n = remove_legions(s, city, lost)
    gained = add_legions(s, city, gain)
    log.public("battle", city=city, faces=list(faces), lost=lost_n, removed=removed, added=gained)
    s.battle_city = city
    s.battle_removed = removed
    most = min(regina_removed, s.reserve) if legions_allowed(s, city) else 0
    if most:
        # Regina Foederata: "if you did, you MAY add 1 legion there" (after the battle): her choice
        s.pending.append(ReginaLegions(seat_of(s, pawn), city, most))
    if removed:
        push_remove(s, seat, city, removed)


def push_remove(s: S, seat: int, city: int, count: int) -> None:
    """Remove ``count`` cubes from ``city``; a colour choice only when it matters."""
    base = city * NT
    present = [t for t in range(NT) if s.cubes[base + t]]
    if len(present) == 1 or count >= sum(s.cubes[base : base + NT]):
        for t in present:
            while count and s.cubes[base + t]:
                remove_cube(s, city, t)
                count -= 1
        return
    s.pending.append(RemoveCubes(seat, city, count))


def remove_choices(s: S, p: RemoveCubes) -> list[Action]:
    """The colours present in the battle's city."""
    base = p.city * NT
    table = COLOUR_ACTION[p.who][Verb.REMOVE]
    return [table[t] for t in range(NT) if s.cubes[base + t]]


def remove(s: S, p: RemoveCubes, a: Action, log: Log) -> bool:
    """Remove one barbarian of the chosen colour (the rest without asking once forced)."""
    t = COLOUR_INDEX[str(a.args[0])]
    remove_cube(s, p.city, t)
    log.public("remove_cube", tribe=t, city=p.city)
    if p.count > 1:
        push_remove(s, a.player, p.city, p.count - 1)
    return True


REMOVE = DecisionRules(remove_choices, remove)


def regina_choices(s: S, p: ReginaLegions) -> list[Action]:
    """0..n legions."""
    return list(REGINA_ADD[p.who][: p.n + 1])


def regina_add(s: S, p: ReginaLegions, a: Action, log: Log) -> bool:
    """Regina Foederata's special: add the legions she chose (0 if she declines)."""
    n = add_legions(s, p.city, int(a.args[0]))
    log.public("regina_add", city=p.city, legions=n)
    return True


REGINA = DecisionRules(regina_choices, regina_add)
