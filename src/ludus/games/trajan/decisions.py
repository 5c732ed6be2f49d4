"""The decisions pending inside the action step (turn step 3), as typed records.

After the markers are sown, the turn's action step is a small stack of
decisions, top last: take the target tray's action (:class:`TakeAction`), then
perhaps repeat it with an extra-action tile (:class:`OfferExtra`); a construction
tile's bonus action pushes one more pair. A Seaport action may open a
sub-decision on top: discard a card (:class:`SeaportDiscard`: the pile, then the card), play a second card
to the display (:class:`SeaportDisplay`) or load a ship (:class:`LoadShip`).
At set-up, a pre-game Trajan tile is chosen in two steps: the stack, then the tile
(:class:`ChooseTile` pending between them). Their behaviour lives with the rules that
open them (:mod:`.rules.extra_actions`, :mod:`.rules.seaport`, :mod:`.rules.setup`).

Decisions are immutable: a change replaces the object, so a state's copy shares
them (``pending[:]``). The common ones are built once per seat (:data:`TAKE_ACTION`,
...). In JSON they keep the form saved before they had types: ``agenda`` (a list of
ints, ``DO + action`` or ``OFFER + action``), ``sub`` (:class:`Sub`), ``ship``,
``load`` and ``display_count``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ludus.core.decisions import Decision, decision
from ludus.core.errors import N_, StateError
from ludus.games.trajan.components import (
    DOMAIN,
    MAX_PLAYERS,
    N_ACTIONS,
    N_COMMODITIES,
    SHIP_KEYS,
    TRAJAN_CATEGORIES,
    Sub,
    Verb,
)

__all__ = [
    "CHOOSE_TILE",
    "DO",
    "OFFER",
    "OFFER_EXTRA",
    "SEAPORT_DISCARD",
    "SEAPORT_DISCARD_ON",
    "SEAPORT_DISPLAY",
    "TAKE_ACTION",
    "ChooseTile",
    "LoadShip",
    "OfferExtra",
    "SeaportDiscard",
    "SeaportDisplay",
    "TakeAction",
    "agenda_decisions",
    "pending_from_json",
    "pending_to_json",
]

DO = 0
"""Agenda code of :class:`TakeAction`: ``DO + action``."""
OFFER = 6
"""Agenda code of :class:`OfferExtra`: ``OFFER + action``."""

ACTION_VERBS = (
    Verb.PASS, Verb.DRAW_TWO, Verb.TAKE_DISCARD, Verb.DISPLAY, Verb.SHIP, Verb.TAKE_TILE,
    Verb.RECRUIT, Verb.MARCH, Verb.DEPLOY, Verb.SENATE, Verb.TRAJAN, Verb.HIRE, Verb.BUILD,
)


@decision("take_action", ACTION_VERBS)
@dataclass(frozen=True, slots=True, eq=False)
class TakeAction(Decision):
    """Take ``action`` (0 Seaport .. 5 Construction) once, or ``pass``."""

    who: int
    action: int


@decision("offer_extra", (Verb.EXTRA, Verb.DECLINE))
@dataclass(frozen=True, slots=True, eq=False)
class OfferExtra(Decision):
    """After ``action``: discard an extra-action tile to take it again, or decline."""

    who: int
    action: int


@decision("seaport_discard", (Verb.PILE, Verb.DISCARD))
@dataclass(frozen=True, slots=True, eq=False)
class SeaportDiscard(Decision):
    """Seaport (a): after drawing 2 cards, discard 1 onto a discard pile: first the pile
    (``pile`` -1: ``pile left|right``), then the card (``discard <commodity>``)."""

    who: int
    pile: int = -1


@decision("seaport_display", (Verb.DISPLAY, Verb.STOP))
@dataclass(frozen=True, slots=True, eq=False)
class SeaportDisplay(Decision):
    """Seaport (c): ``played`` card(s) went to the display; a second one, or stop."""

    who: int
    played: int = 1


@decision("load_ship", (Verb.LOAD, Verb.SAIL))
@dataclass(frozen=True, slots=True, eq=False)
class LoadShip(Decision):
    """Seaport (d): loading ``ship``; ``load`` holds the cards so far (-1: a commodity joker)."""

    who: int
    ship: int
    load: tuple[int, ...] = ()


@decision("choose_tile", (Verb.CHOOSE,))
@dataclass(frozen=True, slots=True, eq=False)
class ChooseTile(Decision):
    """Set-up: the Trajan stack of ``category`` is chosen (``stack <category>``); now its tile
    (``choose <tile>``)."""

    who: int
    category: int


TAKE_ACTION: tuple[tuple[TakeAction, ...], ...] = tuple(
    tuple(TakeAction(p, a) for a in range(N_ACTIONS)) for p in range(MAX_PLAYERS)
)
OFFER_EXTRA: tuple[tuple[OfferExtra, ...], ...] = tuple(
    tuple(OfferExtra(p, a) for a in range(N_ACTIONS)) for p in range(MAX_PLAYERS)
)
SEAPORT_DISCARD: tuple[SeaportDiscard, ...] = tuple(SeaportDiscard(p) for p in range(MAX_PLAYERS))
SEAPORT_DISCARD_ON: tuple[tuple[SeaportDiscard, ...], ...] = tuple(
    tuple(SeaportDiscard(p, pile) for pile in range(2)) for p in range(MAX_PLAYERS)
)
"""The card to discard once the pile is chosen, by seat and pile (0 left, 1 right)."""
CHOOSE_TILE: tuple[tuple[ChooseTile, ...], ...] = tuple(
    tuple(ChooseTile(p, c) for c in range(len(TRAJAN_CATEGORIES))) for p in range(MAX_PLAYERS)
)
"""The tile to choose once the stack is chosen, by seat and category."""
SEAPORT_DISPLAY: tuple[SeaportDisplay, ...] = tuple(SeaportDisplay(p) for p in range(MAX_PLAYERS))


def agenda_decisions(who: int, agenda: Sequence[int]) -> list[Decision]:
    """The decisions of agenda codes (``DO + action`` / ``OFFER + action``), bottom first."""
    return [OFFER_EXTRA[who][c - OFFER] if c >= OFFER else TAKE_ACTION[who][c - DO] for c in agenda]


def pending_to_json(pending: Sequence[Decision]) -> dict[str, Any]:
    """The saved form of ``pending``: ``sub``, ``ship``, ``display_count``, ``agenda``, ``load``."""
    agenda: list[int] = []
    sub, ship, display_count, load = Sub.NONE, -1, 0, []
    for d in pending:
        if isinstance(d, TakeAction):
            agenda.append(DO + d.action)
        elif isinstance(d, OfferExtra):
            agenda.append(OFFER + d.action)
        elif isinstance(d, SeaportDiscard):
            sub = Sub.DISCARD if d.pile < 0 else Sub(Sub.DISCARD_LEFT + d.pile)
        elif isinstance(d, SeaportDisplay):
            sub, display_count = Sub.DISPLAY, d.played
        elif isinstance(d, LoadShip):
            sub, ship, load = Sub.SHIP, d.ship, list(d.load)
        elif isinstance(d, ChooseTile):
            sub = Sub(Sub.STACK_CARDS + d.category)
    return {"sub": int(sub), "ship": ship, "display_count": display_count, "agenda": agenda, "load": load}


def _saved_int(data: Mapping[str, Any], name: str, lo: int, hi: int) -> int:
    value = data[name]
    if type(value) is not int:
        raise StateError(N_("state field {name!r}: expected an integer, got {what}"), domain=DOMAIN,
                         name=name, what=type(value).__name__)
    if not lo <= value <= hi:
        raise StateError(N_("state field {name!r}: {value} outside {lo}..{hi}"), domain=DOMAIN, name=name,
                         value=value, lo=lo, hi=hi)
    return value


def _saved_ints(data: Mapping[str, Any], name: str, lo: int, hi: int) -> list[int]:
    value = data[name]
    if type(value) is not list:
        raise StateError(N_("state field {name!r}: expected a list, got {what}"), domain=DOMAIN, name=name,
                         what=type(value).__name__)
    for x in value:
        if type(x) is not int or not lo <= x <= hi:
            raise StateError(N_("state field {name!r}: {value} is not an integer in {lo}..{hi}"),
                             domain=DOMAIN, name=name, value=str(x)[:20], lo=lo, hi=hi)
    return value


def pending_from_json(data: Mapping[str, Any], who: int) -> list[Decision]:
    """Rebuild the pending decisions of seat ``who`` from :func:`pending_to_json` output.

    Raises :class:`StateError` naming the field for a code out of range or a field
    that the saved form would not hold (``ship``/``load`` without a ship being loaded,
    ``display_count`` without the display decision).
    """
    sub = Sub(_saved_int(data, "sub", 0, len(Sub) - 1))
    ship = _saved_int(data, "ship", -1, len(SHIP_KEYS) - 1)
    display_count = _saved_int(data, "display_count", 0, 1)
    agenda = _saved_ints(data, "agenda", DO, OFFER + N_ACTIONS - 1)
    load = _saved_ints(data, "load", -1, N_COMMODITIES - 1)
    if sub != Sub.SHIP and (ship != -1 or load):
        raise StateError(N_("state field 'ship': a ship (or 'load') without a ship being loaded ('sub')"),
                         domain=DOMAIN)
    if sub == Sub.SHIP and ship < 0:
        raise StateError(N_("state field 'ship': no ship while a ship is being loaded ('sub')"),
                         domain=DOMAIN)
    if (sub == Sub.DISPLAY) != (display_count == 1):
        raise StateError(N_("state field 'display_count': {count} with 'sub' {sub}"), domain=DOMAIN,
                         count=display_count, sub=int(sub))
    pending = agenda_decisions(who, agenda)
    if sub == Sub.DISCARD:
        pending.append(SEAPORT_DISCARD[who])
    elif sub in (Sub.DISCARD_LEFT, Sub.DISCARD_RIGHT):
        pending.append(SEAPORT_DISCARD_ON[who][sub - Sub.DISCARD_LEFT])
    elif sub == Sub.DISPLAY:
        pending.append(SeaportDisplay(who, display_count))
    elif sub == Sub.SHIP:
        pending.append(LoadShip(who, ship, tuple(load)))
    elif sub >= Sub.STACK_CARDS:
        pending.append(CHOOSE_TILE[who][sub - Sub.STACK_CARDS])
    return pending


_SAVED_AFTER = {
    "current": ("sub",), "effect_tile": ("ship", "display_count"), "demand_spent": ("agenda", "load"),
}
"""Where the saved form of the pending decisions goes among the state's keys (as saved before)."""


def saved_form(fields: Mapping[str, Any], pending: Sequence[Decision]) -> dict[str, Any]:
    """A state's JSON: its ``fields`` with ``pending`` replaced by :func:`pending_to_json`."""
    saved = pending_to_json(pending)
    out: dict[str, Any] = {}
    for key, value in fields.items():
        if key != "pending":
            out[key] = value
            for name in _SAVED_AFTER.get(key, ()):
                out[name] = saved[name]
    return out
