"""Seats around the table: turn order and neighbours (seat 0 first, clockwise = +1)."""

from __future__ import annotations

__all__ = ["clockwise", "left_of", "neighbours", "right_of"]


def clockwise(start: int, players: int) -> list[int]:
    """Every seat once, in turn order from ``start``.

    >>> clockwise(2, 4)
    [2, 3, 0, 1]
    """
    return [(start + i) % players for i in range(players)]


def left_of(seat: int, players: int) -> int:
    """The next seat in turn order (the player on ``seat``'s left).

    >>> left_of(3, 4)
    0
    """
    return (seat + 1) % players


def right_of(seat: int, players: int) -> int:
    """The previous seat in turn order (the player on ``seat``'s right).

    >>> right_of(0, 4)
    3
    """
    return (seat - 1) % players


def neighbours(seat: int, players: int) -> tuple[int, ...]:
    """The distinct seats beside ``seat`` (left first; none solo, one with two players).

    >>> neighbours(0, 3), neighbours(0, 2), neighbours(0, 1)
    ((1, 2), (1,), ())
    """
    if players == 1:
        return ()
    left, right = left_of(seat, players), right_of(seat, players)
    return (left,) if left == right else (left, right)
