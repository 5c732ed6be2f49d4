"""What each seat may see, and determinization.

Hidden in Trajan: the commodity hands of the other players, the order of the draw
pile (and its cards, unless it was rebuilt from the face-up discard piles: ruling 26),
the forum-tile and extra-action decks, the demand tiles (stack and the three removed
unseen), the bonus bag and the order of the Trajan stacks (all but the top tile with the
default face-up stacks). Everything else lies face up.
"""

from __future__ import annotations

from typing import Any, TypeVar

from ludus.core.rng import Rng, Shuffler
from ludus.games.trajan.components import (
    ACTION,
    ACTIONS,
    ARRANGE,
    BONUS_TILES,
    COLOURS,
    COMMODITIES,
    CONSTRUCTION_TILES,
    DEMAND_KINDS,
    DEMAND_TILE_KIND,
    EXTRA_TILE_ACTION,
    FORUM_KINDS,
    FORUM_TILE_KIND,
    K_COMMODITY_JOKER,
    N_COMMODITIES,
    PROVINCES,
    SHIP_PAIRS,
    SHIPS,
    TRAJAN_CATEGORIES,
    TRAJAN_TILES,
    Phase,
    Sub,
)
from ludus.games.trajan.decisions import LoadShip, pending_to_json
from ludus.games.trajan.rules.cards import decode, drawn
from ludus.games.trajan.state import TrajanData

T = TypeVar("T", bound=TrajanData)


_TILE_ID: tuple[str, ...] = tuple(t.id for t in TRAJAN_TILES)
"""Trajan tile ids by index (``T01`` … ``T54``: sorting the ids sorts the indices)."""
_FORUM_KEY: tuple[str, ...] = tuple(FORUM_KINDS[k].key for k in FORUM_TILE_KIND)
_EXTRA_NAME: tuple[str, ...] = tuple(ACTIONS[a] for a in EXTRA_TILE_ACTION)
_BUILDING_NAME: tuple[str, ...] = tuple(t.name for t in CONSTRUCTION_TILES)
_BONUS_ID: tuple[str, ...] = tuple(b.id for b in BONUS_TILES)
_PROVINCE_KEY: tuple[str, ...] = tuple(p.key for p in PROVINCES)
_PHASE_NAME: dict[int, str] = {int(p): p.name.lower() for p in Phase}
_SUB_NAME: dict[int, str] = {int(u): u.name.lower() for u in Sub}
_SEATS_OF: tuple[tuple[int, ...], ...] = tuple(tuple(p for p in range(8) if (m >> p) & 1) for m in range(256))
"""The seats of a bit mask of seats (a province's legionnaires, a space's workers)."""
_SORTED_IDS: dict[tuple[int, ...], list[str]] = {}
"""The sorted tile ids of a Trajan stack, by its tiles (a stack changes a few times a game)."""


def _tile(t: int) -> str | None:
    return _TILE_ID[t] if t >= 0 else None


def _forum(t: int) -> str | None:
    return _FORUM_KEY[t] if t >= 0 else None


def _counts(counts: list[int]) -> dict[str, int]:
    return {c: k for c, k in zip(COMMODITIES, counts) if k}


def _stack_ids(stack: list[int]) -> list[str]:
    """The sorted ids of the tiles of ``stack`` (a new list)."""
    key = tuple(stack)
    ids = _SORTED_IDS.get(key)
    if ids is None:
        if len(_SORTED_IDS) >= 4096:
            _SORTED_IDS.clear()
        ids = _SORTED_IDS[key] = [_TILE_ID[t] for t in sorted(stack)]
    return ids[:]


