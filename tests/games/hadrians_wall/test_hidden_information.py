"""Issue 10: no seat learns another seat's secret Path, and nothing observable depends on it.

The rulebook ("WYBÓR KART GRACZA"): "Po wybraniu karty, którą chcą zatrzymać jako swoją kartę
Ścieżki, gracze powinni położyć ją zakrytą powyżej swojej planszy Gracza. [...] Po tym gdy
wszyscy gracze dokonają wyboru, jednocześnie odkryjcie wszystkie wasze zakryte karty Ścieżki
i Rozwoju." (Having chosen the card to keep as Path, players lay it face down above their
player board. [...] When every player has chosen, all reveal their face-down Path and Prospect
cards at the same time.) "PRZYGOTOWANIE DO ROZGRYWKI": each player shuffles their Player cards
into a face-down pile ("tworzy z nich zakryty stos"), and the Fate cards lie "w zakrytym
stosie" (face down).

So before the reveal another seat may know only *that* a seat has chosen; the order of every
deck is unknown to all. The sheets themselves are open: everything else is in every view.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import ludus
from games.hadrians_wall.hw_helpers import positions
from ludus.core.events import Event
from ludus.core.rng import Rng
from ludus.games.hadrians_wall.components import PLAYER_CARDS, Phase
from ludus.games.hadrians_wall.game import HadriansWallState
from ludus.testing.scenario import started


def _seen(events: list[Event], seat: int | None) -> list[dict[str, Any]]:
    """The events ``seat`` may see (``None``: a spectator sees the public ones)."""
    return [e.to_json() for e in events if e.visible_to is None
            or (seat is not None and seat in e.visible_to)]


def _positions(players: int, seed: int, every: int, **options: object) -> Iterator[HadriansWallState]:
    return positions(players, seed, every, 100, end=False, **options)


# --- the Path choice -------------------------------------------------------------------
def test_a_path_choice_is_seen_only_by_its_seat_until_everybody_has_chosen() -> None:
    st: HadriansWallState = started("hadrians-wall", 3, 4)
    hands = [b.hand[:] for b in st.boards]
    before = st.view(1)
    other = st.clone()
    first, second = st.legal_actions(0)
    events = st.apply(first)
    other_events = other.apply(second)  # the same position, seat 0 keeping the other card
    kept = st.boards[0].choice
    # The game's first action also tells Year 1's header, incomes and each seat's own draw.
    opening = ["year", "income", "income", "income", "draw"]
    # Seat 0 sees its choice; the others see that seat 0 has chosen, nothing more.
    assert [e["kind"] for e in _seen(events, 0)] == [*opening, "path", "chosen"]
    assert _seen(events, 0)[4]["data"] == {"seat": 0, "cards": hands[0]}
    assert _seen(events, 0)[5]["data"]["card"] == kept
    for seat in (1, 2, None):
        told = _seen(events, seat)
        assert [e["kind"] for e in told] == [*opening[: 4 if seat is None else 5], "chosen"]
        assert seat is None or told[4]["data"] == {"seat": seat, "cards": hands[seat]}
        assert told[-1] == {"kind": "chosen", "data": {"seat": 0}, "visible_to": None}
        assert _seen(events, seat) == _seen(other_events, seat)
        view = st.view(seat)
        assert "choice" not in view["boards"][0] and "hand" not in view["boards"][0]
        assert view["boards"][0]["chosen"] is True
        assert view == other.view(seat), f"seat {seat} can tell which card seat 0 kept"
        if seat is not None:
            assert st.legal_actions(seat) == other.legal_actions(seat)
    # Seat 1's view changed only in what is public: seat 0 chose and is no longer to move.
    after = st.view(1)
    assert after["to_move"] == [1, 2] and before["to_move"] == [0, 1, 2]
    assert {k: v for k, v in after["boards"][0].items() if k != "chosen"} == {
        k: v for k, v in before["boards"][0].items() if k != "chosen"
    }
    # Another seat's legal actions never name seat 0's cards.
    for seat in (1, 2):
        assert all(a.player == seat for a in st.legal_actions(seat))
        assert {str(a.args[0]) for a in st.legal_actions(seat)} == {PLAYER_CARDS[c].id for c in hands[seat]}
    # The reveal comes with the last choice, for everyone at once.
    st.apply(st.legal_actions(1)[0])
    events = st.apply(st.legal_actions(2)[0])
    reveals = [e for e in _seen(events, None) if e["kind"] == "reveal"]
    assert [r["data"]["seat"] for r in reveals] == [0, 1, 2]
    assert reveals[0]["data"]["path"] == kept
    assert st.view(1)["boards"][0]["paths"][-1] == PLAYER_CARDS[kept].id


def test_every_event_naming_a_drawn_card_is_private_to_its_owner() -> None:
    """Over whole games: before the reveal, no event another seat sees names a drawn card."""
    for st in _positions(3, 5, every=10**9):  # the choice of each Year
        if st.phase is not Phase.CHOOSE:
            continue
        world = st.clone()
        drawn = {p: set(b.hand) for p, b in enumerate(world.boards)}
        for p in world.to_move():
            events = world.apply(world.legal_actions(p)[0])
            for e in events:
                if e.kind in ("path", "draw"):
                    assert e.visible_to == frozenset((e.data["seat"],)), e
                if world.phase is Phase.CHOOSE:
                    for q in (None, *range(3)):
                        for seen in _seen(events, q):
                            secret = seen["data"].get("card")
                            assert secret is None or q == p or secret not in drawn[p]


# --- observable decisions: nothing another seat sees depends on what it cannot see ----
def _same_for(observer: int | None, a: HadriansWallState, b: HadriansWallState, where: str) -> None:
    assert a.to_move() == b.to_move(), where
    assert a.view(observer) == b.view(observer), where
    if observer is not None:
        assert a.legal_actions(observer) == b.legal_actions(observer), where


@pytest.mark.parametrize(("players", "options"),
                         [(2, {}), (3, {"difficulty": "hard"}), (4, {"final_pass": True})])
def test_observable_decisions_do_not_depend_on_hidden_information(players: int,
                                                                  options: dict[str, Any]) -> None:
    """Two states an observer cannot tell apart stay alike after the same action.

    Pairs where the action reveals a card from a hidden deck (a Market or battle draw, the
    Pict attack) are compared only when the events the observer sees are the same.
    """
    compared = 0
    for seed in (1, 2):
        rng = Rng(seed)
        for st in _positions(players, seed, every=7, **options):
            for observer in (None, *range(players)):
                worlds = [st, st.determinize(observer, rng.next()), st.determinize(observer, rng.next())]
                where = f"seed {seed}, Year {st.year} {st.phase.name}, observer {observer}"
                for w in worlds[1:]:
                    _same_for(observer, st, w, where)
                a, b = worlds[1].clone(), worlds[2].clone()
                for _ in range(3):  # a few actions in step, while they stay comparable
                    movers = a.to_move()
                    if not movers:
                        break
                    mover = movers[rng.randbelow(len(movers))]
                    legal = a.legal_actions(mover)
                    action = legal[rng.randbelow(len(legal))]
                    if not b.is_legal(action):
                        break  # another seat's hidden cards differ: its options may too
                    seen_a, seen_b = _seen(a.apply(action), observer), _seen(b.apply(action), observer)
                    if seen_a != seen_b:
                        break  # the action revealed a different card from a hidden deck
                    _same_for(observer, a, b, f"{where}, after {action}")
                    compared += 1
    assert compared > 100


# --- determinize keeps what the seat may know, re-deals the rest ------------------------
def test_determinize_redeals_every_card_the_seat_has_not_seen() -> None:
    """Over many seeds every unseen card can be in another seat's hand, or be its Path."""
    st: HadriansWallState = started("hadrians-wall", 3, 9)
    st.apply(st.legal_actions(1)[0])  # seat 1 has chosen; seats 0 and 2 have not
    me = 0
    pool_1 = set(st.boards[1].deck) | set(st.boards[1].hand)
    hands: set[frozenset[int]] = set()
    held: set[int] = set()
    paths: set[int] = set()
    fate_tops: set[int] = set()
    own_orders: set[tuple[int, ...]] = set()
    for seed in range(80):
        w = st.determinize(me, seed)
        assert w.view(me) == st.view(me)
        assert w.boards[me].hand == st.boards[me].hand and w.boards[me].choice == st.boards[me].choice
        assert sorted(w.boards[me].deck) == sorted(st.boards[me].deck)
        other = w.boards[1]
        assert len(other.hand) == 2 and other.choice in other.hand and set(other.deck) | set(
            other.hand) == pool_1
        assert w.boards[2].choice == -1
        hands.add(frozenset(other.hand))
        held |= set(other.hand)
        paths.add(other.choice)
        fate_tops.add(w.fate_deck[-1])
        own_orders.add(tuple(w.boards[me].deck))
    assert held == pool_1, "a card seat 0 has not seen is never dealt into seat 1's hand"
    assert paths == pool_1, "seat 1's secret Path is kept (or never some unseen card)"
    assert len(hands) > 10 and len(fate_tops) > 10 and len(own_orders) > 10


