"""Declare a state's fields once, by their annotations; copy and JSON are generated from the types.

Like :mod:`dataclasses`, :func:`plain_state` reads the class's annotations (in the
order they are written, which is the order of the keys in the JSON) and writes the
methods' source from them, compiled once, so the copy is as fast as a hand-written
one (no ``deepcopy``, no loop over names at run time) and no field can be forgotten.
What a type means:

- ``int``, ``str``, ``bool``, ``float``: a scalar, shared by copies, saved as it is;
- an :class:`~enum.IntEnum` (a :class:`GamePhase`): shared, saved as its int, or as
  its lower-case name when declared :data:`SavedByName`;
- :class:`~ludus.core.rng.Rng`: cloned, saved as its integer state;
- ``list[int]``, ``list[list[int]]``, ...: copied level by level (scalars inside);
- ``dict[int, int]``, ``dict[str, int]``: copied; int keys are saved as strings;
- a class with ``copy()``, ``to_json()`` and a class method ``from_json(data)``, or a
  nested :class:`PlainData` (loaded by :meth:`PlainData.load_json`): copied and saved by
  those; also ``X | None``, ``list[X]`` and ``list[list[X]]`` (rows of objects).

Markers (:data:`typing.Annotated` aliases) say what the type cannot:
:data:`Shared` (a reference copies share and the JSON leaves out: the game, the
config), :data:`Transient` (a cache: empty in a copy and after loading, not saved),
:data:`Derived` (copied, not saved: the loader recomputes it), :data:`Immutable`
(a list whose items never change: copies share them), :data:`SavedByName` and
:data:`SavedByHook` (a legacy saved form kept by the class's one hook pair,
:meth:`PlainData.saved_form` and :meth:`PlainData.loaded_form`); ``LoadWith(f)``
loads a list's items with ``f``; ``Length(n)``: a list of lists always holds ``n``.

>>> @plain_state
... class Data(PlainData):
...     rng: Rng
...     turn: int
...     deck: list[int]
...     hands: list[list[int]]
>>> d = Data(); d.rng = Rng(5); d.turn = 2; d.deck = [1, 2]; d.hands = [[3], [4]]
>>> c = d.copy(); c.hands[0].append(9); d.hands
[[3], [4]]
>>> d.fields_to_json()
{'rng': 5, 'turn': 2, 'deck': [1, 2], 'hands': [[3], [4]]}
>>> Data.load_json({'rng': 5, 'turn': '2', 'deck': [], 'hands': []})
Traceback (most recent call last):
...
ludus.core.errors.StateError: state field 'turn': expected an integer, got str
"""

from __future__ import annotations

import inspect
import sys
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Annotated, Any, ClassVar, TypeVar

from ludus.core.errors import N_, StateError
from ludus.core.rng import Rng

__all__ = [
    "Derived", "Field", "GamePhase", "Immutable", "Length", "LoadWith", "PlainData", "SavedByHook",
    "SavedByName", "Shared", "Transient", "add_methods", "declared_fields", "field_names", "plain_state",
]

T = TypeVar("T")
P = TypeVar("P", bound="PlainData")


class GamePhase(IntEnum):
    """The one kind of a game's ``Phase``: ints (fast to compare and order), named in lower case.

    ``str(phase)`` and :attr:`key` are the lower-case name, the form views show (and the
    saved form of a field declared :data:`SavedByName`).

    >>> class Phase(GamePhase):
    ...     LEAD = 0
    ...     END_OF_TURN = 1
    >>> str(Phase.END_OF_TURN), Phase.from_key("lead"), Phase.LEAD < Phase.END_OF_TURN
    ('end_of_turn', <Phase.LEAD: 0>, True)
    """

    def __str__(self) -> str:
        return self.name.lower()

    @property
    def key(self) -> str:
        """The lower-case name (``"end_of_turn"``)."""
        return self.name.lower()

    @classmethod
    def from_key(cls, key: str) -> GamePhase:
        """The phase named ``key`` (:attr:`key`); :class:`KeyError` if there is none."""
        return cls[key.upper()]


