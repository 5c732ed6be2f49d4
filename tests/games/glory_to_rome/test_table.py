"""The table: score sheet, component texts and labels a person reads."""

from __future__ import annotations

import re

import pytest

import ludus.games.glory_to_rome as gtr
from games.glory_to_rome.gtr_table import Table, act, legal, names
from ludus.core.actions import Action
from ludus.core.errors import IllegalActionError
from ludus.core.record import GameRecord, replay
from ludus.core.rng import Rng


@pytest.mark.parametrize("options", [{}, {"simplified": True}])
def test_score_sheet_rows_add_up_to_each_seat_score(options: dict[str, object]) -> None:
    game = gtr.GAME(players=3, **options)
    for seed in range(4):
        s = game.new_state(seed)
        rng = Rng(seed + 7)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
        out = s.outcome()
        sheet = out.details["sheet"]
        cats = [row["category"] for row in sheet]
        assert cats[0] == "influence" and "merchant_bonus" in cats and "vault_marble" in cats
        for row in sheet:
            assert row["label"] and len(row["points"]) == 3
        for p in range(3):
            assert sum(row["points"][p] for row in sheet) == out.scores[p]
            assert out.details["breakdown"][p]["total"] == out.scores[p]


def test_every_building_role_material_and_the_jack_has_a_text() -> None:
    from ludus.games.glory_to_rome.components import BUILDINGS, MATERIAL_NAMES, ROLE_NAMES, TEXTS

    game = gtr.GAME(players=3)
    assert set(TEXTS["buildings"]) == {b.slug for b in BUILDINGS}
    for b in BUILDINGS:
        text = game.component_text(b.slug)
        assert text is not None and TEXTS["buildings"][b.slug] in text
        for name in (b.en, b.pl, b.en.upper(), b.slug.replace("_", " "), b.en.replace(" ", "_").lower()):
            assert game.component_text(name) == text
    for name in [*MATERIAL_NAMES, *ROLE_NAMES, "Jack", "senator", "Marmur", "Tragarz"]:
        assert game.component_text(name)
    assert game.component_text("circus  maximus") == game.component_text("Targ niewolnikow")
    assert game.component_text("no such card") is None


_SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
_A_VOWEL = re.compile(r"\b[aA] [AEIOUaeiou]")


@pytest.mark.parametrize("options", [{}, {"rules": "classic"}, {"simplified": True}, {"concession": True}])
def test_labels_and_log_lines_have_no_ids_and_right_articles(options: dict[str, object]) -> None:
    game = gtr.GAME(players=4, **options)
    seen = 0
    for seed in range(3):
        s = game.new_state(seed)
        rng = Rng(seed + 31)
        while not s.is_terminal():
            actions = s.legal_actions()
            lines = [game.describe(s, a) for a in actions]
            lines += [e.text for e in s.apply(rng.choice(actions))]
            for line in lines:
                assert not _SNAKE.search(line), line
                assert not _A_VOWEL.search(line), line
            seen += len(lines)
    assert seen > 100


def test_articles_and_plurals_in_words() -> None:
    from ludus.games.glory_to_rome.notation import with_article

    assert with_article("Atrium") == "an Atrium" and with_article("Insula") == "an Insula"
    assert with_article("Road") == "a Road"
    assert gtr.GAME(players=2).describe(gtr.GAME(players=2).new_state(0),
                                        Action(0, "lay", ("ludus_magnus", "marble", "in"))) == (
        "lay a Ludus Magnus foundation on a Marble site in town")


# ---------------------------------------------------------------------------
# Issue 11: petitions one card at a time (ruling 24), old records upgraded
# ---------------------------------------------------------------------------


def test_a_petition_is_asked_role_first_then_each_card_once() -> None:
    t = Table(2, leader=0)
    t.hand(0, "forum", "stairway", "temple", "road")
    s = t.state()
    lead = legal(s)
    assert {f"0:petition {r}" for r in ("patron", "laborer", "architect", "craftsman", "legionary",
                                         "merchant")} <= lead
    assert not any(a.startswith("0:petition") and a.count(" ") > 1 for a in lead)  # no role x card
    act(s, "0:petition laborer")
    assert legal(s) == {"0:petition forum", "0:petition stairway"}  # Temple has no later Marble card
    act(s, "0:petition stairway")
    assert legal(s) == {"0:petition temple"}  # {Forum, Stairway} only as Forum then Stairway
    act(s, "0:petition temple")
    assert s.role == 0 and s.units[0] == 1 and s.petition is None and s.current == 1


