"""Declare a state's fields once; clone, to_json and from_json are generated from them.

Like :mod:`dataclasses`, :func:`plain_state` writes the methods' source from the
field lists and compiles it once, so the copy is as fast as a hand-written one
(no ``deepcopy``, no loop over names at run time) and no field can be forgotten.

>>> @plain_state(Fields(ints=("turn",), lists=("deck",), nested=("hands",)))
... class Data(PlainData):
...     pass
>>> d = Data(); d.rng = Rng(5); d.turn = 2; d.deck = [1, 2]; d.hands = [[3], [4]]
>>> c = d.copy_fields(Data.__new__(Data)); c.hands[0].append(9); d.hands
[[3], [4]]
>>> d.fields_to_json()
{'rng': 5, 'turn': 2, 'deck': [1, 2], 'hands': [[3], [4]]}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, TypeVar

from ludus.core.errors import N_, StateError
from ludus.core.rng import Rng

__all__ = ["Fields", "PlainData", "plain_state"]

T = TypeVar("T", bound="PlainData")


@dataclass(frozen=True, slots=True)
class Fields:
    """The fields of a state, by how they are copied.

    - ``shared``: referenced, never copied (immutable: the game, the config);
    - ``ints``/``strs``/``bools``: scalars (``enums`` maps an int field to its IntEnum);
    - ``lists``: lists of scalars; ``nested``: lists of lists; ``deep``: three levels;
    - ``dicts``: dicts of scalars (JSON keys are strings: give int-keyed ones in ``int_keys``);
    - ``objects``: lists of objects with ``copy()``, ``to_json()`` and a class
      ``from_json(data)``; ``object_rows``: lists of lists of such objects;
    - ``transient``: caches not saved to JSON, reset to ``{}`` by a copy.
    """

    shared: tuple[str, ...] = ()
    ints: tuple[str, ...] = ()
    strs: tuple[str, ...] = ()
    bools: tuple[str, ...] = ()
    lists: tuple[str, ...] = ()
    nested: tuple[str, ...] = ()
    deep: tuple[str, ...] = ()
    dicts: tuple[str, ...] = ()
    int_keys: tuple[str, ...] = ()
    objects: Mapping[str, Any] = field(default_factory=dict)
    object_rows: Mapping[str, Any] = field(default_factory=dict)
    enums: Mapping[str, type[IntEnum]] = field(default_factory=dict)
    transient: tuple[str, ...] = ("_legal",)


class PlainData:
    """Base of a game's state data; :func:`plain_state` fills in these three methods."""

    rng: Rng
    FIELDS: Fields

    def copy_fields(self: T, other: T) -> T:
        """Copy every field of ``self`` into ``other`` (a fresh ``__new__`` object); return it."""
        raise TypeError(f"{type(self).__name__} is not decorated with @plain_state")

    def fields_to_json(self) -> dict[str, Any]:
        """Every saved field as JSON-ready data (``rng`` as its integer state)."""
        raise TypeError(f"{type(self).__name__} is not decorated with @plain_state")

    def fields_from_json(self, data: Mapping[str, Any]) -> None:
        """Set every saved field from :meth:`fields_to_json` output."""
        raise TypeError(f"{type(self).__name__} is not decorated with @plain_state")


# --- typed loaders: a field of the wrong type is a StateError naming it -------------------
_SCALARS = (int, str, bool, float, type(None))


def _what(value: object) -> str:
    return type(value).__name__ if value is not None else "null"


def _get(d: Mapping[str, Any], name: str) -> Any:
    try:
        return d[name]
    except KeyError:
        raise StateError(N_("the state has no field {name!r}"), name=name) from None


def _rng(d: Mapping[str, Any]) -> int:
    value = _get(d, "rng")
    if type(value) is not int or not 0 <= value < 1 << 64:
        raise StateError(N_("state field 'rng': expected a 64-bit unsigned integer, got {value!r}"), value=str(value)[:40])
    return value


def _int(d: Mapping[str, Any], name: str) -> int:
    value = _get(d, name)
    if type(value) is not int:
        raise StateError(N_("state field {name!r}: expected an integer, got {what}"), name=name, what=_what(value))
    return value


def _enum(d: Mapping[str, Any], name: str, enum: type[IntEnum]) -> IntEnum:
    value = _int(d, name)
    try:
        return enum(value)
    except ValueError:
        raise StateError(N_("state field {name!r}: {value} is not one of {allowed}"), name=name, value=value,
                         allowed=[int(e) for e in enum]) from None


def _str(d: Mapping[str, Any], name: str) -> str:
    value = _get(d, name)
    if type(value) is not str:
        raise StateError(N_("state field {name!r}: expected a string, got {what}"), name=name, what=_what(value))
    return value


def _bool(d: Mapping[str, Any], name: str) -> bool:
    value = _get(d, name)
    if type(value) is not bool:
        raise StateError(N_("state field {name!r}: expected true or false, got {what}"), name=name, what=_what(value))
    return value


def _list(d: Mapping[str, Any], name: str, depth: int) -> list[Any]:
    """A list (of lists, ``depth`` levels) of JSON scalars, copied level by level."""

    def load(value: object, level: int) -> list[Any]:
        if type(value) is not list:
            raise StateError(N_("state field {name!r}: expected a list at depth {depth}, got {what}"), name=name,
                             depth=depth - level, what=_what(value))
        if level == 1:
            for x in value:
                if not isinstance(x, _SCALARS):
                    raise StateError(N_("state field {name!r}: expected numbers or strings, got {what}"), name=name, what=_what(x))
            return list(value)
        return [load(x, level - 1) for x in value]

    return load(_get(d, name), depth)


