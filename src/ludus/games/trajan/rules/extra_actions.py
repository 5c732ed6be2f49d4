"""Turn step 3 ([HU] "Akció végrehajtása", "A plusz akciólapkák"): the action and its repeats.

RULE: trajan.hu "Akció végrehajtása" — the player may take the action of the target tray.
RULE: trajan.hu "A plusz akciólapkák" — after the action, an extra-action tile of that action
      (or an extra-action joker, [HU] "Plusz akciólapka joker") may be discarded to take it
      once more, twice with a [+2] marker on it; at most one extra action per turn.

The action step is a stack of decisions (:mod:`ludus.games.trajan.decisions`):
:class:`TakeAction` (the action's options, or ``pass``) and :class:`OfferExtra`
(``extra`` or ``decline``). A construction tile's bonus action pushes one more pair.
"""

from __future__ import annotations

from collections.abc import Callable

from ludus.core.actions import Action
from ludus.core.decisions import DecisionRules
from ludus.core.events import Log
from ludus.core.reasons import N_, Reason, because
from ludus.games.trajan.components import (
    ACTION,
    EXTRA_KEYS,
    EXTRA_TILE_ACTION,
    FORUM_TILE_KIND,
    K_EXTRA_JOKER,
    K_EXTRA_OF_ACTION,
    MAX_PLAYERS,
    Verb,
)
from ludus.games.trajan.decisions import OFFER_EXTRA, TAKE_ACTION, OfferExtra, TakeAction
from ludus.games.trajan.rules import construction, forum, military, seaport, senate, trajan_action
from ludus.games.trajan.rules.forum import count_kind, remove_kind
from ludus.games.trajan.state import TrajanData

__all__ = ["OFFER_EXTRA_RULES", "TAKE_ACTION_RULES", "begin_action", "has_extra_tile", "offer_is_moot"]

Options = Callable[[TrajanData, int], list[Action]]
Handler = Callable[[TrajanData, Action, Log], None]

_OPTIONS: tuple[Options, ...] = (
    seaport.options, forum.options, military.options, senate.options, trajan_action.options,
    construction.options,
)
"""The options of each action (0 Seaport .. 5 Construction), by the order of the circle."""
_VERBS: dict[str, Handler] = {
    **seaport.VERBS, **forum.VERBS, **military.VERBS, **senate.VERBS, **trajan_action.VERBS,
    **construction.VERBS,
}
_ACTION_OF_VERB: dict[str, int] = {
    verb: action
    for action, verbs in enumerate((seaport.VERBS, forum.VERBS, military.VERBS, senate.VERBS,
                                    trajan_action.VERBS, construction.VERBS))
    for verb in verbs
}
"""The action (0 Seaport .. 5 Construction) whose decision each verb answers."""
_WHY: dict[str, Callable[[TrajanData, Action], Reason | None]] = {
    Verb.TAKE_TILE: forum.take_tile_why,
    Verb.RECRUIT: construction.supply_why,
    Verb.MARCH: military.march_why,
    Verb.DEPLOY: military.deploy_why,
    Verb.TRAJAN: trajan_action.trajan_why,
    Verb.HIRE: construction.supply_why,
    Verb.BUILD: construction.build_why,
}
"""The reasons of the actions' verbs (:mod:`ludus.core.reasons`)."""
_PASS = tuple(Action(p, Verb.PASS) for p in range(MAX_PLAYERS))
_DECLINE = tuple(Action(p, Verb.DECLINE) for p in range(MAX_PLAYERS))
_EXTRA = tuple(tuple(Action(p, Verb.EXTRA, (k,)) for k in EXTRA_KEYS) for p in range(MAX_PLAYERS))
_EXTRA_JOKER = tuple(Action(p, Verb.EXTRA, ("extra_joker",)) for p in range(MAX_PLAYERS))


def begin_action(s: TrajanData) -> None:
    """Turn step 3 begins: the target tray's action, then the offer of an extra action."""
    p = s.current
    s.phase = ACTION
    s.pending = [OFFER_EXTRA[p][s.target], TAKE_ACTION[p][s.target]]


