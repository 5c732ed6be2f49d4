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

        load = ["def fields_from_json(self, d):", "    self.rng = Rng(0)", "    self.rng.state = int(d['rng'])"]
        for n in f.ints:
            load.append(f"    self.{n} = ENUMS[{n!r}](int(d[{n!r}]))" if n in f.enums else f"    self.{n} = int(d[{n!r}])")
        load += [f"    self.{n} = str(d[{n!r}])" for n in f.strs]
        load += [f"    self.{n} = bool(d[{n!r}])" for n in f.bools]
        load += [f"    self.{n} = list(d[{n!r}])" for n in f.lists]
        load += [f"    self.{n} = {{(int(k) if {n in f.int_keys} else k): v for k, v in d[{n!r}].items()}}"
                 for n in f.dicts]
        load += [f"    self.{n} = [list(x) for x in d[{n!r}]]" for n in f.nested]
        load += [f"    self.{n} = [[list(y) for y in x] for x in d[{n!r}]]" for n in f.deep]
        load += [f"    self.{n} = [OBJECTS[{n!r}].from_json(x) for x in d[{n!r}]]" for n in f.objects]
        load += [f"    self.{n} = [[OBJECTS[{n!r}].from_json(y) for y in x] for x in d[{n!r}]]"
                 for n in f.object_rows]
        load += [f"    self.{n} = {{}}" for n in f.transient]

        namespace: dict[str, Any] = {"Rng": Rng, "ENUMS": dict(f.enums),
                                     "OBJECTS": {**f.objects, **f.object_rows}}
        source = "\n".join(copy + out + load)
        exec(compile(source, f"<plain_state {cls.__qualname__}>", "exec"), namespace)
        cls.copy_fields = namespace["copy_fields"]  # type: ignore[method-assign]
        cls.fields_to_json = namespace["fields_to_json"]  # type: ignore[method-assign]
        cls.fields_from_json = namespace["fields_from_json"]  # type: ignore[method-assign]
        cls.FIELDS = f
        return cls

    return wrap
