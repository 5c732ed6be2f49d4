"""Action notation: the generic ``<seat>:<verb> <args>`` plus a canonical form for map cells.

A Scouting pattern's cells may be typed in any order (``place a4.a3.b3.b2``); they are put
in the one canonical order (row by row, ``b2.a3.b3.a4``) so the parsed action equals the
legal one.
"""

from __future__ import annotations

from ludus.core.actions import Action

from .components import MAP_COLUMNS, MAP_ROWS, mask_token

_COLUMNS = "abcde"


def cells_mask(token: str) -> int | None:
    """The cell mask of a ``place`` token such as ``a3.b3.a4.b2``, or ``None`` if malformed."""
    mask = 0
    for cell in token.lower().split("."):
        if len(cell) != 2 or cell[0] not in _COLUMNS[:MAP_COLUMNS] or not cell[1].isdigit():
            return None
        row = int(cell[1]) - 1
        if not 0 <= row < MAP_ROWS:
            return None
        mask |= 1 << (row * MAP_COLUMNS + _COLUMNS.index(cell[0]))
    return mask


def canonical(action: Action) -> Action:
    """``action`` with its map cells in canonical order (other actions unchanged)."""
    if action.verb == "place" and len(action.args) == 1 and isinstance(action.args[0], str):
        mask = cells_mask(action.args[0])
        if mask:
            token = mask_token(mask)
            if token != action.args[0]:
                return Action(action.player, action.verb, (token,))
    return action
