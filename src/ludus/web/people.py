"""The pages of accounts: register, sign in, sign out, and one's account (password, e-mail).

Every form posts. Signing in and registering draw on a token bucket per client address
(:data:`SIGN_INS_PER_MINUTE`, bursts of :data:`SIGN_IN_BURST`; changing the password too, as it
checks the old one), so passwords cannot be guessed fast; a wrong password and an unknown name get
the same answer. The two forms that need no session carry a form key that must match the
``ludus-form`` cookie (SameSite=Strict), so another site cannot sign a visitor into an account of
its own (login CSRF); the account's form and signing out need the session cookie, which
(SameSite=Lax) no other site's post carries. A post whose ``Origin`` is another site's is refused.

The session's cookie (:data:`~ludus.web.accounts.SESSION_COOKIE`) is HttpOnly, SameSite=Lax, for the
whole site, ``Secure`` when the request came over HTTPS (as uvicorn sees it: behind a proxy, through
``--forwarded-allow-ips``) and kept :data:`~ludus.web.accounts.SESSION_DAYS` days. After signing in
the browser goes back to ``next``, a path of this site only (:func:`local_path`).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlsplit

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ludus.core.errors import N_, LudusError
from ludus.core.i18n import Lang
from ludus.web.accounts import (
    SESSION_COOKIE,
    SESSION_DAYS,
    account,
    account_of,
    change_password,
    register,
    session_token,
    set_email,
    sign_in,
    sign_out,
)
from ludus.web.http import RateLimit, origin_allowed, status_of
from ludus.web.pages import _lang, _page
from ludus.web.store import new_token
from ludus.web.table import Forbidden, TooMany

__all__ = ["FORM_COOKIE", "SIGN_INS_PER_MINUTE", "SIGN_IN_BURST", "local_path", "router", "sign_in_limit"]

router = APIRouter(include_in_schema=False)

SIGN_INS_PER_MINUTE = 6.0
"""Attempts to sign in, register or change a password one client address may make a minute..."""
SIGN_IN_BURST = 10
"""... after a burst of this many."""
FORM_COOKIE = "ludus-form"
"""The cookie whose value the sign-in and register forms must carry (``form_key``)."""
_NO_RETURN = frozenset({"/signin", "/register", "/signout"})


def sign_in_limit() -> RateLimit:
    """The token bucket of the attempts to sign in, per client address (``app.state.sign_ins``)."""
    return RateLimit(SIGN_INS_PER_MINUTE / 60, SIGN_IN_BURST)


def local_path(target: str | None) -> str:
    """``target`` if it is a path of this site, else ``/``: a ``next`` never leads off the site.

    >>> local_path("/play/abc/seat/1?lang=pl"), local_path("https://evil.example/"), local_path("//evil")
    ('/play/abc/seat/1?lang=pl', '/', '/')
    >>> local_path("/\\\\evil.example"), local_path("/\\t/evil.example"), local_path("/signin")
    ('/', '/', '/')
    """
    text = (target or "").strip()
    if (not text.startswith("/") or text.startswith("//") or "\\" in text or len(text) > 512
            or not text.isprintable()):
        return "/"
    parts = urlsplit(text)
    if parts.scheme or parts.netloc or parts.path in _NO_RETURN:
        return "/"
    return text


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


def _foreign(request: Request) -> bool:
    """Whether the post comes from another site's page (its ``Origin`` names another site; a page
    of ours, whose Referrer-Policy is no-referrer, sends ``null`` or nothing)."""
    origin = request.headers.get("origin")
    if not origin or origin == "null":
        return False
    return not origin_allowed(origin, request.headers.get("host"), request.app.state.settings.origins,
                              request.url.scheme)


def _form_key(request: Request) -> str:
    """The form key of this browser: its ``ludus-form`` cookie's, or a new one."""
    kept = request.cookies.get(FORM_COOKIE, "")
    return kept[:64] if len(kept) >= 16 else new_token()


def _form(request: Request, template: str, lang: Lang, status: int = 200, **values: Any) -> HTMLResponse:
    """A form page (its form key set in the cookie), with ``error`` in one line if any."""
    key = _form_key(request)
    page = _page(request, template, lang, form_key=key, **{"error": "", "done": "", **values})
    page.status_code = status
    page.set_cookie(FORM_COOKIE, key, path="/", httponly=True, samesite="strict",
                    secure=request.url.scheme == "https")
    return page


def _signed_in_answer(request: Request, token: str, target: str) -> Response:
    """Go to ``target`` with the session's cookie set."""
    answer = RedirectResponse(local_path(target), status_code=303)
    answer.set_cookie(SESSION_COOKIE, token, max_age=SESSION_DAYS * 86400, path="/", httponly=True,
                      samesite="lax", secure=request.url.scheme == "https")
    answer.delete_cookie(FORM_COOKIE, path="/", httponly=True, samesite="strict",
                         secure=request.url.scheme == "https")
    return answer


def _checked(request: Request, form: Any) -> None:
    """Refuse a post from another site, a form without this browser's key, or too many attempts."""
    key = str(form.get("form_key", ""))
    if _foreign(request) or len(key) < 16 or key != request.cookies.get(FORM_COOKIE):
        raise Forbidden(N_("this form has expired: send it again"))
    _limited(request)


