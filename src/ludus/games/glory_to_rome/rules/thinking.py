"""Thinking (PL "Myslenie").

RULE: glory_to_rome.pl "Myslenie" — take a Jack, refill the hand to its limit, or draw one
      Order when at or over the limit; "Nie mozna uzupelnié rexi tylko czgsciowo" (the refill
      must be complete).
Building functions before a think: Latrine (discard one card), Vomitorium (discard the
whole hand); School gives a frame of Thinker actions (:func:`thinker_legal`).
"""

from __future__ import annotations

from ludus.core.actions import Action
from ludus.core.events import Log
from ludus.games.glory_to_rome.components import (
    BUILDING_INDEX,
    SLUGS,
    V_LATRINE,
    V_THINK_JACK,
    V_VOMITORIUM,
    B,
    distinct_buildings,
    take_building,
)
from ludus.games.glory_to_rome.decisions import Frame, GtrData
from ludus.games.glory_to_rome.state import hand_limit


def think_options(s: GtrData, p: int) -> list[Action]:
    """The ways ``p`` may think now (and discard first with a Latrine or Vomitorium)."""
    T = s.acts
    out = []
    if s.jack_pile > 0:
        out.append(T.think_jack[p])
    if s.deck:
        out.append(T.think_draw[p])
    if s.active[p]:
        discard_options(s, p, out)
    return out


def discard_options(s: GtrData, p: int, out: list[Action]) -> None:
    """Add to ``out`` the discards ``p`` may make before thinking (Latrine, Vomitorium)."""
    T = s.acts
    mask = s.active[p]
    if not s.pre_think & 1 and (mask >> B.LATRINE) & 1:
        out.extend(T.get(p, V_LATRINE, SLUGS[b]) for b in distinct_buildings(s.hands[p]))
        if s.hand_jacks[p] and s.cfg.latrine_jack:
            out.append(T.get(p, V_LATRINE, "jack"))
    if not s.pre_think & 2 and (mask >> B.VOMITORIUM) & 1 and (s.hands[p] or s.hand_jacks[p]):
        out.append(T.get(p, V_VOMITORIUM))


def think(s: GtrData, p: int, jack: bool, log: Log) -> None:
    """Think (myslenie): take a Jack, refill to the hand limit, or draw one card.

    The refill must be complete (as far as the deck allows); one card is drawn only
    when the hand is at or over its limit.
    """
    s.pre_think = 0
    if jack:
        s.jack_pile -= 1
        s.hand_jacks[p] += 1
        log.public("think_jack", seat=p)
        return
    hand = s.hands[p]
    k = max(1, hand_limit(s, p) - len(hand) - s.hand_jacks[p])  # (hand_size(), inlined)
    deck = s.deck
    drawn = 0
    while drawn < k and deck:
        hand.append(deck.pop())
        drawn += 1
    log.public("think_draw", seat=p, count=drawn)
    log.private(p, "draw_cards", seat=p, cards=hand[len(hand) - drawn:])


def discard_before_thinking(s: GtrData, p: int, a: Action, log: Log) -> None:
    """Latrine (one card) or Vomitorium (the whole hand) before a Thinker action."""
    if a.verb == V_LATRINE:
        s.pre_think |= 1
        what = str(a.args[0])
        if what == "jack":
            s.hand_jacks[p] -= 1
            s.jack_pile += 1
            card = -1
        else:
            card = take_building(s.hands[p], BUILDING_INDEX[what])
            s.pool.append(card)
        log.public("latrine", seat=p, card=card)
    else:
        s.pre_think |= 2
        cards = s.hands[p]
        s.pool.extend(cards)
        s.hands[p] = []
        s.jack_pile += s.hand_jacks[p]
        s.hand_jacks[p] = 0
        log.public("vomitorium", seat=p, cards=cards)  # the discarded hand goes face up to the pool


def thinker_legal(s: GtrData, f: Frame) -> list[Action]:
    """A frame of Thinker actions (School): think, or pass."""
    p = f.who
    out = think_options(s, p) if f.left > 0 else []
    if not s.pre_think:  # after a Latrine/Vomitorium discard the think must follow
        out.append(s.acts.pass_[p])
    return out


def thinker_act(s: GtrData, f: Frame, a: Action, log: Log) -> None:
    """Carry out a think (or a discard before it) within a Thinker frame."""
    p = f.who
    if a.verb == V_LATRINE or a.verb == V_VOMITORIUM:
        discard_before_thinking(s, p, a, log)
        return
    s.pending[-1] = f.with_counts(f.left - 1, f.open)  # (the batch answered is the top: no search)
    think(s, p, a.verb == V_THINK_JACK, log)
