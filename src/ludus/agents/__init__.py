"""Bots and the driver that plays a game with them."""

from ludus.agents.base import Agent, play_game
from ludus.agents.greedy import GreedyAgent
from ludus.agents.random import RandomAgent

AGENTS: dict[str, type[RandomAgent] | type[GreedyAgent]] = {"random": RandomAgent, "greedy": GreedyAgent}
"""Agent name (as used on the command line) → class taking a ``seed``."""


def make_agent(name: str, seed: int = 0) -> Agent:
    """Return a new agent by name (``random`` or ``greedy``)."""
    from ludus.core.errors import N_, LudusError

    try:
        cls = AGENTS[name]
    except KeyError:
        raise LudusError(N_("unknown agent {name!r} (agents: {known})"), name=name, known=", ".join(AGENTS)) from None
    return cls(seed)


__all__ = ["AGENTS", "Agent", "GreedyAgent", "RandomAgent", "make_agent", "play_game"]
