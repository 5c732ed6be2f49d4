"""Component data: the counts the rulebook and the reference give."""

from __future__ import annotations

from collections import Counter

from ludus.games.fall_of_rome import components as c


def test_map_counts() -> None:
    assert c.NC == 31
    assert len(c.CONNECTIONS) == 53 and len(set(map(frozenset, c.CONNECTIONS))) == 53
    assert sum(c.PORT) == 21
    assert [c.CITIES[x].name for x in c.NEIGHBOURS[c.ROMA]] == ["Aquileia", "Ravenna", "Genua", "Brundisium",
                                                                  "Carthago"]


def test_tribes_and_cubes() -> None:
    assert [t.cubes for t in c.TRIBES] == [20, 22, 20, 24, 14]
    assert [t.alliance_cost for t in c.TRIBES] == [4, 5, 4, 5, 3]
    assert [t.name for t in c.TRIBES] == ["Anglo-Saxons & Franks", "Vandals", "Huns", "Visigoths",
                                          "Ostrogoths"]
    assert c.TRIBES[0].name_pl == "Anglosasi oraz Frankowie"


def test_barbarian_and_city_cards() -> None:
    assert len(c.NODES) == 49 and c.N_CITY_CARDS == 49  # 49 barbarian cards, 49 city cards
    assert Counter(n.tribe for n in c.NODES) == Counter({0: 9, 1: 12, 2: 9, 3: 13, 4: 6})
    assert Counter(n.frame for n in c.NODES) == Counter({"plain": 35, "gold": 9, "red": 5})
    assert all(n.city == c.ROMA for n in c.NODES if n.frame == "red")
    assert all(n.parent == -1 for n in c.NODES if n.frame == "gold")


def test_migration_paths_follow_connections_and_colours() -> None:
    for n in c.NODES:
        assert n.tribe in c.CITIES[n.city].colours
        assert n.parent == -1 or n.parent in c.NEIGHBOURS[n.city]
    for city in c.CITIES:
        assert sorted(city.colours) == sorted(c.NODES[x].tribe for x in c.CARDS_OF_CITY[city.index])


def test_player_deck_events_roles_and_tracks() -> None:
    assert len(c.EVENTS) == 14 and all(e.has_destabilizing for e in c.EVENTS)
    assert [e.id for e in c.EVENTS if not e.solo] == ["Do_Ut_Des"]
    assert c.N_REVOLTS == 7 and c.N_CITY_CARDS + len(c.EVENTS) + c.N_REVOLTS == 70
    assert len(c.ROLES) == 7 and [r.id for r in c.ROLES if not r.solo] == ["Mercator"]
    assert c.INVASION_RATE == (2, 2, 3, 3, 4, 4, 4, 5)
    assert c.RECRUITMENT_RATE == (3, 3, 2, 2, 2, 1, 1, 1)
    assert c.DECLINE_LOSS == 8 and c.LEGIONS == 16 and c.FORTS == 6
    assert Counter(c.DIE_FACES) == Counter({"barbarian": 2, "legion": 1, "barbarian_legion": 1,
                                            "two_barbarians_legion": 1, "special": 1})


def test_card_tokens_round_trip() -> None:
    assert len(set(c.CARD_TOKENS)) == len(c.CARD_TOKENS)
    for i, token in enumerate(c.CARD_TOKENS):
        assert c.TOKEN_CARD[token] == i and " " not in token


def test_names_for_localisation() -> None:
    assert all(city.name and city.name_pl for city in c.CITIES)
    assert c.CITIES[c.ROMA].name_pl == "Rzym (Roma)"
    assert [t.name_pl for t in c.TRIBES] == ["Anglosasi oraz Frankowie", "Wandalowie", "Hunowie", "Wizygoci",
                                             "Ostrogoci"]
    assert all(e.name and e.name_pl for e in c.EVENTS) and c.EVENTS[9].name == "Mors Tua, Vita Mea"
    assert all(r.name_pl for r in c.ROLES)