def _dict(d: Mapping[str, Any], name: str, int_keys: bool) -> dict[Any, Any]:
    value = _get(d, name)
    if type(value) is not dict:
        raise StateError(N_("state field {name!r}: expected an object, got {what}"), name=name, what=_what(value))
    out: dict[Any, Any] = {}
    for k, v in value.items():
        if not isinstance(v, _SCALARS):
            raise StateError(N_("state field {name!r}: value of {key!r} is a {what}"), name=name, key=str(k)[:20], what=_what(v))
        if int_keys:
            try:
                k = int(k)
            except ValueError:
                raise StateError(N_("state field {name!r}: key {key!r} is not a number"), name=name, key=str(k)[:20]) from None
        out[k] = v
    return out


def _objects(d: Mapping[str, Any], name: str, cls: Any, depth: int) -> list[Any]:
    value = _get(d, name)
    try:
        if type(value) is not list or (depth == 2 and any(type(x) is not list for x in value)):
            raise TypeError(f"expected a list{' of lists' if depth == 2 else ''}, got {_what(value)}")
        if depth == 1:
            return [cls.from_json(x) for x in value]
        return [[cls.from_json(y) for y in x] for x in value]
    except StateError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise StateError(N_("state field {name!r}: {error}"), name=name, error=f"{exc!s:.200}") from None


_LOADERS: dict[str, Any] = {
    "RNG": _rng, "INT": _int, "ENUM": _enum, "STR": _str, "BOOL": _bool,
    "LIST": _list, "DICT": _dict, "OBJECTS_OF": _objects,
}


def plain_state(fields: Fields) -> Callable[[type[T]], type[T]]:
    """Class decorator generating ``copy_fields``, ``fields_to_json`` and ``fields_from_json``."""

    def wrap(cls: type[T]) -> type[T]:
        f = fields
        copy = ["def copy_fields(self, o):", "    o.rng = self.rng.clone()"]
        copy += [f"    o.{n} = self.{n}" for n in (*f.shared, *f.ints, *f.strs, *f.bools)]
        copy += [f"    o.{n} = self.{n}.copy()" for n in f.lists]
        copy += [f"    o.{n} = self.{n}.copy()" for n in f.dicts]
        copy += [f"    o.{n} = [x[:] for x in self.{n}]" for n in f.nested]
        copy += [f"    o.{n} = [[y[:] for y in x] for x in self.{n}]" for n in f.deep]
        copy += [f"    o.{n} = [x.copy() for x in self.{n}]" for n in f.objects]
        copy += [f"    o.{n} = [[y.copy() for y in x] for x in self.{n}]" for n in f.object_rows]
        copy += [f"    o.{n} = {{}}" for n in f.transient]
        copy.append("    return o")

        out = ["def fields_to_json(self):", "    return {", "        'rng': self.rng.state,"]
        out += [f"        {n!r}: int(self.{n})," for n in f.ints]
        out += [f"        {n!r}: str(self.{n})," for n in f.strs]
        out += [f"        {n!r}: bool(self.{n})," for n in f.bools]
        out += [f"        {n!r}: self.{n}[:]," for n in f.lists]
        out += [f"        {n!r}: {{str(k): v for k, v in self.{n}.items()}}," for n in f.dicts]
        out += [f"        {n!r}: [x[:] for x in self.{n}]," for n in f.nested]
        out += [f"        {n!r}: [[y[:] for y in x] for x in self.{n}]," for n in f.deep]
        out += [f"        {n!r}: [x.to_json() for x in self.{n}]," for n in f.objects]
        out += [f"        {n!r}: [[y.to_json() for y in x] for x in self.{n}]," for n in f.object_rows]
        out.append("    }")

        load = ["def fields_from_json(self, d):", "    self.rng = Rng(0)", "    self.rng.state = RNG(d)"]
        for n in f.ints:
            load.append(f"    self.{n} = ENUM(d, {n!r}, ENUMS[{n!r}])" if n in f.enums else f"    self.{n} = INT(d, {n!r})")
        load += [f"    self.{n} = STR(d, {n!r})" for n in f.strs]
        load += [f"    self.{n} = BOOL(d, {n!r})" for n in f.bools]
        load += [f"    self.{n} = LIST(d, {n!r}, 1)" for n in f.lists]
        load += [f"    self.{n} = DICT(d, {n!r}, {n in f.int_keys})" for n in f.dicts]
        load += [f"    self.{n} = LIST(d, {n!r}, 2)" for n in f.nested]
        load += [f"    self.{n} = LIST(d, {n!r}, 3)" for n in f.deep]
        load += [f"    self.{n} = OBJECTS_OF(d, {n!r}, OBJECTS[{n!r}], 1)" for n in f.objects]
        load += [f"    self.{n} = OBJECTS_OF(d, {n!r}, OBJECTS[{n!r}], 2)" for n in f.object_rows]
        load += [f"    self.{n} = {{}}" for n in f.transient]

        namespace: dict[str, Any] = {"Rng": Rng, "ENUMS": dict(f.enums),
                                     "OBJECTS": {**f.objects, **f.object_rows}, **_LOADERS}
        source = "\n".join(copy + out + load)
        exec(compile(source, f"<plain_state {cls.__qualname__}>", "exec"), namespace)
        cls.copy_fields = namespace["copy_fields"]  # type: ignore[method-assign]
        cls.fields_to_json = namespace["fields_to_json"]  # type: ignore[method-assign]
        cls.fields_from_json = namespace["fields_from_json"]  # type: ignore[method-assign]
        cls.FIELDS = f
        return cls

    return wrap
