"""KARTY ZDARZEŃ: playing event cards, and the choices their effects need.

An event is not an action. Its holder may play it on any turn whenever its card allows
(:func:`event_playable`, ruling 5), but not between drawing a card and resolving it, nor
while another effect's choices are being made (ruling 32). The destabilizing version first
moves the decline marker (ruling 4), then resolves the stronger effect. Effects that need
choices push an :class:`~ludus.games.fall_of_rome.decisions.EventStep` (Do Ut Des: a
:class:`~ludus.games.fall_of_rome.decisions.DoUtDes`) decided by the player who played the
card; moving another player's pawn needs its owner's consent (ruling 22).

The event decisions leave the stack themselves (their resolvers return ``False``): what
follows an answer — the next step, a consent, the free battle of Veni, Vidi, Vici — reads
the decision below or pushes on top, exactly as the rulebook's sequence goes.
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.decisions import Decision, DecisionRules
from ludus.core.events import Log
from ludus.games.fall_of_rome.components import (
    BARBARIAN_CARD_ACTION,
    BATTLE,
    CARD_ACTION,
    CARDS_OF_CITY,
    CITY_ACTION,
    COLOUR_INDEX,
    CUBE_ACTION,
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
    NT,
    PHASE_ACTIONS,
    PLAY,
    REINFORCE,
    ROLE_TOKENS,
    SIMPLE,
    SWAP,
    TOKEN_CARD,
    TOKEN_CITY,
    Verb,
)
from ludus.games.fall_of_rome.decisions import DoUtDes, EventStep, MoveConsent
from ludus.games.fall_of_rome.rules.battle import start_battle
from ludus.games.fall_of_rome.rules.board import (
    add_legions,
    city_cubes,
    legion_choices,
    legions_allowed,
    move_pawn,
    n_pawns,
    place_fort,
    remove_cube,
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
        return s.phase == PHASE_ACTIONS
    if event == E_AUDENTES:
        return s.drawn and s.invasions_left < 0
    if event == E_VAE_VICTIS:
        return s.battle_removed > 0
    return True


def event_choices(s: S, player: int, out: list[Action]) -> None:
    """The events ``player`` may play now (both versions), in card order."""
    events = [c for c in s.hands[player] if c >= FIRST_EVENT]
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
        if s.phase == PHASE_ACTIONS:
            s.actions_left += 4 if destab else 2
    elif event == E_DO_UT_DES:
        s.pending.append(DoUtDes(seat, d))
        _event_auto(s)
    else:
        p = EventStep(seat, event, d)
        if event in (E_FESTINA_LENTE, E_SI_VIS_PACEM):
            p.stage = "city"
        elif event == E_HIC_MANEBIMUS:
            p.stage = "reinforce"
        elif event == E_HOMO_FABER:
            p.stage = "take"
        elif event == E_MELIUS_CAVERE:
            k = min(6, len(s.bdeck))
            p.cards = [draw_barbarian_top(s) for _ in range(k)]
            p.stage = "remove_card" if destab and k else "place"
        elif event in (E_MORS_TUA, E_MORTUI_NON_MORDENT):
            p.stage = "cubes"
        elif event == E_VAE_VICTIS:
            p.stage = "cubes"
            p.n = s.battle_removed
            p.city = s.battle_city
            s.battle_removed = 0
        elif event == E_VENI_VIDI_VICI:
            p.stage = "move"
        s.pending.append(p)
        _event_auto(s)


# --- Do Ut Des ------------------------------------------------------------------
def _city_card(hand: list[int]) -> bool:
    return any(c < N_CITY_CARDS for c in hand)


def do_ut_des_choices(s: S, p: DoUtDes) -> list[Action]:
    """Two seats (in one city, unless destabilizing) with city cards; then each one's card."""
    player = p.who
    out: list[Action] = []
    if p.stage == "pair":
        swap = SWAP[player]
        for x in range(s.seats):
            for y in range(x + 1, s.seats):
                if (p.destab or s.pawn_city[x] == s.pawn_city[y]) and _city_card(s.hands[x]) and _city_card(
                    s.hands[y]
                ):
                    out.append(swap[x][y])
    else:
        seat = p.first if p.stage == "give_a" else p.second
        give = CARD_ACTION[player]["give"]
        for c in sorted({c for c in s.hands[seat] if c < N_CITY_CARDS}):
            out.append(give[c])
    return out