def view(s: TrajanData, player: int | None) -> dict[str, Any]:
    """The JSON-ready view of ``player`` (``None`` = spectator)."""
    # [HU] "Előkészület": "A Trainauslapkák húzását megelőzően a játékosok osszák el az
    # akciójelzőiket": while the markers are placed, the Trajan stacks are not laid out, and the
    # bonus tiles and the two face-up commodity cards ("Felkészülés a játékra") come later.
    arranging = s.phase == ARRANGE
    n = s.cfg.players
    face_up = s.cfg.trajan_face_up
    pending = pending_to_json(s.pending)
    players = []
    for p in range(n):
        info: dict[str, Any] = {
            "vp": s.vp[p],
            "trays": {a: {c: k for c, k in zip(COLOURS, tray) if k} for a, tray in zip(ACTIONS, s.trays[p])},
            "trajan_slots": [_TILE_ID[t] if t >= 0 else None for t in s.trajan_slots[p]],
            "arch": s.arch[p],
            "senate": s.senate_pos[p],
            "senate_height": s.senate_stamp[p],
            "supply": s.supply[p],
            "military_camp": s.mcamp[p],
            "worker_camp": s.wcamp[p],
            "leader": _PROVINCE_KEY[s.leader[p]] if s.leader[p] >= 0 else "camp",
            "hand_size": sum(s.hand[p]),
            "hand_known": _counts(s.known[p]),
            "hand_from_pile": _drawn_from(s.pile_log[p], s.pile_rebuilt),
            "display": _counts(s.display[p]),
            "forum_tiles": sorted([_FORUM_KEY[t] if t >= 0 else "" for t in s.ftiles[p]]),
            "extra_tiles": sorted([_EXTRA_NAME[t] for t in s.xtiles[p]]),
            "demand_trajan_tiles": [_TILE_ID[t] for t in s.held_f[p]],
            "plus2": [a for a, on in zip(ACTIONS, s.plus2[p]) if on],
            "construction_tiles": sorted([_BUILDING_NAME[t] for t in s.ctiles[p]]),
            "bonus_yellow": sorted([_BONUS_ID[b] for b in s.bonus_yellow[p]]),
            "bonus_grey": sorted([_BONUS_ID[b] for b in s.bonus_grey[p]]),
        }
        if player == p:
            info["hand"] = _counts(s.hand[p])
        if arranging:
            info["bonus_yellow"] = []  # drawn only after the markers are placed
        players.append(info)
    stacks = []
    for c, stack in enumerate(s.trajan_stacks):
        entry: dict[str, Any] = {
            "category": TRAJAN_CATEGORIES[c].key,
            "size": len(stack),
            "tiles": _stack_ids(stack),
        }
        if face_up and stack and not arranging:
            entry["top"] = _TILE_ID[stack[-1]]
        stacks.append(entry)
    out: dict[str, Any] = {
        "game": "trajan",
        "players": players,
        "viewer": player,
        "phase": _PHASE_NAME[s.phase],
        "to_move": s.decider if s.phase != Phase.OVER else None,
        "current": s.current,
        "quarter": s.quarter + 1 if s.quarter < 4 else 4,
        "round": s.round + 1,
        "time": {"position": s.time_pos, "lap": s.cfg.lap, "round_over": bool(s.round_over)},
        "provinces": [
            {
                "province": province.key,
                "vp": province.vp,
                "tile": _FORUM_KEY[t] if t >= 0 else None,
                "legionnaires": list(_SEATS_OF[legions]),
            }
            for province, t, legions in zip(PROVINCES, s.province_tile, s.province_legions)
        ],
        "forum": [_FORUM_KEY[t] if t >= 0 else None for t in s.forum_slots],
        "forum_extra": [_EXTRA_NAME[t] if t >= 0 else None for t in s.extra_slots],
        "construction": [
            {"tile": _BUILDING_NAME[t] if t >= 0 else None, "workers": list(_SEATS_OF[workers])}
            for t, workers in zip(s.grid_tile, s.grid_workers)
        ],
        "trajan_stacks": stacks,
        "ships": [{"ship": SHIPS[i].key, "grey": bool(s.ship_grey[i])} for i in range(len(SHIPS))],
        "senate_bonus": [] if arranging else [_BONUS_ID[b] for b in s.senate_bonus],
        "bonus_bag": sorted([_BONUS_ID[b] for b in _bag(s, arranging)]),
        "draw_pile": len(s.draw) + (sum(map(len, s.discards)) if arranging else 0),
        "draw_pile_known": _pile_known(s, player),
        "rebuilt_piles": _rebuilt_piles(s, player),
        "discard_piles": [[] for _ in s.discards] if arranging else [[COMMODITIES[c] for c in pile]
                                                                      for pile in s.discards],
        "forum_deck": len(s.fdeck),
        "extra_deck": len(s.xdeck),
        "demand_stack": len(s.demand_stack) + len(s.demand_removed),
        "demands": [DEMAND_KINDS[DEMAND_TILE_KIND[d]] for d in s.demand_revealed],
        "demands_spent": [DEMAND_KINDS[DEMAND_TILE_KIND[d]] for d in s.demand_spent],
        "removed": {
            "forum": sorted([_FORUM_KEY[t] if t >= 0 else "" for t in s.forum_removed]),
            "extra": sorted([_EXTRA_NAME[t] for t in s.extra_removed]),
            "trajan": [_TILE_ID[t] for t in sorted(s.trajan_removed)],
        },
        "turn": {
            "sub": _SUB_NAME[pending["sub"]],
            "markers_in_hand": {c: k for c, k in zip(COLOURS, s.hand_markers) if k},
            "sow_tray": ACTIONS[s.sow_tray],
            "sow_left": s.sow_left,
            "target": ACTIONS[s.target] if s.target >= 0 else None,
            "effect_tile": _TILE_ID[s.effect_tile] if s.effect_tile >= 0 else None,
            "agenda": pending["agenda"],
            "extra_used": bool(s.extra_used),
            "ship": SHIPS[pending["ship"]].key if pending["ship"] >= 0 else None,
            "load": [COMMODITIES[c] if c >= 0 else "joker" for c in pending["load"]],
            "display_count": pending["display_count"],
            "setup_step": s.setup_k,
            "demands_left": list(s.dem_left),
            "trajan_tiles_used": [_TILE_ID[t] for t in sorted(s.f_used)],
        },
        "final_senate": list(s.final_senate),
        "options": dict(s.cfg.options),
    }
    return out


