"""The player pages and the leaderboards: ``/players/{name}``, ``/leaderboard``, ``/leaderboard/{game}``.

A player's page (a person's, or a bot level's: ``/players/bot:hard``, or ``/players/hard`` when no
person has that name) shows per game the games played and won (rated and casual tables alike), the
win rate and the rating at each player count; the latest games, each with its place, whether it was
rated, how much the rating's μ moved, the others at the table and a link to its replay; and how the
player fares against each bot level. A leaderboard lists the accounts rated at one game and player
count, people and bots alike, by the rating shown (``μ − 3σ``, :func:`ludus.web.ratings.shown`).
Everything is read from :mod:`ludus.web.ratings`; pages are in the reader's language, every name
escaped by the templates.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse

from ludus.agents import AGENTS
from ludus.core.api import GameInfo
from ludus.core.i18n import Lang
from ludus.core.registry import games
from ludus.web.accounts import BOT_PREFIX, account_named, bot_account
from ludus.web.pages import _lang, _page
from ludus.web.ratings import against_bots, board, rated_games, ratings_of, recent, shown, tally
from ludus.web.session import hub_of
from ludus.web.store import AccountRow, Store

__all__ = ["player_link", "router"]

router = APIRouter(include_in_schema=False)


def player_link(name: str, bot: bool = False) -> str:
    """The address of the page of the account ``name`` (a bot level's with the ``bot:`` prefix, which no
    person's name has).

    >>> player_link("Ewa"), player_link("hard", bot=True)
    ('/players/Ewa', '/players/bot:hard')
    """
    return "/players/" + quote((BOT_PREFIX if bot else "") + name, safe=":")


def _named(store: Store, name: str) -> AccountRow | None:
    """The account a page's name means: ``bot:level`` a bot level's, else the person so named, else the
    bot level of that name (made when first asked for); None: nobody."""
    name = name.strip()[:64]
    level = name.removeprefix(BOT_PREFIX)
    if not name.startswith(BOT_PREFIX):
        person = account_named(store, name)
        if person is not None and person.kind == "person":
            return person
    return bot_account(store, level) if level in AGENTS else None


def _missing(request: Request, lang: Lang, message: str) -> HTMLResponse:
    page = _page(request, "error.html", lang, message=message)
    page.status_code = 404
    return page


def _titles(lang: Lang) -> dict[str, str]:
    return {g.id: g.title_in(lang.code) for g in games()}


def _percent(lang: Lang, share: float | None) -> str:
    return "—" if share is None else lang.gettext("{percent}%").format(percent=round(share * 100))


def _profile(store: Store, account: AccountRow, lang: Lang) -> dict[str, Any]:
    """What a player's page shows (read in a worker thread)."""
    titles = _titles(lang)
    together = {g.id for g in games() if g.cooperative}
    records = tally(store, account.id)
    ratings = ratings_of(store, account.id)
    per_game = []
    for game in sorted(set(records) | {r.game for r in ratings}, key=lambda g: titles.get(g, g)):
        record = records.get(game)
        per_game.append({
            "game": game, "title": titles.get(game, game),
            "games": record.games if record else 0, "wins": record.wins if record else 0,
            "rate": _percent(lang, record.rate if record else None),
            "ratings": [{"players": r.players, "rating": f"{shown(r.mu, r.sigma):.1f}", "games": r.games}
                        for r in ratings if r.game == game]})
    played = [{"table": p.table_id, "date": p.at.date().isoformat(), "title": titles.get(p.game, p.game),
               "game": p.game, "players": p.players, "won": p.won, "rated": p.rated,
               "place": None if p.game in together or p.players == 1 else p.place,
               "change": None if p.change is None else f"{p.change:+.1f}", "opponents": p.opponents}
              for p in recent(store, account.id)]
    bots = [{"level": level, "games": r.games, "wins": r.wins, "rate": _percent(lang, r.rate)}
            for level, r in against_bots(store, account.id)]
    return {"account": account, "per_game": per_game, "played": played, "bots": bots}


@router.get("/players/{name}", response_class=HTMLResponse)
async def player_page(request: Request, name: str) -> HTMLResponse:
    """A player's page: games, wins and ratings per game, the latest games, the results against bots."""
    lang = _lang(request)
    store = hub_of(request).store
    account = await run_in_threadpool(_named, store, name)
    if account is None:
        return _missing(request, lang, lang.gettext("There is no player {name}.").format(name=name[:64]))
    values = await run_in_threadpool(_profile, store, account, lang)
    return _page(request, "player.html", lang, link=player_link, **values)


@router.get("/leaderboard", response_class=HTMLResponse)
async def leaderboards(request: Request) -> HTMLResponse:
    """Every game's leaderboard, at each player count somebody is rated at."""
    lang = _lang(request)
    rated = await run_in_threadpool(rated_games, hub_of(request).store)
    return _page(request, "leaderboards.html", lang, games=games(), rated=rated)


def _counts(info: GameInfo) -> list[int]:
    """The player counts a game's tables can be rated at."""
    return [] if info.cooperative else list(range(max(2, info.min_players), info.max_players + 1))


@router.get("/leaderboard/{game_id}", response_class=HTMLResponse)
async def leaderboard(request: Request, game_id: str, players: str | None = None) -> HTMLResponse:
    """A game's leaderboard at ``players`` (default: the game's usual count): rated accounts, best
    shown rating first, with their rated games and win rate; bots marked."""
    lang = _lang(request)
    info = next((g for g in games() if g.id == game_id), None)
    if info is None:
        return _missing(request, lang, lang.gettext("There is no game {game}.").format(game=game_id[:64]))
    counts = _counts(info)
    usual = info.default_players or info.min_players
    wanted = (players or "").strip()
    if not wanted:
        count = usual if usual in counts else (counts[0] if counts else 0)
    else:
        count = int(wanted) if wanted.isdigit() and len(wanted) < 3 else -1
    if counts and count not in counts:
        return _missing(request, lang, lang.gettext(
            "There is no leaderboard of {game} for this number of players: {players}.").format(
                game=info.title_in(lang.code), players=wanted[:8]))
    rows = await run_in_threadpool(board, hub_of(request).store, info.id, count) if counts else []
    entries = [{"account": account, "rating": f"{shown(row.mu, row.sigma):.1f}", "games": row.games,
                "wins": row.wins, "rate": _percent(lang, row.wins / row.games if row.games else None)}
               for account, row in rows]
    return _page(request, "leaderboard.html", lang, info=info, title=info.title_in(lang.code), counts=counts,
                 count=count, entries=entries, link=player_link)
