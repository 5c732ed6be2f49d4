"""End-game positions from the rulebook's endings (PL "Koniec gry"): the ``expert`` level plays what a
strong player would (issue 33). Completing a Catacomb ends the game at once; so does laying a
foundation on the last in-town site. Ahead, a strong player ends the game; behind, never."""

from __future__ import annotations

import pytest

from ludus.agents import make_agent
from ludus.games.glory_to_rome.game import GtrState

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


def _expert(s: GtrState) -> str:
    return str(make_agent("expert", 1).act(s, 0))


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
