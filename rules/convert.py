"""Snapshots compiled once per dataclass: a state to JSON-ready data and back, fast.

`rules.core.to_jsonable` and `from_jsonable` are generic: they look at every value (or type hint)
afresh, on every save and every load, which is most of what restoring a table costs. Here the
same conversions are written out once per dataclass, as Python source generated from its fields'
type hints and compiled, so that a state is converted by straight-line code: a field of type
`int` is copied as it is, a `list[str]` by `list(v)`, a nested dataclass by its own converter.

The JSON is exactly the generic functions' (tests/rules/test_snapshots.py checks it for every
game's states, saved before these converters existed, and for random values of every field
type), with these assumptions, which every game's state keeps: a field holds what its type hint
says (a `list[str]` holds strings; a field of a dataclass type holds that dataclass or None).
Anything the hints do not pin down (`Any`, `object`, a union of several types) goes through
`plain`, which converts by what the value is, as `to_jsonable` does.

`dumper(cls)` and `loader(cls)` give the two functions of a dataclass; `State.to_json` and
`State.from_json` use them.
"""

from __future__ import annotations

import dataclasses
import functools
import threading
import types
import typing
from collections.abc import Callable
from typing import Any

Converter = Callable[[Any], Any]
T = typing.TypeVar("T")

_ATOMS: frozenset[type] = frozenset({str, int, float, bool, type(None)})
"""Classes whose values are JSON as they are."""

_dumpers: dict[type, Converter] = {}
_loaders: dict[type, Converter] = {}
_lock = threading.RLock()


def _generic_dump(obj: Any) -> Any:
    from rules.core import to_jsonable

    return to_jsonable(obj)


def _generic_load(tp: Any, data: Any) -> Any:
    from rules.core import from_jsonable

    return from_jsonable(tp, data)


def plain(obj: Any) -> Any:
    """`to_jsonable` for a value of any type (what an `Any` field holds): built-in containers
    and scalars by their exact class, a dataclass by its compiled dumper, anything else by
    `to_jsonable` itself."""
    cls: type = obj.__class__
    if cls in _ATOMS:
        return obj
    if cls is list or cls is tuple:
        return [plain(v) for v in obj]
    if cls is dict:
        return {k if isinstance(k, str) else str(k): plain(v) for k, v in obj.items()}
    if dataclasses.is_dataclass(cls):
        return dumper(cls)(obj)
    return _generic_dump(obj)


def _mismatch(data: Any, n: int) -> Any:
    """A fixed-length tuple read from a list of another length: refused as the generic load
    refuses it (`zip(..., strict=True)`)."""
    raise ValueError(f"expected {n} items, got {len(data)}")


def _build(cls: type) -> None:
    """Compile `cls`'s converters (and its fields' dataclasses'), under the lock. A class whose
    hints cannot be resolved (one defined inside a function, naming its neighbours) keeps the
    generic functions, which is what it had before."""
    with _lock:
        if cls in _dumpers:
            return
        try:
            _Compiler().build(cls)
        except Exception:
            _dumpers[cls] = _generic_dump
            _loaders[cls] = functools.partial(_generic_load, cls)


def dumper(cls: type) -> Callable[[Any], dict[str, Any]]:
    """The compiled `to_jsonable` of dataclass `cls` (made on first use): a dataclass's JSON is
    an object."""
    found = _dumpers.get(cls)
    if found is None:
        _build(cls)
        found = _dumpers[cls]
    return found


def loader(cls: type[T]) -> Callable[[Any], T]:
    """The compiled `from_jsonable(cls, ·)` of dataclass `cls` (made on first use)."""
    found = _loaders.get(cls)
    if found is None:
        _build(cls)
        found = _loaders[cls]
    return found


# ---------------------------------------------------------------------- the kinds of hints
def _union_inner(tp: Any) -> list[Any] | None:
    """The non-None members of a union hint, or None when `tp` is not a union."""
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return [a for a in typing.get_args(tp) if a is not type(None)]
    return None


def _is_dataclass_type(tp: Any) -> bool:
    return isinstance(tp, type) and dataclasses.is_dataclass(tp)


def _passes_on_load(tp: Any) -> bool:
    """Whether `from_jsonable(tp, x)` is `x` itself (nothing to convert, nothing copied)."""
    inner = _union_inner(tp)
    if inner is not None:
        return len(inner) != 1 or _passes_on_load(inner[0])
    if _is_dataclass_type(tp):
        return False
    return typing.get_origin(tp) not in (list, set, frozenset, tuple, dict)


def _atomic(tp: Any) -> bool:
    """Whether a value of hint `tp` is a JSON scalar (`to_jsonable` gives it back as it is)."""
    if tp in _ATOMS or tp is None:
        return True
    inner = _union_inner(tp)
    if inner is not None:
        return all(_atomic(a) for a in inner)
    return typing.get_origin(tp) is typing.Literal


