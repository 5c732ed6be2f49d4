"""What each player may see, and determinization for bots.

Hidden: the order of the Fate deck and of every Player/Neutral deck, the 2 Player cards a
player has drawn (only the owner sees them), and the Path chosen before the reveal.
"""

from __future__ import annotations

from typing import Any, TypeVar

from ludus.core.rng import Rng, Shuffler

from .components import CHOOSE, PHASE_NAMES, PLAYER_CARDS
from .rules import to_move
from .state import HadriansWallData

D = TypeVar("D", bound=HadriansWallData)

_HIDDEN = ("hand", "deck", "choice")


def view(st: HadriansWallData, player: int | None) -> dict[str, Any]:
    """The JSON-ready view of seat ``player`` (``None`` = spectator)."""
    boards: list[dict[str, Any]] = []
    for q, b in enumerate(st.boards):
        data = b.to_json()
        for key in _HIDDEN:
            del data[key]
        data["deck_size"] = len(b.deck)
        data["hand_size"] = len(b.hand)
        data["chosen"] = b.choice >= 0
        if q == player:
            data["hand"] = [PLAYER_CARDS[c].id for c in b.hand]
            data["choice"] = PLAYER_CARDS[b.choice].id if b.choice >= 0 else None
        data["paths"] = [PLAYER_CARDS[c].id for c in b.paths]
        data["prospect"] = PLAYER_CARDS[b.prospect].id if b.prospect >= 0 else None
        data["covered"] = [PLAYER_CARDS[c].id for c in b.covered]
        boards.append(data)
    return {
        "game": "hadrians-wall",
        "player": player,
        "options": dict(st.game.options),
        "year": st.year,
        "phase": PHASE_NAMES[st.phase],
        "to_move": list(to_move(st)),
        "year_card": st.year_card,
        "fate_deck_size": len(st.fate_deck),
        "fate_discard": st.fate_discard[:],
        "attack": st.attack[:],
        "neutral": [PLAYER_CARDS[c].id for c in st.neutral],
        "neutral_items": st.neutral_items[:],
        "neutral_deck_size": len(st.neutral_deck),
        "neutral_discard": [PLAYER_CARDS[c].id for c in st.neutral_discard],
        "extra_attack": st.extra_attack,
        "boards": boards,
    }


def determinize(det: D, player: int | None, seed: int) -> D:
    """Re-deal in ``det`` (a fresh clone) what ``player`` has not seen, from ``seed``; return it.

    The result agrees with all ``player`` has seen and is a function of that view and
    ``seed`` only (canonical): every unseen pile is sorted before it is shuffled, so the true
    order never leaks into the result. Re-dealt: the order of the Fate deck, of the Neutral
    deck and of every Player deck, the other seats' drawn cards (from their deck and hand
    together: which cards a seat still holds is public, which two it drew is not) and the
    Path each of them chose before the reveal. Kept: every sheet, the discards, the Pict
    attack, ``player``'s own hand and choice. The rules' generator is re-seeded from ``seed``.
    """
    rng = Rng(seed)
    shuffler = Shuffler(rng.next())
    shuffle = shuffler.shuffle
    fate = sorted(det.fate_deck)
    shuffle(fate)
    det.fate_deck = fate
    if det.neutral_deck:
        neutral = sorted(det.neutral_deck)
        shuffle(neutral)
        det.neutral_deck = neutral
    choosing = det.phase is CHOOSE
    for q, b in enumerate(det.boards):
        size = len(b.hand)
        if q == player or not size:
            deck = sorted(b.deck)
            shuffle(deck)
            b.deck = deck
            continue
        pool = b.deck + b.hand
        pool.sort()
        shuffle(pool)
        b.hand = pool[:size]
        b.deck = pool[size:]
        if choosing:
            b.choice = b.hand[shuffler.randbelow(size)] if b.choice >= 0 else -1
    det.rng = Rng(rng.next())
    return det


def compositions(st: HadriansWallData, player: int | None) -> dict[str, list[int]]:
    """The hidden zones whose contents ``view(player)`` states, each with its cards
    (``Game.known_compositions``): the Fate and Neutral decks, each seat's Player deck (with
    the cards it drew, for the other seats: which of them it holds is hidden) and the seat's
    own hand."""
    out = {"fate deck": st.fate_deck[:], "neutral deck": st.neutral_deck[:]}
    for q, b in enumerate(st.boards):
        if q == player or not b.hand:
            out[f"seat {q} deck"] = b.deck[:]
            out[f"seat {q} hand"] = b.hand[:]
        else:
            out[f"seat {q} deck and hand"] = b.deck + b.hand
    return out
