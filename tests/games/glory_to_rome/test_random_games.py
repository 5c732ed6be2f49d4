"""Random games: they finish, conserve every card, and survive clone/json/determinize."""

from __future__ import annotations

import pytest

import ludus.games.glory_to_rome as gtr
from ludus.core.actions import Action
from ludus.core.errors import IllegalActionError
from ludus.core.rng import Rng
from ludus.games.glory_to_rome.game import GtrState

OPTIONS = [{}, {"rules": "classic"}, {"simplified": True}]


def _sites(s: GtrState) -> int:
    total = sum(s.in_town) + sum(s.out_town) + sum(s.sites_removed)
    for p in range(s.n):
        total += len(s.inf_sites[p]) + sum(1 for st in s.buildings[p] if not st.complete)
    return total


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("options", OPTIONS)
def test_conservation_every_card_in_exactly_one_place(players: int, options: dict[str, object]) -> None:
    game = gtr.GAME(players=players, **options)
    for seed in range(3):
        s = game.new_state(seed)
        rng = Rng(seed + 99)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
            assert sorted(s.card_places()) == list(range(144))
            assert s.jack_pile + sum(s.hand_jacks) + sum(s.camp_jacks) == 6
            assert _sites(s) == 36
        out = s.outcome()
        assert len(out.scores) == players and out.winners


def test_clone_json_and_determinize_agree_with_views() -> None:
    game = gtr.GAME(players=3)
    s = game.new_state(5)
    rng = Rng(3)
    changed = 0
    steps = 0
    while not s.is_terminal():
        c = s.clone()
        assert c.digest() == s.digest()
        t = game.state_from_json(s.to_json())
        assert t.digest() == s.digest()
        assert t.legal_actions() == s.legal_actions()
        if steps % 7 == 0:
            for p in (None, 0, 1, 2):
                d = s.determinize(p, steps)
                assert d.view(p) == s.view(p)
                assert d.legal_actions() or d.is_terminal()
                changed += d.digest() != s.digest()
        a = rng.choice(s.legal_actions())
        assert game.parse_action(s, str(a)) == a
        s.apply(a)
        steps += 1
    assert changed > 0


def test_illegal_action_raises_and_leaves_state_unchanged() -> None:
    game = gtr.GAME(players=2)
    s = game.new_state(1)
    before = s.digest()
    with pytest.raises(IllegalActionError):
        s.apply(Action(1 - s.leader, "think_draw"))
    with pytest.raises(IllegalActionError):
        s.apply(Action(s.leader, "lead", ("patron", "no_such_card")))
    assert s.digest() == before