def do_ut_des(s: S, p: DoUtDes, a: Action, log: Log) -> bool:
    """Choose the seats, then the first card, then the second: the two cards are swapped."""
    if a.verb == Verb.SWAP:
        p.first, p.second = int(a.args[0]), int(a.args[1])
        p.stage = "give_a"
    else:
        card = TOKEN_CARD[str(a.args[0])]
        if p.stage == "give_a":
            p.card = card
            p.stage = "give_b"
        else:
            x, y = p.first, p.second
            s.hands[x].remove(p.card)
            s.hands[y].remove(card)
            s.hands[x].append(card)
            s.hands[y].append(p.card)
            log.public("do_ut_des", first=x, second=y, card_first=p.card, card_second=card)
            s.pending.pop()
    _event_auto(s)
    return False


DO_UT_DES = DecisionRules(do_ut_des_choices, do_ut_des)


# --- the other events' steps -------------------------------------------------------
def event_step_choices(s: S, p: EventStep) -> list[Action]:
    """The choices of an event's pending step."""
    player = p.who
    out: list[Action] = []
    e = p.e
    stage = p.stage
    destab = p.destab
    if e in (E_FESTINA_LENTE, E_SI_VIS_PACEM) and stage in ("city", "from", "pawn"):
        if stage == "city":
            if e == E_FESTINA_LENTE:
                out.extend(CITY_ACTION[player]["choose_city"])
            else:
                table = CITY_ACTION[player]["fort_city"]
                out.extend(table[c] for c in range(NC) if not s.forts[c])
        elif stage == "from":
            table = CITY_ACTION[player]["fort_from"]
            out.extend(table[c] for c in range(NC) if s.forts[c] and c != p.city)
        else:
            dest = p.city
            moves = MOVE_PAWN[player]
            for q in range(n_pawns(s)):
                if s.pawn_city[q] != dest and q not in p.done and q not in p.refused:
                    out.extend(moves[s.roles[q]][: legion_choices(s, s.pawn_city[q], dest) + 1])
            out.append(SIMPLE[player]["done"])
    elif e == E_HIC_MANEBIMUS:
        cap = 3 if destab else 2
        if s.reserve and (destab or len(p.done) < 3):
            reinforce = REINFORCE[player]
            for c in range(NC):
                if s.forts[c] and c not in p.done and legions_allowed(s, c):
                    out.extend(reinforce[c][1 : min(cap, s.reserve) + 1])
        out.append(SIMPLE[player]["done"])
    elif e == E_HOMO_FABER:
        take = CARD_ACTION[player]["take"]
        out.extend(take[c] for c in _homo_faber_cards(s, p))
    elif e == E_MELIUS_CAVERE:
        table = BARBARIAN_CARD_ACTION[player]["remove_card" if stage == "remove_card" else "place"]
        out.extend(table[c] for c in sorted(p.cards))
    elif e in (E_MORS_TUA, E_MORTUI_NON_MORDENT, E_VAE_VICTIS):
        cubes = CUBE_ACTION[player]["replace" if e == E_MORS_TUA else "remove_cube"]
        out.extend(cubes[c][t] for c, t in _cube_choices(s, p))
        if not (e == E_MORS_TUA and not destab):
            out.append(SIMPLE[player]["done"])
    elif e == E_VENI_VIDI_VICI:
        if stage == "move":
            src = s.pawn_city[s.cur]
            move_to = MOVE_TO[player]
            for c in range(NC):
                if c != src:
                    out.extend(move_to[c][: legion_choices(s, src, c) + 1])
        else:
            city = s.pawn_city[s.cur]
            if city_cubes(s, city):
                battle = BATTLE[player]
                out.extend(battle[d] for d in range(1, min(DICE, s.legions[city]) + 1))
            out.append(SIMPLE[player]["skip_battle"])
    return out