class _Mark(Enum):
    SHARED = "shared"
    TRANSIENT = "transient"
    DERIVED = "derived"
    IMMUTABLE = "immutable"
    BY_NAME = "by_name"
    BY_HOOK = "by_hook"


Shared = Annotated[T, _Mark.SHARED]
"""A reference shared by copies and left out of the JSON (the game, its config)."""
Transient = Annotated[T, _Mark.TRANSIENT]
"""A cache (a dict): empty in a copy and after loading, never saved."""
Derived = Annotated[T, _Mark.DERIVED]
"""Copied by its type but not saved: the loader recomputes it."""
Immutable = Annotated[T, _Mark.IMMUTABLE]
"""A list of objects that never change once made: a copy copies the list and shares the items."""
SavedByName = Annotated[T, _Mark.BY_NAME]
"""An enum saved as its lower-case name (``"actions"``) rather than its int."""
SavedByHook = Annotated[T, _Mark.BY_HOOK]
"""Copied by its type; saved and loaded by the class's hook (:meth:`PlainData.saved_form`)."""


@dataclass(frozen=True, slots=True)
class LoadWith:
    """``Annotated[list[X], LoadWith(f)]``: the list's items are loaded with ``f(item_json)``."""

    loader: Callable[[Any], Any]


@dataclass(frozen=True, slots=True)
class Length:
    """``Annotated[list[list[int]], Length(2)]``: the outer list always holds that many items (one
    per gladiator): checked on loading, and the copy is unrolled."""

    items: int


@dataclass(frozen=True, slots=True)
class Field:
    """One declared field, as read from its annotation.

    ``kind`` is ``"shared"``, ``"transient"``, ``"rng"``, ``"scalar"``, ``"enum"``,
    ``"list"`` (of scalars, ``depth`` levels), ``"dict"``, ``"object"`` (``depth`` 0:
    one, 1: a list, 2: rows), ``item`` the scalar type, enum or object class.
    """

    name: str
    kind: str
    item: Any = None
    depth: int = 0
    optional: bool = False
    int_keys: bool = False
    saved: bool = True
    derived: bool = False
    immutable: bool = False
    by_name: bool = False
    by_hook: bool = False
    loader: Callable[[Any], Any] | None = None
    length: int = -1


