"""Set-up, the start of a Year, and the choice of Path and Prospect.

RULE: hadrians_wall.pl "PRZYGOTOWANIE DO ROZGRYWKI" — the Fate deck and each player's 12
Player cards are shuffled. "PRZYGOTOWANIE ROKU" — the top Fate card gives every player its
income; then the sheets' income: production circles, Hotels ("ZAJAZD, WARSZTAT I DROGA":
Civilians), Workshops (Builders) and Roads (an attribute of choice each). "WYBÓR KART
GRACZA" — everybody draws 2 Player cards and secretly keeps one as Path, the other as
Prospect; the choices are revealed together and the Prospect's income is taken.
"OPIS ROZGRYWKI" — in the Year everybody acts at once until they end it.

The Solo Campaign (fort sheet, not in the rulebook) changes the start: fort 10 reveals Fate
cards until one shows 2 Soldiers in Year 1, and a met Challenge adds the previous fort's
Setup Reward to the Year-1 income (ruling 7).
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log

from ..components import (
    ACTIONS,
    BUILDER,
    CHOOSE,
    CIVILIAN,
    DOMAIN,
    FATE_CARDS,
    HOTELS,
    PLAYER_CARD_INDEX,
    PLAYER_CARDS,
    RESOURCE,
    ROADS,
    SOLDIER,
    WORKSHOPS,
)
from ..state import Board, HadriansWallData
from .general import choose_any_attribute, draw_fate, gain_items, show, tell
from .neutral_cards import turn_up_neutral_cards


def setup(s: HadriansWallData) -> None:
    """Shuffle the decks and start Year 1."""
    s.fate_deck = list(range(len(FATE_CARDS)))
    s.rng.shuffle(s.fate_deck)
    s.boards = []
    for _ in range(s.cfg.players):
        b = Board()
        b.deck = list(range(len(PLAYER_CARDS)))
        s.rng.shuffle(b.deck)
        s.boards.append(b)
    if s.cfg.neutral_per_year:
        s.neutral_deck = list(range(len(PLAYER_CARDS)))
        s.rng.shuffle(s.neutral_deck)
    start_year(s, Log.of(DOMAIN)())  # (a new state has no log: see :func:`tell_year_one`)


def tell_year_one(s: HadriansWallData, log: Log) -> None:
    """The Year-1 header, incomes and draws, told with the first action of the game.

    A new state is made without a log, so what the set-up's Year 1 showed is logged when
    the first seat chooses its Path (each draw only to its owner).
    """
    log.public("year", year=s.year, card=s.year_card)
    income = FATE_CARDS[s.year_card].income
    extra = s.cfg.setup_reward
    for p in range(len(s.boards)):
        items = list(income) if extra is None else [x + y for x, y in zip(income, extra)]
        show(log, p, "income", seat=p, items=items, roads=0)
    for p, b in enumerate(s.boards):
        tell(log, p, "draw", seat=p, cards=b.hand[:])


def start_year(s: HadriansWallData, log: Log) -> None:
    """Year start: Fate income, sheet income, then everybody draws 2 Player cards."""
    cfg = s.cfg
    s.year += 1
    s.phase = CHOOSE
    card = draw_fate(s, log)
    if s.year == 1 and cfg.year1_soldiers:
        # Solo Campaign Fort 10: keep revealing until the card shows 2 Soldiers.
        while FATE_CARDS[card].income[SOLDIER] != cfg.year1_soldiers:
            s.fate_discard.append(card)
            card = draw_fate(s, log)
    s.fate_discard.append(card)
    s.year_card = card
    log.public("year", year=s.year, card=card)
    income = FATE_CARDS[card].income
    for p, b in enumerate(s.boards):
        before = b.items[:]
        gain_items(b, income)
        if s.year == 1 and cfg.setup_reward is not None:
            gain_items(b, cfg.setup_reward)
        # Sheet income: production circles, Hotel circles, Workshop circles, Road circles.
        b.items[RESOURCE] += b.production
        b.items[CIVILIAN] += b.built[HOTELS[0]] + b.built[HOTELS[1]]
        b.items[BUILDER] += b.built[WORKSHOPS[0]] + b.built[WORKSHOPS[1]]
        roads = b.built[ROADS[0]] + b.built[ROADS[1]]
        for _ in range(roads):
            choose_any_attribute(b, p)
        show(log, p, "income", seat=p, items=[x - y for x, y in zip(b.items, before)], roads=roads)
        b.hand = [b.deck.pop(), b.deck.pop()]
        b.choice = -1
        b.done = 0
        tell(log, p, "draw", seat=p, cards=b.hand[:])


def path_choices(s: HadriansWallData, p: int) -> list[Action]:
    """Keep either drawn card as Path (until ``p`` has chosen)."""
    b = s.boards[p]
    if b.choice >= 0:
        return []
    table = s.cfg.tables[p]
    return [table.path[c] for c in b.hand]


def choose_path(s: HadriansWallData, a: Action, log: Log) -> None:
    """Keep one of the 2 drawn Player cards as Path (the other becomes the Prospect)."""
    p = a.player
    b = s.boards[p]
    if s.year == 1 and not b.paths and all(q.choice < 0 for q in s.boards):
        tell_year_one(s, log)
    b.choice = PLAYER_CARD_INDEX[str(a.args[0])]
    other = b.hand[0] if b.hand[1] == b.choice else b.hand[1]
    tell(log, p, "path", seat=p, card=b.choice, other=other)
    log.public("chosen", seat=p)


def reveal_cards(s: HadriansWallData, log: Log) -> None:
    """Everybody has chosen: reveal Paths and Prospects, Prospect income, Neutral cards."""
    for p, b in enumerate(s.boards):
        other = b.hand[0] if b.hand[1] == b.choice else b.hand[1]
        b.paths.append(b.choice)
        if b.prospect >= 0:
            b.covered.append(b.prospect)
        b.prospect = other
        b.hand = []
        b.choice = -1
        gain_items(b, PLAYER_CARDS[other].income)
        log.public("reveal", seat=p, path=b.paths[-1], prospect=other)
        show(log, p, "prospect_income", seat=p, card=other, items=list(PLAYER_CARDS[other].income))
    turn_up_neutral_cards(s, log)
    s.phase = ACTIONS
    log.public("actions", year=s.year)


def end(s: HadriansWallData, a: Action, log: Log) -> None:
    """Stop acting this Year; the Year ends when every player has stopped (see ``advance``)."""
    s.boards[a.player].done = 1
    log.public("end", seat=a.player)
