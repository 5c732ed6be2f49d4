"""The live tables of a server process (:mod:`ludus.web.live`): every change is an entry of the
log, and a table rebuilt from its log is the table that was played."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import ludus
from ludus.core.actions import Action
from ludus.core.api import State
from ludus.core.errors import IllegalActionError, NotationError
from ludus.core.record import GameRecord
from ludus.web.live import Hub, Live, Refused, SeatSpec, Stale
from ludus.web.store import Store, hash_token


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store(f"sqlite:///{tmp_path / 'live.db'}")
    opened.migrate()
    yield opened
    opened.dispose()


@pytest.fixture
def hub(store: Store) -> Iterator[Hub]:
    made = Hub(store, bot_threads=2)
    yield made
    made.close()


def settle(live: Live) -> None:
    """Wait until the workers have played every automatic move of ``live``."""
    done = threading.Event()
    for _ in range(6000):
        with live.lock:
            if not live.busy:
                return
        done.wait(0.01)
    raise AssertionError("the bots never stopped")


def people(n: int) -> list[SeatSpec]:
    return [SeatSpec("human") for _ in range(n)]


def test_an_undo_is_in_the_log_and_a_fresh_process_replays_to_the_same_position(store: Store,
                                                                                hub: Hub) -> None:
    table, _ = hub.create("glory-to-rome", 2, {}, people(2), seed=3)
    live = hub.get(table)
    hub.act(table, 1, "lead legionary school")
    assert live.undoable(1) and not live.undoable(0)
    hub.undo(table, 1)
    assert live.played == [] and live.index == 2
    hub.act(table, 1, "think_draw")
    assert not live.undoable(1)  # it saw the cards it drew
    with pytest.raises(Refused):
        hub.undo(table, 1)
    other = Hub(store)  # another process: it knows the table only from the database
    try:
        again = other.get(table)
        assert again.index == live.index == 3
        assert again.played == live.played == ["1:think_draw"]
        assert again.state.digest() == live.state.digest()
    finally:
        other.close()


def test_a_forced_move_is_committed_with_the_choice_before_it_and_taken_back_with_it(store: Store,
                                                                                     hub: Hub) -> None:
    """Fall of Rome solo: the second start city, once the first is chosen, is forced; it is in the
    log with the choice (no one is ever shown the position before it) and an undo takes both back."""
    table, _ = hub.create("fall-of-rome", 1, {}, people(1), seed=1)
    live = hub.get(table)
    for _ in range(8):
        assert live.forced_move(live.state) is None and not live.server_first()
        options = live.state.legal_actions(0)
        choice = next((a for a in options if live.forced_move(_after(live, a)) is not None), None)
        if choice is not None:
            break
        hub.act(table, 0, options[0].notation())
    assert choice is not None, "no choice before a forced move in the first moves"
    before, index = live.state.digest(), live.index
    forced = live.forced_move(_after(live, choice))
    assert forced is not None
    hub.act(table, 0, choice.notation())
    assert live.played[-2:] == [choice.notation(), forced[1].notation()] and live.index == index + 2
    assert [e.notation for e in store.entries(table, index)] == live.played[-2:]
    assert live.undo_steps(0) == 2
    hub.undo(table, 0)
    assert live.state.digest() == before and live.index == index + 3
    assert [(e.kind, e.notation) for e in store.entries(table, index + 2)] == [("undo", "2")]
    other = Hub(store)  # another process replays the log to the same position
    try:
        assert other.get(table).state.digest() == before
    finally:
        other.close()


def _after(live: Live, action: Action) -> State:
    state = live.state.clone()
    state.apply(action)
    return state


def test_a_bad_move_changes_nothing(hub: Hub) -> None:
    table, _ = hub.create("glory-to-rome", 2, {}, people(2), seed=3)
    live = hub.get(table)
    digest = live.state.digest()
    with pytest.raises(IllegalActionError):
        hub.act(table, 0, "lead legionary school")  # seat 1 leads
    with pytest.raises(IllegalActionError):
        hub.act(table, 1, "0:think_draw")  # another seat's action
    with pytest.raises(NotationError):
        hub.act(table, 1, "")
    assert live.index == 0 and live.state.digest() == digest and hub.store.entries(table) == []


def test_a_bot_that_thought_about_an_older_position_is_refused(hub: Hub) -> None:
    table, _ = hub.create("glory-to-rome", 2, {}, people(2), seed=3)
    hub.act(table, 1, "think_draw")
    with pytest.raises(Stale):
        hub.act(table, 0, "think_draw", expected=0)


@pytest.mark.parametrize("game", ["glory-to-rome", "trajan", "fall-of-rome", "hadrians-wall"])
def test_bots_play_a_game_to_the_end_and_its_record_replays(hub: Hub, game: str) -> None:
    table, _ = hub.create(game, 2 if game != "hadrians-wall" else 1, {},
                          [SeatSpec("bot", "random")] * (1 if game == "hadrians-wall" else 2), seed=5)
    live = hub.get(table)
    settle(live)
    assert live.status in ("finished", "stopped")
    record = GameRecord.from_json(live.record().to_json())
    assert len(record.actions) == len(live.played) == live.index
    if live.status == "finished":
        assert ludus.replay(record).digest() == live.state.digest() == record.final_digest
        assert hub.store.table(table).status == "finished"  # type: ignore[union-attr]


def test_a_rematch_keeps_the_seats_and_their_invitations(hub: Hub) -> None:
    table, tokens = hub.create("glory-to-rome", 2, {},
                               [SeatSpec("human", name="Ann"), SeatSpec("bot", "random")], seed=4)
    with pytest.raises(Refused):
        hub.rematch(table)  # not over yet
    hub.hand_over(table, 0, 0, "random")  # Ann leaves: a bot plays her seat to the end
    live = hub.get(table)
    settle(live)
    assert live.status == "finished"
    new = hub.rematch(table)
    assert hub.rematch(table) == new
    seats = hub.store.seats(new)
    assert seats[0].token_hash == hash_token(tokens[0]) and seats[0].name == "Ann" and seats[1].kind == "bot"
    assert hub.get(new).row.seed != live.row.seed


def test_only_a_late_seat_may_be_handed_to_a_bot_by_another(hub: Hub) -> None:
    table, _ = hub.create("glory-to-rome", 2, {}, people(2), seed=3, move_seconds=60)
    live = hub.get(table)
    with pytest.raises(Refused):
        hub.hand_over(table, 0, 1)  # seat 1 still has time
    live.since = live.since.replace(year=live.since.year - 1)
    assert hub.overdue(live) == [1]
    hub.hand_over(table, 0, 1, "random")
    settle(live)
    assert live.automatic(1) == "random" and live.index >= 1
    hub.set_seat(table, 1, replaced_by=None)  # the person is back
    assert live.automatic(1) is None


def test_a_listed_table_can_be_joined_until_its_seats_are_taken(hub: Hub) -> None:
    table, _ = hub.create("trajan", 2, {}, people(2), listed=True)
    first = hub.join(table, "Bea")
    second = hub.join(table, "Cy")
    assert {first[0], second[0]} == {0, 1} and first[1] != second[1]
    with pytest.raises(Refused):
        hub.join(table)
    assert [s.name for s in hub.store.seats(table)] == ["Bea", "Cy"]


def test_paced_bots_hold_no_worker_while_they_wait(store: Store) -> None:
    paced = Hub(store, bot_threads=1, bot_delay=0.05)
    try:
        tables = [paced.create("trajan", 2, {}, [SeatSpec("bot", "random")] * 2, seed=s)[0]
                  for s in (1, 2, 3)]
        done = threading.Event()
        for _ in range(3000):
            if all(paced.get(t).index >= 4 for t in tables):
                break
            done.wait(0.01)
        assert all(paced.get(t).index >= 4 for t in tables)  # one worker served three paced tables
    finally:
        paced.close()


def test_a_change_builds_each_seats_view_once_whoever_asks(hub: Hub, monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 34: the JSON payload, the play page's screen and a second page of the same seat share
    # the table's one view of the seat per position.
    from ludus.core.i18n import get_lang
    from ludus.web.payload import payload, screen

    table, _ = hub.create("glory-to-rome", 2, {}, people(2), seed=3)
    live = hub.get(table)
    built: list[int | None] = []
    real = type(live.state).view

    def counted(state: State, seat: int | None) -> dict[str, object]:
        if state is live.state:  # (undo's check views the worlds it probes, not the table)
            built.append(seat)
        return real(state, seat)

    monkeypatch.setattr(type(live.state), "view", counted)
    hub.act(table, 1, "lead legionary school")
    for seat in (0, 1, None):
        for _ in range(2):
            payload(live, seat, get_lang("en"))
            screen(live, seat, get_lang("pl"))
    assert sorted(built, key=str) == sorted([0, 1, None], key=str)
