"""Seats claimed by accounts: when a seat becomes a signed-in person's, and which seat a person's
session plays without the seat's token.

A seat's token (its invitation link, kept in the seat's cookie) plays the seat, for guests and
people alike. A signed-in person who plays a seat by its token claims it for their account
(:func:`claim`): the seat's name becomes the account's, and from then on the person's session
plays it on any device, without the link (:func:`claimed`). A seat another account has claimed
stays theirs: whoever else holds its link still plays it, as a guest. One account claims at most
one seat of a table: a person who plays two seats of one table (two tabs at one computer) plays
the second as a guest, so a rated table never rates an account against itself.

The JSON API (:mod:`ludus.web.api`) keeps to tokens: a session does not play a seat there.
"""

from __future__ import annotations

from ludus.web.accounts import claim_seat
from ludus.web.live import Hub, Live, SeatSpec
from ludus.web.store import AccountRow
from ludus.web.table import Forbidden

__all__ = ["claim", "claim_opened", "claimed"]


def claimed(live: Live, seat: int, person: AccountRow) -> bool:
    """Whether seat ``seat`` of the table is a person's seat that ``person``'s account has claimed."""
    return (0 <= seat < len(live.seats) and live.seats[seat].kind == "human"
            and live.seats[seat].account_id == person.id)


def claim(hub: Hub, table_id: str, seat: int, person: AccountRow) -> bool:
    """Claim seat ``seat`` of the table for ``person`` (the caller has checked the seat's token),
    unless another account has claimed it or ``person`` already holds another seat of the table.
    True when the seat is ``person``'s (now or already); every page of the table is told."""
    live = hub.get(table_id)
    if claimed(live, seat, person):
        return True
    if (not 0 <= seat < len(live.seats) or live.seats[seat].kind != "human"
            or live.seats[seat].account_id is not None or any(s.account_id == person.id for s in live.seats)):
        return False
    try:
        claim_seat(hub.store, table_id, seat, person)
    except Forbidden:  # another account claimed it a moment ago (another process)
        return False
    hub.set_seat(table_id, seat, name=person.name)  # the seats are read again, the pages told
    return True


def claim_opened(hub: Hub, table_id: str, seats: list[SeatSpec], person: AccountRow) -> int | None:
    """The seat of a table ``person`` has just opened that is theirs, claimed: the first person's
    seat whose name was left empty or is the account's name (None: every person's seat was named
    for someone else, so the opener invites people and does not play)."""
    for number, spec in enumerate(seats):
        if spec.kind == "human" and spec.name.strip().casefold() in ("", person.name.casefold()):
            return number if claim(hub, table_id, number, person) else None
    return None
