"""The seat check: a seat id from outside is ``None`` or a seat of the game, before anything uses it.

It has a module of its own so that every part of the core that takes a seat (the state's
``view``/``determinize`` template methods, the engine, the boards) can check it without importing
the state or the game: it needs only ``state.game.players``.

>>> from types import SimpleNamespace
>>> table = SimpleNamespace(game=SimpleNamespace(players=2))
>>> check_seat(table, 1), check_seat(table, None)
(None, None)
>>> check_seat(table, 2)
Traceback (most recent call last):
...
ludus.core.errors.LudusError: there is no seat 2 in a 2-player game (seats 0–1, or None)
"""

from __future__ import annotations

from typing import Protocol

from ludus.core.errors import N_, LudusError

__all__ = ["Seated", "check_seat"]


class _Table(Protocol):
    @property
    def players(self) -> int:
        """The player count."""
        ...


class Seated(Protocol):
    """Anything that belongs to a game with a player count (a :class:`~ludus.core.game.State`)."""

    @property
    def game(self) -> _Table:
        """The game: only its ``players`` is read."""
        ...


def check_seat(state: Seated, player: int | None) -> None:
    """Raise :class:`LudusError` unless ``player`` is ``None`` or a seat of ``state``'s game.

    Games call it at the entry of ``view`` and ``determinize`` (and the engine on
    a legal-action cache miss), so a seat id like ``-2`` never reaches code that
    would index a list with it.
    """
    if player is None:
        return
    players = state.game.players
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise LudusError(
            N_("there is no seat {seat:.40} in a {players}-player game (seats 0–{last}, or None)"),
            seat=repr(player),
            players=players,
            last=players - 1,
        )
