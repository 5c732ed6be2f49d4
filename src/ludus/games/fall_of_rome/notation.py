"""Action notation helpers: the generic ``<seat>:<verb> <args>`` notation is used as it
is (cities ``Nova_Carthago``, city cards ``Aquileia/white``, events by their Latin id,
colours ``orange black green white blue``); this module turns an action into words, and
reads the forms of ludus 0.1.0 that had no legion count (:func:`canonical`)."""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.record import version_key
from ludus.games.fall_of_rome.components import COLOUR_INDEX, MOVE_VERBS, NT, TOKEN_CARD, Verb
from ludus.games.fall_of_rome.rules.alliances import enlist_most
from ludus.games.fall_of_rome.rules.characters import classis_most
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
    Verb.ENLIST_BARBARIANS: "enlist the {0} barbarians here for {1} legions",
    Verb.CONSUL_FORT: "add a legion in {0} (Consul)",
    Verb.CONSUL_HERE: "add a legion here (Consul)",
    Verb.MERCATOR_GIVE: "give {1} to seat {0} (Mercator)",
    Verb.MERCATOR_TAKE: "take {1} from seat {0} (Mercator)",
    Verb.CLASSIS_SAIL: "sail to {0}, no card (Praefectus Classis)",
    Verb.CLASSIS_RECRUIT: "discard {0} for {1} legions (Praefectus Classis)",
    Verb.FABRUM_FORT: "turn 2 legions into a fort (Praefectus Fabrum)",
    Verb.FABRUM_MOVE: "move to {0} (Praefectus Fabrum)",
    Verb.PLAY: "play {0} ({1})",
    Verb.VESTALIS_DRAW: "discard {0} to draw an event (Vestalis)",
    Verb.DONE: "done",
    Verb.SWAP: "seats {0} and {1} swap a card",
    Verb.GIVE: "give {0}",
    Verb.CHOOSE_CITY: "choose {0}",
    Verb.FORT_CITY: "place a fort in {0}",
    Verb.FORT_FROM: "take the fort from {0}",
    Verb.MOVE_PAWN: "move {0} with {1} legions",
    Verb.REINFORCE: "add {1} legions in {0}",
    Verb.TAKE: "take {0} from the discard pile",
    Verb.REMOVE_CARD: "remove barbarian card {0} from the game",
    Verb.PLACE: "put barbarian card {0} next",
    Verb.REPLACE: "replace a {1} barbarian in {0} with a legion",
    Verb.REMOVE_CUBE: "remove a {1} barbarian from {0}",
    Verb.MOVE_TO: "move to {0} with {1} legions",
    Verb.SKIP_BATTLE: "skip the battle",
    Verb.LEGIONS: "take {0} legions along",
}


def describe(action: Action) -> str:
    """A short English description of ``action``.

    >>> describe(Action(0, "march", ("Nova_Carthago",)))
    'seat 0: march to Nova Carthago'
    """
    template = _WORDS.get(action.verb)
    if template is None:
        return str(action)
    args = [str(a).replace("_", " ") for a in action.args]
    try:
        text = template.format(*args)
    except IndexError:
        text = str(action)
    return f"seat {action.player}: {text}"


SPLIT_VERSION = "0.3.0"
"""The engine version whose moves choose the destination, then the legions (issue 11)."""
_SPLIT_VERBS = frozenset(str(v) for v in MOVE_VERBS)


def upgrade(text: str, version: str) -> list[str]:
    """The actions that ``text`` of a record written by ludus ``version`` stands for now.

    Before :data:`SPLIT_VERSION` a move was one action ``<seat>:march <city> <legions>``
    (so ``sail``, ``classis_sail``, ``fabrum_move``); now it is the destination and then
    ``<seat>:legions <n>``. Anything else stands for itself.

    >>> upgrade("0:march Roma 2", "0.1.0")
    ['0:march Roma', '0:legions 2']
    >>> upgrade("0:march Roma", "0.3.0")
    ['0:march Roma']
    """
    if version_key(version) >= version_key(SPLIT_VERSION):
        return [text]
    seat, colon, rest = text.partition(":")
    words = rest.split()
    if not colon or len(words) != 3 or words[0] not in _SPLIT_VERBS or not words[2].isdigit():
        return [text]
    return [f"{seat}:{words[0]} {words[1]}", f"{seat}:{Verb.LEGIONS} {words[2]}"]


def canonical(s: FallOfRomeData, action: Action) -> Action:
    """``action`` with the legion count that ludus 0.1.0 left out (other actions unchanged).

    Before the "up to" counts (ruling 31), ``enlist_barbarians <colour>`` and
    ``classis_recruit <card>`` placed as many legions as they could; records saved then
    read them so, with that number made explicit.
    """
    verb, args = action.verb, action.args
    if len(args) != 1 or not isinstance(args[0], str) or not s.pawn_city:
        return action
    if verb == Verb.ENLIST_BARBARIANS and args[0] in COLOUR_INDEX:
        city = s.pawn_city[s.cur]
        n = enlist_most(s, city, s.cubes[city * NT + COLOUR_INDEX[args[0]]])
    elif verb == Verb.CLASSIS_RECRUIT and args[0] in TOKEN_CARD:
        n = classis_most(s)
    else:
        return action
    return Action(action.player, verb, (args[0], n))
