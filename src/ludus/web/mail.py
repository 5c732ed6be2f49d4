"""E-mail notifications through a real SMTP server (``ludus serve --smtp HOST:PORT``).

Two mails, to a seat claimed by an account (:attr:`SeatRow.account_id <ludus.web.store.SeatRow.account_id>`)
that has an e-mail address and ``notify`` on (never to a bot, never to a guest's invitation link):

- **your turn**, when a person's decision becomes pending at a turn-based table (a time per move of at
  least :data:`TURN_MAIL_SECONDS`: a live table's players are at it, a mail each move would be noise).
  One mail per pending decision: the seat's :attr:`SeatRow.notified <ludus.web.store.SeatRow.notified>`
  is set to the log index it was mailed at (by a conditional update, so two processes never both mail
  it) and cleared once the seat is no longer to move. A seat that just moved and is still to move (a
  turn of several steps) is at the table: it is not mailed;
- **game over**, when a table's game ends (every claimed seat, with the result).

:class:`TurnMail` is an observer of :attr:`Hub.observers <ludus.web.live.Hub.observers>`: it reads
what it needs of the table while the hub holds the table's lock (who is to move, the result) and hands
the rest — reading the seats and accounts, sending — to :class:`Mailer`'s one thread, through a queue:
nothing waits for a mail server on the event loop or holding a table's lock, and a failing server is
logged and loses no move. The mails are in the server's language (``ludus serve --lang``): accounts keep
no language.
"""

from __future__ import annotations

import logging
import queue
import smtplib
import ssl
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

from sqlalchemy import update

from ludus.core.errors import N_, LudusError
from ludus.core.i18n import Lang, get_lang
from ludus.web.accounts import account
from ludus.web.live import Live
from ludus.web.payload import reader
from ludus.web.store import SeatRow, Store

__all__ = ["TLS_MODES", "TURN_MAIL_SECONDS", "MailSettings", "Mailer", "TurnMail"]

TURN_MAIL_SECONDS = 3600
"""A table's time per move from which it is turn-based: its people are mailed when it is their turn."""

TLS_MODES = ("starttls", "ssl", "none")
"""How the connection to the SMTP server is secured (``--smtp-tls``)."""

log = logging.getLogger("ludus.web.mail")


@dataclass(frozen=True, slots=True)
class MailSettings:
    """Where and how mails are sent: the SMTP server, the sender, the login, the site's address."""

    host: str
    port: int
    sender: str
    public_url: str
    tls: str = "starttls"
    user: str = ""
    password: str = ""
    lang: str = "en"

    @classmethod
    def parse(cls, server: str, *, sender: str = "", public_url: str = "", tls: str = "starttls",
              user: str = "", password_file: str = "", lang: str = "en") -> MailSettings:
        """The settings of ``ludus serve --smtp HOST:PORT …`` (a one-line :class:`LudusError` for a bad
        value; the password is read from ``password_file``)."""
        host, _, port = server.rpartition(":")
        if not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise LudusError(N_("--smtp wants HOST:PORT, got {value!r}"), value=server)
        if tls not in TLS_MODES:
            raise LudusError(N_("--smtp-tls is one of {modes}"), modes=", ".join(TLS_MODES))
        if not public_url.startswith(("http://", "https://")):
            raise LudusError(N_("--smtp needs --public-url, the address people open (https://…)"))
        password = ""
        if password_file:
            try:
                password = Path(password_file).read_text(encoding="utf-8").strip()
            except OSError as error:
                raise LudusError(N_("cannot read the SMTP password file: {error}"),
                                 error=error.strerror or str(error)) from None
        if user and not password:
            raise LudusError(N_("--smtp-user needs --smtp-password-file"))
        return cls(host.strip("[]"), int(port), sender or f"ludus@{host.strip('[]')}",
                   public_url.rstrip("/"), tls, user, password, lang)


class Mailer:
    """One thread that runs jobs in order (deciding whom to mail, sending): :meth:`put` never waits."""

    def __init__(self, settings: MailSettings) -> None:
        self.settings = settings
        self._jobs: queue.Queue[Callable[[], None] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="ludus-mail", daemon=True)
        self._thread.start()

    def put(self, job: Callable[[], None]) -> None:
        """Run ``job`` on the mail thread, after those before it."""
        self._jobs.put(job)

    def wait(self, timeout: float = 30.0) -> bool:
        """Wait until the jobs put so far have run (whether they had, within ``timeout`` seconds)."""
        done = threading.Event()
        self.put(done.set)
        return done.wait(timeout)

    def close(self, timeout: float = 10.0) -> None:
        """Run the jobs put so far, then end the thread (within ``timeout`` seconds)."""
        self._jobs.put(None)
        self._thread.join(timeout)

    def _run(self) -> None:
        while (job := self._jobs.get()) is not None:
            try:
                job()
            except Exception:  # a failing mail or database loses no move and stops no later mail
                log.exception("a mail job failed")

    def send(self, to: str, subject: str, body: str) -> None:
        """Send one plain-text mail (on the mail thread; a failure is logged, never raised)."""
        s = self.settings
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = s.sender, to, subject
        message.set_content(body)
        try:
            if s.tls == "ssl":
                server: smtplib.SMTP = smtplib.SMTP_SSL(s.host, s.port, timeout=20,
                                                        context=ssl.create_default_context())
            else:
                server = smtplib.SMTP(s.host, s.port, timeout=20)
            with server:
                if s.tls == "starttls":
                    server.starttls(context=ssl.create_default_context())
                if s.user:
                    server.login(s.user, s.password)
                server.send_message(message)
        except (OSError, smtplib.SMTPException) as error:
            log.warning("a mail about %r could not be sent through %s:%s: %s", subject, s.host, s.port,
                        type(error).__name__)


