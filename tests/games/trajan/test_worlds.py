"""Issue 33: ``determinize`` never invents a world (``[determinize-composition]``).

Ruling 26: the cards of a draw pile rebuilt from the face-up discard piles are public. Until
issue 33 the table forgot them as soon as a hand showed a card it could not place (from the
pile, or from the hand's older cards?), and a determinization then dealt the draw pile from
every hidden card: a world with a card in the pile that the pile never held. A search bot
must never plan on such a world.
"""

from __future__ import annotations

import pytest

from games.trajan.tj_helpers import action_step, in_play, rebuilt_by_seat_0
from ludus.core.rng import Rng, Shuffler
from ludus.games.trajan.components import COMMODITIES, N_COMMODITIES, SEAPORT
from ludus.games.trajan.game import TrajanState
from ludus.testing.hidden import (
    check_determinize_composition,
    check_determinize_identity,
    check_observable_decisions,
)
from ludus.testing.scenario import edit, play


class ForgetfulState(TrajanState):
    """A Trajan state whose determinization deals as the table did once it had forgotten a
    rebuilt pile (ruling 26 before issue 33): the draw pile and the other hands' hidden cards
    as one pool."""

    __slots__ = ()

    def determinize(self, player: int | None, seed: int) -> TrajanState:
        world = super().determinize(player, seed)
        others = [q for q in range(self.cfg.players) if q != player]
        pool = list(self.draw)
        for q in others:
            pool += [c for c in range(N_COMMODITIES) for _ in range(self.hand[q][c] - self.known[q][c])]
        pool.sort()
        Shuffler(seed).shuffle(pool)
        for q in others:
            size = sum(self.hand[q]) - sum(self.known[q])
            hand = self.known[q][:]
            for c in pool[:size]:
                hand[c] += 1
            del pool[:size]
            world.hand[q] = hand
        world.draw = pool
        return world


def _forgetful(state: TrajanState) -> TrajanState:
    out = ForgetfulState.__new__(ForgetfulState)
    state.copy_fields(out)
    return out


def _ambiguous() -> TrajanState:
    """Seat 0 shows a card that came from a rebuilt pile or from its older cards; the pile held
    no card of one commodity that seat 0 held before (seat 1 cannot tell which it showed)."""
    state = in_play(2, 0)
    with edit(state):
        absent = next(c for c in range(N_COMMODITIES) if state.hand[0][c] > state.known[0][c])
        pile = [c for c in state.draw if c != absent]
        state.display[1] = [k + state.draw.count(c) * (c == absent) for c, k in enumerate(state.display[1])]
        state.discards[0][:0] = pile[:25]
        state.discards[1][:0] = pile[25:]
        state.draw = []
        action_step(state, 0, SEAPORT)
        state.target = SEAPORT
    play(state, "0:draw_two")
    card = next(c for c in range(N_COMMODITIES)
                if state.hand[0][c] > state.known[0][c] and state.draw.count(c))
    play(state, "0:pile left", f"0:discard {COMMODITIES[card]}")
    return state


def test_a_forgetful_determinization_fails_the_check() -> None:
    """The old deal puts into the rebuilt draw pile cards it never held: the check names it."""
    for state in (rebuilt_by_seat_0()[0], _ambiguous()):
        check_determinize_composition(state.game, state, Rng(1), seeds=8)
        with pytest.raises(AssertionError, match=r"^\[determinize-composition\]"):
            check_determinize_composition(state.game, _forgetful(state), Rng(1), seeds=8)


def test_the_forgetful_deal_names_the_rebuilt_pile() -> None:
    state = _forgetful(_ambiguous())
    found = []
    for seed in range(8):
        world = state.determinize(1, seed)
        zones = state.game.known_compositions(world, 1)
        real = state.game.known_compositions(state, 1)
        if sorted(zones["rebuilt pile 1"]) != sorted(real["rebuilt pile 1"]):
            found.append(seed)
    assert found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_worlds_keep_what_every_seat_knows_through_games_with_rebuilt_piles(players: int) -> None:
    """Random games whose draw pile is rebuilt again and again (the discards' cards turned face
    up while it is long): every determinization of every seat is a possible world."""
    state = in_play(players, players)
    rng = Rng(players)
    step = 0
    while not state.is_terminal() and step < 400:
        step += 1
        if len(state.draw) > 4 and step % 7 == 0:
            with edit(state):
                state.discards[step % 2][:0] = state.draw[:-2]
                del state.draw[:-2]
        if step % 9 == 0:
            check_determinize_composition(state.game, state, rng, step, seeds=2)
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    assert state.pile_rebuilt >= 2
    assert any(e >= 0 for log in state.pile_log for e in log)


def test_worlds_after_rebuilds_keep_no_identity_and_flow_alike() -> None:
    """The record of the rebuilt piles is seen the same way the rest is: a determinization keeps
    no card a seat could not know (``[determinize-identity]``: the other hands' draws vary), and
    the state and a determinization flow alike for every seat (``[observable-decisions]``)."""
    checked = 0
    for players in (2, 3):
        state = in_play(players, players + 10)
        rng = Rng(players)
        step = 0
        while not state.is_terminal() and step < 240:
            step += 1
            if len(state.draw) > 4 and step % 7 == 0:
                with edit(state):
                    state.discards[step % 2][:0] = state.draw[:-2]
                    del state.draw[:-2]
            if step % 20 == 0 and state.pile_rebuilt:
                check_determinize_identity(state.game, state, rng, step)
                check_observable_decisions(state.game, state, rng, step)
                checked += 1
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
    assert checked >= 8
