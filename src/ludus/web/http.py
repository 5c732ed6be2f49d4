"""What every web request needs, whichever router serves it: the language, the rate limit,
the origin check of a WebSocket, the HTTP status of an error, the security headers of every
answer, the one line of a request that does not fit the schema, the token a client sends in a
header, and the server log's redaction of tokens.

At the bottom of the web package's routing: :mod:`ludus.web.api`, :mod:`ludus.web.pages`,
:mod:`ludus.web.session` and ``ludus serve`` import it; of ludus it imports only the web's errors.
"""

from __future__ import annotations

import copy
import logging
import re
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ludus.core.errors import IllegalActionError, LudusError
from ludus.core.i18n import LANGUAGES, Lang, get_lang
from ludus.web.table import Forbidden, NotFound, Refused, TooMany

__all__ = [
    "HERE",
    "REDACTED",
    "RateLimit",
    "RedactTokens",
    "SecurityHeaders",
    "content_security_policy",
    "header_token",
    "language",
    "origin_allowed",
    "redact",
    "redacting_log_config",
    "status_of",
    "validation_detail",
]

HERE = Path(__file__).resolve().parent
"""The web package's folder (its templates and static files)."""


class RateLimit:
    """A token bucket per key: ``rate`` actions a second, bursts of ``burst``.

    At most ``max_keys`` buckets are kept: past that, the fullest half is forgotten (a full
    bucket is the same as none), so a flood of new keys (made-up tokens) can neither exhaust
    the memory nor give an emptied bucket back its burst.
    """

    def __init__(self, rate: float, burst: int, max_keys: int = 100_000) -> None:
        self.rate, self.burst, self.max_keys = rate, burst, max_keys
        self.buckets: dict[str, tuple[float, float]] = {}
        self.lock = threading.Lock()

    def _tokens(self, key: str, now: float) -> float:
        tokens, last = self.buckets.get(key, (float(self.burst), now))
        return min(float(self.burst), tokens + (now - last) * self.rate)

    def allow(self, key: str) -> bool:
        """Take one token of ``key``'s bucket; False when it is empty."""
        now = time.monotonic()
        with self.lock:
            tokens = self._tokens(key, now)
            if tokens < 1.0:
                self.buckets[key] = (tokens, now)
                return False
            self.buckets[key] = (tokens - 1.0, now)
            if len(self.buckets) > self.max_keys:
                fullest = sorted(self.buckets, key=lambda k: self._tokens(k, now), reverse=True)
                for forgotten in fullest[: len(fullest) // 2 + 1]:
                    del self.buckets[forgotten]
            return True


def language(request_lang: str | None, accept: str | None) -> Lang:
    """The language of a request: ``?lang=``, else the browser's Accept-Language, else English."""
    if request_lang in LANGUAGES:
        return get_lang(request_lang)
    for part in (accept or "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return get_lang(code)
    return get_lang("en")


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...], scheme: str) -> bool:
    """Whether a WebSocket from ``origin`` may connect to ``host`` over ``scheme`` (the socket's, ``ws``
    or ``wss``): an origin in ``allowed``, or the server's own, the scheme's page (``http`` for ``ws``,
    ``https`` for ``wss``) at the Host. No Origin: not a browser, allowed.

    >>> origin_allowed("https://play.example", "play.example", (), "wss")
    True
    >>> origin_allowed("http://play.example", "play.example", (), "wss")
    False
    """
    if not origin:
        return True
    if origin in allowed:
        return True
    own = "https" if scheme in ("wss", "https") else "http"
    found = urlsplit(origin)
    return found.scheme == own and found.netloc == (host or "")


def header_token(x_ludus_token: str | None, authorization: str | None) -> str | None:
    """The seat's token a client sends in a header, so that it is in no URL (and no access log):
    ``X-Ludus-Token: <token>``, else ``Authorization: Bearer <token>`` (another scheme, say a proxy's
    Basic, is not a token); None without one.

    >>> header_token(None, "Bearer abcdefgh12"), header_token("abcdefgh34", None)
    ('abcdefgh12', 'abcdefgh34')
    >>> header_token(None, "Basic eA==") is None
    True
    """
    if x_ludus_token:
        return x_ludus_token.strip()
    scheme, _, value = (authorization or "").strip().partition(" ")
    return value.strip() or None if scheme.lower() == "bearer" else None


