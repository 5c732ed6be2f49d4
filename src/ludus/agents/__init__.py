"""Bots, their strength levels, and the driver that plays a game with them.

A bot is named on the command line, in the web lobby and in tournaments by one of
the :data:`AGENTS` names, or as ``module:Class`` (a researcher's own agent: a class
whose constructor takes the seed as its first argument and that has the
:class:`Agent` methods).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import partial

from ludus.agents.base import Agent, play_game
from ludus.agents.greedy import GreedyAgent
from ludus.agents.ismcts import Ismcts
from ludus.agents.levels import Level
from ludus.agents.random import RandomAgent
from ludus.agents.rollout import Rollout

AGENTS: dict[str, Callable[[int], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "easy": GreedyAgent,
    "normal": partial(Level, level="normal"),
    "hard": partial(Level, level="hard"),
    "expert": partial(Level, level="expert"),
    "rollout": Rollout,
    "ismcts": partial(Ismcts, iterations=2000),
}
"""Agent name (as used on the command line and in the lobby) → factory taking a ``seed``.

The strength levels players pick are ``easy`` (the greedy bot), ``normal``, ``hard`` and ``expert``
(the game's strongest search, :class:`~ludus.agents.levels.Level`, with a larger budget each; ``expert``
also models the other seats as not quite the greedy bot and values margins);
``random`` and ``greedy`` are the baselines, ``rollout`` (policy rollout, 8 simulations of each
candidate) and ``ismcts`` (2,000 iterations: every game's ``hard`` level before policy rollout,
so the earlier measurements replay with it) the two searches. The levels' budgets are counts, not times, so a
seeded game replays the same on any machine; they are sized so that a ``hard`` decision takes well under a
second here (docs/bots.md).
"""

LEVELS = ("easy", "normal", "hard", "expert")
"""The strength levels offered to players, weakest first."""


def make_agent(name: str, seed: int = 0) -> Agent:
    """Return a new agent by name (one of :data:`AGENTS`) or by ``module:Class``.

    >>> type(make_agent("hard", seed=3)).__name__
    'Level'
    >>> type(make_agent("ludus.agents.random:RandomAgent")).__name__
    'RandomAgent'
    """
    from ludus.core.errors import N_, LudusError

    factory = AGENTS.get(name)
    if factory is not None:
        return factory(seed)
    if ":" not in name:
        raise LudusError(N_("unknown agent {name!r} (agents: {known}, or module:Class)"), name=name,
                         known=", ".join(AGENTS))
    module_name, _, attr = name.partition(":")
    try:
        cls = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError, ValueError, TypeError) as exc:
        raise LudusError(N_("cannot load the agent {name!r}: {error}"), name=name,
                         error=f"{exc!s:.200}") from None
    if not callable(cls):
        raise LudusError(N_("the agent {name!r} is not a class"), name=name)
    agent = cls(seed)
    if not isinstance(agent, Agent):
        raise LudusError(N_("the agent {name!r} has no act(state, player) and react(state, player)"),
                         name=name)
    return agent


__all__ = ["AGENTS", "LEVELS", "Agent", "GreedyAgent", "Ismcts", "Level", "RandomAgent", "Rollout",
           "make_agent", "play_game"]
