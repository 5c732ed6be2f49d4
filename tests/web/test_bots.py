"""The server's bots (issue 35, point 2): decisions in worker processes, people's tables first.

Nothing here is timed: the checks are which decisions wait, and that a decision is the same
whichever worker (process or thread) makes it.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path

import psutil
import pytest

from ludus.agents import make_agent
from ludus.core.actions import Action
from ludus.core.api import State
from ludus.core.registry import configure
from ludus.web.bots import Bots, Decision, decide
from ludus.web.live import Hub, SeatSpec
from ludus.web.store import Store
from web.sockets import WAIT


def midgame(game_id: str = "glory-to-rome", moves: int = 12) -> State:
    """A position a few greedy moves into a 2-player game."""
    state = configure(game_id, 2, {}).new_state(5)
    greedy = make_agent("greedy", 1)
    for _ in range(moves):
        seat = state.to_move()[0]
        state.apply(greedy.act(state.clone(), seat))
    return state


def decision(world: State, people: bool, level: str = "hard", table: str = "t") -> Decision:
    return Decision(table, world.to_move()[0], level, 7, "act", world.clone(), people)


@pytest.fixture
def pool() -> Iterator[Bots]:
    bots = Bots(processes=0, threads=2)
    yield bots
    bots.close()


def test_a_persons_table_does_not_wait_behind_tables_of_bots_only(pool: Bots) -> None:
    """With two workers, tables of bots only use one at most: the other is kept, so a decision at a
    person's table starts at once however many bot-only decisions are queued."""
    world = midgame()
    made: list[Future[Action | None]] = []
    done = threading.Event()

    def finished(future: Future[Action | None]) -> None:
        made.append(future)
        if len(made) == 4:
            done.set()

    for n in range(3):
        pool.think(decision(world, people=False, level="expert", table=f"bots{n}"), finished)
    assert pool.waiting() == (0, 2)  # one bot-only decision runs, two wait
    pool.think(decision(world, people=True, level="greedy"), finished)
    assert pool.waiting() == (0, 2)  # the person's table took the kept worker at once
    assert done.wait(WAIT), "the decisions were not all made"
    assert all(isinstance(f.result(), Action) for f in made)


def test_a_decision_is_the_same_in_a_worker_process() -> None:
    """A worker process gets a pickled copy of the position and builds the bot from the seed: it plays
    what the server's own thread would."""
    world = midgame("trajan", 8)
    seat = world.to_move()[0]
    here = decide("hard", 11, "act", world.clone(), seat)
    processes = Bots(processes=1)
    try:
        answer: Future[Future[Action | None]] = Future()
        processes.think(Decision("t", seat, "hard", 11, "act", world.clone(), True), answer.set_result)
        assert answer.result(WAIT).result() == here
    finally:
        processes.close()


def test_a_hub_with_worker_processes_plays_its_bots(tmp_path: Path) -> None:
    """A table of a person and a bot, the bot thinking in a worker process: it answers the person."""
    store = Store(f"sqlite:///{tmp_path / 'bots.db'}")
    store.migrate()
    hub = Hub(store, bot_processes=1)
    try:
        table, _ = hub.create("hadrians-wall", 2, {}, [SeatSpec("human"), SeatSpec("bot", "greedy")], seed=4)
        live = hub.get(table)
        moved = threading.Event()
        hub.listen(table, moved.set)
        hub.act(table, 0, str(live.state.legal_actions(0)[0]))
        while True:
            with live.lock:
                if 1 not in live.state.to_move() or live.status != "playing":
                    break
                moved.clear()
            assert moved.wait(WAIT), "the bot in the worker process did not move"
        assert any(entry.seat == 1 for entry in store.entries(table))
    finally:
        hub.close()
        store.dispose()


KILLED_SERVER = """
import sys, time
from concurrent.futures import Future
from ludus.web.bots import Bots
from ludus.core.registry import configure
bots = Bots(processes=1)
world = configure("trajan", 2, {}).new_state(1)
from ludus.web.bots import Decision
made: Future = Future()
bots.think(Decision("t", world.to_move()[0], "random", 1, "act", world, True), made.set_result)
made.result(120)
print(flush=True)
time.sleep(600)
"""


def test_the_workers_of_a_killed_server_end_too(tmp_path: Path) -> None:
    """A server killed with SIGKILL cannot shut its pool down: its worker processes notice that their
    parent is gone and end, instead of living on as orphans."""
    server = subprocess.Popen([sys.executable, "-c", KILLED_SERVER], stdout=subprocess.PIPE)
    try:
        assert server.stdout is not None and server.stdout.readline() == b"\n"  # a decision was made
        workers = psutil.Process(server.pid).children()
        assert workers
    finally:
        server.kill()
        server.wait(30)
    _gone, alive = psutil.wait_procs(workers, timeout=WAIT)
    assert not alive, f"orphaned workers: {alive}"


def test_a_pool_whose_worker_died_is_replaced_and_decides_again() -> None:
    """A worker process killed (out of memory, say) breaks its pool: the decision it was making fails,
    and the next one starts a new pool and is made."""
    world = midgame("trajan", 4)
    seat = world.to_move()[0]
    processes = Bots(processes=1)
    try:
        first: Future[Future[Action | None]] = Future()
        processes.think(Decision("t", seat, "greedy", 3, "act", world.clone(), True), first.set_result)
        assert isinstance(first.result(WAIT).result(), Action)
        workers = [p for p in psutil.Process().children() if "spawn_main" in " ".join(p.cmdline())]
        assert workers
        for worker in workers:
            worker.kill()
        psutil.wait_procs(workers, timeout=WAIT)
        answers = []
        for _ in range(3):  # (a decision handed over as the pool broke fails: its table asks again)
            again: Future[Future[Action | None]] = Future()
            processes.think(Decision("t", seat, "greedy", 3, "act", world.clone(), True), again.set_result)
            answers.append(again.result(WAIT))
            if answers[-1].exception() is None:
                break
        assert answers[-1].result() == decide("greedy", 3, "act", world.clone(), seat)
    finally:
        processes.close()
