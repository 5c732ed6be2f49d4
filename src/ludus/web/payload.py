"""What a seat (or a spectator) is sent about a table: built from ``view(seat)`` and the
seat's own ``legal_actions(seat)`` only.

The same payload answers ``GET /api/tables/{id}``, every action and every WebSocket
push; the HTML pages draw it. Nothing here reads another seat's view or options: a
spectator gets the spectator view and no actions, and the log holds the events the
seat may see, in its language.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from ludus.core.errors import N_
from ludus.core.i18n import Lang
from ludus.web.live import Live

__all__ = [
    "LEVEL_NAMES",
    "LOG_SIZE",
    "Screen",
    "payload",
    "picture",
    "reader",
    "score_rows",
    "screen",
    "seat_names",
]

LEVEL_NAMES = {"random": N_("random"), "greedy": N_("greedy"), "easy": N_("easy"), "normal": N_("normal"),
               "hard": N_("hard"), "expert": N_("expert"), "rollout": N_("rollout search"),
               "ismcts": N_("ISMCTS")}
"""The bot levels' names as pages show them (msgids; a page translates them)."""

LOG_SIZE = 80
"""How many of the latest log lines a payload carries (the replay has them all)."""


def seat_names(live: Live, lang: Lang) -> list[str]:
    """What people call each seat: the name typed in the lobby, a bot by its level ("Bot (hard)"),
    else "Player 1"… (seats counted from 1; public, like the names themselves)."""
    names = []
    for s in live.seats:
        if s.name:
            names.append(s.name)
        elif s.kind == "bot":
            level = s.level or "greedy"
            names.append(
                lang.gettext("Bot ({level})").format(level=lang.gettext(LEVEL_NAMES.get(level) or level))
            )
        else:
            names.append(lang.player(s.seat))
    return names


def reader(live: Live, lang: Lang) -> Lang:
    """``lang`` calling the table's seats by their names: every board, log line and label takes it."""
    return lang.with_names(seat_names(live, lang))


def seat_list(live: Live, lang: Lang) -> list[dict[str, Any]]:
    """The seats as everyone may see them: who plays each, and the name people read (no tokens)."""
    names = seat_names(live, lang)
    return [{"seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name, "label": names[s.seat],
             "joined": s.joined, "bot": live.automatic(s.seat)} for s in live.seats]


def log_lines(live: Live, seat: int | None, lang: Lang, size: int = LOG_SIZE) -> list[dict[str, Any]]:
    """The latest ``size`` events ``seat`` may see, each with its text in ``lang``."""
    lines: list[dict[str, Any]] = []
    played = live.table.events
    texts = live.texts
    who = (lang.code, lang.domain, lang.names)
    for number in range(len(played) - 1, -1, -1):
        if len(lines) >= size:
            break  # the window is full: older actions are not read at all
        events = played[number]
        for k in range(len(events) - 1, -1, -1):
            if len(lines) >= size:
                break
            event = events[k]
            if event.is_visible_to(seat):
                known = texts.get((number, k))
                if known is not None and known[0] is event and known[1] == who:
                    text = known[2]
                else:
                    text = event.text_in(lang)
                    texts[number, k] = (event, who, text)
                lines.append({"action": number, "kind": event.kind, "data": event.data, "text": text})
    lines.reverse()
    if len(texts) > 4 * size and lines:  # keep the lines of the window (a log is read from its end)
        first = lines[0]["action"]
        for key in [key for key in texts if key[0] < first]:
            del texts[key]
    return lines


