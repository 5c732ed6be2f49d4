"""Policy rollout: the greedy bot improved by simulating its own play (game-agnostic).

:class:`Rollout` is on-line policy improvement by Monte Carlo simulation (Tesauro and
Galperin, "On-line policy improvement using Monte-Carlo search", NIPS 1996; Bertsekas'
"rollout algorithm"), on determinizations as in ISMCTS:

- the **candidates** are the seat's legal actions, best first by the game's one-step value
  (the greedy bot's look-ahead), at most ``width`` of them; the greedy bot's own choice is
  always one of them;
- each **rollout** takes a new determinization of the position from the seat
  (``state.determinize(player, seed)``: what the seat has not seen re-dealt, dice re-seeded)
  and plays every candidate on a copy of it — the same deal and the same dice for all, so the
  candidates are compared on equal luck (common random numbers) — then lets the **greedy bot**
  play every seat until ``turns`` more turns have begun (the game's
  :meth:`~ludus.core.api.Game.turn_key`; by default :attr:`~ludus.core.api.Game.search_turns`, a
  round of the table, or a Year where the seats play at once) and values the position there
  with the game's :meth:`~ludus.core.api.Game.evaluate_all`, for the seat. Every candidate is
  so valued at the same point of the game: a candidate that ends the seat's turn is not
  valued against one that leaves the seat halfway through it;
- the rollouts are spent by **sequential halving** (Karnin, Koren and Somekh 2013): each
  round gives the candidates still in the race an equal share, then the worse half drops out;
- the candidate with the best mean wins; on a tie, the greedy bot's choice.

So where the greedy bot's one-step value misjudges a move — a card that only pays off a few
decisions later, an opponent's obvious reply — the simulation sees it, and where it does not,
the bot plays as the greedy bot. Inside a simulation nobody plays out-of-turn actions.

Out of turn (:meth:`Rollout.react`) the candidates are "pass" and the optional actions, valued
the same way.

The budget is a number of simulations (``rollouts`` per decision, each candidate played once
per rollout in the first round), so a decision depends only on the position as the seat
sees it and the seed.

>>> from ludus import load
>>> state = load("trajan", 2).new_state(seed=3)
>>> bot = Rollout(seed=1, rollouts=4, turns=1)
>>> bot.act(state, 0) in state.legal_actions(0)
True
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import TypeVar

from mypy_extensions import mypyc_attr

from ludus.agents.greedy import GreedyAgent
from ludus.agents.value import LearnedValue
from ludus.core.actions import Action
from ludus.core.api import State
from ludus.core.rng import Rng

__all__ = ["Rollout", "margin_value"]

_C = TypeVar("_C", Action, Action | None, tuple[Action, ...])

STEP_CAP = 64
"""A safeguard: a simulation stops after this many actions per turn and seat, whether or not the
turns have begun (a turn is far shorter in every game)."""


class _Greedy(GreedyAgent):
    """The greedy bot's policy for every seat of one simulation (its own memory).

    The world is already a determinization, so the policy looks one step ahead on it directly
    (the game's own greedy policy, where it has one, re-determinizes for its seat as usual).
    """

    def _world(self, state: State, player: int) -> State:
        return state


def _ranked(world: State, player: int, actions: list[Action], rng: Rng) -> list[Action]:
    """``actions`` best first by the game's value one step ahead on ``world`` (ties at random)."""
    evaluate = world.game.evaluate
    keyed = []
    for a in actions:
        after = world.clone()
        after.apply(a)
        keyed.append((-evaluate(after, player), rng.randbelow(1 << 30), a))
    keyed.sort(key=lambda k: (k[0], k[1]))
    return [a for _, _, a in keyed]


class _Noisy(_Greedy):
    """An opponent of one simulation that is not the greedy bot: it plays the greedy bot's choice,
    except that with probability ``noise`` it plays a uniform legal action instead."""

    def __init__(self, seed: int, noise: float) -> None:
        super().__init__(seed)
        self.noise = noise
        self.coin = Rng(seed ^ 0x5DEECE66D)

    def act(self, state: State, player: int) -> Action:
        if self.coin.random() < self.noise:
            actions = state.legal_actions(player)
            return actions[self.coin.randbelow(len(actions))]
        return super().act(state, player)


def margin_value(world: State, player: int, value: float, margin: float) -> float:
    """``value`` of a finished simulation for ``player``, with the weight ``margin`` given to its
    score margin over the best other seat (relative to the largest score, in [-1, 1]).

    A finished game's value is its returns: +1 for a win, -1 for a loss, whatever the margin, so a
    search that is behind would see every candidate as lost alike. With the margin, a closer loss is
    worth more than a heavy one and a safer win more than a narrow one.
    """
    if margin <= 0.0 or not world.is_terminal() or world.game.players < 2:
        return value
    scores = world.outcome().scores
    mine = scores[player]
    best_other = max(x for q, x in enumerate(scores) if q != player)
    spread = max(1.0, max(abs(x) for x in scores))
    lead = max(-1.0, min(1.0, (mine - best_other) / spread))
    return (1.0 - margin) * value + margin * lead


@mypyc_attr(allow_interpreted_subclasses=True)
class Rollout:
    """The greedy bot with about ``rollouts`` simulations of each candidate per decision.

    - ``width``: how many candidates (best first by one step's value) are simulated;
    - ``turns``: turns begun in a simulation before its position is valued (default: the
      game's :attr:`~ludus.core.api.Game.search_turns`); in a game without turns
      (``turn_key`` None), decisions of the searching seat;
    - ``confidence``: how many standard errors the best candidate's mean gain over the greedy
      bot's choice must exceed for the bot to play it instead;
    - ``noise``: in a simulation the other seats play the greedy bot's choice except with this
      probability, a uniform legal action (0: exactly the greedy bot, the ``hard`` level);
    - ``margin``: the weight of the score margin in a finished simulation's value
      (:func:`margin_value`; 0: the returns alone);
    - ``value``: a learned value (:class:`~ludus.agents.value.LearnedValue`) blended with the game's
      heuristic where a simulation stops before the end (None: the heuristic alone);
    - ``macro``: where the game plans whole turns (:meth:`~ludus.core.game.Game.turn_plans`), the
      candidates are the best plan of each first action (at most ``width``, the game's best first),
      each simulated whole; the bot then plays the chosen plan's next actions without searching
      while they stay legal in its turn (a macro-move).
    """

    name = "rollout"

    def __init__(self, seed: int = 0, rollouts: int = 8, turns: int | None = None, width: int = 4,
                 confidence: float = 1.0, noise: float = 0.0, margin: float = 0.0,
                 value: LearnedValue | None = None, macro: bool = False) -> None:
        if rollouts < 1 or width < 1 or (turns is not None and turns < 1):
            raise ValueError(f"need rollouts >= 1, width >= 1, turns >= 1; got {rollouts}, {width}, {turns}")
        if not (0.0 <= noise <= 1.0 and 0.0 <= margin <= 1.0):
            raise ValueError(f"need noise and margin in [0, 1]; got {noise}, {margin}")
        self.rng = Rng(seed)
        self.greedy = _Greedy(self.rng.next())
        self.rollouts = rollouts
        self.turns = turns
        self.confidence = confidence
        self.width = width
        self.noise = noise
        self.margin = margin
        self.value = value
        self.macro = macro
        self.plan: list[Action] = []
        """The rest of the turn it chose whole (``macro``), next action first."""
        self.plan_key: tuple[int, Hashable] | None = None
        """The seat and the turn that plan is for."""
        self.simulations = 0
        """Simulations run for the last decision (0: it was forced or obvious)."""

    # --- the Agent protocol --------------------------------------------------------------
    def act(self, state: State, player: int) -> Action:
        """``player``'s best action by simulation (the greedy bot's choice if none is better)."""
        actions = state.legal_actions(player)
        self.simulations = 0
        if self.macro and self.plan:
            planned = self._planned(state, player, actions)
            if planned is not None:
                return planned
        if len(actions) == 1:
            return actions[0]
        world = state.determinize(player, self.rng.next())
        if self.macro:
            plans = state.game.turn_plans(world, player, self.greedy.search)
            if plans:
                return self._macro(state, player, plans)
        base = self.greedy.act(world, player)
        candidates = _ranked(world, player, actions, self.rng)[: self.width]
        if base in candidates:
            candidates.remove(base)
        else:
            candidates.pop()
        return self._best(state, player, [base, *candidates])

    def react(self, state: State, player: int) -> Action | None:
        """An optional out-of-turn action of ``player`` when simulation prefers it to passing."""
        if player in state.to_move():
            return None
        actions = state.legal_actions(player)
        self.simulations = 0
        if not actions:
            return None
        world = state.determinize(player, self.rng.next())
        candidates = _ranked(world, player, actions, self.rng)[: self.width]
        return self._best(state, player, [None, *candidates])

    # --- macro-moves -----------------------------------------------------------------------
    def _planned(self, state: State, player: int, actions: list[Action]) -> Action | None:
        """The chosen plan's next action, if the plan is for this seat's turn and it is legal."""
        if self.plan_key == (player, state.game.turn_key(state)):
            action = self.plan.pop(0)
            if action in actions:
                return action
        self.plan = []
        return None

    def _macro(self, state: State, player: int, plans: Sequence[Sequence[Action]]) -> Action:
        """The first action of the best of ``plans`` (one per first action, at most ``width``), the
        rest of it kept to be played."""
        candidates: list[tuple[Action, ...]] = []
        firsts: set[Action] = set()
        for plan in plans:
            if plan and plan[0] not in firsts:
                firsts.add(plan[0])
                candidates.append(tuple(plan))
                if len(candidates) == self.width:
                    break
        chosen = self._best(state, player, candidates)
        self.plan = list(chosen[1:])
        self.plan_key = (player, state.game.turn_key(state))
        return chosen[0]

    # --- the search ----------------------------------------------------------------------
    def _best(self, state: State, player: int, candidates: list[_C]) -> _C:
        """The candidate that beats the first (the greedy bot's choice, or passing) most clearly.

        Sequential halving keeps the first candidate in the race to the end, so every other
        one is compared with it on the same determinizations (paired): it replaces the first
        only if its mean gain is more than ``confidence`` standard errors above zero.
        """
        if len(candidates) == 1:
            return candidates[0]
        rng = Rng(self.rng.next())
        game = state.game
        evaluate_all = game.evaluate_all
        turn_key = game.turn_key
        depth = game.search_turns if self.turns is None else self.turns
        cap = STEP_CAP * max(1, depth) * game.players
        learned = self.value if self.value is not None and self.value.players == game.players else None
        values: list[dict[int, float]] = [{} for _ in candidates]  # determinization -> value
        alive = list(range(len(candidates)))
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        budget = self.rollouts * len(candidates)
        worlds = 0
        for round_ in range(rounds):
            for _ in range(max(1, budget // (rounds * len(alive)))):
                world = state.determinize(player, rng.next())
                start = turn_key(world)
                seed = rng.next()
                for i in alive:
                    sim = world.clone()
                    action = candidates[i]
                    if isinstance(action, tuple):
                        _play(sim, player, action)
                    elif action is not None:
                        sim.apply(action)
                    policy = _Greedy(seed)
                    others = _Noisy(seed, self.noise) if self.noise else policy
                    key = start
                    turns = steps = 0
                    while not sim.is_terminal() and steps < cap:
                        movers = sim.to_move()
                        mover = player if player in movers else movers[0]
                        if key is None:  # no turns: the seat's own decisions are counted
                            if mover == player:
                                if turns == depth:
                                    break
                                turns += 1
                        elif (now := turn_key(sim)) != key:
                            key = now
                            turns += 1
                            if turns == depth:
                                break
                        sim.apply((policy if mover == player else others).act(sim, mover))
                        steps += 1
                    value = evaluate_all(sim)[player]
                    if sim.is_terminal():
                        value = margin_value(sim, player, value, self.margin)
                    elif learned is not None:
                        value = learned.leaf(sim, player, value)
                    values[i][worlds] = value
                worlds += 1
            alive.sort(key=lambda i: (-_mean(values[i]), i))
            if round_ < rounds - 1:
                keep: list[int] = alive[: max(1, len(alive) // 2)]
                if 0 not in keep:  # the first stays in the race: the others are measured against it
                    keep = [0, *keep[:-1]] if len(keep) > 1 else [0, *keep]
                alive = keep
        self.simulations = sum(len(v) for v in values)
        best = min(alive, key=lambda i: (-_mean(values[i]), i))
        if best == 0:
            return candidates[0]
        base = values[0]
        gains = [v - base[w] for w, v in values[best].items()]
        n = len(gains)
        mean = sum(gains) / n
        spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1)) if n > 1 else math.inf
        return candidates[best] if mean > self.confidence * spread / math.sqrt(n) else candidates[0]


def _play(sim: State, player: int, plan: tuple[Action, ...]) -> None:
    """``plan``'s actions on ``sim`` while each is ``player``'s to take and legal there (a plan made
    on another determinization may meet other hidden cards: the policy plays on from there)."""
    for action in plan:
        if sim.is_terminal() or player not in sim.to_move() or action not in sim.legal_actions(player):
            return
        sim.apply(action)


def _mean(values: dict[int, float]) -> float:
    return sum(values.values()) / len(values)
