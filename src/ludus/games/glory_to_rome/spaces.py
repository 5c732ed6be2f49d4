"""Glory to Rome's fixed action numbering (:func:`action_kinds`) for research tools.

Every verb of :class:`~.components.Verb`, in its declaration order, is one kind (``demand``
two: with and without ``nopool``); each argument takes every value the component data
allow, in the data's order: the 40 buildings as ``data/cards.toml`` lists them, then
``jack`` where a Jack may stand for a card; the six roles and the six materials in
the order rubble/laborer … marble/patron; seats ``0 … n - 1`` (absolute seats, as the
notation writes them). The domains are products, so some numbers are never legal (a
``lead`` names a card of the led role, or any card for an Architect with a Circus, so
``lead laborer temple`` has a number but is never offered): the legal-action mask says
which are.

The numbering depends on the player count only (the seats are arguments): no option
adds or removes a verb (``concede`` is numbered even where the option is off, and
``legacy_petition``, only offered while replaying a record older than 0.4.0, is last).
The golden files ``tests/games/glory_to_rome/action_space_<n>p.txt`` keep it stable.

>>> kinds = action_kinds(3)
>>> [k.verb for k in kinds][:4]
['lead', 'follow', 'petition', 'think_jack']
>>> sum(k.size for k in kinds)
4962
"""

from __future__ import annotations

from ludus.core.actions import Arg
from ludus.core.spaces import ActionKind
from ludus.games.glory_to_rome.components import MATERIAL_NAMES, ROLE_NAMES, SLUGS, Verb

__all__ = ["action_kinds"]

_JACK = "jack"
_NOPOOL = "nopool"
_WHERE = ("in", "out")


def _arguments(players: int) -> dict[Verb, tuple[tuple[tuple[Arg, ...], ...], ...]]:
    """Each verb's argument domains; a verb with two arities has two entries (fewest first)."""
    buildings: tuple[Arg, ...] = SLUGS
    roles: tuple[Arg, ...] = ROLE_NAMES
    materials: tuple[Arg, ...] = MATERIAL_NAMES
    seats: tuple[Arg, ...] = tuple(range(players))
    card_or_jack = (*buildings, _JACK)
    return {
        Verb.LEAD: ((roles, card_or_jack),),
        Verb.FOLLOW: ((card_or_jack,),),
        Verb.PETITION: (((*roles, *buildings),),),  # the role first, then its cards one by one
        Verb.LATRINE: ((card_or_jack,),),
        Verb.CONCEDE: ((seats,),),
        Verb.HIRE: ((roles,),),
        Verb.HIRE_HAND: ((buildings,),),
        Verb.GATHER: ((materials,),),
        Verb.GATHER_HAND: ((buildings,),),
        Verb.SELL: ((materials,),),
        Verb.SELL_HAND: ((buildings,),),
        Verb.DEMAND: ((materials,), (materials, (_NOPOOL,))),
        Verb.LAY: ((buildings, materials, _WHERE),),
        Verb.BUILD: ((buildings, (*buildings, *materials)),),  # a card from hand, or a stockpile material
        Verb.BUILD_POOL: ((buildings, materials),),
        Verb.STAIRWAY: ((seats, buildings, materials),),
        Verb.STAIRWAY_POOL: ((seats, buildings, materials),),
        Verb.PRISON: ((seats, buildings),),
        Verb.GIVE: ((buildings,),),
        Verb.COLOSSEUM: ((seats, roles),),
        Verb.SENATE: ((seats,),),
        Verb.LEGACY_PETITION: ((roles, buildings),),
    }


def action_kinds(players: int) -> list[ActionKind]:
    """Every kind of action of a ``players``-seat game, in the order they are numbered."""
    arguments = _arguments(players)
    kinds: list[ActionKind] = []
    for verb in Verb:
        for args in arguments.get(verb, ((),)):
            kinds.append(ActionKind(verb.value, args))
    return kinds
