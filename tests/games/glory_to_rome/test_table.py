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
from ludus.games.glory_to_rome.components import ACT, THINKER
from ludus.games.glory_to_rome.decisions import Frame, petition_of
from ludus.games.glory_to_rome.game import GtrState
from ludus.testing.paths import duplicate_paths


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
        entry = TEXTS["buildings"][b.slug]
        assert text is not None and text.endswith(entry["en"])
        polish = game.component_text(b.slug, "pl")  # the Polish rulebook's own wording of the function
        assert polish is not None and polish.endswith(entry["pl"]) and entry["pl"][-1] in ".!”"
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
    assert s.role == 0 and s.units[0] == 1 and petition_of(s) is None and s.current == 1


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
    assert s.units[0] == 1 and petition_of(s) is None and names(s, s.hands[0]) == ["bar", "tower"]
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
    assert game.upgrade_notation("0:petition laborer storeroom",
                                 "0.1.0") == ["0:legacy_petition laborer storeroom"]
    assert game.upgrade_notation("0:petition laborer storeroom",
                                 "0.3.0") == ["0:legacy_petition laborer storeroom"]
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


# ---------------------------------------------------------------------------
# Issue 11: no two chains of answers reach one state; menu sizes; forced answers
# ---------------------------------------------------------------------------

_VARIANTS = [({}, 2), ({}, 3), ({"rules": "classic"}, 4), ({"simplified": True}, 5),
             ({"concession": True}, 3)]
_THINKS = {"think_jack", "think_draw", "pass"}


def _verb(text: str) -> str:
    return text.split(":", 1)[1].split()[0]


def _divergence(state: GtrState, first: tuple[str, ...], second: tuple[str, ...]) -> tuple[GtrState, int]:
    """The state where the two chains part, and how many actions they share."""
    common = 0
    while common < min(len(first), len(second)) and first[common] == second[common]:
        common += 1
    s = state.clone()
    for text in first[:common]:
        s.apply(s.game.parse_action(s, text))
    return s, common


def _school_thinks_in_another_order(state: GtrState, first: tuple[str, ...], second: tuple[str, ...]) -> bool:
    """Ruling 25: a School's thinks are separate thinks, taken in the order the player likes.

    True when the two chains agree up to a School's Thinker frame and differ only in the
    thinks (and the final pass) taken in it.
    """
    s, common = _divergence(state, first, second)
    top = s.pending[-1] if s.pending else None
    on_school = s.phase == ACT and type(top) is Frame and top.role == THINKER
    return on_school and {_verb(a) for a in first[common:] + second[common:]} <= _THINKS


def _batch_actions_in_another_order(state: GtrState, first: tuple[str, ...], second: tuple[str, ...]) -> bool:
    """Ruling 27: the actions of one batch are separate actions, in the order the player likes
    (a Bar's deck client with any Patron action, an Amphitheatre's Craftsman actions).

    True when the chains part inside a batch of the seat with actions still to start, and
    take the same actions from there (ending an action early, ``next``, or forgoing the rest,
    ``pass``, aside).
    """
    s, common = _divergence(state, first, second)
    top = s.pending[-1] if s.pending else None
    if s.phase != ACT or type(top) is not Frame or top.left < 1 or top.role == THINKER:
        return False
    def taken(chain: tuple[str, ...]) -> list[str]:
        return sorted(a for a in chain[common:] if _verb(a) not in ("next", "pass"))
    return taken(first) == taken(second)


def _allowed(state: GtrState, first: tuple[str, ...], second: tuple[str, ...]) -> bool:
    return (_school_thinks_in_another_order(state, first, second)
            or _batch_actions_in_another_order(state, first, second))


@pytest.mark.parametrize(("options", "players"), _VARIANTS)
def test_no_two_chains_of_answers_reach_the_same_state(options: dict[str, object], players: int) -> None:
    game = gtr.GAME(players=players, **options)
    checked = allowed = 0
    for seed in range(3):
        s = game.new_state(seed)
        rng = Rng(seed + 100)
        step = 0
        while not s.is_terminal():
            if step % 3 == 0:
                seat = s.to_move()[0]
                for found in duplicate_paths(s, seat):
                    assert _allowed(s, found.first, found.second), str(found)
                    allowed += 1
                checked += 1
            s.apply(rng.choice(s.legal_actions()))
            step += 1
    assert checked > 100


def test_a_school_s_thinks_may_come_in_any_order() -> None:
    # A School completed: 4 influence, 4 thinks (PL, Szkoła), with a full hand: a Jack then
    # a card or a card then a Jack end the same (ruling 25).
    t = Table(2, leader=0)
    t.building(0, "school", "brick")
    t.hand(0, "academy", "road", "bar", "insula", "latrine", "palisade").hand(1, "tower")
    t.deck_top("villa", "garden", "temple", "bridge", "wall", "tower")
    s = t.state()
    act(s, "0:lead craftsman palisade", "1:think_draw")
    found = duplicate_paths(s, 0)
    assert found and all(_school_thinks_in_another_order(s, d.first, d.second) for d in found)
    assert all(d.first[0] == d.second[0] == "0:build school academy" for d in found)
    assert not any(_batch_actions_in_another_order(s, d.first, d.second) for d in found)
    assert not _school_thinks_in_another_order(s, ("0:pass",), found[0].second)  # parts before the School


