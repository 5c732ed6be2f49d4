"""The HTTP API (JSON) and the WebSocket of a table.

A seat is played with its secret token (``?token=`` or in the body; a GET and the WebSocket
also take it in an ``X-Ludus-Token`` or ``Authorization: Bearer`` header, which keeps it out of
URLs and access logs); without a token a client is a spectator: the spectator view, no legal
actions. Every payload is built by :func:`ludus.web.payload.payload` from the seat's view and
the seat's own legal actions. An illegal or malformed request is a 4xx with
``{"detail": "one line"}`` and changes nothing. FastAPI publishes the schema at
``/openapi.json``; it is part of the contract.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Header, HTTPException, Path, Query, Request, WebSocket
from pydantic import BaseModel, Field

from ludus.agents import AGENTS
from ludus.core.i18n import Lang
from ludus.core.record import SEED_LIMIT
from ludus.core.registry import configure, games
from ludus.web.guard import may_open, opener
from ludus.web.http import RateLimit, header_token, language
from ludus.web.live import MOVE_SECONDS, Hub, Live, SeatSpec
from ludus.web.payload import LOG_SIZE, payload, reader
from ludus.web.replay import position
from ludus.web.session import ChatView, hub_of, serve_socket

__all__ = ["router"]

router = APIRouter()

Token = Annotated[str, Field(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
TableId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
LangCode = Literal["en", "pl", "hu", "uk"]


class Error(BaseModel):
    """A refused request: what went wrong, in one line (in the asked language)."""

    detail: str
    confirm: bool = Field(False, description="the move loses the game at once: send it again with confirm")


_WHY = {
    400: "a malformed request: a body that is not JSON, unknown game, options, bot level or notation",
    403: "the token plays no seat at this table, or the seat may not see that",
    404: "there is no such table",
    409: "the table cannot take it now: an illegal action, the game is over, a fatal move to confirm",
    422: "the request does not fit the schema: the field and the problem, in one line",
    429: "too many requests, or too many tables opened by this client: slow down",
}


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The error answers an operation documents (all of them ``{"detail": "..."}``), and 422 (a request
    that does not fit the schema: one line too, in place of FastAPI's list of problems)."""
    return {code: {"model": Error, "description": _WHY[code]} for code in (*codes, 422)}


class SeatIn(BaseModel):
    """A seat of a new table: a person, or a bot of a level (``random``, ``greedy``)."""

    kind: Literal["human", "bot"]
    level: str | None = Field(None, max_length=32)
    name: str = Field("", max_length=40)