class PlainData:
    """Base of a game's state data; :func:`plain_state` generates the copy and the JSON."""

    __slots__ = ()
    FIELDS: ClassVar[tuple[Field, ...]] = ()
    """The declared fields in declaration order (set by :func:`plain_state`)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.FIELDS:  # a subclass of declared data: the same methods, copying into its own class
            add_methods(cls, cls.FIELDS)

    def copy_fields(self, other: P) -> P:
        """Copy every field of ``self`` into ``other`` (a fresh ``__new__`` object); return it."""
        raise TypeError(f"{type(self).__name__} is not decorated with @plain_state")

    def copy(self: P) -> P:
        """An independent copy of the same class."""
        return self.copy_fields(type(self).__new__(type(self)))

    def fields_to_json(self) -> dict[str, Any]:
        """Every saved field as JSON-ready data, in declaration order (then :meth:`saved_form`)."""
        raise TypeError(f"{type(self).__name__} is not decorated with @plain_state")

    def to_json(self) -> dict[str, Any]:
        """The JSON form (:meth:`fields_to_json`)."""
        return self.fields_to_json()

    def fields_from_json(self, data: Mapping[str, Any], path: str = "") -> None:
        """Set every saved field from :meth:`fields_to_json` output (then :meth:`loaded_form`).

        A field of the wrong type is a :class:`StateError` naming it (``path`` prefixes
        the name: ``"boards[1]."``).
        """
        raise TypeError(f"{type(self).__name__} is not decorated with @plain_state")

    @classmethod
    def load_json(cls: type[P], data: Any, path: str = "") -> P:
        """A new object from :meth:`fields_to_json` output (see :meth:`fields_from_json`)."""
        obj = cls.__new__(cls)
        obj.fields_from_json(data, path)
        return obj

    # --- the one hook for a legacy saved form (override both halves, or neither) ---
    def saved_form(self, data: dict[str, Any]) -> dict[str, Any]:
        """The saved JSON made from ``data``, the declared fields' JSON (default: ``data``).

        A field declared :data:`SavedByHook` is in ``data`` in its typed JSON form, or as
        the objects themselves when it holds objects; the hook puts its saved form in
        their place (and may leave out what a legacy form left out).
        """
        return data

    def loaded_form(self, data: Mapping[str, Any], path: str = "") -> None:
        """Set the :data:`SavedByHook` fields from the saved ``data``, after every other field
        (one that is typed was loaded by its type if ``data`` has it; the hook fills in the rest)."""
        return None


# --- typed loaders: a field of the wrong type is a StateError naming it -------------------
_SCALARS = (int, str, bool, float, type(None))
_SCALAR_NAMES = {
    int: N_("state field {name!r}: expected an integer, got {what}"),
    str: N_("state field {name!r}: expected a string, got {what}"),
    bool: N_("state field {name!r}: expected true or false, got {what}"),
    float: N_("state field {name!r}: expected numbers or strings, got {what}"),
}


def _what(value: object) -> str:
    return type(value).__name__ if value is not None else "null"


def _get(d: Mapping[str, Any], name: str, path: str) -> Any:
    try:
        return d[name]
    except KeyError:
        if path:
            raise StateError(N_("state field {name!r}: {error}"), name=path[:-1],
                             error=f"no field {name!r}") from None
        raise StateError(N_("the state has no field {name!r}"), name=name) from None
    except TypeError:
        raise StateError(N_("state field {name!r}: expected an object, got {what}"),
                         name=path[:-1] or "state", what=_what(d)) from None


def _rng(d: Mapping[str, Any], name: str, path: str) -> Rng:
    value = _get(d, name, path)
    if type(value) is not int or not 0 <= value < 1 << 64:
        raise StateError(N_("state field 'rng': expected a 64-bit unsigned integer, got {value!r}"),
                         value=str(value)[:40])
    rng = Rng(0)
    rng.state = value
    return rng


def _scalar(d: Mapping[str, Any], name: str, path: str, kind: type) -> Any:
    value = _get(d, name, path)
    if type(value) is not kind and not (kind is float and type(value) is int):
        raise StateError(_SCALAR_NAMES[kind], name=path + name, what=_what(value))
    return value


def _enum(d: Mapping[str, Any], name: str, path: str, enum: type[IntEnum], by_name: bool) -> IntEnum:
    if by_name:
        value = _get(d, name, path)
        if type(value) is str and value.upper() in enum.__members__ and value == value.lower():
            return enum[value.upper()]
        raise StateError(N_("state field {name!r}: {value} is not one of {allowed}"), name=path + name,
                         value=repr(str(value)[:40]), allowed=[e.name.lower() for e in enum])
    value = _scalar(d, name, path, int)
    try:
        return enum(value)
    except ValueError:
        raise StateError(N_("state field {name!r}: {value} is not one of {allowed}"), name=path + name,
                         value=value, allowed=[int(e) for e in enum]) from None


_ITEMS: dict[type, tuple[type, ...]] = {int: (int,), str: (str,), bool: (bool,), float: (int, float)}
"""The JSON types a list of each declared scalar type may hold (a float is no int: 1.5 in a
``list[int]`` is refused when loading, never met by the rules)."""


def _list(d: Mapping[str, Any], name: str, path: str, depth: int, length: int = -1,
          item: type = object) -> list[Any]:
    """A list (of lists, ``depth`` levels) of JSON scalars of type ``item`` (any if ``object``),
    copied level by level (``length`` items in the outer list, unless -1)."""
    allowed = _ITEMS.get(item, _SCALARS)

    def load(value: object, level: int) -> list[Any]:
        if type(value) is not list:
            raise StateError(N_("state field {name!r}: expected a list at depth {depth}, got {what}"),
                             name=path + name, depth=depth - level, what=_what(value))
        if level == 1:
            for x in value:
                if type(x) not in allowed:
                    raise StateError(_SCALAR_NAMES.get(item, N_("state field {name!r}: expected numbers or "
                                                                "strings, got {what}")),
                                     name=path + name, what=_what(x))
            return list(value)
        return [load(x, level - 1) for x in value]

    value = load(_get(d, name, path), depth)
    if length >= 0 and len(value) != length:
        raise StateError(N_("state field {name!r}: {error}"), name=path + name,
                         error=f"expected {length} lists, got {len(value)}")
    return value


def _dict(d: Mapping[str, Any], name: str, path: str, int_keys: bool) -> dict[Any, Any]:
    value = _get(d, name, path)
    if type(value) is not dict:
        raise StateError(N_("state field {name!r}: expected an object, got {what}"), name=path + name,
                         what=_what(value))
    out: dict[Any, Any] = {}
    for k, v in value.items():
        if not isinstance(v, _SCALARS):
            raise StateError(N_("state field {name!r}: value of {key!r} is a {what}"), name=path + name,
                             key=str(k)[:20], what=_what(v))
        if int_keys:
            try:
                k = int(k)
            except ValueError:
                raise StateError(N_("state field {name!r}: key {key!r} is not a number"), name=path + name,
                                 key=str(k)[:20]) from None
        out[k] = v
    return out


def _objects(d: Mapping[str, Any], name: str, path: str, f: Field) -> Any:
    """One object, a list or rows of them (``f.depth``), each loaded by its class or ``f.loader``."""
    value = _get(d, name, path)
    full = path + name
    nested = isinstance(f.item, type) and issubclass(f.item, PlainData)

    def one(x: Any, where: str) -> Any:
        if nested:
            return f.item.load_json(x, where + ".")
        return f.loader(x) if f.loader is not None else f.item.from_json(x)

    try:
        if f.depth == 0:
            return None if value is None and f.optional else one(value, full)
        if type(value) is not list or (f.depth == 2 and any(type(x) is not list for x in value)):
            raise TypeError(f"expected a list{' of lists' if f.depth == 2 else ''}, got {_what(value)}")
        if f.depth == 1:
            return [one(x, f"{full}[{i}]") for i, x in enumerate(value)]
        return [[one(y, f"{full}[{i}][{j}]") for j, y in enumerate(x)] for i, x in enumerate(value)]
    except StateError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise StateError(N_("state field {name!r}: {error}"), name=full, error=f"{exc!s:.200}") from None


# --- reading the annotations --------------------------------------------------------------
def _is_object_class(tp: Any) -> bool:
    return isinstance(tp, type) and (issubclass(tp, PlainData) or (
        callable(getattr(tp, "copy", None)) and callable(getattr(tp, "to_json", None))))


def _field(name: str, tp: Any) -> Field:
    """The :class:`Field` an evaluated annotation ``tp`` declares (:class:`TypeError` if none)."""
    marks: set[_Mark] = set()
    loader = None
    length = -1
    while typing.get_origin(tp) is Annotated:
        for meta in tp.__metadata__:
            if isinstance(meta, _Mark):
                marks.add(meta)
            elif isinstance(meta, LoadWith):
                loader = meta.loader
            elif isinstance(meta, Length):
                length = meta.items
        tp = tp.__origin__

    def make(kind: str, item: Any = None, depth: int = 0, optional: bool = False,
             int_keys: bool = False) -> Field:
        return Field(name, kind, item, depth, optional, int_keys, saved=_Mark.DERIVED not in marks,
                     derived=_Mark.DERIVED in marks, immutable=_Mark.IMMUTABLE in marks,
                     by_name=_Mark.BY_NAME in marks, by_hook=_Mark.BY_HOOK in marks, loader=loader,
                     length=length)

    if _Mark.SHARED in marks:
        return Field(name, "shared", saved=False)
    if _Mark.TRANSIENT in marks:
        return Field(name, "transient", saved=False)
    optional = False
    args = typing.get_args(tp)
    if type(tp) is types.UnionType and len(args) == 2 and type(None) in args:
        optional = True
        tp = args[0] if args[1] is type(None) else args[1]
    if tp is Rng:
        return make("rng")
    if isinstance(tp, type) and issubclass(tp, IntEnum):
        return make("enum", tp)
    if tp in _SCALAR_NAMES:
        return make("scalar", tp)
    if typing.get_origin(tp) is dict:
        key, value = typing.get_args(tp)
        if key in (int, str) and value in _SCALAR_NAMES:
            return make("dict", value, int_keys=key is int)
    depth = 0
    while typing.get_origin(tp) is list:
        depth += 1
        (tp,) = typing.get_args(tp)
    if depth and tp in _SCALAR_NAMES and loader is None:
        return make("list", tp, depth)
    if depth <= 2 and (_is_object_class(tp) or (depth and _Mark.BY_HOOK in marks)):
        return make("object", tp, depth, optional)
    raise TypeError(f"field {name!r}: no copy or JSON form for the annotation {tp!r}")


def declared_fields(cls: type) -> tuple[Field, ...]:
    """The fields ``cls`` declares by annotations (its bases' first), in declaration order."""
    out: dict[str, Field] = {}
    for klass in reversed(cls.__mro__):
        own = inspect.get_annotations(klass)
        if not own or not (isinstance(klass, type) and issubclass(klass, PlainData)) or klass is PlainData:
            continue
        namespace = {**vars(typing), **vars(sys.modules[klass.__module__]), klass.__name__: klass}
        for name, annotation in own.items():
            tp = eval(annotation, namespace) if isinstance(annotation, str) else annotation
            if typing.get_origin(tp) is ClassVar:
                continue
            out[name] = _field(name, tp)
    return tuple(out.values())


# --- the generated source ----------------------------------------------------------------
def _copy_expr(f: Field) -> str:
    n = f"self.{f.name}"
    if f.kind in ("shared", "scalar", "enum"):
        return n
    if f.kind == "transient":
        return "{}"
    if f.kind == "rng":
        return f"{n}.clone()"
    if f.kind == "dict":
        return f"{n}.copy()"
    if f.kind == "list" and f.depth == 2 and f.length >= 0:
        return "[" + "".join(f"{n}[{i}].copy(), " for i in range(f.length)) + "]"
    if f.kind == "list":  # map(list.copy): no comprehension frame (the inner lists are lists: typed)
        return {1: f"{n}.copy()", 2: f"[*map(LCOPY, {n})]"}.get(f.depth, f"[[*map(LCOPY, x)] for x in {n}]")
    if f.depth == 0:
        return f"{n}.copy() if {n} is not None else None" if f.optional else f"{n}.copy()"
    if f.depth == 1:
        return f"{n}.copy()" if f.immutable else f"[x.copy() for x in {n}]"
    return f"[x[:] for x in {n}]" if f.immutable else f"[[y.copy() for y in x] for x in {n}]"


def _json_expr(f: Field) -> str:
    n = f"self.{f.name}"
    if f.by_hook and f.kind == "object":
        return n  # the hook writes its saved form
    if f.kind == "rng":
        return f"{n}.state"
    if f.kind == "scalar":
        return f"{f.item.__name__}({n})"
    if f.kind == "enum":
        return f"{n}.name.lower()" if f.by_name else f"int({n})"
    if f.kind == "dict":
        return f"{{str(k): v for k, v in {n}.items()}}" if f.int_keys else f"dict({n})"
    if f.kind == "list":
        return {1: f"{n}[:]", 2: f"[x[:] for x in {n}]"}.get(f.depth, f"[[y[:] for y in x] for x in {n}]")
    if f.depth == 0:
        return f"{n}.to_json() if {n} is not None else None" if f.optional else f"{n}.to_json()"
    if f.depth == 1:
        return f"[x.to_json() for x in {n}]"
    return f"[[y.to_json() for y in x] for x in {n}]"


def _load_expr(f: Field, i: int) -> str:
    n = repr(f.name)
    if f.kind == "transient":
        return "{}"
    if f.kind == "rng":
        return f"RNG(d, {n}, path)"
    if f.kind == "scalar":
        return f"SCALAR(d, {n}, path, F[{i}].item)"
    if f.kind == "enum":
        return f"ENUM(d, {n}, path, F[{i}].item, {f.by_name})"
    if f.kind == "dict":
        return f"DICT(d, {n}, path, {f.int_keys})"
    if f.kind == "list":
        return f"LIST(d, {n}, path, {f.depth}, {f.length}, F[{i}].item)"
    return f"OBJECTS(d, {n}, path, F[{i}])"


def plain_state(cls: type[P] | None = None, *, slots: bool = False) -> Any:
    """Class decorator: generate ``copy_fields``, ``copy``, ``fields_to_json`` and
    ``fields_from_json`` from the annotations of ``cls`` and its :class:`PlainData` bases.

    ``slots=True`` makes the class anew with ``__slots__`` of its fields (as
    ``dataclass(slots=True)`` does) for an object used on its own (a player's board);
    a state's data gets its slots from the State class (:class:`~ludus.core.engine.RulesState`).
    """
    if cls is None:
        return lambda c: plain_state(c, slots=slots)
    if slots:
        names = field_names(cls)
        members = {k: v for k, v in cls.__dict__.items() if k not in ("__dict__", "__weakref__", *names)}
        members.update(__slots__=names, __qualname__=cls.__qualname__)
        cls = type(cls.__name__, cls.__bases__, members)
    return add_methods(cls, declared_fields(cls))


def add_methods(cls: type[P], fields: tuple[Field, ...]) -> type[P]:
    """Generate the four methods of ``cls`` from ``fields`` (what :func:`plain_state` does with
    the declared ones; the engine adds its own cache to a State class's fields this way).

    ``copy()`` makes its object with ``object.__new__``: a copy sets every field itself. A
    subclass gets the methods anew (:meth:`PlainData.__init_subclass__`), so that its copy is
    of its own class.
    """
    body = [f"    o.{f.name} = {_copy_expr(f)}" for f in fields]
    out = ["def fields_to_json(self):", "    d = {"]
    out += [f"        {f.name!r}: {_json_expr(f)}," for f in fields if f.saved]
    out.append("    }")
    out.append("    return self.saved_form(d)")
    load = ["def fields_from_json(self, d, path=''):"]
    for i, f in enumerate(fields):
        if f.by_hook and f.kind != "object":  # typed, when the saved form has it
            load.append(f"    if {f.name!r} in d: self.{f.name} = {_load_expr(f, i)}")
        elif (f.saved or f.kind == "transient") and not f.by_hook:
            load.append(f"    self.{f.name} = {_load_expr(f, i)}")
    load.append("    self.loaded_form(d, path)")
    source = "\n".join([
        "def copy_fields(self, o):", *body, "    return o",
        "def copy(self):", "    o = NEW(CLS)", *body, "    return o",
        *out, *load,
    ])
    namespace: dict[str, Any] = {
        "F": fields, "CLS": cls, "NEW": object.__new__, "LCOPY": list.copy,
        "RNG": _rng, "SCALAR": _scalar, "ENUM": _enum,
        "LIST": _list, "DICT": _dict, "OBJECTS": _objects,
    }
    exec(compile(source, f"<plain_state {cls.__qualname__}>", "exec"), namespace)
    for name in ("copy_fields", "copy", "fields_to_json", "fields_from_json"):
        setattr(cls, name, namespace[name])
    cls.FIELDS = fields
    return cls


def field_names(cls: type) -> tuple[str, ...]:
    """The names ``cls`` and its :class:`PlainData` bases annotate (not ``ClassVar``): a state's
    ``__slots__``."""
    out: dict[str, None] = {}
    for klass in reversed(cls.__mro__):
        if isinstance(klass, type) and issubclass(klass, PlainData) and klass is not PlainData:
            for name, annotation in inspect.get_annotations(klass).items():
                if not str(annotation).startswith(("ClassVar", "typing.ClassVar")):
                    out[name] = None
    return tuple(out)
