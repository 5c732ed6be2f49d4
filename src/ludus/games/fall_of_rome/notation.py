"""Action notation and names: the generic ``<seat>:<verb> <args>`` notation is used as it
is (cities ``Nova_Carthago``, city cards ``Aquileia/white``, events by their Latin id,
colours ``orange black green white blue``); this module turns an action into words with
the rulebook's names (:func:`describe`), says what a component is and does
(:func:`component_text`), reads the forms of ludus 0.1.0 that had no legion count
(:func:`canonical`) and upgrades old moves (:func:`upgrade`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from ludus.core.actions import Action
from ludus.core.api import Outcome
from ludus.core.i18n import N_, Lang, get_lang
from ludus.core.record import version_key
from ludus.games.fall_of_rome.components import (
    CARD_TOKENS,
    CITIES,
    COLOUR_INDEX,
    COLOURS,
    DOMAIN,
    ENGLISH,
    EVENT_MOVE_VERBS,
    EVENTS,
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
    REVOLT,
    ROLES,
    TOKEN_CITY,
    TRIBES,
    Termination,
    Verb,
    card_name,
    city_name,
    colour_name,
    tribe_name,
    word,
)
from ludus.games.fall_of_rome.decisions import Legions
from ludus.games.fall_of_rome.state import FallOfRomeData
from ludus.games.fall_of_rome.words import MESSAGES, PALETTE

_LABELS: dict[str, Any] = MESSAGES["labels"]
"""The English label of each verb (a msgid; a table ``{one, other, n}`` counts argument ``n``)."""
_SEAT_ARGS: dict[str, tuple[int, ...]] = {
    "plot_give": (0,),
    "plot_take": (0,),
    "mercator_give": (0,),
    "mercator_take": (0,),
    "swap": (0, 1),
}
"""The arguments that are seats, named as the reader knows them (``lang.player``)."""


def describe(action: Action, state: FallOfRomeData | None = None, lang: Lang = ENGLISH) -> str:
    """``action`` in words in ``lang``, naming components as the rulebook does (the menu is the
    seat's own, so the label does not name the seat; nor does it depend on ``state``).

    >>> describe(Action(0, "march", ("Nova_Carthago",)))
    'march to Nova Carthago'
    >>> describe(Action(1, "legions", (1,)))
    'take 1 legion along'
    """
    template = _LABELS.get(action.verb)
    if template is None:
        return str(action)
    if isinstance(template, dict):
        one, other, n = template["one"], template["other"], int(action.args[int(template["n"])])
        text = lang.ngettext(one, other, n)
    else:
        text = lang.gettext(template)
    seats = _SEAT_ARGS.get(action.verb, ())
    try:
        return text.format(
            *(lang.player(int(arg)) if k in seats else word(arg, lang) for k, arg in enumerate(action.args))
        )
    except IndexError:
        return str(action)


_REASONS: dict[str, str] = MESSAGES["reasons"]


def outcome_text(outcome: Outcome, lang: Lang = ENGLISH) -> str:
    """How the game ended in ``lang`` (``outcome.reason`` stays English in records).

    >>> from ludus.core.api import Outcome
    >>> outcome_text(Outcome((0.0,), (1,), (), "no black cubes left in the supply",
    ...                      termination="out_of_cubes"))
    'no black cubes left in the supply'
    """
    key = str(outcome.termination)
    if key == Termination.ALL_TRIBES_SUBDUED:
        key = "win"
    template = _REASONS.get(key)
    if template is None:
        return lang.gettext(outcome.reason)
    words = outcome.reason.split()
    colour = COLOUR_INDEX.get(words[1] if len(words) > 1 else "", -1)
    return lang.gettext(template).format(colour=colour_name(colour, lang) if colour >= 0 else "")


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
    verbs = (
        _EVENT_SPLIT_VERBS if key >= version_key(SPLIT_VERSION) else _MOVE_SPLIT_VERBS | _EVENT_SPLIT_VERBS
    )
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
    the most the pending recruit may place (a notation anyone may type). Before 0.4.0 Praefectus
    Fabrum could also sail where her own move goes, and Praefectus Classis sail to a port next to hers: such a
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
    "any": N_("at any time (not between drawing a card and resolving it)"),
    "actions": N_("during the current player's Do Actions step"),
    "after_draw": N_("in the Draw step, after the cards are drawn and before the first invasion card"),
    "after_battle": N_("right after a Battle that removed barbarians"),
}


def _key(name: str) -> str:
    return " ".join(name.lower().replace("_", " ").replace("-", " ").split())


def _city_text(c: int, lang: Lang) -> str:
    _ = lang.gettext
    city = CITIES[c]
    paths = [
        (
            _("{tribe} ({colour}) from {city}")
            if n.parent >= 0
            else _("{tribe} ({colour}) from their supply space")
        ).format(
            tribe=tribe_name(n.tribe, lang),
            colour=colour_name(n.tribe, lang),
            city=city_name(n.parent, lang) if n.parent >= 0 else "",
        )
        for n in NODES
        if n.city == c
    ]
    return _(
        "{city} (today {modern}) — a city of colour {colours}; {sea}. Roads to: {roads}. "
        "Migration paths into it: {paths}."
    ).format(
        city=city_name(c, lang),
        modern=_(city.modern),
        colours=lang.join([colour_name(t, lang) for t in city.colours]),
        sea=_("a port: Sail reaches every other port") if PORT[c] else _("not a port"),
        roads=lang.join([city_name(n, lang) for n in NEIGHBOURS[c]]),
        paths="; ".join(paths),
    )


def _tribe_text(t: int, lang: Lang) -> str:
    tribe = TRIBES[t]
    starts = [city_name(n.city, lang) for n in NODES if n.tribe == t and n.parent < 0]
    cities = list(dict.fromkeys(city_name(n.city, lang) for n in NODES if n.tribe == t))
    return lang.gettext(
        "{tribe} — the {colour} tribe. Cubes: {cubes}. Forge an alliance: discard city cards of its colour "
        "(number: {cost}). Its migration paths start from its supply space into {starts} and run through "
        "{cities}. If its supply runs out of cubes, the players lose."
    ).format(
        tribe=tribe_name(t, lang),
        colour=colour_name(t, lang),
        cubes=tribe.cubes,
        cost=tribe.alliance_cost,
        starts=lang.join(starts),
        cities=lang.join(cities),
    )


_FRAMES = {"red": N_("red frame: a Roma card"), "gold": N_("gold frame: a starting card")}


def _card_texts(card: int, lang: Lang) -> str:
    _ = lang.gettext
    node = NODES[card]
    city, colour, name = city_name(node.city, lang), colour_name(node.tribe, lang), card_name(card, lang)
    before = city_name(node.parent, lang) if node.parent >= 0 else _("their supply space")
    frame = f" ({_(_FRAMES[node.frame])})" if node.frame in _FRAMES else ""
    return "\n".join(
        (
            _(
                "City card {card} — a player card of colour {colour} naming {city}; "
                "it is discarded to pay for actions that ask a card of its colour or city."
            ).format(card=name, colour=colour, city=city),
            _(
                "Barbarian card {card}{frame} — when revealed, the {tribe} invade {city} "
                "along their migration path (the previous city on it: {before}); "
                "a Revolt on it places 3 cubes ({colour}) in {city}."
            ).format(
                card=name,
                frame=frame,
                tribe=tribe_name(node.tribe, lang),
                city=city,
                before=before,
                colour=colour,
            ),
        )
    )


def _event_text(e: int, lang: Lang) -> str:
    _ = lang.gettext
    event = EVENTS[e]
    text = _("{name} — event card (“{meaning}”), played {when}. Normal version: {normal}").format(
        name=event.name, meaning=_(event.meaning), when=_(_WHEN[event.when]), normal=_(event.normal)
    )
    if event.has_destabilizing:
        text += " " + _("Destabilizing version (first the decline marker moves 1 space): {effect}").format(
            effect=_(event.destabilizing)
        )
    return text if event.solo else text + " " + _("Removed from the game in the solitaire challenge.")


def _role_text(r: int, lang: Lang) -> str:
    _ = lang.gettext
    role = ROLES[r]
    lines = [_("{role} — character.").format(role=role.name)] + [f"- {_(a)}" for a in role.abilities]
    lines.append(_("Special face of the battle die: {effect}").format(effect=_(role.special)))
    return "\n".join(lines)


_REVOLT_TEXT = N_(
    "Revolt — when drawn: the invasion rate marker moves 1 space; the bottom barbarian card is "
    "drawn and 3 cubes of its colour are placed in its city, then it is discarded; the barbarian "
    "discard pile is shuffled and put on top of the barbarian deck. The Revolt card then goes "
    "back to the box."
)
_Maker = Callable[[int, Lang], str]


@cache
def _index(code: str) -> dict[str, tuple[_Maker, int]]:
    """Every component by each of its names: English, Polish data, and the names in ``code``."""
    lang = get_lang(code).for_domain(DOMAIN)
    out: dict[str, tuple[_Maker, int]] = {}
    for t in range(NT):
        for name in (
            TRIBES[t].name,
            TRIBES[t].name_pl,
            COLOURS[t],
            TRIBES[t].colour_pl,
            tribe_name(t, lang),
            colour_name(t, lang),
        ):
            out[_key(name)] = (_tribe_text, t)
    for c in range(len(CITIES)):
        for name in (CITIES[c].name, CITIES[c].name_pl, city_name(c, lang)):
            out[_key(name)] = (_city_text, c)
    for card in range(N_CITY_CARDS):
        for name in (CARD_TOKENS[card], card_name(card), card_name(card, lang)):
            out[_key(name)] = (_card_texts, card)
    for e, event in enumerate(EVENTS):
        for name in (event.id, event.name, event.name_pl, event.name.replace(",", "")):
            out[_key(name)] = (_event_text, e)
    for r, role in enumerate(ROLES):
        out[_key(role.id)] = out[_key(role.name_pl)] = (_role_text, r)
    for name in ("revolt", "bunt", card_name(REVOLT, lang)):
        out[_key(name)] = (_revolt_text, 0)
    return out


def _revolt_text(_unused: int, lang: Lang) -> str:
    return lang.gettext(_REVOLT_TEXT)


def component_text(name: str, lang: Lang = ENGLISH) -> str | None:
    """What the component called ``name`` (in English or in ``lang``; any case, spaces or
    underscores) is and does, in ``lang``.

    >>> component_text("praefectus fabrum").splitlines()[0]
    'Praefectus Fabrum — character.'
    >>> component_text("Nova_Carthago") == component_text("nova carthago")
    True
    """
    found = _index(lang.code).get(_key(name))
    return None if found is None else found[0](found[1], lang)


PORTS_TEXT = ", ".join(CITIES[c].name for c in PORT_CITIES)
"""The ports, by name (every one reaches every other by Sail)."""


__all__ = ["PALETTE", "canonical", "component_text", "describe", "outcome_text", "upgrade"]