class TableIn(BaseModel):
    """A new table."""

    game: str = Field(max_length=64)
    players: int | None = Field(None, ge=1, le=8)
    options: dict[str, str | int | float | bool] = Field(default_factory=dict, max_length=32)
    seats: list[SeatIn] | None = Field(
        None, max_length=8, description="default: seat 0 a person, the others greedy bots"
    )
    seed: int | None = Field(None, gt=-SEED_LIMIT // 2, lt=SEED_LIMIT // 2)
    listed: bool = Field(False, description="shown in the lobby's open tables")
    move_seconds: int | None = Field(
        None, ge=MOVE_SECONDS[0], le=MOVE_SECONDS[1],
        description="time per move; a late seat may be handed to a bot",
    )
    rated: bool = Field(False, description="the result changes the players' ratings (not for one player, "
                                           "a co-operative game or bots only)")


class SeatToken(BaseModel):
    """A seat's secret token: whoever holds it plays the seat."""

    seat: int
    token: str


class TableCreated(BaseModel):
    """A table was opened."""

    id: str
    seats: list[SeatToken]


class ActionIn(BaseModel):
    """An action of the token's seat, in notation (the ``seat:`` prefix may be left out)."""

    token: Token
    action: str = Field(min_length=1, max_length=200)
    confirm: bool = Field(False, description="play a move that loses the game at once")


class TokenIn(BaseModel):
    """A request made by a seat."""

    token: Token


class HandOverIn(BaseModel):
    """Hand a seat to a bot: one's own (leaving), or a seat that ran out of time."""

    token: Token
    seat: int = Field(ge=0, le=7)
    level: str = Field("greedy", max_length=32)


class LogLine(BaseModel):
    """One event the seat saw, with its text in the asked language."""

    action: int
    kind: str
    data: dict[str, Any]
    text: str


class SeatInfo(BaseModel):
    """Who plays a seat (public)."""

    seat: int
    kind: str
    level: str | None
    name: str
    label: str = Field(description='what people read: the name, "Bot (hard)" or "Player 1" (seats from 1)')
    joined: bool
    bot: str | None


class TableState(BaseModel):
    """A table as one seat (or a spectator) sees it."""

    id: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    status: str
    index: int
    played: int
    to_move: list[int]
    server_moving: bool = Field(description="a person's forced move is still to be played by the server: "
                                            "nothing is offered until the push that follows it")
    seat: int | None
    seats: list[SeatInfo]
    view: dict[str, Any]
    legal_actions: list[str]
    labels: dict[str, str]
    log: list[LogLine]
    can_undo: bool
    deadline: str | None
    move_seconds: int | None
    rematch: str | None
    rated: bool = Field(description="the result changes the players' ratings")
    outcome: dict[str, Any] | None


class ReplayState(BaseModel):
    """A position of a game's replay, as one seat (or a spectator) saw it."""

    at: int = Field(description="actions played to reach it")
    total: int = Field(description="actions of the game so far")
    seat: int | None
    view: dict[str, Any]
    log: list[str] = Field(description="what the last of those actions did, as the seat saw it")


class GameOut(BaseModel):
    """A game the server plays."""

    id: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    cooperative: bool
    options: list[dict[str, Any]]
    bot_levels: list[str]


class TableSummary(BaseModel):
    """A table in the lobby."""

    id: str
    game: str
    players: int
    status: str
    rated: bool
    open_seats: list[int]


def _lang(lang: str | None, request: Request) -> Lang:
    return language(lang, request.headers.get("accept-language"))


def _limited(request: Request, key: str) -> None:
    limits: RateLimit = request.app.state.limits
    client = request.client.host if request.client else "?"
    if not limits.allow(f"{client}|{key}"):
        raise HTTPException(429, _lang(None, request).gettext("too many requests: slow down"))


@router.get("/api/games", response_model=list[GameOut], tags=["api"], responses=errors())
def list_games(lang: LangCode | None = None) -> list[dict[str, Any]]:
    """The games, their player counts and options, and the bot levels."""
    code = lang or "en"
    return [
        {
            "id": g.id,
            "title": g.title_in(code),
            "min_players": g.min_players,
            "max_players": g.max_players,
            "default_players": g.default_players or g.min_players,
            "cooperative": g.cooperative,
            "options": [
                {"name": o.name, "default": o.default, "choices": list(o.choices or ()), "help": o.help}
                for o in g.options
            ],
            "bot_levels": list(AGENTS),
        }
        for g in games()
    ]


@router.post(
    "/api/tables", response_model=TableCreated, status_code=201, tags=["api"], responses=errors(400, 429)
)
def create_table(request: Request, body: TableIn) -> dict[str, Any]:
    """Open a table; the answer holds each seat's secret token (give each player theirs). A client
    opens a few tables a minute at most, and has at most a few unfinished tables of bots only (429)."""
    if not may_open(request):
        raise HTTPException(429, _lang(None, request).gettext("too many tables opened: wait a minute"))
    hub = hub_of(request)
    if body.seats is None:
        count = configure(body.game, body.players, body.options).players
        seats = [SeatSpec("human")] + [SeatSpec("bot", "greedy")] * (count - 1)
    else:
        seats = [SeatSpec(s.kind, s.level, s.name) for s in body.seats]
    players: int | None = (
        body.players if body.players is not None else (len(seats) if body.seats is not None else None)
    )
    table_id, tokens = hub.create(body.game, players, dict(body.options), seats, seed=body.seed,
                                  listed=body.listed, move_seconds=body.move_seconds,
                                  opened_by=opener(request), rated=body.rated)
    return {
        "id": table_id,
        "seats": [{"seat": p, "token": t} for p, t in enumerate(tokens) if seats[p].kind == "human"],
    }


@router.get("/api/tables", response_model=list[TableSummary], tags=["api"])
def open_tables(request: Request) -> list[dict[str, Any]]:
    """Tables listed in the lobby that still have a seat for a person to take."""
    hub = hub_of(request)
    out = []
    for row in hub.store.tables(status=["playing"], listed=True, limit=50):
        seats = hub.store.seats(row.id)
        out.append({"id": row.id, "game": row.game, "players": row.players, "status": row.status,
                    "rated": row.rated,
                    "open_seats": [s.seat for s in seats if s.kind == "human" and not s.joined]})
    return out


@router.get("/api/tables/{table_id}", response_model=TableState, tags=["api"], responses=errors(403, 404))
def get_table(
    request: Request,
    table_id: TableId,
    token: Token | None = None,
    lang: LangCode | None = None,
    log: Annotated[int, Query(ge=0, le=1000)] = LOG_SIZE,
    x_ludus_token: Annotated[Token | None, Header(description="the seat's token, out of the URL")] = None,
    authorization: Annotated[str | None, Header(max_length=200, description="Bearer <token>")] = None,
) -> dict[str, Any]:
    """The table as the token's seat sees it (no token: the spectator view, no legal actions). The token
    may come in ``?token=``, an ``X-Ludus-Token`` header or an ``Authorization: Bearer`` header."""
    live, seat = hub_of(request).seat_for(table_id, token or header_token(x_ludus_token, authorization))
    return payload(live, seat, _lang(lang, request), log)


def _seated(request: Request, table_id: str, token: str) -> tuple[Hub, Live, int]:
    """The hub, the table and the seat of a request made with a seat's ``token`` (rate-limited)."""
    _limited(request, token)
    hub = hub_of(request)
    live, seat = hub.seat_for(table_id, token)
    assert seat is not None
    return hub, live, seat


@router.post("/api/tables/{table_id}/actions", response_model=TableState, tags=["api"],
             responses=errors(400, 403, 404, 409, 429))
def post_action(
    request: Request, table_id: TableId, body: ActionIn, lang: LangCode | None = None
) -> dict[str, Any]:
    """Play an action for the token's seat; the answer is the table as that seat now sees it."""
    hub, live, seat = _seated(request, table_id, body.token)
    hub.act(table_id, seat, body.action, confirm=body.confirm)
    return payload(live, seat, _lang(lang, request))


@router.post(
    "/api/tables/{table_id}/undo",
    response_model=TableState,
    tags=["api"],
    responses=errors(400, 403, 404, 409, 429),
)
def post_undo(
    request: Request, table_id: TableId, body: TokenIn, lang: LangCode | None = None
) -> dict[str, Any]:
    """Take back the seat's latest action, when the rules allow it."""
    hub, live, seat = _seated(request, table_id, body.token)
    hub.undo(table_id, seat)
    return payload(live, seat, _lang(lang, request))


@router.post("/api/tables/{table_id}/handover", response_model=TableState, tags=["api"],
             responses=errors(400, 403, 404, 409, 429))
def post_handover(
    request: Request, table_id: TableId, body: HandOverIn, lang: LangCode | None = None
) -> dict[str, Any]:
    """Hand a seat to a bot: one's own seat (leaving the table), or a seat that ran out of time."""
    hub, live, seat = _seated(request, table_id, body.token)
    hub.hand_over(table_id, seat, body.seat, body.level)
    return payload(live, seat, _lang(lang, request))


@router.post(
    "/api/tables/{table_id}/return",
    response_model=TableState,
    tags=["api"],
    responses=errors(400, 403, 404, 429),
)
def post_return(
    request: Request, table_id: TableId, body: TokenIn, lang: LangCode | None = None
) -> dict[str, Any]:
    """Take one's seat back from the bot that played it."""
    hub, live, seat = _seated(request, table_id, body.token)
    hub.set_seat(table_id, seat, replaced_by=None)
    return payload(live, seat, _lang(lang, request))


@router.post("/api/tables/{table_id}/rematch", response_model=TableCreated, tags=["api"],
             responses=errors(400, 403, 404, 409, 429))
def post_rematch(request: Request, table_id: TableId, body: TokenIn) -> dict[str, Any]:
    """The rematch of a finished table: the same seats, a new seed; every seat's token plays it too."""
    _limited(request, body.token)
    hub = hub_of(request)
    _live, seat = hub.seat_for(table_id, body.token)
    new_id = hub.rematch(table_id)
    return {"id": new_id, "seats": [{"seat": seat, "token": body.token}]}


@router.post(
    "/api/tables/{table_id}/join",
    response_model=SeatToken,
    tags=["api"],
    responses=errors(400, 404, 409, 429),
)
def post_join(
    request: Request, table_id: TableId, name: Annotated[str, Body(embed=True, max_length=40)] = ""
) -> dict[str, Any]:
    """Take a free seat of a table listed in the lobby: the answer is that seat's new token."""
    _limited(request, "join")
    hub = hub_of(request)
    seat, token = hub.join(table_id, name)
    return {"seat": seat, "token": token}


@router.get("/api/tables/{table_id}/record", tags=["api"], responses=errors(404))
def get_record(request: Request, table_id: TableId) -> dict[str, Any]:
    """The game record (``ludus replay`` reads it) of a finished game; during a game only
    what a spectator may know: the game, its options and how far it is (no seed, no actions)."""
    live = hub_of(request).get(table_id)
    with live.lock:
        if live.status != "playing":
            return live.record().to_json()
        record = live.record()
        return {
            "game": record.game,
            "players": record.players,
            "options": record.options,
            "version": record.version,
            "finished": False,
            "played": len(record.actions),
            "seats": record.seats,
        }


@router.get(
    "/api/tables/{table_id}/replay", response_model=ReplayState, tags=["api"], responses=errors(403, 404)
)
def get_replay(
    request: Request,
    table_id: TableId,
    at: Annotated[int, Query(ge=0, le=100_000)] = 0,
    seat: Annotated[int | None, Query(ge=0, le=7)] = None,
    lang: LangCode | None = None,
) -> dict[str, Any]:
    """The position after ``at`` actions, seen by ``seat``: any seat of a finished game; during a
    game only the spectator."""
    hub = hub_of(request)
    live = hub.get(table_id)
    state, events, total = position(live, at, seat)
    lang_ = reader(live, _lang(lang, request))
    return {"at": min(at, total), "total": total, "seat": seat, "view": state.view(seat),
            "log": [e.text_in(lang_) for e in events]}


@router.websocket("/ws/tables/{table_id}")
async def table_socket(
    websocket: WebSocket, table_id: str, token: str | None = None, lang: str | None = None
) -> None:
    """Pushes the table (as ``GET /api/tables/{id}`` gives it) after every change; takes
    ``{"action": "...", "confirm": false}`` and ``{"undo": true}`` from the seat (whose token comes in
    ``?token=``, an ``X-Ludus-Token`` header or an ``Authorization: Bearer`` header).

    The chat of the socket's room (the players' for a seat, else the spectators'): on opening, after
    the table, ``{"chat": [line, ...], "history": true}`` with the room's last lines (when it has any),
    then ``{"chat": [line], "history": false}`` for each new one, a line being ``{"idx", "room",
    "seat", "name", "text", "at"}`` (text, never HTML: escape it where it is shown). ``{"chat":
    "..."}`` writes a line (a seat, or a spectator signed in with the session cookie); a refused line
    gets ``{"error": "...", "status": 4xx}``."""
    headers = websocket.headers
    token = token or header_token(headers.get("x-ludus-token"), headers.get("authorization"))
    await serve_socket(websocket, table_id, token, lang, render=payload, send_json=True, chat=_CHAT)


_CHAT = ChatView(
    lambda lines, whole, lang: {"chat": [line.to_json(lang) for line in lines], "history": whole},
    lambda text, status: {"error": text, "status": status},
)
"""How the JSON socket shows the chat."""
