"""The Market.

RULE: hadrians_wall.pl "TARG" — 1 Resource buys a Trade Good from the Fate deck (to the
supply), from a neighbour's Prospect card (the Resource goes to that neighbour, who may use
it at once: ruling 6) or from a Neutral card (onto the card); the good is written in a
hexagon whose Traders requirement is met; each new distinct good gives Renown (1, 1, 1, 2,
2, 3). One's own Prospect card is not a source (ruling 11). The purchase is asked in two steps, in
the rulebook's order: the source (``buy deck``: pay, reveal the card), then the hexagon
(``hexagon A1``, a pending :class:`MarketHexagon`) the good is written in (ruling 18).
"""

from __future__ import annotations

from typing import Any

from ludus.core.actions import Action
from ludus.core.decisions import Decision, DecisionRules
from ludus.core.events import Log

from ..components import (
    FATE_CARDS,
    MARKET,
    MARKET_EXTRA,
    MARKET_HEXAGONS,
    MARKET_TRADERS,
    MARKET_UNIQUE_BONUS,
    PLAYER_CARDS,
    RENOWN,
    RESOURCE,
)
from ..config import ActionTable
from ..decisions import MarketHexagon
from ..state import Board, HadriansWallData
from .general import draw_fate, gain_all, gain_attribute, pay_source, show, source_card, sources


def open_hexagons(b: Board) -> list[int]:
    """The empty Market hexagons whose Traders requirement ``b`` meets."""
    traders = b.citizens[0]
    return [h for h in range(8) if not b.market[h] and traders >= MARKET_TRADERS[h]]


def market_actions(s: HadriansWallData, p: int, b: Board, t: ActionTable, out: list[Action]) -> None:
    """Every source of a Trade Good, with a Market, a Resource and an open hexagon (ruling 18)."""
    if not b.built[MARKET] or not b.items[RESOURCE] or not open_hexagons(b):
        return
    buy_actions = t.buy
    out.append(buy_actions["deck"])
    for source in sources(s, p, own=False):
        out.append(buy_actions[source])


def buy(s: HadriansWallData, a: Action, log: Log) -> None:
    """Market, first step: pay 1 Resource and take the Trade Good of the source (ruling 18).

    From the Fate deck the Resource goes to the supply and the top card is revealed (and
    discarded); from a neighbour's Prospect card the neighbour gets the Resource at once (ruling
    6), from a Neutral card it goes onto the card. The hexagon is the next decision.
    """
    p = a.player
    b = s.boards[p]
    source = str(a.args[0])
    if source == "deck":
        b.items[RESOURCE] -= 1
        card = draw_fate(s, log)
        s.fate_discard.append(card)
        good = FATE_CARDS[card].good
        log.public("market", seat=p, card=card, good=good)
    else:
        card = source_card(s, p, source)
        good = PLAYER_CARDS[card].good
        show(log, p, "buy", seat=p, source=source, card=card, good=good)
        pay_source(s, p, source, RESOURCE, log)
    b.pending.append(MarketHexagon(p, source, good))


def hexagon_answers(s: HadriansWallData, d: MarketHexagon) -> list[Action]:
    """Every open hexagon the Trade Good may be written in."""
    table = s.cfg.tables[d.who].hexagon
    return [table[h] for h in open_hexagons(s.boards[d.who])]


def hexagon(s: HadriansWallData, d: MarketHexagon, a: Action, log: Log) -> bool:
    """Market, second step: write the Trade Good bought in the chosen hexagon."""
    h = MARKET_HEXAGONS.index(str(a.args[0]))
    show(log, d.who, "hexagon", seat=d.who, good=d.good, hexagon=h)
    record_good(s, d.who, h, d.good, log)
    return True


def record_good(s: HadriansWallData, p: int, hexagon: int, good: int, log: Log) -> None:
    """Write ``good`` in a Market hexagon; a new distinct good gives the uniqueness bonus."""
    b = s.boards[p]
    new = good not in b.market
    b.market[hexagon] = good
    gain_all(s, p, MARKET_EXTRA[hexagon], log)
    if new:
        distinct = len({g for g in b.market if g})
        for _ in range(MARKET_UNIQUE_BONUS[distinct - 1]):
            gain_attribute(s, p, RENOWN, log)


DECISION_RULES: dict[type[Decision],
                     DecisionRules[Any, Any]] = {MarketHexagon: DecisionRules(hexagon_answers, hexagon)}
