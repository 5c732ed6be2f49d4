"""Build Glory to Rome positions for scenario tests, card by card."""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.games.glory_to_rome import GAME
from ludus.games.glory_to_rome.components import (
    BUILDING_INDEX,
    CARD_BUILDING,
    CARD_MATERIAL,
    LEAD,
    MATERIAL_INDEX,
    MATERIAL_NAMES,
    ROLE_INDEX,
    SLUGS,
)
from ludus.games.glory_to_rome.game import GtrState
from ludus.games.glory_to_rome.state import Structure
from ludus.testing.scenario import edit, play


class Table:
    """A position under construction: every zone starts empty, the deck holds the rest."""

    def __init__(self, players: int = 3, leader: int = 0, **options: object) -> None:
        self.game = GAME(players=players, **options)
        s = self.game.new_state(0)
        n = players
        self.free = list(range(144))
        s.deck, s.pool, s.removed = [], [], []
        s.hands = [[] for _ in range(n)]
        s.hand_jacks = [0] * n
        s.jack_pile = 6
        s.leader = s.current = leader
        s.phase = LEAD
        self.s = s
        self.top: list[int] = []

    def card(self, what: str) -> int:
        """A free card: a building slug, a material name or a role name."""
        if what in BUILDING_INDEX:
            b = BUILDING_INDEX[what]
            pick = [c for c in self.free if CARD_BUILDING[c] == b]
        else:
            m = MATERIAL_INDEX[what] if what in MATERIAL_INDEX else ROLE_INDEX[what]
            pick = [c for c in self.free if CARD_MATERIAL[c] == m]
            # Prefer the building with the most free copies (keep rare names for the test).
            pick.sort(key=lambda c: -sum(1 for d in self.free if CARD_BUILDING[d] == CARD_BUILDING[c]))
        card = pick[0]
        self.free.remove(card)
        return card

    def hand(self, p: int, *cards: str) -> Table:
        for what in cards:
            if what == "jack":
                self.s.hand_jacks[p] += 1
                self.s.jack_pile -= 1
            else:
                self.s.hands[p].append(self.card(what))
        return self

    def pool(self, *cards: str) -> Table:
        self.s.pool.extend(self.card(w) for w in cards)
        return self

    def clients(self, p: int, *cards: str) -> Table:
        self.s.clients[p].extend(self.card(w) for w in cards)
        return self

    def stock(self, p: int, *cards: str) -> Table:
        self.s.stock[p].extend(self.card(w) for w in cards)
        return self

    def vault(self, p: int, *cards: str) -> Table:
        for w in cards:
            self.s.vault[p].append(self.card(w))
            self.s.vault_vis[p].append(-1)
        return self

    def building(
        self, p: int, name: str, *materials: str, complete: bool = False, site: str | None = None,
        out: bool = False
    ) -> Table:
        card = self.card(name)
        m = MATERIAL_INDEX[site] if site else CARD_MATERIAL[card]
        if out:
            self.s.out_town[m] -= 1
        else:
            self.s.in_town[m] -= 1
        st = Structure(card, m, out, [self.card(w) for w in materials], complete)
        self.s.buildings[p].append(st)
        if complete:
            self.s.inf_sites[p].append(m)
        return self

    def deck_top(self, *cards: str) -> Table:
        """Cards on top of the deck, the first one drawn first."""
        self.top = [self.card(w) for w in cards]
        return self

    def state(self) -> GtrState:
        """The finished position (the functions in force recomputed, caches reset)."""
        with edit(self.s) as s:
            s.deck = self.free + self.top[::-1]
            self.free = []
        return s


def act(s: GtrState, *notations: str) -> None:
    """Apply actions written in notation ("0:lead laborer road")."""
    play(s, *notations)


def names(s: GtrState, cards: list[int]) -> list[str]:
    return sorted(SLUGS[CARD_BUILDING[c]] for c in cards)


def materials(cards: list[int]) -> list[str]:
    return sorted(MATERIAL_NAMES[CARD_MATERIAL[c]] for c in cards)


def legal(s: GtrState) -> set[str]:
    return {str(a) for a in s.legal_actions()}


__all__ = ["Action", "Table", "act", "legal", "materials", "names"]
