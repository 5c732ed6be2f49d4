"""Set-up ([HU] "Előkészület", "Felkészülés a játékra"): the board, then three decisions.

RULE: trajan.hu "Előkészület" — the board is laid out (forum and province tiles, construction
      tiles, Trajan stacks, bonus tiles, demand tiles, the commodity piles).
RULE: trajan.hu "Felkészülés a játékra" — in seat order each player arranges 2 action markers
      per tray, takes 3 cards, and places 3 Trajan tiles on slots II, IV and VI.
"""

from __future__ import annotations

from ludus.core.actions import Action, ActionMemo
from ludus.core.decisions import DecisionRules
from ludus.core.events import Log
from ludus.core.rng import Rng
from ludus.games.trajan.components import (
    ARRANGE,
    CAMP,
    CATEGORY_KEYS,
    COLOURS,
    CONSTRUCTION_TILES,
    COPIES_PER_COMMODITY,
    DEAL,
    DEMAND_TILE_KIND,
    DEMANDS_REMOVED_AT_SETUP,
    FORUM_EXTRA_SPACES,
    FORUM_TILES_BY_PLAYERS,
    GRID_SPACES,
    MARKERS_PER_COLOUR,
    MAX_PLAYERS,
    N_ACTIONS,
    N_BONUS_TILES,
    N_COLOURS,
    N_COMMODITIES,
    N_EXTRA_TILES,
    N_FORUM_TILES,
    N_PROVINCES,
    PILES,
    PRE_GAME_SLOTS,
    SHIPS,
    TAKE,
    TOKENS_PER_PLAYER,
    TRAJAN_CATEGORIES,
    TRAJAN_INDEX,
    TRAJAN_TILES,
    Phase,
    Verb,
)
from ludus.games.trajan.decisions import CHOOSE_TILE, ChooseTile
from ludus.games.trajan.rules.cards import can_draw, draw_to_hand, refill_discard
from ludus.games.trajan.state import TrajanData

__all__ = [
    "CHOOSE_TILE_RULES", "arrange", "choose", "legal_arrange", "legal_choose", "legal_deal", "set_up",
    "stack", "take_card",
]

_ARRANGE = tuple(tuple(Action(p, Verb.ARRANGE, (c,)) for c in COLOURS) for p in range(MAX_PLAYERS))
_TAKE_CARD = tuple(
    tuple(Action(p, Verb.TAKE_CARD, (src,)) for src in ("deck", *PILES)) for p in range(MAX_PLAYERS)
)
_MEMO = ActionMemo()


