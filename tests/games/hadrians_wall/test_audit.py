"""Rules-fidelity audit: one test per deviation found (rulebook section cited in each)."""

from __future__ import annotations

from games.hadrians_wall.hw_helpers import (
    acting,
    do,
)
from ludus.games.hadrians_wall import components as c
from ludus.games.hadrians_wall.game import HadriansWallState
from ludus.games.hadrians_wall.rules.pict_attack import attack_size
from ludus.testing.scenario import edit


def _acting(players: int = 1, year: int = 1, **options: object) -> HadriansWallState:
    """The shared scenario start, with this file's seed."""
    return acting(players, year, seed=5, **options)


def test_an_attack_larger_than_the_fate_deck_reveals_every_card_once() -> None:
    # "KONIEC ROKU": the attack reveals cards from the one Fate deck. In the unofficial
    # "no resource passing" variant every neighbour purchase adds an attack card, so an
    # attack can ask for more than the 48 cards; it then reveals each card once (ruling)
    # instead of failing on an empty deck and an empty discard pile.
    st = _acting(players=4, year=6, difficulty="hard", resource_passing=False)
    with edit(st):
        st.extra_attack = 40
    assert attack_size(st) == 52
    for p in range(4):
        do(st, "end", p)
    assert st.is_terminal()
    assert sorted(st.fate_deck + st.fate_discard) == list(range(len(c.FATE_CARDS)))


def test_solo_ranks_as_printed() -> None:
    # "ZMIANY W ROZGRYWKACH DLA 1-2 GRACZY": 0-39 Legionista (Miles), 40-49 Centurion,
    # 50-59 Primus Pilus, 60-69 Praefectus castrorum, 70+ Legatus legionis. No test covered
    # this table before the audit.
    from ludus.games.hadrians_wall.scoring import solo_rank

    expected = {-5: "Miles", 0: "Miles", 39: "Miles", 40: "Centurion", 49: "Centurion",
                50: "Primus Pilus", 59: "Primus Pilus", 60: "Praefectus castrorum",
                69: "Praefectus castrorum", 70: "Legatus legionis", 95: "Legatus legionis"}
    assert {vp: solo_rank(vp) for vp in expected} == expected
    assert c.SOLO_RANKS[0][1]["pl"] == "Legionista"