def _homo_faber_cards(s: S, p: EventStep) -> list[int]:
    if p.destab:
        return sorted({c for c in s.pdiscard if c < N_CITY_CARDS})
    here = CARDS_OF_CITY[s.pawn_city[s.cur]]
    return sorted({c for c in s.pdiscard if c in here})


def _cube_choices(s: S, p: EventStep) -> list[tuple[int, int]]:
    e = p.e
    destab = p.destab
    limit = {E_MORS_TUA: 3 if destab else 1, E_MORTUI_NON_MORDENT: 4 if destab else 2}.get(e, p.n)
    if len(p.done) >= limit:
        return []
    out = []
    fixed_city = -1
    if p.done and (e == E_MORS_TUA or (e == E_VAE_VICTIS and not destab)):
        fixed_city = p.done[0] // NT
    for c in range(NC):
        if fixed_city >= 0 and c != fixed_city:
            continue
        if e == E_VAE_VICTIS and not destab and c == p.city:
            continue  # "1 other city"
        for t in range(NT):
            if s.cubes[c * NT + t] and (e != E_MORTUI_NON_MORDENT or p.colour in (-1, t)):
                out.append((c, t))
    return out


def _choices(s: S, p: Decision) -> list[Action]:
    if isinstance(p, DoUtDes):
        return do_ut_des_choices(s, p)
    if isinstance(p, EventStep):
        return event_step_choices(s, p)
    return []


def _event_auto(s: S) -> None:
    """Finish an event sub-decision that has nothing left to choose."""
    while s.pending:
        p = s.pending[-1]
        if not isinstance(p, (EventStep, DoUtDes)):
            return
        acts = _choices(s, p)
        if not acts or (len(acts) == 1 and acts[0].verb in (Verb.DONE, Verb.SKIP_BATTLE)):
            s.pending.pop()
            continue
        if isinstance(p, EventStep) and p.e == E_MELIUS_CAVERE and p.stage == "place" and len(p.cards) == 1:
            _melius_place(s, p, p.cards[0])
            continue
        return


def _melius_place(s: S, p: EventStep, card: int) -> None:
    p.cards.remove(card)
    p.done.append(card)
    if not p.cards:
        s.pending.pop()
        order = p.done  # first placed = next to be revealed
        s.bdeck.extend(reversed(order))
        s.bsegs.append([len(order), 1])


