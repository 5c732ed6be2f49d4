"""Action notation: the generic ``<seat>:<verb> <args>``, a canonical form for map cells, labels.

A Scouting pattern's cells may be typed in any order (``place a4.a3.b3.b2``); they are put
in the one canonical order (row by row, ``b2.a3.b3.a4``) so the parsed action equals the
legal one.
"""

from __future__ import annotations

from ludus.core.actions import Action

from .components import BUILDINGS, Verb, cells_mask, mask_token

__all__ = ["canonical", "describe"]

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
