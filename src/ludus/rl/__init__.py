"""Research interfaces (the ``ludus[rl]`` extra): the games for PettingZoo, OpenSpiel and Gymnasium.

- :mod:`ludus.rl.pettingzoo` — ``env(game_id, players, **options)``, an AEC environment;
- :mod:`ludus.rl.openspiel` — ``register()`` makes every game a ``pyspiel`` game ``ludus_<game>``;
- :mod:`ludus.rl.gymnasium` — ``LudusEnv``, one seat against ludus bots, with ``action_masks()``;
- :mod:`ludus.rl.table` — the turn order they share (one seat at a time, masks, observations).

Each submodule imports its library; this package imports none, so ``import ludus.rl`` is
cheap. docs/research.md describes the interfaces and their choices.
"""
