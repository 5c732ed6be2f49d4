"""Hints and game review in the browser (issue 39): the play page's hint button, the replay page's
review panel.

- ``POST /play/{id}/seat/{n}/hint`` (the seat's cookie or its claiming account, as the page's other
  posts): the seat's three best options valued by :class:`~ludus.web.reviews.Analyst` in its pool,
  each in the menu's words with its value in words ("win chance 62%"), each a button that plays it.
  Refused (409, one line) at a rated table, when it is not the seat's decision, and while the seat's
  last hint is still being thought about.
- ``GET /replay/{id}/review`` (a spectator) and ``GET /play/{id}/seat/{n}/review`` (a seat): the
  review panel of the replay page: "reviewing… (n of m)" while the review is made (the panel asks
  again every few seconds), then each seat's mistakes, each a link that steps the replay to the
  position of the decision. While the game is played a seat sees its own decisions only, a
  spectator none; once it is over, everyone sees everyone's.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, Response

from ludus.agents.analysis import Analysis, Option
from ludus.core.actions import Action
from ludus.core.api import State
from ludus.core.errors import LudusError
from ludus.core.i18n import Lang
from ludus.play.advice import change_words, value_words
from ludus.web.http import status_of
from ludus.web.live import Live
from ludus.web.pages import _context, _lang, _page_seat, seat_page, templates
from ludus.web.payload import reader
from ludus.web.reviews import Analyst, Progress, visible
from ludus.web.session import hub_of

__all__ = ["analyst_of", "hint_options", "review_panel", "router"]

router = APIRouter(include_in_schema=False)

POLL_SECONDS = 3
"""How often the review panel asks again while the review is being made."""


def analyst_of(request: Request) -> Analyst:
    """The application's :class:`~ludus.web.reviews.Analyst`."""
    analyst: Analyst = request.app.state.analyst
    return analyst


def hint_options(state: State, analysis: Analysis, lang: Lang, count: int = 3) -> list[dict[str, Any]]:
    """A hint's ``count`` best options: the notation, the menu's words for it and its value in words."""
    game = state.game
    return [{"action": str(o.action), "label": game.describe(state, o.action, lang),
             "value": value_words(o, lang, analysis.cooperative), "win_chance": o.win_chance,
             "expected_place": o.expected_place} for o in analysis.top(count)]


async def _hint(request: Request, live: Live, seat: int) -> tuple[State, Analysis]:
    """The seat's hint, computed in the analyst's pool (the event loop only waits)."""
    future = await run_in_threadpool(analyst_of(request).hint, live, seat)
    return await asyncio.wrap_future(future)


def _error(text: str, status: int) -> HTMLResponse:
    return HTMLResponse(templates.get_template("hint.html").render(error=text), status_code=status)


@router.post("/play/{table_id}/seat/{page_seat}/hint", response_class=HTMLResponse)
async def hint_post(request: Request, table_id: str, page_seat: int) -> Response:
    """The hint button: the seat's three best options (the ``#hint`` part of its page)."""
    lang = _lang(request)
    try:
        live, mine, token = await run_in_threadpool(_page_seat, request, table_id, page_seat)
    except LudusError as refused:
        return _error(refused.text_in(lang), status_of(refused))
    bucket = token if token is not None else f"account-hint:{page_seat}"
    if not request.app.state.limits.allow(f"{request.client.host if request.client else '?'}|{bucket}"):
        return _error(lang.gettext("Too many clicks: slow down."), 429)
    try:
        state, analysis = await _hint(request, live, mine)
    except LudusError as refused:
        return _error(refused.text_in(lang), status_of(refused))
    said = reader(live, lang)
    return HTMLResponse(templates.get_template("hint.html").render(_context(
        request, lang, options=hint_options(state, analysis, said), base=seat_page(table_id, mine),
        error="")))


# --- the review -----------------------------------------------------------------------------
@router.get("/replay/{table_id}/review", response_class=HTMLResponse)
def spectator_review(request: Request, table_id: str, at: int = 0) -> HTMLResponse:
    """The replay page's review panel for a spectator (everyone's decisions once the game is over)."""
    lang = _lang(request)
    try:
        live = hub_of(request).get(table_id)
    except LudusError as error:
        return HTMLResponse(templates.get_template("review.html").render(
            _context(request, lang, message=error.text_in(lang))), status_code=status_of(error))
    return review_panel(request, live, None, lang, at, f"/replay/{table_id}/review")


