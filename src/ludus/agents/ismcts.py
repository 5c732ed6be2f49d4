"""Information-set Monte Carlo tree search (game-agnostic).

:class:`Ismcts` is single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information
Set Monte Carlo Tree Search", IEEE TCIAIG 2012) with a reward per seat, as in max^n:

- each iteration takes a new **determinization** of the position from the searching
  seat (``state.determinize(player, seed)``: the hidden cards re-dealt, the random
  generator re-seeded), so the tree is over what that seat knows, never over the true
  hidden cards, and dice and draws differ from one iteration to the next;
- the tree is keyed by the actions taken since the root; a node's children are the
  actions seen there in some determinization, chosen by UCB1 with **availability**
  counts (an action is a candidate only in the determinizations where it is legal);
- each action is valued for the seat that takes it (``action.player``), so opponents
  pursue their own ends and in a co-operative game, where every seat's value is the
  team's, everybody plays for the team;
- action values are compared on the range of the leaf values seen so far in this search
  (rescaled to [0, 1], as MuZero does), so one exploration constant suits a game whose
  moves change the value by a hundredth as well as one where they change it by a half;
- a new leaf is valued with the game's :meth:`~ludus.core.api.Game.evaluate_all` after a
  short random **rollout**;
- **simultaneous** decisions (several seats to move) are taken one seat at a time,
  the searching seat first; a forced move (one legal action) is played without a node;
- **out-of-turn** optional actions are searched when the driver offers them
  (:meth:`Ismcts.react`): the root's choice is "pass" or one of them, with a quarter of
  the budget; inside the tree nobody reacts.

The budget is a number of iterations (reproducible: a decision depends only on the
position as the seat sees it and the seed), optionally capped by a time (then it also
depends on the machine's speed). The search stops early once the most visited action
cannot be overtaken in the iterations left (it would be chosen anyway).

>>> from ludus import load
>>> state = load("trajan", 2).new_state(seed=3)
>>> bot = Ismcts(seed=1, iterations=50)
>>> bot.act(state, 0) in state.legal_actions(0)
True
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from ludus.core.actions import Action
from ludus.core.api import State
from ludus.core.rng import Rng

__all__ = ["Ismcts", "SearchStats"]

PASS_VERB = " pass"
"""The verb of the root's "play nothing now" choice when the search decides whether to react
(a space: no game's verb, so it never equals a real action)."""


class _Node:
    """An edge and the node below it: the action's statistics for the seat taking it."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


@dataclass(slots=True)
class SearchStats:
    """What the last decision cost."""

    iterations: int = 0
    seconds: float = 0.0
    nodes: int = 0
    timed_out: bool = False


def _settled(root: _Node, left: int) -> bool:
    """Whether the most visited root action stays ahead whatever the ``left`` iterations do."""
    first = second = 0
    for child in root.children.values():
        v = child.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > left


@mypyc_attr(allow_interpreted_subclasses=True)
class Ismcts:
    """An ISMCTS bot. ``iterations`` per decision (and at most ``seconds``, if given).

    - ``rollout``: random actions played from a new leaf before it is valued (default: the
      game's :attr:`~ludus.core.api.Game.search_rollout`);
    - ``exploration``: the UCB1 constant (on values rescaled to [0, 1]);
    - ``react_share``: the share of the budget spent deciding on an optional
      out-of-turn action;
    - ``prior``: when above 0, each action met for the first time at a node starts with
      this many visits at the value of the position it leads to (one step of the greedy
      bot's look-ahead: a node costs one evaluation per action, and the search begins
      where the greedy bot ends).
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 1000,
        seconds: float | None = None,
        rollout: int | None = None,
        exploration: float = 0.5,
        react_share: float = 0.25,
        prior: int = 0,
    ) -> None:
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {iterations}")
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.exploration = exploration
        self.react_share = react_share
        self.prior = prior
        self.stats = SearchStats()

    # --- the Agent protocol --------------------------------------------------------------
    def act(self, state: State, player: int) -> Action:
        """The most visited of ``player``'s legal actions after the search."""
        actions = state.legal_actions(player)
        if len(actions) == 1:
            self.stats = SearchStats()
            return actions[0]
        return self._search(state, player, actions, self.iterations)

    def react(self, state: State, player: int) -> Action | None:
        """An optional out-of-turn action of ``player`` when the search prefers it to passing."""
        if player in state.to_move():
            return None
        actions = state.legal_actions(player)
        if not actions:
            return None
        budget = max(1, int(self.iterations * self.react_share))
        passing = Action(player, PASS_VERB)
        chosen = self._search(state, player, [passing, *actions], budget)
        return None if chosen is passing else chosen

    # --- the search ----------------------------------------------------------------------
    def _search(self, state: State, player: int, root_actions: list[Action], budget: int) -> Action:
        """The most visited of ``root_actions`` (``player``'s) after ``budget`` iterations."""
        rng = Rng(self.rng.next())
        evaluate_all = state.game.evaluate_all
        c = self.exploration
        rollout = state.game.search_rollout if self.rollout is None else self.rollout
        prior = self.prior
        root = _Node()
        nodes = 1
        start = time.perf_counter()
        limit = self.seconds
        timed_out = False
        done = 0
        path: list[tuple[_Node, int]] = []
        low, high = math.inf, -math.inf  # the leaf values seen: means are compared on this range
        for done in range(1, budget + 1):
            world = state.determinize(player, rng.next())
            node = root
            path.clear()
            expanded = False
            first = True
            while not world.is_terminal():
                if first:
                    actions = root_actions
                    first = False
                else:
                    movers = world.to_move()
                    mover = player if player in movers else movers[0]
                    actions = world.legal_actions(mover)
                    if len(actions) == 1:
                        world.apply(actions[0])
                        continue
                children = node.children
                untried = [a for a in actions if a not in children]
                if untried and prior:
                    # Every new action starts with ``prior`` visits at the value of the position it
                    # leads to (the greedy bot's look one step ahead), then UCB1 picks among all.
                    for a in untried:
                        after = world.clone()
                        if a.verb != PASS_VERB:
                            after.apply(a)
                        values = evaluate_all(after)
                        low, high = min(low, *values), max(high, *values)
                        edge = children[a] = _Node()
                        edge.visits = prior
                        edge.total = prior * values[a.player]
                    nodes += len(untried)
                    expanded = True
                    untried = []
                if untried:
                    action = untried[rng.randbelow(len(untried))]
                    child = children[action] = _Node()
                    nodes += 1
                    for a in actions:
                        if a is not action and a in children:
                            children[a].avail += 1
                    expanded = True
                else:
                    best = -math.inf
                    action = actions[0]
                    child = children[action]
                    scale = 1.0 / (high - low) if high > low else 0.0
                    for a in actions:
                        edge = children[a]
                        score = ((edge.total / edge.visits - low) * scale
                                 + c * math.sqrt(math.log(edge.avail) / edge.visits))
                        edge.avail += 1
                        if score > best:
                            best, action, child = score, a, edge
                path.append((child, action.player))
                if action.verb != PASS_VERB:
                    world.apply(action)
                node = child
                if expanded:
                    break
            for _ in range(rollout):
                if world.is_terminal():
                    break
                movers = world.to_move()
                legal = world.legal_actions(player if player in movers else movers[0])
                world.apply(legal[rng.randbelow(len(legal))])
            values = evaluate_all(world)
            for v in values:
                if v < low:
                    low = v
                if v > high:
                    high = v
            for edge, seat in path:
                edge.visits += 1
                edge.total += values[seat]
            if done % 16 == 0:
                if limit is not None and time.perf_counter() - start >= limit:
                    timed_out = True
                    break
                if _settled(root, budget - done):
                    break
        self.stats = SearchStats(done, time.perf_counter() - start, nodes, timed_out)
        children = root.children
        return max(root_actions, key=lambda a: (children[a].visits, children[a].total / children[a].visits)
                   if a in children else (0, -math.inf))
