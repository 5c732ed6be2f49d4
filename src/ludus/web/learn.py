"""Learn to play and rules at hand in the browser (issue 39): ``/learn``, ``/learn/{game}`` and
``/games/{game}/reference``.

A **guided first game** (:mod:`ludus.play.lessons`) runs for the visitor on the server: the page
shows the step ("Step 3 of 24"), its text in the reader's language (the edition's terms), where it
comes from in the rulebook, the board drawn for the learner's seat exactly as the play page draws
it (from ``state.view(seat)`` and the step's own actions only) with the step's region lit
(:func:`light`), and only the step's actions as buttons (any other move is refused with the
lesson's one line, nothing changed), a "Next" button for an explanation step, and at the end a link
to a real table.

Where the lesson lives: in the server's memory (:class:`Lessons`), keyed by a random token in the
cookie :data:`LESSON_COOKIE` (HttpOnly, scoped to the game's ``/learn/{game}`` paths, so a browser
holds one lesson per game). At most :data:`MAX_LESSONS` lessons are kept, each forgotten
:data:`LESSON_IDLE` seconds after its last use (the oldest first when full); a forgotten lesson, or
one lost when the server restarts, starts again at step 1 (a lesson is a fixed deal: nothing of
the visitor's is lost but the place in it). The token names nothing but the lesson, and the lesson
holds nothing of an account.

The **rules reference** of a game (:mod:`ludus.play.reference`) lists its entries, each with its
section title as printed in the edition, its page and a short explanation in the reader's language;
a search box filters them (``static/reference.js``). Every action button of the play page and of a
lesson, and every lesson step, links to its entry.
"""

from __future__ import annotations

import re
import secrets
import threading
import time
from collections import OrderedDict
from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ludus.core.errors import LudusError
from ludus.core.i18n import Lang
from ludus.core.registry import games
from ludus.play.lessons import LessonRun, lesson_games, load_lesson
from ludus.play.reference import load_reference, reference_games
from ludus.web.pages import _context, _lang, _page, board_fit, plain_panel, rules_links, templates

__all__ = ["LESSON_COOKIE", "LESSON_IDLE", "MAX_LESSONS", "Lessons", "lesson_fragment", "light", "router"]

router = APIRouter(include_in_schema=False)

LESSON_COOKIE = "ludus-lesson"
"""The cookie holding the token of a visitor's lesson of one game (path ``/learn/{game}``)."""
MAX_LESSONS = 300
"""How many lessons the server keeps at once (the least recently used is forgotten first)."""
LESSON_IDLE = 3 * 3600
"""Seconds after its last use a lesson is forgotten."""

_RECT = re.compile(r'<rect class="region" data-region="([^"]+)" x="([-\d.]+)" y="([-\d.]+)" '
                   r'width="([\d.]+)" height="([\d.]+)"')
_SIZE = re.compile(r'viewBox="0 0 ([\d.]+) ([\d.]+)"')


class Lessons:
    """The lessons being played, by token: each with its own lock (a lesson's moves run one at a time)."""

    def __init__(self, cap: int = MAX_LESSONS, idle: float = LESSON_IDLE) -> None:
        self.cap, self.idle = cap, idle
        self.runs: OrderedDict[str, tuple[str, LessonRun, threading.Lock, float]] = OrderedDict()
        self.lock = threading.Lock()

    def start(self, game_id: str) -> tuple[str, LessonRun, threading.Lock]:
        """A new lesson of ``game_id``: its token, its run and its lock."""
        run, lock, token = LessonRun(load_lesson(game_id)), threading.Lock(), secrets.token_urlsafe(24)
        with self.lock:
            self._forget(time.monotonic())
            while len(self.runs) >= self.cap:
                self.runs.popitem(last=False)
            self.runs[token] = (game_id, run, lock, time.monotonic())
        return token, run, lock

    def get(self, token: str | None, game_id: str) -> tuple[LessonRun, threading.Lock] | None:
        """The lesson of ``game_id`` the token names (None: none, another game's, or forgotten)."""
        if not token:
            return None
        with self.lock:
            now = time.monotonic()
            self._forget(now)
            found = self.runs.get(token[:64])
            if found is None or found[0] != game_id:
                return None
            self.runs[token[:64]] = (found[0], found[1], found[2], now)
            self.runs.move_to_end(token[:64])
            return found[1], found[2]

    def _forget(self, now: float) -> None:
        while self.runs:
            token, (_game, _run, _lock, used) = next(iter(self.runs.items()))
            if now - used < self.idle:
                return
            del self.runs[token]


