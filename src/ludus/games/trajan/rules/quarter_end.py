"""The end of a quarter and of the game ([HU] "Egy negyedév vége", "A játék vége").

RULE: trajan.hu "Egy negyedév vége" — 1. the people's demands ([HU] "A nép szükségletei"):
      each player meets the revealed demands with forum tiles, category-F Trajan tiles or
      demand jokers, as many as possible, and loses 4 / 9 / 15 VP for 1 / 2 / 3 unmet;
      2. the senate majority ([HU] "Erőegyensúly a szenátusban"): the consul takes a bonus
      tile yellow side up, the proconsul the other grey side up, and the discs go back;
      3. tiles are removed and the board refilled ([HU] "Lapkák eltávolítása és a játéktábla
      újratöltése"). After the fourth quarter the game ends ([HU] "A játék vége és a végső
      értékelés"; the scoring is in scoring.py).
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log
from ludus.core.seats import left_of
from ludus.games.trajan.components import (
    BONUS_INDEX,
    BONUS_TILES,
    CAMP,
    CONSUL,
    DEMAND_KINDS,
    DEMAND_PENALTY,
    DEMAND_SOURCES,
    DEMAND_TILE_KIND,
    DEMANDS,
    DOMAIN,
    EXTRA_TILE_ACTION,
    FORUM_EXTRA_SPACES,
    FORUM_KINDS,
    FORUM_TILE_KIND,
    FORUM_TILES_BY_PLAYERS,
    K_DEMAND_JOKER,
    K_DEMAND_OF_KIND,
    MAX_PLAYERS,
    N_PROVINCES,
    OVER,
    QUARTERS,
    SHIPS,
    SOURCE_FORUM,
    SOURCE_TRAJAN,
    TAKE,
    TRAJAN_TILES,
    Verb,
)
from ludus.games.trajan.rules.forum import count_kind, remove_kind
from ludus.games.trajan.rules.senate import senate_ranking
from ludus.games.trajan.state import TrajanData

__all__ = [
    "auto_consul", "auto_demands", "consul", "demand_options", "equivalent_meet", "finish_quarter",
    "legal_consul", "legal_meet", "meet", "senate_majority", "start_demands",
]

_MEET = tuple(
    tuple(tuple(Action(p, Verb.MEET, (kind, src)) for src in DEMAND_SOURCES) for kind in DEMAND_KINDS)
    for p in range(MAX_PLAYERS)
)
_CONSUL = tuple(tuple(Action(p, Verb.CONSUL, (b.id,)) for b in BONUS_TILES) for p in range(MAX_PLAYERS))


# --- 1. the people's demands -----------------------------------------------------------------
def start_demands(s: TrajanData, p: int) -> None:
    """Seat ``p`` meets the demands revealed this quarter."""
    s.phase = DEMANDS
    s.decider = p
    s.dem_left = [0, 0, 0]
    for d in s.demand_revealed:
        s.dem_left[DEMAND_TILE_KIND[d]] += 1
    s.f_used = []


def _demand_need(s: TrajanData, p: int) -> tuple[list[int], list[int], int]:
    """Per demand kind: unmet demands left and specific resources; and free demand jokers."""
    left = s.dem_left
    spec = [0, 0, 0]
    for t in s.held_f[p]:
        if t not in s.f_used:
            spec[TRAJAN_TILES[t].demand] += 1
    for t in s.ftiles[p]:
        k = FORUM_KINDS[FORUM_TILE_KIND[t]].demand
        if k >= 0:
            spec[k] += 1
    return left, spec, count_kind(s.ftiles[p], K_DEMAND_JOKER)


def _max_met(left: list[int], spec: list[int], jokers: int) -> int:
    met = 0
    short = 0
    for k in range(3):
        m = min(left[k], spec[k])
        met += m
        short += left[k] - m
    return met + min(jokers, short)


def demand_options(s: TrajanData, p: int) -> list[tuple[int, int]]:
    """The ways (demand kind, source) to meet one more demand that keep the most demands met.

    [HU] "A nép szükségletei", "Fontos": a player must meet as many demands as possible.
    """
    left, spec, jokers = _demand_need(s, p)
    best = _max_met(left, spec, jokers)
    if best == 0:
        return []
    out = []
    held = s.held_f[p]
    for k in range(3):
        if not left[k]:
            continue
        left[k] -= 1
        if any(TRAJAN_TILES[t].demand == k and t not in s.f_used for t in held):
            spec[k] -= 1
            if _max_met(left, spec, jokers) == best - 1:
                out.append((k, SOURCE_TRAJAN))
            spec[k] += 1
        if count_kind(s.ftiles[p], K_DEMAND_OF_KIND[k]):
            spec[k] -= 1
            if _max_met(left, spec, jokers) == best - 1:
                out.append((k, SOURCE_FORUM))
            spec[k] += 1
        if jokers and _max_met(left, spec, jokers - 1) == best - 1:
            out.append((k, 2))
        left[k] += 1
    return out


def legal_meet(s: TrajanData, p: int) -> list[Action]:
    """The ways to meet one more demand (see :func:`demand_options`), one per result.

    Two ways that leave the same state once the demands that need no choice are met (a
    demand joker given for the bread or the religion demand when the other stays unmet
    either way) are one option, the first in the order bread, games, religion and Trajan
    tile, forum tile, joker (ruling 31).
    """
    options = demand_options(s, p)
    if len(options) < 2:
        return [_MEET[p][k][src] for k, src in options]
    seen: list[tuple[tuple[int, ...], ...]] = []
    out: list[Action] = []
    for k, src in options:
        result = _meet_result(s, p, k, src)
        if result not in seen:
            seen.append(result)
            out.append(_MEET[p][k][src])
    return out


def _meet_result(s: TrajanData, p: int, k: int, src: int) -> tuple[tuple[int, ...], ...]:
    """What differs after ``p`` meets demand ``k`` from ``src`` and the demands that need no
    choice follow (as :func:`auto_demands` meets them): the forum tiles held and removed, and,
    while a choice is left, the Trajan tiles used and the demands left. Once none is left the
    seat's demands close alike for every option (each keeps the most demands met, so the same
    penalty), and the rest of the state is untouched by the demands."""
    after = type(s).__new__(type(s))  # only the fields the demands read and change
    after.held_f = s.held_f
    after.ftiles = s.ftiles[:]
    after.ftiles[p] = s.ftiles[p][:]
    after.f_used, after.dem_left, after.forum_removed = s.f_used[:], s.dem_left[:], s.forum_removed[:]
    log = Log.of(DOMAIN)()
    _meet(after, p, k, src, log)
    options = demand_options(after, p)
    while _no_choice(options):
        _meet(after, p, *options[0], log)
        options = demand_options(after, p)
    held = (tuple(after.ftiles[p]), tuple(after.forum_removed))
    return held if not options else (*held, tuple(after.f_used), tuple(after.dem_left))


def _no_choice(options: list[tuple[int, int]]) -> bool:
    """Whether ``options`` (:func:`demand_options`) offer one way per demand kind (met at once)."""
    return bool(options) and len({k for k, _ in options}) == len(options)


def equivalent_meet(s: TrajanData, action: Action) -> Action:
    """``action`` (a ``meet``), or the listed option that leaves the same state.

    A record written before ludus 0.4.0 may name a way to meet a demand that is now folded
    into an equivalent one (:func:`legal_meet`); it is read as that one, whose state (and
    digest) is the same.
    """
    if action.verb != Verb.MEET or s.phase != DEMANDS or action.player != s.decider or len(action.args) != 2:
        return action
    try:
        k, src = DEMAND_KINDS.index(str(action.args[0])), DEMAND_SOURCES.index(str(action.args[1]))
    except ValueError:
        return action
    p = action.player
    listed = legal_meet(s, p)
    if action in listed or (k, src) not in demand_options(s, p):
        return action
    result = _meet_result(s, p, k, src)
    for other in listed:
        ok, osrc = DEMAND_KINDS.index(str(other.args[0])), DEMAND_SOURCES.index(str(other.args[1]))
        if _meet_result(s, p, ok, osrc) == result:
            return other
    return action


def meet(s: TrajanData, a: Action, log: Log) -> None:
    """Meet one of the people's demands with a Trajan tile, a forum tile or a demand joker."""
    _meet(s, a.player, DEMAND_KINDS.index(str(a.args[0])), DEMAND_SOURCES.index(str(a.args[1])), log)


