"""What each player may see, and determinization for bots.

Hidden: the order of the Fate deck and of every Player/Neutral deck, the 2 Player cards a
player has drawn (only the owner sees them), and the Path chosen before the reveal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludus.core.rng import Rng

from .board import Phase
from .components import PLAYER_CARDS

if TYPE_CHECKING:
    from .state import HadriansWallState

_HIDDEN = ("hand", "deck", "choice")


def view(st: HadriansWallState, player: int | None) -> dict[str, Any]:
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
        "phase": st.phase.value,
        "to_move": list(st.to_move()),
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


def determinize(st: HadriansWallState, player: int | None, seed: int) -> HadriansWallState:
    """A full state agreeing with all ``player`` has seen; hidden cards re-dealt from ``seed``."""
    rng = Rng(seed)
    det = st.clone()
    rng.shuffle(det.fate_deck)
    rng.shuffle(det.neutral_deck)
    for q, b in enumerate(det.boards):
        if q == player:
            rng.shuffle(b.deck)
            continue
        chosen = b.choice >= 0
        pool = b.deck + b.hand
        rng.shuffle(pool)
        size = len(b.hand)
        b.hand = pool[:size]
        b.deck = pool[size:]
        if st.phase is Phase.CHOOSE and size:
            b.choice = b.hand[rng.randbelow(size)] if chosen else -1
    det.rng = Rng(rng.next())
    return det
