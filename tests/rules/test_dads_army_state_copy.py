"""A Dad's Army state's deep copy (`DadsArmyState.__deepcopy__`, through its JSON and back: what
`undoable` tries an action on): equal to the original, sharing no list, dict or man with it, and
a whole game played on copies leaves each original as it was."""

from __future__ import annotations

import copy
import dataclasses
import json
import random

from rules import registry
from rules.core import SeededChance


def _parts(value: object) -> list[object]:
    """The lists, dicts and dataclass objects inside `value` (itself included)."""
    found: list[object] = []
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        found.append(value)
        for f in dataclasses.fields(value):
            found += _parts(getattr(value, f.name))
    elif isinstance(value, dict):
        found.append(value)
        for item in value.values():
            found += _parts(item)
    elif isinstance(value, list):
        found.append(value)
        for item in value:
            found += _parts(item)
    return found


def test_a_copy_is_equal_and_shares_nothing_that_changes() -> None:
    game = registry.plugin("dads_army").game
    for seed in (3, 4):
        state = game.new_game({}, 4, SeededChance(seed))
        rng = random.Random(seed)
        for step in range(250):
            if game.outcome(state) is not None:
                break
            twin = copy.deepcopy(state)
            assert type(twin) is type(state) and twin == state
            assert not {id(p) for p in _parts(state)} & {id(p) for p in _parts(twin)}
            seat = min(game.to_act(state))
            action = rng.choice(game.legal_actions(state, seat))
            before = json.dumps(state.to_json(), sort_keys=True)
            game.apply(twin, seat, action, SeededChance(f"c:{step}"))  # played on the copy...
            assert json.dumps(state.to_json(), sort_keys=True) == before  # ...the original is as it was
            game.apply(state, seat, action, SeededChance(f"c:{step}"))
            assert twin == state
