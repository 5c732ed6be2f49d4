"""Trajan's fixed action numbering (issue 19): every action any state may offer, as kinds.

One kind per verb of :class:`~ludus.games.trajan.components.Verb`, in the enum's order, and
each argument with every value the components allow, in the data's order (``data/*.toml``),
never a sample of games. ``load`` has two kinds: one card (or a commodity joker), and a pair
for the ship of pairs (``load wine wine``, ``load wine joker``, ``load joker joker``).

The numbering is the same for every player count and every option: the seat is not part
of a number, and the options change which actions a state offers, never which may exist
(``choose <category>`` is offered only with face-down stacks whose top tile is taken,
``choose <tile>`` otherwise; both are numbered always). A policy trained with one set of
options reads the same numbers with another. The golden files
``tests/games/trajan/action_space_<n>p.txt`` hold it; docs/games/trajan.md tabulates it.

>>> from ludus.core.actions import Action
>>> from ludus.core.spaces import ActionSpace
>>> space = ActionSpace(action_kinds())
>>> space.size
398
>>> space.encode(Action(1, "march", ("germania_inferior",)))
339
"""

from __future__ import annotations

from ludus.core.actions import Arg
from ludus.core.spaces import ActionKind
from ludus.games.trajan.components import (
    ACTIONS,
    BONUS_TILES,
    CATEGORY_KEYS,
    COLOURS,
    COMMODITIES,
    DEMAND_KINDS,
    DEMAND_SOURCES,
    FORUM_KEYS,
    FORUM_KINDS,
    GRID_SPACES,
    PILES,
    PROVINCES,
    SHIP_KEYS,
    TRAJAN_TILES,
    Verb,
)

__all__ = ["action_kinds"]

JOKER = "joker"
"""A commodity joker loaded on a ship, in the notation (``load joker``)."""

_CARDS: tuple[Arg, ...] = (*COMMODITIES, JOKER)
"""What may be loaded on a ship: a commodity card or a commodity joker."""

_EXTRA: tuple[Arg, ...] = tuple(k.key for k in FORUM_KINDS if k.action >= 0 or k.key == "extra_joker")
"""The tiles spent for an extra action: the extra-action joker and the six extra-action tiles."""

_ARGS: dict[Verb, tuple[tuple[Arg, ...], ...]] = {
    Verb.ARRANGE: (COLOURS,),
    Verb.TAKE_CARD: (("deck", *PILES),),
    # a tile of an open stack, or (face-down stacks, top tile only) the stack itself
    Verb.CHOOSE: ((*(t.id for t in TRAJAN_TILES), *CATEGORY_KEYS),),
    Verb.STACK: (CATEGORY_KEYS,),
    Verb.TAKE: (ACTIONS,),
    Verb.SOW: (COLOURS,),
    Verb.PLUS2: (ACTIONS,),
    Verb.EXTRA: (_EXTRA,),
    Verb.PILE: (PILES,),
    Verb.DISCARD: (COMMODITIES,),
    Verb.TAKE_DISCARD: (PILES,),
    Verb.DISPLAY: (COMMODITIES,),
    Verb.SHIP: (SHIP_KEYS,),
    Verb.LOAD: (_CARDS,),
    Verb.TAKE_TILE: (FORUM_KEYS,),
    Verb.MARCH: (tuple(p.key for p in PROVINCES),),
    Verb.TRAJAN: (CATEGORY_KEYS,),
    Verb.BUILD: (tuple(range(GRID_SPACES)),),
    Verb.MEET: (DEMAND_KINDS, DEMAND_SOURCES),
    Verb.CONSUL: (tuple(b.id for b in BONUS_TILES),),
}
"""The arguments of each verb that takes any (the others take none)."""

_LOAD_PAIR = ActionKind(Verb.LOAD.value, (_CARDS, _CARDS))
"""Two cards at once on the ship of pairs: ``(c, c)``, ``(c, joker)`` or ``(joker, joker)``
(the other 144 of its 169 numbers are never legal)."""


def action_kinds() -> list[ActionKind]:
    """Every kind of Trajan action, numbered in this order (verbs in :class:`Verb`'s order)."""
    kinds: list[ActionKind] = []
    for verb in Verb:
        kinds.append(ActionKind(verb.value, _ARGS.get(verb, ())))
        if verb == Verb.LOAD:
            kinds.append(_LOAD_PAIR)
    return kinds