def _drawn_from(entries: list[int], pile: int) -> int:
    """How many of a hand's ``pile_log`` ``entries`` are cards drawn from rebuilt pile ``pile``."""
    return sum(1 for e in entries if e < 0 and decode(e)[0] == pile) if pile else 0


def _pile_cards(s: TrajanData, player: int | None) -> list[list[int]]:
    """Per rebuilt pile (pile ``g`` at index ``g - 1``), the counts of its cards that ``player``
    did not draw and did not see turned face up: in the draw pile (the last pile), or drawn
    by the other hands (some of them perhaps shown since). Public cards, ruling 26."""
    out = [[0] * N_COMMODITIES for _ in range(s.pile_rebuilt)]
    if out:
        for c in s.draw:
            out[-1][c] += 1
    for q, entries in enumerate(s.pile_log):
        if q != player:
            for e in entries:
                if e < 0:
                    pile, c = decode(e)
                    out[pile - 1][c] += 1
    return out


def _pile_known(s: TrajanData, player: int | None) -> dict[str, int] | None:
    """The cards of the draw pile's rebuilt pile that ``player`` did not draw (ruling 26).

    They lie in the draw pile or were drawn by the other hands (their ``hand_from_pile``
    cards; some may have been shown since: ``rebuilt_piles``); ``None`` before the first rebuild.
    """
    if not s.pile_rebuilt:
        return None
    return _counts(_pile_cards(s, player)[-1])


def _rebuilt_piles(s: TrajanData, player: int | None) -> dict[str, Any] | None:
    """What ``player`` saw of the rebuilt piles since the first rebuild (ruling 26), or ``None``.

    ``cards``: per rebuilt pile, its cards that ``player`` did not draw (:func:`_pile_cards`);
    ``log``: per seat, in order, ``["draw", pile]`` (with the card for ``player``'s own
    draws) and ``["show", card]`` for a hidden card that left the hand face up.
    """
    if not s.pile_rebuilt:
        return None
    logs = []
    for q, entries in enumerate(s.pile_log):
        seen: list[list[Any]] = []
        for e in entries:
            pile, c = decode(e)
            if not pile:
                seen.append(["show", COMMODITIES[c]])
            elif q == player:
                seen.append(["draw", pile, COMMODITIES[c]])
            else:
                seen.append(["draw", pile])
        logs.append(seen)
    return {"cards": [_counts(counts) for counts in _pile_cards(s, player)], "log": logs}