@router.get("/play/{table_id}/seat/{page_seat}/review", response_class=HTMLResponse)
def seat_review(request: Request, table_id: str, page_seat: int, at: int = 0) -> HTMLResponse:
    """The replay page's review panel for a seat (its cookie or its account): its own decisions
    while the game is played, everyone's once it is over."""
    lang = _lang(request)
    try:
        live, mine, _token = _page_seat(request, table_id, page_seat)
    except LudusError as error:
        return HTMLResponse(templates.get_template("review.html").render(
            _context(request, lang, message=error.text_in(lang))), status_code=status_of(error))
    return review_panel(request, live, mine, lang, at, f"{seat_page(table_id, mine)}/review")


def review_panel(request: Request, live: Live, seat: int | None, lang: Lang, at: int,
                 url: str) -> HTMLResponse:
    """The review panel of ``live`` for ``seat`` (None: a spectator) at replay position ``at``;
    ``url``: where the panel asks again while the review is being made."""
    mine = "" if seat is None else f"&mine={seat}"
    values: dict[str, Any] = {"url": url, "at": at, "mine": mine, "poll": POLL_SECONDS, "message": "",
                              "progress": None, "seats": []}
    if seat is None and live.status == "playing":
        values["message"] = lang.gettext("While the game is played, each player sees the review of their "
                                         "own decisions only; everyone's is shown once it is over.")
        return HTMLResponse(templates.get_template("review.html").render(_context(request, lang, **values)))
    found = analyst_of(request).review(live)
    if isinstance(found, Progress):
        values["progress"] = found
        # its counts are every seat's decisions with a choice: while the game is played they would
        # tell a seat whether another seat had a choice (which may hang on its hidden cards)
        values["counted"] = live.status != "playing"
        return HTMLResponse(templates.get_template("review.html").render(_context(request, lang, **values)))
    over = live.status != "playing"
    decisions = visible(found, seat, over) or []
    values["seats"] = _seats(live, found, decisions, reader(live, lang), at, over)
    values["finished"] = over
    values["threshold"] = found["mistake_threshold"]
    values["actions"] = found["actions"]
    return HTMLResponse(templates.get_template("review.html").render(_context(request, lang, **values)))


def _option(seat: int, notation: str, value: float, win: float | None, place: float | None) -> Option:
    return Option(Action(seat, notation), value, 0, win, place)


def _seats(live: Live, kept: dict[str, Any], decisions: list[dict[str, Any]], lang: Lang, at: int,
           over: bool) -> list[dict[str, Any]]:
    """Each seat shown: its name, decisions reviewed and mistakes (the moves in the game's words,
    the values in words, the replay position before the move)."""
    with live.lock:
        played = list(live.table.actions)[: kept["actions"]]
        game, seed = live.game, live.row.seed
    mistakes = [d for d in decisions if d["mistake"]]
    wanted = {d["number"] for d in mistakes}
    states: dict[int, State] = {}
    state = game.new_state(seed)
    for number, action in enumerate(played, start=1):
        if number > max(wanted, default=0):
            break
        if number in wanted:
            states[number] = state.clone()
        state.apply(action)
    cooperative = game.info.cooperative
    shown = list(range(game.players)) if over else sorted({d["seat"] for d in decisions})
    out = []
    for s in shown:
        lines = []
        for d in (m for m in mistakes if m["seat"] == s):
            before = states[d["number"]]
            best = _option(s, d["best"], d["best_value"], d["best_win_chance"], d["best_expected_place"])
            move = _option(s, d["played"], d["played_value"], d["played_win_chance"],
                           d["played_expected_place"])
            lines.append({"at": d["number"] - 1, "number": d["number"], "current": at == d["number"] - 1,
                          "played": game.describe(before, played[d["number"] - 1], lang),
                          "best": game.describe(before, game.parse_action(before, d["best"]), lang),
                          "words": change_words(best, move, lang, cooperative)})
        reviewed = sum(1 for d in decisions if d["seat"] == s)
        out.append({"seat": s, "name": lang.player(s), "reviewed": reviewed, "mistakes": lines})
    return out
