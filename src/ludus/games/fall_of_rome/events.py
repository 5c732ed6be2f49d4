"""Event cards (KARTY ZDARZEŃ): playing them and their sub-decisions.

An event is not an action. Its holder may play it on any turn whenever it is legal
(see ``rules.event_playable``); the destabilizing version first moves the decline
marker (ruling 4), then resolves the stronger effect. Effects that need choices push
a pending ``"ev"`` sub-decision decided by the player who played the card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludus.core.actions import Action
from ludus.games.fall_of_rome.components import (
    CARD_TOKENS,
    CARDS_OF_CITY,
    CITIES,
    CITY_TOKEN,
    COLOUR_INDEX,
    COLOURS,
    DICE,
    FIRST_EVENT,
    N_CITY_CARDS,
    NC,
    NT,
    ROLES,
    TOKEN_CARD,
    TOKEN_CITY,
)
from ludus.games.fall_of_rome.rules import (
    BATTLE,
    CARD_ACTION,
    CITY_ACTION,
    E_ABUNDANS,
    E_ALEA,
    E_AUDENTES,
    E_CARPE_DIEM,
    E_DO_UT_DES,
    E_FESTINA_LENTE,
    E_HIC_MANEBIMUS,
    E_HOMO_FABER,
    E_MELIUS_CAVERE,
    E_MORS_TUA,
    E_MORTUI_NON_MORDENT,
    E_SI_VIS_PACEM,
    E_VAE_VICTIS,
    E_VENI_VIDI_VICI,
    EVENT_TOKENS,
    MOVE_TO,
    ROLE_TOKENS,
    SIMPLE,
    S,
    add_legions,
    city_cubes,
    draw_barbarian_top,
    draw_player_top,
    legion_choices,
    legions_allowed,
    log,
    move_decline,
    move_pawn,
    n_pawns,
    pending_actions,
    place_fort,
    receive_cards,
    remove_cube,
    seat_of,
)
from ludus.games.fall_of_rome.state import PHASE_ACTIONS


def play(s: S, a: Action) -> None:
    """Play an event card from the hand: discard it, decline first if destabilizing, resolve."""
    event = FIRST_EVENT + EVENT_TOKENS.index(str(a.args[0]))
    destab = a.args[1] == "destabilizing"
    s.hands[a.player].remove(event)
    s.pdiscard.append(event)
    log(s, f"Seat {a.player} plays {a.args[0]} ({a.args[1]}).")
    if destab:
        move_decline(s)  # the decline step comes first (ruling 4)
        if s.result:
            return
    play_event(s, a.player, event, destab)


def play_event(s: S, seat: int, event: int, destab: bool) -> None:
    """Resolve an event's effect (the card is already discarded)."""
    d = int(destab)
    if event == E_ABUNDANS:
        if destab:
            s.inv_skip = True
        else:
            s.inv_reduce += 2
    elif event == E_ALEA:
        s.alea = 2 if destab else max(s.alea, 1)
        s.alea_seat = seat
    elif event == E_AUDENTES:
        n = min(4 if destab else 2, len(s.pdeck))  # ruling 15: no loss if short
        cards = [draw_player_top(s) for _ in range(n)]
        receive_cards(s, cards)
    elif event == E_CARPE_DIEM:
        if s.phase == PHASE_ACTIONS:
            s.actions_left += 4 if destab else 2
    else:
        p: dict[str, Any] = {"k": "ev", "who": seat, "e": event, "destab": d, "stage": "", "n": 0,
                             "city": -1, "colour": -1, "done": [], "refused": [], "cards": []}
        if event == E_DO_UT_DES:
            p["stage"] = "pair"
        elif event in (E_FESTINA_LENTE, E_SI_VIS_PACEM):
            p["stage"] = "city"
        elif event == E_HIC_MANEBIMUS:
            p["stage"] = "reinforce"
        elif event == E_HOMO_FABER:
            p["stage"] = "take"
        elif event == E_MELIUS_CAVERE:
            k = min(6, len(s.bdeck))
            p["cards"] = [draw_barbarian_top(s) for _ in range(k)]
            p["stage"] = "remove_card" if destab and k else "place"
        elif event in (E_MORS_TUA, E_MORTUI_NON_MORDENT):
            p["stage"] = "cubes"
        elif event == E_VAE_VICTIS:
            p["stage"] = "cubes"
            p["n"] = s.battle_removed
            p["city"] = s.battle_city
            s.battle_removed = 0
        elif event == E_VENI_VIDI_VICI:
            p["stage"] = "move"
        s.pending.append(p)
        _event_auto(s)


