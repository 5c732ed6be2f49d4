"""The table driver: one game in progress, whoever plays it (bots, a terminal, a web table).

:class:`Table` owns the state, the record (as actions and as notation), the events of every
action, the way back (:class:`~ludus.core.table.UndoHistory`, one policy for every front end),
who moves next (:meth:`Table.next_turn`) and what each seat is shown (:meth:`Table.view`,
built once per seat and kept until the next change). Front ends are thin adapters over it:
:func:`ludus.agents.play_game` (bots only), the terminal session (:mod:`ludus.play.terminal`)
and the web's live tables (:mod:`ludus.web.live`).

**Who moves next** is one rule, :meth:`Table.next_turn`:

1. a person's *forced* move (``State.forced``: the only move, known from public
   information) is played by the table for the person;
2. when some seats are not to move, each bot among them with an optional out-of-turn
   action is offered it (:meth:`Agent.react`), in seat order, once per position;
3. among the seats to move, the next one after the last mover (round-robin, so
   simultaneous seats take turns); a bot acts, a person is asked. Before a bot's turn,
   people with optional out-of-turn actions are offered them once (a front end that asks
   people one at a time; a web page shows them all the time).

**Legality is checked once**, by ``State.apply`` inside :meth:`Table.play`; an illegal
action raises :class:`~ludus.core.errors.IllegalActionError` saying why (``why_illegal``),
and nothing changes. Bots hand the table :class:`~ludus.core.actions.Action` objects.

>>> import ludus
>>> from ludus.agents import RandomAgent
>>> table = Table(ludus.load("glory-to-rome", 2).new_state(3), bots={0: RandomAgent(0)})
>>> table.next_turn()      # seat 1 is a person: the table waits for its decision
Turn(seat=1, kind='ask', action=None)
>>> _ = table.play(table.state.game.parse_action(table.state, "1:lead legionary school"))
>>> table.run_bots()       # the bot's moves, until a person must decide again
1
>>> table.record.actions
['1:lead legionary school', '0:follow foundry']
>>> table.undo_steps(1)    # seat 0 has acted since
0
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, Protocol, runtime_checkable

from ludus.core.actions import Action
from ludus.core.api import State
from ludus.core.errors import N_, IllegalActionError, LudusError, Translator
from ludus.core.events import Event
from ludus.core.i18n import Lang, get_lang
from ludus.core.record import GameRecord
from ludus.core.table import PROBES, UndoHistory

__all__ = ["Agent", "FatalMove", "Mark", "Table", "Turn", "WhyIllegal", "forced_move", "loses_at_once"]


class WhyIllegal:
    """Why ``action`` is illegal in ``state`` (the rule's reason, or the generic one), said in the
    language of whoever reads the error (:class:`~ludus.core.errors.Sayable`); ``str()`` is the
    English. The state is a copy taken when the action was refused."""

    __slots__ = ("action", "state")

    def __init__(self, state: State, action: Action) -> None:
        self.state = state
        self.action = action

    def text_in(self, lang: Translator) -> str:
        """The reason in ``lang``."""
        return self.state.why_illegal(self.action, lang if isinstance(lang, Lang) else None)

    def __str__(self) -> str:
        return self.state.why_illegal(self.action)


class FatalMove(LudusError):
    """The action loses the game at once (:func:`loses_at_once`): play it
    again with ``confirm`` (a front end asks the person first)."""


@runtime_checkable
class Agent(Protocol):
    """A player the table asks itself (a bot): chooses actions when asked."""

    def act(self, state: State, player: int) -> Action:
        """Return one of ``state.legal_actions(player)``; ``player`` is to move."""
        ...

    def react(self, state: State, player: int) -> Action | None:
        """Optionally return an out-of-turn action of ``player`` (or ``None``)."""
        ...


TurnKind = Literal["forced", "react", "offer", "act", "ask"]


class Turn(NamedTuple):
    """Whom the table waits for next, and how.

    ``kind``: ``"forced"`` (the table plays ``action`` for a person), ``"react"`` (a bot
    may act out of turn), ``"offer"`` (a person may act out of turn before a bot moves),
    ``"act"`` (a bot moves) or ``"ask"`` (a person decides).
    """

    seat: int
    kind: TurnKind
    action: Action | None = None


@dataclass(slots=True)
class Mark:
    """What :meth:`Table.restore` puts back (:meth:`Table.mark`)."""

    state: State
    played: int
    """How many of :attr:`Table.actions` there were."""
    record: int
    final: str | None
    history: list[Any]
    last: int
    last_bot: int


def loses_at_once(state: State, action: Action) -> bool:
    """Whether ``action`` surely ends the game at once in a loss for the side that takes it.

    Co-op: the game ends lost. Competitive: the game ends and the acting seat is not
    among the winners. The answer is built only from what the acting seat knows: the
    action is tried in :data:`~ludus.core.table.PROBES` worlds re-dealt from its view
    (``determinize(seat)``), never in the real state, and the warning holds only when
    every one of them loses — so it can never tell the seat a hidden card (a loss that
    depends on the next card drawn is not announced). ``state`` is unchanged.
    """
    seat = action.player
    for k in range(PROBES):
        world = state.determinize(seat, 0xFA7A1 + k)
        try:
            world.apply(action)
        except LudusError:
            return False
        if not world.is_terminal():
            return False
        out = world.outcome()
        lost = not out.cooperative_win if out.cooperative_win is not None else seat not in out.winners
        if not lost:
            return False
    return True


def forced_move(state: State, bots: Collection[int]) -> tuple[int, Action] | None:
    """The next move a table plays for a person in ``state``: a seat to move, not among
    ``bots``, whose only move is forced (``State.forced``). None when there is none."""
    if state.is_terminal():
        return None
    for seat in state.to_move():
        if seat not in bots:
            forced = state.forced(seat)
            if forced is not None:
                return seat, forced
    return None


class Table:
    """One game in progress: its state, record, events, way back, turn order and screens.

    ``bots``: the agents the table asks itself, by seat (the other seats are people, whom a
    front end asks). ``record``: the record to extend (a resumed game's), else a new one
    for ``seed``; with ``digests`` it holds a digest after every action. ``undo``: keep
    the way back, ``events``: keep the events of every action (a simulation does without
    both: the way back costs a copy of the state per action, and what is kept slows Python's
    garbage collector down as the game grows).
    """

    def __init__(self, state: State, *, bots: Mapping[int, Agent] | None = None, seed: int = 0,
                 record: GameRecord | None = None, digests: bool = False, undo: bool = True,
                 events: bool = True) -> None:
        game = state.game
        self.state = state
        """The position now (changed in place by every action)."""
        self.bots: dict[int, Agent] = dict(bots or {})
        if record is None:
            record = GameRecord(game.info.id, game.players, seed, game.option_dict)
            if digests:
                record.digests = []
        self.record = record
        """The record, extended by every action (undo takes its actions back out)."""
        self.actions: list[Action] = []
        """The actions played through this table, in force (undone ones left out)."""
        self.events: list[list[Event]] = []
        """The events of each of :attr:`actions` (empty lists without ``events``)."""
        self._keep_events = events
        self.last_events: list[Event] = []
        """The events of the latest action (kept even without ``events``)."""
        self.history: UndoHistory | None = UndoHistory(self.view) if undo else None
        self.last = -1
        """The last seat that moved in its turn (round-robin among simultaneous seats)."""
        self.declined: set[int] = set()
        """Seats that passed on their out-of-turn actions in this position."""
        self._last_bot = -1
        self._offers: list[int] | None = None
        self._views: dict[int | None, dict[str, Any]] = {}

    # --- what a seat sees ----------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """``state.view(seat)``, built once per position (do not change the dict)."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.state.view(seat)
        return view

    def legal(self, seat: int) -> list[Action]:
        """``seat``'s own legal actions now (the only options a seat is ever shown)."""
        return self.state.legal_actions(seat)

    def seat_events(self, seat: int | None, since: int = 0) -> list[Event]:
        """The events ``seat`` may see of the actions from number ``since`` on."""
        return [e for events in self.events[since:] for e in events if e.is_visible_to(seat)]

    def recent(self, seat: int | None) -> list[Event]:
        """The events ``seat`` saw since its own last action (a spectator: those of the last action)."""
        if not self.actions:
            return self.seat_events(seat)
        last = len(self.actions) - 1
        if seat is not None:
            mine = [k for k, action in enumerate(self.actions) if action.player == seat]
            last = mine[-1] + 1 if mine else 0
        return self.seat_events(seat, last)

    # --- changes -------------------------------------------------------------------------
    def play(self, action: Action, *, confirm: bool = True) -> list[Event]:
        """Play ``action`` (a person's, a bot's, a forced one): the one legality check is ``apply``'s.

        Raises :class:`IllegalActionError` with ``why_illegal``'s reason, and without
        ``confirm`` :class:`FatalMove` for an action that loses the game at once (judged from
        what its seat knows); nothing changes then.
        """
        state = self.state
        if not confirm and loses_at_once(state, action):
            raise FatalMove(N_("{action} loses the game at once: confirm it to play it"), action=str(action))
        mover = action.player in state.to_move()
        before = state.clone() if self.history is not None else None
        try:
            events = state.apply(action)
        except IllegalActionError:
            raise IllegalActionError(N_("illegal action {action}: {reason}"), action=str(action),
                                     reason=WhyIllegal(state.clone(), action)) from None
        if self.history is not None and before is not None:
            self.history.record(before, action, state)
        if mover:
            self.last = action.player
        self.actions.append(action)
        self.events.append(events if self._keep_events else [])
        self.last_events = events
        record = self.record
        record.actions.append(action.notation())
        if record.digests is not None:
            record.digests.append(state.digest())
        if state.is_terminal():
            record.final_digest = state.digest()
        if self._views:
            self._views.clear()
        if self.declined:
            self.declined.clear()
        self._offers = None
        return events

    def move(self, action: Action, *, confirm: bool = True, bots: Collection[int] | None = None,
             limit: int | None = None) -> int:
        """Play ``action`` (as :meth:`play`) and then the people's forced moves after it (as
        :meth:`settle`, at most ``limit``): the move and what it forces go together, so no
        front end ever offers a move the table is about to play. Return how many were played."""
        self.play(action, confirm=confirm)
        return 1 + self.settle(bots, limit)

    def settle(self, bots: Collection[int] | None = None, limit: int | None = None) -> int:
        """Play the people's forced moves of the position (:func:`forced_move`), at most ``limit``;
        return how many (a front end that plays them with the move before them)."""
        bots = self.bots if bots is None else bots
        count = 0
        while limit is None or count < limit:
            found = forced_move(self.state, bots)
            if found is None:
                break
            self.play(found[1])
            count += 1
        return count

    def _changed(self) -> None:
        if self._views:
            self._views.clear()
        if self.declined:
            self.declined.clear()
        self._offers = None

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back its latest choice now."""
        return self.history is not None and self.history.unit(seat) > 0

    def undo_steps(self, seat: int) -> int:
        """How many actions an undo of ``seat`` takes back now: its latest choice with the
        forced moves played for it since (0: it may not)."""
        return 0 if self.history is None else self.history.unit(seat)

    def why_not_undo(self, seat: int, lang: Lang | None = None) -> str:
        """Why ``seat`` may not take anything back now, in ``lang`` (empty when it may)."""
        _ = (lang or get_lang("en")).gettext
        if self.history is None:
            return _("nothing has been played yet")
        if self.history.unit(seat):
            return ""
        return self.history.why_not(seat, lang) or _(
            "you cannot take that back: another seat acted since, or it revealed something")

    def undo(self, seat: int) -> int:
        """Take back ``seat``'s latest choice with the forced moves played for it since; return
        how many actions went. Raises :class:`LudusError` saying why when the seat may not."""
        reason = self.why_not_undo(seat)
        if reason:
            raise LudusError(N_("cannot undo: {reason}"), reason=reason)
        steps = self.undo_steps(seat)
        self.take_back(seat, steps)
        return steps

    def take_back(self, seat: int, steps: int) -> None:
        """Take back the latest ``steps`` actions, all ``seat``'s (an undo read from a log)."""
        history = self.history
        if history is None or len(history.steps) < steps or len(self.actions) < steps or any(
                step.seat != seat for step in history.steps[len(history.steps) - steps:]):
            raise LudusError(N_("cannot undo: {reason}"), reason=self.why_not_undo(seat))
        self.state = history.take_back(steps)
        del self.actions[-steps:], self.events[-steps:], self.record.actions[-steps:]
        if self.record.digests is not None:
            del self.record.digests[-steps:]
        self.record.final_digest = None
        self.last = next((a.player for a in reversed(self.actions)), -1)
        self._changed()

    def mark(self) -> Mark:
        """What :meth:`restore` needs to put the table back as it is now (a copy of the state)."""
        steps = list(self.history.steps) if self.history is not None else []
        return Mark(
            self.state.clone(),
            len(self.actions),
            len(self.record.actions),
            self.record.final_digest,
            steps,
            self.last,
            self._last_bot,
        )

    def restore(self, mark: Mark) -> None:
        """Put the table back as it was at ``mark`` (actions played since are forgotten)."""
        self.state = mark.state
        del self.actions[mark.played:], self.events[mark.played:], self.record.actions[mark.record:]
        if self.record.digests is not None:
            del self.record.digests[mark.record:]
        self.record.final_digest = mark.final
        if self.history is not None:
            self.history.steps[:] = mark.history
            self.history.now = mark.state
        self.last, self._last_bot = mark.last, mark.last_bot
        self._changed()

    # --- who moves next ------------------------------------------------------------------
    def forced_move(self, bots: Collection[int] | None = None) -> tuple[int, Action] | None:
        """The next move the table plays for a person now (see :func:`forced_move`)."""
        return forced_move(self.state, self.bots if bots is None else bots)

    def next_turn(self, bots: Collection[int] | None = None, *, people_wait: bool = True) -> Turn | None:
        """Whom the table waits for next (None: the game is over, or only people are to move
        and ``people_wait`` is false). ``bots``: the seats bots play (default: :attr:`bots`).

        ``people_wait``: people are asked one at a time (a terminal). Without it (a web
        table, where every person to move decides at once) bots to move are not held up
        by people, and people are not offered their out-of-turn actions (they see them).
        """
        state = self.state
        if state.is_terminal():
            return None
        bots = self.bots if bots is None else bots
        movers = state.to_move()
        if not movers:
            raise RuntimeError("non-terminal state with nobody to move")
        players = state.game.players
        if len(bots) < players:  # people at the table: their forced moves first
            forced = forced_move(state, bots)
            if forced is not None:
                return Turn(forced[0], "forced", forced[1])
        if len(movers) < players:
            declined = self.declined
            for seat in range(players):
                if seat in bots and seat not in movers and seat not in declined and state.has_actions(seat):
                    return Turn(seat, "react")
        pool = movers if people_wait else tuple(p for p in movers if p in bots)
        if not pool:
            return None
        seat = pool[0] if len(pool) == 1 else next((p for p in pool if p > self.last), pool[0])
        if seat not in bots:
            return Turn(seat, "ask")
        if people_wait and len(bots) < players:
            if seat != self._last_bot:  # a new bot's turn: the people may act out of turn first
                self._last_bot = seat
                self._offers = [p for p in range(players) if p not in bots and p not in movers]
            while self._offers:
                person = self._offers.pop(0)
                if state.has_actions(person):
                    return Turn(person, "offer")
        return Turn(seat, "act")

    def decline(self, seat: int) -> None:
        """``seat`` passes on its out-of-turn actions in this position."""
        self.declined.add(seat)

    def run_bots(self, limit: int | None = None) -> int:
        """Play the bots' and the forced moves until a person must decide, the game ends or
        ``limit`` actions were played; return how many were played."""
        count = 0
        while limit is None or count < limit:
            turn = self.next_turn()
            if turn is None or turn.kind in ("ask", "offer"):
                break
            if self.take_turn(turn):
                count += 1
        return count

    def take_turn(self, turn: Turn) -> bool:
        """Do a turn the table does itself (forced, a bot's reaction or move); True when an
        action was played (a bot may pass on a reaction)."""
        kind = turn.kind
        if kind == "act":
            self.play(self.bots[turn.seat].act(self.state, turn.seat))
            return True
        if kind == "forced":
            assert turn.action is not None
            self.play(turn.action)
            return True
        if kind == "react":
            reply = self.bots[turn.seat].react(self.state, turn.seat)
            if reply is None:
                self.decline(turn.seat)
                return False
            self.play(reply)
            return True
        raise ValueError(f"seat {turn.seat}'s turn ({kind}) is a person's")
