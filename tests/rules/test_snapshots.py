"""Snapshots: the converters compiled per dataclass (`rules.convert`, behind `State.to_json` and
`State.from_json`) give exactly what the generic `to_jsonable` / `from_jsonable` give, for every
game's state: states saved by the generic code before the converters existed
(tests/rules/snapshots/<game>.json, written by `python bench/positions.py tests/rules/snapshots`),
states met in play, and random values of every field's type (hypothesis). The stored form
(`State.to_snapshot`, `rules.convert.compact`: the fields at their defaults left out) reads back
to the same state."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.positions import positions
from rules import registry
from rules.convert import compact, dumper, loader, plain
from rules.core import State, _hints, from_jsonable, to_jsonable

SAVED = Path(__file__).resolve().parent / "snapshots"
SHIPPED = sorted(path.stem for path in SAVED.glob("*.json"))
"""The games whose states were saved before the converters existed (the four Gavel ships)."""


def state_types() -> dict[str, type[State]]:
    """Every installed game's state class (the test plug-in's too)."""
    return {key: plugin.game.state_type for key, plugin in sorted(registry.plugins().items())}


def same_json(a: Any, b: Any) -> bool:
    """Equal as JSON text, keys in the same order (the format is unchanged, not merely equal)."""
    return json.dumps(a, ensure_ascii=False) == json.dumps(b, ensure_ascii=False)


# ---------------------------------------------------------------------- states saved before
@pytest.mark.parametrize("key", SHIPPED)
def test_states_saved_by_the_generic_code_load_as_they_did(key: str) -> None:
    saved = json.loads((SAVED / f"{key}.json").read_text())
    assert len(saved) >= 4
    game = registry.plugin(key).game
    for data in saved:
        state = game.load(data)
        assert state == from_jsonable(game.state_type, data)
        assert state.to_json() == data
        assert same_json(state.to_json(), to_jsonable(state))


def test_a_saved_state_is_kept_for_every_game_gavel_ships() -> None:
    assert len(SHIPPED) >= 4 and set(SHIPPED) <= set(registry.plugins())


@pytest.mark.parametrize("key", sorted(state_types()))
def test_states_met_in_play_convert_as_the_generic_code_converts_them(key: str) -> None:
    game = registry.plugin(key).game
    for state in positions(game, seed=7, steps=(0, 5, 25, 60, 110)):
        data = state.to_json()
        assert same_json(data, to_jsonable(state))
        text = json.loads(json.dumps(data))
        assert game.load(text) == from_jsonable(game.state_type, text) == state


@pytest.mark.parametrize("key", sorted(state_types()))
def test_the_stored_form_of_states_met_in_play_reads_back_to_the_same_state(key: str) -> None:
    game = registry.plugin(key).game
    for state in positions(game, seed=7, steps=(0, 5, 25, 60, 110)):
        stored = json.loads(json.dumps(state.to_snapshot()))
        again = game.load(stored)
        assert again == state and same_json(again.to_json(), state.to_json())


@pytest.mark.parametrize("key", SHIPPED)
def test_the_stored_form_is_smaller_for_every_game_gavel_ships(key: str) -> None:
    game = registry.plugin(key).game
    for data in json.loads((SAVED / f"{key}.json").read_text()):
        state = game.load(data)
        stored = state.to_snapshot()
        assert len(json.dumps(stored)) < len(json.dumps(data))
        assert game.load(stored) == state


# ---------------------------------------------------------------------- random values of every type
def json_values() -> st.SearchStrategy[Any]:
    """What an `Any` field holds: JSON-ready data, with tuples where lists may be."""
    scalars = st.none() | st.booleans() | st.integers() | st.text(max_size=4)
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner)
                        | st.dictionaries(st.text(max_size=3), inner, max_size=3), max_leaves=8)


_STRATEGIES: dict[Any, st.SearchStrategy[Any]] = {}


def of_type(tp: Any) -> st.SearchStrategy[Any]:
    """Values of a type hint, as a state holds them (a dataclass built field by field)."""
    if tp is int:
        return st.integers(-5, 10**6)
    if tp is str:
        return st.text(max_size=5)
    if tp is bool:
        return st.booleans()
    if tp is float:
        return st.floats(allow_nan=False, allow_infinity=False)
    if tp is type(None):
        return st.none()
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return st.one_of(*(of_type(a) for a in args))
    if origin is typing.Literal:
        return st.sampled_from(args)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if tp not in _STRATEGIES:
            _STRATEGIES[tp] = st.deferred(lambda: _dataclass(tp))
        return _STRATEGIES[tp]
    if origin is list:
        return st.lists(of_type(args[0] if args else Any), max_size=3)
    if origin in (set, frozenset):
        return st.sets(of_type(args[0]), max_size=3).map(origin)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(of_type(args[0]), max_size=3).map(tuple)
        return st.tuples(*(of_type(a) for a in args))
    if origin is dict:
        key_t, val_t = args if args else (str, Any)
        return st.dictionaries(of_type(key_t), of_type(val_t), max_size=3)
    return json_values()


def _dataclass(cls: type) -> st.SearchStrategy[Any]:
    hints = _hints(cls)
    fields = [f for f in dataclasses.fields(cls) if f.init]
    # a recursive field (a window interrupting a window) is None half of the time, so values end
    return st.builds(cls, **{f.name: (st.none() | of_type(hints[f.name])) if _recursive(cls, hints[f.name])
                             else of_type(hints[f.name]) for f in fields})


def _recursive(cls: type, tp: Any) -> bool:
    return cls in typing.get_args(tp) or tp is cls


def check_both_ways(tp: type, value: Any) -> None:
    """The compiled converters of `tp` give the generic functions' results for `value`."""
    data = dumper(tp)(value)
    assert same_json(data, to_jsonable(value))
    text = json.loads(json.dumps(data))
    assert loader(tp)(text) == from_jsonable(tp, text)


