"""The HTML front end: the lobby, the play page, the spectator page and the replay.

Pages are Jinja2 templates with htmx: a click posts the action and the answer (the
``#live`` fragment) replaces the table; every change reaches every open page through
the page's WebSocket (``/ws/pages/{id}``), which pushes the same fragment (htmx's ws
extension swaps it in by id), so a page never reloads and a dropped connection
resumes where it was. The only hand-written script (``static/ludus.js``) turns a click
on the board's ``data-action`` elements into that post, with a chooser when several
actions act on one element; it also zooms and pans the board, which is shown at least at
its readable size (:func:`board_fit`).

A seat's invitation link (``/play/{id}/{token}``) is opened once: it puts the token in the
seat's cookie (:data:`SEAT_COOKIE`, HttpOnly, scoped to that seat's page and page socket) and
goes to the seat's page, ``/play/{id}/seat/{n}``; the page, its posts and its WebSocket read the
cookie, so the token is in no later URL (nor in the access log of those requests). Each seat has
paths of its own, so one browser can hold several seats of a table (two tabs at one computer).

A signed-in reader (:func:`ludus.web.accounts.account_of`) who plays a seat by its token claims it
(:mod:`ludus.web.claims`); the seat's page, its posts and its WebSocket then also accept the
reader's session in place of the seat's cookie, so the seat plays on any device without the link.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request, WebSocket
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates

from ludus.agents import AGENTS
from ludus.core.api import OptionSpec
from ludus.core.board import board_view
from ludus.core.errors import N_, LudusError
from ludus.core.i18n import LANGUAGES, Lang
from ludus.core.registry import games
from ludus.play.lessons import lesson_games
from ludus.play.reference import load_reference, reference_games, region_entries
from ludus.web.accounts import account_of
from ludus.web.chat import MAX_CHARS, Line
from ludus.web.claims import claim, claim_opened, claimed
from ludus.web.guard import may_open, opener
from ludus.web.http import HERE, language, status_of
from ludus.web.live import Live, NeedsConfirmation, SeatSpec
from ludus.web.payload import LEVEL_NAMES, reader, screen
from ludus.web.replay import position
from ludus.web.session import ChatView, chat_of, hub_of, serve_socket
from ludus.web.table import MOVE_SECONDS, MOVE_UNITS, Forbidden, per_move

__all__ = ["LEVEL_NAMES", "READABLE_PX", "SEAT_COOKIE", "SEAT_COOKIE_DAYS", "board_fit", "live_fragment",
           "plain_panel", "router", "rules_links"]

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=HERE / "templates")

LANGUAGE_NAMES = {"en": "English", "pl": "Polski", "hu": "Magyar", "uk": "Українська"}
SEAT_COOKIE = "ludus-seat"
"""The cookie that holds a seat's token for the seat's page: one per table, by its paths."""
SEAT_COOKIE_DAYS = 30
"""How long a browser keeps it after the seat's page was last opened (the invitation sets it again)."""


def _lang(request: Request | WebSocket, lang: str | None = None) -> Lang:
    code = lang or request.query_params.get("lang") or request.cookies.get("lang")
    return language(code if code in LANGUAGES else None, request.headers.get("accept-language"))


def _context(request: Request | WebSocket, lang: Lang, **values: Any) -> dict[str, Any]:
    return {
        "request": request,
        "_": lang.gettext,
        "ngettext": lang.ngettext,
        "lang": lang,
        "languages": LANGUAGE_NAMES,
        "level_name": lambda level: lang.gettext(LEVEL_NAMES.get(level) or str(level)),
        "account": account_of(request),  # the navigation's: read once per request (or WebSocket)
        "per_move": lambda seconds: per_move(lang, seconds),
        **values,
    }


def _page(request: Request, name: str, lang: Lang, **values: Any) -> HTMLResponse:
    response = templates.TemplateResponse(request, name, _context(request, lang, **values))
    if request.query_params.get("lang") in LANGUAGES:
        response.set_cookie("lang", lang.code, max_age=365 * 86400, samesite="lax")
    return response


