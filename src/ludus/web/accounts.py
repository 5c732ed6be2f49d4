"""Accounts: people who come back, with a name that lasts, and the bot levels, which are rated too.

An account is optional: an invitation link still seats a guest. A person registers with a user name
and a password (no e-mail needed; one may be added for notifications). The password is kept only as
its argon2id hash (:mod:`argon2`, the reference implementation's binding, at its default cost); a
signed-in session is a random token in a cookie (:data:`SESSION_COOKIE`: ``Secure`` behind HTTPS,
``HttpOnly``, ``SameSite=Lax``) of which the database keeps the SHA-256 only, as it does for seat
tokens. Nothing here logs or returns a password or a token's hash.

A bot level has an account of its own (``kind`` ``"bot"``, no password, its name the level's: "hard"),
made when a rated table first needs it, so a player can see how they fare against ``hard``.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime, timedelta
from typing import cast

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from starlette.requests import HTTPConnection

from ludus.agents import AGENTS
from ludus.core.errors import N_, LudusError
from ludus.web.store import AccountRow, LoginRow, SeatRow, Store, hash_token, new_token, now
from ludus.web.table import Forbidden, Refused

__all__ = [
    "BOT_PREFIX", "NAME_LENGTH", "PASSWORD_LENGTH", "SESSION_COOKIE", "SESSION_DAYS", "account",
    "account_named", "account_of", "bot_account", "change_password", "check_email", "check_name",
    "claim_seat", "register", "session_token", "set_email", "sign_in", "sign_out", "signed_in",
]

SESSION_COOKIE = "ludus_session"
"""The cookie that carries a signed-in session's token."""

SESSION_DAYS = 30
"""A session lasts this many days from signing in."""

NAME_LENGTH = (3, 24)
"""A user name's length, in characters."""

PASSWORD_LENGTH = (8, 256)
"""A password's length, in characters."""

BOT_PREFIX = "bot:"
"""The name key of a bot level's account is this prefix and the level (a person's name cannot hold ':')."""

_NAME = re.compile(r"[^\W_][\w.\-]*", re.UNICODE)
_EMAIL = re.compile(r"[^@\s<>\"'(),;:\\\[\]]{1,64}@[^@\s<>\"'(),;:\\\[\]]+\.[^@\s<>\"'(),;:\\\[\].]+")
_HASHER = PasswordHasher()
_UNREAD = object()


