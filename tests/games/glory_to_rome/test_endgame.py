"""End-game positions from the rulebook's endings (PL "Koniec gry"): the ``expert`` level plays what a
strong player would (issue 33). The game stops at once ("Gra przerywana jest natychmiast") when the
deck runs out ("gdy skończą się karty rozkazów w talii (ilość kart w talii jest jawna)"), a
foundation takes the last in-town site, a Catacomb is completed, or a player with a Forum holds
every kind of client and of material ("gra natychmiast kończy się Twoim zwycięstwem"). Ahead, a
strong player ends the game; behind, never; and it never hands an opponent the ending it needs."""

from __future__ import annotations

import pytest

from ludus.agents import make_agent
from ludus.games.glory_to_rome.game import GtrState
from ludus.games.glory_to_rome.scoring import scores

from .gtr_table import Table, act, legal

BRICK = 2
"""The material index of brick (``MATERIAL_NAMES``): the last in-town site below is a brick one."""


def _score(t: Table, ahead: bool) -> None:
    """Seat 0 well ahead (three marbles in its vault), or well behind (seat 1 has a vault and a
    completed Villa)."""
    if ahead:
        t.vault(0, "marble", "marble", "marble")
    else:
        t.vault(1, "marble", "marble", "marble", "stone", "stone")
        t.building(1, "villa", "stone", "stone", "stone", complete=True)


def _catacomb(ahead: bool) -> GtrState:
    """Seat 0 leads Architect (seat 1 thinks) and may complete its Catacomb from its stockpile."""
    t = Table(players=2, leader=0)
    t.hand(0, "concrete", "rubble").hand(1, "brick", "wood", "rubble")
    t.building(0, "catacomb", "stone", "stone")
    t.stock(0, "stone")
    _score(t, ahead)
    s = t.state()
    act(s, next(a for a in legal(s) if "lead architect" in a), "1:think_draw")
    assert "0:build catacomb stone" in legal(s)
    return s


def _last_site(t: Table) -> None:
    t.s.in_town = [0] * 6
    t.s.in_town[BRICK] = 1


def _craftsman(ahead: bool, lead: bool) -> GtrState:
    """One in-town site left (brick); seat 0 holds a brick building and a Craftsman card."""
    t = Table(players=2, leader=0)
    t.hand(0, "wood", "brick", "rubble").hand(1, "stone", "marble", "rubble")
    _score(t, ahead)
    _last_site(t)
    s = t.state()
    if lead:
        act(s, next(a for a in legal(s) if "lead craftsman" in a), "1:think_draw")
    return s


def _expert(s: GtrState, seed: int = 1) -> str:
    return str(make_agent("expert", seed).act(s, 0))


def test_ahead_it_completes_the_catacomb_and_wins() -> None:
    s = _catacomb(ahead=True)
    s.apply(make_agent("expert", 1).act(s, 0))
    assert s.is_terminal() and s.outcome().termination == "catacomb" and s.outcome().winners == (0,)


def test_behind_it_leaves_the_catacomb_unfinished() -> None:
    s = _catacomb(ahead=False)
    assert _expert(s) != "0:build catacomb stone"


def test_ahead_it_lays_the_last_site_and_wins() -> None:
    s = _craftsman(ahead=True, lead=True)
    s.apply(make_agent("expert", 1).act(s, 0))
    assert s.is_terminal() and s.outcome().termination == "last_site" and s.outcome().winners == (0,)


def test_behind_it_does_not_lay_the_last_site() -> None:
    s = _craftsman(ahead=False, lead=True)
    assert _expert(s) == "0:pass"


def test_ahead_it_leads_craftsman_to_take_the_last_site() -> None:
    s = _craftsman(ahead=True, lead=False)
    assert _expert(s).startswith("0:lead craftsman")


