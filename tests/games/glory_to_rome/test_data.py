"""Component data: the counts the rulebook and reference give."""

from __future__ import annotations

from collections import Counter

from ludus.games.glory_to_rome.components import (
    BUILDINGS,
    CARD_MATERIAL,
    DATA,
    N_CARDS,
    N_JACKS,
    SITES_PER_MATERIAL,
    VALUE,
)


def test_144_orders_24_per_material_36_sites() -> None:
    assert N_CARDS == 144
    assert Counter(CARD_MATERIAL) == {m: 24 for m in range(6)}
    assert SITES_PER_MATERIAL * 6 == 36 == DATA["sites"]["total"]
    assert N_JACKS == 6


def test_40_buildings_with_names_in_english_and_polish() -> None:
    assert len(BUILDINGS) == 40
    assert Counter(b.material for b in BUILDINGS) == {0: 4, 1: 4, 2: 8, 3: 8, 4: 8, 5: 8}
    assert all(b.en and b.pl for b in BUILDINGS)
    assert sorted(b.pl_rank for b in BUILDINGS) == list(range(1, 41))
    assert {BUILDINGS[i].pl for i in range(40)
            if BUILDINGS[i].slug in ("tower", "prison")} == {"Wieża", "Więzienie"}


def test_copies_six_for_value_one_three_otherwise() -> None:
    for b in BUILDINGS:
        assert b.copies == (6 if VALUE[b.material] == 1 else 3), b.slug
    assert VALUE == (1, 1, 2, 2, 3, 3)


def test_every_table_names_its_source_and_confidence() -> None:
    for name, table in DATA.items():
        assert "source" in table and "confidence" in table, name
    assert DATA["merchant_bonus"]["count"] == 6 and DATA["merchant_bonus"]["points"] == 3
    assert DATA["classic_forum"]["copies"] == 3
