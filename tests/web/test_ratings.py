"""Rated and casual tables, results, ratings, player pages and leaderboards (issue 38, item 2).

Games are played to their end through the hub: the people's seats are claimed by accounts and then
handed to random bots, which finish a two-player Hadrian's Wall in a few dozen moves (the result stays
the accounts'). The rated games and the pages run on SQLite and on the real PostgreSQL server of the
suite.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from ludus.web import accounts, ratings
from ludus.web.app import Settings, create_app
from ludus.web.live import Hub, SeatSpec
from ludus.web.ratings import record_result, results_observer, shown
from ludus.web.store import AccountRow, RatingRow, ResultRow, Store
from web.sockets import WAIT

GAME = "hadrians-wall"
SEED = 11
"""A two-player Hadrian's Wall that random bots finish with one winner."""


@pytest.fixture
def any_client(db_url: str) -> Iterator[TestClient]:
    """The application over a fresh database: SQLite, then PostgreSQL."""
    with TestClient(create_app(Settings(db=db_url))) as test_client:
        yield test_client


def hub_of(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def person(store: Store, name: str) -> AccountRow:
    return accounts.register(store, name, f"secret-{name}-words")


def open_table(hub: Hub, seats: list[SeatSpec], owners: list[AccountRow | None], *, rated: bool,
               seed: int = SEED) -> str:
    """A table of Hadrian's Wall whose people's seats are claimed by ``owners`` (None: a guest)."""
    table_id, _ = hub.create(GAME, len(seats), {}, seats, seed=seed, rated=rated)
    for seat, owner in enumerate(owners):
        if owner is not None:
            accounts.claim_seat(hub.store, table_id, seat, owner)
    hub.catch_up(table_id, seats=True)
    return table_id


def play_out(hub: Hub, table_id: str) -> None:
    """Hand every person's seat to a random bot and wait until the game is over."""
    over = threading.Event()

    def check() -> None:
        if hub.get(table_id).status != "playing":
            over.set()

    hub.listen(table_id, check)
    try:
        for seat in hub.get(table_id).seats:
            if seat.kind == "human":
                hub.hand_over(table_id, seat.seat, seat.seat, "random")
        check()
        assert over.wait(WAIT), "the bots did not finish the game"
    finally:
        hub.unlisten(table_id, check)
    assert hub.get(table_id).status == "finished"


def results(store: Store, table_id: str) -> list[ResultRow]:
    with store.sessions() as session:
        return list(session.scalars(select(ResultRow).where(ResultRow.table_id == table_id)
                                    .order_by(ResultRow.seat)))


def rating(store: Store, account: AccountRow, players: int = 2) -> RatingRow | None:
    with store.sessions() as session:
        return session.get(RatingRow, (account.id, GAME, players))


def people(n: int) -> list[SeatSpec]:
    return [SeatSpec("human") for _ in range(n)]


# --- rated tables ---------------------------------------------------------------------------------------
def test_a_rated_game_moves_both_ratings_the_right_way_once(any_client: TestClient, db_url: str) -> None:
    hub = hub_of(any_client)
    store = hub.store
    ann, bob = person(store, "ann"), person(store, "Bob")
    table_id = open_table(hub, people(2), [ann, bob], rated=True)
    assert any_client.get(f"/api/tables/{table_id}").json()["rated"] is True
    play_out(hub, table_id)

    rows = results(store, table_id)
    assert [r.account_id for r in rows] == [ann.id, bob.id]
    assert sorted(r.place for r in rows) == [1, 2]
    winner, loser = (ann, bob) if rows[0].place == 1 else (bob, ann)
    won, lost = rating(store, winner), rating(store, loser)
    assert won is not None and lost is not None
    assert won.mu > 25 > lost.mu and won.sigma < 25 / 3 and lost.sigma < 25 / 3
    assert (won.games, won.wins, lost.games, lost.wins) == (1, 1, 1, 0)
    by_account = {r.account_id: r for r in rows}
    assert by_account[winner.id].won and not by_account[loser.id].won
    assert by_account[winner.id].mu_before == pytest.approx(25) and by_account[winner.id].mu_after == won.mu
    assert by_account[loser.id].mu_after == lost.mu

    # The observer again, this process or another one (a second store on the same database): nothing
    # is counted twice.
    live = hub.get(table_id)
    results_observer(store)(live, 0)
    assert record_result(store, live) is False
    other = Store(db_url)
    try:
        assert record_result(other, live) is False
    finally:
        other.dispose()
    with store.sessions() as session:
        assert session.scalar(select(func.count()).select_from(ResultRow)) == 2
    again = rating(store, winner)
    assert again is not None and (again.mu, again.games, again.wins) == (won.mu, 1, 1)


def test_two_writers_at_once_write_the_results_once(db_url: str) -> None:
    """Two processes that both see the end (each its own store): one writes, the other finds it done."""
    stores = [Store(db_url), Store(db_url)]
    stores[0].migrate()
    hub = Hub(stores[0], bot_threads=2)  # no observer: the table ends with no results written
    try:
        ann, bob = person(stores[0], "ann"), person(stores[0], "bob")
        table_id = open_table(hub, people(2), [ann, bob], rated=True)
        play_out(hub, table_id)
        live = hub.get(table_id)
        assert results(stores[0], table_id) == []
        start = threading.Barrier(2)
        written: list[bool] = []

        def write(store: Store) -> None:
            start.wait()
            written.append(record_result(store, live))

        writers = [threading.Thread(target=write, args=(store,)) for store in stores]
        for writer in writers:
            writer.start()
        for writer in writers:
            writer.join()
        assert sorted(written) == [False, True]
        assert len(results(stores[0], table_id)) == 2
        counted = [rating(stores[0], account) for account in (ann, bob)]
        assert [row.games if row else None for row in counted] == [1, 1]
    finally:
        hub.close()
        for store in stores:
            store.dispose()


def test_a_casual_table_writes_results_and_changes_no_rating(client: TestClient) -> None:
    hub = hub_of(client)
    ann, bob = person(hub.store, "ann"), person(hub.store, "bob")
    table_id = open_table(hub, people(2), [ann, bob], rated=False)
    play_out(hub, table_id)
    rows = results(hub.store, table_id)
    assert len(rows) == 2 and {r.account_id for r in rows} == {ann.id, bob.id}
    assert all(r.mu_before is None and r.mu_after is None for r in rows)
    assert rating(hub.store, ann) is None and rating(hub.store, bob) is None


def test_a_finished_game_whose_results_were_lost_gets_them_at_the_next_start(db_url: str) -> None:
    """A process that ended between a game's last move and its observer left no results: the next
    server's start writes them, and the ratings move once."""
    with TestClient(create_app(Settings(db=db_url))) as first:
        hub = hub_of(first)
        ann, bob = person(hub.store, "ann"), person(hub.store, "bob")
        table_id = open_table(hub, people(2), [ann, bob], rated=True)
        hub.observers.clear()  # (the process "dies" before its observer runs)
        play_out(hub, table_id)
        assert results(hub.store, table_id) == [] and ratings.unrecorded(hub.store) == [table_id]
    with TestClient(create_app(Settings(db=db_url))) as second:
        store = hub_of(second).store
        for _ in range(300):
            if results(store, table_id):
                break
            time.sleep(0.1)
        assert len(results(store, table_id)) == 2
        assert ratings.unrecorded(store) == []
        assert ratings.sweep(store, hub_of(second)) == []  # nothing twice
        row = rating(store, ann)
        assert row is not None and row.games == 1


def test_a_solo_game_is_won_as_the_game_says_and_shows_no_place(client: TestClient) -> None:
    hub = hub_of(client)
    ann = person(hub.store, "ann")
    table_id, _ = hub.create(GAME, 1, {}, people(1), seed=SEED)
    accounts.claim_seat(hub.store, table_id, 0, ann)
    hub.catch_up(table_id, seats=True)
    play_out(hub, table_id)
    (row,) = results(hub.store, table_id)
    assert row.account_id == ann.id and row.won == (0 in hub.get(table_id).state.outcome().winners)
    recent = re.search(rf'<tr data-table="{table_id}">(.*?)</tr>', client.get("/players/ann").text, re.S)
    assert recent is not None and '<td class="place">—</td>' in recent[1]


def test_who_is_rated_guests_and_one_account_at_two_seats_are_not(client: TestClient) -> None:
    hub = hub_of(client)
    ann, bob = person(hub.store, "ann"), person(hub.store, "bob")
    both = open_table(hub, people(2), [ann, ann], rated=True)  # one account at both seats
    play_out(hub, both)
    guest = open_table(hub, [SeatSpec("human"), SeatSpec("human", name="Guest")], [bob, None], rated=True)
    play_out(hub, guest)  # one rated account left: nobody to be rated against
    assert rating(hub.store, ann) is None and rating(hub.store, bob) is None
    assert [r.account_id for r in results(hub.store, both)] == [ann.id, ann.id]
    assert [r.account_id for r in results(hub.store, guest)] == [bob.id, None]


def test_a_bot_levels_rating_changes_at_a_rated_table_with_a_bot(any_client: TestClient) -> None:
    hub = hub_of(any_client)
    ann = person(hub.store, "ann")
    table_id = open_table(hub, [SeatSpec("human"), SeatSpec("bot", "random")], [ann, None], rated=True)
    play_out(hub, table_id)
    bot = accounts.bot_account(hub.store, "random")
    mine, its = rating(hub.store, ann), rating(hub.store, bot)
    assert mine is not None and its is not None and its.games == 1 and its.mu != 25
    assert (mine.mu > 25) == (its.mu < 25)
    page = any_client.get("/players/bot:random")
    assert page.status_code == 200 and 'class="rating" data-players="2"' in page.text
    assert f"<strong>{shown(its.mu, its.sigma):.1f}</strong>" in page.text
    assert any_client.get("/players/random").status_code == 200  # no person is called so: the bot
    against = re.search(r'<tr data-level="random">(.*?)</tr>', any_client.get("/players/ann").text)
    assert against is not None and '<td class="games">1</td>' in against[1]


@pytest.mark.parametrize(("game", "players", "seats", "words"), [
    ("hadrians-wall", 1, [{"kind": "human"}], "one player"),
    ("fall-of-rome", 2, [{"kind": "human"}, {"kind": "human"}], "co-operative"),
    ("hadrians-wall", 2, [{"kind": "bot"}, {"kind": "bot"}], "bots only"),
])
def test_a_table_that_cannot_be_rated_is_refused_in_one_line(
        client: TestClient, game: str, players: int, seats: list[dict[str, str]], words: str) -> None:
    before = len(hub_of(client).store.tables())
    body = {"game": game, "players": players, "seats": seats, "rated": True}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 400, answer.text
    detail = answer.json()["detail"]
    assert words in detail and "\n" not in detail
    assert len(hub_of(client).store.tables()) == before


def test_the_lobby_opens_a_rated_table_and_refuses_a_rated_solo_one(client: TestClient) -> None:
    form = {"game": GAME, "players": "2", "seat0": "human", "seat1": "human", "listed": "on", "rated": "on"}
    assert client.post("/tables", data=form).status_code == 200
    row = hub_of(client).store.tables()[0]
    assert row.rated
    assert f"· {'rated'} ·" in client.get("/").text
    assert 'class="table-kind">rated<' in client.get(f"/watch/{row.id}").text
    solo = client.post("/tables", data={"game": GAME, "players": "1", "seat0": "human", "rated": "on"})
    assert solo.status_code == 400 and "a table of one player cannot be rated" in solo.text
    casual = client.post("/tables", data=form | {"rated": ""})
    assert casual.status_code == 200 and not hub_of(client).store.tables()[0].rated


def test_a_rematch_keeps_rated_and_the_seats_accounts(client: TestClient) -> None:
    hub = hub_of(client)
    ann, bob = person(hub.store, "ann"), person(hub.store, "bob")
    table_id = open_table(hub, people(2), [ann, bob], rated=True)
    play_out(hub, table_id)
    again = hub.rematch(table_id)
    row = hub.store.table(again)
    assert row is not None and row.rated
    assert [s.account_id for s in hub.store.seats(again)] == [ann.id, bob.id]


# --- pages ----------------------------------------------------------------------------------------------
def test_the_profile_and_the_leaderboard_show_the_numbers_and_escape_names(any_client: TestClient) -> None:
    hub = hub_of(any_client)
    ann, bob = person(hub.store, "ann"), person(hub.store, "bob")
    rated = open_table(hub, people(2), [ann, bob], rated=True)
    play_out(hub, rated)
    sneaky = '<b onclick="x()">Eve</b>'
    casual = open_table(hub, [SeatSpec("human"), SeatSpec("human", name=sneaky)], [ann, None], rated=False)
    play_out(hub, casual)
    places = {r.account_id: r.place for r in results(hub.store, rated)}
    winner, loser = (ann, bob) if places[ann.id] == 1 else (bob, ann)
    won, lost = rating(hub.store, winner), rating(hub.store, loser)
    assert won is not None and lost is not None

    page = any_client.get(f"/players/{winner.name}")
    assert page.status_code == 200
    text = page.text
    assert sneaky not in text and "&lt;b onclick=&#34;x()&#34;&gt;Eve&lt;/b&gt;" in text
    assert f"<strong>{shown(won.mu, won.sigma):.1f}</strong>" in text
    row = re.search(rf'<tr data-game="{GAME}">(.*?)</tr>', text, re.S)
    assert row is not None
    ann_wins = int(places[ann.id] == 1) + int(results(hub.store, casual)[0].won)
    games, wins = (2, ann_wins) if winner is ann else (1, 1)
    assert f'<td class="games">{games}</td><td class="wins">{wins}</td>' in row[1]
    assert f'href="/replay/{rated}"' in text and f'href="/players/{loser.name}"' in text
    assert f'{won.mu - 25:+.1f}' in text  # the rated game's change of μ

    board = any_client.get(f"/leaderboard/{GAME}?players=2")
    assert board.status_code == 200
    order = re.findall(r'<tr data-account="([^"]+)"', board.text)
    assert order == [winner.name, loser.name]
    assert f'<td class="rating">{shown(won.mu, won.sigma):.1f}</td>' in board.text
    assert '<td class="games">1</td><td class="wins">1</td><td class="rate">100%</td>' in board.text
    assert any_client.get(f"/leaderboard/{GAME}").text.count("<tr data-account") == 2  # 2 is the default
    assert f'/leaderboard/{GAME}?players=2' in any_client.get("/leaderboard").text


@pytest.mark.parametrize("path", ["/players/nobody", "/players/bot:nobody", "/leaderboard/no-such-game",
                                  f"/leaderboard/{GAME}?players=9", f"/leaderboard/{GAME}?players=x"])
def test_unknown_players_games_and_counts_are_404_on_the_error_page(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404 and 'class="error"' in answer.text


def test_a_new_players_page_and_an_empty_leaderboard_say_so(client: TestClient) -> None:
    person(hub_of(client).store, "newcomer")
    assert "No games yet." in client.get("/players/NEWCOMER").text
    assert "Nobody is rated here yet." in client.get("/leaderboard/trajan?players=3").text
    assert "not rated" in client.get("/leaderboard/fall-of-rome").text
