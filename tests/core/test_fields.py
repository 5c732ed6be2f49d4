"""ludus.core.fields: fields declared once by annotations; copy, JSON and slots derived (issue 34)."""

from __future__ import annotations

import json
import pickle
import re
from collections.abc import Mapping
from typing import Annotated, Any

import pytest

from ludus.core.errors import StateError
from ludus.core.fields import (
    Derived,
    GamePhase,
    Immutable,
    LoadWith,
    PlainData,
    SavedByHook,
    SavedByName,
    Shared,
    Transient,
    field_names,
    plain_state,
)
from ludus.core.rng import Rng


class Step(GamePhase):
    """A phase kind for the tests."""

    SETUP = 0
    PLAY = 1
    GAME_OVER = 2


class Token:
    """An object field: copy, to_json and from_json of its own (a list row, as legacy forms are)."""

    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        self.value = value

    def copy(self) -> Token:
        return Token(self.value)

    def to_json(self) -> list[int]:
        return [self.value]

    @classmethod
    def from_json(cls, data: list[int]) -> Token:
        return cls(int(data[0]))


@plain_state(slots=True)
class Sheet(PlainData):
    """A nested object made of declared fields (a player's board)."""

    score: int
    marks: list[int]


@plain_state
class Table(PlainData):
    """Every kind of field."""

    game: Shared[object]
    rng: Rng
    step: Step
    named: SavedByName[Step]
    flag: bool
    label: str
    deck: list[int]
    hands: list[list[int]]
    cube: list[list[list[int]]]
    counts: dict[int, int]
    token: Token | None
    tokens: list[Token]
    rows: list[list[Token]]
    shared_tokens: Immutable[list[Token]]
    loaded: Annotated[list[Token], LoadWith(lambda row: Token(int(row[0])))]
    sheets: list[Sheet]
    total: Derived[int]
    cache: Transient[dict[int, int]]


def _table() -> Table:
    t = Table()
    t.game = object()
    t.rng = Rng(7)
    t.step = Step.PLAY
    t.named = Step.GAME_OVER
    t.flag = True
    t.label = "x"
    t.deck = [1, 2]
    t.hands = [[3], [4, 5]]
    t.cube = [[[6]]]
    t.counts = {3: 1}
    t.token = Token(9)
    t.tokens = [Token(1)]
    t.rows = [[Token(2)], []]
    t.shared_tokens = [Token(4)]
    t.loaded = [Token(5)]
    sheet = Sheet()
    sheet.score = 10
    sheet.marks = [1]
    t.sheets = [sheet]
    t.total = 42
    t.cache = {1: 1}
    return t


def test_the_json_follows_the_declaration_order_and_each_type() -> None:
    data = _table().fields_to_json()
    assert list(data) == ["rng", "step", "named", "flag", "label", "deck", "hands", "cube", "counts", "token",
                          "tokens", "rows", "shared_tokens", "loaded", "sheets"]
    assert data["step"] == 1 and data["named"] == "game_over" and data["counts"] == {"3": 1}
    assert data["token"] == [9] and data["rows"] == [[[2]], []]
    assert data["sheets"] == [{"score": 10, "marks": [1]}]
    assert json.dumps(data)  # JSON-ready


def test_a_copy_is_independent_where_it_must_be_and_shares_the_rest() -> None:
    t = _table()
    c = t.copy()
    c.hands[1].append(6)
    c.cube[0][0].append(7)
    c.counts[4] = 2
    c.tokens[0].value = 99
    c.rows[0][0].value = 99
    c.sheets[0].marks.append(3)
    assert t.fields_to_json() == _table().fields_to_json()
    assert c.game is t.game and c.shared_tokens is not t.shared_tokens
    assert c.shared_tokens[0] is t.shared_tokens[0]
    assert c.total == 42 and c.cache == {} and c.rng is not t.rng and c.rng.state == t.rng.state


