"""A table's WebSocket session, whichever page or client opened it, and the seat a token plays.

:func:`serve_socket` is the loop of one WebSocket: it pushes what ``render`` makes of the
table after every change (the JSON payload for :mod:`ludus.web.api`'s socket, the play
page's HTML fragment for :mod:`ludus.web.pages`'s: the renderer is passed in, so this
module knows neither) and hands the seat's actions and undos to the hub. It also carries the
table's chat (:mod:`ludus.web.chat`): a seat's socket the players' room, a spectator's the
spectators' room; it sends the room's last lines when it opens, then each new line, and takes
``{"chat": "..."}`` (shown through a :class:`ChatView`, passed in too).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import orjson
from fastapi import Request, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool

from ludus.core.errors import N_, LudusError
from ludus.core.i18n import LANGUAGES, Lang
from ludus.web.accounts import SESSION_COOKIE, signed_in
from ludus.web.chat import Chat, Line
from ludus.web.http import RateLimit, language, origin_allowed, status_of
from ludus.web.live import Hub, Live, NeedsConfirmation
from ludus.web.store import AccountRow

__all__ = ["ChatView", "Renderer", "chat_of", "hub_of", "json_text", "serve_socket"]

Renderer = Callable[[Live, int | None, Lang], Any]
"""What a socket pushes: (the table, the seat or None, the language) → a JSON-ready payload
(:func:`ludus.web.payload.payload` itself) or an HTML fragment."""


def hub_of(request: Request | WebSocket) -> Hub:
    """The hub of the application serving ``request``."""
    hub: Hub = request.app.state.hub
    return hub


def chat_of(request: Request | WebSocket) -> Chat:
    """The chat of the application serving ``request``."""
    chat: Chat = request.app.state.chat
    return chat


@dataclass(frozen=True, slots=True)
class ChatView:
    """How a socket shows the chat. ``lines(lines, whole, lang)``: the message that adds ``lines`` to
    the reader's list (``whole``: the room's history, which replaces the list); ``refused(text,
    status)``: the message that tells the writer alone why a line was refused."""

    lines: Callable[[list[Line], bool, Lang], Any]
    refused: Callable[[str, int], Any]


def json_text(data: Any) -> str:
    """``data`` as compact JSON text, as Starlette's ``send_json`` writes it (orjson: several times
    faster than the standard library, which still writes what orjson refuses, e.g. an integer
    beyond 64 bits)."""
    try:
        return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _decoded(message: Any) -> Any:
    """The JSON a WebSocket message carries (None when it is not JSON, or nested too deep to read:
    ``json.loads`` raises RecursionError on ``[[[[...]]]]`` some thousands deep)."""
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        text = (message.get("bytes") or b"").decode("utf-8", "replace")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


async def serve_socket(websocket: WebSocket, table_id: str, token: str | None, lang: str | None, *,
                       render: Renderer, send_json: bool, chat: ChatView) -> None:
    """The loop of a table's WebSocket: pushes ``render``'s answer (JSON with ``send_json``, else
    text) after every change, and the chat of the socket's room as ``chat`` shows it; takes
    ``{"action": "...", "confirm": false}``, ``{"undo": true}`` and ``{"chat": "..."}``."""
    settings = websocket.app.state.settings
    if not origin_allowed(websocket.headers.get("origin"), websocket.headers.get("host"), settings.origins,
                          websocket.url.scheme):
        await websocket.close(code=1008, reason="origin not allowed")
        return
    hub, talk = hub_of(websocket), chat_of(websocket)
    try:
        live, seat = await run_in_threadpool(hub.seat_for, table_id, token)
    except LudusError as error:
        await websocket.close(code=1008, reason=str(error)[:120])
        return
    # a spectator writes in the spectators' room when signed in (a seat's line is the seat's)
    person: AccountRow | None = None
    if seat is None:
        person = await run_in_threadpool(signed_in, hub.store, websocket.cookies.get(SESSION_COOKIE))
    room = "seats" if seat is not None else "watchers"
    lang_ = language(lang if lang in LANGUAGES else None, websocket.headers.get("accept-language"))
    await websocket.accept()
    loop = asyncio.get_running_loop()
    wake = asyncio.Event()
    changed = [True]  # the table changed since the last push (the first push: it has)
    said: deque[Line] = deque()  # chat lines to push

    def mark() -> None:
        changed[0] = True
        wake.set()

    def poke() -> None:
        loop.call_soon_threadsafe(mark)

    def add(line: Line) -> None:
        said.append(line)
        wake.set()

    def heard(line: Line) -> None:
        loop.call_soon_threadsafe(add, line)

    def render_now() -> Any:
        data = render(live, seat, lang_)
        return json_text(data) if send_json else data

    async def send(message: Any) -> None:
        await websocket.send_text(json_text(message) if send_json else message)

    async def push() -> None:
        shown: set[int] = set()  # the chat lines this socket has sent (a line may come twice)
        first = True
        while True:
            await wake.wait()
            wake.clear()
            if changed[0]:
                changed[0] = False
                await websocket.send_text(await run_in_threadpool(render_now))
            if first:  # after the table: the room's last lines (none: nothing is sent)
                first = False
                history = await run_in_threadpool(talk.history, table_id, room)
                shown.update(line.idx for line in history)
                if history:
                    await send(chat.lines(history, True, lang_))
            fresh = []
            while said:
                line = said.popleft()
                if line.idx not in shown:
                    shown.add(line.idx)
                    fresh.append(line)
            if fresh:
                await send(chat.lines(fresh, False, lang_))

    # one bucket per client address and token, shared with the HTTP requests (``app.state.limits``):
    # more sockets, or a socket and HTTP, do not multiply the rate
    limits: RateLimit = websocket.app.state.limits
    key = f"{websocket.client.host if websocket.client else '?'}|{token if token is not None else '-'}"
    hub.listen(table_id, poke)
    talk.listen(table_id, room, heard)
    wake.set()
    pusher = asyncio.create_task(push())
    try:
        while True:
            message = _decoded(await websocket.receive())
            if not limits.allow(key):
                await websocket.send_json(
                    {"error": lang_.gettext("too many requests: slow down"), "status": 429}
                )
                continue
            if isinstance(message, dict) and "chat" in message:
                try:
                    if not isinstance(message["chat"], str):
                        raise LudusError(N_('send {"chat": "..."} with the line as text'))
                    await run_in_threadpool(talk.say, table_id, message["chat"], seat=seat, account=person)
                except LudusError as error:
                    await send(chat.refused(error.text_in(lang_), status_of(error)))
                continue
            if seat is None:
                await websocket.send_json({"error": lang_.gettext("spectators cannot act"), "status": 403})
                continue
            if not isinstance(message, dict):
                await websocket.send_json({"error": lang_.gettext("send a JSON object"), "status": 400})
                continue
            try:
                if message.get("undo") is True:
                    await run_in_threadpool(hub.undo, table_id, seat)
                elif isinstance(message.get("action"), str) and len(message["action"]) <= 200:
                    await run_in_threadpool(hub.act, table_id, seat, message["action"],
                                            confirm=message.get("confirm") is True)
                else:
                    await websocket.send_json(
                        {"error": lang_.gettext('send {"action": "..."} or {"undo": true}'), "status": 400}
                    )
            except LudusError as error:
                await websocket.send_json({"error": error.text_in(lang_), "status": status_of(error),
                                           "confirm": isinstance(error, NeedsConfirmation)})
    except (WebSocketDisconnect, ValueError, RuntimeError):
        pass
    finally:
        hub.unlisten(table_id, poke)
        talk.unlisten(table_id, room, heard)
        pusher.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await pusher