_HEADING = re.compile(r"^== (.+?) ==(.*)$")
_VIEWBOX = re.compile(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) [\d.]+"')
_FONT = re.compile(r'font-size="([\d.]+)"')
_DEFS = re.compile(r"<defs>.*?</defs>", re.S)
READABLE_PX = 10.0
"""The smallest text a board shows at its readable size, in CSS pixels (at the browser's 100 % zoom)."""


def board_fit(picture: str | None, game: str) -> dict[str, Any]:
    """How the page sizes a board: ``width``, the picture's width in its own units; ``readable``,
    the scale at which its smallest text (outside ``<defs>``, whose icons are pictures) is
    :data:`READABLE_PX` tall, rounded up to 1/100. The page shows the board at least that large
    (or as wide as its column, when larger) and pans it; zoom buttons change the scale. ``rules``:
    each board region's rules reference entry (the "Rules on the board" mode, ``static/ludus.js``).

    >>> fit = board_fit('<svg viewBox="0 0 1680 900"><text font-size="8">IV</text></svg>', "hadrians-wall")
    >>> fit["width"], fit["readable"]
    (1680.0, 1.25)
    """
    found = _VIEWBOX.search(picture or "")
    sizes = [float(size) for size in _FONT.findall(_DEFS.sub("", picture or ""))]
    smallest = min((size for size in sizes if size > 0), default=READABLE_PX)
    return {"game": game, "width": float(found[1]) if found else 0.0,
            "readable": math.ceil(READABLE_PX / smallest * 100) / 100, "rules": region_entries(game)}


def plain_panel(text: str, seat: int | None) -> list[dict[str, Any]]:
    """The text rendering of a game with no picture yet, cut into its ``== ... ==`` sections:
    the common part, then one per seat (the viewer's own open, the others folded)."""
    parts: list[dict[str, Any]] = [{"title": "", "lines": [], "open": True}]
    for line in text.splitlines():
        heading = _HEADING.match(line)
        if heading:
            parts.append({"title": (heading[1] + heading[2]).strip(), "lines": [], "open": False})
        else:
            parts[-1]["lines"].append(line)
    seats = parts[1:]
    for number, part in enumerate(seats):
        part["open"] = seat is None or number == seat
    return [{"title": p["title"], "text": "\n".join(p["lines"]), "open": p["open"]} for p in parts
            if p["title"] or any(line.strip() for line in p["lines"])]


def live_fragment(request: Request | WebSocket, live: Live, seat: int | None, lang: Lang,
                  *, error: str = "", confirm: str = "", chat: str = "") -> str:
    """The ``#live`` part of a table's page for ``seat``: board, actions, log, seats, end, and the
    chat panel (``chat``, the page's first; a later fragment holds its place, which htmx keeps:
    ``hx-preserve``).

    While a person's forced move is still to be played (``State.forced``), the page offers
    nothing to click: the move is on its way and a click would race it."""
    shown = screen(live, seat, lang)
    data, board, forced = shown.data, shown.board, shown.forced
    plain = None if shown.text is None else plain_panel(shown.text, seat)
    base = seat_page(live.id, seat) if seat is not None else ""
    names = {s["seat"]: s["label"] for s in data["seats"]}
    return templates.get_template("live.html").render(
        _context(
            request,
            lang,
            t=data,
            board=board,
            waiting=", ".join(names[p] for p in data["to_move"]),
            forced=forced,
            winners=", ".join(names[p] for p in (data["outcome"] or {}).get("winners", ())),
            plain=plain,
            fit=board_fit(board, live.game.info.id),
            sheet=shown.sheet,
            names=names,
            base=base,
            error=error,
            confirm=confirm,
            overdue=hub_of(request).overdue(live) if seat is not None else [],
            levels=list(AGENTS),
            chat=chat,
            rules=rules_links(live.game.info.id, data["legal_actions"]),
        )
    )


