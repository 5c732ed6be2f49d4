"""Glory to Rome actions in words: :func:`describe`.

Every action is a :class:`ludus.core.actions.Action` in the generic
``<seat>:<verb> <args>`` notation (no parsing beyond it is needed); the frequent
ones are prebuilt once per game (:class:`~.components.ActionTable`).
"""

from __future__ import annotations

from ludus.core.actions import Action, Arg
from ludus.core.record import version_key
from ludus.games.glory_to_rome.components import (
    BUILDINGS,
    MATERIAL_NAMES,
    ROLE_INDEX,
    V_LEGACY_PETITION,
    V_PETITION,
)

SPLIT_VERSION = "0.4.0"
"""The engine version whose petitions choose the role, then the cards one by one (issue 11)."""

_NAMES = {b.slug: b.en for b in BUILDINGS}
_MATERIAL_OF = {b.slug: MATERIAL_NAMES[b.material] for b in BUILDINGS}
_PHRASES = {
    "think_jack": "think: take a Jack",
    "think_draw": "think: draw cards",
    "pass": "pass (forgo the remaining actions)",
    "next": "finish this action",
    "done": "stop playing cards (Palace)",
    "fountain": "draw the top card (Fountain)",
    "keep": "keep the Fountain card in hand",
    "hire_deck": "hire the top card of the deck (Bar)",
    "sell_deck": "put the top card of the deck into the vault (Atrium)",
    "vomitorium": "discard the whole hand (Vomitorium)",
    "sewer": "move the played Orders to the stockpile (Sewer)",
    "refuse": "refuse to give (Glory to Rome!)",
    "glory": "Glory to Rome! (no card of the demanded material)",
    "lay_continue": "finish laying the out-of-town foundation",
}


def with_article(word: str) -> str:
    """``word`` after "a" or "an" as English says it.

    >>> with_article("Atrium"), with_article("Bar")
    ('an Atrium', 'a Bar')
    """
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _word(arg: Arg) -> str:
    if isinstance(arg, int):
        return f"player {arg}"
    return _NAMES.get(arg, arg.replace("_", " ").capitalize() if arg not in ("in", "out") else arg)


def describe(action: Action) -> str:
    """A human-readable label, e.g. ``"lead Laborer with Road"``.

    >>> describe(Action(0, "lead", ("laborer", "road")))
    'lead Laborer with Road'
    """
    verb, args = action.verb, action.args
    if verb in _PHRASES:
        return _PHRASES[verb]
    words = [_word(a) for a in args]
    if verb == "lead":
        return f"lead {words[0]} with {'a Jack' if args[1] == 'jack' else words[1]}"
    if verb == "follow":
        return f"follow with {'a Jack' if args[0] == 'jack' else words[0]}"
    if verb == V_PETITION:
        if args[0] in ROLE_INDEX:
            return f"petition for {words[0]} (choose its cards next)"
        return f"play {words[0]} in the petition"
    if verb == V_LEGACY_PETITION:
        return f"petition for {words[0]}: play {words[1]}"
    if verb == "lay":
        where = "in town" if args[2] == "in" else "out of town"
        return f"lay {with_article(words[0])} foundation on {with_article(words[1])} site {where}"
    if verb == "build":
        if args[1] in _MATERIAL_OF:
            return f"add {words[1]} ({_MATERIAL_OF[args[1]]}) from hand to {words[0]}"
        return f"add {words[1]} from the stockpile to {words[0]}"
    if verb == "build_pool":
        return f"add {words[1]} from the pool to {words[0]} (Archway)"
    if verb in ("stairway", "stairway_pool"):
        src = " from the pool" if verb == "stairway_pool" else ""
        return f"add {words[2]}{src} to {words[1]} of {words[0]} (Stairway)"
    if verb == "demand":
        return f"demand {words[0]}" + (" (leave the pool card)" if len(args) > 1 else "")
    verbs = {
        "hire": "hire {0} client",
        "hire_hand": "hire {0} from hand (Aqueduct)",
        "gather": "take {0} from the pool",
        "gather_hand": "put {0} from hand into the stockpile (Dock)",
        "sell": "put {0} into the vault",
        "sell_hand": "put {0} from hand into the vault (Basilica)",
        "give": "give {0}",
        "latrine": "discard {0} (Latrine)",
        "senate": "take the Jack of {0} (Senate)",
        "prison": "take {1} from {0} (Prison)",
        "colosseum": "take the {1} client of {0} (Colosseum)",
    }
    if verb == "hire":
        words[0] = with_article(words[0])
    if verb in verbs:
        return verbs[verb].format(*words)
    return str(action)


def upgrade(text: str, version: str) -> list[str]:
    """The actions that ``text`` of a record written by ludus ``version`` stands for now.

    Before :data:`SPLIT_VERSION` a petition card was ``<seat>:petition <role> <card>``;
    it is read as ``<seat>:legacy_petition <role> <card>`` (see :func:`~.rules.petitions.legacy_legal`).

    >>> upgrade("0:petition laborer storeroom", "0.1.0")
    ['0:legacy_petition laborer storeroom']
    >>> upgrade("0:petition laborer", "0.4.0")
    ['0:petition laborer']
    """
    if version_key(version) >= version_key(SPLIT_VERSION):
        return [text]
    seat, colon, rest = text.partition(":")
    words = rest.split()
    if not colon or len(words) != 3 or words[0] != V_PETITION:
        return [text]
    return [f"{seat}:{V_LEGACY_PETITION} {words[1]} {words[2]}"]