# --- the action -----------------------------------------------------------------------------
def _legal_take_action(s: TrajanData, d: TakeAction) -> list[Action]:
    out = _OPTIONS[d.action](s, d.who)
    out.append(_PASS[d.who])
    return out


def _take_action(s: TrajanData, d: TakeAction, a: Action, log: Log) -> bool:
    if a.verb == Verb.PASS:
        pass_action(s, d, log)
    else:
        _VERBS[a.verb](s, a, log)
    return True


def pass_action(s: TrajanData, d: TakeAction, log: Log) -> None:
    """Do not take the action; no extra-action tile may follow it."""
    stack = s.pending
    below = stack[-2] if len(stack) > 1 else None
    if isinstance(below, OfferExtra) and below.action == d.action:
        del stack[-2]
    log.public("pass", seat=d.who)


def _why_take_action(s: TrajanData, d: TakeAction, a: Action) -> Reason | None:
    action = _ACTION_OF_VERB.get(a.verb, d.action)
    if action != d.action:
        return because(N_("the action to take now is {tray:tray}"), tray=d.action)
    why = _WHY.get(a.verb)
    return None if why is None else why(s, a)


TAKE_ACTION_RULES: DecisionRules[TrajanData, TakeAction] = DecisionRules(
    _legal_take_action, _take_action, _why_take_action
)


# --- the extra action -------------------------------------------------------------------------
def has_extra_tile(s: TrajanData, p: int, action: int) -> bool:
    """Whether ``p`` holds an extra-action tile of ``action`` (its own back, or from the forum)."""
    for t in s.xtiles[p]:
        if EXTRA_TILE_ACTION[t] == action:
            return True
    want = K_EXTRA_OF_ACTION[action]
    for t in s.ftiles[p]:
        k = FORUM_TILE_KIND[t]
        if k == want:
            return True
    return False


def offer_is_moot(s: TrajanData, d: OfferExtra) -> bool:
    """Whether the offer of an extra action asks nothing (used one already, or no tile)."""
    p = d.who
    return (bool(s.extra_used)
            or not (has_extra_tile(s, p, d.action) or count_kind(s.ftiles[p], K_EXTRA_JOKER)))


def _legal_offer(s: TrajanData, d: OfferExtra) -> list[Action]:
    p = d.who
    out = []
    if has_extra_tile(s, p, d.action):
        out.append(_EXTRA[p][d.action])
    if count_kind(s.ftiles[p], K_EXTRA_JOKER):
        out.append(_EXTRA_JOKER[p])
    out.append(_DECLINE[p])
    return out


def _offer(s: TrajanData, d: OfferExtra, a: Action, log: Log) -> bool:
    if a.verb == Verb.EXTRA:
        extra(s, d, a, log)
    return True


def extra(s: TrajanData, d: OfferExtra, a: Action, log: Log) -> None:
    """Discard an extra-action tile to repeat the action once (twice with a [+2] marker)."""
    p = d.who
    act = d.action
    key = str(a.args[0])
    if key == "extra_joker":
        s.forum_removed.append(remove_kind(s.ftiles[p], K_EXTRA_JOKER))
    else:
        for i, t in enumerate(s.xtiles[p]):
            if EXTRA_TILE_ACTION[t] == act:
                s.extra_removed.append(s.xtiles[p].pop(i))
                break
        else:
            s.forum_removed.append(remove_kind(s.ftiles[p], K_EXTRA_OF_ACTION[act]))
    s.extra_used = 1
    times = 2 if s.plus2[p][act] else 1
    s.pending.extend([TAKE_ACTION[p][act]] * times)
    log.public("extra", seat=p, joker=key == "extra_joker", action=act, times=times)


OFFER_EXTRA_RULES: DecisionRules[TrajanData, OfferExtra] = DecisionRules(_legal_offer, _offer)
