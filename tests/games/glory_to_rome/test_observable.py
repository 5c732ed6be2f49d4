"""Issue 10, ruling 23: the decisions and ``to_move()`` others observe never depend on a hidden hand.

PL "Gracze nie musza (a czasem nawet nie moga) wykonywac wszystkich dostepnych im akcji -
niewykorzystane akcje po prostu przepadaja" (players need not, and sometimes cannot, take
all their actions: unused ones are lost). Whether a seat *can* use an action may depend on
its hidden hand; the table must not learn that from whether the game stops for the seat.
"""

from __future__ import annotations

from pathlib import Path

import ludus
import ludus.games.glory_to_rome as gtr
from games.glory_to_rome.gtr_table import Table, act, legal, materials, names
from ludus.core.record import GameRecord, replay
from ludus.core.rng import Rng
from ludus.games.glory_to_rome.decisions import gives
from ludus.games.glory_to_rome.game import GtrState

RECORDS = Path(__file__).parent / "records"


def _swap_hand(s: GtrState, q: int, seed: int) -> GtrState:
    """``s`` with seat ``q``'s unrevealed hand cards dealt anew from them and the deck
    (same hand size): a state that differs from ``s`` only in what ``q`` alone sees."""
    t = s.clone()
    keep = [c for c in t.hands[q] if c in t.revealed[q]]
    hidden = [c for c in t.hands[q] if c not in t.revealed[q]]
    cards = hidden + t.deck
    Rng(seed).shuffle(cards)
    t.hands[q] = keep + cards[: len(hidden)]
    t.deck = cards[len(hidden):]
    return gtr.GAME(players=s.n).state_from_json(t.to_json())


def test_the_issue_scenario_stops_for_the_seat_whatever_its_hand() -> None:
    """Seed 3, 3 players, 201 random actions (saved by 0.1.0; replayed with the one-option
    answers supplied), then ``0:lay statue wood in``: seat 1 has one Craftsman action left.
    0.1.0 skipped it when seat 1's hand had no use for it; now seat 1 is always asked, so
    seats 0 and 2 see the same thing whatever seat 1 holds."""
    record = GameRecord.load(RECORDS / "issue10_seed3_3p.json")
    assert record.version == "0.1.0" and len(record.actions) == 201
    s = replay(record)  # every digest verified
    assert "0:lay statue wood in" in legal(s)
    seen = set()
    options = set()
    for seed in range(30):
        t = _swap_hand(s, 1, seed)
        act(t, "0:lay statue wood in")
        seen.add((t.to_move(), repr(t.view(0)), repr(t.view(2))))
        options.add(len(t.legal_actions()))
    assert len(seen) == 1 and next(iter(seen))[0] == (1,)
    assert 1 in options and len(options) > 1  # only "pass" for some hands, a real choice for others


def test_a_builder_with_cards_in_hand_is_asked_even_with_nothing_to_build() -> None:
    """Seat 1 has a Craftsman client and cards in hand but no site or structure they fit:
    the game stops for its "pass" (the hand's names decide it); with an empty hand, the
    pass is public and taken without asking."""
    t = Table(2, leader=0)
    t.hand(0, "dock", "road").hand(1, "temple")
    t.clients(1, "craftsman")
    s = t.state()
    s.in_town[5] = 0  # no Marble site left in town, none out of town (2 players: 4)
    s.out_town[5] = 0
    s.sites_removed[5] = 6
    act(s, "0:lead craftsman dock", "1:think_jack", "0:lay road rubble in")
    assert s.to_move() == (1,) and legal(s) == {"1:pass"}
    act(s, "1:pass")
    assert s.phase == 0 and s.leader == 1
    empty = Table(2, leader=0)
    empty.hand(0, "dock", "road")
    empty.clients(1, "craftsman")
    e = empty.state()
    act(e, "0:lead craftsman dock", "1:think_jack", "0:lay road rubble in")
    assert e.phase == 0 and e.leader == 1  # seat 1 had no card: nothing to ask


def test_a_public_forced_pass_is_still_taken_without_asking() -> None:
    """Laborer with an empty pool: seat 1's client action can do nothing, as everybody
    sees; the game does not stop for it."""
    t = Table(2, leader=0)
    t.hand(0, "road", "insula").hand(1, "temple")
    t.clients(1, "laborer")
    t.pool("rubble")
    s = t.state()
    act(s, "0:lead laborer road", "1:think_jack", "0:gather rubble")
    assert s.phase == 0 and s.leader == 1


def test_every_demanded_seat_is_asked_how_it_answers() -> None:
    """PL "Przeciwnik nie posiadajacy pasujacych kart odpowiada Na chwale Rzymu! zamiast
    oddawac karty" (an opponent without a matching card answers "Glory to Rome!"): with no
    Brick, one Brick name or two, seat 1 is asked; the answers are ``glory``, the one
    ``give`` or a choice, and seat 0 sees the same question each time."""
    seen = set()
    for hand, answers in (
        (("temple", "villa"), {"1:glory"}),
        (("academy", "temple"), {"1:give academy"}),
        (("academy", "academy"), {"1:give academy"}),
        (("academy", "atrium"), {"1:give academy", "1:give atrium"}),
    ):
        t = Table(2, leader=0)
        t.hand(0, "bath", "bath").hand(1, *hand)
        s = t.state()
        act(s, "0:lead legionary bath", "1:think_jack", "0:demand brick")
        assert s.to_move() == (1,) and legal(s) == answers, hand
        view = s.view(0)
        seen.add(repr({k: v for k, v in view.items() if k != "players"}))
        act(s, sorted(answers)[0])
        assert s.leader == 1 and not gives(s)
        given = [c for c in s.stock[0]]
        assert materials(given) == (["brick"] if answers != {"1:glory"} else [])
    assert len(seen) == 1


def test_glory_answer_keeps_the_hand_and_logs_the_cry() -> None:
    t = Table(2, leader=0)
    t.hand(0, "bath", "bath").hand(1, "temple")
    s = t.state()
    act(s, "0:lead legionary bath", "1:think_jack", "0:demand brick")
    events = s.apply(gtr.GAME(players=2).parse_action(s, "1:glory"))
    assert [e.kind for e in events][:1] == ["glory"] and names(s, s.hands[1]) == ["temple"]
    assert gtr.GAME(players=2).describe(s, events and s.acts.glory[1]) == (
        "Glory to Rome! (no card of the demanded material)")


def test_random_games_decisions_do_not_depend_on_a_third_seats_hand() -> None:
    """Over random 3- and 4-player games: at every step, a state that differs only in a
    third seat's hidden hand, given the same action, waits for the same seats and shows the
    observer the same view."""
    for players, seed in ((3, 1), (3, 2), (4, 3)):
        game = ludus.load("glory-to-rome", players)
        s = game.new_state(seed)
        rng = Rng(seed)
        steps = 0
        while not s.is_terminal() and steps < 500:
            mover = s.to_move()[0]
            action = rng.choice(s.legal_actions())
            if steps % 3 == 0:
                q = (mover + 1) % players
                observer = (mover + 2) % players
                t = _swap_hand(s, q, steps)
                t.apply(action)
                s2 = s.clone()
                s2.apply(action)
                assert t.to_move() == s2.to_move(), (players, seed, steps, str(action))
                assert t.view(observer) == s2.view(observer), (players, seed, steps, str(action))
            s.apply(action)
            steps += 1
