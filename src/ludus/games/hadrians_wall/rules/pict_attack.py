"""The end of the Year: the Pict attack, Favours and Disdain.

RULE: hadrians_wall.pl "KONIEC ROKU" — workers and Resources left return to the supply; the
Pict attack reveals Fate cards (per Year and difficulty, plus one per item on Neutral
cards); each card needs a filled box of its Cohort: every breach is one Disdain up to the
Year's Attack Potential (the grey flag), the rest of the potential is Valour. "WSPARCIE" — a
Favour ignores one revealed card (Temple: any; Diplomat: its Cohort; ruling 9: only a card
that would breach). "POGARDA" — Disdain is circled on the left sheet. The game ends after
the Year-6 attack ("KONIEC GRY").
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log

from ..components import ATTACK_POTENTIAL, COHORT_INDEX, FATE_CARDS, FAVOUR, OVER, VALOUR, YEARS, Verb
from ..state import HadriansWallData
from .general import draw_fates, gain_attribute, show
from .neutral_cards import discard_neutral_cards, neutral_attack_cards
from .year import start_year


def attack_size(s: HadriansWallData) -> int:
    """Fate cards in this Year's Pict attack."""
    return (s.cfg.attack_cards[s.year - 1] + neutral_attack_cards(s) + s.extra_attack
            + s.cfg.extra_attack_cards)


def attack_counts(s: HadriansWallData) -> list[int]:
    """Revealed attack cards per Cohort."""
    counts = [0, 0, 0]
    for card in s.attack:
        counts[FATE_CARDS[card].attack] += 1
    return counts


def breaches(s: HadriansWallData, p: int, counts: list[int] | None = None) -> int:
    """Unanswered attacks of player ``p``: per Cohort, non-ignored cards beyond its filled boxes."""
    if counts is None:
        counts = attack_counts(s)
    b = s.boards[p]
    ignored = b.ignored
    cohorts = b.cohorts
    total = 0
    for c in range(3):
        unanswered = counts[c] - ignored[c] - cohorts[c]
        if unanswered > 0:
            total += unanswered
    return total


def end_year(s: HadriansWallData, log: Log) -> None:
    """All players stopped: return leftovers, reveal the Pict attack, offer Favours."""
    for b in s.boards:
        b.items = [0, 0, 0, 0, 0]
    # Ruling 1: an attack never reveals more than the whole Fate deck (only reachable in the
    # unofficial "no resource passing" variant, where neighbour purchases add attack cards).
    n = min(attack_size(s), len(s.fate_deck) + len(s.fate_discard))
    s.attack = draw_fates(s, n, log)
    counts = attack_counts(s)
    log.public("attack", year=s.year, cards=s.attack[:], size=n, left=counts[0], centre=counts[1],
               right=counts[2])
    s.phase = FAVOUR
    everybody_done = True
    for p, b in enumerate(s.boards):
        b.ignored = [0, 0, 0]
        if favour_actions(s, p, counts):
            b.done = 0
            everybody_done = False
        else:
            b.done = 1
    if everybody_done:
        pict_attack(s, log, counts)
    else:
        log.public("favours", year=s.year)


def favour_actions(s: HadriansWallData, p: int, counts: list[int] | None = None) -> list[Action]:
    """The Favours ``p`` may spend now: a Temple Favour or a Diplomat's, on a breached Cohort.

    ``counts`` are the attack's cards per Cohort (:func:`attack_counts`) when already known.
    """
    b = s.boards[p]
    table = s.cfg.tables[p]
    if counts is None:
        counts = attack_counts(s)
    out: list[Action] = []
    temple = b.temple_favours > b.temple_used
    diplomats = [False, False, False]
    breached = [False, False, False]
    for c in range(3):
        # Ruling 9: a Favour may only ignore a card that would otherwise breach that Cohort.
        if counts[c] - b.ignored[c] > b.cohorts[c]:
            breached[c] = True
            for k, served in enumerate(b.diplomats):
                if served == c and b.diplomat_used[k] < 2:
                    diplomats[c] = True
                    break
    # Ruling 19: the seat's last possible Favour, when every other seat is done, gives the same
    # result on any breached Cohort (the attack is resolved at once): one Temple option then.
    last = (temple and b.temple_favours - b.temple_used == 1 and not any(diplomats)
            and all(other.done for q, other in enumerate(s.boards) if q != p))
    for c in range(3):
        if not breached[c]:
            continue
        if temple:
            out.append(table.favour_temple[c])
            if last:
                break
        if diplomats[c]:
            out.append(table.favour_diplomat[c])
    return out


def same_favour(s: HadriansWallData, action: Action) -> Action:
    """The offered Temple Favour equal in effect to ``action`` (ruling 19), else ``action`` itself.

    Older records may name another breached Cohort for the seat's last Favour; it reaches the
    very state the offered one does.
    """
    if s.phase is not FAVOUR or action.verb != Verb.FAVOUR or action.args[:1] != ("temple",):
        return action
    p = action.player
    offered = favour_actions(s, p) if isinstance(p, int) and 0 <= p < len(s.boards) else []
    if action in offered or len(action.args) != 2 or action.args[1] not in COHORT_INDEX:
        return action
    b = s.boards[p]
    c = COHORT_INDEX[str(action.args[1])]
    temples = [a for a in offered if a.args[0] == "temple"]
    if len(temples) == 1 and attack_counts(s)[c] - b.ignored[c] > b.cohorts[c]:
        return temples[0]
    return action


def favour(s: HadriansWallData, a: Action, log: Log) -> None:
    """Spend a Favour to ignore one revealed Pict card (Temple: any; Diplomat: its Cohort)."""
    p = a.player
    b = s.boards[p]
    c = COHORT_INDEX[str(a.args[1])]
    if a.args[0] == "temple":
        b.temple_used += 1
    else:
        for k, served in enumerate(b.diplomats):
            if served == c and b.diplomat_used[k] < 2:
                b.diplomat_used[k] += 1
                break
    b.ignored[c] += 1
    b.favours_used += 1
    show(log, p, "favour", seat=p, favour=str(a.args[0]), cohort=c)
    if not favour_actions(s, p):
        b.done = 1


def defend(s: HadriansWallData, a: Action, log: Log) -> None:
    """Stop spending Favours."""
    s.boards[a.player].done = 1
    show(log, a.player, "defend", seat=a.player)


def pict_attack(s: HadriansWallData, log: Log, counts: list[int] | None = None) -> None:
    """Resolve the attack: Disdain for breaches up to the grey flag, Valour for the rest.

    Rulebook "KONIEC ROKU": each card needs a filled box of its Cohort; every breach is one
    Disdain up to the Year's Attack Potential, the rest of the potential is Valour.
    ``counts`` are the attack's cards per Cohort when already known.
    """
    if counts is None:
        counts = attack_counts(s)
    potential = ATTACK_POTENTIAL[s.year - 1]
    for p, b in enumerate(s.boards):
        lost = min(breaches(s, p, counts), potential)
        b.disdain += lost
        log.public("defence", seat=p, disdain=lost, valour=potential - lost)  # (then its Valour boxes)
        for _ in range(potential - lost):
            gain_attribute(s, p, VALOUR, log)
        b.ignored = [0, 0, 0]
    s.fate_discard.extend(s.attack)
    s.attack = []
    discard_neutral_cards(s)
    s.extra_attack = 0
    if s.year >= YEARS:
        s.phase = OVER
        for b in s.boards:
            # Workers from the Valour track gained in the last attack are lost.
            b.items = [0, 0, 0, 0, 0]
            b.done = 1
        log.public("over")
    else:
        start_year(s, log)
