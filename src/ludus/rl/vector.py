"""Many :class:`~ludus.rl.gymnasium.LudusEnv` copies in Gymnasium's vector environments.

:func:`vector_env` runs ``n`` learner-versus-bots environments each in its own process
(Gymnasium's ``AsyncVectorEnv``; ``asynchronous=False``: ``SyncVectorEnv``, in this process),
with Gymnasium's **same-step autoreset**: the observation and ``info["action_mask"]`` returned for an
environment whose episode ended are the first of its next episode, and the last ones are in
``info["final_obs"]`` / ``info["final_info"]``. The masks are stacked in ``info["action_mask"]``
(``(n, actions)``), so a masked learner reads them as with one environment:

>>> import numpy as np
>>> envs = vector_env("trajan", players=2, n=2, asynchronous=False, opponents="random")
>>> obs, info = envs.reset(seed=[1, 2])
>>> obs.shape, info["action_mask"].shape
((2, 1328), (2, 398))
>>> obs, rewards, terminated, truncated, info = envs.step(info["action_mask"].argmax(axis=1))
>>> envs.close()

Processes pay off when each step is heavy (strong bots as opponents); with random opponents one
process stepping a :class:`~ludus.rl.batch.BatchEnv` is faster (``scripts/rl_throughput.py``
measures both).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from gymnasium.vector import AsyncVectorEnv, AutoresetMode, SyncVectorEnv, VectorEnv

from ludus.rl.gymnasium import LudusEnv

__all__ = ["vector_env"]


def vector_env(game_id: str, players: int | None = None, n: int = 4, *, asynchronous: bool = True,
               **kwargs: Any) -> VectorEnv[Any, Any, Any]:
    """``n`` :class:`~ludus.rl.gymnasium.LudusEnv` ``(game_id, players, **kwargs)``, in ``n`` processes
    (``asynchronous``) or in this one, with same-step autoreset (see the module's documentation)."""
    if n < 1:
        raise ValueError("a vector environment holds at least one environment")
    make = [partial(LudusEnv, game_id, players, **kwargs) for _ in range(n)]
    if asynchronous:
        return AsyncVectorEnv(make, autoreset_mode=AutoresetMode.SAME_STEP)
    return SyncVectorEnv(make, autoreset_mode=AutoresetMode.SAME_STEP)
