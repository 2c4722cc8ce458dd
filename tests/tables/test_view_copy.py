"""`view_copy`: the copy of a view a picture is drawn from once the table's lock is let go."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from gavel.tables.images import start_view, view_copy
from rules import registry

atoms = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5)
views = st.recursive(
    atoms,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3) | st.integers(), inner, max_size=4)
    | st.tuples(inner, inner) | st.frozensets(atoms, max_size=3),
    max_leaves=30)


def mutables(value: Any) -> list[Any]:
    """Every mutable container inside `value` (itself included)."""
    found: list[Any] = []
    if isinstance(value, (dict, list, set)):
        found.append(value)
    items: Any = ()
    if isinstance(value, dict):
        items = value.values()
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = value
    for item in items:
        found += mutables(item)
    return found


@given(views)
def test_a_copy_equals_the_view_and_shares_no_mutable_part(view: Any) -> None:
    copied = view_copy(view)
    assert copied == view
    assert copied == copy.deepcopy(view)
    theirs = {id(m) for m in mutables(view)}
    assert not theirs & {id(m) for m in mutables(copied)}


def test_every_game_view_is_copied_whole() -> None:
    for key in registry.plugins():
        view = start_view(key)
        copied = view_copy(view)
        assert copied == view, key
        for part in mutables(copied):
            part_kind = type(part)
            assert part_kind in (dict, list, set), (key, part_kind)
        # a change to the table's view after the copy is not in the copy
        view["__changed__"] = True
        assert "__changed__" not in copied


class Opaque:
    def __init__(self) -> None:
        self.parts = [1, 2]


def test_other_objects_are_deep_copied() -> None:
    thing = Opaque()
    copied = view_copy({"x": [thing]})
    assert copied["x"][0] is not thing
    assert copied["x"][0].parts == [1, 2] and copied["x"][0].parts is not thing.parts
