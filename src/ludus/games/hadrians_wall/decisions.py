"""Pending sub-decisions of Hadrian's Wall: a reward that needs a choice.

A Cohort icon (which Cohort?), a Road's attribute (which one?), a Scouting pattern (turned
how? then where on the map?) and a Market purchase's Trade Good (which hexagon?) wait on the
seat's own stack (``Board.pending``, top last) and come before anything else that seat does.
Each is a small immutable record (shared by a state's copy); the rules that list and resolve
its answers are in the chapter that opens it (:mod:`.rules.general`, :mod:`.rules.scouting`).

In JSON a decision is the token it has always been (``str(decision)``): ``"cohort"``,
``"attr"``/``"pd"``/``"rv"``, ``"place:<pattern>"``, ``"shape:<pattern>:<cells>"`` and
``"hexagon:<source>:<good>"``.

>>> str(PlacePattern(0, "I")), from_token("pd", 1)
('place:I', AttributeChoice(who=1, attributes=(1, 3)))
>>> from_token("hexagon:p1:4", 0), str(from_token("shape:S:a1.a2.b2.b3", 0))
(MarketHexagon(who=0, source='p1', good=4), 'shape:S:a1.a2.b2.b3')
"""

from __future__ import annotations

from dataclasses import dataclass

from ludus.core.decisions import Decision, decision
from ludus.core.i18n import Lang

from .components import ATTRIBUTE_CHOICES, PATTERN_CELLS, Verb, attribute_name, cells_mask, mask_token
from .config import orientations

__all__ = [
    "AttributeChoice", "CohortChoice", "MarketHexagon", "PlacePattern", "PlaceShape", "from_token",
    "pending_words",
]

_ATTRIBUTE_TOKENS: dict[tuple[int, ...], str] = {v: k for k, v in ATTRIBUTE_CHOICES.items()}


# eq=False: two equal decisions on one stack stay distinct (the engine removes the one resolved).
@decision("cohort", verbs=(Verb.COHORT,))
@dataclass(frozen=True, slots=True, eq=False)
class CohortChoice(Decision):
    """A Cohort icon: fill the left-most empty box of a Cohort of ``who``'s choice (KOHORTY)."""

    who: int

    def __str__(self) -> str:
        return "cohort"


@decision("attribute", verbs=(Verb.ATTRIBUTE,))
@dataclass(frozen=True, slots=True, eq=False)
class AttributeChoice(Decision):
    """One attribute of ``attributes`` (Road income: any; Small Road: Piety or Discipline; Large: Renown
    or Valour)."""

    who: int
    attributes: tuple[int, ...]

    def __str__(self) -> str:
        return _ATTRIBUTE_TOKENS[self.attributes]


@decision("place", verbs=(Verb.TURN,))
@dataclass(frozen=True, slots=True, eq=False)
class PlacePattern(Decision):
    """Turn the tetromino ``pattern`` (rotate or mirror it) to mark it on the Scouting map (ZWIAD)."""

    who: int
    pattern: str

    def __str__(self) -> str:
        return "place:" + self.pattern


@decision("shape", verbs=(Verb.PLACE,))
@dataclass(frozen=True, slots=True, eq=False)
class PlaceShape(Decision):
    """Where on the Scouting map ``pattern``, turned as ``shape`` (cells at the corner), is marked."""

    who: int
    pattern: str
    shape: int

    def __str__(self) -> str:
        return f"shape:{self.pattern}:{mask_token(self.shape)}"


@decision("hexagon", verbs=(Verb.HEXAGON,))
@dataclass(frozen=True, slots=True, eq=False)
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
    first, _, second = rest.partition(":")
    if kind == "hexagon" and first in _MARKET_SOURCES and second.isdigit():
        return MarketHexagon(who, first, int(second))
    if kind == "shape" and first in PATTERN_CELLS and cells_mask(second) in orientations(first):
        return PlaceShape(who, first, cells_mask(second) or 0)
    raise ValueError(f"unknown pending decision {token!r}")


def pending_words(token: str, lang: Lang) -> str:
    """A pending decision in words (its JSON token: see :mod:`.decisions`)."""
    kind, _, rest = token.partition(":")
    if kind == "cohort":
        return lang.gettext("a Cohort box")
    if kind == "attr":
        return lang.gettext("an attribute of choice")
    if kind in ATTRIBUTE_CHOICES:
        first, second = (attribute_name(a, lang) for a in ATTRIBUTE_CHOICES[kind])
        return lang.gettext("{first} or {second}").format(first=first, second=second)
    if kind == "place":
        return lang.gettext("turn the {pattern} pattern").format(pattern=rest)
    if kind == "shape":
        return lang.gettext("place the {pattern} pattern").format(pattern=rest.partition(":")[0])
    if kind == "hexagon":
        return lang.gettext("a Market hexagon for Trade Good {good}").format(good=rest.partition(":")[2])
    return token