@dataclass(frozen=True, slots=True)
class _Change:
    """What a commit changed at a table, read under its lock, for the mail thread."""

    table_id: str
    index: int
    title: str
    pending: tuple[int, ...]
    """The people's seats to move now (none: the game is over, or the server moves next)."""
    movers: frozenset[int]
    """The seats that acted in the commit."""
    turn_based: bool
    deadline: str
    result: str
    """The result, when the commit ended the game ("": it did not)."""


class TurnMail:
    """The observer that mails a seat's turn and a game's end (see the module's documentation)."""

    def __init__(self, store: Store, mailer: Mailer) -> None:
        self.store = store
        self.mailer = mailer
        self.lang: Lang = get_lang(mailer.settings.lang)

    def __call__(self, live: Live, first: int) -> None:
        """Read the commit's change (the hub holds the table's lock) and hand it to the mail thread."""
        finished = live.status == "finished"
        seconds = live.row.move_seconds or 0
        if not finished and seconds < TURN_MAIL_SECONDS:
            return  # a live table's moves mail nobody: the mail thread is not even asked
        lang = reader(live, self.lang)
        count = live.index - first
        movers = frozenset(action.player for action in live.table.actions[-count:]) if count else frozenset()
        playing = live.status == "playing" and not live.server_first()
        pending = tuple(p for p in live.state.to_move() if live.automatic(p) is None) if playing else ()
        deadline = (live.since + timedelta(seconds=seconds)).strftime("%Y-%m-%d %H:%M UTC") if seconds else ""
        result = live.game.outcome_text(live.state.outcome(), lang) if finished else ""
        change = _Change(live.id, live.index, live.game.info.title_in(self.lang.code), pending, movers,
                         seconds >= TURN_MAIL_SECONDS, deadline, result)
        self.mailer.put(lambda: self._mail(change))

    def _link(self, table_id: str, seat: int) -> str:
        return f"{self.mailer.settings.public_url}/play/{table_id}/seat/{seat}"

    def _address(self, seat: SeatRow) -> str | None:
        """The e-mail address of the seat's account, if it is a person's who wants mail."""
        if seat.account_id is None or seat.kind != "human":
            return None
        row = account(self.store, seat.account_id)
        if row is None or row.kind != "person" or not row.email or not row.notify:
            return None
        return row.email

    def _mail(self, change: _Change) -> None:
        """Decide whom to mail for ``change`` and send (on the mail thread)."""
        _ = self.lang.gettext
        seats = self.store.seats(change.table_id)
        for seat in seats:
            if seat.notified is not None and seat.seat not in change.pending:
                self._mark(change.table_id, seat.seat, None)  # its decision is over: the next one is mailed
        if change.result:
            for seat in seats:
                address = self._address(seat)
                if address:
                    body = _("The game of {game} is over: {result}\n\nSee it: {link}\n").format(
                        game=change.title, result=change.result, link=self._link(change.table_id, seat.seat))
                    self.mailer.send(address, _("Game over: {game}").format(game=change.title), body)
            return
        if not change.turn_based:
            return
        for seat in seats:
            if seat.seat not in change.pending or seat.seat in change.movers or seat.notified is not None:
                continue
            address = self._address(seat)
            if address and self._mark(change.table_id, seat.seat, change.index):
                body = _("It is your turn at {game}. Move by {deadline}.\n\nPlay: {link}\n").format(
                    game=change.title, deadline=change.deadline, link=self._link(change.table_id, seat.seat))
                self.mailer.send(address, _("Your turn: {game}").format(game=change.title), body)

    def _mark(self, table_id: str, seat: int, index: int | None) -> bool:
        """Set the seat's ``notified`` (``index``: only if it was unset; whether it was changed)."""
        query = update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
        if index is not None:
            query = query.where(SeatRow.notified.is_(None))
        with self.store.session() as session:
            return bool(getattr(session.execute(query.values(notified=index)), "rowcount", 0))
