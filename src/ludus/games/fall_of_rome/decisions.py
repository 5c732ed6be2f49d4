"""Typed pending sub-decisions of Pandemic: Fall of Rome (data only; their rules live in ``rules/``).

Each class is one kind of "who must decide what, next"; ``state.pending`` is their stack
(the last one decides first). Decisions are immutable (frozen, sequences as tuples): a rule
that changes one puts an updated copy in its place (:func:`~ludus.core.decisions.replace_on`),
so a state's copy shares them. ``to_json`` gives exactly the dict ludus 0.1.0 saved
(``{"k": "pay", "who": 0, "cards": [...], "count": 1}``), so saved states and records
replay unchanged; :func:`decision_from_json` reads it back.

>>> Pay(0, (3, 5), 1).to_json()
{'k': 'pay', 'who': 0, 'cards': [3, 5], 'count': 1}
>>> decision_from_json({'k': 'pay', 'who': 0, 'cards': [3, 5], 'count': 1})
Pay(who=0, cards=(3, 5), count=1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ludus.core.decisions import Decision, decision
from ludus.games.fall_of_rome.components import (
    E_DO_UT_DES,
    E_FESTINA_LENTE,
    E_HIC_MANEBIMUS,
    E_HOMO_FABER,
    E_MELIUS_CAVERE,
    E_MORS_TUA,
    E_MORTUI_NON_MORDENT,
    E_SI_VIS_PACEM,
    E_VAE_VICTIS,
    E_VENI_VIDI_VICI,
    Verb,
)
from ludus.games.fall_of_rome.state import DecisionLoader, register_decision_loader

__all__ = [
    "EVENT_DECISIONS",
    "AleaDice",
    "DoUtDes",
    "Escort",
    "EventDecision",
    "FestinaLente",
    "HicManebimus",
    "HomoFaber",
    "Legions",
    "MeliusCavere",
    "MorsTua",
    "MortuiNonMordent",
    "MoveConsent",
    "PawnsToCity",
    "Pay",
    "PlotConsent",
    "PutBack",
    "ReginaLegions",
    "RemoveBarbarians",
    "RemoveCubes",
    "SiVisPacem",
    "VaeVictis",
    "VeniVidiVici",
    "decision_from_json",
]


@decision("pay", (Verb.PAY,))
@dataclass(frozen=True, slots=True, eq=False)
class Pay(Decision):
    """Discard ``count`` of ``cards`` from the hand (the cost of ŻEGLUGA, UMOCNIENIE POZYCJI,
    ZAWARCIE PRZYMIERZA, WERBOWANIE BARBARZYŃCÓW, Praefectus Fabrum's move)."""

    who: int
    cards: tuple[int, ...]
    count: int


@decision("legions", (Verb.LEGIONS, Verb.ADD))
@dataclass(frozen=True, slots=True, eq=False)
class Legions(Decision):
    """MARSZ, ŻEGLUGA, Praefectus Classis's or Fabrum's move: its destination ``city`` is chosen;
    ``who`` now chooses how many legions (0..``most``) go along (``verb``: the move).

    It exists only between the two steps (issue 11: a destination, then a number, instead
    of every pair); once answered the state is the one the combined action of ludus 0.1.0 made.
    An event's move (``move_to``: Veni, Vidi, Vici; ``move_pawn``: Festina Lente, Si Vis
    Pacem) names the ``pawn`` moved (``-1``, and not saved, for a turn's move of the current pawn).
    Enlist Barbarians and Praefectus Classis's recruit (``verb``: ``enlist_barbarians``,
    ``classis_recruit``; engine 0.4.0) ask their legions the same way, answered by ``add <n>``:
    ``what`` is the tribe (or the city card) chosen, ``city`` the pawn's city.

    >>> Legions(0, "march", 3, 2).to_json()
    {'k': 'legions', 'who': 0, 'verb': 'march', 'city': 3, 'most': 2}
    """

    who: int
    verb: str
    city: int
    most: int
    pawn: int = -1
    what: int = -1

    def to_json(self) -> dict[str, Any]:
        """The saved dict (``pawn`` only for an event's move, ``what`` only for a recruit, so a turn's
        move saves as in 0.3.0)."""
        out = {"k": self.KIND, "who": self.who, "verb": self.verb, "city": self.city, "most": self.most}
        if self.pawn >= 0:
            out["pawn"] = self.pawn
        if self.what >= 0:
            out["what"] = self.what
        return out


@decision("escort", (Verb.ESCORT, Verb.ESCORT_END))
@dataclass(frozen=True, slots=True, eq=False)
class Escort(Decision):
    """Regina Foederata leads up to ``left`` barbarian cubes from ``src`` to ``dest``."""

    who: int
    src: int
    dest: int
    left: int


@decision("remove", (Verb.REMOVE,))
@dataclass(frozen=True, slots=True, eq=False)
class RemoveCubes(Decision):
    """After a battle: the colours of the ``count`` barbarians removed from ``city``."""

    who: int
    city: int
    count: int


@decision("alea", (Verb.SET_DIE,))
@dataclass(frozen=True, slots=True, eq=False)
class AleaDice(Decision):
    """Alea Iacta Est: ``who`` sets the faces of the ``dice`` dice of ``seat``'s battle."""

    who: int
    seat: int
    dice: int
    faces: tuple[int, ...]
    ignore: int  # 1: the battle ignores legion losses (Veni, Vidi, Vici destabilizing)


@decision("regina", (Verb.REGINA_ADD,))
@dataclass(frozen=True, slots=True, eq=False)
class ReginaLegions(Decision):
    """Regina Foederata's special face: she may add up to ``n`` legions in ``city``."""

    who: int
    city: int
    n: int


@decision("consent", (Verb.AGREE, Verb.REFUSE))
@dataclass(frozen=True, slots=True, eq=False)
class PlotConsent(Decision):
    """SPISEK (ruling 22): ``who`` (the other pawn's owner) agrees to ``proposal`` or not."""

    who: int
    act: str  # "plot_give" or "plot_take"
    seat: int
    other: int
    card: int
    proposal: str  # the action's notation (a refused one is not offered again this turn)


@decision("consent", (Verb.AGREE, Verb.REFUSE))
@dataclass(frozen=True, slots=True, eq=False)
class MoveConsent(Decision):
    """An event moves ``pawn`` to ``city`` with ``n`` legions: its owner ``who`` must agree (ruling 22)."""

    who: int
    act: str  # always "move"
    pawn: int
    city: int
    n: int


@decision("putback", (Verb.PUT_BACK,))
@dataclass(frozen=True, slots=True, eq=False)
class PutBack(Decision):
    """Vestalis drew 3 ``cards``: one goes back on top of the player deck."""

    who: int
    cards: tuple[int, ...]


class EventDecision(Decision):
    """An event card being resolved (KARTY ZDARZEŃ), decided by the player who played it.

    Every event's decision is saved as the one ``"ev"`` dict of ludus 0.1.0:
    ``{"k": "ev", "who", "e", "destab", "stage", "n", "city", "colour", "done", "refused",
    "cards"}``, where each event used the fields it needed; :meth:`event_json` builds it.
    """

    __slots__ = ()
    EVENT: ClassVar[int] = -1
    who: int
    destab: int

    def event_json(self, stage: str, n: int = 0, city: int = -1, colour: int = -1, done: Sequence[int] = (),
                   refused: Sequence[int] = (), cards: Sequence[int] = ()) -> dict[str, Any]:
        """The ``"ev"`` dict of ludus 0.1.0."""
        return {"k": "ev", "who": self.who, "e": self.EVENT, "destab": self.destab, "stage": stage, "n": n,
                "city": city, "colour": colour, "done": list(done), "refused": list(refused),
                "cards": list(cards)}


@dataclass(frozen=True, slots=True, eq=False)
class PawnsToCity(EventDecision):
    """Festina Lente / Si Vis Pacem: a city, then pawns moved there (their owners agreeing).

    ``moved`` and ``refused`` are pawns; Si Vis Pacem first places a fort in ``city``
    (stage ``from``: the fort comes from another city when all 6 are out).
    """

    who: int
    destab: int
    stage: str = "city"
    city: int = -1
    moved: tuple[int, ...] = ()
    refused: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return self.event_json(self.stage, city=self.city, done=self.moved, refused=self.refused)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PawnsToCity:
        return cls(data["who"], data["destab"], data["stage"], data["city"], tuple(data["done"]),
                   tuple(data["refused"]))


@decision("ev", (Verb.CHOOSE_CITY, Verb.MOVE_PAWN, Verb.DONE))
@dataclass(frozen=True, slots=True, eq=False)
class FestinaLente(PawnsToCity):
    """Festina Lente: move 1 pawn (destabilizing: any number) to the chosen city."""

    EVENT: ClassVar[int] = E_FESTINA_LENTE


@decision("ev", (Verb.FORT_CITY, Verb.FORT_FROM, Verb.MOVE_PAWN, Verb.DONE))
@dataclass(frozen=True, slots=True, eq=False)
class SiVisPacem(PawnsToCity):
    """Si Vis Pacem, Para Bellum: a fort in a city without one (destabilizing: then 1 pawn there)."""

    EVENT: ClassVar[int] = E_SI_VIS_PACEM


@decision("ev", (Verb.REINFORCE, Verb.ADD, Verb.DONE))
@dataclass(frozen=True, slots=True, eq=False)
class HicManebimus(EventDecision):
    """Hic Manebimus Optime: legions added to fort ``cities`` (each at most once).

    Stage ``reinforce``: the next fort city or done; stage ``add`` (issue 11): ``city`` is
    chosen, its legions are asked next (saved as the event dict's ``city``; ``-1`` otherwise).
    """

    EVENT: ClassVar[int] = E_HIC_MANEBIMUS
    who: int
    destab: int
    cities: tuple[int, ...] = ()
    stage: str = "reinforce"
    city: int = -1

    def to_json(self) -> dict[str, Any]:
        return self.event_json(self.stage, city=self.city, done=self.cities)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HicManebimus:
        return cls(data["who"], data["destab"], tuple(data["done"]), data["stage"], data["city"])


@decision("ev", (Verb.TAKE,))
@dataclass(frozen=True, slots=True, eq=False)
class HomoFaber(EventDecision):
    """Homo Faber Fortunae Suae: a card from the player discard pile to the current player's hand."""

    EVENT: ClassVar[int] = E_HOMO_FABER
    who: int
    destab: int

    def to_json(self) -> dict[str, Any]:
        return self.event_json("take")

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HomoFaber:
        return cls(data["who"], data["destab"])


@decision("ev", (Verb.REMOVE_CARD, Verb.PLACE))
@dataclass(frozen=True, slots=True, eq=False)
class MeliusCavere(EventDecision):
    """Melius Cavere Quam Pavere: the top barbarian ``cards`` put back one at a time (``placed``:
    the first is revealed first); destabilizing, one is first removed from the game."""

    EVENT: ClassVar[int] = E_MELIUS_CAVERE
    who: int
    destab: int
    stage: str = "place"
    cards: tuple[int, ...] = ()
    placed: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return self.event_json(self.stage, done=self.placed, cards=self.cards)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MeliusCavere:
        return cls(data["who"], data["destab"], data["stage"], tuple(data["cards"]), tuple(data["done"]))


@dataclass(frozen=True, slots=True, eq=False)
class RemoveBarbarians(EventDecision):
    """Mors Tua, Vita Mea / Mortui Non Mordent / Vae Victis: barbarian cubes removed one at a time.

    ``removed`` holds ``city * 5 + tribe`` per cube, ``colour`` the last colour removed;
    Vae Victis keeps the battle's barbarians (``n``) and city (``city``).
    """

    who: int
    destab: int
    n: int = 0
    city: int = -1
    colour: int = -1
    removed: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return self.event_json("cubes", n=self.n, city=self.city, colour=self.colour, done=self.removed)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RemoveBarbarians:
        return cls(data["who"], data["destab"], data["n"], data["city"], data["colour"], tuple(data["done"]))


@decision("ev", (Verb.REPLACE, Verb.DONE))
@dataclass(frozen=True, slots=True, eq=False)
class MorsTua(RemoveBarbarians):
    """Mors Tua, Vita Mea: barbarians replaced by legions (destabilizing: up to 3, in one city)."""

    EVENT: ClassVar[int] = E_MORS_TUA


@decision("ev", (Verb.REMOVE_CUBE, Verb.DONE))
@dataclass(frozen=True, slots=True, eq=False)
class MortuiNonMordent(RemoveBarbarians):
    """Mortui Non Mordent: barbarians of one colour removed (2; destabilizing 4)."""

    EVENT: ClassVar[int] = E_MORTUI_NON_MORDENT


@decision("ev", (Verb.REMOVE_CUBE, Verb.DONE))
@dataclass(frozen=True, slots=True, eq=False)
class VaeVictis(RemoveBarbarians):
    """Vae Victis: after a battle, as many barbarians as it removed, from 1 other city
    (destabilizing: any)."""

    EVENT: ClassVar[int] = E_VAE_VICTIS


@decision("ev", (Verb.MOVE_TO, Verb.BATTLE, Verb.SKIP_BATTLE))
@dataclass(frozen=True, slots=True, eq=False)
class VeniVidiVici(EventDecision):
    """Veni, Vidi, Vici: the current pawn moves anywhere (its owner agreeing), then a free battle."""

    EVENT: ClassVar[int] = E_VENI_VIDI_VICI
    who: int
    destab: int
    stage: str = "move"

    def to_json(self) -> dict[str, Any]:
        return self.event_json(self.stage)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> VeniVidiVici:
        return cls(data["who"], data["destab"], data["stage"])


@decision("ev", (Verb.SWAP, Verb.GIVE))
@dataclass(frozen=True, slots=True, eq=False)
class DoUtDes(EventDecision):
    """Do Ut Des: ``who`` picks two seats (``first``, ``second``), then the card each gives.

    Stages: ``pair`` (choose the seats), ``give_a`` (the first seat's card), ``give_b``
    (the second's; ``card`` holds the first). Saved as the event dict of ludus 0.1.0.
    """

    EVENT: ClassVar[int] = E_DO_UT_DES
    who: int
    destab: int
    stage: str = "pair"
    first: int = -1
    second: int = -1
    card: int = 0

    def to_json(self) -> dict[str, Any]:
        """The ``"ev"`` dict (``cards`` holds the two seats once chosen, ``n`` the first card)."""
        seats = [] if self.stage == "pair" else [self.first, self.second]
        return self.event_json(self.stage, n=self.card, cards=seats)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DoUtDes:
        """Read :meth:`to_json` output."""
        seats = list(data["cards"]) or [-1, -1]
        return cls(int(data["who"]), int(data["destab"]), str(data["stage"]), int(seats[0]), int(seats[1]),
                   int(data["n"]))


EVENT_DECISIONS: tuple[type[EventDecision], ...] = (
    FestinaLente, SiVisPacem, HicManebimus, HomoFaber, MeliusCavere, MorsTua, MortuiNonMordent, VaeVictis,
    VeniVidiVici, DoUtDes,
)
_EVENT_CLASS: dict[int, Any] = {cls.EVENT: cls for cls in EVENT_DECISIONS}


def _plain(cls: Any) -> DecisionLoader:
    """The loader of a decision whose JSON is its fields (lists copied)."""
    names = frozenset(cls.__dataclass_fields__)

    def load(data: Mapping[str, Any]) -> Decision:
        values = {k: (tuple(v) if isinstance(v, list) else v) for k, v in data.items() if k in names}
        made: Decision = cls(**values)
        return made

    return load


_LOAD_PLOT = _plain(PlotConsent)
_LOAD_MOVE = _plain(MoveConsent)


def _load_consent(data: Mapping[str, Any]) -> Decision:
    return _LOAD_MOVE(data) if data["act"] == "move" else _LOAD_PLOT(data)


def _load_event(data: Mapping[str, Any]) -> Decision:
    made: Decision = _EVENT_CLASS[int(data["e"])].from_json(data)
    return made


_LOADERS = {
    "pay": _plain(Pay), "legions": _plain(Legions), "escort": _plain(Escort), "remove": _plain(RemoveCubes),
    "alea": _plain(AleaDice),
    "regina": _plain(ReginaLegions), "consent": _load_consent, "putback": _plain(PutBack), "ev": _load_event,
}
for _kind, _loader in _LOADERS.items():
    register_decision_loader(_kind, _loader)


def decision_from_json(data: Mapping[str, Any]) -> Decision:
    """Rebuild a sub-decision from its ``to_json`` dict."""
    return _LOADERS[str(data["k"])](data)