def status_of(error: LudusError) -> int:
    """The HTTP status of an error a request caused."""
    if isinstance(error, NotFound):
        return 404
    if isinstance(error, Forbidden):
        return 403
    if isinstance(error, (Refused, IllegalActionError)):
        return 409
    if isinstance(error, TooMany):
        return 429
    return 400


_WHERE = frozenset({"body", "query", "path", "header", "cookie"})
_PLAIN = {"missing": "required", "json_invalid": "not valid JSON",
          "model_attributes_type": "should be a JSON object", "dict_type": "should be a JSON object"}


def _printable(text: str, limit: int) -> str:
    """``text`` on one line: no control or format character, at most ``limit`` characters."""
    return "".join(c if c.isprintable() else "?" for c in text)[:limit]


def validation_detail(errors: Sequence[Mapping[str, Any]]) -> str:
    """The one line of a request that does not fit the schema (FastAPI's ``RequestValidationError``):
    the first problem's field and what is wrong with it, in the schema's words (pydantic's English).

    >>> validation_detail([{"type": "greater_than_equal", "loc": ("body", "move_seconds"),
    ...                     "msg": "Input should be greater than or equal to 10"}])
    'move_seconds: should be greater than or equal to 10'
    >>> validation_detail([{"type": "missing", "loc": ("body", "seats", 0, "kind"), "msg": "Field required"},
    ...                    {"type": "missing", "loc": ("query", "token"), "msg": "Field required"}])
    'seats[0].kind: required (and 1 more problem)'
    """
    if not errors:
        return "the request does not fit the schema"
    first = errors[0]
    loc = list(first.get("loc") or ())
    message = str(first.get("msg") or "invalid")
    # a value that fits none of a union's types: one problem per type, told as one
    union = [e for e in errors if len(loc) > 2 and list(e.get("loc") or ())[:-1] == loc[:-1]
             and str(e.get("type", "")).endswith("_type")]
    if len(union) > 1:
        message = "should be " + " or ".join(str(list(e["loc"])[-1]) for e in union)
        loc = loc[:-1]
    where = loc[0] if loc and loc[0] in _WHERE else ""
    parts = [] if first.get("type") == "json_invalid" else loc[1:] if where else loc
    field = ""
    for part in parts:
        field += f"[{part}]" if isinstance(part, int) else ("." if field else "") + _printable(str(part), 40)
    message = _PLAIN.get(str(first.get("type")), message)
    message = re.sub(r"^(Input|String|Value|List|Dictionary) should", "should", message)
    more = len(errors) - max(1, len(union))
    tail = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
    return _printable(f"{field or where or 'request'}: {message}", 300) + tail


# --- the security headers of every answer ----------------------------------------------------------------
_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$")
DOCS_PATHS = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc"})
"""FastAPI's pages that browse the schema: they load Swagger UI and ReDoc from their CDN and start
them with an inline script, so they get a policy of their own (:func:`content_security_policy`)."""
_COMMON = "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"


def content_security_policy(host: str | None, path: str) -> str:
    """The ``Content-Security-Policy`` of an answer to ``path`` asked of ``host`` (the Host header).

    The pages load their scripts from ``/static`` only (no inline script, no ``eval``: htmx is
    used without ``hx-on`` or ``js:`` values); styles may be inline, because a board's SVG carries
    its own ``<style>`` and the board's ``style=`` sets its size; images come from the server
    (no ``data:`` image is drawn); the page's WebSocket connects back to the same host. No page may
    be framed. The schema's browsing pages (:data:`DOCS_PATHS`) may load their CDN's scripts.

    >>> content_security_policy("127.0.0.1:8000", "/").split("; ")[4]
    "connect-src 'self' ws://127.0.0.1:8000 wss://127.0.0.1:8000"
    """
    sockets = f" ws://{host} wss://{host}" if host and _HOST.match(host) else ""
    if path in DOCS_PATHS:
        return ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
                "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
                "img-src 'self' data: https://fastapi.tiangolo.com https://cdn.redoc.ly; "
                "font-src 'self' https://fonts.gstatic.com; worker-src 'self' blob:; connect-src 'self'; "
                + _COMMON)
    return ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self'; "
            f"connect-src 'self'{sockets}; " + _COMMON)


