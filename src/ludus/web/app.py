"""The ludus web platform as an ASGI application: :func:`create_app`.

``ludus serve`` runs it with uvicorn. One application holds one :class:`~ludus.web.live.Hub`
(the live tables of this process) over one :class:`~ludus.web.store.Store`; on start it
migrates the database and restores every unfinished table. With PostgreSQL it also
listens for the entries other processes commit (:mod:`ludus.web.notify`), so several
processes or machines serve the same tables.
"""

from __future__ import annotations

import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from ludus.core.errors import IllegalActionError, LudusError
from ludus.core.i18n import LANGUAGES, Lang, get_lang
from ludus.play.saves import data_dir
from ludus.web.live import Forbidden, Hub, NeedsConfirmation, NotFound, Refused

__all__ = ["RateLimit", "Settings", "create_app", "default_db"]

HERE = Path(__file__).resolve().parent


def default_db() -> str:
    """The embedded default: SQLite in the user's data directory (``LUDUS_DATA_DIR`` overrides it)."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'ludus-web.db'}"


@dataclass(frozen=True, slots=True)
class Settings:
    """How a server runs: its database, who may connect, how bots and limits behave."""

    db: str = ""
    origins: tuple[str, ...] = ()
    """Origins allowed on the WebSockets besides the server's own address."""
    bot_threads: int = 4
    bot_delay: float = 0.0
    actions_per_second: float = 8.0
    action_burst: int = 30
    restore: bool = True


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


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """Whether a WebSocket from ``origin`` may connect to ``host`` (no Origin: not a browser, allowed)."""
    if not origin:
        return True
    if origin in allowed:
        return True
    return urlsplit(origin).netloc == (host or "")


def status_of(error: LudusError) -> int:
    """The HTTP status of an error a request caused."""
    if isinstance(error, NotFound):
        return 404
    if isinstance(error, Forbidden):
        return 403
    if isinstance(error, (Refused, IllegalActionError)):
        return 409
    return 400


def create_app(settings: Settings | None = None) -> FastAPI:
    """The web application (its hub starts with the application and stops with it)."""
    settings = settings or Settings()
    from ludus.web.notify import Listener
    from ludus.web.store import Store

    store = Store(settings.db or default_db())

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store.migrate()
        channel = "ludus_tables" if store.is_postgres else None
        hub = Hub(store, bot_threads=settings.bot_threads, bot_delay=settings.bot_delay, channel=channel)
        app.state.hub = hub
        listener = Listener(store, hub, channel) if channel else None
        if listener is not None:
            listener.start()
        if settings.restore:
            hub.restore()
        hub.watch()
        try:
            yield
        finally:
            if listener is not None:
                listener.stop()
            hub.close()
            store.dispose()

    from ludus import __version__

    app = FastAPI(title="ludus", version=__version__, lifespan=lifespan,
                  description="Play Glory to Rome, Trajan, Pandemic: Fall of Rome and Hadrian's Wall together, "
                              "or against bots. A seat's secret token acts for that seat only.")
    app.state.settings = settings
    app.state.store = store
    app.state.limits = RateLimit(settings.actions_per_second, settings.action_burst)

    @app.exception_handler(LudusError)
    async def ludus_error(request: Request, error: LudusError) -> JSONResponse:
        lang = language(request.query_params.get("lang"), request.headers.get("accept-language"))
        body: dict[str, object] = {"detail": error.text_in(lang)}
        if isinstance(error, NeedsConfirmation):
            body["confirm"] = True
        return JSONResponse(body, status_code=status_of(error))

    from ludus.web.api import router as api_router
    from ludus.web.pages import router as page_router

    app.include_router(api_router)
    app.include_router(page_router)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    return app
