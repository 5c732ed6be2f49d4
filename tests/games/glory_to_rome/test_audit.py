"""Rules-fidelity audit: each test names the rule it checks and cites the rulebook
(PL = shared/rules/glory_to_rome.pl.txt) or the reference's ruling it follows."""

from __future__ import annotations

import ludus.games.glory_to_rome as gtr
from games.glory_to_rome.gtr_table import Table, act
from ludus.games.glory_to_rome.rules import hand_limit, influence


def test_stairway_public_gate_activates_every_players_marble_foundations() -> None:
    # PL appendix, Schody: the function of the structure "becomes available to all
    # players"; Brama: "you may use the functions of your incomplete Marble structures".
    t = Table(2, leader=0)
    t.building(0, "stairway", "marble", "marble", "marble", complete=True)
    t.building(0, "temple")  # a Temple foundation without materials
    t.building(1, "gate", "brick", "brick", complete=True)
    t.stock(0, "brick")
    t.hand(0, "tower").hand(1, "wall")
    s = t.state()
    assert hand_limit(s, 0) == 5
    act(s, "0:lead architect tower", "1:follow wall", "0:stairway 1 gate brick")
    assert s.buildings[1][0].public
    assert hand_limit(s, 0) == 9  # the public Gate activates your Temple foundation
    assert influence(s, 0) == 5  # but gives no influence for it


def test_simplified_game_out_of_play_cards_are_unknown_to_everyone() -> None:
    # PL setup, "Uproszczona gra": half the draw deck is removed from play, unseen; so
    # determinize() must re-deal those cards with the deck, not keep them fixed.
    s = gtr.GAME(players=3, simplified=True).new_state(4)
    changed = 0
    for seed in range(5):
        for p in (None, 0, 1, 2):
            d = s.determinize(p, seed)
            assert d.view(p) == s.view(p)
            assert len(d.removed) == len(s.removed)
            assert sorted(d.card_places()) == list(range(144))
            changed += sorted(d.removed) != sorted(s.removed)
    assert changed == 20
