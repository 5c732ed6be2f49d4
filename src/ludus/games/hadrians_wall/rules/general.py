"""Actions: general rules, and the rewards every box gives.

RULE: hadrians_wall.pl "AKCJE - ZASADY OGÓLNE" — tracks are filled left to right, and a
filled box's icons are gained at once (chains resolve: a Cohort box's Discipline may reach a
Builder box). Also the tracks whose boxes are gained as rewards: "KOHORTY" (a Cohort icon
fills the left-most empty box of a Cohort of your choice), "TORY ATRYBUTÓW" (25 boxes; above
25 is wasted) and "TORY OBYWATELI" (a reward on a full track is wasted). Choices that a
reward needs (a Cohort, a Road's attribute) are pending decisions of the seat.

Shared helpers of the other chapters live here too: paying, the granary columns, the Fate
deck, and the Prospect cards of neighbours and Neutral cards one may buy from or scout with.
"""

from __future__ import annotations

from typing import Any, Final

from ludus.core.actions import Action
from ludus.core.decisions import Decision, DecisionRules
from ludus.core.decks import refill
from ludus.core.events import Event, Log

from ..components import (
    ACTIONS,
    ATTRIBUTE_CHOICES,
    ATTRIBUTE_INDEX,
    ATTRIBUTE_MAX,
    ATTRIBUTE_REWARDS,
    CITIZEN_BOXES,
    CITIZEN_INDEX,
    CITIZEN_REWARDS,
    COHORT_BOXES,
    COHORT_INDEX,
    COHORT_REWARDS,
    DOMAIN,
    INFRASTRUCTURE_AT,
    ITEM_INDEX,
    LARGE_GRANARY,
    MEDIUM_GRANARY,
    NEUTRAL_CARDS,
    PRODUCTION_CIRCLES,
    Cost,
)
from ..decisions import AttributeChoice, CohortChoice
from ..state import Board, HadriansWallData

Rewards = tuple[str, ...]
_ANY_ATTRIBUTE: Final = ATTRIBUTE_CHOICES["attr"]
_PIETY_OR_DISCIPLINE: Final = ATTRIBUTE_CHOICES["pd"]
_RENOWN_OR_VALOUR: Final = ATTRIBUTE_CHOICES["rv"]


_SEAT_SETS: Final = tuple(frozenset((p,)) for p in range(6))


def tell(log: Log, p: int, kind: str, **data: Any) -> None:
    """Log an event only seat ``p`` may see (its sheets' fills, gains and hidden choices).

    The same as ``log.private(p, kind, **data)``, with the seat's set built once.
    """
    log.append(Event(kind, data, _SEAT_SETS[p], DOMAIN))


def show(log: Log, p: int, kind: str, **data: Any) -> None:
    """Log a public event about seat ``p``'s sheets (sheets are open information).

    ``p`` is the seat whose sheet changed (named in ``data`` as ``seat``); the event is
    built directly, as :func:`tell` does, on the rules' hot path.
    """
    log.append(Event(kind, data, None, DOMAIN))


# --- paying and the sheets' geometry -------------------------------------------------
def can_pay(b: Board, cost: Cost) -> bool:
    """Whether ``b``'s player board holds ``cost`` (workers and Resources)."""
    soldiers, builders, servants, civilians, resources = b.items
    return (
        soldiers >= cost[0] and builders >= cost[1] and servants >= cost[2] and civilians >= cost[3]
        and resources >= cost[4]
    )


def pay(b: Board, cost: Cost) -> None:
    """Return ``cost`` to the supply."""
    have = b.items
    for i in range(5):
        have[i] -= cost[i]


def granary_level(b: Board) -> int:
    """Open granary columns: 1 (Small only), 2 (+Medium), 3 (+Large) (rulebook "SPICHLERZE")."""
    return 1 + b.built[MEDIUM_GRANARY] + b.built[LARGE_GRANARY]


def infrastructure(b: Board) -> int:
    """Infrastructure level: the infrastructure icons among the filled Fort boxes."""
    return INFRASTRUCTURE_AT[b.fort]


