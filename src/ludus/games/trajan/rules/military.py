"""The Military action ([HU] "Katonai akció"): legionnaires, the leader, the provinces.

RULE: trajan.hu "Katonai akció" — (a) a token from the supply to the military camp, (b) the
      leader to an adjacent province, taking its forum tile, or (c) a legionnaire from the camp
      to the leader's province, if none of the player's is there: the province's VP minus 3 per
      other player's legionnaire there, never below 0.
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.engine import Handler
from ludus.core.events import Log
from ludus.core.reasons import N_, Reason, because
from ludus.games.trajan.components import CAMP, MAX_PLAYERS, PROVINCE_INDEX, PROVINCES, Verb, leader_moves
from ludus.games.trajan.state import TrajanData

__all__ = ["VERBS", "deploy", "deploy_why", "march", "march_why", "options", "recruit"]

_RECRUIT = tuple(Action(p, Verb.RECRUIT) for p in range(MAX_PLAYERS))
_DEPLOY = tuple(Action(p, Verb.DEPLOY) for p in range(MAX_PLAYERS))
_MARCH = tuple(tuple(Action(p, Verb.MARCH, (prov.key,)) for prov in PROVINCES) for p in range(MAX_PLAYERS))


def options(s: TrajanData, p: int) -> list[Action]:
    """Recruit (with tokens in the supply), march, deploy (not twice in one province)."""
    out: list[Action] = []
    if s.supply[p]:
        out.append(_RECRUIT[p])
    row = _MARCH[p]
    for prov in leader_moves(s.leader[p]):
        out.append(row[prov])
    here = s.leader[p]
    if here != CAMP and s.mcamp[p] and not (s.province_legions[here] >> p) & 1:
        out.append(_DEPLOY[p])
    return out


def recruit(s: TrajanData, a: Action, log: Log) -> None:
    """Military (a): a token from the supply becomes a legionnaire in the camp."""
    p = a.player
    s.supply[p] -= 1
    s.mcamp[p] += 1
    log.public("recruit", seat=p)


def march(s: TrajanData, a: Action, log: Log) -> None:
    """Military (b): move the leader to an adjacent province, taking its forum tile."""
    p = a.player
    prov = PROVINCE_INDEX[str(a.args[0])]
    s.leader[p] = prov
    t = s.province_tile[prov]
    if t >= 0:
        s.ftiles[p].append(t)
        s.province_tile[prov] = -1
        log.public("march_take", seat=p, province=prov, tile=t)
    else:
        log.public("march", seat=p, province=prov)


def deploy(s: TrajanData, a: Action, log: Log) -> None:
    """Military (c): a legionnaire from the camp to the leader's province."""
    p = a.player
    prov = s.leader[p]
    others = bin(s.province_legions[prov]).count("1")
    gained = max(0, PROVINCES[prov].vp - 3 * others)
    s.province_legions[prov] |= 1 << p
    s.mcamp[p] -= 1
    s.vp[p] += gained
    log.public("deploy", seat=p, province=prov, vp=gained)


VERBS: dict[str, Handler] = {Verb.RECRUIT: recruit, Verb.MARCH: march, Verb.DEPLOY: deploy}
"""The Military's verbs answering :class:`~ludus.games.trajan.decisions.TakeAction`."""


def march_why(s: TrajanData, a: Action) -> Reason | None:
    """Why ``march <province>`` is refused: the province is not next to the leader's."""
    prov = PROVINCE_INDEX.get(str(a.args[0])) if len(a.args) == 1 else None
    if prov is None or prov in leader_moves(s.leader[a.player]):
        return None
    return because(N_("{province:province} is not next to your leader"), province=prov)


def deploy_why(s: TrajanData, a: Action) -> Reason | None:
    """Why ``deploy`` is refused: the leader is in the camp, no legionnaire is in the military camp,
    or one of the player's legionnaires is in the leader's province already."""
    p = a.player
    here = s.leader[p]
    if here == CAMP:
        return because(N_("your leader has not marched into a province yet"))
    if not s.mcamp[p]:
        return because(N_("your military camp has no legionnaire"))
    if (s.province_legions[here] >> p) & 1:
        return because(N_("you already have a legionnaire in {province:province}"), province=here)
    return None
