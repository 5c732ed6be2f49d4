"""One package per game; each package's ``__init__`` defines ``GAME``.

``ludus.games`` is both this package and the function listing the games:
``ludus.games()`` returns the info of every registered game (the module is
callable so that importing a game package does not hide the function).
"""

from __future__ import annotations

import sys
import types
from typing import Any


class _CallableModule(types.ModuleType):
    def __call__(self) -> Any:
        from ludus.core.registry import games

        return games()


sys.modules[__name__].__class__ = _CallableModule
