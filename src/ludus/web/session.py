"""A table's WebSocket session, whichever page or client opened it, and the seat a token plays.

:func:`serve_socket` is the loop of one WebSocket: it pushes what ``render`` makes of the
table after every change (the JSON payload for :mod:`ludus.web.api`'s socket, the play
page's HTML fragment for :mod:`ludus.web.pages`'s: the renderer is passed in, so this
module knows neither) and hands the seat's actions and undos to the hub.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import Any

import orjson
from fastapi import Request, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool

from ludus.core.errors import LudusError
from ludus.core.i18n import LANGUAGES, Lang
from ludus.web.http import RateLimit, language, origin_allowed, status_of
from ludus.web.live import Hub, Live, NeedsConfirmation

__all__ = ["Renderer", "hub_of", "json_text", "serve_socket"]

Renderer = Callable[[Live, int | None, Lang], Any]
"""What a socket pushes: (the table, the seat or None, the language) → a JSON-ready payload
(:func:`ludus.web.payload.payload` itself) or an HTML fragment."""


def hub_of(request: Request | WebSocket) -> Hub:
    """The hub of the application serving ``request``."""
    hub: Hub = request.app.state.hub
    return hub


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
                       render: Renderer, send_json: bool) -> None:
    """The loop of a table's WebSocket: pushes ``render``'s answer (JSON with ``send_json``, else
    text) after every change; takes ``{"action": "...", "confirm": false}`` and ``{"undo": true}``."""
    settings = websocket.app.state.settings
    if not origin_allowed(websocket.headers.get("origin"), websocket.headers.get("host"), settings.origins,
                          websocket.url.scheme):
        await websocket.close(code=1008, reason="origin not allowed")
        return
    hub = hub_of(websocket)
    try:
        live, seat = await run_in_threadpool(hub.seat_for, table_id, token)
    except LudusError as error:
        await websocket.close(code=1008, reason=str(error)[:120])
        return
    lang_ = language(lang if lang in LANGUAGES else None, websocket.headers.get("accept-language"))
    await websocket.accept()
    loop = asyncio.get_running_loop()
    wake = asyncio.Event()

    def poke() -> None:
        loop.call_soon_threadsafe(wake.set)

    def render_now() -> Any:
        data = render(live, seat, lang_)
        return json_text(data) if send_json else data

    async def push() -> None:
        while True:
            await wake.wait()
            wake.clear()
            await websocket.send_text(await run_in_threadpool(render_now))

    # one bucket per client address and token, shared with the HTTP requests (``app.state.limits``):
    # more sockets, or a socket and HTTP, do not multiply the rate
    limits: RateLimit = websocket.app.state.limits
    key = f"{websocket.client.host if websocket.client else '?'}|{token if token is not None else '-'}"
    hub.listen(table_id, poke)
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
        pusher.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await pusher