class _Compiler:
    """Writes the source of the converters of a dataclass and of every dataclass its fields
    name, compiles it in one go and publishes the functions (under the module's lock)."""

    def __init__(self) -> None:
        self.ns: dict[str, Any] = {"_plain": plain, "_mismatch": _mismatch, "_generic_load": _generic_load}
        self.names: dict[type, str] = {}
        self.pending: list[type] = []
        self.sources: list[str] = []
        self.n = 0

    def _name(self, cls: type) -> str:
        """The suffix of `cls`'s functions in the generated source (queued for compiling)."""
        if cls not in self.names:
            self.names[cls] = f"{cls.__name__}_{len(self.names)}"
            self.ns[f"C_{self.names[cls]}"] = cls
            if cls not in _dumpers:
                self.pending.append(cls)
            else:
                self.ns[f"D_{self.names[cls]}"] = _dumpers[cls]
                self.ns[f"L_{self.names[cls]}"] = _loaders[cls]
        return self.names[cls]

    def _const(self, value: Any) -> str:
        self.n += 1
        name = f"K_{self.n}"
        self.ns[name] = value
        return name

    def build(self, cls: type) -> None:
        self._name(cls)
        built: list[type] = []
        while self.pending:
            current = self.pending.pop()
            self._write(current)
            built.append(current)
        exec(compile("\n".join(self.sources), f"<snapshot converters of {cls.__qualname__}>", "exec"), self.ns)
        for done in built:
            _dumpers[done] = self.ns[f"D_{self.names[done]}"]
            _loaders[done] = self.ns[f"L_{self.names[done]}"]

    # ------------------------------------------------------------------ to JSON
    def dump(self, tp: Any, v: str, depth: int) -> str:
        """An expression turning the value in variable `v`, of hint `tp`, into JSON-ready data."""
        if _atomic(tp):
            return v
        inner = _union_inner(tp)
        if inner is not None:
            return self.dump(inner[0], v, depth) if len(inner) == 1 else f"_plain({v})"
        if _is_dataclass_type(tp):
            name = self._name(tp)
            return f"(D_{name}({v}) if {v}.__class__ is C_{name} else _plain({v}))"
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        x = f"x{depth}"
        if origin in (list, set, frozenset) or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
            items = f"sorted({v})" if origin in (set, frozenset) else v
            elem = args[0] if args else Any
            if _atomic(elem):
                body = items if origin in (set, frozenset) else f"list({v})"
            else:
                body = f"[{self.dump(elem, x, depth + 1)} for {x} in {items}]"
            return f"(None if {v} is None else {body})"
        if origin is tuple and args and all(_atomic(a) for a in args):
            return f"(None if {v} is None else list({v}))"
        if origin is dict:
            key_t, val_t = args if args else (Any, Any)
            key = "k" + str(depth)
            key_expr = key if key_t is str else f"({key} if {key}.__class__ is str else str({key}))"
            if key_t is str and _atomic(val_t):
                return f"(None if {v} is None else dict({v}))"
            return (f"(None if {v} is None else {{{key_expr}: {self.dump(val_t, x, depth + 1)}"
                    f" for {key}, {x} in {v}.items()}})")
        return f"_plain({v})"

    # ------------------------------------------------------------------ from JSON
    def load(self, tp: Any, v: str, depth: int) -> str:
        """An expression reading the JSON data in variable `v` as hint `tp` (`from_jsonable`)."""
        if _passes_on_load(tp):
            return v
        inner = _union_inner(tp)
        if inner is not None:
            return self.load(inner[0], v, depth)
        if _is_dataclass_type(tp):
            return f"L_{self._name(tp)}({v})"
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        x = f"x{depth}"
        if origin in (list, set, frozenset) or (origin is tuple and len(args) == 2 and args[1] is Ellipsis) or (
                origin is tuple and not args):
            elem = args[0] if args else Any
            make = {list: "list", set: "set", frozenset: "frozenset", tuple: "tuple"}[origin]
            if _passes_on_load(elem):
                body = f"{make}({v})"
            elif origin is list:
                body = f"[{self.load(elem, x, depth + 1)} for {x} in {v}]"
            else:
                body = f"{make}({self.load(elem, x, depth + 1)} for {x} in {v})"
            return f"(None if {v} is None else {body})"
        if origin is tuple:
            if all(_passes_on_load(a) for a in args):
                n = len(args)
                return f"(None if {v} is None else tuple({v}) if len({v}) == {n} else _mismatch({v}, {n}))"
            return f"_generic_load({self._const(tp)}, {v})"
        if origin is dict:
            key_t, val_t = args if args else (Any, Any)
            key = "k" + str(depth)
            key_expr = f"int({key})" if key_t is int else key
            if key_t is not int and _passes_on_load(val_t):
                return f"(None if {v} is None else dict({v}))"
            return (f"(None if {v} is None else {{{key_expr}: {self.load(val_t, x, depth + 1)}"
                    f" for {key}, {x} in {v}.items()}})")
        return v  # pragma: no cover (every other hint passes on load)

    # ------------------------------------------------------------------ one dataclass
    def _write(self, cls: type) -> None:
        from rules.core import _hints

        name = self._name(cls)
        hints = _hints(cls)
        fields = dataclasses.fields(cls)
        dump_lines, items = [], []
        for i, f in enumerate(fields):
            expr = self.dump(hints[f.name], f"v{i}", 0)
            if expr == f"v{i}":
                items.append(f"{f.name!r}: o.{f.name}")
            else:
                dump_lines.append(f"    v{i} = o.{f.name}")
                items.append(f"{f.name!r}: {expr}")
        self.sources.append("\n".join([f"def D_{name}(o):", *dump_lines, f"    return {{{', '.join(items)}}}", ""]))

        init = [f for f in fields if f.init]
        fast, slow, kwargs = [], [], []
        for i, f in enumerate(init):
            expr = self.load(hints[f.name], f"v{i}", 0)
            fast.append(f"        v{i} = d[{f.name!r}]")
            if expr != f"v{i}":
                fast.append(f"        v{i} = {expr}")
            kwargs.append(f"{f.name}=v{i}")
            slow.append(f"    if {f.name!r} in d:\n        v{i} = d[{f.name!r}]\n        kw[{f.name!r}] = {expr}")
        self.sources.append("\n".join([
            f"def L_{name}(d):",
            "    if d is None:",
            "        return None",
            "    try:",
            *(fast or ["        pass"]),
            "    except KeyError:",
            f"        return S_{name}(d)",
            f"    return C_{name}({', '.join(kwargs)})",
            "",
            f"def S_{name}(d):",
            "    kw = {}",
            *slow,
            f"    return C_{name}(**kw)",
            "",
        ]))