# --- rewards (every chained reward resolves) -------------------------------------------
def gain(s: HadriansWallData, p: int, token: str, log: Log) -> None:
    """Give player ``p`` one printed reward icon ``token`` (chains resolve at once)."""
    b = s.boards[p]
    i = ITEM_INDEX.get(token)
    if i is not None:
        b.items[i] += 1
        return
    a = ATTRIBUTE_INDEX.get(token)
    if a is not None:
        gain_attribute(s, p, a, log)
        return
    c = CITIZEN_INDEX.get(token)
    if c is not None:
        gain_citizen(s, p, c, log)
        return
    if token == "cohort":
        open_cohorts = [k for k in range(3) if b.cohorts[k] < COHORT_BOXES]
        if len(open_cohorts) == 1:
            fill_cohort(s, p, open_cohorts[0], log)
        elif open_cohorts:
            b.pending.insert(0, CohortChoice(p))
        return
    if token == "hammer":
        if b.production < PRODUCTION_CIRCLES:
            b.production += 1
            show(log, p, "production", seat=p, circle=b.production)
        return
    if token == "piety_or_discipline":
        b.pending.insert(0, AttributeChoice(p, _PIETY_OR_DISCIPLINE))
        return
    if token == "renown_or_valour":
        b.pending.insert(0, AttributeChoice(p, _RENOWN_OR_VALOUR))
        return
    # "infrastructure" is read from the Fort track; nothing to give.


def choose_any_attribute(b: Board, p: int) -> None:
    """Queue the choice of one attribute (a Road circle's income)."""
    b.pending.insert(0, AttributeChoice(p, _ANY_ATTRIBUTE))


def gain_all(s: HadriansWallData, p: int, tokens: Rewards, log: Log) -> None:
    """Give every reward in ``tokens`` (a public event names them: the sheets are open)."""
    if not tokens:
        return
    show(log, p, "gain", seat=p, rewards=list(tokens))
    for token in tokens:
        gain(s, p, token, log)


def gain_items(b: Board, items: Cost) -> None:
    """Add workers and Resources to the player board."""
    have = b.items
    for i in range(5):
        have[i] += items[i]


def gain_attribute(s: HadriansWallData, p: int, a: int, log: Log) -> None:
    """Fill the next box of attribute track ``a`` (points above 25 are wasted)."""
    b = s.boards[p]
    if b.attrs[a] >= ATTRIBUTE_MAX:
        return
    b.attrs[a] += 1
    show(log, p, "attribute_box", seat=p, attribute=a, box=b.attrs[a])
    reward = ATTRIBUTE_REWARDS[a][b.attrs[a]]
    if reward is not None:
        gain(s, p, reward, log)


def gain_citizen(s: HadriansWallData, p: int, c: int, log: Log) -> None:
    """Fill the next box of citizen track ``c`` (a reward on a full track is wasted)."""
    b = s.boards[p]
    if b.citizens[c] >= CITIZEN_BOXES:
        return
    b.citizens[c] += 1
    show(log, p, "citizen", seat=p, citizen=c, box=b.citizens[c])
    gain_all(s, p, CITIZEN_REWARDS[c][b.citizens[c] - 1], log)


def fill_cohort(s: HadriansWallData, p: int, c: int, log: Log) -> None:
    """Fill the left-most empty box of Cohort ``c``."""
    b = s.boards[p]
    b.cohorts[c] += 1
    show(log, p, "cohort", seat=p, cohort=c, box=b.cohorts[c])
    gain_all(s, p, COHORT_REWARDS[b.cohorts[c] - 1], log)


# --- the choices a reward opens ---------------------------------------------------------
def cohort_answers(s: HadriansWallData, d: CohortChoice) -> list[Action]:
    """The Cohorts with an empty box."""
    b = s.boards[d.who]
    actions = s.cfg.tables[d.who].cohort
    return [actions[c] for c in range(3) if b.cohorts[c] < COHORT_BOXES]


def cohort(s: HadriansWallData, d: CohortChoice, a: Action, log: Log) -> bool:
    """Resolve a Cohort icon: fill the left-most empty box of the chosen Cohort."""
    c = COHORT_INDEX[str(a.args[0])]
    fill_cohort(s, d.who, c, log)
    return True