def rules_links(game_id: str, notations: list[str]) -> dict[str, str]:
    """The rules reference's entry (its id) of each action a page offers, for its "?" link
    (``/games/{game}/reference#{id}``); empty for a game with no reference."""
    if game_id not in reference_games():
        return {}
    reference = load_reference(game_id)
    found = {n: reference.for_action(n) for n in notations}
    return {n: e.id for n, e in found.items() if e is not None}


# --- the lobby ------------------------------------------------------------------------------
@router.get("/", response_class=HTMLResponse)
def lobby(request: Request) -> HTMLResponse:
    """The lobby: open a table, join a listed one, watch the games being played."""
    lang = _lang(request)
    hub = hub_of(request)
    listed = [(row, [s.seat for s in hub.store.seats(row.id) if s.kind == "human" and not s.joined])
              for row in hub.store.tables(status=["playing"], listed=True, limit=30)]
    # only listed tables: an unlisted one is known to those who have its links, not to the lobby
    playing = hub.store.tables(status=["playing"], listed=True, limit=30)
    finished = hub.store.tables(status=["finished", "stopped"], listed=True, limit=30)
    infos = games()
    return _page(request, "lobby.html", lang, games=infos, listed=listed, playing=playing, finished=finished,
                 lessons=set(lesson_games()),
                 titles={g.id: g.title_in(lang.code) for g in infos},
                 form=_seat_form(lang, infos[0].id, None), levels=list(AGENTS))


def _option(lang: Lang, game: str, spec: OptionSpec) -> dict[str, Any]:
    """One option as a player reads it: its label, a line of explanation, each value's label."""
    def words(message: str) -> str:
        return lang.gettext(message, game) if message else ""

    return {"name": spec.name, "default": spec.default, "flag": isinstance(spec.default, bool),
            "label": words(spec.label) or spec.name, "explain": words(spec.explain), "help": words(spec.help),
            "ruling": spec.ruling, "choices": [(c, words(spec.value_label(c))) for c in spec.choices or ()],
            "minimum": spec.minimum, "maximum": spec.maximum, "players": spec.players}


def _seat_form(lang: Lang, game_id: str, players: int | None) -> dict[str, Any]:
    info = next((g for g in games() if g.id == game_id), games()[0])
    count = players if players is not None and info.min_players <= players <= info.max_players else (
        info.default_players or info.min_players)
    options = [_option(lang, info.id, o) for o in info.options if o.offered(count)]
    return {"info": info, "players": count, "options": options}


@router.get("/lobby/form", response_class=HTMLResponse)
def lobby_form(request: Request, game: str = "", players: int | None = None) -> HTMLResponse:
    """The seats and options of the new-table form for a game and player count (htmx)."""
    lang = _lang(request)
    return templates.TemplateResponse(
        request,
        "seats.html",
        _context(request, lang, form=_seat_form(lang, game, players), levels=list(AGENTS)),
    )


@router.post("/tables", response_class=HTMLResponse)
async def open_table(request: Request) -> HTMLResponse:
    """Open a table from the lobby's form; the answer lists every seat's invitation link. A client
    opens a few tables a minute at most (429) and the time per move is checked (minutes, hours or days)."""
    lang = _lang(request)
    if not may_open(request):
        refused = _page(request, "error.html", lang,
                        message=lang.gettext("too many tables opened: wait a minute"))
        refused.status_code = 429
        return refused
    form = await request.form()
    game = str(form.get("game", ""))[:64]
    info = next((g for g in games() if g.id == game), None)
    try:
        players = _number(form.get("players", ""), N_("the number of players must be a whole number"))
        seats = []
        for p in range(players if info is not None else 0):
            kind = str(form.get(f"seat{p}", "human"))
            name = str(form.get(f"name{p}", ""))[:40]
            seats.append(
                SeatSpec("bot", kind[4:]) if kind.startswith("bot:") else SeatSpec("human", name=name)
            )
        # only what the lobby offers at this player count: a ruling keeps its documented default
        options = {o.name: str(form[o.name])[:64] for o in (info.options if info else ())
                   if o.offered(players) and str(form.get(o.name, ""))}
        table_id, tokens = await run_in_threadpool(
            hub_of(request).create, game, players, options, seats, listed=form.get("listed") == "on",
            move_seconds=_move_seconds(form.get("move_time", ""), form.get("move_unit", "")),
            opened_by=opener(request), rated=form.get("rated") == "on")
    except LudusError as error:
        failed = _page(request, "error.html", lang, message=error.text_in(lang))
        failed.status_code = status_of(error)
        return failed
    person = await run_in_threadpool(account_of, request)  # a signed-in opener's seat is claimed
    mine = None if person is None else await run_in_threadpool(
        claim_opened, hub_of(request), table_id, seats, person)
    links = [(p, f"/play/{table_id}/{tokens[p]}") for p, s in enumerate(seats) if s.kind == "human"]
    return _page(request, "created.html", lang, table_id=table_id, links=links, seats=seats, mine=mine)


