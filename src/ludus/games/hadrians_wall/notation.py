"""Action notation: the generic ``<seat>:<verb> <args>``, a canonical form for map cells, labels.

A Scouting pattern's cells may be typed in any order (``place a4.a3.b3.b2``); they are put
in the one canonical order (row by row, ``b2.a3.b3.a4``) so the parsed action equals the
legal one.
"""

from __future__ import annotations

from ludus.core.actions import Action

from .components import (
    AREA_NAMES,
    ATTRIBUTE_NAMES,
    BUILDINGS,
    CITIZEN_NAMES,
    COHORTS,
    FATE_CARDS,
    ITEM_NAMES,
    PLAYER_CARDS,
    TEXTS,
    Verb,
    cells_mask,
    counts_words,
    mask_token,
    reward_words,
)

__all__ = ["canonical", "component_names", "describe", "describe_component", "find_component"]

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
    if action.verb == Verb.PLACE and len(action.args) == 1 and isinstance(action.args[0], str):
        mask = cells_mask(action.args[0])
        if mask:
            token = mask_token(mask)
            if token != action.args[0]:
                return Action(action.player, action.verb, (token,))
    return action


def describe(action: Action) -> str:
    """A readable label for an action.

    >>> describe(Action(0, "build", ("medium_granary",)))
    'build the Medium Granary'
    """
    verb, args = action.verb, action.args
    label = _LABELS.get(verb)
    if label is not None:
        return label
    if verb == Verb.BUILD:
        return f"build the {BUILDINGS[str(args[0])].names['en']}"
    return f"{verb} " + " ".join(map(str, args))


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