def _key(name: str) -> str:
    """What two names must not share: the name in NFKC, case-folded."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_name(name: str) -> str:
    """``name`` as kept (NFKC, trimmed) if it is a valid user name: 3–24 letters, digits, ``.``, ``-`` or
    ``_``, starting with a letter or digit, and not a bot level's (``hard``: its account's page is
    ``/players/hard``); a :class:`~ludus.core.errors.LudusError` otherwise."""
    name = unicodedata.normalize("NFKC", name).strip()
    low, high = NAME_LENGTH
    if not low <= len(name) <= high:
        raise LudusError(N_("a user name has {low} to {high} characters"), low=low, high=high)
    if not _NAME.fullmatch(name):
        raise LudusError(N_("a user name holds only letters, digits, '.', '-' and '_', and starts with a "
                            "letter or a digit"))
    if _key(name) in AGENTS:  # a bot level's page is /players/<level> too
        raise Refused(N_("the user name {name} is taken"), name=name)
    return name


def _check_password(password: str) -> str:
    low, high = PASSWORD_LENGTH
    if not low <= len(password) <= high:
        raise LudusError(N_("a password has {low} to {high} characters"), low=low, high=high)
    return password


def check_email(email: str) -> str | None:
    """``email`` trimmed (None when empty) if it looks like an address; an error otherwise."""
    email = email.strip()
    if not email:
        return None
    if len(email) > 254 or not _EMAIL.fullmatch(email):
        raise LudusError(N_("that is not an e-mail address"))
    return email


def register(store: Store, name: str, password: str, email: str = "") -> AccountRow:
    """A new person's account (:class:`~ludus.web.table.Refused` when the name is taken, whatever its
    case)."""
    name = check_name(name)
    row = AccountRow(name=name, name_key=_key(name), kind="person",
                     password_hash=_HASHER.hash(_check_password(password)), email=check_email(email),
                     notify=True, created=now())
    try:
        with store.session() as session:
            session.add(row)
    except IntegrityError:
        raise Refused(N_("the user name {name} is taken"), name=name) from None
    return row


def account(store: Store, account_id: int) -> AccountRow | None:
    """The account ``account_id`` (None: there is none)."""
    with store.sessions() as session:
        return session.get(AccountRow, account_id)


def account_named(store: Store, name: str) -> AccountRow | None:
    """The account whose name is ``name``, whatever its case (None: there is none)."""
    with store.sessions() as session:
        return session.scalars(select(AccountRow).where(AccountRow.name_key == _key(name.strip()))).first()


def bot_account(store: Store, level: str) -> AccountRow:
    """The account of the bot level ``level`` (made when first asked for)."""
    key = BOT_PREFIX + level
    with store.sessions() as session:
        row = session.scalars(select(AccountRow).where(AccountRow.name_key == key)).first()
    if row is not None:
        return row
    try:
        with store.session() as session:
            row = AccountRow(name=level, name_key=key, kind="bot", password_hash=None, email=None,
                             notify=False, created=now())
            session.add(row)
        return row
    except IntegrityError:  # made meanwhile by another thread or process
        with store.sessions() as session:
            return session.scalars(select(AccountRow).where(AccountRow.name_key == key)).one()


def _verified(row: AccountRow | None, password: str) -> bool:
    if row is None or row.kind != "person" or not row.password_hash:
        _HASHER.hash(password[:256])  # as slow as a real check: a name's existence does not show
        return False
    try:
        return _HASHER.verify(row.password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def sign_in(store: Store, name: str, password: str) -> tuple[AccountRow, str]:
    """Check the name and password and open a session: the account and the session's token (for the
    cookie). :class:`~ludus.web.table.Forbidden` with one message whether the name or the password is
    wrong."""
    row = account_named(store, name)
    if not _verified(row, password) or row is None:
        raise Forbidden(N_("wrong user name or password"))
    if _HASHER.check_needs_rehash(row.password_hash or ""):
        with store.session() as session:
            session.execute(update(AccountRow).where(AccountRow.id == row.id)
                            .values(password_hash=_HASHER.hash(password)))
    token = new_token()
    at = now()
    with store.session() as session:
        session.add(LoginRow(token_hash=hash_token(token), account_id=row.id, created=at,
                             expires=at + timedelta(days=SESSION_DAYS)))
    return row, token


def signed_in(store: Store, token: str | None, at: datetime | None = None) -> AccountRow | None:
    """The account of the session whose token is ``token`` (None: no token, an unknown or expired one)."""
    if not token:
        return None
    with store.sessions() as session:
        login = session.get(LoginRow, hash_token(token))
        if login is None or login.expires <= (at or now()):
            return None
        return session.get(AccountRow, login.account_id)


def session_token(request: HTTPConnection) -> str | None:
    """The session's token the request's :data:`SESSION_COOKIE` holds (None without one)."""
    token = request.cookies.get(SESSION_COOKIE)
    return token[:64] if token else None


def account_of(request: HTTPConnection) -> AccountRow | None:
    """The signed-in account of an HTTP request or a WebSocket (its :data:`SESSION_COOKIE`), or None:
    what every route module asks. The database is read once per request (the answer is kept in
    ``request.state``); the application's store is ``request.app.state.store``."""
    kept = getattr(request.state, "account", _UNREAD)
    if kept is not _UNREAD:
        return cast("AccountRow | None", kept)
    found = signed_in(request.app.state.store, session_token(request))
    request.state.account = found
    return found


def sign_out(store: Store, token: str | None) -> None:
    """End the session of ``token`` (nothing when there is none)."""
    if token:
        with store.session() as session:
            session.execute(delete(LoginRow).where(LoginRow.token_hash == hash_token(token)))


def change_password(store: Store, row: AccountRow, old: str, new: str, keep: str | None = None) -> None:
    """Change the account's password after checking the old one; every other session of the account
    ends (``keep``: the token of the session that asked, which stays)."""
    if not _verified(row, old):
        raise Forbidden(N_("wrong password"))
    hashed = _HASHER.hash(_check_password(new))
    with store.session() as session:
        session.execute(update(AccountRow).where(AccountRow.id == row.id).values(password_hash=hashed))
        ended = delete(LoginRow).where(LoginRow.account_id == row.id)
        if keep:
            ended = ended.where(LoginRow.token_hash != hash_token(keep))
        session.execute(ended)


def set_email(store: Store, row: AccountRow, email: str, notify: bool = True) -> str | None:
    """Set (or, empty, remove) the account's e-mail address and whether it is mailed; the address kept."""
    address = check_email(email)
    with store.session() as session:
        session.execute(update(AccountRow).where(AccountRow.id == row.id)
                        .values(email=address, notify=notify))
    return address


def claim_seat(store: Store, table_id: str, seat: int, row: AccountRow) -> None:
    """Tie seat ``seat`` of the table to the account (the caller has checked the seat's token): its
    results and turns are then the account's. A seat claimed by another account stays theirs."""
    with store.session() as session:
        current = session.get(SeatRow, (table_id, seat))
        if current is None:
            raise LudusError(N_("no such seat"))
        if current.account_id not in (None, row.id):
            raise Forbidden(N_("this seat belongs to another player"))
        session.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                        .values(account_id=row.id, name=row.name))
