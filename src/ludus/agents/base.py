"""The Agent protocol and :func:`play_game`, the table driver with bots in every seat."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ludus.core.actions import Action
from ludus.core.api import State
from ludus.core.driver import Agent, Table
from ludus.core.events import Event
from ludus.core.record import GameRecord

__all__ = ["Agent", "play_game"]


def play_game(
    state: State,
    agents: Sequence[Agent],
    *,
    seed: int = 0,
    max_actions: int | None = None,
    digests: bool = False,
    on_action: Callable[[Action, list[Event]], None] | None = None,
) -> tuple[State, GameRecord]:
    """Play ``state`` to the end with one agent per seat; return it and its record.

    ``seed`` is the seed ``state`` was created with (it goes into the record so the
    record replays). Who moves next is :meth:`ludus.core.driver.Table.next_turn`'s
    rule: when several seats are to move (simultaneous play), they are asked in seat
    order, one action at a time, round-robin; before each decision, the seats that
    have optional out-of-turn actions are offered them through :meth:`Agent.react`.
    With ``digests``, the record holds a digest per action.

    The rules of some games have no round limit, so bots may never end one. After
    ``max_actions`` actions (default :attr:`Game.action_cap
    <ludus.core.api.Game.action_cap>`, 20 times the game's typical length) the
    game is stopped: the unfinished state is returned and ``record.stopped`` says
    why (it is ``None`` for a game that ended). Nothing is raised.
    """
    game = state.game
    n = game.players
    cap = game.action_cap if max_actions is None else max_actions
    if len(agents) != n:
        raise ValueError(f"{n} seats need {n} agents, got {len(agents)}")
    table = Table(state, bots=dict(enumerate(agents)), seed=seed, digests=digests, undo=False, events=False)
    record = table.record
    steps = 0
    while True:
        turn = table.next_turn()
        if turn is None:
            break
        if steps >= cap:
            record.stopped = f"stopped unfinished at the cap of {cap} actions"
            break
        if table.take_turn(turn):
            steps += 1
            if on_action is not None:
                on_action(table.actions[-1], table.last_events)
    if record.stopped is None:
        record.final_digest = state.digest()
    return state, record