def _meet(s: TrajanData, p: int, k: int, src: int, log: Log) -> None:
    if src == SOURCE_TRAJAN:
        for t in s.held_f[p]:
            if TRAJAN_TILES[t].demand == k and t not in s.f_used:
                s.f_used.append(t)
                break
    elif src == SOURCE_FORUM:
        s.forum_removed.append(remove_kind(s.ftiles[p], K_DEMAND_OF_KIND[k]))
    else:
        s.forum_removed.append(remove_kind(s.ftiles[p], K_DEMAND_JOKER))
    s.dem_left[k] -= 1
    log.public("meet", seat=p, demand=k, source=src)


def auto_demands(s: TrajanData, log: Log) -> bool:
    """Meet demands without asking while there is no real choice; ``False`` when there is one.

    With one way per demand kind the demands are met at once (ruling 20); with none left,
    the unmet demands cost VP and the next seat follows.
    """
    p = s.decider
    options = demand_options(s, p)
    if _no_choice(options):
        k, src = options[0]
        _meet(s, p, k, src, log)
        return True
    if options:
        return False
    _close_demands(s, p, log)
    return True


def _close_demands(s: TrajanData, p: int, log: Log) -> None:
    unmet = sum(s.dem_left)
    if unmet:
        s.vp[p] -= DEMAND_PENALTY[unmet]
        log.public("demands_unmet", seat=p, unmet=unmet, vp=DEMAND_PENALTY[unmet])
    if p + 1 < s.cfg.players:
        start_demands(s, p + 1)
        return
    s.dem_left = [0, 0, 0]
    s.f_used = []
    senate_majority(s, log)