def compositions(s: TrajanData, player: int | None) -> dict[str, list[int]]:
    """The hidden zones whose contents ``view(player)`` states, each with its components
    (``Game.known_compositions``): the cards hidden from ``player`` together (every card less
    those it sees), its own hand and its own draws from rebuilt piles, each rebuilt pile's
    cards that ``player`` did not draw (ruling 26), the tile decks, the demand tiles, the bonus
    bag and each Trajan stack (the view lists its tiles)."""
    arranging = s.phase == ARRANGE
    hidden = list(s.draw)
    if arranging:
        hidden += [c for pile in s.discards for c in pile]
    for q in range(s.cfg.players):
        if q != player:
            hidden += [c for c in range(N_COMMODITIES) for _ in range(s.hand[q][c] - s.known[q][c])]
    out = {"hidden cards": hidden}
    if player is not None:
        out["own hand"] = [c for c in range(N_COMMODITIES) for _ in range(s.hand[player][c])]
        out["own draws from rebuilt piles"] = [e for e in s.pile_log[player] if e < 0]
    for g, counts in enumerate(_pile_cards(s, player), 1):
        out[f"rebuilt pile {g}"] = [c for c in range(N_COMMODITIES) for _ in range(counts[c])]
    out["forum deck"] = s.fdeck[:]
    out["extra-action deck"] = s.xdeck[:]
    out["demand tiles"] = s.demand_stack + s.demand_removed
    out["bonus bag"] = _bag(s, arranging)[:]
    for c, stack in enumerate(s.trajan_stacks):
        out[f"Trajan stack {TRAJAN_CATEGORIES[c].key}"] = stack[:]
    return out


def _bag(s: TrajanData, arranging: bool) -> list[int]:
    """The bonus tiles in the bag as the table sees it (all of them before any is drawn)."""
    if not arranging:
        return s.bonus_bag
    return s.bonus_bag + s.senate_bonus + [b for row in s.bonus_yellow for b in row]


def determinize(s: T, player: int | None, seed: int) -> T:
    """A full state consistent with what ``player`` has seen, hidden parts re-dealt.

    Canonical: a function of ``view(player)`` and ``seed`` only. Every hidden pile is put
    in sorted order before it is shuffled, so two states ``player`` cannot tell apart give
    the same world. What ``player`` sees is copied as it is.
    """
    sh = Shuffler(seed)
    d = s.copy_fields(type(s).__new__(type(s)))
    n = s.cfg.players
    others = [p for p in range(n) if p != player]
    _deal_cards(s, d, player, others, sh)
    loader = _loading_pairs(d, others)
    if loader >= 0:
        # the seat started loading the pairs ship: everyone knows it holds a pair
        for _ in range(_PAIR_TRIES):
            if max(d.hand[loader]) >= 2:
                break
            _deal_cards(s, d, player, others, sh)
        else:
            d.hand[loader] = s.hand[loader][:]  # never in practice (see _PAIR_TRIES)
            d.pile_log[loader] = s.pile_log[loader][:]
    # demand tiles: the stack and the three removed unseen
    removed = len(s.demand_removed)
    demands = _mixed(s.demand_stack + s.demand_removed, sh)
    d.demand_removed = demands[:removed]
    d.demand_stack = demands[removed:]
    d.bonus_bag = _mixed(s.bonus_bag, sh)
    d.fdeck = _mixed(s.fdeck, sh)
    d.xdeck = _mixed(s.xdeck, sh)
    if s.phase == ARRANGE:
        _redeal_unlaid(d, sh)
    else:
        face_up = s.cfg.trajan_face_up
        for c, stack in enumerate(s.trajan_stacks):
            if face_up and stack:
                below = _mixed(stack[:-1], sh)
                below.append(stack[-1])
                d.trajan_stacks[c] = below
            else:
                d.trajan_stacks[c] = _mixed(stack, sh)
    d.rng = Rng(sh.randbelow(_SEEDS))
    _shuffle_unordered(d, sh)
    return d


_SEEDS = 1 << 52
"""The seeds of a world's own :class:`Rng` (for the rules' later shuffles)."""


def _mixed(cards: list[int], sh: Shuffler) -> list[int]:
    """A new list of ``cards`` in random order, whatever their order was (sorted, then shuffled)."""
    out = sorted(cards)
    if len(out) == 2:
        if sh.random() < 0.5:
            out.reverse()
    elif len(out) > 2:
        sh.shuffle(out)
    return out


def _shuffle_unordered(d: TrajanData, sh: Shuffler) -> None:
    """Re-order the lists whose order nobody sees (the view sorts them, no rule reads it).

    Their order is the order things happened in; a world keeping it would keep something
    the view does not show. Each is sorted, then rotated by a random amount: every position
    can hold every tile, and since nothing reads the order a full shuffle would buy nothing.
    (A demand Trajan tile's order does matter, the first unused one meets a demand: the view
    lists those in order, and they are kept.)
    """
    if len(d.forum_removed) > 1:
        d.forum_removed = _rotated(d.forum_removed, sh)
    if len(d.extra_removed) > 1:
        d.extra_removed = _rotated(d.extra_removed, sh)
    if len(d.trajan_removed) > 1:
        d.trajan_removed = _rotated(d.trajan_removed, sh)
    if len(d.f_used) > 1:
        d.f_used = _rotated(d.f_used, sh)
    for rows in (d.ftiles, d.xtiles, d.ctiles, d.bonus_yellow, d.bonus_grey):
        for i, row in enumerate(rows):
            if len(row) > 1:
                rows[i] = _rotated(row, sh)