def _lessons(request: Request) -> Lessons:
    state = request.app.state
    if not hasattr(state, "lessons"):
        state.lessons = Lessons()
    lessons: Lessons = state.lessons
    return lessons


def light(picture: str, region: str | None) -> str:
    """``picture`` (a board's SVG) with the region ``region`` lit: its outlines get the class
    ``lit`` (shown, in red) and the rest of the board is dimmed by a veil with a hole per outline
    (none for the whole table). The picture as it is when it has no such region."""
    if not region:
        return picture
    boxes = [m for m in _RECT.finditer(picture) if m[1] == region]
    size = _SIZE.search(picture)
    if not boxes or size is None:
        return picture
    mark = f'data-region="{region}"'
    lit = picture.replace(f'class="region" {mark}', f'class="region lit" {mark}')
    if region == "table":
        return lit
    w, h = size[1], size[2]
    holes = "".join(f"M{m[2]} {m[3]}h{m[4]}v{m[5]}h-{m[4]}Z" for m in boxes)
    veil = (f'<path class="veil" d="M0 0H{w}V{h}H0Z{holes}" fill="#000" fill-opacity="0.28" '
            'fill-rule="evenodd" pointer-events="none"/>')
    first = lit.index('<rect class="region')
    return lit[:first] + veil + lit[first:]


def _may_start(request: Request) -> bool:
    """Whether this client may start a lesson now (the lobby's limit on opening tables: a lesson
    costs the server a game's set-up)."""
    return bool(request.app.state.openings.allow(f"learn|{request.client.host if request.client else '?'}"))


def _too_many(request: Request, lang: Lang) -> HTMLResponse:
    page = _page(request, "error.html", lang, message=lang.gettext("too many lessons started: wait a minute"))
    page.status_code = 429
    return page


def _known(game_id: str) -> bool:
    return game_id in lesson_games()


def _title(game_id: str, lang: Lang) -> str:
    info = next(g for g in games() if g.id == game_id)
    return info.title_in(lang.code)


def _missing(request: Request, lang: Lang, game_id: str) -> HTMLResponse:
    page = _page(request, "error.html", lang,
                 message=lang.gettext("There is no lesson for {game}.").format(game=game_id[:64]))
    page.status_code = 404
    return page


def lesson_fragment(request: Request, run: LessonRun, lang: Lang, error: str = "") -> str:
    """The ``#live`` part of a lesson's page: the step, its actions and the board (its region lit)."""
    game_id = run.lesson.game
    shown = run.payload(lang)
    view = dict(run.table.view(run.seat))
    view["actions"] = [a["notation"] for a in shown["actions"]]
    view["recent"] = [event.to_json() for event in run.table.recent(run.seat)]
    board = run.game.svg(view, run.seat, lang)
    if board is not None:
        board = light(board, shown["region"])
    step = run.step
    reference = load_reference(game_id) if game_id in reference_games() else None
    entry = reference.for_section(step.section) if reference is not None and step is not None else None
    return templates.get_template("learn_live.html").render(_context(
        request, lang, s=shown, game=game_id, board=board, fit=board_fit(board, game_id),
        plain=None if board else plain_panel(shown["board"], run.seat), base=f"/learn/{game_id}",
        entry=entry.id if entry else "", rules=rules_links(game_id, view["actions"]), error=error))


