"""Glory to Rome actions in words: :func:`describe`.

Every action is a :class:`ludus.core.actions.Action` in the generic
``<seat>:<verb> <args>`` notation (no parsing beyond it is needed); the frequent
ones are prebuilt once per game (:class:`~.components.ActionTable`).
"""

from __future__ import annotations

from ludus.core.actions import Action, Arg
from ludus.games.glory_to_rome.components import BUILDINGS, MATERIAL_NAMES

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
    if verb == "petition":
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