def _rotated(tiles: list[int], sh: Shuffler) -> list[int]:
    """``tiles`` sorted, then rotated by a random amount (at least two tiles)."""
    out = sorted(tiles)
    k = sh.randbelow(len(out))
    return out[k:] + out[:k] if k else out


_PAIR_TRIES = 5000
"""Deals tried until a seat loading the pairs ship holds a pair. One deal in twenty gives a
pair to a two-card hand; 5000 failures in a row have a chance below 1e-100."""


def _loading_pairs(d: TrajanData, others: list[int]) -> int:
    """The seat (among ``others``) that must hold a pair for its decision, or -1.

    The only decision whose legal answers need hidden cards: loading the pairs ship with
    nothing loaded yet and fewer than two commodity jokers (``load`` a pair, or a card and
    a joker). Every other decision has an answer whatever the hand holds.
    """
    if d.phase != ACTION:
        return -1
    top = d.pending[-1]
    if not isinstance(top, LoadShip) or top.ship != SHIP_PAIRS or top.load or top.who not in others:
        return -1
    jokers = sum(1 for t in d.ftiles[top.who] if FORUM_TILE_KIND[t] == K_COMMODITY_JOKER)
    if jokers >= 2 or (jokers and any(d.hand[top.who])) or max(d.known[top.who]) >= 2:
        return -1
    return top.who


def _hidden(s: TrajanData, p: int, pool: list[int]) -> int:
    """Add to ``pool`` the cards of ``p``'s hand that nobody saw taken (by kind); their number."""
    hand, known = s.hand[p], s.known[p]
    size = 0
    for c in range(N_COMMODITIES):
        k = hand[c] - known[c]
        if k:
            pool += [c] * k
            size += k
    return size


def _deal(pool: list[int], start: int, size: int, hand: list[int]) -> None:
    """Add the cards ``pool[start:start + size]`` to the counts ``hand``."""
    for c in pool[start:start + size]:
        hand[c] += 1


def _deal_cards(s: TrajanData, d: TrajanData, player: int | None, others: list[int], sh: Shuffler) -> None:
    """Deal ``s``'s cards hidden from the player (the draw pile and the ``others``' hands that
    nobody saw taken from a discard pile) into ``d``."""
    if s.pile_rebuilt:
        _deal_rebuilt(s, d, player, others, sh)
        return
    pool = list(s.draw)
    sizes = [_hidden(s, p, pool) for p in others]
    pool.sort()
    sh.shuffle(pool)
    start = 0
    for p, size in zip(others, sizes):
        hand = s.known[p][:]
        _deal(pool, start, size, hand)
        start += size
        d.hand[p] = hand
    d.draw = pool[start:]