def payload(live: Live, seat: int | None, lang: Lang, log_size: int = LOG_SIZE) -> dict[str, Any]:
    """The table as ``seat`` (None: a spectator) sees it, in ``lang``, the seats called by their names.

    While a person's forced move is still to be played (``server_moving``; the server
    normally plays it with the move before it, so this is rare), the seat is offered
    nothing: whatever it sent would race that move. A push follows once it is played.
    The view is the table's (:meth:`ludus.core.driver.Table.view`): built once per seat
    and position, whoever asks.
    """
    lang = reader(live, lang)
    with live.lock:
        state, game = live.state, live.game
        server_moving = live.server_first()
        mine = [] if seat is None or live.status != "playing" or server_moving else live.table.legal(seat)
        deadline = None
        if live.row.move_seconds and live.status == "playing":
            deadline = (live.since + timedelta(seconds=live.row.move_seconds)).isoformat()
        out: dict[str, Any] = {
            "id": live.id,
            "game": game.info.id,
            "title": game.info.title_in(lang.code),
            "players": game.players,
            "options": game.option_dict,
            "status": live.status,
            "index": live.index,
            "played": len(live.played),
            "to_move": list(state.to_move()),
            "server_moving": server_moving,
            "seat": seat,
            "seats": seat_list(live, lang),
            "view": live.table.view(seat),
            "legal_actions": [str(a) for a in mine],
            "labels": {str(a): game.describe(state, a, lang) for a in mine},
            "log": log_lines(live, seat, lang, log_size),
            "can_undo": seat is not None and live.undoable(seat),
            "deadline": deadline,
            "move_seconds": live.row.move_seconds,
            "rematch": live.row.rematch,
            "rated": live.row.rated,
            "outcome": None,
        }
        if state.is_terminal():
            outcome = state.outcome()
            out["outcome"] = outcome.to_json() | {"text": game.outcome_text(outcome, lang)}
        return out


def picture(live: Live, seat: int | None, lang: Lang, actions: list[str]) -> str | None:
    """The game's board for ``seat`` in ``lang`` (None: the game has no picture yet), offering
    ``actions`` (the payload's ``legal_actions``) on its elements. It is drawn from the
    table's view of the seat (:func:`ludus.core.board.board_view`'s fields), not a new one."""
    lang = reader(live, lang)
    with live.lock:
        view = dict(live.table.view(seat))
        view["actions"] = actions
        view["recent"] = [event.to_json() for event in live.recent(seat)]
        return live.game.svg(view, seat, lang)


def text_board(live: Live, seat: int | None, lang: Lang) -> str:
    """The game's text rendering for ``seat`` (the plain panel of a game with no picture)."""
    lang = reader(live, lang)
    with live.lock:
        return live.game.render(live.table.view(seat), seat, lang)


def score_rows(live: Live, lang: Lang) -> list[tuple[str, list[str]]]:
    """The score sheet of a finished game: (label, a value per seat) rows, then total and place."""
    with live.lock:
        if not live.state.is_terminal():
            return []
        out = live.state.outcome()
        domain = live.game.info.id
    rows: list[tuple[str, list[str]]] = []
    for row in out.details.get("sheet", ()):
        points = row.get("points", ())
        label = lang.gettext(str(row.get("label", row.get("category", ""))), domain)
        rows.append((label, [lang.number(v) if isinstance(v, (int, float)) else lang.gettext(str(v), domain)
                             for v in points]))
    if out.cooperative_win is None or any(out.scores):
        rows.append((lang.gettext("total"), [lang.number(v) for v in out.scores]))
    if out.cooperative_win is None:
        rows.append((lang.gettext("place"), [lang.number(r) for r in out.ranking]))
    return rows


@dataclass(frozen=True, slots=True)
class Screen:
    """What the play page draws for a seat after a change, made in one pass (:func:`screen`)."""

    data: dict[str, Any]
    """The payload (:func:`payload`); no actions while the seat's own move is forced."""
    board: str | None
    """The board picture (None: the game has none yet)."""
    text: str | None
    """The text rendering, for a game without a picture."""
    sheet: list[tuple[str, list[str]]]
    """The score sheet of a finished game (:func:`score_rows`)."""
    forced: bool
    """The seat's only move is forced (``State.forced``): it is on its way, nothing is offered."""


def screen(live: Live, seat: int | None, lang: Lang) -> Screen:
    """The play page's screen of ``seat``: payload, board (or text) and score sheet, all drawn from
    the table's one view of the seat (:meth:`ludus.core.driver.Table.view`) under the table's lock.

    While the seat's own move is forced, the page offers nothing to click: the move is on its
    way and a click would race it."""
    with live.lock:
        data = payload(live, seat, lang)
        forced = seat is not None and live.status == "playing" and live.state.forced(seat) is not None
        if forced:
            data["legal_actions"], data["labels"] = [], {}
        board = picture(live, seat, lang, data["legal_actions"])
        text = None if board else text_board(live, seat, lang)
        return Screen(data, board, text, score_rows(live, lang), forced)
