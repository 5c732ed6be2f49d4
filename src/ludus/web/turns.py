"""My tables (``/me/tables``): where the signed-in account plays, where it is its turn first.

A table is the account's when one of its seats was claimed by the account
(:attr:`SeatRow.account_id <ludus.web.store.SeatRow.account_id>`). The page lists the account's
unfinished tables, those where one of its seats has a decision pending first (a person's seat the
state has to move, not played by a bot for it, while the server plays no forced move first), then
the others, then the most recently finished ones; each with its game, the opponents, the time left on
the move and the link to the seat's page. Who is to move is read from each table in memory (loaded
from the database when it is not there yet: reasonable for the tens of tables a person plays at once).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy import select

from ludus.core.errors import LudusError
from ludus.core.i18n import Lang
from ludus.web.accounts import SESSION_COOKIE, signed_in
from ludus.web.live import Hub, Live
from ludus.web.pages import _lang, _page
from ludus.web.payload import reader, seat_names
from ludus.web.session import hub_of
from ludus.web.store import SeatRow, TableRow
from ludus.web.table import per_move

__all__ = ["FINISHED_SHOWN", "PLAYING_SHOWN", "MyTable", "my_tables", "router"]

router = APIRouter(include_in_schema=False)

PLAYING_SHOWN = 100
"""At most this many unfinished tables are listed (the most recently moved)."""

FINISHED_SHOWN = 10
"""The most recently finished tables listed."""


@dataclass(frozen=True, slots=True)
class MyTable:
    """One of the account's seats at a table, as "my tables" lists it."""

    table_id: str
    seat: int
    title: str
    opponents: list[str]
    status: str
    my_turn: bool
    bot: str | None
    """The bot level that plays the seat for the person (None: the person plays it)."""
    deadline: str | None
    """When the current move is due (ISO 8601, UTC), at a table with a time per move."""
    per_move: str
    result: str

    @property
    def link(self) -> str:
        """The seat's page."""
        return f"/play/{self.table_id}/seat/{self.seat}"


def my_tables(hub: Hub, account_id: int, lang: Lang) -> list[MyTable]:
    """The account's tables: those where it is its turn first (the nearest deadline first, then those
    without a time per move), then the other unfinished ones (most recently moved first), then the
    :data:`FINISHED_SHOWN` most recently finished."""
    query = (select(SeatRow.table_id, SeatRow.seat, TableRow.status)
             .join(TableRow, TableRow.id == SeatRow.table_id)
             .where(SeatRow.account_id == account_id).order_by(TableRow.updated.desc()))
    with hub.store.sessions() as session:
        playing = list(session.execute(query.where(TableRow.status == "playing").limit(PLAYING_SHOWN)))
        over = list(session.execute(query.where(TableRow.status != "playing").limit(FINISHED_SHOWN)))
    out = []
    for table_id, seat, _status in playing + over:
        try:
            out.append(_row(hub, table_id, seat, lang))
        except LudusError:  # gone meanwhile, or its log cannot be replayed: not listed
            continue
    return sorted(out, key=lambda t: (t.status != "playing", not t.my_turn,
                                      (t.deadline or "~") if t.my_turn else ""))


def _row(hub: Hub, table_id: str, seat: int, lang: Lang) -> MyTable:
    live = hub.get(table_id)
    with live.lock:
        names = seat_names(live, lang)
        playing = live.status == "playing"
        bot = live.automatic(seat)
        mine = (playing and bot is None and not live.server_first() and seat in live.state.to_move())
        seconds = live.row.move_seconds
        deadline = (live.since + timedelta(seconds=seconds)).isoformat() if seconds and playing else None
        result = _result(live, names, lang) if live.status == "finished" else ""
        return MyTable(table_id, seat, live.game.info.title_in(lang.code),
                       [name for p, name in enumerate(names) if p != seat], live.status, mine, bot,
                       deadline, per_move(lang, seconds) if seconds else "", result)


def _result(live: Live, names: list[str], lang: Lang) -> str:
    """A finished game's result in a line: who won (or whether the players won together), and why."""
    _ = lang.gettext
    outcome = live.state.outcome()
    reason = live.game.outcome_text(outcome, reader(live, lang))
    if outcome.cooperative_win is not None:
        said = _("You won together!") if outcome.cooperative_win else _("You lost together.")
    elif outcome.winners and len(names) > 1:
        said = _("Won: {names}").format(names=", ".join(names[p] for p in outcome.winners))
    else:
        return reason
    return f"{said} · {reason}"


@router.get("/me/tables", response_class=HTMLResponse)
async def my_tables_page(request: Request) -> Response:
    """The signed-in account's tables (signed out: the sign-in page, which comes back here)."""
    hub = hub_of(request)
    account = await run_in_threadpool(signed_in, hub.store, request.cookies.get(SESSION_COOKIE))
    if account is None:
        return RedirectResponse("/signin?next=/me/tables", status_code=303)
    lang = _lang(request)
    rows = await run_in_threadpool(my_tables, hub, account.id, lang)
    return _page(request, "my_tables.html", lang, player=account.name, turn=[t for t in rows if t.my_turn],
                 waiting=[t for t in rows if t.status == "playing" and not t.my_turn],
                 over=[t for t in rows if t.status != "playing"])