def _move_seconds(count: object, unit: object) -> int | None:
    """The form's time per move (a whole number of minutes, hours or days; empty: none) in seconds,
    from one minute to 14 days (:data:`~ludus.web.table.MOVE_UNITS`); a :class:`LudusError` otherwise."""
    text = str(count).strip()
    if not text:
        return None
    seconds = _number(text, N_("the time per move must be a whole number")) * MOVE_UNITS.get(
        str(unit) or "minutes", 0)
    if not MOVE_UNITS["minutes"] <= seconds <= MOVE_SECONDS[1]:
        raise LudusError(N_("the time per move must be from 1 minute to 14 days"))
    return seconds


def _number(value: object, message: str) -> int:
    """A whole number typed in a form (at most 9 digits), or a :class:`LudusError` saying ``message``."""
    text = str(value).strip()
    if not text.lstrip("-").isdigit() or len(text) > 9:
        raise LudusError(message)
    return int(text)


@router.post("/join/{table_id}")
def join_table(request: Request, table_id: str, name: Annotated[str, Form(max_length=40)] = "") -> Response:
    """Take a free seat of a listed table and go to its page (a signed-in reader's claims it)."""
    lang = _lang(request)
    person = account_of(request)
    try:
        _seat, token = hub_of(request).join(table_id, person.name if person else name)
    except LudusError as error:
        return _page(request, "error.html", lang, message=error.text_in(lang))
    if person is not None:
        claim(hub_of(request), table_id, _seat, person)
    response = RedirectResponse(seat_page(table_id, _seat), status_code=303)
    _seat_cookies(request, response, table_id, _seat, token)
    return response


@router.get("/games/{game_id}/rules", response_class=HTMLResponse)
def rules_page(request: Request, game_id: str) -> HTMLResponse:
    """A game's options in full: what each does, its notes and sources, and the rulings the lobby
    does not offer (their documented default is played)."""
    lang = _lang(request)
    info = next((g for g in games() if g.id == game_id), None)
    if info is None:
        missing = _page(request, "error.html", lang, message=lang.gettext("There is no game {game}.").format(
            game=game_id[:64]))
        missing.status_code = 404
        return missing
    options = [_option(lang, info.id, o) | {"default_label": lang.gettext(o.value_label(o.default), info.id)}
               for o in info.options]
    return _page(request, "rules.html", lang, info=info, title=info.title_in(lang.code), options=options,
                 reference=info.id in reference_games())


# --- a table ----------------------------------------------------------------------------------
def seat_page(table_id: str, seat: int) -> str:
    """The address of a seat's page (its token is in the seat's cookie, not in the address)."""
    return f"/play/{table_id}/seat/{seat}"


