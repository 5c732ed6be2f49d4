"""Results and ratings: what a finished table leaves to its players, and what the player pages read.

When a table's game ends (status ``finished``; a table ``stopped`` at the action cap or for
idleness has no result), :func:`record_result` writes one ``results`` row per seat: its place
(``Outcome.ranking``: 1 = first, equal places for a tie), whether it won (a first place, shared or
not; at a co-operative game every seat wins or loses with the team; alone, by the game's own verdict)
and the account it played for:

- a person's seat: the account that claimed it (:func:`ludus.web.accounts.claim_seat`), also when a
  bot finished the game for it (the person left or ran out of time: the result is still theirs, as
  on Board Game Arena); a guest's seat (an invitation nobody claimed) has no account;
- a bot's seat: the account of its level (:func:`ludus.web.accounts.bot_account`), so bots are
  rated too and a player can see how they fare against ``hard``.

At a rated table the ratings of the seats' accounts for (game, player count) are then updated by
openskill's Plackett-Luce model with its defaults (a new rating is μ 25, σ 25/3), the tournaments'
own update (:func:`ludus.sim.tournament.rate_game`, every seat a team of one, ranked by its place).
Left out of the update: a guest's seat, and a person whose account holds several seats of the table
(nobody is rated against themselves). A bot level at several seats is rated at each with its one
rating before the game, and keeps the mean of the ratings after (one game: won if one of its seats
won). The others are rated among themselves if at least two accounts remain. Each result keeps its
account's μ before and after (``None``: not rated).

Writing is idempotent: the results' primary key (table, seat) admits a table's results once; they
are inserted first and the ratings updated in the same transaction only when the insert happened,
so a second call (another process, a restart) counts nothing twice. A rating row is locked while it
is updated (``SELECT ... FOR UPDATE`` on PostgreSQL; SQLite has one writer at a time).

The rating a page shows is the conservative ``μ − 3σ`` (:func:`shown`, openskill's ordinal): 0 for
a new player, it grows as the player wins and as σ shrinks with the games played.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement, Integer, and_, cast, func, insert, select, update
from sqlalchemy.dialects.postgresql import insert as postgres_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ludus.sim.tournament import rate_game, rating_model
from ludus.web.accounts import bot_account
from ludus.web.live import Hub
from ludus.web.store import AccountRow, RatingRow, ResultRow, SeatRow, Store, TableRow, now
from ludus.web.table import Live

__all__ = [
    "SHOWN_SIGMAS", "Opponent", "Played", "Record", "against_bots", "board", "rated_games", "ratings_of",
    "recent", "record_result", "results_observer", "shown", "sweep", "tally", "unrecorded",
]

SHOWN_SIGMAS = 3.0
"""The rating shown is ``mu - SHOWN_SIGMAS * sigma`` (openskill's ordinal)."""


def shown(mu: float, sigma: float) -> float:
    """The rating a page shows: ``mu - 3 sigma``, a skill the player very likely has at least.

    >>> round(shown(25.0, 25 / 3), 6)
    0.0
    """
    return mu - SHOWN_SIGMAS * sigma


class _Written(Exception):
    """The table's results were written before (by this process or another)."""


def _accounts(store: Store, seats: Sequence[SeatRow]) -> list[int | None]:
    """The account each seat plays for: the claiming account, a bot level's, or None (a guest)."""
    return [bot_account(store, seat.level or "greedy").id if seat.kind == "bot" else seat.account_id
            for seat in seats]


def _rated_seats(seats: Sequence[SeatRow], accounts: Sequence[int | None]) -> list[int]:
    """The seats whose accounts the table rates (see the module's documentation)."""
    chosen = [p for p, (seat, account) in enumerate(zip(seats, accounts, strict=True)) if account is not None
              and (seat.kind == "bot" or accounts.count(account) == 1)]
    return chosen if len({accounts[p] for p in chosen}) >= 2 else []


def record_result(store: Store, live: Live) -> bool:
    """Write the results of the finished table ``live`` (and, rated, update the ratings): whether they
    were written now (False: they were there already, or the game is not over). The caller holds the
    table's lock or owns the table."""
    if live.status != "finished" or not live.state.is_terminal():
        return False
    outcome = live.state.outcome()
    places = list(outcome.ranking)
    if outcome.cooperative_win is not None:
        won = [bool(outcome.cooperative_win)] * len(places)
    elif len(places) == 1:  # solo: the one place is first, won or lost
        won = [0 in outcome.winners]
    else:
        won = [place == 1 for place in places]
    seats = store.seats(live.id)  # the claims as the database has them (another process may have made one)
    accounts = _accounts(store, seats)
    chosen = _rated_seats(seats, accounts) if live.row.rated else []
    at = now()
    rows = [{"table_id": live.id, "seat": p, "account_id": accounts[p], "place": places[p], "won": won[p],
             "mu_before": None, "mu_after": None, "at": at} for p in range(len(seats))]
    try:
        with store.session() as session:
            try:  # first: the key (table, seat) admits the results once, and this takes the write lock
                session.execute(insert(ResultRow), rows)
            except IntegrityError:
                raise _Written from None
            if chosen:
                _rate(session, store, live, chosen, accounts, places, won, at)
    except _Written:
        return False
    return True


def _rate(session: Session, store: Store, live: Live, chosen: list[int], accounts: list[int | None],
          places: list[int], won: list[bool], at: datetime) -> None:
    """Update the ratings of the chosen seats' accounts, and their results' μ before and after."""
    model = rating_model()
    game, players = live.game.info.id, live.game.players
    of = {p: a for p in chosen if (a := accounts[p]) is not None}
    people = sorted(set(of.values()))
    fresh = model.rating()
    new = [{"account_id": a, "game": game, "players": players, "mu": float(fresh.mu),
            "sigma": float(fresh.sigma), "games": 0, "wins": 0, "updated": at} for a in people]
    maker = postgres_insert if store.is_postgres else sqlite_insert
    session.execute(maker(RatingRow).on_conflict_do_nothing(), new)  # in account order: no deadlock
    held = {r.account_id: r for r in session.scalars(
        select(RatingRow).where(RatingRow.account_id.in_(people), RatingRow.game == game,
                                RatingRow.players == players)
        .order_by(RatingRow.account_id).with_for_update())}
    before = {a: (held[a].mu, held[a].sigma) for a in people}
    after = rate_game(model, [model.create_rating(list(before[of[p]])) for p in chosen],
                      [places[p] for p in chosen])
    for a in people:
        mine = [rating for p, rating in zip(chosen, after, strict=True) if of[p] == a]
        mu = sum(float(r.mu) for r in mine) / len(mine)
        sigma = sum(float(r.sigma) for r in mine) / len(mine)
        victory = any(won[p] for p in chosen if of[p] == a)
        session.execute(update(RatingRow).where(
            RatingRow.account_id == a, RatingRow.game == game, RatingRow.players == players,
        ).values(mu=mu, sigma=sigma, games=RatingRow.games + 1, wins=RatingRow.wins + int(victory),
                 updated=at))
        session.execute(update(ResultRow).where(
            ResultRow.table_id == live.id, ResultRow.seat.in_([p for p in chosen if of[p] == a]),
        ).values(mu_before=before[a][0], mu_after=mu))


def results_observer(store: Store) -> Callable[[Live, int], None]:
    """An observer for :attr:`ludus.web.live.Hub.observers`: a table's results when its game ends."""
    def observe(live: Live, _first: int) -> None:
        if live.status == "finished":
            record_result(store, live)

    return observe


def unrecorded(store: Store, limit: int = 1000) -> list[str]:
    """Finished tables without results: a process that ended between a game's last move and its
    observer (killed, its power cut) left them; :func:`sweep` writes them."""
    written = select(ResultRow.table_id).where(ResultRow.table_id == TableRow.id)
    query = (select(TableRow.id).where(TableRow.status == "finished", ~written.exists())
             .order_by(TableRow.updated).limit(limit))
    with store.sessions() as session:
        return list(session.scalars(query))


def sweep(store: Store, hub: Hub) -> list[str]:
    """Write the results of every finished table that has none (:func:`unrecorded`): the ones written
    now. Run when a server starts (``create_app``), after the observer is installed."""
    done = []
    for table_id in unrecorded(store):
        if hub.stopping.is_set():
            break
        live = hub.get(table_id)
        with live.lock:
            if record_result(store, live):
                done.append(table_id)
    return done


# --- what the pages read ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Record:
    """Games played and won: overall, or one game's."""

    games: int
    wins: int

    @property
    def rate(self) -> float | None:
        """The share of games won (None before any game)."""
        return self.wins / self.games if self.games else None


def tally(store: Store, account_id: int) -> dict[str, Record]:
    """The account's finished games and wins per game (rated and casual alike; a table counts once
    even where the account held several seats, won if one of them won)."""
    won = func.max(cast(ResultRow.won, Integer)).label("won")
    per_table = (select(TableRow.game, ResultRow.table_id, won)
                 .join(TableRow, TableRow.id == ResultRow.table_id)
                 .where(ResultRow.account_id == account_id)
                 .group_by(TableRow.game, ResultRow.table_id).subquery())
    query = select(per_table.c.game, func.count(), func.sum(per_table.c.won)).group_by(per_table.c.game)
    with store.sessions() as session:
        return {game: Record(int(games), int(wins or 0)) for game, games, wins in session.execute(query)}


def ratings_of(store: Store, account_id: int) -> list[RatingRow]:
    """The account's ratings, by game and player count."""
    query = (select(RatingRow).where(RatingRow.account_id == account_id, RatingRow.games > 0)
             .order_by(RatingRow.game, RatingRow.players))
    with store.sessions() as session:
        return list(session.scalars(query))


@dataclass(frozen=True, slots=True)
class Opponent:
    """Someone else at a table: their seat, the account's name (None: a guest), the seat's name
    (typed by a guest; may be empty), whether a bot, and their place."""

    seat: int
    account: str | None
    name: str
    bot: bool
    place: int


@dataclass(frozen=True, slots=True)
class Played:
    """One of an account's games: the table, when, the game, its player count, the seat's place and
    whether it won, whether the table was rated, μ before and after, and the others at the table."""

    table_id: str
    at: datetime
    game: str
    players: int
    seat: int
    place: int
    won: bool
    rated: bool
    mu_before: float | None
    mu_after: float | None
    opponents: list[Opponent]

    @property
    def change(self) -> float | None:
        """How much μ moved (None: not rated)."""
        if self.mu_before is None or self.mu_after is None:
            return None
        return self.mu_after - self.mu_before


def recent(store: Store, account_id: int, limit: int = 30) -> list[Played]:
    """The account's latest results, newest first, with the other seats of each table."""
    query = (select(ResultRow, TableRow).join(TableRow, TableRow.id == ResultRow.table_id)
             .where(ResultRow.account_id == account_id)
             .order_by(ResultRow.at.desc(), ResultRow.table_id, ResultRow.seat).limit(limit))
    with store.sessions() as session:
        mine = list(session.execute(query).all())
        tables = sorted({result.table_id for result, _ in mine})
        others = session.execute(
            select(ResultRow, SeatRow, AccountRow)
            .join(SeatRow, and_(SeatRow.table_id == ResultRow.table_id, SeatRow.seat == ResultRow.seat))
            .outerjoin(AccountRow, AccountRow.id == ResultRow.account_id)
            .where(ResultRow.table_id.in_(tables)).order_by(ResultRow.seat)).all()
    at_table: dict[str, list[tuple[ResultRow, SeatRow, AccountRow | None]]] = {}
    for result, seat, account in others:
        at_table.setdefault(result.table_id, []).append((result, seat, account))
    out = []
    for result, table in mine:
        opponents = [Opponent(other.seat, account.name if account else None, seat.name, seat.kind == "bot",
                              other.place)
                     for other, seat, account in at_table.get(result.table_id, [])
                     if other.seat != result.seat and (account is None or account.id != account_id)]
        out.append(Played(result.table_id, result.at, table.game, table.players, result.seat, result.place,
                          result.won, table.rated, result.mu_before, result.mu_after, opponents))
    return out


def against_bots(store: Store, account_id: int) -> list[tuple[str, Record]]:
    """The account's finished games with each bot level at the table (rated and casual), and how many
    of them the account won (a first place): by level."""
    mine = (select(ResultRow.table_id, func.max(cast(ResultRow.won, Integer)).label("won"))
            .where(ResultRow.account_id == account_id).group_by(ResultRow.table_id).subquery())
    bots = (select(AccountRow.name, ResultRow.table_id).distinct()
            .join(AccountRow, AccountRow.id == ResultRow.account_id)
            .where(AccountRow.kind == "bot", AccountRow.id != account_id).subquery())
    query = (select(bots.c.name, func.count(), func.sum(mine.c.won))
             .join(mine, mine.c.table_id == bots.c.table_id).group_by(bots.c.name).order_by(bots.c.name))
    with store.sessions() as session:
        return [(name, Record(int(games), int(wins or 0))) for name, games, wins in session.execute(query)]


def board(store: Store, game: str, players: int, limit: int = 100) -> list[tuple[AccountRow, RatingRow]]:
    """The leaderboard of ``game`` at ``players``: rated accounts (people and bots), best shown rating
    first (then more games, then by name)."""
    rating: ColumnElement[float] = RatingRow.mu - SHOWN_SIGMAS * RatingRow.sigma
    query = (select(AccountRow, RatingRow).join(RatingRow, RatingRow.account_id == AccountRow.id)
             .where(RatingRow.game == game, RatingRow.players == players, RatingRow.games > 0)
             .order_by(rating.desc(), RatingRow.games.desc(), AccountRow.name_key).limit(limit))
    with store.sessions() as session:
        return [(account, row) for account, row in session.execute(query).all()]


def rated_games(store: Store) -> dict[str, list[int]]:
    """The player counts each game has rated accounts at."""
    query = (select(RatingRow.game, RatingRow.players).where(RatingRow.games > 0).distinct()
             .order_by(RatingRow.game, RatingRow.players))
    with store.sessions() as session:
        out: dict[str, list[int]] = {}
        for game, players in session.execute(query):
            out.setdefault(game, []).append(int(players))
        return out