def _limited(request: Request) -> None:
    attempts: RateLimit = request.app.state.sign_ins
    if not attempts.allow(_address(request)):
        raise TooMany(N_("too many attempts: wait a minute"))


# --- register ----------------------------------------------------------------------------------
@router.get("/register", response_class=HTMLResponse)
def register_page(request: Request, next: str = "/") -> Response:
    """The form to make an account: a user name, a password twice, an e-mail address if one likes."""
    if account_of(request) is not None:
        return RedirectResponse(local_path(next), status_code=303)
    return _form(request, "register.html", _lang(request), next=local_path(next), user="", email="")


@router.post("/register", response_class=HTMLResponse)
async def register_post(request: Request) -> Response:
    """Make the account and sign in; the form again with the one line of what is wrong otherwise
    (the name and e-mail kept, never the passwords)."""
    lang = _lang(request)
    form = await request.form()
    name, email = str(form.get("name", ""))[:64], str(form.get("email", ""))[:300]
    password, again = str(form.get("password", ""))[:300], str(form.get("again", ""))[:300]
    target = local_path(str(form.get("next", "/")))
    try:
        _checked(request, form)
        if password != again:
            raise LudusError(N_("the two passwords differ"))
        await run_in_threadpool(register, request.app.state.store, name, password, email)
        _row, token = await run_in_threadpool(sign_in, request.app.state.store, name, password)
    except LudusError as error:
        return _form(request, "register.html", lang, status=status_of(error), error=error.text_in(lang),
                     next=target, user=name, email=email)
    return _signed_in_answer(request, token, target)


# --- sign in and out ---------------------------------------------------------------------------
@router.get("/signin", response_class=HTMLResponse)
def signin_page(request: Request, next: str = "/") -> Response:
    """The sign-in form (a reader already signed in goes on to ``next``)."""
    if account_of(request) is not None:
        return RedirectResponse(local_path(next), status_code=303)
    return _form(request, "signin.html", _lang(request), next=local_path(next), user="")


@router.post("/signin", response_class=HTMLResponse)
async def signin_post(request: Request) -> Response:
    """Sign in and go back to ``next``; the form again with one line (the same for a wrong name and
    a wrong password) and the name kept."""
    lang = _lang(request)
    form = await request.form()
    name, password = str(form.get("name", ""))[:64], str(form.get("password", ""))[:300]
    target = local_path(str(form.get("next", "/")))
    try:
        _checked(request, form)
        _row, token = await run_in_threadpool(sign_in, request.app.state.store, name, password)
    except LudusError as error:
        return _form(request, "signin.html", lang, status=status_of(error), error=error.text_in(lang),
                     next=target, user=name)
    return _signed_in_answer(request, token, target)


@router.post("/signout")
def signout_post(request: Request) -> Response:
    """End the session (its row is deleted, its cookie too) and go to the lobby."""
    if _foreign(request):
        return HTMLResponse("", status_code=403)
    sign_out(request.app.state.store, session_token(request))
    answer = RedirectResponse("/", status_code=303)
    answer.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax",
                         secure=request.url.scheme == "https")
    return answer


# --- one's account -----------------------------------------------------------------------------
def _account_page(request: Request, lang: Lang, status: int = 200, **values: Any) -> Response:
    person = account_of(request)
    if person is None:
        return RedirectResponse("/signin?next=" + quote("/account"), status_code=303)
    page = _page(request, "account.html", lang, person=person, **{"error": "", "done": "", **values})
    page.status_code = status
    return page


@router.get("/account", response_class=HTMLResponse)
def account_page(request: Request) -> Response:
    """The signed-in reader's account: its name, a new password, the e-mail address and whether
    it is mailed (to the sign-in form without a session)."""
    return _account_page(request, _lang(request))


@router.post("/account", response_class=HTMLResponse)
async def account_post(request: Request) -> Response:
    """``what=password``: change the password (the old one checked; every other session ends);
    ``what=email``: set or remove the e-mail address and the "mail me" switch."""
    lang = _lang(request)
    person = await run_in_threadpool(account_of, request)
    if person is None or _foreign(request):
        return RedirectResponse("/signin?next=" + quote("/account"), status_code=303)
    form = await request.form()
    store = request.app.state.store
    try:
        if form.get("what") == "password":
            new, again = str(form.get("new", ""))[:300], str(form.get("again", ""))[:300]
            _limited(request)
            if new != again:
                raise LudusError(N_("the two passwords differ"))
            await run_in_threadpool(change_password, store, person, str(form.get("old", ""))[:300], new,
                                    session_token(request))
            done = lang.gettext("Your password is changed; your other sessions have ended.")
        elif form.get("what") == "email":
            await run_in_threadpool(set_email, store, person, str(form.get("email", ""))[:300],
                                    form.get("notify") == "on")
            done = lang.gettext("Saved.")
        else:
            return HTMLResponse("", status_code=404)
    except LudusError as error:
        return _account_page(request, lang, status=status_of(error), error=error.text_in(lang),
                             email=str(form.get("email", ""))[:300] if form.get("what") == "email" else None)
    request.state.account = await run_in_threadpool(account, store, person.id)  # as changed
    return _account_page(request, lang, done=done)
