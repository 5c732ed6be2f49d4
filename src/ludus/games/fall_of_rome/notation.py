"""Action notation and names: the generic ``<seat>:<verb> <args>`` notation is used as it
is (cities ``Nova_Carthago``, city cards ``Aquileia/white``, events by their Latin id,
colours ``orange black green white blue``); this module turns an action into words with
the rulebook's names (:func:`describe`), registers the event templates with their namers,
says what a component is and does (:func:`component_text`), reads the forms of ludus 0.1.0
that had no legion count (:func:`canonical`) and upgrades old moves (:func:`upgrade`)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from ludus.core.actions import Action
from ludus.core.events import register_messages
from ludus.core.record import version_key
from ludus.games.fall_of_rome.components import (
    CARD_TOKENS,
    CITIES,
    COLOURS,
    DOMAIN,
    EVENT_MOVE_VERBS,
    EVENTS,
    FACE_WORDS,
    MOVE_VERBS,
    N_CITY_CARDS,
    NEIGHBOURS,
    NODES,
    NT,
    PHASE_ACTIONS,
    PORT,
    PORT_CITIES,
    R_PRAEFECTUS_FABRUM,
    RECRUIT_VERBS,
    ROLES,
    TOKEN_CITY,
    TRIBES,
    Verb,
    card_name,
    grammar,
    word,
)
from ludus.games.fall_of_rome.decisions import Legions
from ludus.games.fall_of_rome.state import FallOfRomeData

_WORDS: dict[str, str] = {
    Verb.CHOOSE_ROLE: "take the role {0}",
    Verb.START: "start in {0}",
    Verb.DRAW: "end actions and draw 2 player cards",
    Verb.DRAW3: "draw 3 player cards and put 1 back (Vestalis)",
    Verb.PUT_BACK: "put {0} back on top of the player deck",
    Verb.REVOLT: "resolve the next Revolt",
    Verb.INVADE: "reveal the next barbarian card",
    Verb.DISCARD: "discard {0} (hand limit)",
    Verb.MARCH: "march to {0}",
    Verb.SAIL: "sail to {0}",
    Verb.ESCORT: "lead a {0} barbarian along (Regina Foederata)",
    Verb.ESCORT_END: "lead no more barbarians",
    Verb.PAY: "discard {0}",
    Verb.FORTIFY: "fortify this city",
    Verb.RECRUIT_ARMY: "recruit an army",
    Verb.BATTLE: "battle with {0} dice",
    Verb.SET_DIE: "set a die to {0}",
    Verb.REMOVE: "remove a {0} barbarian",
    Verb.REGINA_ADD: "add {0} legions (Regina Foederata's special)",
    Verb.PLOT_GIVE: "plot: give {1} to seat {0}",
    Verb.PLOT_TAKE: "plot: take {1} from seat {0}",
    Verb.PLOT_STORE: "plot: put {0} in the treasury",
    Verb.PLOT_RETRIEVE: "plot: take {0} from the treasury",
    Verb.AGREE: "agree",
    Verb.REFUSE: "refuse",
    Verb.FORGE_ALLIANCE: "forge an alliance with the {0} tribe",
    Verb.ENLIST_BARBARIANS: "enlist the {0} barbarians here (the legions are asked next)",
    Verb.CONSUL_FORT: "add a legion in {0} (Consul)",
    Verb.CONSUL_HERE: "add a legion here (Consul)",
    Verb.MERCATOR_GIVE: "give {1} to seat {0} (Mercator)",
    Verb.MERCATOR_TAKE: "take {1} from seat {0} (Mercator)",
    Verb.CLASSIS_SAIL: "free sail to {0}",
    Verb.CLASSIS_RECRUIT: "recruit: discard {0}",
    Verb.FABRUM_FORT: "turn 2 legions into a fort (Praefectus Fabrum)",
    Verb.FABRUM_MOVE: "move to {0} (Fabrum)",
    Verb.PLAY: "play {0} ({1})",
    Verb.VESTALIS_DRAW: "discard {0} to draw an event (Vestalis)",
    Verb.DONE: "done",
    Verb.SWAP: "seats {0} and {1} swap a card",
    Verb.GIVE: "give {0}",
    Verb.CHOOSE_CITY: "choose {0}",
    Verb.FORT_CITY: "place a fort in {0}",
    Verb.FORT_FROM: "take the fort from {0}",
    Verb.MOVE_PAWN: "move {0} there",
    Verb.REINFORCE: "add legions in {0}",
    Verb.ADD: "add {0} legions",
    Verb.TAKE: "take {0} from the discard pile",
    Verb.REMOVE_CARD: "remove barbarian card {0} from the game",
    Verb.PLACE: "put barbarian card {0} next",
    Verb.REPLACE: "replace a {1} barbarian in {0} with a legion",
    Verb.REMOVE_CUBE: "remove a {1} barbarian from {0}",
    Verb.MOVE_TO: "move to {0}",
    Verb.SKIP_BATTLE: "skip the battle",
    Verb.LEGIONS: "take {0} legions along",
}


def describe(action: Action) -> str:
    """A short English description of ``action``, naming components as the rulebook does.

    >>> describe(Action(0, "march", ("Nova_Carthago",)))
    'seat 0: march to Nova Carthago'
    >>> describe(Action(1, "legions", (1,)))
    'seat 1: take 1 legion along'
    """
    template = _WORDS.get(action.verb)
    if template is None:
        return str(action)
    try:
        text = template.format(*map(word, action.args))
    except IndexError:
        text = str(action)
    return grammar(f"seat {action.player}: {text}")


# --- the event templates (data/messages.toml) and their namers ----------------------
def _names(cards: Any) -> str:
    return ", ".join(card_name(int(c)) for c in cards)


with (Path(__file__).parent / "data" / "messages.toml").open("rb") as _f:
    _MESSAGES = tomllib.load(_f)
register_messages(
    DOMAIN,
    {str(k): str(v) for k, v in _MESSAGES["events"].items()},
    {k: (lambda v, lang, f=f: f(v)) for k, f in {"city": lambda c: CITIES[int(c)].name, "colour": lambda t: COLOURS[int(t)],  # type: ignore[misc]
     "a_colour": lambda t: ("an " if COLOURS[int(t)][0] in "aeiou" else "a ") + COLOURS[int(t)],
     "tribe": lambda t: TRIBES[int(t)].name, "card": lambda c: card_name(int(c)), "cards": _names,
     "role": lambda r: ROLES[int(r)].name, "faces": lambda fs: ", ".join(FACE_WORDS[int(f)] for f in fs),
     "version": lambda d: "destabilizing" if d else "normal"}.items()},
)


SPLIT_VERSION = "0.3.0"
"""The engine version whose moves choose the destination, then the legions (issue 11)."""
EVENT_SPLIT_VERSION = "0.4.0"
"""The engine version whose event moves (Veni, Vidi, Vici's ``move_to``, Festina Lente's and
Si Vis Pacem's ``move_pawn``) choose the destination or pawn, then the legions, and whose Hic
Manebimus Optime chooses the fort city, then the legions added (issue 11)."""
_EVENT_SPLIT_VERBS: dict[str, str] = {str(v): str(Verb.LEGIONS) for v in EVENT_MOVE_VERBS}
_EVENT_SPLIT_VERBS[str(Verb.REINFORCE)] = str(Verb.ADD)
_MOVE_SPLIT_VERBS: dict[str, str] = {str(v): str(Verb.LEGIONS) for v in MOVE_VERBS}
_RECRUIT_SPLIT_VERBS: dict[str, str] = {str(v): str(Verb.ADD) for v in RECRUIT_VERBS}
ALL = "all"
"""``add all``: as many legions as the recruit may place (what ``enlist_barbarians <colour>`` and
``classis_recruit <card>`` of ludus 0.1.0 did; :func:`canonical` reads it against the state)."""


def upgrade(text: str, version: str) -> list[str]:
    """The actions that ``text`` of a record written by ludus ``version`` stands for now.

    Before :data:`SPLIT_VERSION` a move was one action ``<seat>:march <city> <legions>``
    (so ``sail``, ``classis_sail``, ``fabrum_move``), and before :data:`EVENT_SPLIT_VERSION`
    an event's move was ``<seat>:move_to <city> <legions>`` or ``<seat>:move_pawn <role>
    <legions>``; now each is the destination (or pawn) and then ``<seat>:legions <n>``. So
    Hic Manebimus Optime's ``<seat>:reinforce <city> <n>`` is now the city, then
    ``<seat>:add <n>``, and so are ``<seat>:enlist_barbarians <colour> <n>`` and
    ``<seat>:classis_recruit <card> <n>`` (0.2.0, 0.3.0): the colour or card, then ``add <n>``.
    Their 0.1.0 form without a count placed as many legions as it could: it becomes the colour
    or card, then ``add all`` (:func:`canonical` makes that count explicit against the state).
    Anything else stands for itself.

    >>> upgrade("0:march Roma 2", "0.1.0")
    ['0:march Roma', '0:legions 2']
    >>> upgrade("0:march Roma", "0.3.0")
    ['0:march Roma']
    >>> upgrade("1:move_pawn Consul 2", "0.3.0")
    ['1:move_pawn Consul', '1:legions 2']
    >>> upgrade("0:enlist_barbarians green 3", "0.3.0")
    ['0:enlist_barbarians green', '0:add 3']
    >>> upgrade("0:classis_recruit Tingi/black", "0.1.0")
    ['0:classis_recruit Tingi/black', '0:add all']
    """
    key = version_key(version)
    if key >= version_key(EVENT_SPLIT_VERSION):
        return [text]
    verbs = _EVENT_SPLIT_VERBS if key >= version_key(SPLIT_VERSION) else _MOVE_SPLIT_VERBS | _EVENT_SPLIT_VERBS
    seat, colon, rest = text.partition(":")
    words = rest.split()
    if colon and len(words) == 2 and words[0] in _RECRUIT_SPLIT_VERBS:  # 0.1.0: as many legions as possible
        return [text, f"{seat}:{Verb.ADD} {ALL}"]
    verbs = verbs | _RECRUIT_SPLIT_VERBS
    if not colon or len(words) != 3 or words[0] not in verbs or not words[2].isdigit():
        return [text]
    return [f"{seat}:{words[0]} {words[1]}", f"{seat}:{verbs[words[0]]} {words[2]}"]


_SAME_MOVE: dict[str, str] = {Verb.SAIL: Verb.FABRUM_MOVE, Verb.CLASSIS_SAIL: Verb.MARCH}


def canonical(s: FallOfRomeData, action: Action) -> Action:
    """``action`` with the legion count ``add all`` stands for, or the move that stands for
    an old one offered no more (other actions unchanged).

    Before the "up to" counts (ruling 31), ``enlist_barbarians <colour>`` and
    ``classis_recruit <card>`` placed as many legions as they could; records saved then
    upgrade to the colour or card and ``add all`` (:func:`upgrade`), which is read here as
    the most the pending recruit may place (a notation anyone may type). Before 0.4.0 Praefectus Fabrum could also
    sail where her own move goes, and Praefectus Classis sail to a port next to hers: such a
    ``sail`` is now her ``fabrum_move``, such a ``classis_sail`` a ``march``, and the Consul's
    ``consul_fort`` in her own city a ``consul_here`` (ruling 37).
    """
    verb, args = action.verb, action.args
    if len(args) != 1 or not isinstance(args[0], str) or not s.pawn_city:
        return action
    if verb == Verb.ADD and args[0] == ALL:
        top = s.pending[-1] if s.pending else None
        if isinstance(top, Legions) and top.what >= 0:
            return Action(action.player, verb, (top.most,))
        return action
    if verb in _SAME_MOVE and args[0] in TOKEN_CITY and s.phase == PHASE_ACTIONS:
        src, dest = s.pawn_city[s.cur], TOKEN_CITY[args[0]]
        role = s.roles[s.cur]
        if (verb == Verb.SAIL and role == R_PRAEFECTUS_FABRUM and (s.forts[src] or s.forts[dest])) or (
            verb == Verb.CLASSIS_SAIL and dest in NEIGHBOURS[src]
        ):
            return Action(action.player, _SAME_MOVE[verb], args)
        return action
    if verb == Verb.CONSUL_FORT and args[0] in TOKEN_CITY and TOKEN_CITY[args[0]] == s.pawn_city[s.cur]:
        return Action(action.player, Verb.CONSUL_HERE, ())
    return action


# --- what every component is and does ----------------------------------------------
_WHEN = {
    "any": "at any time (not between drawing a card and resolving it)",
    "actions": "during the current player's Do Actions step",
    "after_draw": "in the Draw step, after the cards are drawn and before the first invasion card",
    "after_battle": "right after a Battle that removed barbarians",
}


def _key(name: str) -> str:
    return " ".join(name.lower().replace("_", " ").replace("-", " ").split())


def _city_text(c: int) -> str:
    city = CITIES[c]
    roads = ", ".join(CITIES[n].name for n in NEIGHBOURS[c])
    sea = "a port: Sail reaches every other port" if PORT[c] else "not a port"
    paths = "; ".join(
        f"{TRIBES[n.tribe].name} ({COLOURS[n.tribe]}) from "
        + (CITIES[n.parent].name if n.parent >= 0 else "their supply space")
        for n in NODES if n.city == c
    )
    return (f"{city.name} (today {city.modern}; Polish {city.name_pl}) — city of colour "
            f"{', '.join(COLOURS[t] for t in city.colours)}, {sea}. Roads to: {roads}. "
            f"Migration paths into it: {paths or 'none'}.")


def _tribe_text(t: int) -> str:
    tribe = TRIBES[t]
    starts = [CITIES[n.city].name for n in NODES if n.tribe == t and n.parent < 0]
    cities = list(dict.fromkeys(CITIES[n.city].name for n in NODES if n.tribe == t))
    return (f"{tribe.name} (Polish {tribe.name_pl}) — the {tribe.colour} tribe ({tribe.colour_pl}), "
            f"{tribe.cubes} cubes. Forge Alliance costs {tribe.alliance_cost} {tribe.colour} city cards. "
            f"Its migration paths start from its supply space into {', '.join(starts)} and run through "
            f"{', '.join(cities)}. If its supply runs out of cubes, the players lose.")


def _card_texts(card: int) -> str:
    node = NODES[card]
    city, tribe = CITIES[node.city].name, TRIBES[node.tribe]
    before = CITIES[node.parent].name if node.parent >= 0 else "their supply space"
    frame = {"red": " (red frame: a Roma card)", "gold": " (gold frame: a starting card)"}.get(node.frame, "")
    return (f"City card {card_name(card)} — a player card of colour {tribe.colour} naming {city}; "
            f"it is discarded to pay for actions that ask a card of its colour or city.\n"
            f"Barbarian card {card_name(card)}{frame} — when revealed, the {tribe.name} invade {city} "
            f"along their migration path (the previous city on it: {before}); a Revolt on it places 3 "
            f"{tribe.colour} cubes in {city}.")


def _event_text(e: int) -> str:
    event = EVENTS[e]
    text = (f"{event.name} — event card (\"{event.meaning}\"), played {_WHEN.get(event.when, event.when)}. "
            f"Normal: {event.normal}")
    if event.has_destabilizing:
        text += f" Destabilizing (first the decline marker moves 1 space): {event.destabilizing}"
    return text + ("" if event.solo else " Removed from the game in the solitaire challenge.")


def _role_text(r: int) -> str:
    role = ROLES[r]
    lines = [f"{role.name} — character."] + [f"- {a}" for a in role.abilities]
    lines.append(f"Special face of the battle die: {role.special}")
    lines += [f"(PL) - {a}" for a in role.abilities_pl] + [f"(PL) {role.special_pl}"]
    return "\n".join(lines)


_REVOLT_TEXT = ("Revolt (Polish Bunt) — when drawn: the invasion rate marker moves 1 space; the bottom "
                "barbarian card is drawn and 3 cubes of its colour are placed in its city, then it is "
                "discarded; the barbarian discard pile is shuffled and put on top of the barbarian deck. "
                "The Revolt card then goes back to the box.")


def _component_texts() -> dict[str, str]:
    out: dict[str, str] = {}
    for t in range(NT):
        for name in (TRIBES[t].name, TRIBES[t].name_pl, COLOURS[t], TRIBES[t].colour_pl):
            out[_key(name)] = _tribe_text(t)
    for c in range(len(CITIES)):
        out[_key(CITIES[c].name)] = out[_key(CITIES[c].name_pl)] = _city_text(c)
    for card in range(N_CITY_CARDS):
        out[_key(CARD_TOKENS[card])] = out[_key(card_name(card))] = _card_texts(card)
    for e, event in enumerate(EVENTS):
        for name in (event.id, event.name, event.name_pl, event.name.replace(",", "")):
            out[_key(name)] = _event_text(e)
    for r, role in enumerate(ROLES):
        out[_key(role.id)] = out[_key(role.name_pl)] = _role_text(r)
    out["revolt"] = out["bunt"] = _REVOLT_TEXT
    return out


COMPONENT_TEXTS: dict[str, str] = _component_texts()
"""Every component's text by its names (:func:`component_text`)."""


def component_text(name: str) -> str | None:
    """What the component called ``name`` is and does (any case, spaces or underscores).

    >>> component_text("praefectus fabrum").splitlines()[0]
    'Praefectus Fabrum — character.'
    >>> component_text("Nova_Carthago") == component_text("nova carthago")
    True
    """
    return COMPONENT_TEXTS.get(_key(name))


PORTS_TEXT = ", ".join(CITIES[c].name for c in PORT_CITIES)
"""The ports, by name (every one reaches every other by Sail)."""
