"""The ludus web platform as an ASGI application: :func:`create_app`.

``ludus serve`` runs it with uvicorn. One application holds one :class:`~ludus.web.live.Hub`
(the live tables of this process) over one :class:`~ludus.web.store.Store`; on start it
migrates the database and sets the bots of every unfinished table going again in the background
(a table is loaded when first asked for). With PostgreSQL it also
listens for the entries other processes commit (:mod:`ludus.web.notify`), so several
processes or machines serve the same tables.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import asdict, dataclass

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from ludus import __version__
from ludus.core.errors import LudusError
from ludus.play.saves import data_dir
from ludus.web.advice import router as advice_router
from ludus.web.api import router as api_router
from ludus.web.chat import Chat
from ludus.web.guard import ReadLimit
from ludus.web.http import (
    HERE,
    RateLimit,
    SecurityHeaders,
    language,
    origin_allowed,
    status_of,
    validation_detail,
)
from ludus.web.learn import router as learn_router
from ludus.web.live import BOT_TABLES, IDLE_SECONDS, Hub, NeedsConfirmation
from ludus.web.mail import Mailer, MailSettings, TurnMail
from ludus.web.notify import Listener
from ludus.web.pages import router as page_router
from ludus.web.people import router as people_router
from ludus.web.people import sign_in_limit
from ludus.web.ratings import results_observer, sweep
from ludus.web.reviews import Analyst
from ludus.web.standings import router as standings_router
from ludus.web.store import Store
from ludus.web.turns import router as turns_router
from ludus.web.upkeep import restore, watch

__all__ = [
    "HERE",
    "SETTINGS_VARIABLE",
    "RateLimit",
    "Settings",
    "create_app",
    "default_db",
    "from_environment",
    "language",
    "origin_allowed",
    "status_of",
]


def _sweep(store: Store, hub: Hub) -> None:
    """The results a process that ended between a game's last move and its observer did not write."""
    try:
        sweep(store, hub)
    except Exception:
        logging.getLogger("ludus.web").exception("the results of finished tables could not be written")


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
    bot_processes: int = 0
    """Worker processes the bots think in (0: threads of the server process; ``ludus serve`` uses
    one per core)."""
    bot_delay: float = 0.0
    actions_per_second: float = 8.0
    action_burst: int = 30
    reads_per_second: float = 20.0
    """Reading requests (GET) one client address may make a second, after a burst of :attr:`read_burst`."""
    read_burst: int = 200
    tables_per_minute: float = 6.0
    """Tables one client address may open a minute (after a burst of :attr:`table_burst`)."""
    table_burst: int = 20
    bot_tables: int = BOT_TABLES
    """Unfinished tables of bots only one client may have opened."""
    idle_seconds: float = IDLE_SECONDS
    """A table nobody has moved at for this long is stopped."""
    restore: bool = True
    smtp: str = ""
    """The SMTP server that mails people their turn and their games' ends, ``HOST:PORT`` ("": no mail;
    :mod:`ludus.web.mail`)."""
    smtp_from: str = ""
    smtp_user: str = ""
    smtp_password_file: str = ""
    """A file holding the SMTP password (never the password itself: the settings travel as JSON)."""
    smtp_tls: str = "starttls"
    public_url: str = ""
    """The address people open (the mails' links start with it)."""
    mail_lang: str = "en"
    """The language of the mails (``ludus serve --lang``)."""
    hint_level: str | None = None
    """The budget of a hint (a level's name; None: the strongest level's,
    :func:`~ludus.agents.analysis.hint_level`)."""
    review_level: str | None = None
    """The budget a game review spends on each decision (a level's name; None:
    :func:`~ludus.agents.review.review_budget`)."""

    def mail(self) -> MailSettings | None:
        """The mail settings (None without :attr:`smtp`); a one-line :class:`LudusError` when wrong."""
        if not self.smtp:
            return None
        return MailSettings.parse(self.smtp, sender=self.smtp_from, public_url=self.public_url,
                                  tls=self.smtp_tls, user=self.smtp_user,
                                  password_file=self.smtp_password_file, lang=self.mail_lang)

    def to_json(self) -> str:
        """The settings as JSON (:func:`from_environment` reads them back)."""
        return json.dumps(asdict(self))


SETTINGS_VARIABLE = "LUDUS_SERVE_SETTINGS"
"""Where ``ludus serve --workers N`` hands its settings to the processes it starts (JSON)."""


def from_environment() -> FastAPI:
    """The application of one of ``ludus serve --workers N``'s processes, from the settings the
    command put in :data:`SETTINGS_VARIABLE`."""
    values = json.loads(os.environ[SETTINGS_VARIABLE])
    return create_app(Settings(**values | {"origins": tuple(values["origins"])}))


def create_app(settings: Settings | None = None) -> FastAPI:
    """The web application (its hub starts with the application and stops with it)."""
    settings = settings or Settings()
    store = Store(settings.db or default_db())
    mail = settings.mail()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store.migrate()
        channel = "ludus_tables" if store.is_postgres else None
        hub = Hub(store, bot_threads=settings.bot_threads, bot_delay=settings.bot_delay, channel=channel,
                  bot_tables=settings.bot_tables, idle_seconds=settings.idle_seconds,
                  bot_processes=settings.bot_processes)
        hub.observers.append(results_observer(store))
        app.state.hub = hub
        app.state.analyst = analyst = Analyst(store, processes=1 if settings.bot_processes else 0,
                                              hint_level=settings.hint_level,
                                              review_level=settings.review_level)
        app.state.chat = chat = Chat(store, channel, hub.origin)
        mailer = Mailer(mail) if mail is not None else None
        app.state.mailer = mailer
        if mailer is not None:
            hub.observers.append(TurnMail(store, mailer))
        listener = Listener(store, hub, channel, chat) if channel else None
        if listener is not None:
            listener.start()
        if settings.restore:
            restore(hub)
            threading.Thread(target=_sweep, args=(store, hub), name="ludus-results", daemon=True).start()
        watch(hub)
        try:
            yield
        finally:
            if listener is not None:
                listener.stop()
            analyst.close()
            hub.close()
            if mailer is not None:
                mailer.close()
            store.dispose()

    app = FastAPI(
        title="ludus",
        version=__version__,
        lifespan=lifespan,
        description="Play Glory to Rome, Trajan, Pandemic: Fall of Rome and Hadrian's Wall together, "
        "or against bots. A seat's secret token acts for that seat only.",
    )
    app.state.settings = settings
    app.state.store = store
    app.state.limits = RateLimit(settings.actions_per_second, settings.action_burst)
    app.state.openings = RateLimit(settings.tables_per_minute / 60, settings.table_burst)
    app.state.sign_ins = sign_in_limit()
    app.add_middleware(ReadLimit, rate=settings.reads_per_second, burst=settings.read_burst)
    app.add_middleware(SecurityHeaders)

    @app.exception_handler(LudusError)
    async def ludus_error(request: Request, error: LudusError) -> JSONResponse:
        lang = language(request.query_params.get("lang"), request.headers.get("accept-language"))
        body: dict[str, object] = {"detail": error.text_in(lang)}
        if isinstance(error, NeedsConfirmation):
            body["confirm"] = True
        return JSONResponse(body, status_code=status_of(error))

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": validation_detail(error.errors())}, status_code=422)

    app.include_router(api_router)
    app.include_router(advice_router)  # before the pages': /play/{id}/seat/{n}/hint is not a play_post
    app.include_router(page_router)
    app.include_router(standings_router)
    app.include_router(people_router)
    app.include_router(turns_router)
    app.include_router(learn_router)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    return app
