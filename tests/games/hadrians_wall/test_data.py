"""The reference's consistency facts about the component data."""

from __future__ import annotations

from collections import Counter

from ludus.games.hadrians_wall import components as c
from ludus.games.hadrians_wall.config import placements


def _count(tables: tuple[tuple[str, ...], ...], token: str) -> int:
    return sum(row.count(token) for row in tables)


def test_18_cohort_boxes_and_18_cohort_icons() -> None:
    assert 3 * c.COHORT_BOXES == 18
    icons = {
        "wall_guard": _count(c.GUARD_REWARDS, "cohort"),
        "cippi": _count(c.CIPPI_REWARDS, "cohort"),
        "wall": _count(c.WALL_REWARDS, "cohort"),
        "fort": _count(c.FORT_REWARDS, "cohort"),
    }
    assert icons == {"wall_guard": 7, "cippi": 3, "wall": 6, "fort": 2}
    assert sum(icons.values()) == 18


def test_8_hammers_for_8_production_circles() -> None:
    mining = _count(c.MINING_REWARDS, "hammer")
    precincts = sum(c.BUILDINGS[k].rewards.count("hammer") for k in c.BUILDINGS)
    assert (mining, precincts) == (5, 3)
    assert mining + precincts == c.PRODUCTION_CIRCLES - 1


def test_48_fate_cards_16_attacks_per_cohort() -> None:
    assert len(c.FATE_CARDS) == 48
    assert Counter(card.attack for card in c.FATE_CARDS) == {0: 16, 1: 16, 2: 16}
    assert Counter(card.damage for card in c.FATE_CARDS) == {1: 16, 2: 20, 3: 12}
    assert Counter(card.good for card in c.FATE_CARDS) == {1: 12, 2: 12, 3: 8, 4: 8, 5: 4, 6: 4}
    assert all(sum(card.income) == 8 for card in c.FATE_CARDS)
    # 12 types of 4 copies: copies share attack, damage and income, and carry 4 different goods.
    for t in range(12):
        copies = [c.FATE_CARDS[t + 12 * k] for k in range(4)]
        assert len({(x.attack, x.damage, x.income) for x in copies}) == 1
        assert len({x.good for x in copies}) == 4
    assert sum(1 for card in c.FATE_CARDS if card.income[c.SOLDIER] == 2) == 28


def test_player_cards() -> None:
    assert len(c.PLAYER_CARDS) == 12
    assert Counter(p.good for p in c.PLAYER_CARDS) == {1: 3, 2: 4, 3: 1, 4: 2, 5: 1, 6: 1}
    assert Counter(p.pattern for p in c.PLAYER_CARDS) == {"I": 2, "O": 2, "T": 3, "L": 2, "S": 3}
    for card in c.PLAYER_CARDS:
        assert set(card.names) == {"en", "pl", "uk"}


def test_sheet_columns_and_infrastructure() -> None:
    assert [len(t)
            for t in (c.MINING_COLUMN, c.GUARD_COLUMN, c.CIPPI_COLUMN, c.WALL_COLUMN, c.FORT_COLUMN)] == [
        14, 18, 7, 21, 21,
    ]
    assert c.INFRASTRUCTURE_AT[-1] == 8
    assert c.INFRASTRUCTURE_AT[6] == 3
    # Every Cippi box is chained to a Fort box of the same granary column.
    for k, fort_box in enumerate(c.CIPPI_CHAIN):
        assert c.CIPPI_COLUMN[k] == c.FORT_COLUMN[fort_box - 1]


def test_attack_table_and_disdain() -> None:
    assert sum(c.ATTACK_POTENTIAL) == 15 == c.DISDAIN_BOXES
    assert {d: sum(v) for d, v in c.ATTACK_CARDS.items()} == {"easy": 24, "normal": 31, "hard": 37}
    assert c.DISDAIN_PENALTY[4] == 7
    assert sum(c.MARKET_UNIQUE_BONUS) == 10


def test_scouting_map_and_patterns() -> None:
    assert c.MAP_ROWS * c.MAP_COLUMNS == 20 == 4 * len(c.SCOUT_PATRICIANS)
    assert [len(placements(p)) for p in "IOTLS"] == [13, 12, 34, 68, 34]


def test_names_for_localisation() -> None:
    for b in c.BUILDINGS.values():
        assert set(b.names) == {"en", "pl", "uk"}
    for names in (c.AREA_NAMES, c.ITEM_NAMES, c.ATTRIBUTE_NAMES, c.CITIZEN_NAMES):
        for entry in names.values():
            assert set(entry) == {"en", "pl", "uk"}
    assert len(c.FORTS) == 16


def test_every_table_names_its_source_and_confidence() -> None:
    import tomllib
    from pathlib import Path

    data = Path(c.__file__).parent / "data"
    for path in data.glob("*.toml"):
        tables = tomllib.loads(path.read_text(encoding="utf-8"))
        assert tables["meta"]["source"] and tables["meta"]["confidence"], path.name
    sheets = tomllib.loads((data / "sheets.toml").read_text(encoding="utf-8"))
    for name, table in sheets.items():
        if name == "buildings":
            assert all(b["source"] and b["confidence"] for b in table.values())
        elif name != "meta":
            assert table["source"] and table["confidence"], name