def _deal_rebuilt(s: TrajanData, d: TrajanData, player: int | None, others: list[int], sh: Shuffler) -> None:
    """Ruling 26: deal the hidden cards after a rebuild so that the world is one ``player``'s
    view allows.

    The sources of hidden cards are the ``others``' hidden cards at the first rebuild
    (source 0) and each rebuilt pile (1, 2, ...): ``budgets[g]`` holds what ``player`` knows
    of each, the cards it did not see leave (:func:`_pile_cards`; source 0: the rest of the
    cards hidden from ``player``). Each hidden card an other hand showed since came from one
    source that it could have come from (:func:`_sources`); then each source's other cards
    are shuffled among its places: the draw pile (the last pile), the hands' draws from it,
    the hands' cards at the first rebuild.
    """
    piles = s.pile_rebuilt
    budgets = [[0] * N_COMMODITIES, *_pile_cards(s, player)]
    hidden = [0] * N_COMMODITIES
    for c in s.draw:
        hidden[c] += 1
    shown: list[tuple[int, int, int]] = []
    capacity: list[list[int]] = []
    held: dict[int, int] = {}
    for q in others:
        size = sum(s.hand[q]) - sum(s.known[q])
        for c in range(N_COMMODITIES):
            hidden[c] += s.hand[q][c] - s.known[q][c]
        draws = [0] * (piles + 1)
        for i, e in enumerate(s.pile_log[q]):
            pile, c = decode(e)
            if pile:
                draws[pile] += 1
                size -= 1
            else:
                hidden[c] += 1
                size += 1
                shown.append((q, i, c))
                capacity.append(draws[:])
        held[q] = size
        for k in range(len(capacity) - 1, -1, -1):
            if shown[k][0] != q:
                break
            capacity[k][0] = size
    for c in range(N_COMMODITIES):
        budgets[0][c] = hidden[c] - sum(b[c] for b in budgets[1:])
    source = _sources(shown, capacity, budgets, sh)
    pools = [_mixed([c for c in range(N_COMMODITIES) for _ in range(b[c])], sh) for b in budgets]
    by_event = {(q, i): g for (q, i, _), g in zip(shown, source)}
    for q in others:
        hand = s.known[q][:]
        entries = s.pile_log[q][:]
        open_draws: list[list[int]] = [[] for _ in range(piles + 1)]
        from_rebuild = held[q]
        for i, e in enumerate(entries):
            pile, c = decode(e)
            if pile:
                open_draws[pile].append(i)
                continue
            g = by_event[q, i]
            if g:
                entries[open_draws[g].pop(0)] = drawn(g, c)
            else:
                from_rebuild -= 1
        for g in range(1, piles + 1):
            for i in open_draws[g]:
                c = pools[g].pop()
                entries[i] = drawn(g, c)
                hand[c] += 1
        for _ in range(from_rebuild):
            hand[pools[0].pop()] += 1
        d.hand[q] = hand
        d.pile_log[q] = entries
    d.draw = pools[piles]


def _sources(shown: list[tuple[int, int, int]], capacity: list[list[int]], budgets: list[list[int]],
             sh: Shuffler) -> list[int]:
    """The source of each shown card (``shown[k]`` = seat, log index, commodity), at random
    among the assignments where every source gives at most its ``budgets`` (which this takes
    the assigned cards from) and no hand showed more cards of a source than it held from it
    at that moment (``capacity[k][g]``: drawn from pile ``g`` before it; ``[0]``: hidden at
    the first rebuild). A depth-first search in random order, cut where the cards left to
    place outnumber what the sources have left; the real deal is such an assignment, so one
    exists.
    """
    n = len(shown)
    if not n:
        return []
    sources = len(budgets)
    used: dict[tuple[int, int], int] = {}
    left = [0] * N_COMMODITIES
    for _, _, c in shown:
        left[c] += 1
    choice = [0] * n
    options: list[list[int]] = [[] for _ in range(n)]

    def candidates(k: int) -> list[int]:
        q, _, c = shown[k]
        out = [g for g in range(sources) if budgets[g][c] and used.get((q, g), 0) < capacity[k][g]]
        if len(out) > 1:
            sh.shuffle(out)
        return out

    def fits() -> bool:
        return all(left[c] <= sum(b[c] for b in budgets) for c in range(N_COMMODITIES))

    k = 0
    options[0] = candidates(0)
    while True:
        if not options[k]:
            k -= 1
            if k < 0:
                raise AssertionError("no source for the shown cards: the pile log is impossible")
            q, _, c = shown[k]
            g = choice[k]
            budgets[g][c] += 1
            used[q, g] -= 1
            left[c] += 1
            continue
        q, _, c = shown[k]
        g = options[k].pop()
        budgets[g][c] -= 1
        used[q, g] = used.get((q, g), 0) + 1
        left[c] -= 1
        choice[k] = g
        if not fits():
            budgets[g][c] += 1
            used[q, g] -= 1
            left[c] += 1
            continue
        k += 1
        if k == n:
            return choice
        options[k] = candidates(k)


def _redeal_unlaid(d: TrajanData, sh: Shuffler) -> None:
    """While markers are placed, nothing below is laid out yet: re-deal the two face-up
    commodity cards, the drawn bonus tiles and the Trajan stacks."""
    cards = _mixed(d.draw + [c for pile in d.discards for c in pile], sh)
    for pile in d.discards:
        size = len(pile)
        pile[:] = cards[:size]
        del cards[:size]
    d.draw = cards
    bonus = _mixed(_bag(d, True), sh)
    d.senate_bonus = [bonus.pop() for _ in d.senate_bonus]
    d.bonus_yellow = [[bonus.pop() for _ in row] for row in d.bonus_yellow]
    d.bonus_bag = bonus
    for c, stack in enumerate(d.trajan_stacks):
        d.trajan_stacks[c] = _mixed(stack, sh)
