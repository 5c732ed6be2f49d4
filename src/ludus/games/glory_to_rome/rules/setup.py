"""Setting up a game (PL "Plansze", "Karty na rece", "Gracz rozpoczynajacy", "Pula").

RULE: glory_to_rome.pl "Gracz rozpoczynajacy" — one Order is turned up per player; the first
      in alphabetical order makes its player the leader; ties turn further cards.
RULE: glory_to_rome.pl "Uproszczona gra" — the training game: at most 3 sites of each
      material, half the deck out of play.
"""

from __future__ import annotations

from ludus.games.glory_to_rome.components import (
    CARD_BUILDING,
    LEAD,
    N_CARDS,
    N_JACKS,
    SITES_PER_MATERIAL,
    STARTING_ORDERS,
)
from ludus.games.glory_to_rome.decisions import GtrData


def set_up(s: GtrData) -> None:
    """Sites, hands of 4 Orders + 1 Jack, the start player, the pool, the deck.

    ``s`` has its ``cfg`` and a fresh ``rng``; every other field is set here.
    """
    cfg = s.cfg
    n = s.n = cfg.players
    deck = list(range(N_CARDS))
    s.rng.shuffle(deck)
    s.deck = deck
    s.pool = []
    s.removed = []
    if cfg.functions:
        s.in_town = [n] * 6
        s.out_town = [SITES_PER_MATERIAL - n] * 6
        s.sites_removed = [0] * 6
    else:
        # Training game: at most 3 sites per material (ruling §15.9).
        town = min(n, 3)
        s.in_town = [town] * 6
        s.out_town = [3 - town] * 6
        s.sites_removed = [SITES_PER_MATERIAL - 3] * 6
    s.hands = [[deck.pop() for _ in range(STARTING_ORDERS)] for _ in range(n)]
    s.hand_jacks = [1] * n
    s.jack_pile = N_JACKS - n
    s.clients = [[] for _ in range(n)]
    s.fresh = [[] for _ in range(n)]
    s.stock = [[] for _ in range(n)]
    s.vault = [[] for _ in range(n)]
    s.vault_vis = [[] for _ in range(n)]
    s.inf_sites = [[] for _ in range(n)]
    s.buildings = [[] for _ in range(n)]
    s.camp = [[] for _ in range(n)]
    s.camp_jacks = [0] * n
    s.leader = s.current = choose_start_player(s)
    if not cfg.functions:
        # Training game: half the remaining deck leaves play unseen (ruling §15.10).
        for _ in range(len(deck) // 2):
            s.removed.append(deck.pop())
    s.role = -1
    s.phase = LEAD
    s.units = [0] * n
    s.palace_open = 0
    s.pre_think = 0
    s.act_index = 0
    s.pending = []
    s.revealed = [[] for _ in range(n)]
    s.fountain = -1
    s.did_craft = [0] * n
    s.over = 0
    s.end_reason = ""
    s.forum_winners = []
    s.conceded = [-1] * n
    s.turn = 0
    s.active = [0] * n
    s.active_any = 0


def choose_start_player(s: GtrData) -> int:
    """One Order per player from the deck; the first in alphabetical order leads; ties
    turn further cards for the tied players only; all turned cards form the pool."""
    deck = s.deck
    tied = list(range(s.n))
    while len(tied) > 1:
        ranks = []
        for _ in tied:
            card = deck.pop()
            s.pool.append(card)
            ranks.append(s.cfg.rank[CARD_BUILDING[card]])
        best = min(ranks)
        tied = [p for p, r in zip(tied, ranks) if r == best]
    return tied[0]
