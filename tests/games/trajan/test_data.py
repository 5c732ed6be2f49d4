"""Component data: the counts the issue names, provenance, names in English and Hungarian."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import ludus.games.trajan as trajan_pkg
from ludus.games.trajan import components as c

DATA = Path(trajan_pkg.__file__).parent / "data"


def test_54_trajan_tiles_9_per_category_each_colour_18_times() -> None:
    assert len(c.TRAJAN_TILES) == 54
    assert Counter(t.category for t in c.TRAJAN_TILES) == {cat: 9 for cat in range(6)}
    colours = Counter(col for t in c.TRAJAN_TILES for col in t.colours)
    assert colours == {col: 18 for col in range(6)}
    pairs = {tuple(sorted(t.colours)) for t in c.TRAJAN_TILES}
    assert len(pairs) == 21  # every unordered pair of the six colours occurs


def test_trajan_tile_values_by_category() -> None:
    vp = {t.id: t.vp for t in c.TRAJAN_TILES}
    assert {vp[f"T{i:02d}"] for i in range(1, 10)} == {3}
    assert [vp[f"T{i}"] for i in range(10, 19)] == [5, 5, 5, 5, 5, 2, 2, 2, 2]
    assert {vp[f"T{i}"] for i in range(37, 46)} == {9}
    demand = Counter(t.demand for t in c.TRAJAN_TILES if t.category == c.CAT_DEMAND)
    assert demand == {c.BREAD: 3, c.GAMES: 3, c.RELIGION: 3}


def test_70_forum_tiles_and_12_extra_action_tiles() -> None:
    assert c.N_FORUM_TILES == 70
    kinds = Counter(c.FORUM_KINDS[k].key for k in c.FORUM_TILE_KIND)
    assert kinds["bread"] == kinds["games"] == kinds["religion"] == 14
    assert sum(kinds[f"senate{v}"] for v in (2, 3, 4, 5)) == 12
    assert c.N_EXTRA_TILES == 12
    assert Counter(c.EXTRA_TILE_ACTION) == {a: 2 for a in range(6)}


def test_20_construction_tiles_5_types_of_2_to_5_vp() -> None:
    assert len(c.CONSTRUCTION_TILES) == 20
    by_type = Counter(t.action for t in c.CONSTRUCTION_TILES)
    assert set(by_type.values()) == {4}
    assert c.CONSTRUCTION not in by_type  # no type grants the construction action
    assert sorted(t.vp for t in c.CONSTRUCTION_TILES) == sorted([2, 3, 4, 5] * 5)


def test_12_bonus_tiles_and_60_commodity_cards() -> None:
    assert len(c.BONUS_TILES) == 12
    paired = [x for b in c.BONUS_TILES for x in b.commodities]
    assert sorted(paired) == list(range(12))  # each commodity on exactly one bonus tile
    assert c.N_CARDS == 60 and c.N_COMMODITIES == 12


def test_10_provinces_and_their_adjacency() -> None:
    assert len(c.PROVINCES) == 10
    assert sum(p.vp for p in c.PROVINCES) == 65
    assert len(c.ADJACENCY_EDGES) == 20
    idx = c.PROVINCE_INDEX
    assert set(c.CAMP_ADJ) == {idx["alpes"], idx["raetia"], idx["noricum"]}
    assert set(c.PROVINCE_ADJ[idx["britannia"]]) == {
        idx["lugudunensis"], idx["belgica"], idx["germania_inferior"]
    }
    assert idx["noricum"] not in c.PROVINCE_ADJ[idx["germania_superior"]]
    for a, neighbours in enumerate(c.PROVINCE_ADJ):
        for b in neighbours:
            assert a in c.PROVINCE_ADJ[b]


def test_senate_track_ships_and_time_track() -> None:
    assert c.SENATE_VP == (0, 2, 3, 4, 5, 6, 7, 8)
    assert [s.coloured for s in c.SHIPS] == [(2, 6, 12, 20), (5, 10, 15), (2, 4, 6, 8)]
    assert [s.grey for s in c.SHIPS] == [(0, 1, 7, 15), (1, 6, 11), (0, 1, 3, 5)]
    assert c.LAP_DEFAULTS == {2: 11, 3: 16, 4: 21}
    assert c.DEMAND_PENALTY == (0, 4, 9, 15)


def test_every_table_names_source_and_confidence_and_hungarian_names() -> None:
    board = tomllib.loads((DATA / "board.toml").read_text())
    tiles = tomllib.loads((DATA / "tiles.toml").read_text())
    trajan = tomllib.loads((DATA / "trajan_tiles.toml").read_text())
    for table in ("actions", "colours", "time_track", "senate", "forum", "construction_grid",
                  "demands", "adjacency", "tokens"):
        assert "source" in board[table] and "confidence" in board[table], table
    for table in ("forum_tiles", "extra_action_tiles", "construction_tiles", "commodities", "bonus_tiles"):
        assert "source" in tiles[table] and "confidence" in tiles[table], table
    assert "source" in trajan and "confidence" in trajan["source"]
    for kind in c.FORUM_KINDS:
        assert kind.en and kind.hu
    for b in c.BONUS_TILES:
        assert b.en and b.hu
    assert all(p.hu for p in c.PROVINCES)
    assert len(c.COMMODITY_NAMES_HU) == 12 and len(c.COLOUR_NAMES_HU) == 6


def test_doctests_of_the_package() -> None:
    import doctest

    from ludus.games.trajan import notation, render, scoring

    for module in (trajan_pkg, notation, render, scoring):
        if str(module.__file__).endswith(".so"):
            continue  # compiled (the mypyc build, docs/benchmarks.md): its doctests run on the sources
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__


def test_tokens_markers_and_plus2_markers() -> None:
    assert c.TOKENS_PER_PLAYER == 15  # 60 small tokens, 15 per player
    assert c.MARKERS_PER_COLOUR * c.N_COLOURS == 12  # 48 action markers, 12 per player
    assert c.PLUS2_PER_PLAYER * 4 == 24  # 24 [+2] markers
    assert len(c.DEMAND_TILE_KIND) == 15 and c.DEMANDS_REMOVED_AT_SETUP == 3
    assert c.QUARTERS == 4 and c.ROUNDS_PER_QUARTER == 4
    assert c.FORUM_TILES_BY_PLAYERS == {2: 6, 3: 9, 4: 12} and c.FORUM_EXTRA_SPACES == 3
    assert c.GRID_SPACES == 20 and len(c.GRID_NEIGHBOURS[0]) == 2 and len(c.GRID_NEIGHBOURS[6]) == 4