def _seat_cookies(request: Request, response: Response, table_id: str, seat: int, token: str) -> None:
    """Keep ``token`` in the cookie of ``seat`` at ``table_id``: sent with the seat's page and its
    posts (path ``/play/{id}/seat/{n}``) and with the page's WebSocket (``/ws/pages/{id}/seat/{n}``),
    to nothing else: not to another seat's page, the spectator's, the lobby or the API.

    SameSite=Lax, not Strict: an invitation opened from a mail or a chat is a navigation from
    another site, and Chromium does not send a Strict cookie to the page that navigation is
    redirected to. Lax still keeps it from every cross-site post and from other sites' WebSockets."""
    for path in (seat_page(table_id, seat), f"/ws/pages/{table_id}/seat/{seat}"):
        response.set_cookie(SEAT_COOKIE, token, max_age=SEAT_COOKIE_DAYS * 86400, path=path, httponly=True,
                            samesite="lax", secure=request.url.scheme == "https")


def _cookie_token(request: Request | WebSocket) -> str | None:
    """The seat's token the request's cookie holds (None without one)."""
    token = request.cookies.get(SEAT_COOKIE)
    return token[:64] if token else None


@router.get("/play/{table_id}/{token}")
def invitation(request: Request, table_id: str, token: str) -> Response:
    """A seat's invitation link: the token goes into the seat's cookie, and the browser to the
    seat's page, ``/play/{id}/seat/{n}`` (a wrong token: the error page)."""
    lang = _lang(request)
    try:
        _live, seat = hub_of(request).seat_for(table_id, token[:64])
    except LudusError as error:
        page = _page(request, "error.html", lang, message=error.text_in(lang))
        page.status_code = status_of(error)
        return page
    assert seat is not None
    code = request.query_params.get("lang")
    response = RedirectResponse(seat_page(table_id, seat) + (f"?lang={code}" if code in LANGUAGES else ""),
                                status_code=303)
    _seat_cookies(request, response, table_id, seat, token[:64])
    return response


@router.get("/play/{table_id}", response_class=HTMLResponse)
def no_seat_page(request: Request, table_id: str) -> HTMLResponse:
    """A table's address without a seat: a page that asks for the invitation link and offers to watch."""
    return _without_seat(request, table_id)


def _without_seat(request: Request, table_id: str) -> HTMLResponse:
    lang = _lang(request)
    try:
        hub_of(request).get(table_id)
    except LudusError as error:
        page = _page(request, "error.html", lang, message=error.text_in(lang))
        page.status_code = status_of(error)
        return page
    page = _page(request, "error.html", lang, watch=f"/watch/{table_id}",
                 message=lang.gettext("Open your invitation link again to play this seat."))
    page.status_code = 403
    return page


def _page_seat(request: Request | WebSocket, table_id: str, wanted: int,
               claiming: bool = False) -> tuple[Live, int, str | None]:
    """The table and seat ``wanted`` a seat's page (its posts, its socket) plays, and the token it
    plays by: the seat's cookie's token, else (None) the reader's session, if their account has
    claimed the seat. With ``claiming``, a signed-in reader who plays by the token claims the seat.
    :class:`Forbidden` otherwise, :class:`~ludus.web.table.NotFound` without such a table."""
    hub = hub_of(request)
    token = _cookie_token(request)
    person = account_of(request)
    if token is not None:
        try:
            live, seat = hub.seat_for(table_id, token)
        except Forbidden:
            seat = None
        if seat == wanted:
            if person is not None and claiming:
                claim(hub, table_id, wanted, person)
            return live, wanted, token
    if person is not None:
        live = hub.get(table_id)
        if claimed(live, wanted, person):
            return live, wanted, None
    raise Forbidden(N_("this page has no seat: open your invitation link again"))


@router.get("/play/{table_id}/seat/{seat}", response_class=HTMLResponse)
def play_page(request: Request, table_id: str, seat: int) -> HTMLResponse:
    """A seat's page, played with the token of the seat's cookie, or by the reader's session when
    their account has claimed the seat. Without either (another browser, or one that forgot the
    cookie), a page that asks for the invitation link again and offers to watch."""
    if _cookie_token(request) is None and account_of(request) is None:
        return _without_seat(request, table_id)
    try:
        live, mine, token = _page_seat(request, table_id, seat, claiming=True)
    except Forbidden:
        return _without_seat(request, table_id)
    except LudusError as error:
        page = _page(request, "error.html", _lang(request), message=error.text_in(_lang(request)))
        page.status_code = status_of(error)
        return page
    page = _table_page(request, table_id, live, mine)
    if token is not None:  # the seat's page: its cookie is kept for another month
        _seat_cookies(request, page, table_id, seat, token)
    return page