def event_step(s: S, p: EventStep, a: Action, log: Log) -> bool:
    """Carry out one step of an event's effect (see the module docstring: returns ``False``)."""
    verb = a.verb
    args = a.args
    if verb == Verb.BATTLE:
        # Veni, Vidi, Vici's free battle (destabilizing: no legion lost, ruling 17)
        close_battle_window(s)
        s.pending.pop()
        start_battle(s, a.player, int(args[0]), bool(p.destab), log)
        return False
    if verb == Verb.DONE or verb == Verb.SKIP_BATTLE:
        s.pending.pop()
    elif verb == Verb.CHOOSE_CITY:
        p.city = TOKEN_CITY[str(args[0])]
        p.stage = "pawn"
    elif verb == Verb.FORT_CITY:
        p.city = TOKEN_CITY[str(args[0])]
        if s.fort_supply:
            place_fort(s, p.city, -1, log)
            _after_si_vis_fort(s, p)
        else:
            p.stage = "from"
    elif verb == Verb.FORT_FROM:
        place_fort(s, p.city, TOKEN_CITY[str(args[0])], log)
        _after_si_vis_fort(s, p)
    elif verb == Verb.MOVE_PAWN:
        pawn = s.roles.index(ROLE_TOKENS.index(str(args[0])))
        n = int(args[1])
        owner = seat_of(s, pawn)
        if owner != p.who:
            s.pending.append(MoveConsent(owner, "move", pawn, p.city, n))
        else:
            event_move_pawn(s, pawn, p.city, n, log)
    elif verb == Verb.REINFORCE:
        c = TOKEN_CITY[str(args[0])]
        n = add_legions(s, c, int(args[1]))
        p.done.append(c)
        log.public("reinforce", legions=n, city=c)
    elif verb == Verb.TAKE:
        card = TOKEN_CARD[str(args[0])]
        s.pdiscard.remove(card)
        s.hands[seat_of(s, s.cur)].append(card)
        s.pending.pop()
        log.public("take_discard", card=card)
    elif verb == Verb.REMOVE_CARD:
        card = TOKEN_CARD[str(args[0])]
        p.cards.remove(card)
        s.bremoved.append(card)
        p.stage = "place"
        log.public("barbarian_card_removed", card=card)
    elif verb == Verb.PLACE:
        _melius_place(s, p, TOKEN_CARD[str(args[0])])
    elif verb == Verb.REPLACE or verb == Verb.REMOVE_CUBE:
        c = TOKEN_CITY[str(args[0])]
        t = COLOUR_INDEX[str(args[1])]
        remove_cube(s, c, t)
        p.done.append(c * NT + t)
        p.colour = t
        log.public("remove_cube", tribe=t, city=c)
        if verb == Verb.REPLACE:
            add_legions(s, c, 1)  # ruling 18: as the reserve allows
    elif verb == Verb.MOVE_TO:
        dest = TOKEN_CITY[str(args[0])]
        owner = seat_of(s, s.cur)
        if owner != p.who:  # another player's pawn: its owner must agree (ruling 22)
            s.pending.append(MoveConsent(owner, "move", s.cur, dest, int(args[1])))
        else:
            event_move_pawn(s, s.cur, dest, int(args[1]), log)
    _event_auto(s)
    return False


EVENT_STEP = DecisionRules(event_step_choices, event_step)


def _after_si_vis_fort(s: S, p: EventStep) -> None:
    if p.destab:
        p.stage = "pawn"
    else:
        s.pending.pop()


def event_move_pawn(s: S, pawn: int, city: int, n: int, log: Log) -> None:
    """Move a pawn for Festina Lente, Si Vis Pacem or Veni, Vidi, Vici (its owner agreeing)."""
    move_pawn(s, pawn, city, n)
    log.public("pawn_moved", role=s.roles[pawn], city=city, legions=n)
    p = s.pending[-1]
    assert isinstance(p, EventStep)
    if p.e == E_VENI_VIDI_VICI:
        p.stage = "battle"  # the free battle follows
    else:
        p.done.append(pawn)
        if not p.destab or p.e == E_SI_VIS_PACEM:  # 1 pawn (Festina Lente destab.: any number)
            s.pending.pop()
    _event_auto(s)


# --- consent to a pawn moved by an event (ruling 22) -----------------------------------
def move_consent_choices(s: S, p: MoveConsent) -> list[Action]:
    """Agree or refuse."""
    simple = SIMPLE[p.who]
    return [simple["agree"], simple["refuse"]]


def answer_move(s: S, p: MoveConsent, a: Action, log: Log) -> bool:
    """Agreed: the pawn moves; refused: the pawn is not offered again (Veni, Vidi, Vici is spent)."""
    s.pending.pop()
    if a.verb == Verb.AGREE:
        event_move_pawn(s, p.pawn, p.city, p.n, log)
        return False
    log.public("refuse", seat=a.player)
    ev = s.pending[-1]
    assert isinstance(ev, EventStep)
    ev.refused.append(p.pawn)
    if ev.e == E_VENI_VIDI_VICI:
        s.pending.pop()  # the current player refuses to be moved: the card is spent
    return False


MOVE_CONSENT = DecisionRules(move_consent_choices, answer_move)
