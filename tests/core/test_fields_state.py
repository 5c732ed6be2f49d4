"""A State class of declared fields: slots, copy and clone derived by the engine (issue 34)."""

from __future__ import annotations

import pickle

import pytest

import ludus
from fixtures.template_game.game import Tally, TallyState
from ludus.core.fields import field_names


class Marked(TallyState):
    """A subclass adds nothing: its clone is still of its own class."""


class Kept(TallyState):
    """A subclass that writes its clone keeps it (so do its subclasses)."""

    def clone(self) -> Kept:
        other = self.copy()
        other.turn += 100  # visible: this clone ran
        return other


class KeptToo(Kept):
    """Inherits the written clone."""


def _state(cls: type[TallyState]) -> TallyState:
    state = Tally(2).new_state(3)
    return state.copy_fields(cls.__new__(cls))


def test_the_slots_are_the_declared_fields() -> None:
    assert set(TallyState.__slots__) == set(field_names(TallyState))
    assert "_legal" not in TallyState.__slots__


def test_a_clone_is_of_the_same_class_with_an_empty_cache() -> None:
    state = Tally(2).new_state(3)
    legal = state.legal_actions(0)
    assert state.cached_legal(0) is not None
    clone = state.clone()
    assert type(clone) is TallyState and clone.cached_legal(0) is None and clone.legal_actions(0) == legal
    assert clone.to_json() == state.to_json() and clone.deck is not state.deck
    marked = _state(Marked)
    assert type(marked.clone()) is Marked


def test_a_written_clone_is_kept_by_subclasses() -> None:
    for cls in (Kept, KeptToo):
        state = _state(cls)
        assert state.clone().turn == state.turn + 100


def test_a_state_pickles_with_its_slots() -> None:
    state = Tally(2).new_state(3)
    state.legal_actions(0)
    again = pickle.loads(pickle.dumps(state))
    assert again.to_json() == state.to_json() and again.legal_actions(0) == state.legal_actions(0)


@pytest.mark.parametrize(("game_id", "players"), [("glory-to-rome", 3), ("trajan", 3), ("hadrians-wall", 3)])
def test_a_game_clone_shares_the_legal_lists_and_a_determinization_builds_its_own(
        game_id: str, players: int) -> None:
    state = ludus.load(game_id, players).new_state(seed=5)
    seat = state.to_move()[0]
    legal = state.legal_actions(seat)
    clone = state.clone()
    assert clone.cached_legal(seat) is state.cached_legal(seat) and clone.legal_actions(seat) == legal
    clone.apply(legal[0])  # the clone's next position has lists of its own; the original keeps its
    assert state.cached_legal(seat) is not None and state.legal_actions(seat) == legal
    assert clone.cached_legal(seat) is not state.cached_legal(seat)
    world = state.determinize(seat, 7)  # re-dealt: no list of the real position carried over
    assert all(world.cached_legal(p) is not state.cached_legal(p) or world.cached_legal(p) is None
               for p in range(players))
