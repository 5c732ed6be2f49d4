"""The conformance suite passes a correct game and catches each broken one; every game of the
repository passes it.

Every registered game of the repository (``registry.house_games()``) is checked at every player
count, by one explicit rule: a game with its own ``tests/games/<package>/test_conformance.py`` runs
the suite there (with its options, within its time budget, slow tables marked for ``make soak``),
and this file checks that the file runs it on that game; a game without one (fresh from
``scripts/new_game.py``) is checked here with its default options at every player count.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import ludus
from ludus.core.registry import house_games, package_of
from ludus.testing import check_game

TESTS = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.usefixtures("fixture_games")


def _own_conformance_tests(game_id: str) -> Path:
    return TESTS / "games" / package_of(game_id).rpartition(".")[2] / "test_conformance.py"


@pytest.mark.parametrize("game_id", house_games())
def test_every_game_of_the_repository_passes_the_suite(game_id: str) -> None:
    own = _own_conformance_tests(game_id)
    if own.exists():
        text = own.read_text(encoding="utf-8")
        runs = re.search(rf'check_game\(\s*"{re.escape(game_id)}"', text)
        assert runs, f"{own} does not run check_game on {game_id}"
        return
    info = ludus.load(game_id).info
    for players in range(info.min_players, info.max_players + 1):
        report = check_game(game_id, players=players, games=2, seed=players)
        assert report.games == 2 and report.actions > 0, (game_id, players)


@pytest.mark.parametrize("players", [1, 2, 3])
def test_correct_fixture_passes(players: int) -> None:
    report = check_game("fixture-draw", players=players, games=4, seed=1)
    assert report.games == 4
    assert report.actions > 0
    assert report.determinize_changed > 0


def test_correct_fixture_passes_with_option() -> None:
    report = check_game("fixture-draw", players=2, options={"cards": 8}, games=3)
    assert all(length >= 4 for length in report.lengths)


def test_catches_view_that_leaks_a_hidden_card() -> None:
    with pytest.raises(AssertionError, match=r"\[view-leak\]"):
        check_game("fixture-leaky-view", players=2, games=2)


def test_catches_apply_with_unseeded_randomness() -> None:
    with pytest.raises(AssertionError, match=r"\[(replay|determinism)\]"):
        check_game("fixture-unseeded", players=2, games=3)


def test_catches_clone_that_shares_a_list() -> None:
    with pytest.raises(AssertionError, match=r"\[clone\]"):
        check_game("fixture-shared-clone", players=2, games=2)


def test_catches_notation_that_does_not_round_trip() -> None:
    with pytest.raises(AssertionError, match=r"\[notation\]"):
        check_game("fixture-bad-notation", players=2, games=2)


def test_catches_determinize_that_changes_nothing() -> None:
    with pytest.raises(AssertionError, match=r"\[determinize-noop\]"):
        check_game("fixture-no-determinize", players=2, games=2)


def test_catches_a_decision_skipped_because_of_a_hidden_hand() -> None:
    # Issue 10: a forced pass applied without asking tells the table about the seat's hand.
    with pytest.raises(AssertionError, match=r"\[observable-decisions\]"):
        check_game("fixture-auto-skip", players=3, games=2)


def test_catches_determinize_that_keeps_the_deck_order() -> None:
    # Issue 10: determinize must not keep an identity the seat cannot know (here: the deck's order).
    with pytest.raises(AssertionError, match=r"\[determinize-identity\] .*deck"):
        check_game("fixture-keeps-deck", players=2, games=2)


def test_catches_determinize_that_depends_on_the_hidden_order() -> None:
    # Issue 18: determinize(p, seed) must be a function of p's view and the seed, or a bot
    # searching on determinizations decides by what its seat cannot see.
    with pytest.raises(AssertionError, match=r"\[determinize-canonical\]"):
        check_game("fixture-peeking-determinize", players=2, games=2)


def test_catches_a_legal_action_missing_from_the_action_space() -> None:
    with pytest.raises(AssertionError, match=r"\[action-space\] legal action \d:cheer has no number"):
        check_game("fixture-no-cheer-number", players=2, games=2)


def test_catches_event_without_a_template() -> None:
    with pytest.raises(AssertionError, match=r"\[events\] event kind 'no-such-template'"):
        check_game("fixture-untemplated-event", players=2, games=1)


def test_catches_broken_conservation() -> None:
    with pytest.raises(AssertionError, match=r"\[invariants\]"):
        check_game("fixture-loses-cards", players=2, games=1)
