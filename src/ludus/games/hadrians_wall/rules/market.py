"""The Market.

RULE: hadrians_wall.pl "TARG" — 1 Resource buys a Trade Good from the Fate deck (to the
supply), from a neighbour's Prospect card (the Resource goes to that neighbour, who may use
it at once: ruling 6) or from a Neutral card (onto the card); the good is written in a
hexagon whose Traders requirement is met; each new distinct good gives Renown (1, 1, 1, 2,
2, 3). One's own Prospect card is not a source (ruling 11).
"""

from __future__ import annotations

from ludus.core.actions import Action
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
    ActionTable,
)
from ..state import Board, HadriansWallData
from .general import draw_fate, gain_all, gain_attribute, pay_source, show, source_card, sources


def market_actions(s: HadriansWallData, p: int, b: Board, t: ActionTable, out: list[Action]) -> None:
    """Every source × every open hexagon, with a Market and a Resource."""
    if not b.built[MARKET] or not b.items[RESOURCE]:
        return
    traders = b.citizens[0]
    hexes = [h for h in range(8) if not b.market[h] and traders >= MARKET_TRADERS[h]]
    if not hexes:
        return
    buy_actions = t.buy
    for source in ("deck", *sources(s, p, own=False)):
        row = buy_actions[source]
        for h in hexes:
            out.append(row[h])


def buy(s: HadriansWallData, a: Action, log: Log) -> None:
    """Market: buy a Trade Good from the Fate deck, a neighbour's or a Neutral Prospect card."""
    p = a.player
    b = s.boards[p]
    source, hexagon = str(a.args[0]), MARKET_HEXAGONS.index(str(a.args[1]))
    if source == "deck":
        b.items[RESOURCE] -= 1
        card = draw_fate(s, log)
        s.fate_discard.append(card)
        good = FATE_CARDS[card].good
        log.public("market", seat=p, card=card, good=good)
    else:
        card = source_card(s, p, source)
        good = PLAYER_CARDS[card].good
        show(log, p, "buy", seat=p, source=source, card=card, hexagon=hexagon, good=good)
        pay_source(s, p, source, RESOURCE, log)
    record_good(s, p, hexagon, good, log)


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