def attribute_answers(s: HadriansWallData, d: AttributeChoice) -> list[Action]:
    """The attributes offered."""
    actions = s.cfg.tables[d.who].attribute
    return [actions[a] for a in d.attributes]


def attribute(s: HadriansWallData, d: AttributeChoice, a: Action, log: Log) -> bool:
    """Resolve an attribute choice (Road income, Road build reward)."""
    i = ATTRIBUTE_INDEX[str(a.args[0])]
    show(log, d.who, "attribute", seat=d.who, attribute=i)
    gain_attribute(s, d.who, i, log)
    return True


DECISION_RULES: dict[type[Decision], DecisionRules[Any, Any]] = {
    CohortChoice: DecisionRules(cohort_answers, cohort),
    AttributeChoice: DecisionRules(attribute_answers, attribute),
}


# --- Prospect cards of neighbours and Neutral cards ("TARG", "ZWIAD") ------------------
def neighbours(s: HadriansWallData, p: int) -> list[int]:
    """The immediate neighbours of seat ``p`` (the one opponent in a 2-player game)."""
    n = len(s.boards)
    if n == 1:
        return []
    if n == 2:
        return [1 - p]
    return [(p - 1) % n, (p + 1) % n]


def source_card(s: HadriansWallData, p: int, source: str) -> int:
    """The Prospect card named by ``source`` (``own``, ``p<seat>``, ``n<index>``), or -1."""
    if source == "own":
        return s.boards[p].prospect
    if source[0] == "p":
        return s.boards[int(source[1:])].prospect
    if source[0] == "n":
        return s.neutral[int(source[1:])]
    return -1


_SEAT_SOURCES: Final = tuple(f"p{q}" for q in range(6))
_NEUTRAL_SOURCES: Final = tuple(f"n{i}" for i in range(max(NEUTRAL_CARDS.values())))


def sources(s: HadriansWallData, p: int, own: bool) -> list[str]:
    """The Prospect cards ``p`` may use: own (scouting only), the neighbours', the Neutral ones."""
    out: list[str] = []
    boards = s.boards
    if own and boards[p].prospect >= 0:
        out.append("own")
    for q in neighbours(s, p):
        if boards[q].prospect >= 0:
            out.append(_SEAT_SOURCES[q])
    out.extend(_NEUTRAL_SOURCES[: len(s.neutral)])
    return out


def pay_source(s: HadriansWallData, p: int, source: str, item: int, log: Log) -> None:
    """Pay one item for a neighbour's or a Neutral Prospect card (own card: to the supply)."""
    s.boards[p].items[item] -= 1
    if source[0] == "p":
        q = int(source[1:])
        if not s.cfg.resource_passing:
            # Unofficial variant: a neighbour purchase is handled like a Neutral-card purchase.
            s.extra_attack += 1
            show(log, p, "variant_attack", seat=p, item=item)
            return
        target = s.boards[q]
        target.items[item] += 1
        show(log, p, "paid", seat=p, item=item, to=q)
        if target.done and s.phase is ACTIONS and not s.cfg.final_pass:
            # Ruling: passing is provisional; a passed player who receives an item may act again.
            target.done = 0
            log.public("reactivate", seat=q, item=item)
    elif source[0] == "n":
        s.neutral_items[int(source[1:])] += 1
        show(log, p, "extra_attack", seat=p, item=item)


# --- the Fate deck ----------------------------------------------------------------------
def draw_fate(s: HadriansWallData, log: Log) -> int:
    """Top card of the Fate deck; an empty deck is rebuilt from the discard pile (ruling 1)."""
    if not s.fate_deck:
        refill(s.fate_deck, [s.fate_discard], s.rng)
        log.public("reshuffle")
    return s.fate_deck.pop()


def draw_fates(s: HadriansWallData, n: int, log: Log) -> list[int]:
    """The top ``n`` cards of the Fate deck in the order drawn (:func:`draw_fate` ``n`` times)."""
    deck = s.fate_deck
    rest = len(deck) - n
    if rest < 0:
        return [draw_fate(s, log) for _ in range(n)]
    drawn = deck[rest:]
    drawn.reverse()
    del deck[rest:]
    return drawn
