"""UMOCNIENIE POZYCJI and REKRUTACJA ARMII: forts, and legions recruited in them.

Fortify: discard the card naming your city and place a fort there (moved from another
city when all 6 are out; allowed in Roma Caput Mundi's Roma, ruling 19). Recruit army:
in a city with a fort, add as many legions as the recruitment rate, as the reserve
allows (offered only with a legion in the reserve, ruling 31; never in Roma Caput
Mundi's Roma).
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log
from ludus.core.reasons import N_, Reason, because
from ludus.games.fall_of_rome.components import (
    CARDS_OF_CITY,
    CITY_ACTION,
    MAX_SEATS,
    RECRUITMENT_RATE,
    SIMPLE,
    TOKEN_CITY,
    Verb,
)
from ludus.games.fall_of_rome.rules.board import add_legions, legions_allowed, place_fort
from ludus.games.fall_of_rome.rules.player_cards import push_pay
from ludus.games.fall_of_rome.rules.turn import spend_action
from ludus.games.fall_of_rome.state import FallOfRomeData

S = FallOfRomeData


_FORTIFY = tuple(SIMPLE[p][Verb.FORTIFY] for p in range(MAX_SEATS))
_FORTIFY_MOVING = tuple(CITY_ACTION[p][Verb.FORTIFY] for p in range(MAX_SEATS))
_RECRUIT_ARMY = tuple(SIMPLE[p][Verb.RECRUIT_ARMY] for p in range(MAX_SEATS))


def fortify_choices(s: S, player: int, city: int, hand: list[int], out: list[Action]) -> None:
    """UMOCNIENIE POZYCJI: with the card naming ``city``, no fort there yet."""
    if s.forts[city]:
        return
    for c in CARDS_OF_CITY[city]:
        if c in hand:
            if s.fort_supply:
                out.append(_FORTIFY[player])
            else:
                table = _FORTIFY_MOVING[player]
                for f, fort in enumerate(s.forts):
                    if fort:
                        out.append(table[f])
            return


def recruit_choices(s: S, player: int, city: int, out: list[Action]) -> None:
    """REKRUTACJA ARMII: in a fort city, with a legion in the reserve."""
    if s.forts[city] and s.reserve and legions_allowed(s, city):
        out.append(_RECRUIT_ARMY[player])


def fortify(s: S, a: Action, log: Log) -> None:
    """UMOCNIENIE POZYCJI: discard the card naming your city; place (or move) a fort."""
    city = s.pawn_city[s.cur]
    spend_action(s)
    place_fort(s, city, TOKEN_CITY[str(a.args[0])] if a.args else -1, log)
    hand = s.hands[a.player]
    push_pay(s, a.player, [c for c in hand if c in CARDS_OF_CITY[city]], 1)


def recruit_army(s: S, a: Action, log: Log) -> None:
    """REKRUTACJA ARMII: add legions equal to the recruitment rate (as the reserve allows)."""
    city = s.pawn_city[s.cur]
    spend_action(s)
    n = add_legions(s, city, RECRUITMENT_RATE[s.rate])
    log.public("recruit", city=city, legions=n)


def fortify_why(s: S, a: Action) -> Reason | None:
    """Why ``fortify`` is refused (the Do Actions step): a fort stands in the city, or the player
    holds no card of it."""
    city = s.pawn_city[s.cur]
    if s.forts[city]:
        return because(N_("{city:city} already has a fort"), city=city)
    if not any(c in s.hands[a.player] for c in CARDS_OF_CITY[city]):
        return because(N_("a fort in {city:city} takes its city card, and you hold none"), city=city)
    return None
