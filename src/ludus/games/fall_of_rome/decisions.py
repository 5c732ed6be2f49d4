"""Typed pending sub-decisions of Pandemic: Fall of Rome (data only; their rules live in ``rules/``).

Each class is one kind of "who must decide what, next"; ``state.pending`` is their stack
(the last one decides first). ``to_json`` gives exactly the dict ludus 0.1.0 saved
(``{"k": "pay", "who": 0, "cards": [...], "count": 1}``), so saved states and records
replay unchanged; :func:`decision_from_json` reads it back.

>>> Pay(0, [3, 5], 1).to_json()
{'k': 'pay', 'who': 0, 'cards': [3, 5], 'count': 1}
>>> decision_from_json({'k': 'pay', 'who': 0, 'cards': [3, 5], 'count': 1})
Pay(who=0, cards=[3, 5], count=1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ludus.core.decisions import Decision, decision
from ludus.games.fall_of_rome.components import E_DO_UT_DES, Verb
from ludus.games.fall_of_rome.state import DecisionLoader, register_decision_loader

__all__ = [
    "AleaDice", "DoUtDes", "Escort", "EventStep", "MoveConsent", "Pay", "PlotConsent", "PutBack", "ReginaLegions",
    "RemoveCubes", "decision_from_json",
]


@decision("pay", (Verb.PAY,))
@dataclass(slots=True, eq=False)
class Pay(Decision):
    """Discard ``count`` of ``cards`` from the hand (the cost of ŻEGLUGA, UMOCNIENIE POZYCJI,
    ZAWARCIE PRZYMIERZA, WERBOWANIE BARBARZYŃCÓW, Praefectus Fabrum's move)."""

    who: int
    cards: list[int]
    count: int

    def copy(self) -> Pay:
        return Pay(self.who, self.cards[:], self.count)


@decision("escort", (Verb.ESCORT, Verb.ESCORT_END))
@dataclass(slots=True, eq=False)
class Escort(Decision):
    """Regina Foederata leads up to ``left`` barbarian cubes from ``src`` to ``dest``."""

    who: int
    src: int
    dest: int
    left: int

    def copy(self) -> Escort:
        return Escort(self.who, self.src, self.dest, self.left)


@decision("remove", (Verb.REMOVE,))
@dataclass(slots=True, eq=False)
class RemoveCubes(Decision):
    """After a battle: the colours of the ``count`` barbarians removed from ``city``."""

    who: int
    city: int
    count: int

    def copy(self) -> RemoveCubes:
        return RemoveCubes(self.who, self.city, self.count)


@decision("alea", (Verb.SET_DIE,))
@dataclass(slots=True, eq=False)
class AleaDice(Decision):
    """Alea Iacta Est: ``who`` sets the faces of the ``dice`` dice of ``seat``'s battle."""

    who: int
    seat: int
    dice: int
    faces: list[int]
    ignore: int  # 1: the battle ignores legion losses (Veni, Vidi, Vici destabilizing)

    def copy(self) -> AleaDice:
        return AleaDice(self.who, self.seat, self.dice, self.faces[:], self.ignore)


@decision("regina", (Verb.REGINA_ADD,))
@dataclass(slots=True, eq=False)
class ReginaLegions(Decision):
    """Regina Foederata's special face: she may add up to ``n`` legions in ``city``."""

    who: int
    city: int
    n: int

    def copy(self) -> ReginaLegions:
        return ReginaLegions(self.who, self.city, self.n)


@decision("consent", (Verb.AGREE, Verb.REFUSE))
@dataclass(slots=True, eq=False)
class PlotConsent(Decision):
    """SPISEK (ruling 22): ``who`` (the other pawn's owner) agrees to ``proposal`` or not."""

    who: int
    act: str  # "plot_give" or "plot_take"
    seat: int
    other: int
    card: int
    proposal: str  # the action's notation (a refused one is not offered again this turn)

    def copy(self) -> PlotConsent:
        return PlotConsent(self.who, self.act, self.seat, self.other, self.card, self.proposal)


@decision("consent", (Verb.AGREE, Verb.REFUSE))
@dataclass(slots=True, eq=False)
class MoveConsent(Decision):
    """An event moves ``pawn`` to ``city`` with ``n`` legions: its owner ``who`` must agree (ruling 22)."""

    who: int
    act: str  # always "move"
    pawn: int
    city: int
    n: int

    def copy(self) -> MoveConsent:
        return MoveConsent(self.who, self.act, self.pawn, self.city, self.n)


@decision("putback", (Verb.PUT_BACK,))
@dataclass(slots=True, eq=False)
class PutBack(Decision):
    """Vestalis drew 3 ``cards``: one goes back on top of the player deck."""

    who: int
    cards: list[int]

    def copy(self) -> PutBack:
        return PutBack(self.who, self.cards[:])


_EVENT_VERBS = (
    Verb.DONE, Verb.CHOOSE_CITY, Verb.FORT_CITY, Verb.FORT_FROM, Verb.MOVE_PAWN, Verb.REINFORCE, Verb.TAKE,
    Verb.REMOVE_CARD, Verb.PLACE, Verb.REPLACE, Verb.REMOVE_CUBE, Verb.MOVE_TO, Verb.SKIP_BATTLE, Verb.BATTLE,
)


@decision("ev", _EVENT_VERBS)
@dataclass(slots=True, eq=False)
class EventStep(Decision):
    """The choices of an event card being resolved (KARTY ZDARZEŃ), decided by the player who played it.

    ``e`` is the event's card id, ``destab`` 1 for its destabilizing version, ``stage`` the
    step reached. The other fields are the event's memory: ``n`` a count, ``city`` a chosen
    city, ``colour`` a fixed colour, ``done`` what was already chosen (pawns, cities,
    ``city * 5 + tribe`` cubes, placed barbarian cards), ``refused`` pawns whose owner refused,
    ``cards`` barbarian cards held by Melius Cavere Quam Pavere.
    """

    who: int
    e: int
    destab: int
    stage: str = ""
    n: int = 0
    city: int = -1
    colour: int = -1
    done: list[int] = field(default_factory=list)
    refused: list[int] = field(default_factory=list)
    cards: list[int] = field(default_factory=list)

    def copy(self) -> EventStep:
        return EventStep(self.who, self.e, self.destab, self.stage, self.n, self.city, self.colour,
                         self.done[:], self.refused[:], self.cards[:])


@decision("ev", (Verb.SWAP, Verb.GIVE))
@dataclass(slots=True, eq=False)
class DoUtDes(Decision):
    """Do Ut Des: ``who`` picks two seats (``first``, ``second``), then the card each gives.

    Stages: ``pair`` (choose the seats), ``give_a`` (the first seat's card), ``give_b``
    (the second's; ``card`` holds the first). Saved as the event dict of ludus 0.1.0.
    """

    who: int
    destab: int
    stage: str = "pair"
    first: int = -1
    second: int = -1
    card: int = 0

    def copy(self) -> DoUtDes:
        return DoUtDes(self.who, self.destab, self.stage, self.first, self.second, self.card)

    def to_json(self) -> dict[str, Any]:
        """The event dict of ludus 0.1.0 (``cards`` holds the two seats once chosen, ``n`` the first card)."""
        seats = [] if self.stage == "pair" else [self.first, self.second]
        return {"k": "ev", "who": self.who, "e": E_DO_UT_DES, "destab": self.destab, "stage": self.stage,
                "n": self.card, "city": -1, "colour": -1, "done": [], "refused": [], "cards": seats}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DoUtDes:
        """Read :meth:`to_json` output."""
        seats = list(data["cards"]) or [-1, -1]
        return cls(int(data["who"]), int(data["destab"]), str(data["stage"]), int(seats[0]), int(seats[1]),
                   int(data["n"]))


def _plain(cls: Any) -> DecisionLoader:
    """The loader of a decision whose JSON is its fields (lists copied)."""
    names = frozenset(cls.__dataclass_fields__)

    def load(data: Mapping[str, Any]) -> Decision:
        made: Decision = cls(**{k: (list(v) if isinstance(v, list) else v) for k, v in data.items() if k in names})
        return made

    return load


_LOAD_PLOT = _plain(PlotConsent)
_LOAD_MOVE = _plain(MoveConsent)
_LOAD_EVENT = _plain(EventStep)


def _load_consent(data: Mapping[str, Any]) -> Decision:
    return _LOAD_MOVE(data) if data["act"] == "move" else _LOAD_PLOT(data)


def _load_event(data: Mapping[str, Any]) -> Decision:
    return DoUtDes.from_json(data) if data["e"] == E_DO_UT_DES else _LOAD_EVENT(data)


_LOADERS = {
    "pay": _plain(Pay), "escort": _plain(Escort), "remove": _plain(RemoveCubes), "alea": _plain(AleaDice),
    "regina": _plain(ReginaLegions), "consent": _load_consent, "putback": _plain(PutBack), "ev": _load_event,
}
for _kind, _loader in _LOADERS.items():
    register_decision_loader(_kind, _loader)


def decision_from_json(data: Mapping[str, Any]) -> Decision:
    """Rebuild a sub-decision from its ``to_json`` dict."""
    return _LOADERS[str(data["k"])](data)
