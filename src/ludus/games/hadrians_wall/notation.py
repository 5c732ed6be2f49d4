"""Action notation: the generic ``<seat>:<verb> <args>``, a canonical form for map cells, labels.

A Scouting pattern's cells may be typed in any order (``place a4.a3.b3.b2``, ``turn
a2.a1.b2.b3``); they are put in the one canonical order (row by row, ``b2.a3.b3.a4``) so the
parsed action equals the legal one.
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.errors import N_
from ludus.core.i18n import Lang
from ludus.core.record import version_key

from .components import (
    AREA_NAMES,
    ATTRIBUTE_INDEX,
    ATTRIBUTE_NAMES,
    BATHS_BOXES,
    BATHS_RESOURCES,
    BUILDINGS,
    CITIZEN_INDEX,
    CITIZEN_NAMES,
    COHORT_INDEX,
    COURT_BOXES,
    EN_KEY,
    ENGLISH,
    FATE_CARDS,
    GLADIATOR_INDEX,
    ITEM_INDEX,
    ITEM_NAMES,
    MARKET_HEXAGONS,
    PLAYER_CARD_INDEX,
    PLAYER_CARDS,
    TEXTS,
    THEATRE_BOXES,
    THEATRE_REWARDS,
    Verb,
    attribute_name,
    baths_box_words,
    building_name,
    card_id_name,
    card_name,
    cells_mask,
    citizen_name,
    cohort_name,
    counts_words,
    court_box_words,
    gladiator_name,
    item_count,
    market_box_words,
    mask_token,
    reward_words,
    shape_of,
    shape_words,
    source_words,
    theatre_box_words,
)
from .rules.general import source_card
from .scoring import outcome_text
from .state import HadriansWallData
from .words import PALETTE

__all__ = [
    "PALETTE",
    "canonical",
    "component_names",
    "component_text",
    "describe",
    "describe_component",
    "find_component",
    "outcome_text",
    "upgrade",
]

_LABELS: dict[str, str] = {
    Verb.END: N_("end the Year"),
    Verb.MINE: N_("Mining & Foresting"),
    Verb.GUARD: N_("Wall Guard (1 Soldier)"),
    Verb.TRAIN: N_("Training Grounds (1 Builder): a Sword for the Wall Guard"),
    Verb.WALL: N_("Wall (1 Resource)"),
    Verb.CIPPI: N_("Cippi (1 Resource)"),
    Verb.DEFEND: N_("spend no more Favours"),
}
"""The labels of actions without arguments (msgids: translated where shown)."""


def canonical(action: Action) -> Action:
    """``action`` with its map cells in canonical order (other actions unchanged).

    >>> str(canonical(Action(0, "place", ("a4.a3.b3.b2",))))
    '0:place b2.a3.b3.a4'
    """
    if action.verb in (Verb.PLACE, Verb.TURN) and len(action.args) == 1 and isinstance(action.args[0], str):
        mask = cells_mask(action.args[0])
        if mask:
            token = mask_token(mask)
            if token != action.args[0]:
                return Action(action.player, action.verb, (token,))
    return action


SPLIT_VERSION = "0.4.0"
"""The engine version whose Market purchase chooses the source, then the hexagon, and whose
Scouting turns the pattern, then places it (issue 11)."""


def upgrade(text: str, version: str) -> list[str]:
    """The actions that ``text`` of a record written by ludus ``version`` stands for now.

    Before :data:`SPLIT_VERSION` a Market purchase was one action ``<seat>:buy <source>
    <hexagon>``, now ``<seat>:buy <source>`` and then ``<seat>:hexagon <hexagon>`` (ruling 18);
    a pattern was placed in one action ``<seat>:place <cells>``, now ``<seat>:turn <shape>``
    (the cells moved to the corner a1) and then the same ``place`` (ruling 21). Anything
    else stands for itself.

    >>> upgrade("0:buy deck A1", "0.1.0")
    ['0:buy deck', '0:hexagon A1']
    >>> upgrade("1:place c2.c3.d3.d4", "0.3.0")
    ['1:turn a1.a2.b2.b3', '1:place c2.c3.d3.d4']
    >>> upgrade("0:buy deck", "0.4.0"), upgrade("0:end", "0.1.0")
    (['0:buy deck'], ['0:end'])
    """
    if version_key(version) >= version_key(SPLIT_VERSION):
        return [text]
    seat, colon, rest = text.partition(":")
    words = rest.split()
    if colon and len(words) == 3 and words[0] == Verb.BUY:
        return [f"{seat}:{Verb.BUY} {words[1]}", f"{seat}:{Verb.HEXAGON} {words[2]}"]
    if colon and len(words) == 2 and words[0] == Verb.PLACE:
        mask = cells_mask(words[1])
        if mask:
            return [f"{seat}:{Verb.TURN} {mask_token(shape_of(mask))}", text]
    return [text]


def _one(item: str, lang: Lang, n: int = 1) -> str:
    return item_count(ITEM_INDEX[item], n, lang)


def _source(state: HadriansWallData | None, player: int, source: str, lang: Lang) -> str:
    """A Prospect card a purchase or a scouting uses, by name when the state is given."""
    index = int(source[1:]) if source[1:].isdigit() else -1
    if (
        state is None
        or (source[0] == "n" and index >= len(state.neutral))
        or (source[0] == "p" and index >= len(state.boards))
    ):
        return source_words(source, lang)
    card = source_card(state, player, source)
    if card < 0:
        return source_words(source, lang)
    return lang.gettext("{card}, {source}").format(
        card=card_name(card, lang), source=source_words(source, lang)
    )


def describe(action: Action, state: HadriansWallData | None = None, lang: Lang = ENGLISH) -> str:
    """A readable label for an action in ``lang``, in the rulebook's words (no ids, no box codes).

    ``state`` (optional) names the Prospect card a Market purchase or a scouting uses.

    >>> describe(Action(0, "build", ("medium_granary",)))
    'build the Medium Granary'
    >>> describe(Action(0, "forum", ("servant", "servant", "builder")))
    'Forum: return 2 Servants for 1 Builder'
    """
    verb, args = action.verb, action.args
    _ = lang.gettext
    label = _LABELS.get(verb)
    if label is not None:
        return _(label)
    a = [str(x) for x in args]
    if verb == Verb.BUILD:
        return _("build the {building}").format(building=building_name(a[0], lang))
    if verb == Verb.PATH:
        return _("keep {card} as Path (the other card is your Prospect)").format(
            card=card_id_name(a[0], lang)
        )
    if verb == Verb.FORT:
        return _("Fort ({worker})").format(worker=_one(a[0], lang))
    if verb == Verb.FORUM:
        paid = _one(a[0], lang, 2) if a[0] == a[1] else lang.join([_one(a[0], lang), _one(a[1], lang)])
        return _("Forum: return {paid} for {gained}").format(paid=paid, gained=_one(a[2], lang))
    if verb == Verb.CITIZEN:
        return _("Citizen track: 1 Civilian fills the next box of {citizen}").format(
            citizen=citizen_name(CITIZEN_INDEX[a[0]], lang)
        )
    if verb == Verb.BUY:
        if a[0] == "deck":
            return _("Market (1 Resource): a Trade Good from the Fate deck")
        return _("Market (1 Resource): the Trade Good of {source}").format(
            source=_source(state, action.player, a[0], lang)
        )
    if verb == Verb.HEXAGON:
        return _("write the Trade Good into {hexagon}").format(
            hexagon=market_box_words(MARKET_HEXAGONS.index(a[0]), lang)
        )
    if verb == Verb.PERFORM:
        k = THEATRE_BOXES.index(a[0])
        return _("Theatre (1 Resource): the performance {box}: {rewards}").format(
            box=theatre_box_words(k, lang), rewards=reward_words(THEATRE_REWARDS[k], lang)
        )
    if verb == Verb.TRAIN_GLADIATOR:
        return _("Ludus: train the {gladiator} ({worker})").format(
            gladiator=gladiator_name(GLADIATOR_INDEX[a[0]], lang), worker=_one(a[1], lang)
        )
    if verb == Verb.BATTLE:
        return _("Ludus: the {gladiator} battles (a Fate card deals its damage)").format(
            gladiator=gladiator_name(GLADIATOR_INDEX[a[0]], lang)
        )
    if verb == Verb.TEMPLE:
        return _("Temples: fill the next box ({worker})").format(worker=_one(a[0], lang))
    if verb == Verb.BRIBE:
        k = BATHS_BOXES.index(a[0])
        n = BATHS_RESOURCES[k]
        return lang.ngettext(
            "Baths ({n} Resource): cross out 1 Disdain, {box}",
            "Baths ({n} Resources): cross out 1 Disdain, {box}",
            n,
        ).format(n=n, box=baths_box_words(k, lang))
    if verb == Verb.RULING:
        return _("Courthouse: {ruling}").format(ruling=court_box_words(COURT_BOXES.index(a[0]), lang))
    if verb == Verb.DIPLOMAT:
        return _("Diplomats: send a Diplomat to the {cohort} Cohort").format(
            cohort=cohort_name(COHORT_INDEX[a[0]], lang)
        )
    if verb == Verb.SCOUT:
        return _("Scouting (1 Soldier): the pattern of {source}").format(
            source=_source(state, action.player, a[0], lang)
        )
    if verb == Verb.TURN:
        return _("turn the pattern so: {shape}").format(shape=shape_words(cells_mask(a[0]) or 0))
    if verb == Verb.PLACE:
        return _("place the pattern on map cells {cells}").format(cells=a[0].replace(".", ", "))
    if verb == Verb.COHORT:
        return _("fill a box of the {cohort} Cohort").format(cohort=cohort_name(COHORT_INDEX[a[0]], lang))
    if verb == Verb.ATTRIBUTE:
        return _("+1 {attribute}").format(attribute=attribute_name(ATTRIBUTE_INDEX[a[0]], lang))
    if verb == Verb.FAVOUR:
        favour = lang.gettext("Temple") if a[0] == "temple" else lang.gettext("Diplomat")
        return _("spend a {favour} Favour: ignore a Pict card attacking the {cohort} Cohort").format(
            favour=favour, cohort=cohort_name(COHORT_INDEX[a[1]], lang)
        )
    return f"{verb} " + " ".join(a)


# --- what every component does ("show NAME") ----------------------------------------------
# A component id is ``<kind>:<key>``: item:soldier, area:wall_guard, building:market,
# card:architect, fate:12 (Fate cards 1-48), other:pict_attack (other:fate, other:neutral,
# other:favour, other:player_card).
_OTHER_NAMES = {
    "fate": N_("Fate card"),
    "pict_attack": N_("Pict attack"),
    "neutral": N_("Neutral card"),
    "favour": N_("Favour"),
    "player_card": N_("Player card"),
}
_EXTRA_AREA_NAMES = {"market_goods": N_("Trade Goods")}


def _area_name(key: str) -> str:
    for table in (AREA_NAMES, ATTRIBUTE_NAMES, CITIZEN_NAMES):
        if key in table:
            return table[key]["en"]
    return _EXTRA_AREA_NAMES[key]


def component_names(lang: Lang = ENGLISH) -> dict[str, str]:
    """Every component id with its display name in ``lang`` (the rulebook's words).

    >>> component_names()["building:ludus"], component_names()["fate:12"]
    ('Ludus Gladiatorious', 'Fate card 12')
    """
    _ = lang.gettext
    names = {f"item:{k}": _(ITEM_NAMES[k][EN_KEY]) for k in TEXTS["items"]}
    names.update({f"area:{k}": _(_area_name(k)) for k in TEXTS["areas"]})
    names.update({f"building:{k}": building_name(k, lang) for k in BUILDINGS})
    names.update({f"card:{c.id}": card_name(c.index, lang) for c in PLAYER_CARDS})
    names.update(
        {f"fate:{c.index + 1}": _("Fate card {number}").format(number=c.index + 1) for c in FATE_CARDS}
    )
    names.update({f"other:{k}": _(v) for k, v in _OTHER_NAMES.items()})
    return names


def _text(entry: dict[str, str], lang: Lang) -> str:
    return lang.gettext(entry[EN_KEY])


def _requirement(key: str, lang: Lang) -> str:
    b = BUILDINGS[key]
    what = b.requirement
    _ = lang.gettext
    if what == "infrastructure":
        track = _("Infrastructure")
    elif what in CITIZEN_NAMES:
        track = citizen_name(CITIZEN_INDEX[what], lang)
    else:
        track = attribute_name(ATTRIBUTE_INDEX[what], lang)
    need = _("{track} at least {n}").format(track=track, n=b.at_least)
    if b.after:
        return _("needs {need}, after the {building}").format(
            need=need, building=building_name(b.after, lang)
        )
    return _("needs {need}").format(need=need)


def describe_component(component: str, lang: Lang = ENGLISH) -> str:
    """What the component ``component`` (an id of :func:`component_names`) is and does, in ``lang``.

    >>> print(describe_component("card:forager").splitlines()[0])
    Forager (Player card). Path: 1, 2 or 3 VP for 3, 6 or 9 filled Resource Production circles.
    """
    kind, _sep, key = component.partition(":")
    _ = lang.gettext
    name = component_names(lang)[component]
    if kind == "item":
        return _text(TEXTS["items"][key], lang)
    if kind == "area":
        return _text(TEXTS["areas"][key], lang)
    if kind == "building":
        b = BUILDINGS[key]
        gains = (
            _("; when built: {rewards}").format(rewards=reward_words(b.rewards, lang)) if b.rewards else ""
        )
        if b.sheet == "left":
            text = _("{name} (a building of the left sheet; {requirement}; costs {cost}{gains}). {text}")
        else:
            text = _("{name} (a building of the right sheet; {requirement}; costs {cost}{gains}). {text}")
        return text.format(
            name=name,
            requirement=_requirement(key, lang),
            cost=counts_words(b.cost, lang),
            gains=gains,
            text=_text(TEXTS["buildings"][key], lang),
        )
    if kind == "card":
        c = PLAYER_CARDS[PLAYER_CARD_INDEX[key]]
        prospect = _("Prospect: income {income}; Trade Good {good}; Scouting pattern {pattern}.").format(
            income=counts_words(c.income, lang), good=c.good, pattern=c.pattern
        )
        return _("{name} (Player card). {path}").format(name=name, path=_text(TEXTS["cards"][key], lang)) + (
            f"\n{prospect}\n{_text(TEXTS['cards']['general'], lang)}"
        )
    if kind == "fate":
        f = FATE_CARDS[int(key) - 1]
        text = _(
            "{name}: attacks the {cohort} Cohort as a Pict card; gladiator damage {damage}; "
            "Trade Good {good}; Year income {income}."
        ).format(
            name=name,
            cohort=cohort_name(f.attack, lang),
            damage=f.damage,
            good=f.good,
            income=counts_words(f.income, lang),
        )
        return f"{text}\n{_text(TEXTS['other']['fate'], lang)}"
    if key == "player_card":
        return _text(TEXTS["cards"]["general"], lang)
    return _text(TEXTS["other"][key], lang)


def _normal(name: str) -> str:
    return " ".join(name.replace("_", " ").replace(":", " ").casefold().split())


def find_component(name: str, lang: Lang = ENGLISH) -> list[str]:
    """The component ids whose name in English or in ``lang`` (or id, or key) is ``name``: any
    case, spaces or underscores.

    >>> find_component("wall_guard"), find_component("MARKET")
    (['area:wall_guard'], ['area:market', 'building:market'])
    """
    wanted = _normal(name)
    if not wanted:
        return []
    local = component_names(lang) if lang.code != "en" else {}
    found = []
    for component, display in component_names().items():
        key = component.partition(":")[2]
        if wanted in (
            _normal(display),
            _normal(component),
            _normal(key),
            _normal(local.get(component, display)),
        ):
            found.append(component)
    return found


def component_text(name: str, lang: Lang = ENGLISH) -> str | None:
    """What the component called ``name`` (in English or in ``lang``) does, in ``lang``
    (``show NAME``; every component of that name, see :func:`find_component`); None: unknown."""
    found = find_component(name, lang)
    if not found:
        return None
    return "\n\n".join(describe_component(c, lang) for c in found)