@router.get("/watch/{table_id}", response_class=HTMLResponse)
def watch_page(request: Request, table_id: str) -> HTMLResponse:
    """A spectator's page: the spectator view, no hand, no actions."""
    try:
        live = hub_of(request).get(table_id)
    except LudusError as error:
        lang = _lang(request)
        page = _page(request, "error.html", lang, message=error.text_in(lang))
        page.status_code = status_of(error)
        return page
    return _table_page(request, table_id, live, None)


def _table_page(request: Request, table_id: str, live: Live, seat: int | None) -> HTMLResponse:
    """The page of a seat or of a spectator (None), fed by the page's WebSocket (a seat's socket is
    the seat's own address, where the seat's cookie is sent)."""
    lang = _lang(request)
    fragment = live_fragment(request, live, seat, lang, chat=_chat_panel(request, table_id, seat, lang))
    socket = f"/ws/pages/{table_id}" + ("" if seat is None else f"/seat/{seat}") + f"?lang={lang.code}"
    return _page(request, "table.html", lang, live=fragment, title=live.game.info.title_in(lang.code),
                 socket=socket, table_id=table_id, seat=seat)


def _chat_panel(request: Request, table_id: str, seat: int | None, lang: Lang) -> str:
    """The chat panel of a page: the last lines of its room (the players' for a seat, else the
    spectators'), and the form to write, for a seat or a signed-in spectator."""
    room = "seats" if seat is not None else "watchers"
    may_write = seat is not None or account_of(request) is not None
    return templates.get_template("chat.html").render(_context(
        request, lang, table_id=table_id, room=room, may_write=may_write, max_chars=MAX_CHARS,
        lines=chat_of(request).history(table_id, room), more=False))


@router.post("/play/{table_id}/seat/{page_seat}/{what}", response_class=HTMLResponse)
def play_post(
    request: Request,
    table_id: str,
    page_seat: int,
    what: str,
    action: Annotated[str, Form(max_length=200)] = "",
    confirm: Annotated[str, Form(max_length=8)] = "",
    seat: Annotated[int, Form(ge=0, le=7)] = 0,
) -> Response:
    """A click on the play page: ``act``, ``undo``, ``leave``, ``return``, ``handover`` or
    ``rematch`` for the seat of the page's cookie; the answer is the new ``#live`` fragment (an
    error is shown in it), or for ``rematch`` the way to the new table's page (its cookie set)."""
    lang = _lang(request)
    hub = hub_of(request)
    try:
        live, mine, token = _page_seat(request, table_id, page_seat)
    except LudusError as refused:
        return HTMLResponse(
            f'<div id="live" class="error">{html.escape(refused.text_in(lang))}</div>', status_code=403
        )
    person = account_of(request)
    bucket = token if token is not None else f"account:{person.id if person else '-'}"
    limits = request.app.state.limits
    if not limits.allow(f"{request.client.host if request.client else '?'}|{bucket}"):
        return HTMLResponse(
            live_fragment(request, live, mine, lang, error=lang.gettext("Too many clicks: slow down."))
        )
    problem, ask = "", ""
    try:
        if what == "act":
            hub.act(table_id, mine, action, confirm=confirm == "1")
        elif what == "undo":
            hub.undo(table_id, mine)
        elif what == "leave":
            hub.hand_over(table_id, mine, mine)
        elif what == "return":
            hub.set_seat(table_id, mine, replaced_by=None)
        elif what == "handover":
            hub.hand_over(table_id, mine, seat)
        elif what == "rematch":
            new_id = hub.rematch(table_id)
            moved = Response(status_code=204, headers={"HX-Redirect": seat_page(new_id, mine)})
            if token is not None:
                _seat_cookies(request, moved, new_id, mine, token)
            elif person is not None:  # played by the session: the new table's seat is claimed too
                claim(hub, new_id, mine, person)
            return moved
        else:
            return HTMLResponse("", status_code=404)
    except NeedsConfirmation as needs:
        ask = needs.text_in(lang)
    except LudusError as failed:
        problem = failed.text_in(lang)
    return HTMLResponse(
        live_fragment(request, live, mine, lang, error=problem, confirm=ask and action)
    )


