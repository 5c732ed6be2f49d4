"""KARTY ZDARZEŃ: playing event cards, and the choices their effects need.

An event is not an action. Its holder may play it on any turn whenever its card allows
(:func:`event_playable`, ruling 5), also while another seat's sub-decision is pending, but
not between drawing a card and resolving it (ruling 32). The destabilizing version first
moves the decline marker (ruling 4), then resolves the stronger effect. Effects that need
choices push the event's own decision (:mod:`~ludus.games.fall_of_rome.decisions`:
``FestinaLente``, ``DoUtDes``, ...) decided by the player who played the card; moving
another player's pawn needs its owner's consent (ruling 22).

The event decisions leave the stack themselves (their resolvers return ``False``): what
follows an answer — the next step, a consent, the free battle of Veni, Vidi, Vici — reads
the decision below or pushes on top, exactly as the rulebook's sequence goes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludus.core.actions import Action
from ludus.core.decisions import Decision, DecisionRules, replace_on
from ludus.core.events import Log
from ludus.games.fall_of_rome.components import (
    ADD,
    BARBARIAN_CARD_ACTION,
    BATTLE,
    CARD_ACTION,
    CARDS_OF_CITY,
    CITY_ACTION,
    DICE,
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
    FIRST_EVENT,
    MOVE_PAWN,
    MOVE_TO,
    N_CITY_CARDS,
    NC,
    PHASE_ACTIONS,
    PLAY,
    ROLE_TOKENS,
    SIMPLE,
    SWAP,
    TOKEN_CARD,
    TOKEN_CITY,
    Verb,
)
from ludus.games.fall_of_rome.decisions import (
    DoUtDes,
    EventDecision,
    FestinaLente,
    HicManebimus,
    HomoFaber,
    Legions,
    MeliusCavere,
    MorsTua,
    MortuiNonMordent,
    MoveConsent,
    PawnsToCity,
    Pay,
    PlotConsent,
    RemoveBarbarians,
    RemoveCubes,
    SiVisPacem,
    VaeVictis,
    VeniVidiVici,
)
from ludus.games.fall_of_rome.rules import event_cubes
from ludus.games.fall_of_rome.rules.battle import start_battle
from ludus.games.fall_of_rome.rules.board import (
    add_legions,
    city_cubes,
    legion_choices,
    legions_allowed,
    move_pawn,
    n_pawns,
    place_fort,
    seat_of,
)
from ludus.games.fall_of_rome.rules.drawing_cards import receive_cards
from ludus.games.fall_of_rome.rules.end_of_game import move_decline
from ludus.games.fall_of_rome.rules.invasions import draw_barbarian_top
from ludus.games.fall_of_rome.rules.player_cards import draw_player_top
from ludus.games.fall_of_rome.rules.turn import close_battle_window
from ludus.games.fall_of_rome.state import FallOfRomeData

S = FallOfRomeData


# --- when an event may be played ----------------------------------------------
def event_playable(s: S, event: int) -> bool:
    """Whether ``event`` may be played now (its card's timing; ruling 5, reference §4.2 "When")."""
    if event in (E_ALEA, E_VENI_VIDI_VICI):
        return s.phase is PHASE_ACTIONS
    if event == E_AUDENTES:
        return s.drawn and s.invasions_left < 0
    if event == E_VAE_VICTIS:
        return s.battle_removed > 0
    return True


def event_choices(s: S, player: int, out: list[Action]) -> None:
    """The events ``player`` may play now (both versions), in card order."""
    hand = s.hands[player]
    if not hand or max(hand) < FIRST_EVENT:  # no event in hand (the usual case)
        return
    events = [c for c in hand if c >= FIRST_EVENT]
    if events:
        play_table = PLAY[player]
        for card in sorted(events):
            if event_playable(s, card):
                out.extend(play_table[card - FIRST_EVENT])


# --- playing --------------------------------------------------------------------
def play(s: S, a: Action, log: Log) -> None:
    """Play an event card from the hand: discard it, decline first if destabilizing, resolve."""
    event = FIRST_EVENT + EVENT_TOKENS.index(str(a.args[0]))
    destab = a.args[1] == "destabilizing"
    s.hands[a.player].remove(event)
    s.pdiscard.append(event)
    log.public("play", seat=a.player, card=event, destabilizing=destab)
    if destab:
        move_decline(s, log)  # the decline step comes first (ruling 4)
        if s.result:
            return
    play_event(s, a.player, event, destab, log)


def play_event(s: S, seat: int, event: int, destab: bool, log: Log) -> None:
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
        log.public("draw", seat=seat_of(s, s.cur), cards=cards[:])
        receive_cards(s, cards, log)
    elif event == E_CARPE_DIEM:
        if s.phase is PHASE_ACTIONS:
            s.actions_left += 4 if destab else 2
    else:
        p: EventDecision
        if event == E_DO_UT_DES:
            p = DoUtDes(seat, d)
        elif event == E_FESTINA_LENTE:
            p = FestinaLente(seat, d)
        elif event == E_SI_VIS_PACEM:
            p = SiVisPacem(seat, d)
        elif event == E_HIC_MANEBIMUS:
            p = HicManebimus(seat, d)
        elif event == E_HOMO_FABER:
            p = HomoFaber(seat, d)
        elif event == E_MELIUS_CAVERE:
            k = min(6, len(s.bdeck))
            cards = [draw_barbarian_top(s) for _ in range(k)]
            log.public("melius_cavere", cards=cards[:])  # the cards are shown: the reveal is news
            p = MeliusCavere(seat, d, "remove_card" if destab and k else "place", tuple(cards))
        elif event == E_MORS_TUA:
            p = MorsTua(seat, d)
        elif event == E_MORTUI_NON_MORDENT:
            p = MortuiNonMordent(seat, d)
        elif event == E_VAE_VICTIS:
            p = VaeVictis(seat, d, s.battle_removed, s.battle_city)
            s.battle_removed = 0
        else:
            p = VeniVidiVici(seat, d)
        s.pending.append(p)
        _event_auto(s)


def _free_city_cards(s: S, seat: int) -> list[int]:
    """The city cards of ``seat``'s hand that no payment or plot in progress holds (ruling 32:
    an event played meanwhile does not take them away)."""
    held: list[int] = []
    for p in s.pending:
        if isinstance(p, Pay) and p.who == seat:
            held += p.cards
        elif isinstance(p, PlotConsent) and (p.seat if p.act == Verb.PLOT_GIVE else p.other) == seat:
            held.append(p.card)
    cards = [c for c in s.hands[seat] if c < N_CITY_CARDS]
    for c in held:
        if c in cards:
            cards.remove(c)
    return cards


def _event_auto(s: S) -> None:
    """Finish an event decision that has nothing left to choose (and place Melius Cavere's last card)."""
    while s.pending:
        p = s.pending[-1]
        if isinstance(p, RemoveCubes) and not city_cubes(s, p.city):
            s.pending.pop()  # an event played meanwhile removed the battle's barbarians (ruling 32)
            continue
        if not isinstance(p, EventDecision):
            return
        acts = _CHOICES[type(p)](s, p)
        if not acts or (len(acts) == 1 and acts[0].verb in (Verb.DONE, Verb.SKIP_BATTLE)):
            s.pending.pop()
            continue
        if isinstance(p, MeliusCavere) and p.stage == "place" and len(p.cards) == 1:
            _melius_place(s, p, p.cards[0])
            continue
        return


def _finish(s: S) -> bool:
    """After an event step: finish what has no choice left. The decision left the stack itself."""
    _event_auto(s)
    return False


# --- Do Ut Des -----------------------------------------------------------------------
def do_ut_des_choices(s: S, p: DoUtDes) -> list[Action]:
    """Two seats (in one city, unless destabilizing) with city cards; then each one's card."""
    player = p.who
    out: list[Action] = []
    if p.stage == "pair":
        swap = SWAP[player]
        for x in range(s.seats):
            for y in range(x + 1, s.seats):
                if (p.destab
                    or s.pawn_city[x] == s.pawn_city[y]) and _free_city_cards(s, x) and _free_city_cards(
                    s, y
                ):
                    out.append(swap[x][y])
    else:
        seat = p.first if p.stage == "give_a" else p.second
        give = CARD_ACTION[player][Verb.GIVE]
        for c in sorted(set(_free_city_cards(s, seat))):
            out.append(give[c])
    return out


def do_ut_des(s: S, p: DoUtDes, a: Action, log: Log) -> bool:
    """Choose the seats, then the first card, then the second: the two cards are swapped."""
    if a.verb == Verb.SWAP:
        replace_on(s.pending, p, DoUtDes(p.who, p.destab, "give_a", int(a.args[0]), int(a.args[1]), p.card))
    else:
        card = TOKEN_CARD[str(a.args[0])]
        if p.stage == "give_a":
            replace_on(s.pending, p, DoUtDes(p.who, p.destab, "give_b", p.first, p.second, card))
        else:
            x, y = p.first, p.second
            s.hands[x].remove(p.card)
            s.hands[y].remove(card)
            s.hands[x].append(card)
            s.hands[y].append(p.card)
            log.public("do_ut_des", first=x, second=y, card_first=p.card, card_second=card)
            s.pending.pop()
    return _finish(s)


# --- Festina Lente, Si Vis Pacem: pawns to a city ------------------------------------------
def pawns_to_city_choices(s: S, p: PawnsToCity) -> list[Action]:
    """A city (Si Vis Pacem: one without a fort; then, with all 6 out, where the fort comes from),
    then the pawns not there yet (the legions they take along are asked next), or done."""
    player = p.who
    if p.stage == "city":
        if isinstance(p, FestinaLente):  # moving nobody is "done" here, not after any city (ruling 37)
            return [*CITY_ACTION[player][Verb.CHOOSE_CITY], SIMPLE[player][Verb.DONE]]
        fort_city = CITY_ACTION[player][Verb.FORT_CITY]
        return [fort_city[c] for c in range(NC) if not s.forts[c]]
    if p.stage == "from":
        fort_from = CITY_ACTION[player][Verb.FORT_FROM]
        return [fort_from[c] for c in range(NC) if s.forts[c] and c != p.city]
    dest = p.city
    moves = MOVE_PAWN[player]
    first = max(p.moved, default=-1) + 1  # pawns moved in pawn order: one way to each set (ruling 37)
    out = [moves[s.roles[q]] for q in range(first, n_pawns(s)) if s.pawn_city[q] != dest
           and q not in p.refused]
    if p.moved or p.refused or not isinstance(p, FestinaLente):
        out.append(SIMPLE[player][Verb.DONE])
    return out


def pawns_to_city(s: S, p: PawnsToCity, a: Action, log: Log) -> bool:
    """Choose the city (place the fort), then move pawns there, asking their owners (ruling 22)."""
    verb = a.verb
    if verb == Verb.DONE:
        s.pending.pop()
    elif verb == Verb.CHOOSE_CITY:
        city = TOKEN_CITY[str(a.args[0])]
        replace_on(s.pending, p, type(p)(p.who, p.destab, "pawn", city, p.moved, p.refused))
    elif verb == Verb.FORT_CITY:
        city = TOKEN_CITY[str(a.args[0])]
        if s.fort_supply:
            p = replace_on(s.pending, p, type(p)(p.who, p.destab, p.stage, city, p.moved, p.refused))
            place_fort(s, city, -1, log)
            _after_si_vis_fort(s, p)
        else:
            replace_on(s.pending, p, type(p)(p.who, p.destab, "from", city, p.moved, p.refused))
    elif verb == Verb.FORT_FROM:
        place_fort(s, p.city, TOKEN_CITY[str(a.args[0])], log)
        _after_si_vis_fort(s, p)
    elif len(a.args) == 1:  # move_pawn <role>: the legions taken along are asked next (issue 11)
        pawn = s.roles.index(ROLE_TOKENS.index(str(a.args[0])))
        s.pending.append(
            Legions(p.who, Verb.MOVE_PAWN, p.city, legion_choices(s, s.pawn_city[pawn], p.city), pawn))
    else:  # move_pawn <role> <n>, made by the answer to Legions (finish_event_move)
        pawn = s.roles.index(ROLE_TOKENS.index(str(a.args[0])))
        n = int(a.args[1])
        owner = seat_of(s, pawn)
        if owner != p.who:
            s.pending.append(MoveConsent(owner, "move", pawn, p.city, n))
        else:
            event_move_pawn(s, pawn, p.city, n, log)
    return _finish(s)


def _after_si_vis_fort(s: S, p: PawnsToCity) -> None:
    if p.destab:
        replace_on(s.pending, p, type(p)(p.who, p.destab, "pawn", p.city, p.moved, p.refused))
    else:
        s.pending.pop()


# --- Hic Manebimus Optime ------------------------------------------------------------------
def hic_manebimus_choices(s: S, p: HicManebimus) -> list[Action]:
    """Fort cities not reinforced yet (normal: 3 at most), or done; then (``add``) 1–2 legions
    there (destabilizing 1–3), as the reserve allows."""
    player = p.who
    cap = 3 if p.destab else 2
    if p.stage == "add":
        return list(ADD[player][1 : min(cap, s.reserve) + 1])
    out: list[Action] = []
    if s.reserve and (p.destab or len(p.cities) < 3):
        reinforce = CITY_ACTION[player][Verb.REINFORCE]
        for c in range(NC):
            if s.forts[c] and c not in p.cities and legions_allowed(s, c):
                out.append(reinforce[c])
    out.append(SIMPLE[player][Verb.DONE])
    return out


def hic_manebimus(s: S, p: HicManebimus, a: Action, log: Log) -> bool:
    """Choose the fort city, then add the legions there (as the reserve allows); or stop."""
    if a.verb == Verb.DONE:
        s.pending.pop()
    elif a.verb == Verb.REINFORCE:  # the legions are asked next (issue 11): one step of the card
        replace_on(s.pending, p, HicManebimus(p.who, p.destab, p.cities, "add", TOKEN_CITY[str(a.args[0])]))
    else:
        c = p.city
        n = add_legions(s, c, int(a.args[0]))
        replace_on(s.pending, p, HicManebimus(p.who, p.destab, (*p.cities, c), "reinforce", -1))
        log.public("reinforce", legions=n, city=c)
    return _finish(s)


# --- Homo Faber Fortunae Suae ----------------------------------------------------------------
def homo_faber_choices(s: S, p: HomoFaber) -> list[Action]:
    """A card naming the current pawn's city from the discard pile (destabilizing: any city card)."""
    take = CARD_ACTION[p.who][Verb.TAKE]
    if p.destab:
        cards = sorted({c for c in s.pdiscard if c < N_CITY_CARDS})
    else:
        here = CARDS_OF_CITY[s.pawn_city[s.cur]]
        cards = sorted({c for c in s.pdiscard if c in here})
    return [take[c] for c in cards]


def homo_faber(s: S, p: HomoFaber, a: Action, log: Log) -> bool:
    """The card goes to the current player's hand (ruling 30)."""
    card = TOKEN_CARD[str(a.args[0])]
    s.pdiscard.remove(card)
    s.hands[seat_of(s, s.cur)].append(card)
    s.pending.pop()
    log.public("take_discard", card=card)
    return _finish(s)


# --- Melius Cavere Quam Pavere --------------------------------------------------------------
def melius_cavere_choices(s: S, p: MeliusCavere) -> list[Action]:
    """The card to remove from the game (destabilizing, first), then the next card to put back."""
    table = BARBARIAN_CARD_ACTION[p.who][Verb.REMOVE_CARD if p.stage == "remove_card" else Verb.PLACE]
    return [table[c] for c in sorted(p.cards)]


def melius_cavere(s: S, p: MeliusCavere, a: Action, log: Log) -> bool:
    """Remove a card from the game, or put the next one back (the first chosen is revealed first)."""
    card = TOKEN_CARD[str(a.args[0])]
    if a.verb == Verb.REMOVE_CARD:
        replace_on(s.pending, p, MeliusCavere(p.who, p.destab, "place", _without(p.cards, card), p.placed))
        s.bremoved.append(card)
        log.public("barbarian_card_removed", card=card)
    else:
        _melius_place(s, p, card)
    return _finish(s)


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``cards`` without the first ``card``."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _melius_place(s: S, p: MeliusCavere, card: int) -> None:
    placed = (*p.placed, card)
    p = replace_on(s.pending, p, MeliusCavere(p.who, p.destab, p.stage, _without(p.cards, card), placed))
    if not p.cards:
        s.pending.pop()
        order = p.placed  # first placed = next to be revealed
        s.bdeck.extend(reversed(order))
        s.bsegs.append([len(order), 1])


# --- Veni, Vidi, Vici -----------------------------------------------------------------------
def veni_vidi_vici_choices(s: S, p: VeniVidiVici) -> list[Action]:
    """The current pawn to any other city (the legions are asked next), then a free battle there, or none."""
    player = p.who
    if p.stage == "move":
        src = s.pawn_city[s.cur]
        move_to = MOVE_TO[player]
        return [move_to[c] for c in range(NC) if c != src]
    out: list[Action] = []
    city = s.pawn_city[s.cur]
    if city_cubes(s, city):
        battle = BATTLE[player]
        out.extend(battle[d] for d in range(1, min(DICE, s.legions[city]) + 1))
    out.append(SIMPLE[player][Verb.SKIP_BATTLE])
    return out


def veni_vidi_vici(s: S, p: VeniVidiVici, a: Action, log: Log) -> bool:
    """Move the current pawn (its owner agreeing, ruling 22), then battle for free or skip it."""
    verb = a.verb
    if verb == Verb.BATTLE:
        # the free battle (destabilizing: no legion lost, ruling 17); a turn action for Vae Victis
        close_battle_window(s)
        s.pending.pop()
        start_battle(s, a.player, int(a.args[0]), bool(p.destab), log)
        return False
    if verb == Verb.SKIP_BATTLE:
        s.pending.pop()
    elif len(a.args) == 1:  # move_to <city>: the legions taken along are asked next (issue 11)
        dest = TOKEN_CITY[str(a.args[0])]
        s.pending.append(
            Legions(p.who, Verb.MOVE_TO, dest, legion_choices(s, s.pawn_city[s.cur], dest), s.cur))
    else:  # move_to <city> <n>, made by the answer to Legions (finish_event_move)
        dest = TOKEN_CITY[str(a.args[0])]
        owner = seat_of(s, s.cur)
        if owner != p.who:  # another player's pawn: its owner must agree (ruling 22)
            s.pending.append(MoveConsent(owner, "move", s.cur, dest, int(a.args[1])))
        else:
            event_move_pawn(s, s.cur, dest, int(a.args[1]), log)
    return _finish(s)


def finish_event_move(s: S, a: Action, log: Log) -> None:
    """The legions of an event's move are chosen (``a``: ``move_to <city> <n>`` or ``move_pawn
    <role> <n>``): the event on top of the stack moves the pawn, or asks its owner."""
    p = s.pending[-1]
    _RESOLVE[type(p)](s, p, a, log)


def event_move_pawn(s: S, pawn: int, city: int, n: int, log: Log) -> None:
    """Move a pawn for Festina Lente, Si Vis Pacem or Veni, Vidi, Vici (its owner agreeing).

    The legions go along as far as they are still there: a Revolt drawn by an event played
    while the owner was asked may have cost some (ruling 32).
    """
    n = min(n, s.legions[s.pawn_city[pawn]])
    move_pawn(s, pawn, city, n)
    log.public("pawn_moved", role=s.roles[pawn], city=city, legions=n)
    p = s.pending[-1]
    if isinstance(p, VeniVidiVici):
        replace_on(s.pending, p, VeniVidiVici(p.who, p.destab, "battle"))  # the free battle follows
    elif isinstance(p, PawnsToCity):
        replace_on(s.pending, p, type(p)(p.who, p.destab, p.stage, p.city, (*p.moved, pawn), p.refused))
        if not p.destab or isinstance(p, SiVisPacem):  # 1 pawn (Festina Lente destab.: any number)
            s.pending.pop()
    _event_auto(s)


# --- consent to a pawn moved by an event (ruling 22) -----------------------------------
def move_consent_choices(s: S, p: MoveConsent) -> list[Action]:
    """Agree or refuse."""
    simple = SIMPLE[p.who]
    return [simple[Verb.AGREE], simple[Verb.REFUSE]]


def answer_move(s: S, p: MoveConsent, a: Action, log: Log) -> bool:
    """Agreed: the pawn moves; refused: the pawn is not offered again (Veni, Vidi, Vici is spent).

    The consent leaves the stack itself: the event below it goes on.
    """
    s.pending.pop()
    if a.verb == Verb.AGREE:
        event_move_pawn(s, p.pawn, p.city, p.n, log)
        return False
    log.public("refuse", seat=a.player)
    ev = s.pending[-1]
    if isinstance(ev, PawnsToCity):
        refused = (*ev.refused, p.pawn)
        replace_on(s.pending, ev, type(ev)(ev.who, ev.destab, ev.stage, ev.city, ev.moved, refused))
    else:
        s.pending.pop()  # the current player refuses to be moved by Veni, Vidi, Vici: the card is spent
    return False


MOVE_CONSENT: DecisionRules[S, MoveConsent] = DecisionRules(move_consent_choices, answer_move)


def _remove_barbarians(s: S, p: RemoveBarbarians, a: Action, log: Log) -> bool:
    event_cubes.remove_barbarians(s, p, a, log)
    return _finish(s)


_CHOICES: dict[type[Decision], Callable[[S, Any], list[Action]]] = {
    DoUtDes: do_ut_des_choices,
    FestinaLente: pawns_to_city_choices,
    SiVisPacem: pawns_to_city_choices,
    HicManebimus: hic_manebimus_choices,
    HomoFaber: homo_faber_choices,
    MeliusCavere: melius_cavere_choices,
    MorsTua: event_cubes.remove_barbarians_choices,
    MortuiNonMordent: event_cubes.remove_barbarians_choices,
    VaeVictis: event_cubes.remove_barbarians_choices,
    VeniVidiVici: veni_vidi_vici_choices,
}
_RESOLVE: dict[type[Decision], Callable[[S, Any, Action, Log], bool]] = {
    DoUtDes: do_ut_des,
    FestinaLente: pawns_to_city,
    SiVisPacem: pawns_to_city,
    HicManebimus: hic_manebimus,
    HomoFaber: homo_faber,
    MeliusCavere: melius_cavere,
    MorsTua: _remove_barbarians,
    MortuiNonMordent: _remove_barbarians,
    VaeVictis: _remove_barbarians,
    VeniVidiVici: veni_vidi_vici,
}
EVENT_RULES: dict[type[Decision], DecisionRules[Any, Any]] = {
    cls: DecisionRules(_CHOICES[cls], _RESOLVE[cls]) for cls in _CHOICES
}
"""Each event decision's legal answers and their effect."""