WHOLE_STATES = 12
"""Random whole states drawn per game (and per test): each fills every field of the game's state and,
in the lists and options that are not empty, of the classes inside it, so a dozen run the game's
compiled converters over and over; the values of each kind of field are searched further, 60 at a
time, by the per-kind property test below."""


@pytest.mark.parametrize("key", sorted(state_types()))
@settings(max_examples=WHOLE_STATES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_random_states_of_every_game_convert_as_the_generic_code_converts_them(key: str, data: st.DataObject) -> None:
    tp = state_types()[key]
    check_both_ways(tp, data.draw(of_type(tp)))


@pytest.mark.parametrize("key", sorted(state_types()))
@settings(max_examples=WHOLE_STATES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_saved_states_missing_fields_or_with_extra_ones_load_as_before(key: str, data: st.DataObject) -> None:
    """A state saved before a field was added lacks it (its default applies); one saved by a newer
    Gavel may carry a field this one does not know (ignored); a field may be saved as null."""
    tp = state_types()[key]
    saved = json.loads(json.dumps(to_jsonable(data.draw(of_type(tp)))))
    names = sorted(saved)
    dropped = data.draw(st.lists(st.sampled_from(names), max_size=4, unique=True))
    nulled = data.draw(st.lists(st.sampled_from(names), max_size=2, unique=True))
    for name in dropped:
        del saved[name]
    for name in nulled:
        saved[name] = None
    saved["field_from_the_future"] = [1, 2]
    assert loader(tp)(saved) == from_jsonable(tp, saved)


@pytest.mark.parametrize("key", sorted(state_types()))
@settings(max_examples=WHOLE_STATES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_the_stored_form_of_random_states_reads_back_to_the_same_state(key: str, data: st.DataObject) -> None:
    tp = state_types()[key]
    full = json.loads(json.dumps(dumper(tp)(data.draw(of_type(tp)))))
    stored = json.loads(json.dumps(compact(tp, full)))
    assert same_json(dumper(tp)(loader(tp)(stored)), dumper(tp)(loader(tp)(full)))


# ---------------------------------------------------------------------- every kind of field
@dataclass(frozen=True)
class Leaf:
    name: str
    at: tuple[int, int] = (0, 0)


@dataclass
class Node:
    """Every kind of hint the generic functions know, a recursive field and one not in __init__."""

    leaves: list[Leaf] = field(default_factory=list)
    tags: set[str] = field(default_factory=set)
    frozen: frozenset[int] = frozenset()
    pair: tuple[int, str] = (0, "")
    mixed: tuple[Leaf, int] | None = None
    many: tuple[int, ...] = ()
    bare: tuple = ()  # type: ignore[type-arg]
    by_seat: dict[int, Leaf] = field(default_factory=dict)
    nested: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    maybe: Leaf | None = None
    either: int | str = 0
    free: Any = None
    child: Node | None = None
    derived: int = field(default=0, init=False)


def test_every_kind_of_field_converts_as_the_generic_code_converts_it() -> None:
    node = Node([Leaf("a", (1, 2))], {"b", "a"}, frozenset({3, 1}), (4, "x"), (Leaf("m"), 5), (1, 2, 3), (1, "y"),
                {2: Leaf("c")}, {"k": [(1, 2)]}, None, "s", {"free": (1, [Leaf("d")])},
                Node(maybe=Leaf("e"), tags={"z"}))
    node.derived = 9
    check_both_ways(Node, node)
    data = dumper(Node)(node)
    assert data["tags"] == ["a", "b"] and data["by_seat"] == {"2": {"name": "c", "at": [0, 0]}}
    assert data["free"] == {"free": [1, [{"name": "d", "at": [0, 0]}]]} and data["derived"] == 9
    back = loader(Node)(json.loads(json.dumps(data)))
    assert back.child is not None and back.child.maybe == Leaf("e") and back.pair == (4, "x")
    assert back.derived == 0  # not in __init__: made afresh, as the generic load does


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(node=of_type(Node))
def test_random_values_of_every_kind_of_field_convert_as_the_generic_code_converts_them(node: Node) -> None:
    check_both_ways(Node, node)


@dataclass
class Flags:
    on: bool = True
    n: int = 0
    leaf: Leaf = field(default_factory=lambda: Leaf("root"))


def test_the_stored_form_leaves_out_only_the_fields_at_their_defaults() -> None:
    node = Node([Leaf("a"), Leaf("b", (1, 2))], bare=(1,), by_seat={2: Leaf("c", (0, 1))},
                child=Node(maybe=Leaf("e")))
    node.derived = 9
    stored = compact(Node, dumper(Node)(node))
    assert stored == {"leaves": [{"name": "a"}, {"name": "b", "at": [1, 2]}], "bare": [1],
                      "by_seat": {"2": {"name": "c", "at": [0, 1]}},
                      "child": {"maybe": {"name": "e"}}}  # `derived` is not read back: left out
    back, full = loader(Node)(json.loads(json.dumps(stored))), loader(Node)(json.loads(json.dumps(dumper(Node)(node))))
    assert same_json(dumper(Node)(back), dumper(Node)(full)) and back.leaves == node.leaves
    assert compact(Flags, dumper(Flags)(Flags(on=False))) == {"on": False}  # a default of True: false is said
    assert compact(Flags, dumper(Flags)(Flags(leaf=Leaf("other")))) == {"leaf": {"name": "other"}}
    assert compact(Flags, {"on": True, "n": False, "leaf": {"name": "root", "at": [0, 0]}}) == {"n": False}
    assert loader(Flags)(compact(Flags, dumper(Flags)(Flags()))) == Flags()


def test_a_fixed_tuple_of_another_length_is_refused_as_before() -> None:
    data = dumper(Node)(Node())
    data["pair"] = [1, "a", 2]
    with pytest.raises(ValueError):
        from_jsonable(Node, data)
    with pytest.raises(ValueError):
        loader(Node)(data)


def test_a_value_of_no_declared_type_converts_by_what_it_is() -> None:
    values = [{1: (2, {3})}, [Leaf("q")], (None, True, 1.5), {"a": frozenset({"b"})}, Node(bare=(1,))]
    for value in values:
        assert same_json(plain(value), to_jsonable(value))


def test_a_class_whose_hints_cannot_be_read_keeps_the_generic_conversions() -> None:
    @dataclass
    class Local:
        inner: Hidden | None = None  # noqa: F821 (a name the hints cannot resolve)
        n: int = 1

    value = Local(None, 3)
    assert dumper(Local)(value) == to_jsonable(value) == {"inner": None, "n": 3}
    with pytest.raises(NameError):
        from_jsonable(Local, {"n": 3})
    with pytest.raises(NameError):
        loader(Local)({"n": 3})