@pytest.mark.parametrize("seed", [1, 2])
def test_behind_it_does_not_lead_the_role_whose_clients_let_the_leader_take_the_last_site(seed: int) -> None:
    # The game: behind, hard led Craftsman and the leader's two Craftsman clients took the
    # last site, which ended the game. Leading Craftsman (or Architect) hands them that action.
    t = Table(players=2, leader=0)
    t.hand(0, "wood", "rubble", "brick").hand(1, "brick", "brick", "rubble")
    t.clients(1, "wood", "wood")
    _score(t, ahead=False)
    _last_site(t)
    s = t.state()
    choice = str(make_agent("expert", seed).act(s, 0))
    assert not choice.startswith(("0:lead craftsman", "0:lead architect"))


def _forum(p: int) -> Table:
    """Seat ``p`` has a completed Forum, a client of every role and every material but marble in its
    stockpile: one marble from the pool (a Laborer action) wins the game."""
    t = Table(players=2, leader=0)
    t.building(p, "forum", "marble", "marble", "marble", complete=True)
    t.clients(p, "laborer", "craftsman", "legionary", "architect", "merchant", "patron")
    t.stock(p, "rubble", "wood", "brick", "concrete", "stone")
    return t


def test_behind_it_takes_the_marble_its_forum_needs_and_wins() -> None:
    t = _forum(0).pool("marble")
    t.hand(0, "road", "temple").hand(1, "brick", "wood")
    t.vault(1, "marble", "marble", "marble", "stone", "stone")
    s = t.state()
    assert scores(s) == [5, 23]  # far behind on points: the Forum is its only way to win
    expert = make_agent("expert", 1)
    choice = expert.act(s, 0)
    s.apply(choice)
    assert str(choice).startswith("0:lead laborer")
    act(s, "1:think_jack")  # (seat 1 holds no Laborer card to follow with)
    s.apply(expert.act(s, 0))
    assert s.is_terminal() and s.outcome().termination == "forum" and s.outcome().winners == (0,)


@pytest.mark.parametrize("seed", [1, 2])
def test_it_does_not_lead_the_laborer_that_hands_the_opponent_its_forum(seed: int) -> None:
    # Two marbles in the pool: taking one first does not stop the follower from taking the other.
    t = _forum(1).pool("marble", "marble")
    t.hand(0, "road", "wood", "brick", "stone").hand(1, "rubble", "wood")
    s = t.state()
    lead = next(a for a in legal(s) if a.startswith("0:lead laborer"))
    won = s.clone()
    act(won, lead, "1:follow latrine", "0:gather marble", "1:gather marble")
    assert won.is_terminal() and won.outcome().winners == (1,)  # what leading the Laborer gives away
    assert not _expert(s, seed).startswith("0:lead laborer")


def _last_card(ahead: bool) -> GtrState:
    """One card left in the deck: whoever draws it ends the game. Seat 1 has a marble in its
    stockpile and a Merchant card (stone): one sale (3 points and the marble bonus) and it leads."""
    t = Table(players=2, leader=0)
    t.stock(1, "marble")
    t.hand(0, "wood", "brick", "rubble").hand(1, "stone", "wood")
    t.building(1, "bar", complete=True)  # one more influence: the sale would put seat 1 ahead
    if ahead:
        t.vault(0, "stone")
    else:
        t.vault(1, "stone", "concrete")
    t.s.removed.extend(t.free[1:])
    t.free = t.free[:1]
    s = t.state()
    assert len(s.deck) == 1
    return s


def test_ahead_with_the_opponent_one_sale_from_the_lead_it_draws_the_last_card_and_wins() -> None:
    s = _last_card(ahead=True)
    assert scores(s)[0] > scores(s)[1] and scores(s)[1] + 6 > scores(s)[0]
    s.apply(make_agent("expert", 1).act(s, 0))
    assert s.is_terminal() and s.outcome().termination == "deck_exhausted" and s.outcome().winners == (0,)


def test_behind_it_does_not_draw_the_last_card() -> None:
    s = _last_card(ahead=False)
    assert scores(s)[0] < scores(s)[1]
    assert _expert(s) != "0:think_draw"