def test_two_copies_of_one_building_make_a_petition_once() -> None:
    t = Table(2, leader=1)
    t.hand(0, "road", "road", "bar", "tower").hand(1, "palisade")
    s = t.state()
    act(s, "1:lead craftsman palisade")
    assert "0:petition craftsman" in legal(s)
    act(s, "0:petition craftsman")
    assert legal(s) == {"0:petition bar", "0:petition road"}
    act(s, "0:petition road")
    assert legal(s) == {"0:petition road"}  # the second copy; Bar comes before Road
    act(s, "0:petition road")
    assert s.units[0] == 1 and s.petition is None and names(s, s.hands[0]) == ["bar", "tower"]
    # Classic: three cards; Road, Road, Bar only as Bar, Road, Road.
    t = Table(2, leader=1, rules="classic")
    t.hand(0, "road", "road", "bar", "tower").hand(1, "palisade")
    s = t.state()
    act(s, "1:lead craftsman palisade", "0:petition craftsman")
    assert legal(s) == {"0:petition bar"}
    act(s, "0:petition bar")
    assert legal(s) == {"0:petition road"}


def test_old_petition_notation_upgrades_and_replays_exactly() -> None:
    game = gtr.GAME(players=3)
    assert game.upgrade_notation("0:petition laborer storeroom", "0.1.0") == ["0:legacy_petition laborer storeroom"]
    assert game.upgrade_notation("0:petition laborer storeroom", "0.3.0") == ["0:legacy_petition laborer storeroom"]
    assert game.upgrade_notation("0:petition laborer", "0.4.0") == ["0:petition laborer"]
    assert game.upgrade_notation("0:lead laborer road", "0.1.0") == ["0:lead laborer road"]
    record = GameRecord.load("tests/fixtures/records/glory-to-rome_3p_random.json")
    assert "0:petition laborer storeroom" in record.actions and record.digests
    seen: list[str] = []
    replay(record, on_action=lambda i, a, ev: seen.append(str(a)))  # every digest verified
    assert "0:legacy_petition laborer storeroom" in seen


def test_the_old_form_is_never_offered_and_refused_where_the_old_engine_refused_it() -> None:
    t = Table(2, leader=0)
    t.hand(0, "road", "bar", "tower", "bridge")
    s = t.state()
    assert not any(a.verb == "legacy_petition" for a in s.legal_actions())
    for wrong in ("0:legacy_petition laborer tower x", "0:legacy_petition laborer temple",
                  "1:legacy_petition laborer road", "0:legacy_petition nobody road"):
        with pytest.raises(IllegalActionError):
            s.apply(s.game.parse_action(s, wrong))
    act(s, "0:legacy_petition laborer road")  # old first cards came in any order
    with pytest.raises(IllegalActionError):
        act(s, "0:legacy_petition laborer tower")  # another material
    with pytest.raises(IllegalActionError):
        act(s, "0:legacy_petition merchant bar")  # another role
    act(s, "0:legacy_petition laborer bar")
    assert s.role == 0 and s.units[0] == 1


def test_new_records_replay_with_their_digests() -> None:
    game = gtr.GAME(players=3, rules="classic")
    s = game.new_state(4)
    rng = Rng(9)
    actions, digests = [], []
    while not s.is_terminal():
        a = rng.choice(s.legal_actions())
        s.apply(a)
        actions.append(str(a))
        digests.append(s.digest())
    assert any(a.endswith(("petition laborer", "petition merchant", "petition patron", "petition architect",
                           "petition craftsman", "petition legionary")) for a in actions)
    record = GameRecord(game="glory-to-rome", players=3, seed=4, options=dict(game.options), actions=actions,
                        digests=digests, final_digest=s.digest())
    assert replay(record).digest() == s.digest()