@router.websocket("/ws/pages/{table_id}")
async def page_socket(websocket: WebSocket, table_id: str, lang: str | None = None) -> None:
    """Pushes the spectator page's ``#live`` fragment after every change of the table."""
    await serve_socket(websocket, table_id, None, lang, render=_render(websocket), send_json=False,
                       chat=_chat_view(websocket))


@router.websocket("/ws/pages/{table_id}/seat/{seat}")
async def seat_socket(websocket: WebSocket, table_id: str, seat: int, lang: str | None = None) -> None:
    """Pushes a seat's page's ``#live`` fragment after every change of the table: the seat whose
    token the seat's cookie holds, or that the reader's account has claimed (refused otherwise)."""
    def find() -> tuple[Live, int | None]:
        live, mine, _token = _page_seat(websocket, table_id, seat)
        return live, mine

    person = await run_in_threadpool(account_of, websocket)
    bucket = _cookie_token(websocket) or f"account:{person.id if person else '-'}"
    await serve_socket(websocket, table_id, bucket, lang, render=_render(websocket), send_json=False,
                       chat=_chat_view(websocket), find=find)


def _render(websocket: WebSocket) -> Callable[[Live, int | None, Lang], str]:
    """What a page's socket pushes: the ``#live`` fragment of the seat (or spectator)."""
    def render(live: Live, seat: int | None, lang: Lang) -> str:
        return live_fragment(websocket, live, seat, lang)

    return render


def _chat_view(websocket: WebSocket) -> ChatView:
    """How a page's socket shows the chat: HTML that htmx's ws extension swaps in by id (the lines
    added to ``#chat-lines``, or the room's history in place of it; an error in ``#chat-error``)."""
    def lines(said: list[Line], whole: bool, lang: Lang) -> str:
        return templates.get_template("chat_push.html").render(
            _context(websocket, lang, lines=said, more=not whole, refused=""))

    def refused(text: str, _status: int) -> str:
        return templates.get_template("chat_push.html").render(refused=text)

    return ChatView(lines, refused)


# --- the replay -------------------------------------------------------------------------------
@router.get("/replay/{table_id}", response_class=HTMLResponse)
def replay_page(request: Request, table_id: str, at: int = 0, seat: int | None = None,
                mine: int | None = None) -> HTMLResponse:
    """Step through a game action by action, from any seat's view once it is over, with the game's
    review (``mine``: the review of the reader's seat, which sees its own decisions while the game is
    played; :mod:`ludus.web.advice` serves the panel)."""
    lang = _lang(request)
    try:
        live = hub_of(request).get(table_id)
        state, events, total = position(live, at, seat)
    except LudusError as error:
        return _page(request, "error.html", lang, message=error.text_in(lang))
    at = max(0, min(at, total))
    lang = reader(live, lang)
    view = board_view(state, seat, events)
    view["actions"] = []
    board = live.game.svg(view, seat, lang)
    text = None if board else live.game.render(state.view(seat), seat, lang)
    return _page(request, "replay.html", lang, live=live, at=at, total=total, seat=seat, board=board,
                 fit=board_fit(board, live.game.info.id),
                 plain=None if board or text is None else plain_panel(text, seat),
                 log=[e.text_in(lang) for e in events], title=live.game.info.title_in(lang.code),
                 finished=live.status != "playing", names=[lang.player(p) for p in range(live.game.players)],
                 mine=mine, review_url=(f"{seat_page(table_id, mine)}/review" if mine is not None
                                        else f"/replay/{table_id}/review"))
