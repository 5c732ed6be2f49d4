"""Decks of integer card ids: the top of a deck is the END of its list (``pop()``)."""

from __future__ import annotations

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


def refill(deck: list[int], discard: list[int], rng: Rng, keep_top: int = 0) -> None:
    """Shuffle ``discard`` (but its top ``keep_top`` cards) into the empty ``deck``.

    >>> deck, discard = [], [5, 6, 7]
    >>> refill(deck, discard, Rng(1), keep_top=1)
    >>> sorted(deck), discard
    ([5, 6], [7])
    """
    cut = len(discard) - keep_top if keep_top else len(discard)
    moved = discard[:cut]
    del discard[:cut]
    rng.shuffle(moved)
    deck[:0] = moved
