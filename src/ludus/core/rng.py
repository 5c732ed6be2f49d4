"""A small seedable PRNG whose whole state is one integer.

The generator is SplitMix64. Its output depends only on integer arithmetic, so a
seed gives the same sequence on every Python version and platform, and cloning a
state that holds an :class:`Rng` costs one integer copy.

>>> rng = Rng(7)
>>> [rng.randbelow(6) for _ in range(5)]
[3, 0, 0, 3, 4]
"""

from __future__ import annotations

import random as _random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15
_TWO64 = 1 << 64
_LIMITS = (0, *(_TWO64 - _TWO64 % n for n in range(1, 257)))
"""``_LIMITS[n]``: the rejection bound of ``randbelow(n)`` for ``n`` up to 256 (decks, hands, menus)."""


class Rng:
    """SplitMix64 generator; ``state`` is the only field."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & MASK64

    def clone(self) -> Rng:
        """Return an independent generator in the same state."""
        other = Rng.__new__(Rng)
        other.state = self.state
        return other

    def next(self) -> int:
        """Return the next 64-bit unsigned integer."""
        s = (self.state + GOLDEN_GAMMA) & MASK64
        self.state = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Return a uniform integer in ``range(n)``; ``n`` must be positive."""
        if n <= 0:
            raise ValueError("randbelow() needs a positive bound")
        # Rejection sampling keeps the result exactly uniform; next() is inlined (hot path).
        limit = _LIMITS[n] if n <= 256 else _TWO64 - _TWO64 % n
        s = self.state
        while True:
            s = (s + GOLDEN_GAMMA) & MASK64
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            r = z ^ (z >> 31)
            if r < limit:
                self.state = s
                return r % n

    def random(self) -> float:
        """Return a float in [0, 1) with 53 random bits."""
        return (self.next() >> 11) / float(1 << 53)

    def choice(self, seq: Sequence[T]) -> T:
        """Return a uniformly chosen element of a non-empty sequence."""
        if not seq:
            raise IndexError("choice() from an empty sequence")
        return seq[self.randbelow(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle ``seq`` in place (Fisher–Yates; the same draws as ``randbelow(i + 1)``)."""
        s = self.state
        for i in range(len(seq) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n <= 256 else _TWO64 - _TWO64 % n
            while True:
                s = (s + GOLDEN_GAMMA) & MASK64
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
                r = z ^ (z >> 31)
                if r < limit:
                    break
            j = r % n
            seq[i], seq[j] = seq[j], seq[i]
        self.state = s

    def fork(self) -> Rng:
        """Return a new generator seeded from this one (advances this one)."""
        return Rng(self.next())

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"


class Shuffler:
    """Fast uniform shuffles for determinizations, seeded.

    :meth:`Rng.shuffle` draws one number per card in Python; a determinization re-deals
    hundreds of cards thousands of times a second, so :meth:`shuffle` sorts by 53-bit
    random keys from a Mersenne Twister (in C) instead: about four times faster, uniform
    (ties have probability below 2**-40), and reproducible on every Python version
    (``random.Random(int).random()`` is guaranteed stable). The rules never use it: a
    game's own randomness stays with :class:`Rng`.

    >>> cards = list(range(6))
    >>> Shuffler(7).shuffle(cards)
    >>> sorted(cards) == list(range(6))
    True
    """

    __slots__ = ("random",)

    def __init__(self, seed: int) -> None:
        self.random = _random.Random(seed & MASK64).random

    def shuffle(self, seq: list[T]) -> None:
        """Shuffle the list ``seq`` in place."""
        draw = self.random
        seq.sort(key=lambda _card: draw())

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (``n`` positive, far below 2**53)."""
        return int(self.random() * n)