def set_up(s: TrajanData, rng: Rng) -> None:
    """Lay out the board as [HU] "Előkészület" and "Felkészülés a játékra" describe.

    Seat 0 is the start player. The decisions of the set-up (marker arrangement,
    starting hands, pre-game Trajan tiles) follow as the first phases of the game.
    """
    n = s.cfg.players
    s.rng = rng
    s.phase = ARRANGE
    s.decider = 0
    s.current = 0
    s.quarter = 0
    s.round = 0
    s.time_pos = 0
    s.extra_used = 0
    s.round_over = 0
    s.setup_k = 0
    s.sow_tray = 0
    s.sow_left = 0
    s.target = -1
    s.effect_tile = -1
    s.pending = []
    s.hand_markers = [MARKERS_PER_COLOUR] * N_COLOURS
    s.trays = [[[0] * N_COLOURS for _ in range(N_ACTIONS)] for _ in range(n)]
    s.trajan_slots = [[-1] * N_ACTIONS for _ in range(n)]
    s.arch = [0] * n  # slot I
    s.vp = [0] * n
    # the start player's disc at the bottom, the others stacked on top clockwise
    s.senate_pos = [0] * n
    s.senate_stamp = list(range(n))
    s.stamp_counter = n
    s.supply = [TOKENS_PER_PLAYER - 2] * n
    s.mcamp = [1] * n
    s.wcamp = [1] * n
    s.leader = [CAMP] * n
    s.province_legions = [0] * N_PROVINCES
    s.grid_workers = [0] * GRID_SPACES
    s.hand = [[0] * N_COMMODITIES for _ in range(n)]
    s.display = [[0] * N_COMMODITIES for _ in range(n)]
    s.known = [[0] * N_COMMODITIES for _ in range(n)]
    s.pile_rebuilt = 0
    s.pile_log = [[] for _ in range(n)]
    s.ftiles = [[] for _ in range(n)]
    s.xtiles = [[] for _ in range(n)]
    s.held_f = [[] for _ in range(n)]
    s.plus2 = [[0] * N_ACTIONS for _ in range(n)]
    s.ctiles = [[] for _ in range(n)]
    s.bonus_yellow = [[] for _ in range(n)]
    s.bonus_grey = [[] for _ in range(n)]
    s.forum_removed = []
    s.extra_removed = []
    s.trajan_removed = []
    s.demand_revealed = []
    s.demand_spent = []
    s.dem_left = [0, 0, 0]
    s.f_used = []
    s.final_senate = []
    s.ship_grey = [0] * len(SHIPS)

    # forum and extra-action tiles, sorted by their backs and shuffled
    s.fdeck = list(range(N_FORUM_TILES))
    rng.shuffle(s.fdeck)
    s.xdeck = list(range(N_EXTRA_TILES))
    rng.shuffle(s.xdeck)
    # demand tiles: 3 removed unseen
    demands = list(range(len(DEMAND_TILE_KIND)))
    rng.shuffle(demands)
    s.demand_removed = demands[:DEMANDS_REMOVED_AT_SETUP]
    s.demand_stack = demands[DEMANDS_REMOVED_AT_SETUP:]
    # one forum tile per province, the forum for the player count, 3 extra-action tiles
    s.province_tile = [s.fdeck.pop() for _ in range(N_PROVINCES)]
    s.forum_slots = [-1] * max(FORUM_TILES_BY_PLAYERS.values())
    for i in range(FORUM_TILES_BY_PLAYERS[n]):
        s.forum_slots[i] = s.fdeck.pop()
    s.extra_slots = [s.xdeck.pop() for _ in range(FORUM_EXTRA_SPACES)]
    # construction tiles at random, face up, one per space
    s.grid_tile = list(range(len(CONSTRUCTION_TILES)))
    rng.shuffle(s.grid_tile)
    # Trajan tiles sorted by category, each stack shuffled (top = last)
    s.trajan_stacks = [[t.index for t in TRAJAN_TILES if t.category == c]
                       for c in range(len(TRAJAN_CATEGORIES))]
    for stack in s.trajan_stacks:
        rng.shuffle(stack)
    # bonus tiles: 1 per player (yellow), 2 on the senate track
    s.bonus_bag = list(range(N_BONUS_TILES))
    rng.shuffle(s.bonus_bag)
    for p in range(n):
        s.bonus_yellow[p].append(s.bonus_bag.pop())
    s.senate_bonus = [s.bonus_bag.pop(), s.bonus_bag.pop()]
    # commodity cards: draw pile and two face-up discard piles
    s.draw = [c for c in range(N_COMMODITIES) for _ in range(COPIES_PER_COMMODITY)]
    rng.shuffle(s.draw)
    s.discards = [[s.draw.pop()], [s.draw.pop()]]

    if s.cfg.starting_markers == "random":
        # deal the markers at random, 2 per tray, then go on to the starting hands
        for p in range(n):
            bag = [c for c in range(N_COLOURS) for _ in range(MARKERS_PER_COLOUR)]
            rng.shuffle(bag)
            for i, c in enumerate(bag):
                s.trays[p][i // 2][c] += 1
        s.hand_markers = [0] * N_COLOURS
        s.phase = DEAL


def _next_in_setup(s: TrajanData, p: int, then: Phase) -> None:
    """``p`` is done with this set-up step: the next seat, or phase ``then`` from seat 0."""
    s.setup_k = 0
    if p + 1 < s.cfg.players:
        s.decider = p + 1
    else:
        s.phase = then
        s.decider = 0


# --- 1. action markers --------------------------------------------------------------------
def legal_arrange(s: TrajanData, p: int) -> list[Action]:
    """The colours ``p`` may put into the next tray."""
    return [_ARRANGE[p][c] for c in _arrange_colours(s, p)]


def _arrange_colours(s: TrajanData, p: int) -> list[int]:
    hm = s.hand_markers
    avail = [c for c in range(N_COLOURS) if hm[c]]
    if s.cfg.starting_markers != "different":
        return avail
    # option "different": the two markers of a tray differ, and the remaining markers
    # must still split into pairs of different colours
    tray = s.trays[p][s.setup_k // 2]
    first = s.setup_k % 2 == 0

    def feasible(counts: list[int]) -> bool:
        total = sum(counts)
        return max(counts) * 2 <= total

    out = []
    for c in avail:
        if first:
            ok = False
            for d in avail:
                if d == c:
                    continue
                rest = hm[:]
                rest[c] -= 1
                rest[d] -= 1
                if feasible(rest):
                    ok = True
                    break
            if ok:
                out.append(c)
        else:
            if tray[c]:
                continue
            rest = hm[:]
            rest[c] -= 1
            if feasible(rest):
                out.append(c)
    return out


def arrange(s: TrajanData, a: Action, log: Log) -> None:
    """Put a starting marker into the next tray (2 per tray, [HU] "Előkészület")."""
    p = a.player
    c = COLOURS.index(str(a.args[0]))
    s.hand_markers[c] -= 1
    s.trays[p][s.setup_k // 2][c] += 1
    s.setup_k += 1
    if s.setup_k == 2 * N_ACTIONS:
        s.hand_markers = [MARKERS_PER_COLOUR] * N_COLOURS
        if p + 1 == s.cfg.players:
            s.hand_markers = [0] * N_COLOURS
            _laid_out(s, log)
        _next_in_setup(s, p, DEAL)


def _laid_out(s: TrajanData, log: Log) -> None:
    """Ruling 25: after the markers, the Trajan stacks, the bonus tiles and the two face-up
    cards are out; their events name what everyone now sees."""
    for stack in s.trajan_stacks:
        if s.cfg.trajan_face_up and stack:
            log.public("trajan_top", tile=stack[-1])
    for p, tiles in enumerate(s.bonus_yellow):
        for b in tiles:
            log.public("bonus_drawn", seat=p, bonus=b)
    for b in s.senate_bonus:
        log.public("senate_bonus", bonus=b)
    for pile, cards in enumerate(s.discards):
        for c in cards:
            log.public("refill_discard", pile=pile, card=c)


# --- 2. the starting hand ----------------------------------------------------------------
def legal_deal(s: TrajanData, p: int) -> list[Action]:
    """The piles ``p`` may take the next starting card from."""
    out = []
    if can_draw(s):
        out.append(_TAKE_CARD[p][0])
    for i in range(2):
        if s.discards[i]:
            out.append(_TAKE_CARD[p][1 + i])
    return out


def take_card(s: TrajanData, a: Action, log: Log) -> None:
    """Take a card of the starting hand from the draw pile or a discard pile."""
    p = a.player
    src = a.args[0]
    if src == "deck":
        draw_to_hand(s, p, 1, log)
        log.public("take_card_deck", seat=p)
    else:
        pile = PILES.index(str(src))
        c = s.discards[pile].pop()
        refill_discard(s, pile, log)
        log.public("take_card_pile", seat=p, card=c, pile=pile)
        s.known[p][c] += 1
        s.hand[p][c] += 1
    s.setup_k += 1
    if s.setup_k == 3:
        _next_in_setup(s, p, Phase.CHOOSE_TRAJAN)


# --- 3. the pre-game Trajan tiles ----------------------------------------------------------
def legal_choose(s: TrajanData, p: int) -> list[Action]:
    """The Trajan stacks ``p`` may choose a tile from (at most one tile per category).

    Two small choices where ludus before 0.4.0 asked one of stack × tile (ruling 36): the stack
    (``stack <category>``), then its tile (:class:`~ludus.games.trajan.decisions.ChooseTile`).
    Face down with the top tile only, the stack is the whole choice (``choose <category>``).
    """
    verb = Verb.CHOOSE if s.cfg.blind_pregame else Verb.STACK
    return [_MEMO.get(p, verb, CATEGORY_KEYS[cat]) for cat in _open_stacks(s, p)]


def _open_stacks(s: TrajanData, p: int) -> list[int]:
    used = {TRAJAN_TILES[t].category for t in s.trajan_slots[p] if t >= 0}
    return [cat for cat, stack in enumerate(s.trajan_stacks) if stack and cat not in used]


def _legal_tile(s: TrajanData, d: ChooseTile) -> list[Action]:
    stack = s.trajan_stacks[d.category]
    tiles = [stack[-1]] if s.cfg.pregame_trajan == "top" else sorted(stack)
    return [_MEMO.get(d.who, Verb.CHOOSE, TRAJAN_TILES[t].id) for t in tiles]


def stack(s: TrajanData, a: Action, log: Log) -> None:
    """Choose the Trajan stack of the next pre-game tile; its tile is chosen next."""
    s.pending.append(CHOOSE_TILE[a.player][CATEGORY_KEYS.index(str(a.args[0]))])


def _choose_tile(s: TrajanData, d: ChooseTile, a: Action, log: Log) -> bool:
    choose(s, a, log)
    return True


CHOOSE_TILE_RULES: DecisionRules[TrajanData, ChooseTile] = DecisionRules(_legal_tile, _choose_tile)


def choose(s: TrajanData, a: Action, log: Log) -> None:
    """Choose a pre-game Trajan tile for the next of slots II, IV, VI (at most one per category)."""
    p = a.player
    arg = str(a.args[0])
    if arg in CATEGORY_KEYS:
        t = s.trajan_stacks[CATEGORY_KEYS.index(arg)][-1]
    else:
        t = TRAJAN_INDEX[arg]
    stack = s.trajan_stacks[TRAJAN_TILES[t].category]
    was_top = stack[-1] == t
    stack.remove(t)
    slot = PRE_GAME_SLOTS[s.setup_k]
    s.trajan_slots[p][slot] = t
    s.setup_k += 1
    log.public("place_trajan_tile", seat=p, tile=t, slot=slot)
    if was_top and stack and s.cfg.trajan_face_up:
        log.public("trajan_top", tile=stack[-1])
    if s.setup_k == len(PRE_GAME_SLOTS):
        _next_in_setup(s, p, TAKE)
        if s.phase == TAKE:
            s.current = 0
            log.public("turn", seat=0)
