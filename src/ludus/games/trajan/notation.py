"""Readable descriptions of Trajan actions (the notation itself is the generic one)."""

from __future__ import annotations

from ludus.core.actions import Action

_TEMPLATES = {
    "arrange": "put a {0} starting marker in the next tray",
    "take_card": "take a starting card from the {0}",
    "choose": "choose Trajan tile {0}",
    "take": "take the markers of the {0} tray",
    "sow": "sow a {0} marker",
    "effect": "carry out the Trajan tile's effect",
    "plus2": "place a [+2] marker on {0}",
    "skip": "forgo the Trajan tile's effect",
    "pass": "take no action",
    "extra": "use the {0} tile for an extra action",
    "decline": "use no extra-action tile",
    "draw_two": "Seaport: draw 2 cards, discard 1",
    "discard": "discard {0} on the {1} pile",
    "take_discard": "Seaport: take the top card of the {0} discard pile",
    "display": "play {0} to the display",
    "stop": "play no more cards",
    "ship": "Seaport: load the {0} ship",
    "load": "load {args}",
    "sail": "ship the load",
    "take_tile": "Forum: take a {0} tile",
    "recruit": "Military: a legionnaire to the camp",
    "march": "Military: march the leader to {0}",
    "deploy": "Military: a legionnaire to the leader's province",
    "senate": "Senate: advance one space",
    "trajan": "Trajan: take the top {0} tile",
    "hire": "Construction: a worker to the worker camp",
    "build": "Construction: a worker to space {0}",
    "meet": "meet a {0} demand with a {1} tile",
    "consul": "take bonus tile {0} as consul",
}


def describe(action: Action) -> str:
    """A short English label for ``action``.

    >>> describe(Action(0, "march", ("alpes",)))
    'seat 0: Military: march the leader to alpes'
    """
    template = _TEMPLATES.get(action.verb)
    if template is None:
        return str(action)
    text = template.format(*action.args, args=" + ".join(map(str, action.args)))
    return f"seat {action.player}: {text}"
