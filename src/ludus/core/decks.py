"""Decks of integer card ids: the top of a deck is the END of its list (``pop()``)."""

from __future__ import annotations

from collections.abc import Sequence

from ludus.core.rng import Rng

__all__ = ["deal", "draw", "refill"]


def draw(deck: list[int]) -> int:
    """Take the top card, or ``-1`` when the deck is empty.

    >>> deck = [4, 7]
    >>> draw(deck), draw(deck), draw(deck)
    (7, 4, -1)
    """
    return deck.pop() if deck else -1


def deal(deck: list[int], count: int) -> list[int]:
    """Take ``count`` cards from the top (fewer if the deck runs out), top card first.

    >>> deal([1, 2, 3], 2)
    [3, 2]
    """
    return [deck.pop() for _ in range(min(count, len(deck)))]


def refill(deck: list[int], piles: Sequence[list[int]], rng: Rng, keep_top: int = 0) -> None:
    """Shuffle the discard ``piles`` (but the top ``keep_top`` cards of each) under ``deck``.

    The cards are gathered pile by pile, bottom first, then shuffled with ``rng``.

    >>> deck, piles = [], [[5, 6, 7], [8, 9]]
    >>> refill(deck, piles, Rng(1), keep_top=1)
    >>> sorted(deck), piles
    ([5, 6, 8], [[7], [9]])
    """
    moved: list[int] = []
    for pile in piles:
        cut = len(pile) - keep_top if keep_top else len(pile)
        if cut > 0:
            moved.extend(pile[:cut])
            del pile[:cut]
    rng.shuffle(moved)
    deck[:0] = moved