def test_loading_inverts_the_json() -> None:
    data = json.loads(json.dumps(_table().fields_to_json()))
    t = Table.load_json(data)
    assert t.fields_to_json() == data
    assert t.step is Step.PLAY and t.named is Step.GAME_OVER and t.counts == {3: 1} and t.cache == {}
    assert not hasattr(t, "total")  # derived: the loader's caller recomputes it


@pytest.mark.parametrize(("field", "value", "named"), [
    ("step", 5, "step"), ("named", "PLAY", "named"), ("flag", 1, "flag"), ("deck", [[1]], "deck"),
    ("counts", {"x": 1}, "counts"), ("tokens", {}, "tokens"), ("sheets", [{"score": "ten", "marks": []}],
                                                            "sheets[0].score"),
    ("sheets", [{"score": 1}], "sheets[0]"), ("rng", -1, "rng"),
    ("deck", [1, 1.5], "deck"), ("deck", [1, True], "deck"), ("hands", [[3], ["x"]], "hands"),
    ("cube", [[[None]]], "cube"),
])
def test_a_field_of_the_wrong_type_is_a_state_error_naming_it(field: str, value: Any, named: str) -> None:
    data = json.loads(json.dumps(_table().fields_to_json()))
    data[field] = value
    with pytest.raises(StateError, match=re.escape(f"'{named}'")):
        Table.load_json(data)


def test_a_missing_field_is_named() -> None:
    data = _table().fields_to_json()
    del data["label"]
    with pytest.raises(StateError, match="'label'"):
        Table.load_json(data)


def test_slots_are_derived() -> None:
    assert Sheet.__slots__ == ("score", "marks")  # type: ignore[comparison-overlap]
    assert not hasattr(Sheet(), "__dict__")
    assert field_names(Table)[:3] == ("game", "rng", "step")


def test_an_annotation_without_a_copy_or_json_form_is_refused_at_once() -> None:
    with pytest.raises(TypeError, match="'bad'"):
        @plain_state
        class Bad(PlainData):
            bad: set[int]


@plain_state
class Legacy(PlainData):
    """A legacy saved form through the one hook pair: ``extra`` saved only while it is set."""

    turn: int
    extra: SavedByHook[int]

    def saved_form(self, data: dict[str, Any]) -> dict[str, Any]:
        if not self.extra:
            del data["extra"]
        return data

    def loaded_form(self, data: Mapping[str, Any], path: str = "") -> None:
        if "extra" not in data:
            self.extra = 0


def test_the_hook_keeps_a_legacy_saved_form() -> None:
    old = Legacy.load_json({"turn": 3})
    assert old.extra == 0 and old.fields_to_json() == {"turn": 3}
    new = Legacy.load_json({"turn": 3, "extra": 2})
    assert new.fields_to_json() == {"turn": 3, "extra": 2}
    with pytest.raises(StateError, match="'extra'"):
        Legacy.load_json({"turn": 3, "extra": "2"})


def test_the_phase_kind() -> None:
    assert str(Step.GAME_OVER) == "game_over" and f"{Step.PLAY}" == "play" and Step.PLAY.key == "play"
    assert Step.from_key("game_over") is Step.GAME_OVER and Step.SETUP < Step.PLAY and int(Step.PLAY) == 1
    assert pickle.loads(pickle.dumps(Step.PLAY)) is Step.PLAY


def test_a_rules_function_is_bound_as_a_method_compiled_or_not() -> None:
    from ludus.core.engine import method

    def twice(state: object, n: int) -> int:
        return 2 * n

    class Kind:
        python = method(twice)
        builtin = method(repr)  # a built-in function, as a compiled rule is: it does not bind alone

    assert Kind.python is twice  # a Python function binds as it is (no extra call)
    k = Kind()
    assert k.python(4) == 8 and k.builtin() == repr(k) and Kind.builtin.__name__ == "repr"