def event_step_actions(s: S, p: dict[str, Any], player: int, out: list[Action]) -> None:
    """The choices of an event's pending sub-decision."""
    e = p["e"]
    stage = p["stage"]
    destab = p["destab"]
    if e == E_DO_UT_DES:
        if stage == "pair":
            for x in range(s.seats):
                for y in range(x + 1, s.seats):
                    if (destab or s.pawn_city[x] == s.pawn_city[y]) and _city_card(s.hands[x]) and _city_card(
                        s.hands[y]
                    ):
                        out.append(Action(player, "swap", (x, y)))
        else:
            seat = p["cards"][0] if stage == "give_a" else p["cards"][1]
            for c in sorted({c for c in s.hands[seat] if c < N_CITY_CARDS}):
                out.append(CARD_ACTION[player]["give"][c])
    elif e in (E_FESTINA_LENTE, E_SI_VIS_PACEM) and stage in ("city", "from", "pawn"):
        if stage == "city":
            for c in range(NC):
                if e == E_FESTINA_LENTE:
                    out.append(CITY_ACTION[player]["choose_city"][c])
                elif not s.forts[c]:
                    out.append(CITY_ACTION[player]["fort_city"][c])
        elif stage == "from":
            for c in range(NC):
                if s.forts[c] and c != p["city"]:
                    out.append(CITY_ACTION[player]["fort_from"][c])
        else:
            dest = p["city"]
            for q in range(n_pawns(s)):
                if s.pawn_city[q] != dest and q not in p["done"] and q not in p["refused"]:
                    for n in range(legion_choices(s, s.pawn_city[q], dest) + 1):
                        out.append(Action(player, "move_pawn", (ROLE_TOKENS[s.roles[q]], n)))
            out.append(SIMPLE[player]["done"])
    elif e == E_HIC_MANEBIMUS:
        cap = 3 if destab else 2
        if s.reserve and (destab or len(p["done"]) < 3):
            for c in range(NC):
                if s.forts[c] and c not in p["done"] and legions_allowed(s, c):
                    for n in range(1, min(cap, s.reserve) + 1):
                        out.append(Action(player, "reinforce", (CITY_TOKEN[c], n)))
        out.append(SIMPLE[player]["done"])
    elif e == E_HOMO_FABER:
        for c in _homo_faber_cards(s, p):
            out.append(CARD_ACTION[player]["take"][c])
    elif e == E_MELIUS_CAVERE:
        verb = "remove_card" if stage == "remove_card" else "place"
        for c in sorted(p["cards"]):
            out.append(Action(player, verb, (CARD_TOKENS[c],)))
    elif e in (E_MORS_TUA, E_MORTUI_NON_MORDENT, E_VAE_VICTIS):
        verb = "replace" if e == E_MORS_TUA else "remove_cube"
        for c, t in _cube_choices(s, p):
            out.append(Action(player, verb, (CITY_TOKEN[c], COLOURS[t])))
        if not (e == E_MORS_TUA and not destab):
            out.append(SIMPLE[player]["done"])
    elif e == E_VENI_VIDI_VICI:
        if stage == "move":
            src = s.pawn_city[s.cur]
            table = MOVE_TO[player]
            for c in range(NC):
                if c != src:
                    out.extend(table[c][: legion_choices(s, src, c) + 1])
        else:
            city = s.pawn_city[s.cur]
            if city_cubes(s, city):
                for d in range(1, min(DICE, s.legions[city]) + 1):
                    out.append(BATTLE[player][d])
            out.append(SIMPLE[player]["skip_battle"])


def _city_card(hand: list[int]) -> bool:
    return any(c < N_CITY_CARDS for c in hand)


def _homo_faber_cards(s: S, p: dict[str, Any]) -> list[int]:
    if p["destab"]:
        return sorted({c for c in s.pdiscard if c < N_CITY_CARDS})
    here = CARDS_OF_CITY[s.pawn_city[s.cur]]
    return sorted({c for c in s.pdiscard if c in here})


def _cube_choices(s: S, p: dict[str, Any]) -> list[tuple[int, int]]:
    e = p["e"]
    destab = p["destab"]
    limit = {E_MORS_TUA: 3 if destab else 1, E_MORTUI_NON_MORDENT: 4 if destab else 2}.get(e, p["n"])
    if len(p["done"]) >= limit:
        return []
    out = []
    fixed_city = -1
    if p["done"] and (e == E_MORS_TUA or (e == E_VAE_VICTIS and not destab)):
        fixed_city = p["done"][0] // NT
    for c in range(NC):
        if fixed_city >= 0 and c != fixed_city:
            continue
        if e == E_VAE_VICTIS and not destab and c == p["city"]:
            continue  # "1 other city"
        for t in range(NT):
            if s.cubes[c * NT + t] and (e != E_MORTUI_NON_MORDENT or p["colour"] in (-1, t)):
                out.append((c, t))
    return out


def _event_auto(s: S) -> None:
    """Finish an event sub-decision that has nothing left to choose."""
    while s.pending and s.pending[-1]["k"] == "ev":
        p = s.pending[-1]
        acts = pending_actions(s, p, p["who"])
        if not acts or (len(acts) == 1 and acts[0].verb in ("done", "skip_battle")):
            s.pending.pop()
            continue
        if p["e"] == E_MELIUS_CAVERE and p["stage"] == "place" and len(p["cards"]) == 1:
            _melius_place(s, p, p["cards"][0])
            continue
        return


