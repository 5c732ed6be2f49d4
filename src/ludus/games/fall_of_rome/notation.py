"""Action notation helpers: the generic ``<seat>:<verb> <args>`` notation is used as it
is (cities ``Nova_Carthago``, city cards ``Aquileia/white``, events by their Latin id,
colours ``orange black green white blue``); this module turns an action into words."""

from __future__ import annotations

from ludus.core.actions import Action

_WORDS = {
    "choose_role": "take the role {0}",
    "start": "start in {0}",
    "draw": "end actions and draw 2 player cards",
    "draw3": "draw 3 player cards and put 1 back (Vestalis)",
    "put_back": "put {0} back on top of the player deck",
    "revolt": "resolve the next Revolt",
    "invade": "reveal the next barbarian card",
    "discard": "discard {0} (hand limit)",
    "march": "march to {0} with {1} legions",
    "sail": "sail to {0} with {1} legions",
    "escort": "lead a {0} barbarian along (Regina Foederata)",
    "escort_end": "lead no more barbarians",
    "pay": "discard {0}",
    "fortify": "fortify this city",
    "recruit_army": "recruit an army",
    "battle": "battle with {0} dice",
    "set_die": "set a die to {0}",
    "remove": "remove a {0} barbarian",
    "regina_add": "add {0} legions (Regina Foederata's special)",
    "plot_give": "plot: give {1} to seat {0}",
    "plot_take": "plot: take {1} from seat {0}",
    "plot_store": "plot: put {0} in the treasury",
    "plot_retrieve": "plot: take {0} from the treasury",
    "agree": "agree",
    "refuse": "refuse",
    "forge_alliance": "forge an alliance with the {0} tribe",
    "enlist_barbarians": "enlist the {0} barbarians here",
    "consul_fort": "add a legion in {0} (Consul)",
    "consul_here": "add a legion here (Consul)",
    "mercator_give": "give {1} to seat {0} (Mercator)",
    "mercator_take": "take {1} from seat {0} (Mercator)",
    "classis_sail": "sail to {0} with {1} legions, no card (Praefectus Classis)",
    "classis_recruit": "discard {0} for 2 legions (Praefectus Classis)",
    "fabrum_fort": "turn 2 legions into a fort (Praefectus Fabrum)",
    "fabrum_move": "move to {0} with {1} legions (Praefectus Fabrum)",
    "play": "play {0} ({1})",
    "vestalis_draw": "discard {0} to draw an event (Vestalis)",
    "done": "done",
    "swap": "seats {0} and {1} swap a card",
    "give": "give {0}",
    "choose_city": "choose {0}",
    "fort_city": "place a fort in {0}",
    "fort_from": "take the fort from {0}",
    "move_pawn": "move {0} with {1} legions",
    "reinforce": "add {1} legions in {0}",
    "take": "take {0} from the discard pile",
    "remove_card": "remove barbarian card {0} from the game",
    "place": "put barbarian card {0} next",
    "replace": "replace a {1} barbarian in {0} with a legion",
    "remove_cube": "remove a {1} barbarian from {0}",
    "move_to": "move to {0} with {1} legions",
    "skip_battle": "skip the battle",
}


def describe(action: Action) -> str:
    """A short English description of ``action``.

    >>> describe(Action(0, "march", ("Nova_Carthago", 2)))
    'seat 0: march to Nova Carthago with 2 legions'
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
