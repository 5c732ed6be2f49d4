"""The Agent protocol and :func:`play_game`, the driver."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from ludus.core.actions import Action
from ludus.core.api import State
from ludus.core.events import Event
from ludus.core.record import GameRecord


@runtime_checkable
class Agent(Protocol):
    """A player: chooses actions when asked."""

    def act(self, state: State, player: int) -> Action:
        """Return one of ``state.legal_actions(player)``; ``player`` is to move."""
        ...

    def react(self, state: State, player: int) -> Action | None:
        """Optionally return an out-of-turn action of ``player`` (or ``None``)."""
        ...


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
    record replays). When several seats are to move (simultaneous play), they are
    asked in seat order, one action at a time, round-robin. Before each decision,
    the seats that have optional out-of-turn actions are offered them through
    :meth:`Agent.react`. With ``digests``, the record holds a digest per action.

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
    record = GameRecord(game.info.id, n, seed, game.option_dict)
    if digests:
        record.digests = []
    last = -1
    steps = 0
    actions = record.actions
    digest_list = record.digests

    def do(action: Action) -> None:
        events = state.apply(action)
        actions.append(action.notation())
        if digest_list is not None:
            digest_list.append(state.digest())
        if on_action is not None:
            on_action(action, events)

    seats = range(n)
    while not state.is_terminal():
        if steps >= cap:
            record.stopped = f"stopped unfinished at the cap of {cap} actions"
            break
        movers = state.to_move()
        if not movers:
            raise RuntimeError("non-terminal state with nobody to move")
        if len(movers) < n:
            reply = None
            for p in seats:
                if p not in movers and state.has_actions(p):
                    reply = agents[p].react(state, p)
                    if reply is not None:
                        break
            if reply is not None:
                do(reply)
                steps += 1
                continue
        if len(movers) == 1:
            player = movers[0]
        else:  # simultaneous play: round-robin over the seats to move
            player = next((p for p in movers if p > last), movers[0])
        last = player
        do(agents[player].act(state, player))
        steps += 1
    if record.stopped is None:
        record.final_digest = state.digest()
    return state, record
