"""Game id → Game class.

Games are found through the ``ludus.games`` entry-point group (each installed
game names its class: ``trajan = "ludus.games.trajan:GAME"``), so the registry
never imports the games package and there is no import circle; plug-ins install
their own entry points. Other code (tests, notebooks) may call :func:`register`.
A game that fails to import is set aside with its error: every other game still
loads, and asking for the broken one says why it is missing.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from importlib.metadata import entry_points
from typing import Any

from ludus.core.api import Game, GameInfo
from ludus.core.errors import N_, UnknownGameError

__all__ = [
    "HOUSE_PREFIX", "broken", "configure", "discover", "game_class", "games", "house_games", "load",
    "package_of", "register", "unregister",
]

ENTRY_POINT_GROUP = "ludus.games"

_REGISTRY: dict[str, type[Game[Any]]] = {}
_BROKEN: dict[str, str] = {}
_discovered = False


def register(cls: type[Game[Any]]) -> type[Game[Any]]:
    """Register a game class under ``cls.info.id`` (usable as a decorator)."""
    _REGISTRY[cls.info.id] = cls
    _BROKEN.pop(cls.info.id, None)
    return cls


def unregister(game_id: str) -> None:
    """Remove a registered game (for tests)."""
    _REGISTRY.pop(game_id, None)


def discover(refresh: bool = False) -> None:
    """Load every game named in the ``ludus.games`` entry points (once, or again with ``refresh``).

    Each entry point is loaded on its own: an exception while importing one game
    is recorded in :func:`broken` and the others are still registered.
    """
    global _discovered
    if _discovered and not refresh:
        return
    if refresh:
        _BROKEN.clear()
    for point in entry_points(group=ENTRY_POINT_GROUP):
        if point.name in _REGISTRY and not refresh:
            continue
        try:
            cls = point.load()
            if not (isinstance(cls, type) and issubclass(cls, Game)):
                raise TypeError(f"{point.value} is not a Game class")
        except Exception as error:  # a broken plug-in must not hide the other games
            _BROKEN[point.name] = f"{type(error).__name__}: {error}"
            continue
        register(cls)
    _discovered = True


def broken() -> dict[str, str]:
    """Games whose entry point failed to load: id → the error, in one line."""
    discover()
    return dict(_BROKEN)


def game_class(game_id: str) -> type[Game[Any]]:
    """Return the class of game ``game_id`` or raise :class:`UnknownGameError`."""
    discover()
    try:
        return _REGISTRY[game_id]
    except KeyError:
        if game_id in _BROKEN:
            raise UnknownGameError(N_("game {game!r} failed to load: {error}"),
                                   game=game_id, error=_BROKEN[game_id]) from None
        known = ", ".join(sorted(_REGISTRY)) or "none are installed"
        raise UnknownGameError(N_("unknown game {game!r} (games: {known})"),
                               game=game_id, known=known) from None


def games() -> list[GameInfo]:
    """The info of every registered game, sorted by id."""
    discover()
    return [_REGISTRY[k].info for k in sorted(_REGISTRY)]


def package_of(game_id: str) -> str:
    """The package that holds game ``game_id``: the package of the module defining its class.

    >>> package_of("trajan")
    'ludus.games.trajan'
    """
    cls = game_class(game_id)
    module = sys.modules[cls.__module__]
    return module.__package__ or cls.__module__


HOUSE_PREFIX = "ludus.games."
"""Games whose package is under this prefix live in this repository (``src/ludus/games/<package>``)."""


def house_games() -> list[str]:
    """The ids of the registered games that live in this repository (``ludus.games.<package>``), sorted.

    The repository's tests iterate over these: each has its folder ``tests/games/<package>`` and its
    doc ``docs/games/<id>.md``. A game installed by another distribution, or registered by a test,
    is not one of them.
    """
    return [info.id for info in games() if package_of(info.id).startswith(HOUSE_PREFIX)]


def load(game_id: str, /, players: int | None = None, **options: object) -> Game[Any]:
    """Return game ``game_id`` for ``players`` seats with ``options`` validated.

    Raises :class:`UnknownGameError` or :class:`OptionError` with a clear message.
    Options that come as a mapping (a command line, a record) go through
    :func:`configure`, which also refuses an option named ``players``.
    """
    return game_class(game_id).configure(players, options)


def configure(game_id: str, players: int | None, options: Mapping[str, object]) -> Game[Any]:
    """Return game ``game_id`` for ``players`` seats with the ``options`` mapping validated.

    Every option name must be one the game declares (``players`` and ``game_id``
    are not options): raises :class:`UnknownGameError` or :class:`OptionError`.
    """
    return game_class(game_id).configure(players, options)