def test_determinize_for_the_owner_keeps_the_choice_and_for_a_spectator_keeps_nothing_secret() -> None:
    st: HadriansWallState = started("hadrians-wall", 2, 2)
    st.apply(st.legal_actions(0)[0])
    kept = st.boards[0].choice
    assert all(st.determinize(0, seed).boards[0].choice == kept for seed in range(20))
    spectator = {st.determinize(None, seed).boards[0].choice for seed in range(60)}
    assert spectator == set(st.boards[0].deck) | set(st.boards[0].hand)


def test_the_last_year_hands_are_known_but_not_the_paths() -> None:
    """In Year 6 the 2 cards left are the ones drawn (every other card is face up): determinize
    keeps them, and still re-deals which of the two a seat that has chosen kept as its Path."""
    game = ludus.load("hadrians-wall", players=2)
    for st in _positions(2, 3, every=10**9):
        if st.year == 6 and st.phase is Phase.CHOOSE:
            break
    else:
        raise AssertionError("the game never reached the choice of Year 6")
    assert isinstance(st, HadriansWallState) and game.players == 2
    st.apply(st.legal_actions(1)[0])
    hand = set(st.boards[1].hand)
    worlds = [st.determinize(0, seed) for seed in range(40)]
    assert all(set(w.boards[1].hand) == hand for w in worlds)
    assert {w.boards[1].choice for w in worlds} == hand
