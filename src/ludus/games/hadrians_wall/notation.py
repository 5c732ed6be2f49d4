"""Action notation: the generic ``<seat>:<verb> <args>``, a canonical form for map cells, labels.

A Scouting pattern's cells may be typed in any order (``place a4.a3.b3.b2``, ``turn
a2.a1.b2.b3``); they are put in the one canonical order (row by row, ``b2.a3.b3.a4``) so the
parsed action equals the legal one.
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.record import version_key

from .components import (
    AREA_NAMES,
    ATTRIBUTE_NAMES,
    BATHS_BOXES,
    BATHS_RESOURCES,
    BUILDINGS,
    CITIZEN_NAMES,
    COHORTS,
    COURT_BOXES,
    FATE_CARDS,
    ITEM_INDEX,
    ITEM_NAMES,
    MARKET_HEXAGONS,
    PLAYER_CARD_INDEX,
    PLAYER_CARDS,
    TEXTS,
    THEATRE_BOXES,
    THEATRE_REWARDS,
    Verb,
    baths_box_words,
    cells_mask,
    counts_words,
    court_box_words,
    item_word,
    market_box_words,
    mask_token,
    reward_words,
    shape_of,
    shape_words,
    source_words,
    theatre_box_words,
)
from .rules.general import source_card
from .state import HadriansWallData

__all__ = ["canonical", "component_names", "describe", "describe_component", "find_component", "upgrade"]

_LABELS: dict[str, str] = {
    Verb.END: "end the Year",
    Verb.MINE: "Mining & Foresting",
    Verb.GUARD: "Wall Guard (1 Soldier)",
    Verb.TRAIN: "Training Grounds (1 Builder): a Sword for the Wall Guard",
    Verb.WALL: "Wall (1 Resource)",
    Verb.CIPPI: "Cippi (1 Resource)",
    Verb.DEFEND: "spend no more Favours",
}


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


def _counted(i: int, n: int = 1) -> str:
    return f"{n} {item_word(i, n)}"


def _source(state: HadriansWallData | None, player: int, source: str) -> str:
    """A Prospect card a purchase or a scouting uses, by name when the state is given."""
    index = int(source[1:]) if source[1:].isdigit() else -1
    if state is None or (source[0] == "n" and index >= len(state.neutral)) or (
            source[0] == "p" and index >= len(state.boards)):
        return source_words(source)
    card = source_card(state, player, source)
    return f"{PLAYER_CARDS[card].names['en']}, {source_words(source)}" if card >= 0 else source_words(source)


def describe(action: Action, state: HadriansWallData | None = None) -> str:
    """A readable label for an action, in the rulebook's words (no ids, no box codes).

    ``state`` (optional) names the Prospect card a Market purchase or a scouting uses.

    >>> describe(Action(0, "build", ("medium_granary",)))
    'build the Medium Granary'
    >>> describe(Action(0, "forum", ("servant", "servant", "builder")))
    'Forum: return 2 Servants for 1 Builder'
    """
    verb, args = action.verb, action.args
    label = _LABELS.get(verb)
    if label is not None:
        return label
    a = [str(x) for x in args]
    if verb == Verb.BUILD:
        return f"build the {BUILDINGS[a[0]].names['en']}"
    if verb == Verb.PATH:
        card = PLAYER_CARDS[PLAYER_CARD_INDEX[a[0]]].names["en"]
        return f"keep {card} as Path (the other card is your Prospect)"
    if verb == Verb.FORT:
        return f"Fort ({_counted(ITEM_INDEX[a[0]])})"
    if verb == Verb.FORUM:
        x, y, g = (ITEM_INDEX[w] for w in a)
        paid = _counted(x, 2) if x == y else f"{_counted(x)} and {_counted(y)}"
        return f"Forum: return {paid} for {_counted(g)}"
    if verb == Verb.CITIZEN:
        name = CITIZEN_NAMES[a[0]]["en"]
        return f"Citizen track: 1 Civilian for {'an' if name[0] in 'AEIOU' else 'a'} {name} box"
    if verb == Verb.BUY:
        if a[0] == "deck":
            return "Market (1 Resource): a Trade Good from the Fate deck"
        return f"Market (1 Resource): the Trade Good of {_source(state, action.player, a[0])}"
    if verb == Verb.HEXAGON:
        return f"write the Trade Good into {market_box_words(MARKET_HEXAGONS.index(a[0]))}"
    if verb == Verb.PERFORM:
        k = THEATRE_BOXES.index(a[0])
        return f"Theatre (1 Resource): the performance {theatre_box_words(k)}: {reward_words(THEATRE_REWARDS[k])}"
    if verb == Verb.TRAIN_GLADIATOR:
        return f"Ludus: train the {a[0].title()} Gladiator ({_counted(ITEM_INDEX[a[1]])})"
    if verb == Verb.BATTLE:
        return f"Ludus: the {a[0].title()} Gladiator battles (a Fate card deals its damage)"
    if verb == Verb.TEMPLE:
        return f"Temples: fill the next box ({_counted(ITEM_INDEX[a[0]])})"
    if verb == Verb.BRIBE:
        k = BATHS_BOXES.index(a[0])
        return f"Baths ({BATHS_RESOURCES[k]} Resource{'s' if BATHS_RESOURCES[k] != 1 else ''}): cross out 1 Disdain, {baths_box_words(k)}"
    if verb == Verb.RULING:
        return f"Courthouse: {court_box_words(COURT_BOXES.index(a[0]))}"
    if verb == Verb.DIPLOMAT:
        return f"Diplomats: send a Diplomat to the {a[0].title()} Cohort"
    if verb == Verb.SCOUT:
        return f"Scouting (1 Soldier): the pattern of {_source(state, action.player, a[0])}"
    if verb == Verb.TURN:
        return f"turn the pattern so: {shape_words(cells_mask(a[0]) or 0)}"
    if verb == Verb.PLACE:
        return "place the pattern on map cells " + a[0].replace(".", ", ")
    if verb == Verb.COHORT:
        return f"fill a box of the {a[0].title()} Cohort"
    if verb == Verb.ATTRIBUTE:
        return f"+1 {ATTRIBUTE_NAMES[a[0]]['en']}"
    if verb == Verb.FAVOUR:
        return f"spend a {a[0].title()} Favour: ignore a Pict card attacking the {a[1].title()} Cohort"
    return f"{verb} " + " ".join(a)


# --- what every component does ("show NAME") ----------------------------------------------
# A component id is ``<kind>:<key>``: item:soldier, area:wall_guard, building:market,
# card:architect, fate:12 (Fate cards 1-48), other:pict_attack (other:fate, other:neutral,
# other:favour, other:player_card).
_OTHER_NAMES = {"fate": "Fate card", "pict_attack": "Pict attack", "neutral": "Neutral card",
                "favour": "Favour", "player_card": "Player card"}
_EXTRA_AREA_NAMES = {"market_goods": "Trade Goods"}


def _area_name(key: str) -> str:
    for table in (AREA_NAMES, ATTRIBUTE_NAMES, CITIZEN_NAMES):
        if key in table:
            return table[key]["en"]
    return _EXTRA_AREA_NAMES[key]


def component_names() -> dict[str, str]:
    """Every component id with its display name (the rulebook's English words).

    >>> component_names()["building:ludus"], component_names()["fate:12"]
    ('Ludus Gladiatorious', 'Fate card 12')
    """
    names = {f"item:{k}": ITEM_NAMES[k]["en"] for k in TEXTS["items"]}
    names.update({f"area:{k}": _area_name(k) for k in TEXTS["areas"]})
    names.update({f"building:{k}": b.names["en"] for k, b in BUILDINGS.items()})
    names.update({f"card:{c.id}": c.names["en"] for c in PLAYER_CARDS})
    names.update({f"fate:{c.index + 1}": f"Fate card {c.index + 1}" for c in FATE_CARDS})
    names.update({f"other:{k}": v for k, v in _OTHER_NAMES.items()})
    return names


def _text(entry: str | dict[str, str]) -> str:
    if isinstance(entry, str):
        return entry
    own = f"\n{entry['pl']} (rulebook, Polish)" if "pl" in entry else ""
    return entry["en"] + own


def _requirement(key: str) -> str:
    b = BUILDINGS[key]
    what = b.requirement
    if what == "infrastructure":
        need = f"Infrastructure {b.at_least}"
    elif what in CITIZEN_NAMES:
        need = f"{b.at_least} {CITIZEN_NAMES[what]['en']}"
    else:
        need = f"{ATTRIBUTE_NAMES[what]['en']} {b.at_least}"
    after = f", after the {BUILDINGS[b.after].names['en']}" if b.after else ""
    return f"needs {need}{after}"


def describe_component(component: str) -> str:
    """What the component ``component`` (an id of :func:`component_names`) is and does.

    >>> print(describe_component("card:forager").splitlines()[0])
    Forager (Player card). Path: 1, 2 or 3 VP for 3, 6 or 9 filled Resource Production circles.
    """
    kind, _, key = component.partition(":")
    name = component_names()[component]
    if kind == "item":
        return str(TEXTS["items"][key])
    if kind == "area":
        return str(TEXTS["areas"][key])
    if kind == "building":
        b = BUILDINGS[key]
        sheet = "left" if b.sheet == "left" else "right"
        gains = f"; when built: {reward_words(b.rewards)}" if b.rewards else ""
        return (f"{name} (a building of the {sheet} sheet; {_requirement(key)}; costs "
                f"{counts_words(b.cost)}{gains}). {TEXTS['buildings'][key]}")
    if kind == "card":
        c = PLAYER_CARDS[[p.id for p in PLAYER_CARDS].index(key)]
        prospect = (f"Prospect: income {counts_words(c.income)}; Trade Good {c.good}; "
                    f"Scouting pattern {c.pattern}.")
        return f"{name} (Player card). {_text(TEXTS['cards'][key])}\n{prospect}\n{TEXTS['cards']['general']}"
    if kind == "fate":
        f = FATE_CARDS[int(key) - 1]
        return (f"{name}: attacks the {COHORTS[f.attack].title()} Cohort as a Pict card; gladiator damage "
                f"{f.damage}; Trade Good {f.good}; Year income {counts_words(f.income)}.\n{TEXTS['other']['fate']}")
    if key == "player_card":
        return str(TEXTS["cards"]["general"])
    return str(TEXTS["other"][key])


def _normal(name: str) -> str:
    return " ".join(name.replace("_", " ").replace(":", " ").lower().split())


def find_component(name: str) -> list[str]:
    """The component ids whose display name (or id, or key) is ``name``: any case, spaces or underscores.

    >>> find_component("wall_guard"), find_component("MARKET")
    (['area:wall_guard'], ['area:market', 'building:market'])
    """
    wanted = _normal(name)
    if not wanted:
        return []
    found = []
    for component, display in component_names().items():
        key = component.partition(":")[2]
        if wanted in (_normal(display), _normal(component), _normal(key)):
            found.append(component)
    return found