class SecurityHeaders:
    """ASGI middleware: every HTTP answer gets the :func:`content_security_policy`,
    ``X-Frame-Options: DENY``, ``Referrer-Policy: no-referrer`` (an invitation link in a page's
    address never leaves in a Referer) and ``X-Content-Type-Options: nosniff``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer as the application does, with the headers added."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = next((value.decode("latin-1") for name, value in scope.get("headers", ()) if name == b"host"),
                    None)
        policy = content_security_policy(host, scope.get("path", ""))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                headers = MutableHeaders(scope=message)
                headers["Content-Security-Policy"] = policy
                headers["X-Frame-Options"] = "DENY"
                headers["Referrer-Policy"] = "no-referrer"
                headers["X-Content-Type-Options"] = "nosniff"
            await send(message)

        await self.app(scope, receive, send_with_headers)


# --- no token in the server's log ---------------------------------------------------------------------
REDACTED = "[redacted]"
"""What the server's log writes in place of a token."""
_PAGE_VERBS = frozenset({"act", "undo", "leave", "return", "handover", "rematch"})
_PLAY = re.compile(r"(/play/[A-Za-z0-9_-]+/)([^/?#\s\"]+)")
_TOKEN_PARAM = re.compile(r"((?:^|[?&;])[A-Za-z_]*token=)[^&#;\s\"]*", re.I)
_LONG = re.compile(r"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{20,}(?![A-Za-z0-9_-])")


def redact(text: str) -> str:
    """``text`` (a logged path and query) with everything token-like replaced by :data:`REDACTED`:
    the invitation's segment of ``/play/{table}/{token}`` (not a page post's ``act``, ``undo``...),
    the value of ``token=`` (and of any ``..._token=``), and any run of 20 or more URL-safe base64
    characters. A seat's token is 32 of those (``secrets.token_urlsafe(24)``); a table's id is 16,
    so it stays readable.

    >>> redact("/play/AbCdEfGh12345678/x" + "Y" * 31 + "?lang=pl")
    '/play/AbCdEfGh12345678/[redacted]?lang=pl'
    >>> redact("/ws/tables/AbCdEfGh12345678?token=abc&lang=pl"), redact("/play/AbCdEfGh12345678/act")
    ('/ws/tables/AbCdEfGh12345678?token=[redacted]&lang=pl', '/play/AbCdEfGh12345678/act')
    """
    text = _PLAY.sub(lambda m: m[0] if m[2] in _PAGE_VERBS else m[1] + REDACTED, text)
    text = _TOKEN_PARAM.sub(lambda m: m[1] + REDACTED, text)
    return _LONG.sub(REDACTED, text)


class RedactTokens(logging.Filter):
    """A logging filter that passes every record with its text arguments :func:`redact`-ed.

    uvicorn's access log (``uvicorn.access``) logs ``(client_addr, method, full_path, http_version,
    status_code)``, and its error log (``uvicorn.error``) each WebSocket's ``(client_addr, path)``:
    the path with its query, where a token may be. Only the arguments are changed, so the format
    stays uvicorn's and a number stays a number."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Redact the record's arguments; always keep the record."""
        if isinstance(record.args, tuple):
            record.args = tuple(redact(arg) if isinstance(arg, str) else arg for arg in record.args)
        return True


def redacting_log_config() -> dict[str, Any]:
    """uvicorn's logging configuration with :class:`RedactTokens` on its access and error loggers:
    ``ludus serve`` passes it as ``log_config``, so every process uvicorn starts (one, or each of
    ``--workers``) sets the filter up as it sets up its logging."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact_tokens"] = {"()": f"{__name__}.RedactTokens"}
    for name in ("uvicorn.access", "uvicorn.error"):
        logger = config["loggers"].setdefault(name, {})
        logger["filters"] = [*logger.get("filters", ()), "redact_tokens"]
    return config