# ---------------------------------------------------------------------- the stored form
_NO_DEFAULT: Any = object()


def _nested(tp: Any) -> Converter | None:
    """How `compact` goes into a value of hint `tp`: a dataclass (or None), a list, tuple or set of
    them, a dict of them; None for anything else (kept as it is)."""
    inner = _union_inner(tp)
    if inner is not None:
        return _nested(inner[0]) if len(inner) == 1 else None
    if _is_dataclass_type(tp):
        return compacter(tp)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (list, set, frozenset) or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        item = _nested(args[0]) if args else None
        return None if item is None else functools.partial(_each, item)
    if origin is dict and len(args) == 2:
        value = _nested(args[1])
        return None if value is None else functools.partial(_each_value, value)
    return None


def _each(item: Converter, v: Any) -> Any:
    return None if v is None else [item(x) for x in v]


def _each_value(value: Converter, v: Any) -> Any:
    return None if v is None else {k: value(x) for k, x in v.items()}


_compacters: dict[type, Converter] = {}


def compacter(cls: type) -> Converter:
    """`compact` for the JSON of dataclass `cls` (made on first use)."""
    found = _compacters.get(cls)
    if found is not None:
        return found
    with _lock:
        from rules.core import _hints, to_jsonable

        plan: list[tuple[str, Any, Converter | None]] = []

        def made(d: Any) -> Any:
            if d is None:
                return None
            out = {}
            for name, default, nested in plan:
                if name not in d:
                    continue
                v = d[name]
                if default is not _NO_DEFAULT and v.__class__ is default.__class__ and v == default:
                    continue
                out[name] = nested(v) if nested is not None and v is not None else v
            return out

        _compacters[cls] = made  # before its fields: a dataclass that holds its own kind
        hints = _hints(cls)
        for f in dataclasses.fields(cls):
            if not f.init:  # never read back: left out
                continue
            if f.default is not dataclasses.MISSING:
                default = to_jsonable(f.default)
            elif f.default_factory is not dataclasses.MISSING:
                default = to_jsonable(f.default_factory())
            else:
                default = _NO_DEFAULT
            plan.append((f.name, default, _nested(hints[f.name])))
        return made


def compact(cls: type, data: dict[str, Any]) -> dict[str, Any]:
    """The JSON of a `cls` dataclass (`dumper(cls)`'s) without the fields at their defaults, and
    the same within every dataclass it holds (by the fields' type hints): what `loader(cls)` reads
    back to the same object (a field left out takes its default), in fewer bytes. A field not read
    back (`init=False`) is left out too; one without a default is always kept."""
    return typing.cast(dict[str, Any], compacter(cls)(data))
