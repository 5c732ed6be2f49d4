"""A State class of declared fields: slots, copy and clone derived by the engine (issue 34)."""

from __future__ import annotations

import pickle

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