def test_a_demand_of_one_material_is_asked_one_way() -> None:
    # Ruling 26: pool-taking demands of a material first; "nopool" only while a card is left.
    t = Table(2, leader=0)
    t.hand(0, "foundry", "academy", "atrium").hand(1, "tower")
    t.pool("bath").clients(0, "legionary")
    s = t.state()
    act(s, "0:lead legionary foundry", "1:think_draw")
    assert {"0:demand brick", "0:demand brick nopool"} <= legal(s)
    act(s, "0:demand brick nopool")
    assert "0:demand brick" not in legal(s) and "0:demand brick nopool" in legal(s)
    t = Table(2, leader=0)
    t.hand(0, "foundry", "academy", "atrium").hand(1, "tower")
    t.pool("bath").clients(0, "legionary")
    s = t.state()
    act(s, "0:lead legionary foundry", "1:think_draw", "0:demand brick")
    assert "0:demand brick" in legal(s) and "0:demand brick nopool" not in legal(s)  # the Bath is taken
    assert duplicate_paths(s, 0) == []


@pytest.mark.parametrize("more", [False, True])
def test_a_lone_bath_action_lays_out_of_town_only_if_an_action_may_follow(more: bool) -> None:
    # Ruling 28: with nothing after it the foundation would come back at once (ruling 10).
    t = Table(2, leader=0)
    t.building(0, "bath", "brick", "brick", complete=True)
    t.hand(0, "temple", "road").hand(1, "tower").pool("palisade", "dock")
    if more:
        t.clients(0, "patron")
    s = t.state()
    act(s, "0:lead patron temple", "1:think_draw", "0:hire craftsman")
    lays = {a for a in legal(s) if a.startswith("0:lay road")}
    assert "0:lay road rubble in" in lays
    assert ("0:lay road rubble out" in lays) == more


def test_menus_stay_small_over_random_games() -> None:
    # Issue 11: no menu is a product of two choices. Measured (2 seeds x 2-5 players x new,
    # classic, simplified, concession; 9,686 decisions): median 4, p90 11, max 25 (before the
    # petition split: median 4, p90 11, max 44).
    sizes = []
    for options in ({}, {"rules": "classic"}, {"simplified": True}, {"concession": True}):
        for players in (2, 3, 4, 5):
            game = gtr.GAME(players=players, **options)
            for seed in range(2):
                s = game.new_state(seed)
                rng = Rng(seed + 500)
                while not s.is_terminal():
                    actions = s.legal_actions()
                    sizes.append(len(actions))
                    s.apply(rng.choice(actions))
    sizes.sort()
    median, p90, most = sizes[len(sizes) // 2], sizes[int(0.9 * (len(sizes) - 1))], sizes[-1]
    print(f"menu sizes over {len(sizes)} decisions: median {median}, p90 {p90}, max {most}")
    assert median <= 6 and p90 <= 14 and most <= 30


def test_forced_plays_only_a_public_single_answer() -> None:
    # Ruling 29: "glory" tells the table what its being the only answer tells (no card of the
    # material); a single answer read from the hand is still asked (ruling 23).
    t = Table(2, leader=0)
    t.hand(0, "foundry", "academy").hand(1, "tower")
    s = t.state()
    assert len(s.legal_actions(0)) > 1 and s.forced(0) is None
    act(s, "0:lead legionary foundry", "1:think_jack", "0:demand brick")
    assert [str(a) for a in s.legal_actions(1)] == ["1:glory"]
    assert str(s.forced(1)) == "1:glory" and s.forced(0) is None
    t = Table(2, leader=0)
    t.hand(0, "foundry", "academy").hand(1, "tower", "bath")
    s = t.state()
    act(s, "0:lead legionary foundry", "1:think_jack", "0:demand brick")
    assert [str(a) for a in s.legal_actions(1)] == ["1:give bath"] and s.forced(1) is None  # the hand decides


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _strings(v)]
    return []


def test_every_component_id_a_view_shows_has_a_text() -> None:
    # Buildings (their ids), materials and roles that a view names during random games.
    from ludus.games.glory_to_rome.components import BUILDINGS, MATERIAL_NAMES, ROLE_NAMES

    known = {b.slug for b in BUILDINGS} | set(MATERIAL_NAMES) | set(ROLE_NAMES)
    seen: set[str] = set()
    for players, seed in ((2, 1), (4, 2)):
        game = gtr.GAME(players=players)
        state = game.new_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            seen.update(s for s in _strings(state.view(0)) if s in known)
            seat = state.to_move()[0]
            state.apply(rng.choice(state.legal_actions(seat)))
    assert len(seen) > 30
    assert all(gtr.GAME(players=2).component_text(name) for name in seen), [
        name for name in seen if not gtr.GAME(players=2).component_text(name)]
