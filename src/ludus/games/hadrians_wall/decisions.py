"""Pending sub-decisions of Hadrian's Wall: a reward that needs a choice.

A Cohort icon (which Cohort?), a Road's attribute (which one?), a Scouting pattern (where
on the map?) and a Market purchase's Trade Good (which hexagon?) wait on the seat's own stack (``Board.pending``, top last) and come before
anything else that seat does. Each is a small record; the rules that list and resolve its
answers are in the chapter that opens it (:mod:`.rules.general`, :mod:`.rules.scouting`).

In JSON a decision is the token it has always been (``str(decision)``): ``"cohort"``,
``"attr"``/``"pd"``/``"rv"``, ``"place:<pattern>"`` and ``"hexagon:<source>:<good>"``.

>>> str(PlacePattern(0, "I")), from_token("pd", 1)
('place:I', AttributeChoice(who=1, attributes=(1, 3)))
>>> from_token("hexagon:p1:4", 0)
MarketHexagon(who=0, source='p1', good=4)
"""

from __future__ import annotations

from dataclasses import dataclass

from ludus.core.decisions import Decision, decision

from .components import ATTRIBUTE_CHOICES, PATTERN_CELLS, Verb

__all__ = ["AttributeChoice", "CohortChoice", "MarketHexagon", "PlacePattern", "from_token"]

_ATTRIBUTE_TOKENS: dict[tuple[int, ...], str] = {v: k for k, v in ATTRIBUTE_CHOICES.items()}


# eq=False: two equal decisions on one stack stay distinct (the engine removes the one resolved).
@decision("cohort", verbs=(Verb.COHORT,))
@dataclass(slots=True, eq=False)
class CohortChoice(Decision):
    """A Cohort icon: fill the left-most empty box of a Cohort of ``who``'s choice (KOHORTY)."""

    who: int

    def __str__(self) -> str:
        return "cohort"


@decision("attribute", verbs=(Verb.ATTRIBUTE,))
@dataclass(slots=True, eq=False)
class AttributeChoice(Decision):
    """One attribute of ``attributes`` (Road income: any; Small Road: Piety or Discipline; Large: Renown or Valour)."""

    who: int
    attributes: tuple[int, ...]

    def __str__(self) -> str:
        return _ATTRIBUTE_TOKENS[self.attributes]


@decision("place", verbs=(Verb.PLACE,))
@dataclass(slots=True, eq=False)
class PlacePattern(Decision):
    """Mark the tetromino ``pattern`` on the Scouting map, rotated or mirrored (ZWIAD)."""

    who: int
    pattern: str

    def __str__(self) -> str:
        return "place:" + self.pattern


@decision("hexagon", verbs=(Verb.HEXAGON,))
@dataclass(slots=True, eq=False)
class MarketHexagon(Decision):
    """The Market hexagon for Trade Good ``good``, bought (and paid) from ``source`` (TARG).

    ``source`` is ``deck``, ``p<seat>`` or ``n<index>``.
    """

    who: int
    source: str
    good: int

    def __str__(self) -> str:
        return f"hexagon:{self.source}:{self.good}"


_MARKET_SOURCES = frozenset(("deck", *(f"p{q}" for q in range(6)), *(f"n{i}" for i in range(6))))


def from_token(token: str, who: int) -> Decision:
    """The decision written ``token`` in JSON, pending for seat ``who``."""
    if token == "cohort":
        return CohortChoice(who)
    if token in ATTRIBUTE_CHOICES:
        return AttributeChoice(who, ATTRIBUTE_CHOICES[token])
    if token.startswith("place:") and token[6:] in PATTERN_CELLS:
        return PlacePattern(who, token[6:])
    kind, _, rest = token.partition(":")
    source, _, good = rest.partition(":")
    if kind == "hexagon" and source in _MARKET_SOURCES and good.isdigit():
        return MarketHexagon(who, source, int(good))
    raise ValueError(f"unknown pending decision {token!r}")
