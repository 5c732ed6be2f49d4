"""Per-player views and determinization.

Hidden: the cards in hands (their number and the number of Jacks are public), the
deck order, and vault cards.  A vault card's material is public when it comes
from a stockpile (or a clientele, Colosseum); a card put in from hand (Basilica)
is known to its owner only; a card put in unseen from the deck (Atrium) is known
to nobody, its owner included.  At the end of a scored game every vault is turned
face up.  The Fountain card is seen by its owner only.
Cards revealed for a Legionary demand are public while they are shown (this turn).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator
from itertools import chain, islice
from typing import Any, TypeVar

from ludus.core.rng import Rng, Shuffler
from ludus.games.glory_to_rome.components import (
    CARD_BUILDING,
    CARD_MATERIAL,
    END_NAMES,
    MATERIAL_NAMES,
    PHASE_NAMES,
    PRISON_ROLE,
    ROLE_NAMES,
    SLUGS,
    THINKER,
    VIS_PUBLIC,
)
from ludus.games.glory_to_rome.decisions import (
    NO_MATERIAL,
    GtrData,
    colosseum_of,
    demands,
    end_steps,
    frames,
    gives,
    half_laid,
    petition_of,
    top_frame,
)
from ludus.games.glory_to_rome.rules import to_move
from ludus.games.glory_to_rome.rules.petitions import petition_floor
from ludus.games.glory_to_rome.state import clientele_limit, hand_limit, influence, vault_limit


def _names(cards: list[int]) -> list[str]:
    return [SLUGS[CARD_BUILDING[c]] for c in cards]


def _materials(cards: list[int]) -> list[str]:
    return [MATERIAL_NAMES[CARD_MATERIAL[c]] for c in cards]


def _role_name(role: int) -> str:
    if role == THINKER:
        return "thinker"
    if role == PRISON_ROLE:
        return "prison"
    return ROLE_NAMES[role] if role >= 0 else ""


def vaults_shown(s: GtrData) -> bool:
    """Whether every vault is face up: at the end of a scored game (PL "Na koniec gry
    wszyscy gracze odsłaniają zawartość swoich skarbców"); a Forum win or a concession
    is not scored."""
    return bool(s.over) and not s.forum_winners


def _colosseum(s: GtrData) -> list[Any]:
    c = colosseum_of(s)
    if c is None:
        return []
    pairs = c.pairs
    return [c.who, *([pairs[i], ROLE_NAMES[pairs[i + 1]]] for i in range(0, len(pairs), 2))]


def view(s: GtrData, player: int | None) -> dict[str, Any]:
    """What ``player`` (``None`` = spectator) may see, JSON-ready.

    Every place lists its cards in the order the state keeps them (the pool's order decides
    which card of a material a take removes, the hand's which card a demand reveals): the
    order is public, or known to the hand's owner, and :func:`determinize` keeps it.
    """
    players = []
    shown = vaults_shown(s)
    for p in range(s.n):
        me = player == p
        vault = []
        for c, vis in zip(s.vault[p], s.vault_vis[p]):
            vault.append(MATERIAL_NAMES[CARD_MATERIAL[c]] if shown or vis in (VIS_PUBLIC, player) else "?")
        buildings = [
            {
                "name": SLUGS[CARD_BUILDING[st.card]],
                "site": MATERIAL_NAMES[st.site],
                "out_of_town": st.out,
                "materials": [MATERIAL_NAMES[CARD_MATERIAL[c]] for c in st.materials],
                "complete": st.complete,
                "public": st.public,
            }
            for st in s.buildings[p]
        ]
        fresh = set(s.fresh[p])
        entry: dict[str, Any] = {
            "influence": influence(s, p),
            "influence_sites": [MATERIAL_NAMES[m] for m in s.inf_sites[p]],
            "hand_size": len(s.hands[p]) + s.hand_jacks[p],
            "hand_jacks": s.hand_jacks[p],
            "hand_limit": hand_limit(s, p),
            "clientele": [ROLE_NAMES[CARD_MATERIAL[c]] for c in s.clients[p]],
            "new_clients": [ROLE_NAMES[CARD_MATERIAL[c]] for c in s.clients[p] if c in fresh],
            "clientele_limit": clientele_limit(s, p),
            "stockpile": _materials(s.stock[p]),
            "vault_count": len(s.vault[p]),
            "vault": vault,
            "vault_limit": vault_limit(s, p),
            "buildings": buildings,
            "camp": _names(s.camp[p]),
            "camp_jacks": s.camp_jacks[p],
            "units": s.units[p],
            "revealed": _names([c for c in s.revealed[p] if c in s.hands[p]]),
            "did_craftsman": bool(s.did_craft[p]),
        }
        if me:
            entry["hand"] = _names(s.hands[p])
        players.append(entry)
    pet = petition_of(s)
    half = half_laid(s)
    fountain: dict[str, Any] | None = None
    if s.fountain >= 0:
        batch = top_frame(s)
        assert batch is not None  # (a Fountain card is drawn only in a batch of actions)
        owner = batch.who
        fountain = {"owner": owner, "card": SLUGS[CARD_BUILDING[s.fountain]] if owner == player else "?"}
    return {
        "game": "glory-to-rome",
        "viewer": player,
        "players": players,
        "pool": _names(s.pool),
        "deck_size": len(s.deck),
        "out_of_play": len(s.removed),
        "jack_pile": s.jack_pile,
        "sites_in_town": {MATERIAL_NAMES[m]: s.in_town[m] for m in range(6)},
        "sites_out_of_town": {MATERIAL_NAMES[m]: s.out_town[m] for m in range(6)},
        "leader": s.leader,
        "turn": s.turn,
        "phase": PHASE_NAMES[s.phase],
        "role": _role_name(s.role),
        "to_move": list(to_move(s)),
        "petition": [MATERIAL_NAMES[pet.material] if pet.material >= 0 else None, pet.left,
                     ROLE_NAMES[pet.role]] if pet is not None else [],
        "palace_open": bool(s.palace_open),
        "pre_think": s.pre_think,
        "frames": [
            {"player": f.who, "role": _role_name(f.role), "left": f.left, "open": f.open, "kind": int(f.kind),
             "client_actions": f.granted, "doubled": bool(f.cm)}
            for f in frames(s)
        ],
        "demands": [MATERIAL_NAMES[d.material] + ("" if d.from_pool else " (not from the pool)")
                    for d in demands(s)],
        "gives": [[g.who, MATERIAL_NAMES[g.material], g.demander, bool(g.voluntary)] for g in gives(s)],
        "half_laid": [half.who, SLUGS[CARD_BUILDING[half.card]]] if half is not None else [],
        "colosseum": _colosseum(s),
        "end_of_turn": [[END_NAMES[e.kind], e.who] for e in end_steps(s)],
        "fountain": fountain,
        "over": bool(s.over),
        "end_reason": s.end_reason,
        "forum_winners": list(s.forum_winners),
        "conceded": list(s.conceded),
    }


# --- determinization ---------------------------------------------------------------
#
# Determinization: a full state agreeing with all one seat sees, the rest dealt anew.
#
# :func:`determinize` keeps exactly what :func:`~.view.view` shows the seat and deals everything
# else anew, consistently (ruling 19):
#
# - names shown (kept): the pool, the camps, cards revealed for a demand, the seat's own hand,
#   the foundation cards of structures, the seat's own Fountain card;
# - only the material shown (re-dealt among the cards of that material): stockpiles, clienteles,
#   the materials in structures, vault cards whose material the seat sees (from a stockpile or a
#   clientele; its own Basilica cards; every vault at the end of a scored game) — the table,
#   the owner included, sees them tucked, material only;
# - nothing shown (re-dealt freely): the deck, the cards out of play (training game), the other
#   hands (but their revealed cards), the other vault cards, another player's Fountain card.
#
# **Canonical.** The cards of the last two groups (every card whose name the seat does not see)
# are pooled and sorted by id before the deal, so the deal starts from the same list whatever
# the true state held where: the result is a function of the view and the seed only, and from
# two states the seat cannot tell apart it deals the same state (what lets a search that sees
# the game through determinizations never use what its seat cannot see). Which clients were
# hired this turn is shown by role only: after a deal they are the last clients of their role.
#
# **Uniform.** The material-only places of each material take a uniform ordered pick of that
# material's unseen cards (a partial Fisher-Yates), and the rest, shuffled, fill the hidden
# places: a uniform deal among the deals that agree with the view. A pending petition shows
# that its player still holds its remaining cards, and the re-deal keeps that.
#
# **Fast.** What a deal draws from (the sorted unseen cards by material, the material of each
# material-only place) depends on the position only: it is worked out once per state and seat
# (:class:`DealPlan`) and kept on the state until the next action, so a search dealing the same
# position thousands of times pays for it once. Shuffles use :class:`~ludus.core.rng.Shuffler`.

D = TypeVar("D", bound=GtrData)

_FIRST_CARD: tuple[int, ...] = (*(CARD_MATERIAL.index(m) for m in range(6)), len(CARD_MATERIAL))
"""The first card id of each material, and the number of cards: the ids run material by material."""
assert list(CARD_MATERIAL) == sorted(CARD_MATERIAL), "card ids must be grouped by material"

Lists = list[list[int]]
At = list[tuple[list[int], list[int]]]


class DealPlan:
    """What a determinization of one position for one seat deals from (no randomness in it).

    ``groups``: for each material with material-only places, its unseen cards (sorted) and
    the number of those places; ``slots``: for each material-only place in dealing order, the
    index of its group; ``others``: the unseen cards of the other materials (sorted).
    """

    __slots__ = ("groups", "others", "slots")

    def __init__(self, known: list[int], unseen: list[int]) -> None:
        materials = list(map(CARD_MATERIAL.__getitem__, known))
        unseen.sort()  # canonical: the same list from every state the seat cannot tell apart
        self.groups: list[tuple[list[int], int]] = []
        self.others: list[int] = []
        index = [-1] * 6
        lo = 0
        for m in range(6):
            hi = bisect_left(unseen, _FIRST_CARD[m + 1], lo)
            k = materials.count(m)
            if k:
                index[m] = len(self.groups)
                self.groups.append((unseen[lo:hi], k))
            else:
                self.others += unseen[lo:hi]
            lo = hi
        self.slots: list[int] = list(map(index.__getitem__, materials))


def _places(t: GtrData, player: int | None) -> tuple[Lists, At, Lists, At, Lists]:
    """The places of ``t`` that a deal for ``player`` fills: material-only places (whole lists,
    then positions of mixed lists), hidden places (likewise), and the hidden hands that hold a
    revealed card (its other cards are moved after the revealed ones: the hand is shuffled
    after the deal)."""
    shown = vaults_shown(t)
    known: Lists = []
    hidden: Lists = [t.deck, t.removed]
    known_at: At = []
    hidden_at: At = []
    mixed: Lists = []
    seen_by = (VIS_PUBLIC, player)
    for p in range(t.n):
        if t.stock[p]:
            known.append(t.stock[p])
        if t.clients[p]:
            known.append(t.clients[p])
        known += [st.materials for st in t.buildings[p] if st.materials]
        if p != player:
            revealed = t.revealed[p]
            hand = t.hands[p]
            if revealed:
                # A revealed card given away is no longer shown (the view lists the revealed
                # cards still in hand): forget it, or a re-deal could put it back as "revealed".
                revealed[:] = [c for c in revealed if c in hand]
            if revealed:
                keep = list(dict.fromkeys(revealed))
                hand[:] = keep + [c for c in hand if c not in keep]
                hidden_at.append((hand, list(range(len(keep), len(hand)))))
                mixed.append(hand)
            elif hand:
                hidden.append(hand)
        vis = t.vault_vis[p]
        if not vis:
            continue
        if shown or all(v in seen_by for v in vis):
            known.append(t.vault[p])
        else:
            known_at.append((t.vault[p], [i for i, v in enumerate(vis) if v in seen_by]))
            hidden_at.append((t.vault[p], [i for i, v in enumerate(vis) if v not in seen_by]))
    return known, known_at, hidden, hidden_at, mixed


def compositions(s: GtrData, player: int | None) -> dict[str, list[int]]:
    """The hidden zones whose contents ``view(player)`` states (``Game.known_compositions``):
    the materials of every material-only place (stockpiles, clienteles, structures, the vault
    cards ``player`` sees), the seat's own hand, the revealed cards still in the other hands,
    and every card whose name ``player`` does not see, together (see the comment above
    :data:`D`)."""
    material = CARD_MATERIAL.__getitem__
    seen_by = (VIS_PUBLIC, player)
    shown = vaults_shown(s)
    unseen = s.deck + s.removed
    batch = top_frame(s)
    if s.fountain >= 0 and batch is not None and batch.who != player:
        unseen.append(s.fountain)
    out: dict[str, list[int]] = {}
    for p in range(s.n):
        out[f"stockpile {p} (materials)"] = list(map(material, s.stock[p]))
        out[f"clientele {p} (materials)"] = list(map(material, s.clients[p]))
        unseen += s.stock[p] + s.clients[p]
        for i, st in enumerate(s.buildings[p]):
            out[f"structure {p}.{i} (materials)"] = list(map(material, st.materials))
            unseen += st.materials
        hand = s.hands[p]
        if p == player:
            out["own hand"] = hand[:]
        else:
            revealed = [c for c in dict.fromkeys(s.revealed[p]) if c in hand]
            out[f"revealed in hand {p}"] = revealed
            unseen += [c for c in hand if c not in revealed]
        vis = s.vault_vis[p]
        if vis:
            out[f"vault {p}, seen (materials)"] = [
                material(c) for c, v in zip(s.vault[p], vis) if shown or v in seen_by]
            unseen += s.vault[p]
    out["unseen cards"] = unseen
    return out


def _plan(s: GtrData, player: int | None, known: Lists, known_at: At, hidden: Lists,
          hidden_at: At) -> DealPlan:
    """The :class:`DealPlan` of ``s`` for ``player``: kept on ``s`` until its next action (the
    State empties ``_deals`` after every action and edit)."""
    kept: DealPlan | None = s._deals.get(player)
    if kept is not None:
        return kept
    cards = list(chain.from_iterable(known))
    cards += [lst[i] for lst, idx in known_at for i in idx]
    unseen = cards + list(chain.from_iterable(hidden))
    unseen += [lst[i] for lst, idx in hidden_at for i in idx]
    plan = DealPlan(cards, unseen)
    s._deals[player] = plan
    return plan


def determinize(s: D, player: int | None, seed: int) -> D:
    """A full state agreeing with all ``player`` sees; what it does not see dealt anew from
    ``seed``: canonical and uniform (see the comment above :data:`D`)."""
    t = s.copy_into(type(s).__new__(type(s)))
    batch = top_frame(t)
    fountain = [t.fountain] if t.fountain >= 0 and batch is not None and batch.who != player else []
    known, known_at, hidden, hidden_at, mixed = _places(t, player)
    hidden.append(fountain)
    plan = _plan(s, player, known, known_at, hidden, hidden_at)
    shuffler = Shuffler(seed)
    draw = shuffler.random
    rest = plan.others[:]
    picks: list[Iterator[int]] = []
    for group, k in plan.groups:
        cards = group[:]
        size = len(cards)
        for i in range(k):  # a partial Fisher-Yates: a uniform ordered pick of k cards
            j = i + int(draw() * (size - i))
            cards[i], cards[j] = cards[j], cards[i]
        picks.append(iter(cards[:k]))
        rest += cards[k:]
    if plan.slots:
        dealt = iter(list(map(next, map(picks.__getitem__, plan.slots))))
        for cards_ in known:
            cards_[:] = islice(dealt, len(cards_))
        for lst, idx in known_at:
            for i in idx:
                lst[i] = next(dealt)
    shuffler.shuffle(rest)
    dealt = iter(rest)
    for cards_ in hidden:
        cards_[:] = islice(dealt, len(cards_))
    for lst, idx in hidden_at:
        for i in idx:
            lst[i] = next(dealt)
    for hand in mixed:
        shuffler.shuffle(hand)  # where a revealed card sits in a hidden hand is hidden too
    if fountain:
        t.fountain = fountain[0]
    for p in range(t.n):
        if t.fresh[p]:
            t.fresh[p] = _fresh_clients(s.fresh[p], t.clients[p])
    pet = petition_of(s)
    if pet is not None and not s.over and s.current != player:
        _keep_petition(t, pet.material, petition_floor(s, pet), pet.left, hidden, hidden_at)
    t.rng = Rng(seed)
    return t


def _fresh_clients(fresh: list[int], clients: list[int]) -> list[int]:
    """The clients hired this turn after a re-deal: as many of each role as ``fresh`` held, the
    last ones of their role in ``clients`` (the view shows how many of each role are new, not
    which)."""
    new = [0] * 6
    for c in fresh:
        new[CARD_MATERIAL[c]] += 1
    out: list[int] = []
    for i in range(len(clients) - 1, -1, -1):
        m = CARD_MATERIAL[clients[i]]
        if new[m]:
            new[m] -= 1
            out.append(clients[i])
    out.reverse()
    return out


def _keep_petition(t: GtrData, m: int, floor: int, need: int, hidden: Lists, hidden_at: At) -> None:
    """The petitioner's re-dealt hand holds ``need`` cards of material ``m`` from building
    ``floor`` on (ruling 24; any one material before the first card): swap them in from other
    hidden places (the real hand had them, so the hidden cards do)."""
    hand = t.hands[t.current]
    if m == NO_MATERIAL:  # opened: the material it holds most of
        counts = [0] * 6
        for c in hand:
            counts[CARD_MATERIAL[c]] += 1
        m = counts.index(max(counts))

    def fits(c: int) -> bool:
        return CARD_MATERIAL[c] == m and CARD_BUILDING[c] >= floor

    have = sum(1 for c in hand if fits(c))
    if have >= need:
        return
    spots = [(lst, i) for lst in hidden if lst is not hand for i in range(len(lst))]
    spots += [(lst, i) for lst, idx in hidden_at if lst is not hand for i in idx]
    mine = [i for i, c in enumerate(hand) if not fits(c) and c not in t.revealed[t.current]]
    for lst, i in spots:
        if have >= need or not mine:
            break
        if fits(lst[i]):
            j = mine.pop()
            hand[j], lst[i] = lst[i], hand[j]
            have += 1