# --- 2. the senate majority -------------------------------------------------------------------
def senate_majority(s: TrajanData, log: Log) -> None:
    """Quarter end 2: the seat with the most votes becomes consul (and chooses a bonus tile)."""
    ranking = senate_ranking(s)
    if s.quarter == QUARTERS - 1:
        # kept for the final tie-break option "track": positions before the last reset
        s.final_senate = [s.senate_pos[p] * 1000 + s.senate_stamp[p] for p in range(s.cfg.players)]
    if s.senate_bonus:
        s.phase = CONSUL
        s.decider = ranking[0]
        return
    finish_quarter(s, log)


def legal_consul(s: TrajanData, p: int) -> list[Action]:
    """The bonus tiles at the end of the senate track."""
    return [_CONSUL[p][b] for b in s.senate_bonus]


def consul(s: TrajanData, a: Action, log: Log) -> None:
    """The consul takes a bonus tile yellow side up; the proconsul the other, grey side up."""
    _award_bonus(s, a.player, BONUS_INDEX[str(a.args[0])], log)
    finish_quarter(s, log)


def auto_consul(s: TrajanData, log: Log) -> bool:
    """With one bonus tile left there is nothing to choose: it goes to the consul."""
    if len(s.senate_bonus) == 1:
        _award_bonus(s, s.decider, s.senate_bonus[0], log)
        finish_quarter(s, log)
        return True
    return False


def _award_bonus(s: TrajanData, consul_seat: int, b: int, log: Log) -> None:
    ranking = senate_ranking(s)
    s.senate_bonus.remove(b)
    s.bonus_yellow[consul_seat].append(b)
    log.public("consul", seat=consul_seat, bonus=b)
    if s.senate_bonus and len(ranking) > 1:
        pro = ranking[1]
        other = s.senate_bonus.pop()
        s.bonus_grey[pro].append(other)
        log.public("proconsul", seat=pro, bonus=other)


# --- 3. clearing and refilling the board --------------------------------------------------------
def finish_quarter(s: TrajanData, log: Log) -> None:
    """Senate reset, clearing and refilling the board, removing the quarter tile."""
    ranking = senate_ranking(s)
    # discs back to the start: fewest votes at the bottom, the consul on top (ruling 15)
    n = s.cfg.players
    for height, p in enumerate(reversed(ranking)):
        s.senate_pos[p] = 0
        s.senate_stamp[p] = height
    s.stamp_counter = n
    s.demand_spent.extend(s.demand_revealed)
    s.demand_revealed = []
    s.round = 0
    s.quarter += 1
    if s.quarter >= QUARTERS:
        s.phase = OVER
        s.decider = -1
        log.public("game_over")
        return
    for p in range(n):
        keep = []
        for t in s.ftiles[p]:
            if FORUM_KINDS[FORUM_TILE_KIND[t]].votes:
                s.forum_removed.append(t)
            else:
                keep.append(t)
        s.ftiles[p] = keep
    if s.cfg.remove_province_senate_tiles:
        for i, t in enumerate(s.province_tile):
            if t >= 0 and FORUM_KINDS[FORUM_TILE_KIND[t]].votes:
                s.forum_removed.append(t)
                s.province_tile[i] = -1
    for i, t in enumerate(s.forum_slots):
        if t >= 0:
            s.forum_removed.append(t)
            s.forum_slots[i] = -1
    for i, t in enumerate(s.extra_slots):
        if t >= 0:
            s.extra_removed.append(t)
            s.extra_slots[i] = -1
    for _ in range(2):
        if s.bonus_bag:
            s.senate_bonus.append(s.bonus_bag.pop())
            log.public("senate_bonus", bonus=s.senate_bonus[-1])
    occupied = 0
    for p in range(n):
        if s.leader[p] != CAMP:
            occupied |= 1 << s.leader[p]
    for i in range(N_PROVINCES):
        if s.province_tile[i] < 0 and not s.province_legions[i] and not (occupied >> i) & 1 and s.fdeck:
            s.province_tile[i] = s.fdeck.pop()
            log.public("province_tile", province=i, forum=FORUM_TILE_KIND[s.province_tile[i]])
    for i in range(FORUM_TILES_BY_PLAYERS[n]):
        if s.fdeck:
            s.forum_slots[i] = s.fdeck.pop()
            log.public("forum_tile", forum=FORUM_TILE_KIND[s.forum_slots[i]])
    for i in range(FORUM_EXTRA_SPACES):
        if s.xdeck:
            s.extra_slots[i] = s.xdeck.pop()
            log.public("forum_extra_tile", action=EXTRA_TILE_ACTION[s.extra_slots[i]])
    s.ship_grey = [0] * len(SHIPS)
    s.current = left_of(s.current, n)
    s.decider = s.current
    s.phase = TAKE
    log.public("quarter_begins", quarter=s.quarter)
    log.public("turn", seat=s.current)
