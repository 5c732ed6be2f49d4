"""Who may open a table, and how often: the limits a stranger meets when creating.

Every route that opens a table (the API's ``POST /api/tables``, the lobby's form) asks
:func:`may_open` first: a token bucket per client address (``ludus serve --tables-per-minute``,
bursts of ``--table-burst``); the table then remembers :func:`opener` (a hash of the address,
which hides it from a glance but not from a search: docs/web.md) so that the hub can cap one
client's unfinished tables of bots only (:attr:`ludus.web.live.Hub.bot_tables`). Reading requests
have a bucket per address of their own (:class:`ReadLimit`). Behind a reverse proxy the client's
address is the one the proxy forwards (uvicorn's ``--forwarded-allow-ips``; docs/web.md, "Deployment").
"""

from __future__ import annotations

import json

from fastapi import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from ludus.web.http import RateLimit, language
from ludus.web.store import hash_token

__all__ = ["ReadLimit", "may_open", "opener"]


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


def opener(request: Request) -> str:
    """What a table keeps of the client that opened it: the SHA-256 of its address."""
    return hash_token(_address(request))


class ReadLimit:
    """ASGI middleware: the reading requests (``GET``, ``HEAD``) of one client address draw on a token
    bucket of their own (``rate`` a second, bursts of ``burst``; static files are not counted); past it
    the answer is 429 with the one-line ``{"detail": ...}`` of every error, and nothing is read."""

    def __init__(self, app: ASGIApp, rate: float, burst: int) -> None:
        self.app = app
        self.reads = RateLimit(rate, burst)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer as the application does, unless the client has read too much lately."""
        if (scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD")
                or str(scope.get("path", "")).startswith("/static/")):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        if self.reads.allow(client[0] if client else "?"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers", ()))
        accept = headers[b"accept-language"].decode("latin-1") if b"accept-language" in headers else None
        words = language(None, accept).gettext("too many requests: slow down")
        body = json.dumps({"detail": words}, ensure_ascii=False).encode()
        await send({"type": "http.response.start", "status": 429, "headers": [
            (b"content-type", b"application/json; charset=utf-8"),
            (b"content-length", str(len(body)).encode()), (b"retry-after", b"1")]})
        await send({"type": "http.response.body", "body": body})


def may_open(request: Request) -> bool:
    """Take one of the client's table openings; False when it has opened too many lately."""
    openings: RateLimit = request.app.state.openings
    return openings.allow(_address(request))
