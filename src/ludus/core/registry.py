"""Game id → Game class.

Every package under :mod:`ludus.games` whose ``__init__`` defines ``GAME`` (a
:class:`~ludus.core.api.Game` subclass) is found automatically; other code (tests,
plug-ins) may call :func:`register`.
"""

from __future__ import annotations

import importlib
import pkgutil

from ludus.core.api import Game, GameInfo
from ludus.core.errors import UnknownGameError

_REGISTRY: dict[str, type[Game]] = {}
_discovered = False


def register(cls: type[Game]) -> type[Game]:
    """Register a game class under ``cls.info.id`` (usable as a decorator)."""
    _REGISTRY[cls.info.id] = cls
    return cls


def unregister(game_id: str) -> None:
    """Remove a registered game (for tests)."""
    _REGISTRY.pop(game_id, None)


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    import ludus.games as package

    for module in pkgutil.iter_modules(package.__path__):
        if not module.ispkg:
            continue
        mod = importlib.import_module(f"ludus.games.{module.name}")
        cls = getattr(mod, "GAME", None)
        if cls is not None:
            register(cls)


def game_class(game_id: str) -> type[Game]:
    """Return the class of game ``game_id`` or raise :class:`UnknownGameError`."""
    _discover()
    try:
        return _REGISTRY[game_id]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none are installed"
        raise UnknownGameError(f"unknown game {game_id!r} (games: {known})") from None


def games() -> list[GameInfo]:
    """The info of every registered game, sorted by id."""
    _discover()
    return [_REGISTRY[k].info for k in sorted(_REGISTRY)]


def load(game_id: str, players: int | None = None, **options: object) -> Game:
    """Return game ``game_id`` for ``players`` seats with ``options`` validated.

    Raises :class:`UnknownGameError` or :class:`OptionError` with a clear message.
    """
    return game_class(game_id)(players, **options)