def _set_cookie(request: Request, response: Response, game_id: str, token: str) -> None:
    response.set_cookie(LESSON_COOKIE, token, max_age=LESSON_IDLE, path=f"/learn/{game_id}", httponly=True,
                        samesite="lax", secure=request.url.scheme == "https")


@router.get("/learn", response_class=HTMLResponse)
def learn_index(request: Request) -> HTMLResponse:
    """The games one can learn here, each with its number of steps and its rules reference."""
    lang = _lang(request)
    rows = [{"id": g, "title": _title(g, lang), "steps": len(load_lesson(g).steps),
             "reference": g in reference_games()} for g in lesson_games()]
    return _page(request, "learn_index.html", lang, rows=rows)


@router.get("/learn/{game_id}", response_class=HTMLResponse)
def learn_page(request: Request, game_id: str) -> Response:
    """The visitor's lesson of ``game_id`` where they left it (a new one without the cookie)."""
    lang = _lang(request)
    if not _known(game_id):
        return _missing(request, lang, game_id)
    lessons = _lessons(request)
    found = lessons.get(request.cookies.get(LESSON_COOKIE), game_id)
    token = None
    if found is None:
        if not _may_start(request):
            return _too_many(request, lang)
        token, run, lock = lessons.start(game_id)
    else:
        run, lock = found
    with lock:
        fragment = lesson_fragment(request, run, lang)
    page = _page(request, "learn.html", lang, live=fragment, title=_title(game_id, lang), game=game_id)
    if token is not None:
        _set_cookie(request, page, game_id, token)
    return page


@router.post("/learn/{game_id}/{what}", response_class=HTMLResponse)
def learn_post(request: Request, game_id: str, what: str,
               action: Annotated[str, Form(max_length=200)] = "") -> Response:
    """A click in a lesson: ``act`` (play ``action``, a notation), ``next`` (past an explanation)
    or ``restart`` (a new lesson). The answer is the new ``#live`` fragment; a refused move says
    why in it and changes nothing."""
    lang = _lang(request)
    if not _known(game_id) or what not in ("act", "next", "restart"):
        return HTMLResponse("", status_code=404)
    lessons = _lessons(request)
    if what == "restart":
        if not _may_start(request):
            return _too_many(request, lang)
        token, _run, _lock = lessons.start(game_id)
        moved = Response(status_code=204, headers={"HX-Redirect": f"/learn/{game_id}"})
        if request.headers.get("hx-request") is None:
            moved = RedirectResponse(f"/learn/{game_id}", status_code=303)
        _set_cookie(request, moved, game_id, token)
        return moved
    found = lessons.get(request.cookies.get(LESSON_COOKIE), game_id)
    if found is None:
        return HTMLResponse(templates.get_template("learn_lost.html").render(
            _context(request, lang, game=game_id)), status_code=200)
    run, lock = found
    problem = ""
    with lock:
        try:
            if what == "next":
                run.next()
            else:
                run.play_notation(action)
        except LudusError as refused:
            problem = refused.text_in(lang)
        return HTMLResponse(lesson_fragment(request, run, lang, error=problem))


@router.get("/games/{game_id}/reference", response_class=HTMLResponse)
def reference_page(request: Request, game_id: str) -> HTMLResponse:
    """A game's rules reference: one entry per rulebook section of its lesson and per kind of action,
    each with the section's title as printed, its page and a short explanation; a search box."""
    lang = _lang(request)
    if game_id not in reference_games():
        message = lang.gettext("There is no rules reference for {game}.").format(game=game_id[:64])
        missing = _page(request, "error.html", lang, message=message)
        missing.status_code = 404
        return missing
    reference = load_reference(game_id)
    entries = [{"id": e.id, "section": e.section, "page": e.page,
                "title": lang.gettext(e.title, game_id), "text": lang.gettext(e.text, game_id)}
               for e in reference.entries]
    return _page(request, "reference.html", lang, title=_title(game_id, lang), game=game_id, entries=entries,
                 lesson=_known(game_id))