def _melius_place(s: S, p: dict[str, Any], card: int) -> None:
    p["cards"].remove(card)
    p["done"].append(card)
    if not p["cards"]:
        s.pending.pop()
        order = p["done"]  # first placed = next to be revealed
        s.bdeck.extend(reversed(order))
        s.bsegs.append([len(order), 1])


def _do_event_step(s: S, a: Action) -> None:
    p = s.pending[-1]
    verb = a.verb
    args = a.args
    if verb == "done":
        s.pending.pop()
    elif verb == "swap":
        p["cards"] = [int(args[0]), int(args[1])]
        p["stage"] = "give_a"
    elif verb == "give":
        card = TOKEN_CARD[str(args[0])]
        if p["stage"] == "give_a":
            p["n"] = card
            p["stage"] = "give_b"
        else:
            x, y = p["cards"]
            s.hands[x].remove(p["n"])
            s.hands[y].remove(card)
            s.hands[x].append(card)
            s.hands[y].append(p["n"])
            log(s, f"Do Ut Des: seats {x} and {y} swap {CARD_TOKENS[p['n']]} and {CARD_TOKENS[card]}.")
            s.pending.pop()
    elif verb == "choose_city":
        p["city"] = TOKEN_CITY[str(args[0])]
        p["stage"] = "pawn"
    elif verb == "fort_city":
        p["city"] = TOKEN_CITY[str(args[0])]
        if s.fort_supply:
            place_fort(s, p["city"], -1)
            _after_si_vis_fort(s, p)
        else:
            p["stage"] = "from"
    elif verb == "fort_from":
        place_fort(s, p["city"], TOKEN_CITY[str(args[0])])
        _after_si_vis_fort(s, p)
    elif verb == "move_pawn":
        q = ROLE_TOKENS.index(str(args[0]))
        pawn = s.roles.index(q)
        n = int(args[1])
        owner = seat_of(s, pawn)
        if owner != p["who"]:
            s.pending.append({"k": "consent", "who": owner, "act": "move", "pawn": pawn, "city": p["city"], "n": n})
        else:
            event_move_pawn(s, pawn, p["city"], n)
    elif verb == "reinforce":
        c = TOKEN_CITY[str(args[0])]
        n = add_legions(s, c, int(args[1]))
        p["done"].append(c)
        log(s, f"{n} legions added in {CITIES[c].name}.")
    elif verb == "take":
        card = TOKEN_CARD[str(args[0])]
        s.pdiscard.remove(card)
        s.hands[seat_of(s, s.cur)].append(card)
        s.pending.pop()
        log(s, f"{CARD_TOKENS[card]} is taken from the player discard pile.")
    elif verb == "remove_card":
        card = TOKEN_CARD[str(args[0])]
        p["cards"].remove(card)
        s.bremoved.append(card)
        p["stage"] = "place"
        log(s, f"Barbarian card {CARD_TOKENS[card]} is removed from the game.")
    elif verb == "place":
        _melius_place(s, p, TOKEN_CARD[str(args[0])])
    elif verb in ("replace", "remove_cube"):
        c = TOKEN_CITY[str(args[0])]
        t = COLOUR_INDEX[str(args[1])]
        remove_cube(s, c, t)
        p["done"].append(c * NT + t)
        p["colour"] = t
        log(s, f"A {COLOURS[t]} barbarian is removed from {CITIES[c].name}.")
        if verb == "replace":
            add_legions(s, c, 1)  # ruling 18: as the reserve allows
    elif verb == "move_to":
        dest = TOKEN_CITY[str(args[0])]
        owner = seat_of(s, s.cur)
        if owner != p["who"]:  # another player's pawn: its owner must agree (ruling 22)
            s.pending.append({"k": "consent", "who": owner, "act": "move", "pawn": s.cur, "city": dest,
                              "n": int(args[1])})
        else:
            event_move_pawn(s, s.cur, dest, int(args[1]))
    elif verb == "skip_battle":
        s.pending.pop()
    _event_auto(s)


def _after_si_vis_fort(s: S, p: dict[str, Any]) -> None:
    if p["destab"]:
        p["stage"] = "pawn"
    else:
        s.pending.pop()


def event_move_pawn(s: S, pawn: int, city: int, n: int) -> None:
    """Move a pawn for Festina Lente, Si Vis Pacem or Veni, Vidi, Vici (its owner agreeing)."""
    move_pawn(s, pawn, city, n)
    log(s, f"{ROLES[s.roles[pawn]].id} moves to {CITIES[city].name} with {n} legions.")
    p = s.pending[-1]
    if p["e"] == E_VENI_VIDI_VICI:
        p["stage"] = "battle"  # the free battle follows
    else:
        p["done"].append(pawn)
        if not p["destab"] or p["e"] == E_SI_VIS_PACEM:  # 1 pawn (Festina Lente destab.: any number)
            s.pending.pop()
    _event_auto(s)




HANDLERS: dict[str, Callable[[S, Action], None]] = {"play": play}
for _verb in ("done", "swap", "give", "choose_city", "fort_city", "fort_from", "move_pawn", "reinforce",
              "take", "remove_card", "place", "replace", "remove_cube", "move_to", "skip_battle"):
    HANDLERS[_verb] = _do_event_step
