"""Glory to Rome actions: the generic ``<seat>:<verb> <args>`` notation, prebuilt.

Every action is a :class:`ludus.core.actions.Action`; this module builds the
frequent ones once per game (they are immutable), so legal-action lists are
assembled from ready objects instead of constructing thousands of actions.
"""

from __future__ import annotations

from ludus.core.actions import Action, Arg
from ludus.games.glory_to_rome.components import BUILDINGS, MATERIAL_NAMES, ROLE_NAMES

SLUGS = tuple(b.slug for b in BUILDINGS)


class ActionTable:
    """Prebuilt actions of every seat (indexed ``[seat][...]``) and a memo for the rest."""

    def __init__(self, players: int) -> None:
        seats = range(players)
        nb = len(BUILDINGS)
        self.lead = [[Action(p, "lead", (ROLE_NAMES[BUILDINGS[b].material], SLUGS[b])) for b in range(nb)] for p in seats]
        self.lead_architect = [[Action(p, "lead", ("architect", SLUGS[b])) for b in range(nb)] for p in seats]
        self.lead_jack = [[Action(p, "lead", (ROLE_NAMES[r], "jack")) for r in range(6)] for p in seats]
        self.follow = [[Action(p, "follow", (SLUGS[b],)) for b in range(nb)] for p in seats]
        self.follow_jack = [Action(p, "follow", ("jack",)) for p in seats]
        self.petition = [
            [[Action(p, "petition", (ROLE_NAMES[r], SLUGS[b])) for b in range(nb)] for r in range(6)] for p in seats
        ]
        self.think_jack = [Action(p, "think_jack") for p in seats]
        self.think_draw = [Action(p, "think_draw") for p in seats]
        self.pass_ = [Action(p, "pass") for p in seats]
        self.next = [Action(p, "next") for p in seats]
        self.done = [Action(p, "done") for p in seats]
        self.gather = [[Action(p, "gather", (MATERIAL_NAMES[m],)) for m in range(6)] for p in seats]
        self.hire = [[Action(p, "hire", (ROLE_NAMES[m],)) for m in range(6)] for p in seats]
        self.sell = [[Action(p, "sell", (MATERIAL_NAMES[m],)) for m in range(6)] for p in seats]
        self.demand = [[Action(p, "demand", (MATERIAL_NAMES[m],)) for m in range(6)] for p in seats]
        self.demand_nopool = [[Action(p, "demand", (MATERIAL_NAMES[m], "nopool")) for m in range(6)] for p in seats]
        self.give = [[Action(p, "give", (SLUGS[b],)) for b in range(nb)] for p in seats]
        self.memo: dict[tuple[int, str, tuple[Arg, ...]], Action] = {}

    def get(self, player: int, verb: str, args: tuple[Arg, ...] = ()) -> Action:
        """The action ``player:verb args`` (built once, then reused)."""
        key = (player, verb, args)
        action = self.memo.get(key)
        if action is None:
            action = self.memo[key] = Action(player, verb, args)
        return action


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
    "lay_continue": "finish laying the out-of-town foundation",
}


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
        return f"lay a {words[0]} foundation on a {words[1]} site {where}"
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
        "hire": "hire a {0} client",
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
    if verb in verbs:
        return verbs[verb].format(*words)
    return str(action)
