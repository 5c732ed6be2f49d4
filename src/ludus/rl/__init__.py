"""Research interfaces (the ``ludus[rl]`` extra): the games for PettingZoo, OpenSpiel and Gymnasium.

- :mod:`ludus.rl.pettingzoo` — ``env(game_id, players, **options)``, an AEC environment;
- :mod:`ludus.rl.openspiel` — ``register()`` makes every game a ``pyspiel`` game ``ludus_<game>``;
- :mod:`ludus.rl.gymnasium` — ``LudusEnv``, one seat against ludus bots, with ``action_masks()``;
- :mod:`ludus.rl.selfplay` — ``SelfPlayEnv``, one seat against bots or a snapshot of the learner;
- :mod:`ludus.rl.table` — the turn order they share (one seat at a time, masks, observations).

Importing this package registers the Gymnasium ids (:func:`register_gymnasium`), so that
``gymnasium.make("ludus/Trajan-v0", players=2)`` works after ``import ludus.rl`` (or, without
that import, ``gymnasium.make("ludus.rl:ludus/Trajan-v0", players=2)``, which imports it).
Gymnasium 1.x has no plugin entry points for environments, so an import is needed either
way. Registration imports ``gymnasium`` (about 0.2 s) when it is installed and nothing
otherwise; the submodules import their own libraries when they are imported.
docs/research.md describes the interfaces and their choices.
"""

from __future__ import annotations

from importlib.util import find_spec

__all__ = ["GYMNASIUM_GAMES", "gymnasium_id", "register_gymnasium"]

GYMNASIUM_GAMES = ("glory-to-rome", "trajan", "fall-of-rome", "hadrians-wall")
"""The games registered with Gymnasium on import (a plugin game: :func:`register_gymnasium`)."""


def gymnasium_id(game_id: str, self_play: bool = False) -> str:
    """The Gymnasium id of ludus game ``game_id``: ``ludus/GloryToRome-v0`` (``ludus/GloryToRomeSelfPlay-v0``
    for :class:`~ludus.rl.selfplay.SelfPlayEnv`)."""
    name = "".join(part.capitalize() for part in game_id.split("-"))
    return f"ludus/{name}{'SelfPlay' if self_play else ''}-v0"


def register_gymnasium(game_ids: tuple[str, ...] = GYMNASIUM_GAMES) -> list[str]:
    """Register ``ludus/<Game>-v0`` (:class:`~ludus.rl.gymnasium.LudusEnv`) and
    ``ludus/<Game>SelfPlay-v0`` (:class:`~ludus.rl.selfplay.SelfPlayEnv`) for every game of
    ``game_ids``; return the ids (none when Gymnasium is not installed). Safe to call again.

    The keyword arguments of ``gymnasium.make`` go to the environment: ``players``, ``seat``,
    ``opponents``, ``reactions``, ``max_actions``, ``illegal_reward`` and the game's options.
    """
    if find_spec("gymnasium") is None:
        return []
    import gymnasium

    done: list[str] = []
    for game_id in game_ids:
        entries = ((False, "ludus.rl.gymnasium:LudusEnv"), (True, "ludus.rl.selfplay:SelfPlayEnv"))
        for self_play, entry in entries:
            env_id = gymnasium_id(game_id, self_play)
            if env_id not in gymnasium.registry:
                gymnasium.register(id=env_id, entry_point=entry, kwargs={"game_id": game_id})
            done.append(env_id)
    return done


register_gymnasium()
